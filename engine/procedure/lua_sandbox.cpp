// The sandbox a hook runs in (lua_state.h): the libraries it may use, frozen, with one key order for every run
// and no addresses in its text.
#include "procedure/lua_state.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>

namespace arbiter::procedure::lua {

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
    // The name is shown as written ('=') after "load:", so that a loaded chunk never passes for the rulebook's
    // own file (an "@rules.lua" chunk's errors would otherwise carry that file's lines).
    const char* name = lua_pushfstring(L, "=load:%s", luaL_optstring(L, 2, "(load)"));
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


}  // namespace arbiter::procedure::lua
