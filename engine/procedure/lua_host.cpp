// The sandboxed Lua hook host (lua_host.h). The only file of the project that includes the Lua headers.
//
// Every Lua API call that may allocate runs inside lua_pcall, because a memory error outside a protected call
// would end in Lua's panic handler (abort). Code inside protected calls keeps no C++ object with a destructor on
// its frames, since a Lua error unwinds them with longjmp. Converting a result back to JSON uses only API calls
// that never allocate nor raise (lua_next, lua_rawgeti, lua_to*), so it runs unprotected and may throw C++
// exceptions.
#include "procedure/lua_host.h"

#include <lua.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <unordered_map>

namespace arbiter::procedure {

namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

constexpr int MaxDepth = 32;               // nesting of snapshots and results
constexpr std::uint64_t CheckEvery = 1000;  // instructions between two looks at the clock (one may cost ~1 ms)
const char* const ChunkHook = "<chunk>";
char HooksKey;   // registry key (its address) of the table name -> hook function
char StopToken;  // error value (its address) raised once a budget is spent

}  // namespace

namespace detail {
struct LuaHostState {
    std::string rulebook;
    std::string chunk_name;
    LuaLimits limits;
    lua_State* L = nullptr;
    std::vector<std::string> names;  // sorted hook names

    std::size_t used = 0;  // bytes held by L
    // The budget of the run in progress.
    std::uint64_t remaining = 0;  // instructions not yet covered by an armed count hook
    std::uint64_t slice = 0;      // instructions the armed count hook covers
    Clock::time_point deadline;
    enum class Stop { none, instructions, time } stop = Stop::none;
    int stop_line = 0;  // line of the chunk where the budget ran out, 0 if elsewhere
    bool running = false;         // a chunk or hook runs: its allocations are charged (allocate)
    std::size_t allocated = 0;    // bytes allocated in the run not yet charged (below 1 KiB)
    // The result's conversion budget (LuaLimits::result_values, result_bytes), counted down while converting.
    std::size_t values_left = 0;
    std::size_t bytes_left = 0;

    // The snapshot's views (see "snapshot to Lua"): each view table (by its address) -> the JSON node it shows
    // and the call that last reached it. Only a view reached in the running call can be read.
    struct View {
        const nlohmann::json* node;
        std::uint64_t call;
    };
    std::unordered_map<const void*, View> views;
    std::uint64_t call = 0;  // serial of the latest call

    ~LuaHostState() {
        if (L) lua_close(L);
    }
    void start_budget();
    HookError error(std::string_view hook, int status) const;
    HookError fail(std::string_view hook, HookErrorKind kind, int line, std::string detail) const {
        return HookError(rulebook, std::string(hook), kind, SourceLocation{chunk_name, line, 0}, std::move(detail));
    }
};
}  // namespace detail
using State = detail::LuaHostState;

namespace {

State& state_of(lua_State* L) { return **static_cast<State**>(lua_getextraspace(L)); }

void set_period(lua_State* L, State& s, std::uint64_t period);

// Work that allocates (the `..` operator building a long string, a table growing) is charged a unit per KiB
// allocated, as the library wrappers charge theirs: a loop that copies 512 KiB a pass pays for every pass, the
// same in every run. The allocator cannot raise: when the units do not fit it marks the stop and arms the count
// hook for the next instruction, which raises it.
void charge_allocation(State& s, std::size_t bytes) {
    s.allocated += bytes;
    if (s.allocated < 1024 || s.stop != State::Stop::none) return;
    std::uint64_t units = s.allocated / 1024;
    s.allocated %= 1024;
    std::uint64_t available = s.remaining - std::min(s.remaining, s.slice);
    if (units <= available) {
        s.remaining -= units;
        return;
    }
    s.stop = State::Stop::instructions;
    set_period(s.L, s, 1);
}

// Counts the bytes the state holds and refuses growth past the cap; shrinking always succeeds, as Lua requires.
void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
    auto& s = *static_cast<State*>(ud);
    std::size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        std::free(ptr);
        s.used -= old;
        return nullptr;
    }
    if (nsize > old && nsize - old > s.limits.memory_bytes - s.used) return nullptr;
    void* p = std::realloc(ptr, nsize);
    if (p) {
        s.used = s.used - old + nsize;
        if (s.running && nsize > old) charge_allocation(s, nsize - old);
    }
    return p;
}

void count_hook(lua_State* L, lua_Debug* ar);

// Sets the count hook's period. lua_sethook walks the whole call stack (settraps), so it is called only at the
// start of a run, for the last partial slice and at the stop, never once per slice: that would be quadratic in a
// deep recursion.
void set_period(lua_State* L, State& s, std::uint64_t period) {
    s.slice = period;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, static_cast<int>(period));
}

// Runs every `slice` instructions: charges them, looks at the clock, and once a budget is spent raises on every
// instruction, so that a pcall inside the hook cannot swallow the stop.
void count_hook(lua_State* L, lua_Debug* ar) {
    auto& s = state_of(L);
    if (s.stop == State::Stop::none) {
        // remaining >= slice always (charge() keeps it so); equal means the budget is spent.
        s.remaining -= std::min(s.remaining, s.slice);
        if (s.remaining == 0) {
            s.stop = State::Stop::instructions;
        } else if (Clock::now() >= s.deadline) {
            s.stop = State::Stop::time;
        } else {
            if (s.remaining < s.slice) set_period(L, s, s.remaining);
            return;
        }
        if (lua_getinfo(L, "Sl", ar) && ar->source[0] == '@' && s.chunk_name == ar->source + 1)
            s.stop_line = ar->currentline;
        set_period(L, s, 1);
    }
    lua_pushlightuserdata(L, &StopToken);
    lua_error(L);
}

std::string format_bytes(std::size_t n) {
    if (n % (1u << 20) == 0) return std::to_string(n >> 20) + " MiB";
    if (n % (1u << 10) == 0) return std::to_string(n >> 10) + " KiB";
    return std::to_string(n) + " bytes";
}

// ---- the sandbox -------------------------------------------------------------------------------------------

// setmetatable without __gc: finalizers run with hooks off, so a looping one would escape every budget.
int safe_setmetatable(lua_State* L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL) return luaL_error(L, "__gc metamethods are not allowed in hooks");
        lua_pop(L, 1);
    }
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) return luaL_error(L, "cannot change a protected metatable");
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

// load(chunk [, chunkname [, mode [, env]]]) for text chunks given as strings; the mode is always "t".
void charge(lua_State* L, std::uint64_t n);

int text_load(lua_State* L) {
    std::size_t len;
    const char* chunk = luaL_checklstring(L, 1, &len);
    charge(L, len / 64);  // compiling costs more per byte than copying
    const char* name = luaL_optstring(L, 2, "=(load)");
    bool has_env = !lua_isnone(L, 4);
    if (luaL_loadbufferx(L, chunk, len, name, "t") != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;  // fail, message
    }
    if (has_env) {
        lua_pushvalue(L, 4);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

// Raises the message on top, prefixed with "chunk:line: " of the innermost Lua function: luaL_error looks one
// level up only, which is table.insert's C function when that is what wrote.
int raise_at_lua_line(lua_State* L) {
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            lua_insert(L, -2);
            lua_concat(L, 2);
            break;
        }
    }
    return lua_error(L);
}

// __newindex of a frozen table; upvalue 1 is the table's name with a dot ("string.") or "" for the globals.
int frozen_newindex(lua_State* L) {
    const char* prefix = lua_tostring(L, lua_upvalueindex(1));
    if (lua_type(L, 2) == LUA_TSTRING) lua_pushfstring(L, "'%s%s' is read-only in the sandbox", prefix, lua_tostring(L, 2));
    else lua_pushfstring(L, "%s is read-only in the sandbox", *prefix ? prefix : "the global table");
    return raise_at_lua_line(L);
}

int snapshot_newindex(lua_State* L) {
    if (lua_type(L, 2) == LUA_TSTRING)
        lua_pushfstring(L, "the snapshot is read-only (attempt to set field '%s')", lua_tostring(L, 2));
    else lua_pushliteral(L, "the snapshot is read-only");
    return raise_at_lua_line(L);
}

int ordered_pairs(lua_State* L);

// __pairs of a frozen table: the fixed-order pairs of the hidden table behind it, with the frozen table as the
// iteration's state, so that the writable hidden table is never handed to the hook (pairs(_G) once gave it out).
int frozen_pairs(lua_State* L) {
    lua_pushcfunction(L, ordered_pairs);
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "__index");
    lua_remove(L, -2);
    lua_call(L, 1, 3);  // iterator (a closure over the sorted keys), hidden, nil
    lua_pushvalue(L, 1);
    lua_replace(L, -3);
    return 3;
}

// Moves the fields of the table at `t` into a hidden table and leaves `t` an empty, read-only view of it.
void freeze(lua_State* L, int t, const char* prefix) {
    t = lua_absindex(L, t);
    lua_newtable(L);
    int hidden = lua_gettop(L);
    lua_pushnil(L);
    while (lua_next(L, t)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, hidden);
    }
    lua_pushnil(L);
    while (lua_next(L, hidden)) {  // clear t (assigning nil during a traversal of another table is fine)
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_pushnil(L);
        lua_rawset(L, t);
    }
    lua_createtable(L, 0, 4);
    lua_insert(L, hidden);  // metatable below hidden
    lua_setfield(L, -2, "__index");
    lua_pushstring(L, prefix);
    lua_pushcclosure(L, frozen_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, frozen_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, t);
}

// ---- work charged to the instruction budget ----------------------------------------------------------------
//
// A library function that loops over a count taken from its arguments (string.rep('', math.maxinteger),
// table.move({}, 1, 2^62, 2), table.insert on a table whose __len says 2^62) runs inside one VM instruction, where
// the count hook never fires. Each such function is wrapped: the wrapper charges the count to the budget first
// and raises the stop, as the count hook does, when it does not fit.

// The line of the innermost Lua function of the rulebook's chunk on the stack, 0 if none.
int chunk_line(lua_State* L) {
    const State& s = state_of(L);
    lua_Debug ar;
    for (int level = 0; lua_getstack(L, level, &ar); ++level) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0 && ar.source[0] == '@' && s.chunk_name == ar.source + 1)
            return ar.currentline;
    }
    return 0;
}

// Charges `n` units of work; raises the stop (instruction limit) when they exceed what is left.
void charge(lua_State* L, std::uint64_t n) {
    State& s = state_of(L);
    if (s.stop == State::Stop::none) {
        // What is left once the armed slice is charged; keeps remaining >= slice for the count hook.
        std::uint64_t available = s.remaining - std::min(s.remaining, s.slice);
        if (n <= available) {
            s.remaining -= n;
            return;
        }
        s.stop = State::Stop::instructions;
        s.stop_line = chunk_line(L);
        set_period(L, s, 1);
    }
    lua_pushlightuserdata(L, &StopToken);
    lua_error(L);
}

// The count of a range first..last as an unsigned number (0 when empty), without overflow.
std::uint64_t span(lua_Integer first, lua_Integer last) {
    if (last < first) return 0;
    return static_cast<std::uint64_t>(last) - static_cast<std::uint64_t>(first) + 1;
}

// Calls the wrapped library function (upvalue 1) on the same arguments.
int call_wrapped(lua_State* L) { return lua_tocfunction(L, lua_upvalueindex(1))(L); }

std::uint64_t length_of(lua_State* L, int idx) {
    lua_Integer n = luaL_len(L, idx);  // runs __len, a Lua function whose instructions count themselves
    return n > 0 ? static_cast<std::uint64_t>(n) : 0;
}

// string.rep(s, n [, sep]): n copies of nothing cost n (the loop runs though nothing is written); copies of
// something cost a unit per KiB written (the memory cap bounds one call, the charge bounds many); a result too big
// for the memory left is not charged, since its allocation fails before any copy.
int charged_rep(lua_State* L) {
    std::size_t l = 0, lsep = 0;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0) {
        const State& s = state_of(L);
        auto copies = static_cast<std::uint64_t>(n);
        std::uint64_t each = std::uint64_t{l} + lsep;
        std::uint64_t free = s.limits.memory_bytes > s.used ? s.limits.memory_bytes - s.used : 0;
        if (each == 0) charge(L, copies);
        else if (copies <= free / each) charge(L, copies * each / 1024);
    }
    return call_wrapped(L);
}
// table.move(a1, f, e, t [, a2]): e - f + 1 moves.
int charged_move(lua_State* L) {
    charge(L, span(luaL_checkinteger(L, 2), luaL_checkinteger(L, 3)));
    return call_wrapped(L);
}
// table.concat(list [, sep [, i [, j]]]) and table.unpack(list [, i [, j]]): j - i + 1 elements, j = #list by default.
int charged_range(lua_State* L, int first_arg) {
    lua_Integer i = luaL_optinteger(L, first_arg, 1);
    lua_Integer j = lua_isnoneornil(L, first_arg + 1) ? static_cast<lua_Integer>(length_of(L, 1))
                                                      : luaL_checkinteger(L, first_arg + 1);
    charge(L, span(i, j));
    return call_wrapped(L);
}
int charged_concat(lua_State* L) { return charged_range(L, 3); }
int charged_unpack(lua_State* L) { return charged_range(L, 2); }
// table.insert and table.remove shift up to #list elements.
int charged_shift(lua_State* L) {
    charge(L, length_of(L, 1) + 1);
    return call_wrapped(L);
}
// table.sort: about n log2 n comparisons.
int charged_sort(lua_State* L) {
    std::uint64_t n = length_of(L, 1);
    std::uint64_t log = 1;
    while ((std::uint64_t{1} << log) < n && log < 63) ++log;
    charge(L, n > std::numeric_limits<std::uint64_t>::max() / log ? std::numeric_limits<std::uint64_t>::max() : n * log);
    return call_wrapped(L);
}

// String functions whose work grows with the text they read or write (upper, sub, byte, format, utf8.len...): a
// unit per KiB of their string arguments, so that a loop over a 1 MiB string pays for every pass. (The `..`
// operator and comparisons of long strings are VM instructions that no wrapper sees: the time limit's part.)
int charged_bytes(lua_State* L) {
    std::uint64_t bytes = 0;
    for (int i = 1, top = lua_gettop(L); i <= top; ++i)
        if (lua_type(L, i) == LUA_TSTRING) bytes += lua_rawlen(L, i);
    charge(L, bytes / 1024);
    return call_wrapped(L);
}

// Replaces lib.name by `wrapper` over the original function.
void wrap_field(lua_State* L, const char* lib, const char* name, lua_CFunction wrapper) {
    lua_getglobal(L, lib);
    lua_getfield(L, -1, name);
    lua_pushcclosure(L, wrapper, 1);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

// ---- one order for every run -------------------------------------------------------------------------------
//
// Lua seeds its string hash from addresses and the time, so `next` over string keys differs from run to run.
// The sandbox's next and pairs go through keys in a fixed order instead.

int key_rank(lua_State* L, int idx) {
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER: return lua_isinteger(L, idx) ? 0 : 1;
    case LUA_TSTRING: return 2;
    case LUA_TBOOLEAN: return 3;
    default: return -1;
    }
}

// The fixed order of two keys of ranks 0..3; neither allocates nor raises.
bool key_less(lua_State* L, int a, int b) {
    int ra = key_rank(L, a), rb = key_rank(L, b);
    if (ra != rb) return ra < rb;
    switch (ra) {
    case 0: return lua_tointeger(L, a) < lua_tointeger(L, b);
    case 1: return lua_tonumber(L, a) < lua_tonumber(L, b);
    case 2: {
        std::size_t la, lb;
        const char* pa = lua_tolstring(L, a, &la);
        const char* pb = lua_tolstring(L, b, &lb);
        int c = std::memcmp(pa, pb, std::min(la, lb));
        return c != 0 ? c < 0 : la < lb;
    }
    default: return !lua_toboolean(L, a) && lua_toboolean(L, b);
    }
}

void check_key(lua_State* L, int idx) {
    if (key_rank(L, idx) < 0)
        luaL_error(L, "a table with a %s key has no fixed order for next/pairs in hooks", luaL_typename(L, idx));
}

// next(t [, k]): the smallest key after k in the fixed order, and its value. One walk of the table, charged.
int ordered_next(lua_State* L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    if (!lua_isnil(L, 2)) check_key(L, 2);
    std::uint64_t n = 0;
    lua_pushnil(L);  // 3: the best key so far (nil: none)
    lua_pushnil(L);  // 4: walking key
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        ++n;
        check_key(L, 4);
        if ((lua_isnil(L, 2) || key_less(L, 2, 4)) && (lua_isnil(L, 3) || key_less(L, 4, 3))) {
            lua_pushvalue(L, 4);
            lua_replace(L, 3);
        }
    }
    charge(L, n);
    if (lua_isnil(L, 3)) {
        if (!lua_isnil(L, 2)) {  // as Lua's next: a key that is not in the table is an error
            lua_pushvalue(L, 2);
            if (lua_rawget(L, 1) == LUA_TNIL) return luaL_error(L, "invalid key to 'next'");
        }
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 3);
    lua_pushvalue(L, 3);
    lua_rawget(L, 1);
    return 2;
}

// The iterator pairs returns: upvalue 1 the sorted keys, upvalue 2 the position reached, upvalue 3 the table
// (read there, not from the iteration's state, which for a frozen table is the frozen table).
int sorted_iterate(lua_State* L) {
    lua_Integer at = lua_tointeger(L, lua_upvalueindex(2));
    lua_Integer count = static_cast<lua_Integer>(lua_rawlen(L, lua_upvalueindex(1)));
    while (at < count) {
        ++at;
        lua_rawgeti(L, lua_upvalueindex(1), at);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) {  // a key removed during the traversal is skipped
            lua_pushinteger(L, at);
            lua_replace(L, lua_upvalueindex(2));
            return 2;
        }
        lua_pop(L, 2);
    }
    lua_pushinteger(L, at);
    lua_replace(L, lua_upvalueindex(2));
    lua_pushnil(L);
    return 1;
}

// Sorts the array part 1..n of the table at `list` in the fixed order (insertion into a binary heap would need
// no more: n log n swaps through the stack, no C++ allocation inside the protected call).
void sort_keys(lua_State* L, int list, lua_Integer n) {
    // Heap sort on the Lua table.
    auto less_at = [&](lua_Integer a, lua_Integer b) {
        lua_rawgeti(L, list, a);
        lua_rawgeti(L, list, b);
        bool r = key_less(L, -2, -1);
        lua_pop(L, 2);
        return r;
    };
    auto swap_at = [&](lua_Integer a, lua_Integer b) {
        lua_rawgeti(L, list, a);
        lua_rawgeti(L, list, b);
        lua_rawseti(L, list, a);
        lua_rawseti(L, list, b);
    };
    auto sift = [&](lua_Integer root, lua_Integer end) {
        for (;;) {
            lua_Integer child = 2 * root;
            if (child > end) return;
            if (child + 1 <= end && less_at(child, child + 1)) ++child;
            if (!less_at(root, child)) return;
            swap_at(root, child);
            root = child;
        }
    };
    for (lua_Integer i = n / 2; i >= 1; --i) sift(i, n);
    for (lua_Integer end = n; end > 1; --end) {
        swap_at(1, end);
        sift(1, end - 1);
    }
}

// pairs(t): __pairs when the table has one (views, frozen tables), else the keys in the fixed order.
int ordered_pairs(lua_State* L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
        return 3;
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_newtable(L);  // 2: the keys
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1)) {
        lua_pop(L, 1);
        check_key(L, -1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, 2, ++n);
    }
    std::uint64_t log = 1;
    while ((std::uint64_t{1} << log) < static_cast<std::uint64_t>(n) && log < 63) ++log;
    charge(L, static_cast<std::uint64_t>(n) * log);
    sort_keys(L, 2, n);
    lua_pushinteger(L, 0);
    lua_pushvalue(L, 1);
    lua_pushcclosure(L, sorted_iterate, 3);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// tostring without addresses: a table, function or other reference without __tostring is its type name.
int plain_tostring(lua_State* L) {
    luaL_checkany(L, 1);
    int t = lua_type(L, 1);
    bool reference = t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD ||
                     t == LUA_TLIGHTUSERDATA;
    if (reference) {
        if (luaL_getmetafield(L, 1, "__tostring") == LUA_TNIL) {
            lua_pushstring(L, lua_typename(L, t));
            return 1;
        }
        lua_pop(L, 1);
    }
    luaL_tolstring(L, 1, nullptr);
    return 1;
}

// string.format without %p, and with references shown as plain_tostring shows them.
int plain_format(lua_State* L) {
    std::size_t len;
    const char* f = luaL_checklstring(L, 1, &len);
    for (std::size_t i = 0; i + 1 < len; ++i) {
        if (f[i] != '%') continue;
        std::size_t k = i + 1;
        while (k < len && std::strchr("-+ #0123456789.", f[k])) ++k;
        if (k < len && f[k] == 'p') return luaL_error(L, "string.format's %%p (an address) is not available in hooks");
        i = k;  // "%%" skips its second '%'
    }
    int top = lua_gettop(L);
    std::uint64_t bytes = 0;  // as charged_bytes
    for (int i = 1; i <= top; ++i)
        if (lua_type(L, i) == LUA_TSTRING) bytes += lua_rawlen(L, i);
    charge(L, bytes / 1024);
    for (int i = 2; i <= top; ++i) {
        int t = lua_type(L, i);
        if (t == LUA_TTABLE || t == LUA_TFUNCTION || t == LUA_TUSERDATA || t == LUA_TTHREAD || t == LUA_TLIGHTUSERDATA) {
            lua_pushcfunction(L, plain_tostring);
            lua_pushvalue(L, i);
            lua_call(L, 1, 1);
            lua_replace(L, i);
        }
    }
    return call_wrapped(L);
}

// xpcall(f, handler, ...): the handler is skipped once a budget is spent. Lua runs a message handler with the
// count hook off when the error came from the count hook, so a looping handler would escape every budget.
int guarded_handler(lua_State* L) {
    if (state_of(L).stop != State::Stop::none) return 1;  // the stop token, unchanged
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}
int guarded_xpcall(lua_State* L) {
    int n = lua_gettop(L);
    luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, guarded_handler, 1);
    lua_replace(L, 2);
    lua_pushboolean(L, 1);  // first result
    lua_pushvalue(L, 1);    // function
    lua_rotate(L, 3, 2);    // below the function's arguments
    int status = lua_pcall(L, n - 2, LUA_MULTRET, 2);
    if (status != LUA_OK) {
        lua_pushboolean(L, 0);
        lua_pushvalue(L, -2);
        return 2;
    }
    return lua_gettop(L) - 2;
}

void remove_fields(lua_State* L, const char* table, std::initializer_list<const char*> fields) {
    if (table) lua_getglobal(L, table);
    else lua_pushglobaltable(L);
    for (const char* f : fields) {
        lua_pushnil(L);
        lua_setfield(L, -2, f);
    }
    lua_pop(L, 1);
}

void make_view_metatable(lua_State* L);

// Opens the allowed libraries, removes what a stranger's rulebook must not reach and freezes the libraries.
int open_sandbox(lua_State* L) {
    const luaL_Reg libs[] = {{LUA_GNAME, luaopen_base},     {LUA_STRLIBNAME, luaopen_string},
                             {LUA_TABLIBNAME, luaopen_table}, {LUA_MATHLIBNAME, luaopen_math},
                             {LUA_UTF8LIBNAME, luaopen_utf8}};
    for (const luaL_Reg& lib : libs) {
        luaL_requiref(L, lib.name, lib.func, 1);
        lua_pop(L, 1);
    }
    remove_fields(L, nullptr, {"dofile", "loadfile", "print", "warn", "collectgarbage", "rawset"});
    remove_fields(L, LUA_STRLIBNAME, {"dump", "find", "match", "gmatch", "gsub"});
    remove_fields(L, LUA_MATHLIBNAME, {"random", "randomseed"});
    lua_register(L, "load", text_load);
    lua_register(L, "setmetatable", safe_setmetatable);
    lua_register(L, "next", ordered_next);
    lua_register(L, "pairs", ordered_pairs);
    lua_register(L, "tostring", plain_tostring);
    lua_register(L, "xpcall", guarded_xpcall);
    wrap_field(L, LUA_STRLIBNAME, "rep", charged_rep);
    wrap_field(L, LUA_STRLIBNAME, "format", plain_format);
    for (const char* f : {"byte", "char", "lower", "upper", "reverse", "sub", "pack", "unpack"})
        wrap_field(L, LUA_STRLIBNAME, f, charged_bytes);
    for (const char* f : {"char", "codepoint", "len", "offset"}) wrap_field(L, LUA_UTF8LIBNAME, f, charged_bytes);
    wrap_field(L, LUA_TABLIBNAME, "move", charged_move);
    wrap_field(L, LUA_TABLIBNAME, "concat", charged_concat);
    wrap_field(L, LUA_TABLIBNAME, "unpack", charged_unpack);
    wrap_field(L, LUA_TABLIBNAME, "insert", charged_shift);
    wrap_field(L, LUA_TABLIBNAME, "remove", charged_shift);
    wrap_field(L, LUA_TABLIBNAME, "sort", charged_sort);
    make_view_metatable(L);

    lua_pushliteral(L, "");  // hide the strings' metatable, whose __index is the string library
    lua_getmetatable(L, -1);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 2);
    for (const char* lib : {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME}) {
        lua_getglobal(L, lib);
        lua_pushfstring(L, "%s.", lib);
        freeze(L, -2, lua_tostring(L, -1));
        lua_pop(L, 2);
    }
    return 0;
}

// After the chunk has run: records its global Lua functions under HooksKey and freezes the globals.
int finish_load(lua_State* L) {
    lua_newtable(L);
    lua_pushglobaltable(L);
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        if (lua_type(L, -2) == LUA_TSTRING && lua_isfunction(L, -1) && !lua_iscfunction(L, -1)) {
            lua_pushvalue(L, -2);
            lua_insert(L, -2);
            lua_rawset(L, 1);
        } else {
            lua_pop(L, 1);
        }
    }
    freeze(L, -1, "");
    lua_pop(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &HooksKey);
    return 0;
}

// ---- snapshot to Lua ---------------------------------------------------------------------------------------
//
// The snapshot is not copied into Lua. Each JSON object or array the hook reaches is an empty table (a view)
// with one shared metatable whose __index reads the JSON node on demand. A view is made once per node address and
// kept from call to call (the table at ViewsKey maps node -> view, State::views view -> node), so that a caller
// which keeps its snapshot tree in place, as the timeline runner does, makes no view after its first calls.
// Each call marks the views it reaches with its serial; a view kept by a hook past its call, whose node may be
// gone, raises instead of reading it. A caller that passes a new tree each time makes new views, and past
// MaxKeptViews the host forgets them all at the start of a call.

char ViewsKey;     // registry key of the table node (light userdata) -> view
char ViewMetaKey;  // registry key of the views' shared metatable
constexpr std::size_t MaxKeptViews = 256;

void push_node(lua_State* L, const json& j);

// What the table at `idx` shows if it is a view; neither allocates nor raises.
const State::View* find_view(lua_State* L, int idx) {
    const State& s = state_of(L);
    auto it = s.views.find(lua_topointer(L, idx));
    return it == s.views.end() ? nullptr : &it->second;
}

// The JSON node behind the view at `idx`, or an error if the view was not reached in the running call.
const json& node_of(lua_State* L, int idx) {
    const State::View* view = find_view(L, idx);
    if (!view || view->call != state_of(L).call) luaL_error(L, "a snapshot can be read only during the call it was given to");
    return *view->node;
}

// Drops every kept view (protected: makes a new table). A view a hook still holds is no longer one.
void forget_views(lua_State* L) {
    lua_createtable(L, 0, 16);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ViewsKey);
    state_of(L).views.clear();
}

// Records that the view on top shows `j` in the running call. The map's allocation is the one C++ allocation made
// inside a protected call: its failure becomes a Lua error, raised outside the handler.
void mark_view(lua_State* L, const json& j) {
    State& s = state_of(L);
    bool stored = true;
    try {
        s.views.insert_or_assign(lua_topointer(L, -1), State::View{&j, s.call});
    } catch (...) {
        stored = false;
    }
    if (!stored) luaL_error(L, "not enough memory for the snapshot's views");
}

// Pushes the view of an array or object node: the same table for the same node.
void push_view(lua_State* L, const json& j) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &ViewsKey);
    if (lua_rawgetp(L, -1, &j) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 0);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &ViewMetaKey);
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, -3, &j);  // views[node] = view
    }
    lua_remove(L, -2);
    mark_view(L, j);
}

void push_node(lua_State* L, const json& j) {
    switch (j.type()) {
    case json::value_t::null: lua_pushnil(L); break;
    case json::value_t::boolean: lua_pushboolean(L, j.get<bool>()); break;
    case json::value_t::number_integer: lua_pushinteger(L, j.get<std::int64_t>()); break;
    case json::value_t::number_unsigned: {
        auto u = j.get<std::uint64_t>();
        if (u > static_cast<std::uint64_t>(std::numeric_limits<lua_Integer>::max()))
            luaL_error(L, "snapshot integer beyond the 64-bit signed range");
        lua_pushinteger(L, static_cast<lua_Integer>(u));
        break;
    }
    case json::value_t::number_float: lua_pushnumber(L, j.get<double>()); break;
    case json::value_t::string: {
        const auto& s = j.get_ref<const json::string_t&>();
        lua_pushlstring(L, s.data(), s.size());
        break;
    }
    case json::value_t::array:
    case json::value_t::object: push_view(L, j); break;
    default: luaL_error(L, "snapshot holds a value Lua cannot represent (binary)");
    }
}

// The element of an array node at a Lua index 1..n, or null.
const json* element(const json& array, lua_State* L, int key) {
    int is_integer = 0;
    lua_Integer i = lua_tointegerx(L, key, &is_integer);
    const auto& a = array.get_ref<const json::array_t&>();
    if (!is_integer || i < 1 || static_cast<std::uint64_t>(i) > a.size()) return nullptr;
    return &a[static_cast<std::size_t>(i - 1)];
}

int view_index(lua_State* L) {
    const json& j = node_of(L, 1);
    const json* found = nullptr;
    if (j.is_array()) {
        found = element(j, L, 2);
    } else if (lua_type(L, 2) == LUA_TSTRING) {
        std::size_t len;
        const char* key = lua_tolstring(L, 2, &len);
        const auto& o = j.get_ref<const json::object_t&>();
        auto it = o.find(std::string_view(key, len));  // transparent comparator: no temporary string
        if (it != o.end()) found = &it->second;
    }
    if (found) push_node(L, *found);
    else lua_pushnil(L);
    return 1;
}

int view_len(lua_State* L) {
    const json& j = node_of(L, 1);
    lua_pushinteger(L, j.is_array() ? static_cast<lua_Integer>(j.size()) : 0);
    return 1;
}

// next() for views: arrays in order 1..n, objects in key order.
int view_next(lua_State* L) {
    const json& j = node_of(L, 1);
    lua_settop(L, 2);
    if (j.is_array()) {
        lua_Integer previous = lua_isnil(L, 2) ? 0 : lua_tointeger(L, 2);
        if (previous < 0 || static_cast<std::uint64_t>(previous) >= j.size()) return 0;
        lua_pushinteger(L, previous + 1);
        push_node(L, j[static_cast<std::size_t>(previous)]);
        return 2;
    }
    const auto& o = j.get_ref<const json::object_t&>();
    auto it = o.begin();
    if (!lua_isnil(L, 2)) {
        std::size_t len;
        const char* key = luaL_checklstring(L, 2, &len);
        it = o.find(std::string_view(key, len));
        if (it == o.end()) return luaL_error(L, "invalid key to 'next'");
        ++it;
    }
    if (it == o.end()) return 0;
    lua_pushlstring(L, it->first.data(), it->first.size());
    push_node(L, it->second);
    return 2;
}

int view_pairs(lua_State* L) {
    node_of(L, 1);
    lua_pushcfunction(L, view_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// Creates the views' shared metatable.
void make_view_metatable(lua_State* L) {
    const luaL_Reg methods[] = {{"__index", view_index}, {"__newindex", snapshot_newindex},
                                {"__len", view_len},     {"__pairs", view_pairs},
                                {nullptr, nullptr}};
    luaL_newlib(L, methods);
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ViewMetaKey);
    forget_views(L);
}

// Protected, once the names are sorted: replaces the table name -> hook at HooksKey with a list in the order of
// State::names, so that a call finds its hook by position rather than by making its name a Lua string.
int list_hooks(lua_State* L) {
    const auto& names = state_of(L).names;
    lua_rawgetp(L, LUA_REGISTRYINDEX, &HooksKey);
    lua_createtable(L, static_cast<int>(names.size()), 0);
    for (std::size_t i = 0; i < names.size(); ++i) {
        lua_getfield(L, 1, names[i].c_str());
        lua_rawseti(L, 2, static_cast<lua_Integer>(i + 1));
    }
    lua_rawsetp(L, LUA_REGISTRYINDEX, &HooksKey);
    return 0;
}

struct CallArgs {
    lua_Integer hook;  // position in State::names, from 1
    const json* snapshot;
};

// Protected: pushes the hook and the snapshot's root view and calls the hook; leaves its results on the stack.
int call_hook(lua_State* L) {
    auto* args = static_cast<const CallArgs*>(lua_touserdata(L, 1));
    lua_settop(L, 0);
    if (state_of(L).views.size() > MaxKeptViews) forget_views(L);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &HooksKey);
    lua_rawgeti(L, 1, args->hook);
    lua_remove(L, 1);
    push_node(L, *args->snapshot);
    lua_call(L, 1, LUA_MULTRET);
    return lua_gettop(L);
}

// ---- Lua to result -----------------------------------------------------------------------------------------

struct BadResult {
    std::string path;  // from the value inward: "[1].deduct_time.amount"
    std::string what;
    bool budget = false;  // the conversion budget ran out: no path (which value it ran out at depends on order)
};

bool valid_utf8(std::string_view s) {
    std::size_t i = 0, n = s.size();
    while (i < n) {
        auto c = static_cast<unsigned char>(s[i]);
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 0;
        if (len == 0 || i + len > n) return false;
        std::uint32_t cp = len == 1 ? c : c & (0x7F >> len);
        for (std::size_t k = 1; k < len; ++k) {
            auto b = static_cast<unsigned char>(s[i + k]);
            if ((b & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (b & 0x3F);
        }
        static constexpr std::uint32_t min_for_len[] = {0, 0, 0x80, 0x800, 0x10000};
        if (cp < min_for_len[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += len;
    }
    return true;
}

json to_json(lua_State* L, int idx, int depth);

// Counts one value of the result, and `bytes` of its text, against the conversion budget. A table or string that
// the result reaches several times counts each time, as it is copied each time.
void spend(lua_State* L, std::size_t bytes) {
    State& s = state_of(L);
    if (s.values_left == 0)
        throw BadResult{"", "more than " + std::to_string(s.limits.result_values) +
                                " values (a table or string reached twice counts twice)", true};
    --s.values_left;
    if (bytes > s.bytes_left)
        throw BadResult{"", "more than " + format_bytes(s.limits.result_bytes) +
                                " of text (a string reached twice counts twice)", true};
    s.bytes_left -= bytes;
}

// Charges a part of the snapshot returned as it is, node by node.
void spend_json(lua_State* L, const json& j) {
    if (j.is_string()) {
        spend(L, j.get_ref<const json::string_t&>().size());
    } else if (j.is_object()) {
        spend(L, 0);
        for (const auto& [key, value] : j.items()) {
            spend(L, key.size());
            spend_json(L, value);
        }
    } else if (j.is_array()) {
        spend(L, 0);
        for (const auto& value : j) spend_json(L, value);
    } else {
        spend(L, 0);
    }
}

// A frozen table (a library, the globals) converts as the hidden table behind it.
int shown_table(lua_State* L, int idx) {
    if (!lua_getmetatable(L, idx)) return idx;
    lua_getfield(L, -1, "__newindex");
    lua_CFunction f = lua_tocfunction(L, -1);
    lua_pop(L, 1);
    if (f != frozen_newindex) {
        lua_pop(L, 1);
        return idx;
    }
    lua_getfield(L, -1, "__index");
    lua_remove(L, -2);
    return lua_gettop(L);
}

json table_to_json(lua_State* L, int idx, int depth) {
    if (depth >= MaxDepth) throw BadResult{"", "tables nested deeper than " + std::to_string(MaxDepth) + " levels"};
    if (!lua_checkstack(L, 8)) throw BadResult{"", "no stack space to convert the result"};
    idx = lua_absindex(L, idx);
    // A table the hook built has no metatable: only views (parts of the snapshot, returned as they are) and frozen
    // tables need looking up.
    if (lua_getmetatable(L, idx)) {
        lua_pop(L, 1);
        if (const State::View* view = find_view(L, idx)) {
            if (view->call != state_of(L).call) throw BadResult{"", "a part of the snapshot of an earlier call"};
            spend_json(L, *view->node);
            return *view->node;
        }
        idx = shown_table(L, idx);
    }
    spend(L, 0);
    // One walk converts string keys into an object at once and counts integer keys; a table whose integer keys
    // turn out to be exactly 1..n is then read in order as an array.
    json out;  // null until the first string key makes it an object
    lua_Integer count = 0, max_key = 0;
    std::optional<BadResult> first_error;
    std::string_view first_key;  // a key of the table, alive while the table is on the stack
    auto mixed = [] { return BadResult{"", "a table mixing string keys and integer keys"}; };
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        if (lua_type(L, -2) == LUA_TSTRING) {
            if (count > 0) throw mixed();
            if (out.is_null()) out = json::object();
            std::size_t len;
            const char* key = lua_tolstring(L, -2, &len);
            std::string_view k(key, len);
            spend(L, len);
            if (!valid_utf8(k)) throw BadResult{"", "a key that is not valid UTF-8"};
            // Lua's hash order differs from run to run: of the values that cannot be converted, the one under the
            // smallest key is reported, so that the message does not depend on the run.
            int loop_top = lua_gettop(L);
            try {
                out.get_ref<json::object_t&>().emplace(std::string(k), to_json(L, -1, depth + 1));
            } catch (BadResult& e) {
                if (e.budget) throw;
                lua_settop(L, loop_top);
                if (!first_error || k < first_key) {
                    e.path = "." + std::string(k) + e.path;
                    first_error = std::move(e);
                    first_key = k;
                }
            }
        } else if (lua_isinteger(L, -2) && lua_tointeger(L, -2) >= 1) {
            if (out.is_object()) throw mixed();
            ++count;
            max_key = std::max(max_key, lua_tointeger(L, -2));
        } else {
            std::string what = lua_type(L, -2) == LUA_TNUMBER ? "number key " + std::to_string(lua_tonumber(L, -2))
                                                               : std::string(luaL_typename(L, -2)) + " key";
            throw BadResult{"", "a table with a " + what + " (JSON keys are strings; arrays count from 1)"};
        }
        lua_pop(L, 1);
    }
    if (first_error) throw *first_error;
    if (out.is_object()) return out;
    if (max_key != count)
        throw BadResult{"", "an array with holes (keys up to " + std::to_string(max_key) + ", " +
                                std::to_string(count) + " values)"};
    out = json::array();
    auto& array = out.get_ref<json::array_t&>();
    array.reserve(static_cast<std::size_t>(count));
    for (lua_Integer i = 1; i <= count; ++i) {
        lua_rawgeti(L, idx, i);
        try {
            array.push_back(to_json(L, -1, depth + 1));
        } catch (BadResult& e) {
            if (!e.budget) e.path = "[" + std::to_string(i) + "]" + e.path;
            throw;
        }
        lua_pop(L, 1);
    }
    return out;
}

json to_json(lua_State* L, int idx, int depth) {
    int type = lua_type(L, idx);
    if (type != LUA_TSTRING && type != LUA_TTABLE) spend(L, 0);  // tables count once they are known not views
    switch (type) {
    case LUA_TNIL: return nullptr;
    case LUA_TBOOLEAN: return lua_toboolean(L, idx) != 0;
    case LUA_TNUMBER: {
        if (lua_isinteger(L, idx)) return static_cast<std::int64_t>(lua_tointeger(L, idx));
        double d = lua_tonumber(L, idx);
        if (!std::isfinite(d)) throw BadResult{"", "a number that is NaN or infinite"};
        return d;
    }
    case LUA_TSTRING: {
        std::size_t len;
        const char* p = lua_tolstring(L, idx, &len);
        spend(L, len);
        if (!valid_utf8({p, len})) throw BadResult{"", "a string that is not valid UTF-8"};
        return std::string(p, len);
    }
    case LUA_TTABLE: {
        int top = lua_gettop(L);
        json out = table_to_json(L, idx, depth);
        lua_settop(L, top);
        return out;
    }
    default: throw BadResult{"", std::string("a ") + luaL_typename(L, idx) + ", which has no JSON form"};
    }
}

}  // namespace

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
    allocated = 0;
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
    if (status == LUA_ERRMEM)
        return fail(hook, HookErrorKind::memory_limit, 0,
                    "memory limit of " + format_bytes(limits.memory_bytes) + " exceeded");
    auto kind = status == LUA_ERRSYNTAX ? HookErrorKind::syntax : HookErrorKind::runtime;
    if (lua_type(L, -1) != LUA_TSTRING)  // also keeps lua_tolstring from converting a number in place
        return fail(hook, kind, 0, std::string("error object is a ") + luaL_typename(L, -1) + " value");
    std::string message = lua_tostring(L, -1);
    // Lua's "chunk:line: " prefix becomes the location when it names the rulebook's own chunk.
    std::string prefix = chunk_name + ":";
    if (message.compare(0, prefix.size(), prefix) == 0) {
        std::size_t end = message.find(": ", prefix.size());
        std::string digits = message.substr(prefix.size(), end - prefix.size());
        if (end != std::string::npos && !digits.empty() && digits.size() < 9 &&
            std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return fail(hook, kind, std::stoi(digits), message.substr(end + 2));
    }
    return fail(hook, kind, 0, message);
}

// ---- the host ----------------------------------------------------------------------------------------------

LuaHost::LuaHost(std::string rulebook_id, std::string chunk_name, std::string_view source, LuaLimits limits)
    : state_(std::make_unique<State>()) {
    State& s = *state_;
    s.rulebook = std::move(rulebook_id);
    s.chunk_name = std::move(chunk_name);
    s.limits = limits;
    s.L = lua_newstate(allocate, &s);
    if (!s.L) throw s.fail(ChunkHook, HookErrorKind::memory_limit, 0, "memory limit of " + format_bytes(limits.memory_bytes) + " exceeded");
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
    int status = luaL_loadbufferx(L, source.data(), source.size(), name.c_str(), "t");
    if (status == LUA_OK) status = lua_pcall(L, 0, 0, 0);
    s.running = false;
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
    lua_pushcfunction(L, call_hook);
    lua_pushlightuserdata(L, &args);
    s.start_budget();
    int status = lua_pcall(L, 1, LUA_MULTRET, 0);
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
