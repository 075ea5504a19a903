// Clock presses per second, per mode: a clock must never be what slows an archive audit (target: over
// 10 million presses per second). Each iteration is one press at an instant 1-7 ms after the last, with
// both sides alternating; a reading benchmark measures the computed (not ticked) readings.
#include "clock/clock.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string_view>

using namespace arbiter::clock;

namespace {

TimeControl control_of(std::string_view text) {
    Parsed<TimeControl> p = text.front() == '{' ? parse_yaml_time_control(text) : parse_pgn_time_control(text);
    if (!p) throw std::invalid_argument(p.error.message);
    return *p;
}

void presses(benchmark::State& state, std::string_view text) {
    const TimeControl control = control_of(text);
    Clock clock(control);
    if (clock.start(0, Ms{0}) != Op::ok) state.SkipWithError("start refused");
    std::int64_t t = 0;
    int side = 0;
    for (auto _ : state) {
        t += 1 + (t & 7) % 7;  // varied but deterministic move times
        Op op = clock.press(side, Ms{t});
        benchmark::DoNotOptimize(op);
        side ^= 1;
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["presses_per_second"] =
        benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void readings(benchmark::State& state, std::string_view text) {
    Clock clock(control_of(text));
    if (clock.start(0, Ms{0}) != Op::ok) state.SkipWithError("start refused");
    std::int64_t t = 0;
    for (auto _ : state) {
        ++t;
        Ms shown = clock.shown(0, Ms{t});
        benchmark::DoNotOptimize(shown);
    }
    state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK_CAPTURE(presses, sudden_death, "5400");
BENCHMARK_CAPTURE(presses, fischer, "5400+30");
BENCHMARK_CAPTURE(presses, fide_periods, "40/5400+30:1800+30");
BENCHMARK_CAPTURE(presses, bronstein, "{time: 1000h, delay: {kind: bronstein, time: 2s}}");
BENCHMARK_CAPTURE(presses, simple_delay, "{time: 1000h, delay: {kind: simple, time: 5s}}");
BENCHMARK_CAPTURE(presses, byoyomi, "{time: 10min, byoyomi: {periods: 3, time: 30s}}");
BENCHMARK_CAPTURE(presses, canadian, "{time: 10min, canadian: {moves: 10, time: 5min}}");
BENCHMARK_CAPTURE(presses, hourglass, "*60");
BENCHMARK_CAPTURE(readings, fischer, "5400+30");
BENCHMARK_CAPTURE(readings, byoyomi, "{time: 10min, byoyomi: {periods: 3, time: 30s}}");

BENCHMARK_MAIN();
