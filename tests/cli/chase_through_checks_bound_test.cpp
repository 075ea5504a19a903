// The bound on a search depth a rulebook gives (schemas/topics.yaml `max`): cxa-2011's chase_through_checks (the most
// checks in a series that wins a piece) above the registry's 3 is refused at its own place, exit 2, and 3 still reads.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace chase_through_checks_bound_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::CliResult;
using arbiter::test::run_shell;
using arbiter::test::ScratchFolder;

CliResult validate(const fs::path& file) {
    return run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout 30 '" ARBITER_BINARY "' validate '" + file.string() +
                     "' 2>&1");
}

BOOST_AUTO_TEST_SUITE(chase_through_checks_bound)

BOOST_AUTO_TEST_CASE(a_depth_above_the_registry_bound_is_refused_where_written) {
    ScratchFolder f("chase-through-checks-bound");
    std::ifstream in(fs::path(ARBITER_SOURCE_DIR) / "rulesets/xiangqi/cxa-2011.yaml", std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    std::string book = text.str();
    const std::string word = "chase_through_checks: {value: 3}";
    const auto at = book.find(word);
    BOOST_REQUIRE(at != std::string::npos);
    const auto write = [&](const std::string& value) {
        std::string copy = book;
        copy.replace(at, word.size(), "chase_through_checks: {value: " + value + "}");
        std::ofstream(f.path() / "cxa-2011.yaml", std::ios::binary) << copy;
    };
    // The value's column: the key's indentation, then "chase_through_checks: {value: " (30 characters), 1-based.
    const std::size_t line_start = book.rfind('\n', at) + 1;
    const int line = int(std::count(book.begin(), book.begin() + std::ptrdiff_t(at), '\n')) + 1;
    const int column = int(at - line_start) + 30 + 1;
    write("4");
    const auto r = validate(f.path() / "cxa-2011.yaml");
    BOOST_TEST(r.exit_code == 2, r.out.substr(0, 600));
    BOOST_TEST(contains(r.out, "cxa-2011.yaml:" + std::to_string(line) + ":" + std::to_string(column) + ":"),
               r.out.substr(0, 600));
    BOOST_TEST(contains(r.out, "params.chase_through_checks.value: found 4; expected at most 3"), r.out.substr(0, 600));
    write("3");
    const auto ok = validate(f.path() / "cxa-2011.yaml");
    BOOST_TEST(ok.exit_code == 0, ok.out.substr(0, 600));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace chase_through_checks_bound_test
