// What the extension tests share (tests/cli/*_extension_cli_test.cpp): the timelines of
// tests/data/extension-timelines/ run or checked with the user rulesets folder tests/data/extension.
#pragma once

#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <initializer_list>
#include <string>

namespace arbiter::test {

inline std::string extension_timeline(const std::string& name) { return "tests/data/extension-timelines/" + name + ".yaml"; }

// `arbiter run` of one extension timeline under `rulebook`, as JSON (`more`: further arguments).
inline nlohmann::json run_extension(const std::string& timeline, const std::string& rulebook, const std::string& more = {}) {
    const auto r = run_arbiter("--rulesets tests/data/extension run " + extension_timeline(timeline) + " --rulebook " +
                               rulebook + " --format json" + more);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    return nlohmann::json::parse(r.out);
}

// `arbiter check` over `timelines`: each must pass under each of `rulebooks` (their expect: blocks).
inline void check_extension(std::initializer_list<const char*> timelines, std::initializer_list<const char*> rulebooks) {
    std::string files;
    for (const char* t : timelines) files += " " + extension_timeline(t);
    const auto r = run_arbiter("--rulesets tests/data/extension check" + files);
    BOOST_TEST(r.exit_code == 0, r.out);
    for (const char* t : timelines)
        for (const char* book : rulebooks)
            BOOST_TEST(contains(r.out, extension_timeline(t) + ": pass (" + book + ")"), t << " under " << book << ":\n" << r.out);
}

}  // namespace arbiter::test
