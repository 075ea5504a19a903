// Hostile hooks (the "Hard to break" issue): each ends with an error naming the rulebook, the hook and the limit,
// in bounded time and memory, and the next call runs normally; output does not depend on the run.
#include "procedure/lua_host.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <stdexcept>
#include <string>

namespace lua_hardening_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::procedure::HookError;
using arbiter::procedure::HookErrorKind;
using arbiter::procedure::LuaHost;
using arbiter::procedure::LuaLimits;
using nlohmann::json;

namespace {

const char* const Book = "hostile-book";

// Line numbers matter: the tests check that a stop points at the line of the offending call.
const char* const Chunk = R"lua(function ok(s) return 42 end
function rep_nothing(s) return string.rep('', 100000000) end
function rep_nothing_forever(s) return string.rep('', math.maxinteger) end
function move_nothing(s) return table.move({}, 1, 20000000, 2) end
function move_forever(s) return table.move({}, 1, 2^62, 2) end
function insert_long(s) local t = setmetatable({}, {__len = function() return 50000000 end}) table.insert(t, 1, 0) return 0 end
function looping_handler(s) return xpcall(function() while true do end end, function(m) while true do end end) end
function shared_tables(s) local t = {} for i = 1, 30 do t = {t, t} end return t end
function shared_string(s) local big = string.rep('x', 1 << 16) local t = {} for i = 1, 300 do t[i] = big end return t end
function pairs_of_string(s) local _, st = pairs(string) st.rep = 1 return 0 end
function pairs_of_globals(s) local _, g = pairs(_G) g.ok = 1 return 0 end
function key_order(s)
  local t = {}
  for _, k in ipairs({'kiwi', 'apple', 'fig', 'banana', 'cherry', 'date', 'elder', 'grape', 'honeydew', 'jujube'}) do t[k] = true end
  local out = {}
  for k in pairs(t) do out[#out + 1] = k end
  return table.concat(out, ',')
end
function first_key(s) return (next({zebra = 1, aardvark = 2, mole = 3})) end
function mixed_keys(s) local out = {} for k in pairs({[2] = 'b', x = 'c', [1] = 'a', [true] = 'd', [0.5] = 'e'}) do out[#out + 1] = tostring(k) end return table.concat(out, ',') end
function table_name(s) return tostring({}) .. ' ' .. tostring(ok) end
function address(s) return string.format('%p', {}) end
function format_table(s) return string.format('%s|%5.1f', {}, 2.25) end
function pairs_of_view(s) local out = {} for k, v in pairs(s) do out[#out + 1] = k .. '=' .. v end return table.concat(out, ',') end
function upper_loop(s) local t = string.rep('x', 1 << 20) for i = 1, 2000 do local _ = t:upper() end return 0 end
function load_loop(s) local src = 'return ' .. string.rep(' ', 1 << 20) .. '1' for i = 1, 2000 do load(src) end return 0 end
function concat_loop(s) local t = string.rep('x', 1 << 19) for i = 1, 4000 do local u = t .. 'y' end return 0 end
function compare_loop(s) local a, b = string.rep('x', 1 << 22), string.rep('x', 1 << 22) local n = 0 for i = 1, 100000 do if a == b and not (a < b) then n = n + 1 end end return n end
function short_compare_loop(s) local a, b = string.rep('x', 900), string.rep('x', 900) local n = 0 for i = 1, 50000 do if a == b then n = n + 1 end end return n end
)lua";

const LuaLimits Patient{.time = std::chrono::seconds(600)};

LuaHost make() { return LuaHost(Book, "hostile.lua", Chunk, Patient); }

HookError error_of(LuaHost& host, std::string_view hook, const json& snapshot = json::object()) {
    try {
        json result = host.call(hook, snapshot);
        BOOST_FAIL("hook '" << hook << "' returned " << result.dump().substr(0, 80) << " instead of failing");
    } catch (const HookError& e) {
        return e;
    }
    throw std::logic_error("unreachable");
}

// The message names the rulebook, the hook and `detail`; the host answers the next call normally.
void check_stop(LuaHost& host, std::string_view hook, HookErrorKind kind, std::string_view detail, int line = -1) {
    HookError e = error_of(host, hook);
    std::string what = e.what();
    BOOST_TEST_INFO(what);
    BOOST_TEST(e.rulebook() == Book);
    BOOST_TEST(e.hook() == hook);
    BOOST_TEST(to_string(e.kind()) == to_string(kind));
    BOOST_TEST(what.find("rulebook hostile-book, hook '" + std::string(hook) + "': ") != std::string::npos);
    BOOST_TEST(what.find(detail) != std::string::npos);
    if (line >= 0) BOOST_TEST(e.where().line == line);
    BOOST_TEST(host.call("ok", json::object()) == json(42));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(lua_hardening_library_work_is_charged)

// string.rep of an empty string loops n times inside one VM instruction: 100,000,000 copies is far over the
// 1,000,000-instruction budget, so it must stop there (before the fix it returned "" after the whole loop).
BOOST_AUTO_TEST_CASE(rep_of_nothing_stops_at_the_instruction_limit) {
    LuaHost host = make();
    check_stop(host, "rep_nothing", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded", 2);
    check_stop(host, "rep_nothing_forever", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded", 3);
}

// table.move over 20,000,000 absent elements: 20x the budget.
BOOST_AUTO_TEST_CASE(move_of_a_long_range_stops_at_the_instruction_limit) {
    LuaHost host = make();
    check_stop(host, "move_nothing", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded", 4);
    check_stop(host, "move_forever", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded", 5);
}

// table.insert at position 1 shifts #t elements; a __len of 50,000,000 means 50x the budget.
BOOST_AUTO_TEST_CASE(insert_into_a_long_table_stops_at_the_instruction_limit) {
    LuaHost host = make();
    check_stop(host, "insert_long", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded", 6);
}

// Lua runs a message handler with the count hook off when the error came from the count hook: a looping
// handler ran forever. (Without the fix this test does not end; CTest's timeout fails it.)
BOOST_AUTO_TEST_CASE(looping_message_handler_cannot_escape_the_budget) {
    LuaHost host = make();
    check_stop(host, "looping_handler", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded", 7);
}

// string.upper of 1 MiB is one instruction that writes 1 MiB: charged a unit per KiB, 2000 passes cost 2 048 000,
// twice the budget (before, the loop's few thousand instructions passed and the hook returned 0).
BOOST_AUTO_TEST_CASE(string_functions_pay_per_kib_of_text) {
    LuaHost host = make();
    check_stop(host, "upper_loop", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded", 25);
}

// Compiling 1 MiB of text is charged a unit per 64 bytes: 16 384 a call, so 2000 calls are 32x the budget.
BOOST_AUTO_TEST_CASE(load_pays_per_byte_compiled) {
    LuaHost host = make();
    check_stop(host, "load_loop", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded", 26);
}

// `t .. 'y'` with t of 512 KiB allocates 512 KiB a pass, charged 512 units: 4000 passes are 2 048 000 units, twice
// the budget (before, a few thousand instructions passed and the hook returned 0 after copying 2 GiB). The stop
// comes from the allocator, which cannot name a line: the count hook raises it at the next instruction.
BOOST_AUTO_TEST_CASE(concatenation_pays_per_kib_allocated) {
    LuaHost host = make();
    check_stop(host, "concat_loop", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded");
}

// `a == b` on two distinct 4 MiB strings compares 4 MiB in one instruction. Each instruction of a call that made a
// 4 MiB string costs 1 + 4096 units, so the loop's 100,000 passes (several instructions each, over 2 * 10^9 units)
// are far over the budget and stop at the instruction limit, within a fixed number of passes (at most about
// 1,000,000 / 4097 = 244 instructions after the strings are made, and one armed slice). Before, nothing charged the
// compares: with the wall clock as the only limit, the verdict was a time limit whose moment depended on the
// machine. The time limit here is 600 s, so only the instruction budget can stop it in a test's time.
BOOST_AUTO_TEST_CASE(comparing_long_strings_pays_per_kib) {
    LuaHost host = make();
    auto start = std::chrono::steady_clock::now();
    check_stop(host, "compare_loop", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded");
    BOOST_TEST((std::chrono::steady_clock::now() - start < std::chrono::seconds(60)));
}

// Strings under 1 KiB add nothing: 50,000 passes of a few instructions each stay within 1,000,000.
BOOST_AUTO_TEST_CASE(short_strings_cost_one_unit_an_instruction) {
    LuaHost host = make();
    BOOST_TEST(host.call("short_compare_loop", json::object()) == json(50000));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lua_hardening_result_budget)

// t = {t, t} thirty times is 31 tables in Lua but 2^31 - 1 values once copied: over the 100,000 values.
BOOST_AUTO_TEST_CASE(shared_subtables_count_each_time_they_are_reached) {
    LuaHost host = make();
    check_stop(host, "shared_tables", HookErrorKind::bad_result, "more than 100000 values");
}

// One 64 KiB string referenced 300 times holds 64 KiB in Lua but is 18.75 MiB of JSON: over the 16 MiB of text.
BOOST_AUTO_TEST_CASE(shared_strings_count_each_time_they_are_reached) {
    LuaHost host = make();
    check_stop(host, "shared_string", HookErrorKind::bad_result, "more than 16 MiB of text");
}

// The budget is per call and configurable: a result of exactly the budget passes, one more value does not.
BOOST_AUTO_TEST_CASE(result_budget_is_the_one_configured) {
    // {1, 2, 3} is four values: the array and its three numbers.
    LuaHost small(Book, "small.lua", "function three(s) return {1, 2, 3} end\n",
                  LuaLimits{.time = Patient.time, .result_values = 4});
    BOOST_TEST(small.call("three", json::object()) == json::parse("[1,2,3]"));
    LuaHost smaller(Book, "small.lua", "function three(s) return {1, 2, 3} end\n",
                    LuaLimits{.time = Patient.time, .result_values = 3});
    try {
        smaller.call("three", json::object());
        BOOST_FAIL("a result over the budget was converted");
    } catch (const HookError& e) {
        BOOST_TEST(to_string(e.kind()) == "bad_result");
        BOOST_TEST(std::string(e.what()).find("more than 3 values") != std::string::npos);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lua_hardening_frozen_tables_stay_frozen)

// pairs over a frozen table once returned the writable table behind it as the iteration's state.
BOOST_AUTO_TEST_CASE(pairs_does_not_hand_out_the_tables_behind_the_frozen_ones) {
    LuaHost host = make();
    check_stop(host, "pairs_of_string", HookErrorKind::runtime, "'string.rep' is read-only in the sandbox", 10);
    check_stop(host, "pairs_of_globals", HookErrorKind::runtime, "'ok' is read-only in the sandbox", 11);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lua_hardening_output_does_not_depend_on_the_run)

// Lua's string hash is seeded from addresses and the clock, so hash order changed from run to run; pairs now
// goes through string keys bytewise, whatever order they were inserted in.
BOOST_AUTO_TEST_CASE(pairs_goes_through_string_keys_in_byte_order) {
    LuaHost host = make();
    BOOST_TEST(host.call("key_order", json::object()) ==
               json("apple,banana,cherry,date,elder,fig,grape,honeydew,jujube,kiwi"));
}

BOOST_AUTO_TEST_CASE(next_gives_the_first_key_in_byte_order) {
    LuaHost host = make();
    BOOST_TEST(host.call("first_key", json::object()) == json("aardvark"));
}

// Integers by value, then floats, then strings, then booleans.
BOOST_AUTO_TEST_CASE(keys_of_several_types_go_in_one_fixed_order) {
    LuaHost host = make();
    BOOST_TEST(host.call("mixed_keys", json::object()) == json("1,2,0.5,x,true"));
}

// Views of the snapshot keep their own order (the JSON object's, by key).
BOOST_AUTO_TEST_CASE(pairs_over_the_snapshot_still_goes_in_key_order) {
    LuaHost host = make();
    BOOST_TEST(host.call("pairs_of_view", json{{"b", 2}, {"a", 1}}) == json("a=1,b=2"));
}

// tostring of a table printed its address ("table: 0x55d0..."), different in every run.
BOOST_AUTO_TEST_CASE(tostring_of_a_reference_is_its_type_name) {
    LuaHost host = make();
    BOOST_TEST(host.call("table_name", json::object()) == json("table function"));
    BOOST_TEST(host.call("format_table", json::object()) == json("table|  2.2"));
    check_stop(host, "address", HookErrorKind::runtime, "%p (an address) is not available in hooks", 22);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace lua_hardening_test
