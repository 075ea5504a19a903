// The Lua hook host's private state and the functions its files share (lua_host.cpp: the host and its errors;
// lua_budget.cpp: memory and instruction budgets, charged library functions; lua_sandbox.cpp: the sandboxed
// libraries and one key order for every run; lua_convert.cpp: snapshot views and results). Private to
// engine/procedure, and with lua_host.cpp the only files that include the Lua headers.
#pragma once

#include "procedure/lua_host.h"

#include <lua.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace arbiter::procedure {

namespace lua {
using Clock = std::chrono::steady_clock;
using nlohmann::json;

inline constexpr int MaxDepth = 32;               // nesting of snapshots and results
inline constexpr std::uint64_t CheckEvery = 1000;  // instructions between two looks at the clock (one may cost ~1 ms)
inline const char* const ChunkHook = "<chunk>";
// What all Lua states of the process may hold together: each rulebook's state has its own cap (LuaLimits), and
// sixty hooked rulebooks at 16 MiB each would otherwise add up to about a gigabyte.
inline constexpr std::size_t AllStatesMemoryBytes = std::size_t{256} << 20;
extern char HooksKey;   // registry key (its address) of the table name -> hook function
extern char StopToken;  // error value (its address) raised once a budget is spent
extern char PristineKey;  // registry key (its address) of the chunk's compiled function, run afresh for each call
}  // namespace lua

namespace detail {
// Counts the LuaHostStates alive (LuaHost::live_states).
struct LiveStateCount {
    LiveStateCount();
    ~LiveStateCount();
    LiveStateCount(const LiveStateCount&) = delete;
    LiveStateCount& operator=(const LiveStateCount&) = delete;
};

struct LuaHostState {
    LiveStateCount counted;
    std::string rulebook;
    std::string chunk_name;
    LuaLimits limits;
    lua_State* L = nullptr;
    std::vector<std::string> names;  // sorted hook names

    std::size_t used = 0;  // bytes held by L
    // The budget of the run in progress.
    std::uint64_t remaining = 0;  // instructions not yet covered by an armed count hook
    std::uint64_t slice = 0;      // instructions the armed count hook covers
    lua::Clock::time_point deadline;
    enum class Stop { none, instructions, time } stop = Stop::none;
    int stop_line = 0;  // line of the chunk where the budget ran out, 0 if elsewhere
    int error_line = 0;
    bool shared_limit_hit = false;  // the last refused allocation was over AllStatesMemoryBytes, not this state's cap  // line of the chunk running when the last error was raised (error_line_handler), 0 if none
    bool running = false;         // a chunk or hook runs: its allocations are charged (allocate)
    std::size_t allocated = 0;    // bytes allocated in the run not yet charged (below 1 KiB)
    // The longest string the run may compare (see count_hook): the longest allocated in this run, or by the chunk's
    // first run (its constants), whichever is longer. Never carried from one call to the next.
    std::size_t longest_string = 0;
    std::size_t chunk_longest_string = 0;  // what the chunk's first run left (constants and upvalues), kept
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

namespace lua {

// What call_hook is handed: the hook's position in State::names (from 1) and the snapshot.
struct CallArgs {
    lua_Integer hook;
    const json* snapshot;
};

// A result that cannot become effects: where (from the value inward: "[1].deduct_time.amount") and why.
struct BadResult {
    std::string path;
    std::string what;
    bool budget = false;  // the conversion budget ran out: no path (which value it ran out at depends on order)
};

State& state_of(lua_State* L);
void charge_allocation(State& s, std::size_t bytes);
void* allocate(void* ud, void* ptr, std::size_t osize, std::size_t nsize);
std::size_t all_states_memory();
void set_period(lua_State* L, State& s, std::uint64_t period);
std::uint64_t instruction_weight(std::size_t longest);
void count_hook(lua_State* L, lua_Debug* ar);
std::string format_bytes(std::size_t n);
int chunk_line(lua_State* L);
void charge(lua_State* L, std::uint64_t n);
std::uint64_t span(lua_Integer first, lua_Integer last);
int call_wrapped(lua_State* L);
std::uint64_t length_of(lua_State* L, int idx);
int charged_rep(lua_State* L);
int charged_move(lua_State* L);
int charged_range(lua_State* L, int first_arg);
int charged_concat(lua_State* L);
int charged_unpack(lua_State* L);
int charged_shift(lua_State* L);
int charged_sort(lua_State* L);
int charged_bytes(lua_State* L);
void wrap_field(lua_State* L, const char* lib, const char* name, lua_CFunction wrapper);
int safe_setmetatable(lua_State* L);
int text_load(lua_State* L);
int raise_at_lua_line(lua_State* L);
int frozen_newindex(lua_State* L);
int snapshot_newindex(lua_State* L);
int frozen_pairs(lua_State* L);
void freeze(lua_State* L, int t, const char* prefix);
int key_rank(lua_State* L, int idx);
bool key_less(lua_State* L, int a, int b);
void check_key(lua_State* L, int idx);
int ordered_next(lua_State* L);
int sorted_iterate(lua_State* L);
void sort_keys(lua_State* L, int list, lua_Integer n);
int ordered_pairs(lua_State* L);
int plain_tostring(lua_State* L);
int plain_format(lua_State* L);
int guarded_handler(lua_State* L);
int guarded_xpcall(lua_State* L);
void remove_fields(lua_State* L, const char* table, std::initializer_list<const char*> fields);
int open_sandbox(lua_State* L);
int finish_load(lua_State* L);
const State::View* find_view(lua_State* L, int idx);
const json& node_of(lua_State* L, int idx);
void forget_views(lua_State* L);
void mark_view(lua_State* L, const json& j);
void push_view(lua_State* L, const json& j);
void push_node(lua_State* L, const json& j);
const json* element(const json& array, lua_State* L, int key);
int view_index(lua_State* L);
int view_len(lua_State* L);
int view_next(lua_State* L);
int view_pairs(lua_State* L);
void make_view_metatable(lua_State* L);
int list_hooks(lua_State* L);
int keep_pristine(lua_State* L);
int error_line_handler(lua_State* L);
int call_hook(lua_State* L);
bool valid_utf8(std::string_view s);
void spend(lua_State* L, std::size_t bytes);
void spend_json(lua_State* L, const json& j);
int shown_table(lua_State* L, int idx);
json table_to_json(lua_State* L, int idx, int depth);
json to_json(lua_State* L, int idx, int depth);

}  // namespace lua
}  // namespace arbiter::procedure
