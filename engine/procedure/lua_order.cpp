// One order for every run (lua_state.h): pairs and next walk keys in a fixed order, tostring and string.format show
// no addresses, so the same hook on the same snapshot gives the same result byte for byte.
#include "procedure/lua_state.h"

#include <algorithm>
#include <cstring>

namespace arbiter::procedure::lua {

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

}  // namespace arbiter::procedure::lua
