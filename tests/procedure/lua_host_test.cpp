// The Lua hook host (engine/procedure/lua_host.h): formulas of a rulebook, values exchanged as JSON, a read-only
// snapshot, results checked at the boundary.
#include "procedure/lua_host.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <vector>

namespace lua_host_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::procedure::HookError;
using arbiter::procedure::HookErrorKind;
using arbiter::procedure::LuaHost;
using nlohmann::json;

namespace {

const char* const Book = "test-book";

HookError error_of(LuaHost& host, std::string_view hook, const json& snapshot = json::object()) {
    try {
        host.call(hook, snapshot);
    } catch (const HookError& e) {
        return e;
    }
    BOOST_FAIL("hook '" << hook << "' returned instead of failing");
    throw std::logic_error("unreachable");
}

HookError load_error_of(std::string_view source) {
    try {
        LuaHost host(Book, "test.lua", source);
    } catch (const HookError& e) {
        return e;
    }
    BOOST_FAIL("the chunk loaded");
    throw std::logic_error("unreachable");
}

// DESIGN.md §3, the worked example for FIDE 2001 9.5b.
const char* const Fide2001 = R"lua(-- FIDE Laws of Chess 2001, 9.5b: an incorrect claim costs the claimant time.
function claimant_deduction(s)
  local t = s.clock.claimant
  if t > 120000 then return {{deduct_time = {to = "claimant", amount = math.min(t // 2, 180000)}}}
  elseif t >= 60000 then return {{set_time = {to = "claimant", amount = 60000}}} end
  return {}
end
)lua";

json claim_at(std::int64_t claimant_ms) {
    return {{"clock", {{"claimant", claimant_ms}, {"opponent", 300000}}},
            {"claim", {{"by", "white"}, {"kind", "repetition"}}}};
}

json deduct(std::int64_t ms) { return json::array({{{"deduct_time", {{"to", "claimant"}, {"amount", ms}}}}}); }
json set_to(std::int64_t ms) { return json::array({{{"set_time", {{"to", "claimant"}, {"amount", ms}}}}}); }

}  // namespace

BOOST_AUTO_TEST_SUITE(lua_hook_computes_fide_2001_9_5b_deduction)

BOOST_AUTO_TEST_CASE(over_two_minutes_loses_half_at_most_three_minutes) {
    LuaHost host("fide-2001", "fide-2001.lua", Fide2001);
    // 25:00 = 1,500,000 ms > 120,000: half is 750,000, capped at 3 min = 180,000.
    BOOST_TEST(host.call("claimant_deduction", claim_at(1'500'000)) == deduct(180'000));
    // 6:00 = 360,000 ms: half is exactly the cap, 180,000; 6:00.002: half 180,001, capped to 180,000.
    BOOST_TEST(host.call("claimant_deduction", claim_at(360'000)) == deduct(180'000));
    BOOST_TEST(host.call("claimant_deduction", claim_at(360'002)) == deduct(180'000));
    // 2:00.001 = 120,001 ms > 120,000: half rounded down is 60,000.
    BOOST_TEST(host.call("claimant_deduction", claim_at(120'001)) == deduct(60'000));
}

BOOST_AUTO_TEST_CASE(one_to_two_minutes_is_set_to_one_minute) {
    LuaHost host("fide-2001", "fide-2001.lua", Fide2001);
    // 1:30 = 90,000 ms, within 60,000..120,000: set to 60,000.
    BOOST_TEST(host.call("claimant_deduction", claim_at(90'000)) == set_to(60'000));
    // Both bounds are inside: 2:00 = 120,000 and 1:00 = 60,000.
    BOOST_TEST(host.call("claimant_deduction", claim_at(120'000)) == set_to(60'000));
    BOOST_TEST(host.call("claimant_deduction", claim_at(60'000)) == set_to(60'000));
}

BOOST_AUTO_TEST_CASE(under_one_minute_nothing_happens) {
    LuaHost host("fide-2001", "fide-2001.lua", Fide2001);
    // 0:40 = 40,000 ms < 60,000 and 0:59.999 = 59,999: no effect, an empty list.
    BOOST_TEST(host.call("claimant_deduction", claim_at(40'000)) == json::array());
    BOOST_TEST(host.call("claimant_deduction", claim_at(59'999)) == json::array());
}

BOOST_AUTO_TEST_CASE(amounts_come_back_as_integers) {
    LuaHost host("fide-2001", "fide-2001.lua", Fide2001);
    json out = host.call("claimant_deduction", claim_at(1'500'000));
    BOOST_TEST(out[0]["deduct_time"]["amount"].is_number_integer());
    BOOST_TEST(host.rulebook_id() == "fide-2001");
    BOOST_TEST(host.hook_names() == std::vector<std::string>{"claimant_deduction"});
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lua_values_cross_as_json)

const char* const Values = R"lua(
function echo(s) return s end
function field(s) return s[s.key] end
function length_and_second(s) return {#s.list, s.list[2]} end
function sum_ipairs(s) local n = 0 for _, v in ipairs(s.list) do n = n + v end return n end
function count_pairs(s) local n = 0 for _ in pairs(s) do n = n + 1 end return n end
function halve(s) return s.n / 2 end
function floor_halve(s) return s.n // 2 end
function null_is_nil(s) return s.none == nil end
function empty(s) return {} end
function nothing(s) end
function flags(s) return {yes = true, no = false, text = "千日手"} end
function part(s) return {s.clock, s.list} end
function kinds(s) return {type(s), type(s.clock), s.clock == s.clock, s.missing == nil, s.list[0] == nil, s.list[4] == nil} end
function key_order(s) local keys = {} for k, v in pairs(s) do keys[#keys + 1] = k end return keys end
local kept_view
function keep(s) kept_view = s.clock return 0 end
function read_kept(s) return kept_view.claimant end
function return_kept(s) return kept_view end
function keep_or_read(s) if s.keep then kept_view = s.clock return 0 end return kept_view.claimant end
)lua";

BOOST_AUTO_TEST_CASE(snapshot_comes_back_unchanged) {
    LuaHost host(Book, "test.lua", Values);
    json snapshot = {{"clock", {{"claimant", 90000}, {"opponent", 1}}},
                     {"list", {10, 20, 30}},
                     {"text", "千日手"},
                     {"half", 0.5},
                     {"flag", true},
                     {"big", 9007199254740993}};  // 2^53 + 1: not exact in a double
    BOOST_TEST(host.call("echo", snapshot) == snapshot);
    json big = host.call("field", {{"key", "big"}, {"big", 9007199254740993}});
    BOOST_TEST(big.is_number_integer());
    BOOST_TEST(big.get<std::int64_t>() == 9007199254740993);
    BOOST_TEST(host.call("field", {{"key", "half"}, {"half", 0.5}}).is_number_float());
}

BOOST_AUTO_TEST_CASE(snapshot_arrays_have_length_ipairs_and_pairs) {
    LuaHost host(Book, "test.lua", Values);
    json snapshot = {{"list", {10, 20, 30}}};
    BOOST_TEST(host.call("length_and_second", snapshot) == json({3, 20}));
    BOOST_TEST(host.call("sum_ipairs", snapshot) == json(60));  // 10 + 20 + 30
    BOOST_TEST(host.call("count_pairs", {{"a", 1}, {"b", 2}, {"list", {1}}}) == json(3));
}

BOOST_AUTO_TEST_CASE(integer_division_stays_integer_and_slash_gives_a_float) {
    // Lua 5.4: `/` always yields a float, `//` on integers an integer. The caller rejects a float where it
    // expects milliseconds; the host does not round.
    LuaHost host(Book, "test.lua", Values);
    json half = host.call("halve", {{"n", 90001}});
    BOOST_TEST(half.is_number_float());
    BOOST_TEST(half.get<double>() == 45000.5);
    json floor = host.call("floor_halve", {{"n", 90001}});
    BOOST_TEST(floor.is_number_integer());
    BOOST_TEST(floor.get<std::int64_t>() == 45000);
}

BOOST_AUTO_TEST_CASE(null_empty_and_missing_results) {
    LuaHost host(Book, "test.lua", Values);
    BOOST_TEST(host.call("null_is_nil", {{"none", nullptr}}) == json(true));
    BOOST_TEST(host.call("empty", json::object()) == json::array());
    BOOST_TEST(host.call("nothing", json::object()).is_null());
    BOOST_TEST(host.call("flags", json::object()) == json({{"yes", true}, {"no", false}, {"text", "千日手"}}));
}

BOOST_AUTO_TEST_CASE(snapshot_parts_are_tables_with_a_stable_identity) {
    LuaHost host(Book, "test.lua", Values);
    json snapshot = {{"clock", {{"claimant", 90000}}}, {"list", {10, 20, 30}}};
    // type(s), type(s.clock), the same view twice, absent key, index 0, index past the end.
    BOOST_TEST(host.call("kinds", snapshot) == json({"table", "table", true, true, true, true}));
    BOOST_TEST(host.call("part", snapshot) == json({snapshot["clock"], snapshot["list"]}));
}

BOOST_AUTO_TEST_CASE(pairs_over_an_object_go_in_key_order) {
    // The snapshot's objects iterate in byte order of their keys, whatever Lua's string hash seed.
    LuaHost host(Book, "test.lua", Values);
    BOOST_TEST(host.call("key_order", {{"zeta", 1}, {"alpha", 2}, {"mid", 3}}) == json({"alpha", "mid", "zeta"}));
}

BOOST_AUTO_TEST_CASE(snapshot_integer_beyond_lua_range_is_an_error) {
    LuaHost host(Book, "test.lua", Values);
    json snapshot = {{"key", "u"}, {"u", std::uint64_t{1} << 63}};  // 2^63: one more than lua_Integer's maximum
    HookError e = error_of(host, "field", snapshot);
    BOOST_TEST(e.detail() == "snapshot integer beyond the 64-bit signed range");
}

BOOST_AUTO_TEST_CASE(repeated_calls_keep_memory_bounded) {
    // A call's result tables become garbage when it returns, and views are kept per node: Lua's collector keeps
    // the state near its live size.
    LuaHost host("fide-2001", "fide-2001.lua", Fide2001);
    std::size_t after_first = (host.call("claimant_deduction", claim_at(90'000)), host.memory_used());
    for (int i = 0; i < 20'000; ++i) host.call("claimant_deduction", claim_at(1'500'000 - i));
    BOOST_TEST(host.memory_used() < after_first + (256u << 10));
}

BOOST_AUTO_TEST_CASE(views_of_many_distinct_snapshots_are_forgotten) {
    // 2,000 snapshots alive at once, so that no two share an address: each call makes two views (the root and
    // its clock), and the host forgets the kept views once there are more than a few hundred.
    LuaHost host("fide-2001", "fide-2001.lua", Fide2001);
    std::vector<json> snapshots;
    for (int i = 0; i < 2'000; ++i) snapshots.push_back(claim_at(90'000 + i));
    std::size_t after_first = (host.call("claimant_deduction", snapshots[0]), host.memory_used());
    for (const auto& s : snapshots) BOOST_TEST(host.call("claimant_deduction", s) == set_to(60'000));
    BOOST_TEST(host.memory_used() < after_first + (256u << 10));
}

// Each call runs the chunk afresh (issue 34): a view kept in a chunk local is gone by the next call, whose
// `kept_view` is nil again, so no part of an earlier snapshot can be read or returned.
BOOST_AUTO_TEST_CASE(snapshot_kept_past_its_call_cannot_be_read) {
    LuaHost host(Book, "test.lua", Values);
    BOOST_TEST(host.call("keep", {{"clock", {{"claimant", 1}}}}) == json(0));
    HookError e = error_of(host, "read_kept", json::object());
    BOOST_TEST(to_string(e.kind()) == "runtime");
    BOOST_TEST(e.detail() == "attempt to index a nil value (upvalue 'kept_view')");
    BOOST_TEST(host.call("return_kept", json::object()) == json());  // nil: nothing was kept
}

BOOST_AUTO_TEST_CASE(a_kept_view_raises_even_when_the_same_snapshot_comes_back) {
    // Views are kept per node from call to call (the runner passes the same tree, updated in place); the hook's
    // own reference to one is not: the next call starts without it.
    LuaHost host(Book, "test.lua", Values);
    json snapshot = {{"keep", true}, {"clock", {{"claimant", 1}}}};
    BOOST_TEST(host.call("keep_or_read", snapshot) == json(0));
    snapshot["keep"] = false;
    HookError e = error_of(host, "keep_or_read", snapshot);
    BOOST_TEST(e.detail() == "attempt to index a nil value (upvalue 'kept_view')");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lua_snapshot_is_read_only)

const char* const Writers = R"lua(
function set_clock(s) s.clock.claimant = 0 return 0 end
function add_field(s) s.extra = 1 return 0 end
function insert_into_list(s) table.insert(s.list, 4) return 0 end
function sort_list(s) table.sort(s.list, function(a, b) return a > b end) return 0 end
function replace_metatable(s) setmetatable(s, nil) return 0 end
function reach_hidden_table(s) getmetatable(s).__index.clock = nil return 0 end
function write_is_lost(s) pcall(function() s.clock.claimant = 0 end) return s.clock.claimant end
)lua";

BOOST_AUTO_TEST_CASE(writes_raise_and_change_nothing) {
    LuaHost host(Book, "test.lua", Writers);
    json snapshot = {{"clock", {{"claimant", 90000}}}, {"list", {3, 1, 2}}};
    auto check = [&](std::string_view hook, int line, std::string_view detail) {
        HookError e = error_of(host, hook, snapshot);
        BOOST_TEST_INFO(e.what());
        BOOST_TEST(to_string(e.kind()) == "runtime");
        BOOST_TEST(e.where().line == line);
        BOOST_TEST(e.detail().find(detail) != std::string::npos);
    };
    check("set_clock", 2, "the snapshot is read-only (attempt to set field 'claimant')");
    check("add_field", 3, "the snapshot is read-only (attempt to set field 'extra')");
    check("insert_into_list", 4, "the snapshot is read-only");
    check("sort_list", 5, "the snapshot is read-only");
    check("replace_metatable", 6, "cannot change a protected metatable");
    check("reach_hidden_table", 7, "attempt to index a boolean value");
    BOOST_TEST(host.call("write_is_lost", snapshot) == json(90000));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lua_results_of_wrong_types_are_refused)

const char* const Wrong = R"lua(
function ok(s) return 1 end
function a_function(s) return function() end end
function not_a_number(s) return 0 / 0 end
function infinite_amount(s) return {{deduct_time = {to = "claimant", amount = 1 / 0}}} end
function mixed_keys(s) return {1, 2, x = 3} end
function holes(s) return {1, nil, 3} end
function cycle(s) local t = {} t.self = t return t end
function bad_utf8(s) return "\255" end
function two_values(s) return 1, 2 end
function boolean_key(s) return {[true] = 1} end
function float_key(s) return {[1.5] = 1} end
function zero_key(s) return {[0] = 1} end
function a_library(s) return math end
)lua";

BOOST_AUTO_TEST_CASE(each_is_a_bad_result_naming_rulebook_and_hook) {
    LuaHost host(Book, "test.lua", Wrong);
    auto check = [&](std::string_view hook, std::string_view detail) {
        HookError e = error_of(host, hook);
        std::string what = e.what();
        BOOST_TEST_INFO(what);
        BOOST_TEST(to_string(e.kind()) == "bad_result");
        BOOST_TEST(what.find("rulebook test-book, hook '" + std::string(hook) + "': bad result") != std::string::npos);
        BOOST_TEST(what.find(detail) != std::string::npos);
        BOOST_TEST(host.call("ok", json::object()) == json(1));
    };
    check("a_function", "a function, which has no JSON form");
    check("not_a_number", "NaN or infinite");
    check("infinite_amount", "at result[1].deduct_time.amount: a number that is NaN or infinite");
    check("mixed_keys", "mixing string keys and integer keys");
    check("holes", "an array with holes (keys up to 3, 2 values)");
    check("cycle", "nested deeper than 32 levels");
    check("bad_utf8", "not valid UTF-8");
    check("two_values", "2 values (a hook returns one value)");
    check("boolean_key", "boolean key");
    check("float_key", "number key 1.5");
    check("zero_key", "arrays count from 1");
    check("a_library", "a function, which has no JSON form");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lua_chunk_defines_hooks)

BOOST_AUTO_TEST_CASE(hook_names_are_the_global_lua_functions_sorted) {
    LuaHost host(Book, "test.lua", R"lua(
local function helper() return 1 end
function zeta(s) return helper() end
function alpha(s) return 2 end
TABLE = {1, 2}
NUMBER = 3
alias = math.max
)lua");
    BOOST_TEST(host.hook_names() == (std::vector<std::string>{"alpha", "zeta"}));
    BOOST_TEST(host.has_hook("alpha"));
    BOOST_TEST(!host.has_hook("helper"));
    BOOST_TEST(!host.has_hook("alias"));
    BOOST_TEST(host.call("zeta", json::object()) == json(1));
}

BOOST_AUTO_TEST_CASE(missing_hook_is_named) {
    LuaHost host(Book, "test.lua", "function alpha(s) return 1 end\nfunction beta(s) return 2 end\n");
    HookError e = error_of(host, "gamma");
    BOOST_TEST(to_string(e.kind()) == "missing");
    BOOST_TEST(std::string(e.what()) ==
               "test.lua: rulebook test-book, hook 'gamma': no such function in the chunk (it defines: alpha, beta)");
}

BOOST_AUTO_TEST_CASE(syntax_error_names_the_line) {
    HookError e = load_error_of("function ok(s) return 1 end\nfunction broken(s return 1 end\n");
    BOOST_TEST(to_string(e.kind()) == "syntax");
    BOOST_TEST(e.hook() == "<chunk>");
    BOOST_TEST(e.where().file == "test.lua");
    BOOST_TEST(e.where().line == 2);
    BOOST_TEST(e.detail().find("')' expected") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(runtime_errors_keep_luas_message) {
    HookError load = load_error_of("local x = 1\nerror('no rules here')\n");
    BOOST_TEST(to_string(load.kind()) == "runtime");
    BOOST_TEST(std::string(load.what()) == "test.lua:2: rulebook test-book, hook '<chunk>': no rules here");

    LuaHost host(Book, "test.lua", "function f(s)\n  return s.clock.claimant + 1\nend\nfunction g(s) error({}) end\n");
    HookError e = error_of(host, "f", json::object());
    BOOST_TEST(std::string(e.what()) ==
               "test.lua:2: rulebook test-book, hook 'f': attempt to index a nil value (field 'clock')");
    BOOST_TEST(error_of(host, "g").detail() == "error object is a table value");
}

BOOST_AUTO_TEST_CASE(hosts_are_independent_and_movable) {
    LuaHost a(Book, "a.lua", "function f(s) return 'a' end\n");
    LuaHost b("other-book", "b.lua", "function f(s) return 'b' end\n");
    LuaHost moved = std::move(a);
    BOOST_TEST(moved.call("f", json::object()) == json("a"));
    BOOST_TEST(b.call("f", json::object()) == json("b"));
    BOOST_TEST(b.rulebook_id() == "other-book");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace lua_host_test
