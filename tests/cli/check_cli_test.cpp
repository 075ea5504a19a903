// `arbiter check` from the command line: a timeline whose expectations hold, one with a wrong expectation (the
// differences named), one that expects nothing, one that cannot be read; exit 0, 1 and 2; --rulebook; JSON; ja.
// The expected differences are worked from JCA 1997 6.6 in tests/data/check/fails.yaml's comments.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace check_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::CliResult;
using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

}  // namespace

BOOST_AUTO_TEST_SUITE(check_runs_the_expect_blocks_of_timelines)

BOOST_AUTO_TEST_CASE(expectations_that_hold_pass_with_exit_0) {
    const CliResult r = run_arbiter("check tests/data/check/passes.yaml");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "tests/data/check/passes.yaml: pass (jca-1997)"));
    BOOST_TEST(contains(r.out, "tests/data/check/passes.yaml: pass (fide-2009)"));
    BOOST_TEST(contains(r.out, "1 of 1 timelines pass"));
}

BOOST_AUTO_TEST_CASE(a_wrong_expectation_fails_with_its_differences_and_exit_1) {
    const CliResult r = run_arbiter("check tests/data/check/passes.yaml tests/data/check/fails.yaml");
    BOOST_TEST(r.exit_code == 1);
    BOOST_TEST(contains(r.out, "tests/data/check/fails.yaml: FAIL (jca-1997)\n"
                               "    result.status: expected ongoing, got ended\n"
                               "    clocks.white: expected 1:30:00, got 0:30:00\n"));
    BOOST_TEST(contains(r.out, "tests/data/check/fails.yaml: pass (fide-2009)"));
    BOOST_TEST(contains(r.out, "1 of 2 timelines pass"));
}

BOOST_AUTO_TEST_CASE(rulebook_restricts_the_check_to_one_block) {
    const CliResult right = run_arbiter("check tests/data/check/fails.yaml --rulebook fide-2009");
    BOOST_TEST(right.exit_code == 0);
    BOOST_TEST(!contains(right.out, "jca-1997"));
    // fide-2001 is a real rulebook the timeline expects nothing of: nothing checked is not a pass.
    const CliResult none = run_arbiter("check tests/data/check/fails.yaml --rulebook fide-2001");
    BOOST_TEST(none.exit_code == 1);
    BOOST_TEST(contains(none.out, "no expect: block"));
    const CliResult unknown = run_arbiter("check tests/data/check/fails.yaml --rulebook no-such-book", Stderr::merge);
    BOOST_TEST(unknown.exit_code == 2);
    BOOST_TEST(contains(unknown.out, "no rulebook 'no-such-book'"));
}

BOOST_AUTO_TEST_CASE(a_timeline_without_expectations_fails) {
    const CliResult r = run_arbiter("check tests/data/check/no-expect.yaml");
    BOOST_TEST(r.exit_code == 1);
    BOOST_TEST(contains(r.out, "tests/data/check/no-expect.yaml: FAIL (no expect: block to check)"));
}

BOOST_AUTO_TEST_CASE(an_unreadable_timeline_exits_2_naming_file_and_line) {
    const CliResult r = run_arbiter("check tests/data/check/unreadable.yaml tests/data/check/passes.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "tests/data/check/unreadable.yaml: unreadable\n    tests/data/check/unreadable.yaml:5:"));
    BOOST_TEST(contains(r.out, "tests/data/check/passes.yaml: pass (jca-1997)"));  // the others are still checked
}

BOOST_AUTO_TEST_CASE(json_lists_each_check_and_its_differences) {
    const CliResult r = run_arbiter("check tests/data/check/fails.yaml --format json");
    BOOST_TEST(r.exit_code == 1);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_REQUIRE(j.size() == 1u);
    BOOST_TEST(j[0]["file"] == "tests/data/check/fails.yaml");
    BOOST_TEST(j[0]["passed"] == false);
    BOOST_REQUIRE(j[0]["checks"].size() == 2u);
    for (const auto& c : j[0]["checks"]) {
        if (c["rulebook"] == "jca-1997") {
            BOOST_TEST(c["passed"] == false);
            BOOST_TEST(c["differences"].size() == 2u);
            BOOST_TEST(c["differences"][0] == "result.status: expected ongoing, got ended");
        } else {
            BOOST_TEST(c["rulebook"] == "fide-2009");
            BOOST_TEST(c["passed"] == true);
            BOOST_TEST(c["differences"].empty());
        }
    }
}

BOOST_AUTO_TEST_CASE(japanese_labels) {
    const CliResult r = run_arbiter("check tests/data/check/fails.yaml --lang ja");
    BOOST_TEST(r.exit_code == 1);
    BOOST_TEST(contains(r.out, "tests/data/check/fails.yaml: 不合格 (jca-1997)"));
    BOOST_TEST(contains(r.out, "tests/data/check/fails.yaml: 合格 (fide-2009)"));
    BOOST_TEST(contains(r.out, "1 件中 0 件が合格"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace check_cli_test
