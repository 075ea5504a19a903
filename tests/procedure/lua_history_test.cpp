// Hooks cannot depend on history (issue 34): each call starts from the same state, so a counter in a chunk local,
// a table a hook fills, or a global the chunk defines come back to their first values at every call, and a hook's
// error text cannot choose the line its error is reported at.
#include "procedure/lua_host.h"

#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include <string>

namespace lua_history_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::procedure::HookError;
using arbiter::procedure::LuaHost;
using nlohmann::json;

// Line numbers matter: the forging tests check the line an error is reported at.
const char* const Chunk = R"lua(local count = 0
local seen = {}
total = 0
function counter(s) count = count + 1 return count end
function filler(s) seen[#seen + 1] = s.n return #seen end
function forge(s) error("history.lua:4242: forged", 0) end
function forge_prefixed(s) error("history.lua:4242: forged") end
function honest(s) error("plain") end
function forged_by_load(s) local f = load("error('x')", "@history.lua") f() end
)lua";

std::string message_of(LuaHost& host, const std::string& hook, int& line) {
    try {
        host.call(hook, json::object());
    } catch (const HookError& e) {
        line = e.where().line;
        return e.detail();
    }
    BOOST_FAIL("hook '" << hook << "' returned instead of failing");
    return {};
}

BOOST_AUTO_TEST_SUITE(lua_hooks_cannot_depend_on_history)

// Before, the counter went 1, 2, 3: the same hook on the same snapshot answered differently in each call, and
// `audit --jobs 2` differed from `--jobs 1` as games met the counter in another order.
BOOST_AUTO_TEST_CASE(a_chunk_local_counter_starts_afresh_at_every_call) {
    LuaHost host("history-book", "history.lua", Chunk);
    for (int call = 0; call < 3; ++call) BOOST_TEST(host.call("counter", json::object()) == json(1));
    for (int n = 0; n < 3; ++n) BOOST_TEST(host.call("filler", json{{"n", n}}) == json(1));
}

// The place of an error is where the chunk was running when it was raised (line 6 and 7), never a line its text
// names; the text itself is kept whole.
BOOST_AUTO_TEST_CASE(a_hook_cannot_forge_the_line_of_its_error) {
    LuaHost host("history-book", "history.lua", Chunk);
    int line = -1;
    BOOST_TEST(message_of(host, "forge", line) == "history.lua:4242: forged");
    BOOST_TEST(line == 6);
    BOOST_TEST(message_of(host, "forge_prefixed", line) == "history.lua:4242: forged");  // Lua's own prefix, line 7
    BOOST_TEST(line == 7);
    BOOST_TEST(message_of(host, "honest", line) == "plain");
    BOOST_TEST(line == 8);
    // A loaded chunk named like the rulebook's file is not taken for it: the error is at line 9, where it ran.
    const std::string loaded = message_of(host, "forged_by_load", line);
    BOOST_TEST(line == 9);
    BOOST_TEST(loaded.find("load:@history.lua:1: x") != std::string::npos, loaded);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace lua_history_test
