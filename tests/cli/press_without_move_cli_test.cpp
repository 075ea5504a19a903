// A clock press without a move is an illegal move only where the rule on illegal moves says so
// (move.illegal press_without_move): tests/data/extension/chess/press-without-move-example.yaml switches it on over
// fide-2009 with YAML alone. Expected clocks are worked in tests/data/extension-timelines/press-without-move.yaml.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace press_without_move_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

nlohmann::json run(const std::string& rulebook) {
    const auto r = arbiter::test::run_arbiter(
        "--rulesets tests/data/extension run tests/data/extension-timelines/press-without-move.yaml --rulebook " + rulebook +
        " --format json");
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    return nlohmann::json::parse(r.out);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_press_without_a_move_is_an_illegal_move_where_the_rulebook_says_so)

BOOST_AUTO_TEST_CASE(the_example_edition_rules_it_under_7_4b) {
    const auto j = run("press-without-move-example");
    BOOST_TEST(j["result"]["status"] == "ongoing");
    BOOST_REQUIRE(j["rulings"].size() == 1u);
    BOOST_TEST(j["rulings"][0]["topic"] == "move.illegal");
    BOOST_TEST(j["rulings"][0]["article"] == "7.4b");
    // White 1:29:30 (20 s before the press, 10 s for 2.Nf3 after it); Black 1:29:50 + 2:00 = 1:31:50.
    BOOST_TEST(j["clocks"]["white"].get<long>() == 5'370'000);
    BOOST_TEST(j["clocks"]["black"].get<long>() == 5'510'000);
}

BOOST_AUTO_TEST_CASE(fide_2009_only_switches_the_clocks) {
    const auto j = run("fide-2009");
    BOOST_TEST(j["result"]["status"] == "ongoing");
    BOOST_REQUIRE(j["rulings"].size() == 1u);
    BOOST_TEST(j["rulings"][0]["note"] == "no illegal move by the opponent to claim");
    // Both 20 s used: White before the press, Black 10 s for 1...e5 and 10 s while White's press ran his clock.
    BOOST_TEST(j["clocks"]["white"].get<long>() == 5'380'000);
    BOOST_TEST(j["clocks"]["black"].get<long>() == 5'380'000);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace press_without_move_cli_test
