// Between JSON and Lua (lua_state.h): the snapshot shown as read-only views, and a hook's result converted back
// under its own budget.
#include "procedure/lua_state.h"

#include "core/utf8.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>

namespace arbiter::procedure::lua {

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


// Protected, before the chunk's first run: keeps its compiled function (argument 1) for call_hook.
int keep_pristine(lua_State* L) {
    lua_settop(L, 1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &PristineKey);
    return 0;
}

// Protected: runs the chunk afresh in a new environment, pushes the hook it defines and the snapshot's root view
// and calls the hook; leaves its results on the stack. Every call starts from the same state: the chunk's locals
// (a counter, a table a hook fills) are made anew, so no value carries over from one call, game or thread to the
// next, and `audit --jobs N` rules the same for any N. The environment holds the chunk's globals over the frozen
// libraries and is frozen in turn once the chunk has run, as the first run's globals are.
int call_hook(lua_State* L) {
    auto* args = static_cast<const CallArgs*>(lua_touserdata(L, 1));
    lua_settop(L, 0);
    State& s = state_of(L);
    if (s.views.size() > MaxKeptViews) forget_views(L);
    lua_newtable(L);  // 1: the environment
    lua_createtable(L, 0, 1);
    lua_pushglobaltable(L);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, 1);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &PristineKey);  // 2: the chunk
    lua_pushvalue(L, 1);
    if (!lua_setupvalue(L, 2, 1)) lua_pop(L, 1);  // a main chunk's first upvalue is its _ENV
    lua_call(L, 0, 0);
    freeze(L, 1, "");  // its globals move to a hidden table, which still reads the libraries through _G
    lua_getmetatable(L, 1);
    lua_getfield(L, -1, "__index");
    lua_createtable(L, 0, 1);
    lua_pushglobaltable(L);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_settop(L, 1);
    lua_getfield(L, 1, s.names[static_cast<std::size_t>(args->hook - 1)].c_str());
    if (!lua_isfunction(L, -1)) return luaL_error(L, "the chunk defined this hook at load but not when run again");
    lua_remove(L, 1);
    push_node(L, *args->snapshot);
    lua_call(L, 1, LUA_MULTRET);
    return lua_gettop(L);
}

// The message handler of the host's protected calls: notes the line of the chunk that was running when the error
// was raised, so that the error's place comes from Lua's own record of the running function and never from the
// message, which the hook writes (error("rules.lua:4242: ...", 0) once moved the error to line 4242).
int error_line_handler(lua_State* L) {
    State& s = state_of(L);
    s.error_line = 0;
    lua_Debug ar;
    for (int level = 1; lua_getstack(L, level, &ar); ++level) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0 && ar.source[0] == '@' && s.chunk_name == ar.source + 1) {
            s.error_line = ar.currentline;
            break;
        }
    }
    return 1;  // the error value, unchanged
}

// ---- Lua to result -----------------------------------------------------------------------------------------


bool valid_utf8(std::string_view s) { return core::valid_utf8(s); }

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


}  // namespace arbiter::procedure::lua
