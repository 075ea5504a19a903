// Every schema failure of a file in one run, in line order (tests/data/events/three-typos.yaml: an unknown key on
// line 4, another on line 6, a list where an integer belongs on line 7), each line naming its file:line:column,
// exit 2.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <string>

namespace schema_errors_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;

}  // namespace

BOOST_AUTO_TEST_SUITE(schema_errors_in_one_run)

BOOST_AUTO_TEST_CASE(three_typos_three_lines_in_line_order) {
    const auto out =
        arbiter::test::run_arbiter("event check tests/data/events/three-typos.yaml", arbiter::test::Stderr::merge);
    BOOST_TEST(out.exit_code == 2);
    const auto first = out.out.find("three-typos.yaml:4:1: found the unknown key 'rulebok'");
    const auto second = out.out.find("three-typos.yaml:6:1: found the unknown key 'venu'");
    const auto third = out.out.find("three-typos.yaml:7:9: rounds: found a list; expected an integer");
    BOOST_TEST(first != std::string::npos, out.out);
    BOOST_TEST(second != std::string::npos, out.out);
    BOOST_TEST(third != std::string::npos, out.out);
    BOOST_TEST((first < second && second < third));
    BOOST_TEST(contains(out.out, "did you mean 'venue'"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace schema_errors_test
