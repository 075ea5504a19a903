// The Lua host's budgets (lua_state.h): memory through the allocator, instructions through the count hook, and
// library functions charged for the work they do inside one VM instruction.
#include "procedure/lua_state.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>

namespace arbiter::procedure::lua {

char HooksKey;
char StopToken;
char PristineKey;

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

// The bytes all Lua states of the process hold together (every rulebook's hooks, on every thread).
std::atomic<std::size_t> all_states_bytes{0};

// Counts the bytes the state holds and refuses growth past its cap or past the cap of all states together;
// shrinking always succeeds, as Lua requires.
void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize) {
    auto& s = *static_cast<State*>(ud);
    std::size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        std::free(ptr);
        s.used -= old;
        all_states_bytes.fetch_sub(old, std::memory_order_relaxed);
        return nullptr;
    }
    const std::size_t growth = nsize > old ? nsize - old : 0;
    if (growth > s.limits.memory_bytes - s.used) return nullptr;
    if (growth > 0 &&
        all_states_bytes.fetch_add(growth, std::memory_order_relaxed) + growth > AllStatesMemoryBytes) {
        all_states_bytes.fetch_sub(growth, std::memory_order_relaxed);
        s.shared_limit_hit = true;
        return nullptr;
    }
    void* p = std::realloc(ptr, nsize);
    // A new string (Lua passes its type as osize when ptr is null): its length bounds what comparing it costs.
    if (p && !ptr && osize == LUA_TSTRING && s.running) s.longest_string = std::max(s.longest_string, nsize);
    if (p) {
        s.used = s.used - old + nsize;
        if (nsize < old) all_states_bytes.fetch_sub(old - nsize, std::memory_order_relaxed);
        if (s.running && growth > 0) charge_allocation(s, growth);
    } else {
        all_states_bytes.fetch_sub(growth, std::memory_order_relaxed);
    }
    return p;
}

std::size_t all_states_memory() { return all_states_bytes.load(std::memory_order_relaxed); }

void count_hook(lua_State* L, lua_Debug* ar);

// Sets the count hook's period. lua_sethook walks the whole call stack (settraps), so it is called only at the
// start of a run, for the last partial slice and at the stop, never once per slice: that would be quadratic in a
// deep recursion.
void set_period(lua_State* L, State& s, std::uint64_t period) {
    s.slice = period;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, static_cast<int>(period));
}

// What one instruction costs while the run can reach a string of `longest` bytes: comparing two long strings
// (`==`, `<`) is one VM instruction whose work grows with their length, and no wrapper sees it. The count hook
// cannot see the operands, so every instruction is charged as if it compared the longest string the run made: a
// unit, plus a unit per KiB of that string. A hook that never makes a string of 1 KiB pays nothing more; one that compares
// two 4 MiB strings in a loop pays 4097 units a pass and stops at the instruction limit, the same on every machine.
std::uint64_t instruction_weight(std::size_t longest) { return 1 + longest / 1024; }

// Runs every `slice` instructions: charges them (each at instruction_weight), looks at the clock, and once a
// budget is spent raises on every instruction, so that a pcall inside the hook cannot swallow the stop.
void count_hook(lua_State* L, lua_Debug* ar) {
    auto& s = state_of(L);
    if (s.stop == State::Stop::none) {
        // remaining >= slice always (charge() keeps it so); equal means the budget is spent.
        s.remaining -= std::min(s.remaining, s.slice);
        std::uint64_t extra = s.slice * (instruction_weight(s.longest_string) - 1);
        s.remaining -= std::min(s.remaining, extra);
        if (s.remaining == 0) {
            s.stop = State::Stop::instructions;
        } else if (Clock::now() >= s.deadline) {
            s.stop = State::Stop::time;
        } else {
            if (s.remaining < s.slice) set_period(L, s, s.remaining);
            return;
        }
        set_period(L, s, 1);
    }
    // Also for a stop the allocator marked (charge_allocation), which could not look at the stack itself.
    if (s.stop_line == 0 && lua_getinfo(L, "Sl", ar) && ar->source[0] == '@' && s.chunk_name == ar->source + 1)
        s.stop_line = ar->currentline;
    lua_pushlightuserdata(L, &StopToken);
    lua_error(L);
}

std::string format_bytes(std::size_t n) {
    if (n % (1u << 20) == 0) return std::to_string(n >> 20) + " MiB";
    if (n % (1u << 10) == 0) return std::to_string(n >> 10) + " KiB";
    return std::to_string(n) + " bytes";
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
// operator pays through the allocator, comparisons of long strings through instruction_weight.)
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


}  // namespace arbiter::procedure::lua
