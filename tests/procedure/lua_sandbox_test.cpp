// The Lua sandbox (engine/procedure/lua_host.h, DESIGN.md §5): a stranger's rulebook must not read a file, run a
// program or hang the arbiter; every stop names the rulebook, the hook and the limit; the host survives it.
#include "procedure/lua_host.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <stdexcept>
#include <string>

namespace lua_sandbox_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::procedure::HookError;
using arbiter::procedure::HookErrorKind;
using arbiter::procedure::LuaHost;
using arbiter::procedure::LuaLimits;
using nlohmann::json;

namespace {

// Line numbers matter: tests check that errors point at the line of the offending call.
const char* const Chunk = R"lua(function ok(s) return 42 end
function open_file(s) return io.open("/etc/passwd") end
function run_program(s) return os.execute("true") end
function require_module(s) return require("os") end
function do_file(s) return dofile("/etc/passwd") end
function load_file(s) return loadfile("/etc/passwd") end
function load_binary(s) return assert(load(s.chunk)) end
function dump_function(s) return string.dump(ok) end
function print_text(s) print("hello") return 0 end
function collect_garbage(s) return collectgarbage("count") end
function use_debug(s) return debug.getinfo(1) end
function use_package(s) return package.loadlib("libc.so.6", "system") end
function use_coroutine(s) return coroutine.create(ok) end
function raw_set(s) rawset(s, "x", 1) return 0 end
function pattern_find(s) return string.find("aaa", "a*b") end
function random_number(s) return math.random() end
function loop_forever(s)
  while true do end
end
function loop_in_pcall(s) while true do pcall(function() while true do end end) end end
function swallow_stop(s) return pcall(function() while true do end end) end
function recurse_forever(s) local function f(n) return 1 + f(n + 1) end return f(1) end
function recurse_in_c(s) local t = setmetatable({}, {__index = function(t, k) return t[k] end}) return t.x end
function allocate_gigabyte(s) return #string.rep("x", 1 << 30) end
function grow_table(s) local t = {} for i = 1, 1 << 30 do t[i] = string.rep("x", 1000) .. i end return #t end
function catch_memory_error(s) local ok = pcall(string.rep, "x", 1 << 30) return ok end
function compare_long_strings(s)
  local a, b = string.rep("x", 4000000), string.rep("x", 4000000)
  while true do local _ = a == b end
end
function finalizer(s) setmetatable({}, {__gc = function() while true do end end}) return 0 end
function change_library(s) string.rep = nil return 0 end
function reach_string_metatable(s) return getmetatable("").__index end
function set_global(s) counter = (counter or 0) + 1 return counter end
function load_text(s) return load("return 1 + 1")() end
function load_sets_global(s) return load("x = 1")() end
)lua";

const char* const Book = "test-book";

// The default limits with a wall-time limit no loaded CI machine or sanitizer build comes near, so that the
// instruction and memory limits are the ones tested; the time limit has its own test.
const LuaLimits Patient{.time = std::chrono::seconds(60)};

LuaHost make(std::string_view source = Chunk, LuaLimits limits = Patient) {
    return LuaHost(Book, "test.lua", source, limits);
}

HookError error_of(LuaHost& host, std::string_view hook, const json& snapshot = json::object()) {
    try {
        host.call(hook, snapshot);
    } catch (const HookError& e) {
        return e;
    }
    BOOST_FAIL("hook '" << hook << "' returned instead of failing");
    throw std::logic_error("unreachable");
}

// Checks that the message names the rulebook, the hook and `detail`, and that the host still answers.
void check_stop(LuaHost& host, const HookError& e, std::string_view hook, HookErrorKind kind, std::string_view detail) {
    std::string what = e.what();
    BOOST_TEST_INFO(what);
    BOOST_TEST(e.rulebook() == Book);
    BOOST_TEST(e.hook() == hook);
    BOOST_TEST(to_string(e.kind()) == to_string(kind));
    BOOST_TEST(what.find("rulebook test-book, hook '" + std::string(hook) + "': ") != std::string::npos);
    BOOST_TEST(what.find(detail) != std::string::npos);
    BOOST_TEST(host.call("ok", json::object()) == json(42));
}

void check_runtime(LuaHost& host, std::string_view hook, std::string_view detail, int line) {
    HookError e = error_of(host, hook);
    check_stop(host, e, hook, HookErrorKind::runtime, detail);
    BOOST_TEST(e.where().file == "test.lua");
    BOOST_TEST(e.where().line == line);
}

// The first 12 bytes of a Lua 5.4 binary chunk (lundump.c checkHeader: LUA_SIGNATURE, version 0x54, format 0,
// LUAC_DATA "\x19\x93\r\n\x1a\n").
const std::string BinaryHeader("\x1bLua\x54\x00\x19\x93\r\n\x1a\n", 12);

}  // namespace

BOOST_AUTO_TEST_SUITE(lua_sandbox_offers_no_files_programs_or_modules)

BOOST_AUTO_TEST_CASE(io_os_require_dofile_loadfile_are_absent) {
    LuaHost host = make();
    check_runtime(host, "open_file", "attempt to index a nil value (global 'io')", 2);
    check_runtime(host, "run_program", "attempt to index a nil value (global 'os')", 3);
    check_runtime(host, "require_module", "attempt to call a nil value (global 'require')", 4);
    check_runtime(host, "do_file", "attempt to call a nil value (global 'dofile')", 5);
    check_runtime(host, "load_file", "attempt to call a nil value (global 'loadfile')", 6);
}

BOOST_AUTO_TEST_CASE(message_reads_file_line_rulebook_hook_and_lua_message) {
    LuaHost host = make();
    HookError e = error_of(host, "open_file");
    BOOST_TEST(std::string(e.what()) ==
               "test.lua:2: rulebook test-book, hook 'open_file': attempt to index a nil value (global 'io')");
    BOOST_TEST(e.detail() == "attempt to index a nil value (global 'io')");
}

BOOST_AUTO_TEST_CASE(debug_package_coroutine_print_collectgarbage_rawset_are_absent) {
    LuaHost host = make();
    check_runtime(host, "print_text", "attempt to call a nil value (global 'print')", 9);
    check_runtime(host, "collect_garbage", "attempt to call a nil value (global 'collectgarbage')", 10);
    check_runtime(host, "use_debug", "attempt to index a nil value (global 'debug')", 11);
    check_runtime(host, "use_package", "attempt to index a nil value (global 'package')", 12);
    check_runtime(host, "use_coroutine", "attempt to index a nil value (global 'coroutine')", 13);
    check_runtime(host, "raw_set", "attempt to call a nil value (global 'rawset')", 14);
}

BOOST_AUTO_TEST_CASE(string_dump_patterns_and_random_are_absent) {
    LuaHost host = make();
    check_runtime(host, "dump_function", "attempt to call a nil value (field 'dump')", 8);
    check_runtime(host, "pattern_find", "attempt to call a nil value (field 'find')", 15);
    check_runtime(host, "random_number", "attempt to call a nil value (field 'random')", 16);
}

BOOST_AUTO_TEST_CASE(load_inside_a_hook_refuses_binary_chunks) {
    LuaHost host = make();
    HookError e = error_of(host, "load_binary", json{{"chunk", BinaryHeader}});
    check_stop(host, e, "load_binary", HookErrorKind::runtime, "attempt to load a binary chunk (mode is 't')");
}

BOOST_AUTO_TEST_CASE(load_inside_a_hook_compiles_text_in_the_sandbox) {
    LuaHost host = make();
    BOOST_TEST(host.call("load_text", json::object()) == json(2));
    // The loaded chunk sees the same read-only globals as the hook.
    HookError e = error_of(host, "load_sets_global");
    check_stop(host, e, "load_sets_global", HookErrorKind::runtime, "'x' is read-only in the sandbox");
}

BOOST_AUTO_TEST_CASE(rulebook_chunk_may_not_be_binary) {
    try {
        LuaHost host(Book, "test.lua", BinaryHeader + std::string(64, '\0'));
        BOOST_FAIL("a binary chunk loaded");
    } catch (const HookError& e) {
        BOOST_TEST(to_string(e.kind()) == "syntax");
        BOOST_TEST(e.hook() == "<chunk>");
        BOOST_TEST(std::string(e.what()).find("attempt to load a binary chunk (mode is 't')") != std::string::npos);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lua_sandbox_stops_runaway_hooks)

BOOST_AUTO_TEST_CASE(endless_loop_stops_at_the_instruction_limit) {
    LuaHost host = make();
    HookError e = error_of(host, "loop_forever");
    check_stop(host, e, "loop_forever", HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded");
    BOOST_TEST(e.where().line == 18);  // the `while` line
}

BOOST_AUTO_TEST_CASE(pcall_inside_the_hook_cannot_swallow_the_stop) {
    LuaHost host = make();
    check_stop(host, error_of(host, "loop_in_pcall"), "loop_in_pcall", HookErrorKind::instruction_limit,
               "instruction limit of 1000000 exceeded");
    // `return pcall(...)` returns to the host without running another instruction: still a stop.
    check_stop(host, error_of(host, "swallow_stop"), "swallow_stop", HookErrorKind::instruction_limit,
               "instruction limit of 1000000 exceeded");
}

BOOST_AUTO_TEST_CASE(instruction_limit_is_the_one_configured) {
    LuaHost host = make(Chunk, LuaLimits{.instructions = 5000, .time = Patient.time});
    check_stop(host, error_of(host, "loop_forever"), "loop_forever", HookErrorKind::instruction_limit,
               "instruction limit of 5000 exceeded");
}

BOOST_AUTO_TEST_CASE(endless_recursion_stops_at_lua_stack_limit) {
    // With instructions and memory ample, Lua's own limit of 1,000,000 stack slots (LUAI_MAXSTACK) is hit first:
    // about 5 slots a frame, so some 200,000 frames, about 4 instructions and 80 bytes of CallInfo each.
    LuaHost host = make(Chunk, LuaLimits{.instructions = 100'000'000, .memory_bytes = 256u << 20,
                                         .time = std::chrono::seconds(60)});
    check_stop(host, error_of(host, "recurse_forever"), "recurse_forever", HookErrorKind::runtime, "stack overflow");
}

BOOST_AUTO_TEST_CASE(endless_recursion_under_default_limits_stops_cleanly) {
    // Which limit comes first (instructions, memory, stack, or time on a slow machine) depends on Lua's frame
    // sizes and the machine; each is a clean stop.
    LuaHost host = make(Chunk, LuaLimits{});
    HookError e = error_of(host, "recurse_forever");
    BOOST_TEST((e.kind() == HookErrorKind::instruction_limit || e.kind() == HookErrorKind::memory_limit ||
                e.kind() == HookErrorKind::time_limit ||
                (e.kind() == HookErrorKind::runtime && e.detail().find("stack overflow") != std::string::npos)),
               e.what());
    check_stop(host, e, "recurse_forever", e.kind(), "");
}

BOOST_AUTO_TEST_CASE(recursion_through_c_stops_at_lua_c_stack_limit) {
    // __index calling itself recurses in C; Lua 5.4 stops at LUAI_MAXCCALLS (200) with "C stack overflow".
    LuaHost host = make();
    check_stop(host, error_of(host, "recurse_in_c"), "recurse_in_c", HookErrorKind::runtime, "stack overflow");
}

BOOST_AUTO_TEST_CASE(gigabyte_string_stops_at_the_memory_limit) {
    LuaHost host = make();
    check_stop(host, error_of(host, "allocate_gigabyte"), "allocate_gigabyte", HookErrorKind::memory_limit,
               "memory limit of 16 MiB exceeded");
}

BOOST_AUTO_TEST_CASE(growing_table_stops_at_the_memory_limit_and_memory_is_returned) {
    // 16 MiB / ~1 KiB strings: the cap is reached after some 16,000 iterations, far below 1,000,000 instructions.
    LuaHost host = make();
    std::size_t before = host.memory_used();
    check_stop(host, error_of(host, "grow_table"), "grow_table", HookErrorKind::memory_limit,
               "memory limit of 16 MiB exceeded");
    BOOST_TEST(host.memory_used() < before + (1u << 20));  // the garbage was collected
    check_stop(host, error_of(host, "grow_table"), "grow_table", HookErrorKind::memory_limit,
               "memory limit of 16 MiB exceeded");
}

BOOST_AUTO_TEST_CASE(memory_limit_holds_while_a_pcall_catches_it) {
    LuaHost host = make();
    BOOST_TEST(host.call("catch_memory_error", json::object()) == json(false));
}

BOOST_AUTO_TEST_CASE(memory_limit_is_the_one_configured) {
    LuaHost host = make(Chunk, LuaLimits{.memory_bytes = 3u << 19, .time = Patient.time});
    check_stop(host, error_of(host, "allocate_gigabyte"), "allocate_gigabyte", HookErrorKind::memory_limit,
               "memory limit of 1536 KiB exceeded");
}

BOOST_AUTO_TEST_CASE(slow_instructions_stop_at_the_instruction_limit) {
    // Each `a == b` is one instruction that compares 4,000,000 bytes; every instruction of the call is charged a
    // unit per KiB of its longest string (3907 more), so a few hundred compares spend the 1,000,000: the
    // instruction budget decides, not the wall clock (lua_hardening_test checks the count).
    LuaHost host = make(Chunk, LuaLimits{.time = std::chrono::seconds(600)});
    auto start = std::chrono::steady_clock::now();
    check_stop(host, error_of(host, "compare_long_strings"), "compare_long_strings",
               HookErrorKind::instruction_limit, "instruction limit of 1000000 exceeded");
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    BOOST_TEST(elapsed.count() < 5000);
}

BOOST_AUTO_TEST_CASE(time_limit_is_a_backstop) {
    // 100,000,000 instructions of an empty loop take far longer than 1 ms on any machine: the clock, looked at
    // every 1000 instructions, stops it.
    LuaHost host = make(Chunk, LuaLimits{.instructions = 100'000'000, .time = std::chrono::milliseconds(1)});
    auto start = std::chrono::steady_clock::now();
    check_stop(host, error_of(host, "loop_forever"), "loop_forever", HookErrorKind::time_limit,
               "time limit of 1 ms exceeded");
    auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    BOOST_TEST(elapsed.count() < 5000);
}

BOOST_AUTO_TEST_CASE(finalizers_are_refused) {
    // A __gc function would run with hooks off, out of every budget.
    LuaHost host = make();
    check_stop(host, error_of(host, "finalizer"), "finalizer", HookErrorKind::runtime,
               "__gc metamethods are not allowed in hooks");
}

BOOST_AUTO_TEST_CASE(chunk_is_loaded_under_the_same_limits) {
    try {
        LuaHost host(Book, "test.lua", "local x = 0\nwhile true do x = x + 1 end\n", Patient);
        BOOST_FAIL("an endless chunk loaded");
    } catch (const HookError& e) {
        BOOST_TEST(to_string(e.kind()) == "instruction_limit");
        BOOST_TEST(std::string(e.what()) ==
                   "test.lua:2: rulebook test-book, hook '<chunk>': instruction limit of 1000000 exceeded");
    }
    try {
        LuaHost host(Book, "test.lua", "big = string.rep('x', 1 << 30)\n", Patient);
        BOOST_FAIL("a gigabyte chunk loaded");
    } catch (const HookError& e) {
        BOOST_TEST(to_string(e.kind()) == "memory_limit");
    }
    BOOST_TEST(make().call("ok", json::object()) == json(42));  // a fresh host runs normally
}

BOOST_AUTO_TEST_CASE(cap_below_what_the_libraries_need_fails_at_load) {
    // 4 KiB cannot hold a Lua state with its libraries (tens of KiB): refused cleanly, not a crash.
    try {
        LuaHost host(Book, "test.lua", "function ok(s) return 42 end\n", LuaLimits{.memory_bytes = 4096});
        BOOST_FAIL("a state fitted in 4 KiB");
    } catch (const HookError& e) {
        BOOST_TEST(to_string(e.kind()) == "memory_limit");
        BOOST_TEST(std::string(e.what()) == "test.lua: rulebook test-book, hook '<chunk>': memory limit of 4 KiB exceeded");
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(lua_sandbox_keeps_libraries_and_globals_read_only)

BOOST_AUTO_TEST_CASE(libraries_cannot_be_changed) {
    LuaHost host = make();
    check_runtime(host, "change_library", "'string.rep' is read-only in the sandbox", 32);
    check_runtime(host, "reach_string_metatable", "attempt to index a boolean value", 33);
}

BOOST_AUTO_TEST_CASE(hooks_cannot_keep_state_in_globals) {
    LuaHost host = make();
    check_runtime(host, "set_global", "'counter' is read-only in the sandbox", 34);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace lua_sandbox_test
