// A Lua hook's result is held to the effect vocabulary as strictly as YAML: an unknown effect or an amount no clock
// can hold ends the run with exit 2 and a message naming the rulebook and the hook, never a ruling that lists it.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <string>

namespace hook_result_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

arbiter::test::CliResult run(const std::string& rulebook) {
    return arbiter::test::run_arbiter("--rulesets tests/data/hook-results run tests/data/hook-results-timeline.yaml --rulebook " +
                                          rulebook,
                                      arbiter::test::Stderr::merge);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hook_results_meet_the_vocabulary)

BOOST_AUTO_TEST_CASE(a_misspelt_effect_is_refused_with_a_suggestion) {
    const auto r = run("hook-typo");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "hook-typo"), r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "'penalty'"), r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "did you mean 'deduct_time'"), r.out);
}

BOOST_AUTO_TEST_CASE(an_amount_beyond_any_clock_is_refused) {
    const auto r = run("hook-huge");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "must be a duration from 0"), r.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hook_result_cli_test
