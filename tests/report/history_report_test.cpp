// A rule's history across editions. Expected articles and values are the texts': the default time of a late
// arrival is one hour in JCA 1997 6.6 and FIDE 2001 6.7, zero in FIDE 2009 6.6a (seed 001); the incorrect claim is
// 9.5b in both FIDE editions, 2001 cutting the claimant's clock (at most 3 minutes), 2009 not.
#include "report/history_report.h"

#include <boost/test/unit_test.hpp>

namespace history_report_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;
using namespace arbiter::report;

namespace {

const Library& bundled() {
    static const Library library = Library::open(std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets");
    return library;
}

std::vector<const Rulebook*> books(std::initializer_list<const char*> ids, const Library& library = bundled()) {
    std::vector<const Rulebook*> out;
    for (const char* id : ids) out.push_back(library.find(id));
    return out;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const HistoryChange* change(const HistoryEdition& e, const std::string& field) {
    for (const auto& c : e.changes)
        if (c.field == field) return &c;
    return nullptr;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_rule_across_editions)

BOOST_AUTO_TEST_CASE(the_default_time_goes_from_one_hour_to_zero) {
    const auto h = rule_history("clock.late_arrival", books({"jca-1997", "fide-2001", "fide-2009"}), bundled().registry(), Lang::en);
    BOOST_REQUIRE(h.topics.size() == 1u);
    const auto& e = h.topics[0].editions;
    BOOST_REQUIRE(e.size() == 3u);
    BOOST_TEST(e[0].first);
    BOOST_TEST(e[0].rule->article == "6.6");
    BOOST_TEST(e[1].rule->article == "6.7");
    BOOST_TEST(e[2].rule->article == "6.6a");
    // 1997 -> 2001: one hour both; 2001 -> 2009: one hour to zero.
    BOOST_TEST(!change(e[1], "params.default_time"));
    const HistoryChange* time = change(e[2], "params.default_time");
    BOOST_REQUIRE(time);
    BOOST_TEST(time->before == "1h");
    BOOST_TEST(time->after == "0s");
    BOOST_TEST((e[2].weight == DiffWeight::substantive));
    const std::string text = history_text(h, Lang::en);
    BOOST_TEST(has(text, "value default_time: 1h → 0s"));
    const auto ja = rule_history("clock.late_arrival", books({"jca-1997", "fide-2001", "fide-2009"}), bundled().registry(), Lang::ja);
    // The parameter under the registry's Japanese words for it (topics.yaml default_time); Markdown keeps it whole.
    BOOST_TEST(has(history_markdown(ja, Lang::ja), "これを超えて遅刻すると負けとなる時間：1時間 → 0秒"));
}

BOOST_AUTO_TEST_CASE(an_unchanged_edition_says_so_and_a_group_takes_every_topic) {
    // draw.offer: 2001 9.1a, 2009 9.1b. A group names every draw.* topic in article order of the first rulebook.
    const auto h = rule_history("draw", books({"fide-2001", "fide-2009", "fide-2009"}), bundled().registry(), Lang::en);
    BOOST_TEST(h.topics.size() >= 5u);
    for (const auto& t : h.topics) {
        BOOST_TEST(t.topic.rfind("draw.", 0) == 0u);
        BOOST_TEST(!t.editions[2].changed);  // the same rulebook twice
    }
    BOOST_TEST(has(history_text(h, Lang::en), "as in fide-2009"));
    // Chapter 9 of 2001 holds draw.offer (9.1a) before draw.repetition (9.2).
    const auto chapter = history_topics("9", books({"fide-2001", "fide-2009"}));
    const auto at = [&](const std::string& t) { return std::find(chapter.begin(), chapter.end(), t) - chapter.begin(); };
    BOOST_TEST(at("draw.offer") < at("draw.repetition"));
    BOOST_TEST(history_topics("nosuch", books({"fide-2001"})).empty());
}

BOOST_AUTO_TEST_CASE(every_format_names_each_edition) {
    const auto h = rule_history("draw.incorrect_claim", books({"jca-1997", "fide-2001", "fide-2009"}), bundled().registry(), Lang::en);
    const nlohmann::json j = history_json(h, Lang::en);
    BOOST_REQUIRE(j["topics"][0]["editions"].size() == 3u);
    BOOST_TEST(j["topics"][0]["editions"][1]["article"] == "9.5b");
    BOOST_TEST(j["topics"][0]["editions"][2]["article"] == "9.5b");
    BOOST_TEST(j["topics"][0]["editions"][2]["changed"] == true);
    BOOST_TEST(j["topics"][0]["editions"][0]["changed"].is_null());
    const std::string md = history_markdown(h, Lang::ja);
    BOOST_TEST(has(md, "## draw.incorrect_claim\n\n| 版・条 | 規定 | 前の版からの変更 |"));
    const std::string html = history_html(h, Lang::en);
    BOOST_TEST(html.rfind("<!DOCTYPE html>", 0) == 0u);
    BOOST_TEST(has(html, "<col style=\"width:20%\"><col style=\"width:45%\"><col style=\"width:35%\">"));
    BOOST_TEST(has(html, "<thead>"));
}

// Any rulebooks, not only the bundled ones: the extension example (tests/data/extension) adds draw.automatic at
// 9.6 with five occurrences and 75 moves, a topic neither FIDE edition has.
BOOST_AUTO_TEST_CASE(a_rulebook_from_another_folder_takes_its_place_in_the_history) {
    const Library library = Library::open(std::vector<std::filesystem::path>{
        std::filesystem::path(ARBITER_SOURCE_DIR) / "tests/data/extension", std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets"});
    const auto h = rule_history("draw.automatic", books({"fide-2001", "fide-2009", "automatic-draws-example"}, library),
                                library.registry(), Lang::en);
    BOOST_REQUIRE(h.topics.size() == 1u);
    const auto& e = h.topics[0].editions;
    BOOST_TEST(!e[0].rule);
    BOOST_TEST(!e[1].rule);
    BOOST_TEST(!e[1].changed);
    BOOST_REQUIRE(e[2].rule);
    BOOST_TEST(e[2].rule->article == "9.6");
    BOOST_TEST(e[2].changed);
    const std::string text = history_text(h, Lang::en);
    BOOST_TEST(has(text, "from fide-2009: the rule was added"));
    BOOST_TEST(has(text, "occurrences = 5"));
    BOOST_TEST(has(text, "moves = 75"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace history_report_test
