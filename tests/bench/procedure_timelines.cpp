// Rulings per second of the timeline runner (engine/procedure) over 10,000 generated timelines with claims and
// penalties, under each chess rulebook; and the cost of FIDE 2001 9.5b as a Lua hook against the same rule written
// in YAML cases (equivalent on these timelines: the claimant's time is always in a band the cases cover).
//
// Each timeline (deterministic, from a fixed seed): 1 to 3 knight shuffles (Nf3 Nf6 Ng1 Ng8), an incorrect fifty-move
// claim by White with 25:00, 10:00, 1:30 or 0:40 left (9.5b), an illegal move by Black claimed by White (7.4b/10.3
// ladder), a touch (4.3a) and a second illegal move claimed (second ladder step). (A quickplay-finish claim used to
// follow; with White's clock above two minutes after the illegal-move bonuses, 10.2 does not admit it.)
// Timelines are parsed before timing; what is timed is Runner::run.
#include "procedure/procedure.h"
#include "rulebook/paths.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace arbiter;
using namespace arbiter::procedure;

namespace {

// 10,000 timelines; ARBITER_BENCH_TIMELINES=n runs fewer, for valgrind --tool=callgrind (instruction counts).
const int Count = [] {
    const char* n = std::getenv("ARBITER_BENCH_TIMELINES");
    return n && std::atoi(n) > 0 ? std::atoi(n) : 10000;
}();

std::string clock_at(std::int64_t ms) {
    const std::int64_t s = ms / 1000;
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld:%02lld", (long long)(s / 3600), (long long)(s / 60 % 60), (long long)(s % 60));
    return buf;
}

std::string generate(int index) {
    std::uint64_t x = 0x9E3779B97F4A7C15ull * std::uint64_t(index + 1);
    x ^= x >> 31;
    const int cycles = 1 + int(x % 3);
    const std::int64_t left[] = {25 * 60000, 10 * 60000, 90000, 40000};
    const std::int64_t target = left[(x >> 8) % 4];
    std::string y = "timeline: generated-" + std::to_string(index) + "\nevent: {rulebook: fide-2009, time_control: \"5400\"}\nentries:\n";
    std::int64_t t = 0;
    const char* shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    auto add = [&](const std::string& what) { y += "  - {at: \"" + clock_at(t) + "\", " + what + "}\n"; };
    for (int c = 0; c < cycles; ++c)
        for (const char* m : shuffle) {
            t += 10000;
            add(std::string("move: ") + m);
        }
    // White has used 10 s per move (2 * cycles moves); claim when White has `target` left.
    const std::int64_t white_used = 20000 * cycles;
    t = (5'400'000 - white_used - target) + t;  // White's clock runs from the last black move
    t = (t / 1000) * 1000;
    add("claim: {by: white, kind: fifty_moves}");
    t += 1000; add("move: e4");
    t += 1000; add("move: Ke7");
    add("claim: {by: white, kind: illegal_move}");
    t += 1000; add("move: e5");
    t += 1000; add("touch: {by: white, square: g1}");
    add("move: Nf3");
    t += 1000; add("move: Kd7");  // Black: the king cannot take its own pawn on d7 (an illegal move that names a piece)
    add("claim: {by: white, kind: illegal_move}");
    t += 1000; add("move: Nc6");
    return y;
}

// fide-2001 with 9.5b's formula as YAML cases instead of the Lua hook (same results on the bands generated).
const char* const YamlVariant = R"(rulebook: fide-2001-yaml
title: {en: FIDE 2001 with 9.5b in YAML (benchmark), ja: FIDE 2001（9.5bをYAMLで記述、ベンチマーク用）}
game: chess
extends: fide-2001
source: {file: 001_70d2d8a154087cb7.txt, part: "2001 edition"}
rules:
  draw.incorrect_claim:
    article: "9.5b"
    summary: {en: Incorrect claim, ja: 誤った申し立て}
    params:
      opponent_bonus: {value: 3min}
    cases:
      - when: {time_left_over: 6min}
        effects: [{add_time: {to: opponent, amount: {param: opponent_bonus}}}, {deduct_time: {to: claimant, amount: 3min}}, continue]
      - when: {time_left_over: 2min}
        effects: [{add_time: {to: opponent, amount: {param: opponent_bonus}}}, continue]
      - when: {time_left_over: 59999ms}
        effects: [{add_time: {to: opponent, amount: {param: opponent_bonus}}}, {set_time: {to: claimant, amount: 1min}}, continue]
    effects: [{add_time: {to: opponent, amount: {param: opponent_bonus}}}, continue]
)";

struct Fixture {
    rulebook::Library library = rulebook::Library::open(rulebook::bundled_rulesets_dir());
    std::map<std::string, std::vector<Timeline>> timelines;  // by rulebook id
    rulebook::Rulebook yaml_variant;

    Fixture() {
        for (const char* id : {"jca-1997", "fide-2001", "fide-2009"}) {
            auto& list = timelines[id];
            list.reserve(Count);
            for (int i = 0; i < Count; ++i)
                list.push_back(read_timeline(rulebook::parse_yaml_text(generate(i), "generated.yaml"), library, id));
        }
        const auto dir = std::filesystem::temp_directory_path() / "arbiter-bench-procedure";
        std::filesystem::create_directories(dir);
        std::ofstream(dir / "fide-2001-yaml.yaml") << YamlVariant;
        yaml_variant = library.load_file(dir / "fide-2001-yaml.yaml");
    }
};

Fixture& fixture() {
    static Fixture f;
    return f;
}

// The runs that are timed, and the ones scripts/bench-procedure --instructions counts (callgrind's toggle-collect on
// this name): the untimed first pass stays out of both.
[[gnu::noinline]] Run timed_run(Runner& runner, const Timeline& t, const rulebook::Rulebook& book) {
    return runner.run(t, book);
}

void run_all(benchmark::State& state, const std::string& timelines_of, const rulebook::Rulebook& book, bool hooks = true) {
    auto& f = fixture();
    RunOptions options;
    options.use_hooks = hooks;
    Runner runner(f.library, options);
    // One untimed pass first: the Runner's memories (game definition, Lua host, the dead-position answers of the
    // few positions these timelines reach) are filled once, so every timed pass measures the same steady state.
    for (const auto& t : f.timelines[timelines_of]) benchmark::DoNotOptimize(runner.run(t, book).clocks);
    std::int64_t rulings = 0;
    for (auto _ : state) {
        for (const auto& t : f.timelines[timelines_of]) {
            const Run run = timed_run(runner, t, book);
            rulings += std::int64_t(run.rulings.size());
            benchmark::DoNotOptimize(run.clocks);
        }
    }
    state.SetItemsProcessed(rulings);
    state.counters["timelines"] = Count;
    state.counters["rulings_per_timeline"] = double(rulings) / double(Count * state.iterations());
}

void rulebook_run(benchmark::State& state, const char* id) { run_all(state, id, *fixture().library.find(id)); }

void fide2001_hook(benchmark::State& state) { rulebook_run(state, "fide-2001"); }
void fide2001_yaml(benchmark::State& state) { run_all(state, "fide-2001", fixture().yaml_variant); }
// The hook's rule with the call itself skipped (its effects missing): what the rest of the run costs.
void fide2001_hook_skipped(benchmark::State& state) { run_all(state, "fide-2001", *fixture().library.find("fide-2001"), false); }

// Hook and YAML in turn, by blocks of 100 timelines (about 5 ms each), each block timed by the thread's CPU clock:
// drift of a busy machine (frequency, neighbours, what the caches hold) falls on both alike, and the order within a
// block alternates, so that neither run is always the one that finds the block's timelines already in the caches.
// Reports the hook's extra cost in per cent of the YAML run (`hook_extra_percent`) over all iterations.
void fide2001_hook_against_yaml(benchmark::State& state) {
    auto& f = fixture();
    const auto& timelines = f.timelines["fide-2001"];
    const rulebook::Rulebook& hooked = *f.library.find("fide-2001");
    Runner hook_runner(f.library), yaml_runner(f.library);
    for (const auto& t : timelines) {  // untimed: both runners' memories filled
        benchmark::DoNotOptimize(hook_runner.run(t, hooked).clocks);
        benchmark::DoNotOptimize(yaml_runner.run(t, f.yaml_variant).clocks);
    }
    auto cpu_now = [] {
        timespec ts{};
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
    };
    double hook_ns = 0, yaml_ns = 0;
    constexpr std::size_t Block = 100;
    auto timed_block = [&](std::size_t from, bool hook) {
        const std::size_t to = std::min(from + Block, timelines.size());
        const double t0 = cpu_now();
        for (std::size_t i = from; i < to; ++i)
            benchmark::DoNotOptimize(hook ? timed_run(hook_runner, timelines[i], hooked).clocks
                                          : timed_run(yaml_runner, timelines[i], f.yaml_variant).clocks);
        (hook ? hook_ns : yaml_ns) += cpu_now() - t0;
    };
    for (auto _ : state) {
        for (std::size_t from = 0; from < timelines.size(); from += Block) {
            const bool hook_first = (from / Block) % 2 == 0;
            timed_block(from, hook_first);
            timed_block(from, !hook_first);
        }
    }
    state.counters["hook_ms"] = hook_ns / 1e6 / double(state.iterations());
    state.counters["yaml_ms"] = yaml_ns / 1e6 / double(state.iterations());
    state.counters["hook_extra_percent"] = (hook_ns - yaml_ns) / yaml_ns * 100;
}

}  // namespace

BENCHMARK_CAPTURE(rulebook_run, jca_1997, "jca-1997")->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(rulebook_run, fide_2001, "fide-2001")->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK_CAPTURE(rulebook_run, fide_2009, "fide-2009")->Unit(benchmark::kMillisecond)->Iterations(3);
BENCHMARK(fide2001_hook)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(fide2001_yaml)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(fide2001_hook_skipped)->Unit(benchmark::kMillisecond)->Iterations(5);
BENCHMARK(fide2001_hook_against_yaml)->Unit(benchmark::kMillisecond)->Iterations(10);

BENCHMARK_MAIN();
