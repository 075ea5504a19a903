// Calls per second of a Lua hook (engine/procedure/lua_host.h): the FIDE 2001 9.5b formula with a small snapshot,
// and the parts of its cost (call machinery, snapshot to Lua, result to JSON) measured apart.
#include "procedure/lua_host.h"

#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdint>

using arbiter::procedure::LuaHost;
using nlohmann::json;

namespace {

const char* const Chunk = R"lua(
function claimant_deduction(s)
  local t = s.clock.claimant
  if t > 120000 then return {{deduct_time = {to = "claimant", amount = math.min(t // 2, 180000)}}}
  elseif t >= 60000 then return {{set_time = {to = "claimant", amount = 60000}}} end
  return {}
end
function noop(s) return 0 end
function constant_effects(s) return {{deduct_time = {to = "claimant", amount = 180000}}} end
)lua";

// The snapshot DESIGN.md §3 and docs/RULEBOOKS.md describe for a claim: clocks, the claim, counters, params.
json snapshot(std::int64_t claimant_ms) {
    return {{"clock", {{"claimant", claimant_ms}, {"opponent", 300000}}},
            {"claim", {{"by", "white"}, {"kind", "repetition"}}},
            {"counters", {{"moves", 41}, {"illegal_moves", 0}}},
            {"params", {{"opponent_bonus", 180000}}}};
}

// The claimant's time in the three branches of 9.5b: 25:00, 1:30, 0:40.
const std::array<std::int64_t, 3> Times = {1'500'000, 90'000, 40'000};

void run(benchmark::State& state, const char* hook, bool with_snapshot) {
    LuaHost host("fide-2001", "fide-2001.lua", Chunk);
    std::array<json, 3> snapshots = {snapshot(Times[0]), snapshot(Times[1]), snapshot(Times[2])};
    json empty = json::object();
    std::size_t i = 0;
    for (auto _ : state) {
        json out = host.call(hook, with_snapshot ? snapshots[i++ % 3] : empty);
        benchmark::DoNotOptimize(out);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["lua_bytes"] = static_cast<double>(host.memory_used());
}

void formula_hook(benchmark::State& state) { run(state, "claimant_deduction", true); }
void noop_hook_same_snapshot(benchmark::State& state) { run(state, "noop", true); }
void noop_hook_empty_snapshot(benchmark::State& state) { run(state, "noop", false); }
void constant_result_empty_snapshot(benchmark::State& state) { run(state, "constant_effects", false); }

// The same formula in C++, building the same JSON: what the hook costs beyond the answer itself.
void formula_native(benchmark::State& state) {
    std::array<json, 3> snapshots = {snapshot(Times[0]), snapshot(Times[1]), snapshot(Times[2])};
    std::size_t i = 0;
    for (auto _ : state) {
        std::int64_t t = snapshots[i++ % 3]["clock"]["claimant"].get<std::int64_t>();
        json out = json::array();
        if (t > 120000)
            out.push_back({{"deduct_time", {{"to", "claimant"}, {"amount", std::min<std::int64_t>(t / 2, 180000)}}}});
        else if (t >= 60000)
            out.push_back({{"set_time", {{"to", "claimant"}, {"amount", 60000}}}});
        benchmark::DoNotOptimize(out);
    }
    state.SetItemsProcessed(state.iterations());
}

// Loading a rulebook's chunk: a fresh sandboxed state, the libraries frozen, the chunk run once.
void host_creation(benchmark::State& state) {
    for (auto _ : state) {
        LuaHost host("fide-2001", "fide-2001.lua", Chunk);
        benchmark::DoNotOptimize(host);
    }
    state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK(formula_hook);
BENCHMARK(noop_hook_same_snapshot);
BENCHMARK(noop_hook_empty_snapshot);
BENCHMARK(constant_result_empty_snapshot);
BENCHMARK(formula_native);
BENCHMARK(host_creation);

BENCHMARK_MAIN();
