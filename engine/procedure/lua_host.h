// The sandboxed Lua hook host: runs a rulebook's formulas (DESIGN.md §5, docs/RULEBOOKS.md "Lua hooks").
// A hook is a global Lua function of the rulebook's chunk; it reads a read-only snapshot and returns a value
// (a list of effects, by convention). Values cross as JSON. Only lua_host.cpp includes the Lua headers.
//
// The sandbox offers base (no dofile, loadfile, print, warn, collectgarbage, rawset; `load` reads text chunks
// only; `setmetatable` refuses __gc), string (no dump and no pattern functions find, match, gmatch, gsub: their
// backtracking runs inside one C call that no instruction budget can interrupt), table, math (no random,
// randomseed), utf8. No io, os, debug, package, require, coroutine. After the chunk has run, its globals and the
// libraries are read-only, and every call runs the chunk afresh in a new environment before calling the hook, so a
// hook keeps no state from one call to the next, in globals or in its chunk's locals.
// Output never depends on the run: `pairs` and `next` go through a table's keys in one fixed order (integers, then
// floats, by value; strings bytewise; false, true; other keys are refused), not Lua's seeded hash order; `tostring`
// of a table or function is its type name (no address); string.format has no %p; xpcall's message handler is not
// run once a budget is spent (it would run with the count hook off).
#pragma once

#include "core/error.h"

#include <nlohmann/json_fwd.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::procedure {

// What one hook call (and the chunk's first run) may use. The instruction budget is the limit that decides: it is
// deterministic, and library functions whose work grows with their arguments rather than with memory (string.rep,
// table.move, table.concat, table.insert, table.remove, table.sort, table.unpack, next, string and utf8 functions per
// KiB of text, load per 64 bytes) charge that work to it, and so does allocation (a unit per KiB allocated); every
// instruction costs a unit more per KiB of the longest string the call made (comparing two long strings is one
// instruction). The time limit is a backstop only, far above what the instruction budget allows.
// The result is converted under its own budget: every value reached counts, a subtable or string reached twice
// counts twice (a result that shares subtables could otherwise expand to 2^30 values).
struct LuaLimits {
    std::uint64_t instructions = 1'000'000;    // Lua VM instructions per call (and C work charged to them)
    std::size_t memory_bytes = 16u << 20;      // everything the Lua state holds, libraries included
    std::chrono::milliseconds time{1000};      // wall time per call (backstop), checked every few thousand instructions
    std::size_t result_values = 100'000;       // values in the converted result, each reference counted
    std::size_t result_bytes = 16u << 20;      // bytes of strings and keys in the converted result, likewise
};


enum class HookErrorKind { syntax, runtime, instruction_limit, memory_limit, time_limit, bad_result, missing };

std::string_view to_string(HookErrorKind kind);

// A rulebook's Lua chunk or hook failed. An InputError, since the rulebook is input: where() is the Lua file and
// line when Lua reported one; message() reads "rulebook R, hook 'h': detail" ("<chunk>" while loading).
class HookError : public InputError {
public:
    HookError(std::string rulebook, std::string hook, HookErrorKind kind, SourceLocation where, std::string detail);

    const std::string& rulebook() const { return rulebook_; }
    const std::string& hook() const { return hook_; }
    HookErrorKind kind() const { return kind_; }
    // Lua's message without its "chunk:line:" prefix, or the limit that was exceeded.
    const std::string& detail() const { return detail_; }

private:
    std::string rulebook_;
    std::string hook_;
    HookErrorKind kind_;
    std::string detail_;
};

namespace detail {
struct LuaHostState;
}

// One Lua state per rulebook, holding its chunk's hooks. Not thread-safe; movable, not copyable.
// After any HookError the host stays usable.
class LuaHost {
public:
    // Runs the chunk (text only, never a binary chunk) once under `limits`; throws HookError with hook "<chunk>".
    LuaHost(std::string rulebook_id, std::string chunk_name, std::string_view source, LuaLimits limits = {});
    ~LuaHost();
    LuaHost(LuaHost&&) noexcept;
    LuaHost& operator=(LuaHost&&) noexcept;

    const std::string& rulebook_id() const;
    // Names of the Lua functions the chunk defined as globals, sorted.
    const std::vector<std::string>& hook_names() const;
    bool has_hook(std::string_view name) const;

    // Calls a hook with the snapshot as its one argument, a read-only table (objects become tables with string
    // keys, arrays sequences from 1, integers stay integers, null is nil), and converts its one result back:
    // nil -> null, integer -> integer, float -> float (NaN and infinities refused), string -> string (UTF-8),
    // table with keys 1..n -> array, table with string keys -> object, {} -> []. Anything else, more than one
    // result, or nesting deeper than 32 is HookError(bad_result). Integer/float and effect shapes are the
    // caller's to check. A caller that passes the same tree each time, updated in place, has its views reused
    // (a view per node address): the cheap way to call a hook often.
    nlohmann::json call(std::string_view hook, const nlohmann::json& snapshot);

    // Bytes the Lua state holds now (counted by the host's allocator).
    std::size_t memory_used() const;
    // Lua states alive in this process (every host's one), for tests of what a run keeps.
    static std::size_t live_states();

private:
    std::unique_ptr<detail::LuaHostState> state_;
};

}  // namespace arbiter::procedure
