// The diff a committee reads: an overview by chapter in article order (not alphabetical), one line per topic with
// its articles and gist, text that fits a given width with Japanese counted double, bold only when asked.
// Articles expected are the rule texts': FIDE 2001 6.8b (pressing the clock), 6.10 (flag fall), 6.11 (clock
// malfunction), 6.7 (late arrival, default one hour); FIDE 2009 6.6a (late arrival, default zero) and 8.1 (moves
// may not be written in advance, which 2001 did not say).
#include "report/diff_report.h"
#include "report/text_table.h"

#include <boost/test/unit_test.hpp>

#include <sstream>

namespace diff_overview_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;
using namespace arbiter::report;

namespace {

const Library& bundled() {
    static const Library library = Library::open(std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets");
    return library;
}

RulebookDiff diff_of(std::initializer_list<const char*> ids) {
    std::vector<const Rulebook*> books;
    for (const char* id : ids) books.push_back(bundled().find(id));
    return diff_rulebooks(books);
}

std::size_t at(const std::string& text, const std::string& part) {
    const auto found = text.find(part);
    BOOST_TEST_REQUIRE(found != std::string::npos, "missing: " << part);
    return found;
}

int widest_line(const std::string& text) {
    std::istringstream in(text);
    std::string line;
    int widest = 0;
    while (std::getline(in, line)) widest = std::max(widest, display_width(line));
    return widest;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_diff_opens_with_an_overview_in_article_order)

BOOST_AUTO_TEST_CASE(chapters_and_topics_follow_the_articles_not_the_alphabet) {
    const std::string text = diff_overview_text(diff_of({"fide-2001", "fide-2009"}), Lang::en);
    // Alphabetically "12" sorts before "6"; by article, chapter 6 comes first, then 9, 12, then the appendices.
    BOOST_TEST(at(text, "-- Article 6\n") < at(text, "-- Article 9\n"));
    BOOST_TEST(at(text, "-- Article 9\n") < at(text, "-- Article 12\n"));
    BOOST_TEST(at(text, "-- Article 12\n") < at(text, "-- Appendix A\n"));
    // 6.7 (late arrival) < 6.12 (both flags) as numbers; as strings "6.12" < "6.7".
    BOOST_TEST(at(text, "  clock.late_arrival  6.7 | 6.6a") < at(text, "  clock.both_flags  6.12 | 6.11"));
}

BOOST_AUTO_TEST_CASE(each_topic_has_a_one_line_gist_in_words) {
    const std::string text = diff_overview_text(diff_of({"fide-2001", "fide-2009"}), Lang::en);
    // 2001 6.7: one hour by default; 2009 6.6a: zero. The default time differs, nothing else of substance.
    BOOST_TEST(at(text, "  clock.late_arrival  6.7 | 6.6a: value default_time\n") > at(text, "-- Article 6\n"));
    BOOST_TEST(at(text, "  record.advance_notation  - | 8.1: only in fide-2009\n") > at(text, "-- Article 8\n"));
    const std::string ja = diff_overview_text(diff_of({"fide-2001", "fide-2009"}), Lang::ja);
    BOOST_TEST(at(ja, "  record.advance_notation  - | 8.1：規定があるのは fide-2009 のみ\n") > at(ja, "-- 第8条\n"));
}

// FIDE 2001 6.10 / 2009 6.9 (flag fall) differ only in their cross-references and number; 2001 6.13 / 2009 6.12
// (stopping the clocks) only in the number. Neither is a difference of substance: both are counted in the
// overview's last line and listed after the substantive ones, never in the chapters.
BOOST_AUTO_TEST_CASE(cross_references_and_numbers_are_counted_and_listed_apart) {
    const auto diff = diff_of({"fide-2001", "fide-2009"});
    const std::string overview = diff_overview_text(diff, Lang::en);
    BOOST_TEST(overview.find("clock.flag_fall") == std::string::npos);
    BOOST_TEST(overview.find("clock.stop") == std::string::npos);
    BOOST_TEST(at(overview, "-- Only cross-references or article numbers differ (") > 0u);
    const std::string text = diff_text(diff, Lang::en);
    const auto minor = at(text, "\n== Only cross-references or article numbers differ (");
    BOOST_TEST(at(text, "  clock.flag_fall  6.10 | 6.9: cross-references and article number\n") > minor);
    BOOST_TEST(at(text, "  clock.stop  6.13 | 6.12: article number\n") > minor);
    // Every topic in the main part (before the categories, which compare the rules applying under each) differs in
    // substance.
    const auto categories = at(text, "\n== category ");
    for (const TopicDiff& t : diff.topics) {
        const bool main_part = text.find("\n" + t.topic + "  ") < categories;
        BOOST_TEST_CONTEXT(t.topic) { BOOST_TEST(main_part == (weight_of(t) == DiffWeight::substantive)); }
    }
}

// A committee reads words, not YAML: no cell holds a flow map, an arrow or a `param:` reference. FIDE 2009 5.2c
// (read with 9.1a) lets an event set a least number of moves before a draw may be agreed; 2001 has no such case.
BOOST_AUTO_TEST_CASE(cells_are_words_not_yaml) {
    const auto diff = diff_of({"fide-2001", "fide-2009"});
    for (const Lang lang : {Lang::en, Lang::ja}) {
        const std::string text = diff_text(diff, lang, {200, false});
        BOOST_TEST(text.find("{") == std::string::npos);
        BOOST_TEST(text.find(" -> ") == std::string::npos);
        BOOST_TEST(text.find("param:") == std::string::npos);
        BOOST_TEST(text.find("moves_completed_at_least") == std::string::npos);
    }
    BOOST_TEST(at(diff_text(diff, Lang::en, {200, false}), "5.2c: if at least this many moves have been completed: 0 (min_moves), then the game is") > 0u);
}

BOOST_AUTO_TEST_CASE(the_full_text_is_the_overview_then_the_chapters_in_the_same_order) {
    const auto diff = diff_of({"fide-2001", "fide-2009"});
    const std::string text = diff_text(diff, Lang::en);
    BOOST_TEST(text.rfind(diff_overview_text(diff, Lang::en), 0) == 0u);
    const std::string detail = text.substr(diff_overview_text(diff, Lang::en).size());
    BOOST_TEST(at(detail, "\n== Article 6\n") < at(detail, "\nclock.late_arrival "));
    BOOST_TEST(at(detail, "\nclock.late_arrival ") < at(detail, "\nclock.both_flags "));
}

BOOST_AUTO_TEST_CASE(every_line_fits_the_width_with_japanese_counted_double) {
    const auto diff = diff_of({"jca-1997", "fide-2001", "fide-2009"});
    for (const int width : {60, 80, 120}) {
        BOOST_TEST_CONTEXT("width " << width) {
            BOOST_TEST(widest_line(diff_text(diff, Lang::ja, {width, false})) <= width);
            BOOST_TEST(widest_line(diff_text(diff, Lang::en, {width, false})) <= width);
        }
    }
}

BOOST_AUTO_TEST_CASE(bold_headings_only_when_colour_is_asked) {
    const auto diff = diff_of({"fide-2001", "fide-2009"});
    BOOST_TEST(diff_text(diff, Lang::en, {80, false}).find('\x1b') == std::string::npos);
    const std::string coloured = diff_text(diff, Lang::en, {80, true});
    BOOST_TEST(coloured.find("\x1b[1m== Overview") != std::string::npos);
    BOOST_TEST(coloured.find("\x1b[1m-- Article 6\x1b[0m\n") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_table_fits_its_width_and_long_words_break) {
    TextTable table({"topic", "a", "b"});
    table.add_row({"params", "before_claimant_touches_piece and more words here", "持ち時間の切れた側の負けとする"});
    const std::string text = table.render_to_width(30);
    BOOST_TEST(widest_line(text) <= 30);
    const auto lines = wrap("before_claimant_touches_piece", 10);
    BOOST_REQUIRE(lines.size() == 3u);  // 29 characters: 10 + 10 + 9
    BOOST_TEST(lines[0] == "before_cla");
    BOOST_TEST(lines[1] == "imant_touc");
    BOOST_TEST(lines[2] == "hes_piece");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace diff_overview_test
