// The sandboxed Lua hook host (lua_host.h). The only file of the project that includes the Lua headers.
//
// Every Lua API call that may allocate runs inside lua_pcall, because a memory error outside a protected call
// would end in Lua's panic handler (abort). Code inside protected calls keeps no C++ object with a destructor on
// its frames, since a Lua error unwinds them with longjmp. Converting a result back to JSON uses only API calls
// that never allocate nor raise (lua_next, lua_rawgeti, lua_to*), so it runs unprotected and may throw C++
// exceptions.
#include "procedure/lua_state.h"

#include <atomic>
#include <algorithm>
#include <cstring>

namespace arbiter::procedure {

using namespace lua;
using nlohmann::json;

// ---- errors ------------------------------------------------------------------------------------------------

std::string_view to_string(HookErrorKind kind) {
    switch (kind) {
    case HookErrorKind::syntax: return "syntax";
    case HookErrorKind::runtime: return "runtime";
    case HookErrorKind::instruction_limit: return "instruction_limit";
    case HookErrorKind::memory_limit: return "memory_limit";
    case HookErrorKind::time_limit: return "time_limit";
    case HookErrorKind::bad_result: return "bad_result";
    case HookErrorKind::missing: return "missing";
    }
    return "unknown";
}

HookError::HookError(std::string rulebook, std::string hook, HookErrorKind kind, SourceLocation where,
                     std::string detail)
    : InputError(std::move(where), "rulebook " + rulebook + ", hook '" + hook + "': " + detail),
      rulebook_(std::move(rulebook)),
      hook_(std::move(hook)),
      kind_(kind),
      detail_(std::move(detail)) {}

void State::start_budget() {
    remaining = std::max<std::uint64_t>(limits.instructions, 1);
    stop = Stop::none;
    stop_line = 0;
    error_line = 0;
    shared_limit_hit = false;
    allocated = 0;
    longest_string = chunk_longest_string;
    running = true;
    deadline = Clock::now() + limits.time;
    set_period(L, *this, std::min(remaining, CheckEvery));
}

// Maps the outcome of a protected call (with its error value on top) to a HookError.
HookError State::error(std::string_view hook, int status) const {
    if (stop == Stop::instructions)
        return fail(hook, HookErrorKind::instruction_limit, stop_line,
                    "instruction limit of " + std::to_string(limits.instructions) + " exceeded");
    if (stop == Stop::time)
        return fail(hook, HookErrorKind::time_limit, stop_line,
                    "time limit of " + std::to_string(limits.time.count()) + " ms exceeded");
    if (status == LUA_ERRMEM && shared_limit_hit)
        return fail(hook, HookErrorKind::memory_limit, 0,
                    "memory limit of " + format_bytes(AllStatesMemoryBytes) +
                        " for the hooks of all rulebooks together exceeded (this rulebook's state holds " +
                        format_bytes(used) + ")");
    if (status == LUA_ERRMEM)
        return fail(hook, HookErrorKind::memory_limit, 0,
                    "memory limit of " + format_bytes(limits.memory_bytes) + " exceeded");
    auto kind = status == LUA_ERRSYNTAX ? HookErrorKind::syntax : HookErrorKind::runtime;
    if (lua_type(L, -1) != LUA_TSTRING)  // also keeps lua_tolstring from converting a number in place
        return fail(hook, kind, 0, std::string("error object is a ") + luaL_typename(L, -1) + " value");
    std::size_t length = 0;
    const char* text = lua_tolstring(L, -1, &length);
    std::string message(text, length);  // whole: a NUL inside the message does not end it
    // Lua's "chunk:line: " prefix becomes the location when it names the rulebook's own chunk at the line that was
    // running (error_line, from Lua's record of the stack); a syntax error comes from the compiler, whose prefix is
    // its own. Any other prefix is the hook's text and stays in the message: the hook cannot choose its place.
    std::string prefix = chunk_name + ":";
    if (message.compare(0, prefix.size(), prefix) == 0) {
        std::size_t end = message.find(": ", prefix.size());
        std::string digits = message.substr(prefix.size(), end - prefix.size());
        if (end != std::string::npos && !digits.empty() && digits.size() < 9 &&
            std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
            const int line = std::stoi(digits);
            if (status == LUA_ERRSYNTAX || line == error_line) return fail(hook, kind, line, message.substr(end + 2));
        }
    }
    return fail(hook, kind, status == LUA_ERRSYNTAX ? 0 : error_line, message);
}

// ---- the host ----------------------------------------------------------------------------------------------

LuaHost::LuaHost(std::string rulebook_id, std::string chunk_name, std::string_view source, LuaLimits limits)
    : state_(std::make_unique<State>()) {
    State& s = *state_;
    s.rulebook = std::move(rulebook_id);
    s.chunk_name = std::move(chunk_name);
    s.limits = limits;
    s.L = lua_newstate(allocate, &s);
    if (!s.L)
        throw s.fail(ChunkHook, HookErrorKind::memory_limit, 0,
                     "memory limit of " + format_bytes(s.shared_limit_hit ? AllStatesMemoryBytes : limits.memory_bytes) +
                         (s.shared_limit_hit ? " for the hooks of all rulebooks together" : "") + " exceeded");
    lua_State* L = s.L;
    *static_cast<State**>(lua_getextraspace(L)) = &s;
    // Generational collection: a call leaves only young garbage (its result tables), which a minor collection frees
    // without walking the frozen libraries and the kept views again; one runs each time the heap has grown by as
    // much as it held after the last major collection (minor multiplier 100%, Lua's default is 20%).
    lua_gc(L, LUA_GCGEN, 100, 0);

    lua_pushcfunction(L, open_sandbox);
    if (int status = lua_pcall(L, 0, 0, 0); status != LUA_OK) throw s.error(ChunkHook, status);

    std::string name = "@" + s.chunk_name;
    s.start_budget();
    lua_pushcfunction(L, error_line_handler);
    int status = luaL_loadbufferx(L, source.data(), source.size(), name.c_str(), "t");
    if (status == LUA_OK) {
        lua_pushcfunction(L, keep_pristine);
        lua_pushvalue(L, -2);
        status = lua_pcall(L, 1, 0, 0);
    }
    if (status == LUA_OK) status = lua_pcall(L, 0, 0, 1);
    s.running = false;
    s.chunk_longest_string = s.longest_string;
    if (status == LUA_OK && s.stop != State::Stop::none) status = LUA_ERRRUN;
    if (status != LUA_OK) throw s.error(ChunkHook, status);

    lua_pushcfunction(L, finish_load);
    if (status = lua_pcall(L, 0, 0, 0); status != LUA_OK) throw s.error(ChunkHook, status);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &HooksKey);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        lua_pop(L, 1);
        s.names.emplace_back(lua_tostring(L, -1));
    }
    lua_settop(L, 0);
    std::sort(s.names.begin(), s.names.end());
    lua_pushcfunction(L, list_hooks);
    if (status = lua_pcall(L, 0, 0, 0); status != LUA_OK) throw s.error(ChunkHook, status);
}

namespace detail {
namespace {
std::atomic<std::size_t> live_lua_states{0};
}  // namespace
LiveStateCount::LiveStateCount() { ++live_lua_states; }
LiveStateCount::~LiveStateCount() { --live_lua_states; }
}  // namespace detail

std::size_t LuaHost::live_states() { return detail::live_lua_states.load(); }

LuaHost::~LuaHost() = default;
LuaHost::LuaHost(LuaHost&&) noexcept = default;
LuaHost& LuaHost::operator=(LuaHost&&) noexcept = default;

const std::string& LuaHost::rulebook_id() const { return state_->rulebook; }

const std::vector<std::string>& LuaHost::hook_names() const { return state_->names; }

bool LuaHost::has_hook(std::string_view name) const {
    return std::binary_search(state_->names.begin(), state_->names.end(), name);
}

std::size_t LuaHost::memory_used() const { return state_->used; }

json LuaHost::call(std::string_view hook, const json& snapshot) {
    State& s = *state_;
    auto named = std::lower_bound(s.names.begin(), s.names.end(), hook);
    if (named == s.names.end() || *named != hook) {
        std::string known;
        for (const auto& n : s.names) known += (known.empty() ? "" : ", ") + n;
        throw s.fail(hook, HookErrorKind::missing, 0,
                     "no such function in the chunk (it defines: " + (known.empty() ? "nothing" : known) + ")");
    }
    lua_State* L = s.L;
    CallArgs args{static_cast<lua_Integer>(named - s.names.begin()) + 1, &snapshot};
    ++s.call;  // the views reached before this call can no longer be read
    lua_settop(L, 0);
    lua_pushcfunction(L, error_line_handler);
    lua_pushcfunction(L, call_hook);
    lua_pushlightuserdata(L, &args);
    s.start_budget();
    int status = lua_pcall(L, 1, LUA_MULTRET, 1);
    lua_remove(L, 1);  // the handler, below the results or the error value
    s.running = false;
    if (status == LUA_OK && s.stop != State::Stop::none) status = LUA_ERRRUN;  // a pcall swallowed the stop
    if (status != LUA_OK) {
        HookError e = s.error(hook, status);
        lua_settop(L, 0);
        lua_gc(L, LUA_GCCOLLECT);
        throw e;
    }
    int results = lua_gettop(L);
    try {
        if (results > 1)
            throw BadResult{"", std::to_string(results) + " values (a hook returns one value)"};
        s.values_left = s.limits.result_values;
        s.bytes_left = s.limits.result_bytes;
        json out = results == 0 ? json() : to_json(L, 1, 0);
        lua_settop(L, 0);
        return out;
    } catch (const BadResult& e) {
        lua_settop(L, 0);
        throw s.fail(hook, HookErrorKind::bad_result, 0, "bad result" + (e.path.empty() ? "" : " at result" + e.path) + ": " + e.what);
    }
}

}  // namespace arbiter::procedure

