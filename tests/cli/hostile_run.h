// What the hostile-input tests (tests/cli/hostile_round*_test.cpp) share: the program run with a time limit, files
// written and read whole, and whether a process memory limit can be applied to the build under test.
#pragma once

#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace arbiter::test::hostile {

// The helpers every round uses, named here once (round nine on: `using namespace arbiter::test::hostile;`).
using arbiter::test::contains;
using arbiter::test::run_shell;
using arbiter::test::ScratchFolder;

// `arbiter <args>` from the source folder with stderr merged and a time limit (a hang fails as exit 124).
inline CliResult run(const std::string& args, int seconds = 30) {
    return run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout " + std::to_string(seconds) + " '" ARBITER_BINARY "' " +
                     args + " 2>&1");
}

// The same with stdout alone (output to compare or parse).
inline CliResult run_stdout(const std::string& args, int seconds = 30) {
    return run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout " + std::to_string(seconds) + " '" ARBITER_BINARY "' " +
                     args + " 2>/dev/null");
}

// A file of the source tree, whole.
inline std::string bundled(const std::string& path) {
    std::ifstream in(std::filesystem::path(ARBITER_SOURCE_DIR) / path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

inline void write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// A program that cannot start under a 250 MB address space is a sanitized build (its shadow memory): the memory
// tests say so and skip.
inline bool limits_apply() {
    if (run_shell("(ulimit -v 250000; '" ARBITER_BINARY "' list >/dev/null 2>&1)").exit_code == 0) return true;
    BOOST_TEST_MESSAGE("skipped: the program does not start under ulimit -v 250000 (a sanitized build)");
    return false;
}

}  // namespace arbiter::test::hostile
