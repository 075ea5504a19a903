// The extension promise for shogi: a league whose byoyomi comes from its rulebook is a YAML file only
// (tests/data/extension/shogi/shogi-league-byoyomi-example.yaml, over the bundled kyushu-shogi-2006, whose (7) leaves
// main time and byoyomi to each event; the league states 10 minutes then 30 s with the registry's clock.time_control
// main_time and byoyomi). The timelines tests/data/extension-timelines/shogi-league-*.yaml expect, under the example
// and under kyushu-shogi-2006, the values worked in their comments; the events in tests/data/extension-events/ are
// the league's, one of them with another time control, which the league does not let an event set.
#include "cli/extension_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace shogi_league_extension_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::check_extension;
using arbiter::test::extension_timeline;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

nlohmann::json run(const std::string& timeline, const std::string& rulebook, const std::string& more = {}) {
    return arbiter::test::run_extension(timeline, rulebook, more);
}

int flag_rulings(const nlohmann::json& run) {
    int n = 0;
    for (const auto& ruling : run["rulings"]) n += ruling["topic"] == "clock.flag_fall";
    return n;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_shogi_league_byoyomi_in_yaml_only)

BOOST_AUTO_TEST_CASE(every_timeline_is_ruled_as_its_comments_work_it_under_both_rulebooks) {
    check_extension({"shogi-league-byoyomi-runs-out", "shogi-league-main-time-then-byoyomi"},
                    {"shogi-league-byoyomi-example", "kyushu-shogi-2006"});
}

BOOST_AUTO_TEST_CASE(the_byoyomi_runs_out_and_the_game_ends_at_zero_without_a_claim) {
    // shogi-league-byoyomi-runs-out.yaml: gote presses at 0:11:15, sente's 30 s of byoyomi run out at 0:11:45 and
    // Kyushu (7), inherited, ends the game there; sente's move at 0:11:50 comes after the end.
    const auto j = run("shogi-league-byoyomi-runs-out", "shogi-league-byoyomi-example");
    BOOST_TEST(j["result"]["status"] == "ended");
    BOOST_TEST(j["result"]["topic"] == "clock.flag_fall");
    BOOST_TEST(j["result"]["article"] == "(7)");
    BOOST_TEST(j["result"]["score"] == (nlohmann::json{{"sente", 0}, {"gote", 1}}));
    BOOST_REQUIRE(flag_rulings(j) == 1);
    for (const auto& ruling : j["rulings"])
        if (ruling["topic"] == "clock.flag_fall") BOOST_TEST(ruling["at"] == 705000);  // 0:11:45
    BOOST_TEST(j["clocks"]["sente"] == 0);
    BOOST_TEST(j["clocks"]["gote"] == 575000);  // 10:00 less 0:10, 0:05 and 0:10
    // Kyushu itself states no time control, and the event gives none: no clock, no flag.
    const auto k = run("shogi-league-byoyomi-runs-out", "kyushu-shogi-2006");
    BOOST_TEST(k["result"]["status"] == "ongoing");
    BOOST_TEST(flag_rulings(k) == 0);
}

BOOST_AUTO_TEST_CASE(show_names_the_leagues_main_time_and_byoyomi) {
    const auto r = run_arbiter("--rulesets tests/data/extension show shogi-league-byoyomi-example --topic clock.time_control");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "clock.time_control  L-3  (also (7))"), r.out);
    BOOST_TEST(contains(r.out, "main_time = 10min (duration)"), r.out);
    BOOST_TEST(contains(r.out, "byoyomi = 30s (duration)"), r.out);
    const auto ja = run_arbiter("--rulesets tests/data/extension show shogi-league-byoyomi-example --topic clock.time_control --lang ja");
    BOOST_TEST(ja.exit_code == 0);
    BOOST_TEST(contains(ja.out, "各対局者の持ち時間 = 10分"), ja.out);
    BOOST_TEST(contains(ja.out, "持ち時間終了後の一手あたりの秒読み時間 = 30秒"), ja.out);
    // The values are the league's: the Kyushu rule it replaces states none.
    const auto parent = run_arbiter("--rulesets tests/data/extension show kyushu-shogi-2006 --topic clock.time_control");
    BOOST_TEST(parent.exit_code == 0);
    BOOST_TEST(!contains(parent.out, "byoyomi ="), parent.out);
    BOOST_TEST(!contains(parent.out, "main_time ="), parent.out);
}

BOOST_AUTO_TEST_CASE(an_event_of_the_league_may_not_set_another_time_control) {
    // shogi-league-30min.yaml writes "1800": L-3 fixes the league's 10 minutes then 30 s (event_may_set false).
    const auto r = run_arbiter("--rulesets tests/data/extension event check tests/data/extension-events/shogi-league-30min.yaml",
                               Stderr::merge);
    BOOST_TEST(r.exit_code == 1, r.out);
    BOOST_TEST(contains(r.out, "tests/data/extension-events/shogi-league-30min.yaml:8:15: refused: time_control: L-3 fixes the "
                               "time control at {time: 10min, byoyomi: {periods: 1, time: 30s}}; found {time: 30min}"),
               r.out);
    // Kyushu (7) leaves the time control to each event: the same event is valid under it.
    const auto k = run_arbiter(
        "--rulesets tests/data/extension event check tests/data/extension-events/shogi-league-30min.yaml --rulebook kyushu-shogi-2006",
        Stderr::merge);
    BOOST_TEST(k.exit_code == 0, k.out);
    BOOST_TEST(!contains(k.out, "refused"), k.out);
    // The league's own time control written out changes nothing, and no time control at all is the league's.
    for (const char* event : {"shogi-league-own-time", "shogi-league"}) {
        const auto ok = run_arbiter("--rulesets tests/data/extension event check tests/data/extension-events/" + std::string(event) +
                                        ".yaml --format json",
                                    Stderr::discard);
        BOOST_TEST(ok.exit_code == 0, event << ": " << ok.out);
        if (ok.exit_code == 0) BOOST_TEST(nlohmann::json::parse(ok.out)["valid"] == true, event);
    }
}

BOOST_AUTO_TEST_CASE(the_sheet_of_an_event_that_gives_no_time_control_names_the_leagues) {
    // shogi-league.yaml gives no time control: its games are played on L-3's, and the sheet and the check say so.
    // The players' sheet (the default) writes the units out; the arbiter's (--full) writes them as an event sets them.
    const auto md = run_arbiter("--rulesets tests/data/extension event sheet tests/data/extension-events/shogi-league.yaml");
    BOOST_TEST(md.exit_code == 0);
    BOOST_TEST(contains(md.out, "| Time control | 10 minutes for the game; then byoyomi of 30 seconds (L-3) |"), md.out);
    const auto full = run_arbiter(
        "--rulesets tests/data/extension event sheet tests/data/extension-events/shogi-league.yaml --full");
    BOOST_TEST(full.exit_code == 0);
    BOOST_TEST(contains(full.out, "| Time control | 10min for the game; then byoyomi of 30s (L-3) |"), full.out);
    const auto ja = run_arbiter("--rulesets tests/data/extension event sheet tests/data/extension-events/shogi-league.yaml --lang ja");
    BOOST_TEST(ja.exit_code == 0);
    BOOST_TEST(contains(ja.out, "| 持ち時間 | 全局10分、秒読み30秒 (L-3) |"), ja.out);
    const auto check = run_arbiter("--rulesets tests/data/extension event check tests/data/extension-events/shogi-league.yaml --format json");
    BOOST_REQUIRE(check.exit_code == 0);
    const auto j = nlohmann::json::parse(check.out);
    BOOST_TEST(j["time_control"] == "{time: 10min, byoyomi: {periods: 1, time: 30s}}");
    BOOST_TEST(j["time_control_from_rulebook"] == true);
    // The same values written by the event are the event's.
    const auto own = run_arbiter("--rulesets tests/data/extension event check tests/data/extension-events/shogi-league-own-time.yaml --format json");
    BOOST_REQUIRE(own.exit_code == 0);
    BOOST_TEST(nlohmann::json::parse(own.out)["time_control_from_rulebook"] == false);
    // Under kyushu-shogi-2006, which states no time control, the sheet has none to name.
    const auto k = run_arbiter("--rulesets tests/data/extension event sheet tests/data/extension-events/shogi-league.yaml --rulebook kyushu-shogi-2006");
    BOOST_TEST(k.exit_code == 0);
    BOOST_TEST(!contains(k.out, "| Time control |"), k.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace shogi_league_extension_cli_test
