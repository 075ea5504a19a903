// The extension promise: a new edition that switches on draws needing no claim is a YAML file only
// (tests/data/extension/chess/automatic-draws-example.yaml, on top of the bundled fide-2009). The expected results
// are worked in the timelines' comments (tests/data/extension-timelines/).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <string>

namespace extension_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

nlohmann::json run(const std::string& timeline, const std::string& rulebook) {
    const auto r = arbiter::test::run_arbiter("--rulesets tests/data/extension run tests/data/extension-timelines/" + timeline +
                                              ".yaml --rulebook " + rulebook + " --format json");
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    return nlohmann::json::parse(r.out);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_new_edition_in_yaml_only)

BOOST_AUTO_TEST_CASE(the_fifth_appearance_draws_without_a_claim) {
    const auto j = run("fivefold", "automatic-draws-example");
    BOOST_TEST(j["result"]["status"] == "ended");
    BOOST_TEST(j["result"]["topic"] == "draw.automatic");
    BOOST_TEST(j["result"]["article"] == "9.6");
    BOOST_TEST(j["result"]["score"]["white"] == 0.5);
    BOOST_REQUIRE(j["rulings"].size() == 1u);
    BOOST_TEST(j["rulings"][0]["at"] == 80000);  // 8...Ng8 at 0:01:20, ply 16
    BOOST_TEST(j["clocks"]["white"] == 5360000);  // 5400 s less 8 moves of 5 s
    // The edition it extends needs a claim: the same moves leave the game going on.
    BOOST_TEST(run("fivefold", "fide-2009")["result"]["status"] == "ongoing");
}

BOOST_AUTO_TEST_CASE(seventy_five_moves_each_draw_without_a_claim) {
    const auto j = run("seventy-five-moves", "automatic-draws-example");
    BOOST_TEST(j["result"]["topic"] == "draw.automatic");
    BOOST_TEST(j["rulings"][0]["at"] == 20000);  // 1...Kd6 makes 150 plies at 0:00:20
    BOOST_TEST(run("seventy-five-moves", "fide-2009")["result"]["status"] == "ongoing");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace extension_cli_test
