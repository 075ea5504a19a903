// `arbiter run`: the JSON shape of DESIGN.md section 3 and the exit codes (0 whatever the result, 2 for a timeline
// that cannot be read or a decision the rulebook does not allow), by running the built executable.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace run_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using Output = arbiter::test::CliResult;

Output arbiter_run(const std::string& args, bool with_stderr = false) {
    return arbiter::test::run_arbiter(args, with_stderr ? arbiter::test::Stderr::merge : arbiter::test::Stderr::discard);
}

const std::string Fixtures = std::string(ARBITER_SOURCE_DIR) + "/tests/timelines/chess/";

}  // namespace

BOOST_AUTO_TEST_SUITE(run_command_rules_a_timeline)

BOOST_AUTO_TEST_CASE(json_has_the_contract_fields) {
    // 30-flag-fall-claimed under fide-2009: Black's flag fell in the first period of 40/90+30 and White claims:
    // 6.9, 1-0. White 1:30:00 - 0:00:10 = 1:29:50 (5,390,000 ms); Black's clock reads 0.
    Output r = arbiter_run("run '" + Fixtures + "30-flag-fall-claimed.yaml' --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["rulebook"] == "fide-2009");
    BOOST_TEST(j["result"]["status"] == "ended");
    BOOST_TEST(j["result"]["score"]["white"] == 1);
    BOOST_TEST(j["result"]["score"]["black"] == 0);
    BOOST_TEST(j["result"]["rated"] == true);
    BOOST_TEST(j["result"]["topic"] == "clock.flag_fall");
    BOOST_TEST(j["result"]["article"] == "6.9");
    BOOST_TEST(j["clocks"]["white"] == 5390000);
    BOOST_TEST(j["clocks"]["black"] == 0);
    BOOST_TEST_REQUIRE(j["rulings"].size() == 1u);
    BOOST_TEST(j["rulings"][0]["at"] == 5430000);  // 1:30:30
    BOOST_TEST(j["rulings"][0].contains("effects"));
    BOOST_TEST(j["rulings"][0].contains("clocks_after"));
    BOOST_TEST(j["pending"].is_array());
}

BOOST_AUTO_TEST_CASE(rulebook_option_overrides_the_event) {
    // 01-incorrect-claim-25min under fide-2001: 9.5b, half of 25:00 capped at 3:00 -> White 0:22:00 (1,320,000 ms).
    Output r = arbiter_run("run '" + Fixtures + "01-incorrect-claim-25min.yaml' --rulebook fide-2001 --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["rulebook"] == "fide-2001");
    BOOST_TEST(j["clocks"]["white"] == 1320000);
    BOOST_TEST(j["result"]["status"] == "ongoing");
}

BOOST_AUTO_TEST_CASE(pending_result_still_exits_zero_and_lists_options) {
    // JCA 9.5b: the deduction is the arbiter's (up to 3 minutes): pending with option deduct_time.
    Output r = arbiter_run("run '" + Fixtures + "01-incorrect-claim-25min.yaml' --rulebook jca-1997 --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["result"]["status"] == "pending");
    BOOST_TEST_REQUIRE(j["pending"].size() == 1u);
    BOOST_TEST(j["pending"][0]["options"] == nlohmann::json::array({"deduct_time"}));
}

BOOST_AUTO_TEST_CASE(text_output_in_japanese_uses_the_rule_summaries) {
    Output r = arbiter_run("run '" + Fixtures + "30-flag-fall-claimed.yaml' --lang ja");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(r.out.find("結果") != std::string::npos);
    // The topic id is an engine name: Japanese output names the article instead (issue 18 item 4).
    BOOST_TEST(r.out.find("clock.flag_fall") == std::string::npos);
}

// The clock column says whose clock each time is, in the order of its times: the claimant, white, has the 25 minutes
// the timeline's name says (0:25:00, first); 9.5b's 3 extra minutes go to black (second).
BOOST_AUTO_TEST_CASE(the_clock_column_names_its_sides) {
    const auto en = arbiter::test::run_arbiter("run tests/timelines/chess/01-incorrect-claim-25min.yaml");
    BOOST_TEST(arbiter::test::contains(en.out, "clocks after (white / black)"));
    BOOST_TEST(arbiter::test::contains(en.out, "0:25:00 / 1:32:10"));
    const auto ja = arbiter::test::run_arbiter("run tests/timelines/shogi/05-perpetual-check.yaml --lang ja");
    BOOST_TEST(arbiter::test::contains(ja.out, "残り時間（先手 / 後手）"));
}

BOOST_AUTO_TEST_CASE(unreadable_timeline_exits_2) {
    BOOST_TEST(arbiter_run("run /nonexistent/timeline.yaml").exit_code == 2);
    BOOST_TEST(arbiter_run("run '" + Fixtures + "01-incorrect-claim-25min.yaml' --rulebook no-such-book").exit_code == 2);
}

BOOST_AUTO_TEST_CASE(decision_the_rulebook_does_not_allow_exits_2_at_its_line) {
    Output r = arbiter_run(std::string("run '") + ARBITER_SOURCE_DIR + "/tests/data/procedure/decision-not-allowed.yaml'", true);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.out.find("decision-not-allowed.yaml:11:") != std::string::npos, r.out);
    BOOST_TEST(r.out.find("deduct_time") != std::string::npos, r.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace run_cli_test
