// The regulations sheet: the event's time control in words, its own settings in place of the rulebook's,
// each rule with its article, in English and Japanese, as Markdown and as one self-contained HTML page.
// Articles expected: FIDE 2009 6.6a (late arrival), 9.1a (draw agreement), 7.4b (illegal moves), 12.3b
// (phones), 10.2 (quickplay finish, the arbiter decides); rulesets/chess/fide-2009.yaml.
#include "report/sheet_event.h"
#include "report/sheet_fixture.h"

#include <boost/test/unit_test.hpp>

namespace sheet_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;
using namespace arbiter::report;

namespace {

using arbiter::test::bundled;
using arbiter::test::has;
using arbiter::test::sheet_of;

const SheetItem* item(const Sheet& sheet, const std::string& topic) {
    for (const auto& s : sheet.sections)
        for (const auto& i : s.items)
            if (i.topic == topic) return &i;
    return nullptr;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(the_sheet_states_each_rule_with_its_article)

BOOST_AUTO_TEST_CASE(time_controls_in_words) {
    auto words = [](const char* pgn, Lang lang) {
        return time_control_in_words(*arbiter::clock::parse_pgn_time_control(pgn), lang);
    };
    BOOST_TEST(words("5400+30", Lang::en) == "1h30min for the game; 30s added after every move from move 1");
    BOOST_TEST(words("40/5400:1800", Lang::en) == "40 moves in 1h30min, then 30min for the rest of the game");
    BOOST_TEST(words("5400+30", Lang::ja) == "全局1時間30分、第1手から1手ごとに30秒加算");
    BOOST_TEST(words("*60", Lang::en) == "hourglass, 1min each");
}

BOOST_AUTO_TEST_CASE(the_events_settings_replace_the_rulebooks) {
    const Sheet sheet = sheet_of("fide2009-club.yaml", Lang::en);
    const SheetItem* late = item(sheet, "clock.late_arrival");
    BOOST_REQUIRE(late);
    BOOST_TEST(late->article == "6.6a");
    bool thirty = false;
    for (const auto& line : late->lines) thirty = thirty || (has(line, "This event:") && has(line, "= 30min") && has(line, "value is 0s"));
    BOOST_TEST(thirty);
    const SheetItem* agreement = item(sheet, "draw.agreement");
    BOOST_REQUIRE(agreement);
    BOOST_TEST(agreement->article == "9.1a");
    BOOST_REQUIRE(item(sheet, "move.illegal"));
    BOOST_TEST(item(sheet, "move.illegal")->article == "7.4b");
    BOOST_REQUIRE(item(sheet, "conduct.phone"));
    BOOST_TEST(item(sheet, "conduct.phone")->article == "12.3b");
    bool control = false;
    for (const auto& [label, value] : sheet.facts)
        control = control || (label == "Time control" && value == "1h30min for the game; 30s added after every move from move 1");
    BOOST_TEST(control);
}

BOOST_AUTO_TEST_CASE(the_arbiters_decisions_have_their_own_section) {
    const Sheet sheet = sheet_of("fide2009-club.yaml", Lang::en);
    const SheetSection& last = sheet.sections.back();
    BOOST_TEST(last.heading == "What the arbiter decides");
    bool quickplay = false;
    for (const auto& i : last.items) quickplay = quickplay || (i.topic == "draw.quickplay_finish" && i.article == "10.2");
    BOOST_TEST(quickplay);
}

BOOST_AUTO_TEST_CASE(markdown_in_both_languages) {
    const std::string en = sheet_markdown(sheet_of("fide2009-club.yaml", Lang::en));
    BOOST_TEST(en.rfind("# Club Open 2026\n", 0) == 0);
    BOOST_TEST(has(en, "### 6.6a "));
    BOOST_TEST(has(en, "## Draws"));
    const std::string ja = sheet_markdown(sheet_of("fide2009-club.yaml", Lang::ja));
    BOOST_TEST(ja.rfind("# クラブオープン2026\n", 0) == 0);
    BOOST_TEST(has(ja, "## 引き分け"));
    BOOST_TEST(has(ja, "本大会: "));
    BOOST_TEST(has(ja, "| 持ち時間 | 全局1時間30分、第1手から1手ごとに30秒加算 |"));
}

BOOST_AUTO_TEST_CASE(html_is_a_self_contained_printable_page) {
    const std::string html = sheet_html(sheet_of("fide2009-club.yaml", Lang::ja));
    BOOST_TEST(html.rfind("<!DOCTYPE html>", 0) == 0);
    BOOST_TEST(has(html, "<html lang=\"ja\">"));
    BOOST_TEST(has(html, "@page { size: A4"));
    BOOST_TEST(has(html, "@media print"));
    BOOST_TEST(!has(html, "<script"));
    BOOST_TEST(!has(html, "http://"));
    BOOST_TEST(!has(html, "https://"));
    BOOST_TEST(has(html, "<span class=\"article\">9.1a</span>"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace sheet_test
