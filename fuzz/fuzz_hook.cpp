// layer: procedure
// Hook results (procedure/lua_host.h): the input is a rulebook's Lua chunk; every hook it defines is called twice
// with a small snapshot. Whatever the chunk does, each call ends in a JSON value or a HookError within the
// limits (small here, so that runs stay fast), and the host answers the next call.
#include "procedure/lua_host.h"

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace arbiter::procedure;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 16384) return 0;
    static const nlohmann::json snapshot = {
        {"clock", {{"claimant", 90000}, {"opponent", -1}}}, {"list", {1, 2, 3}}, {"name", "fide-2009"}, {"half", 0.5}};
    const LuaLimits limits{.instructions = 20'000,
                           .memory_bytes = 4u << 20,
                           .time = std::chrono::seconds(10),
                           .result_values = 10'000,
                           .result_bytes = 1u << 20};
    try {
        LuaHost host("fuzz-book", "fuzz.lua", {reinterpret_cast<const char*>(data), size}, limits);
        for (int round = 0; round < 2; ++round)
            for (const auto& name : host.hook_names()) {
                try {
                    (void)host.call(name, snapshot).dump();
                } catch (const HookError&) {
                }
            }
    } catch (const HookError&) {
    }
    return 0;
}
