// can_checkmate over the CHA test vectors (tests/data/unwinnable/dead-positions.txt): positions per
// second with the default node budget, and the fraction decided (counters "decided" and "dead_decided").
#include "core/game_def.h"
#include "core/unwinnable.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace arbiter::core;

namespace {

std::vector<Position> load_vectors() {
    auto def = GameDefinition::load_file(ARBITER_SOURCE_DIR "/rulesets/games/chess.yaml");
    std::ifstream in(ARBITER_SOURCE_DIR "/tests/data/unwinnable/dead-positions.txt");
    std::vector<Position> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        std::string label, w, b, d, fen;
        fields >> label >> w >> b >> d;
        std::getline(fields >> std::ws, fen);
        out.push_back(Position::from_fen(def, fen));
    }
    return out;
}

// One iteration = both sides of one position (cycling through the vectors); is_dead_position's work.
void BM_can_checkmate_cha_vectors(benchmark::State& state) {
    static const std::vector<Position> positions = load_vectors();
    WinnabilityOptions options;
    options.node_limit = std::uint64_t(state.range(0));
    std::size_t i = 0;
    std::int64_t decided = 0, dead_decided = 0, queries = 0, nodes = 0;
    for (auto _ : state) {
        const Position& p = positions[i++ % positions.size()];
        WinnabilityReport w = analyze_checkmate(p, first, options), b = analyze_checkmate(p, second, options);
        benchmark::DoNotOptimize(w.answer);
        benchmark::DoNotOptimize(b.answer);
        decided += (w.answer != Winnability::unknown) + (b.answer != Winnability::unknown);
        queries += 2;
        nodes += std::int64_t(w.nodes + b.nodes);
        dead_decided += w.answer == Winnability::can_checkmate || b.answer == Winnability::can_checkmate ||
                        (w.answer == Winnability::cannot_checkmate && b.answer == Winnability::cannot_checkmate);
    }
    state.SetItemsProcessed(state.iterations());
    state.counters["decided"] = double(decided) / double(queries);
    state.counters["dead_decided"] = double(dead_decided) / double(state.iterations());
    state.counters["nodes_per_s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}
// Every vector once (1803 iterations) at the default budget and at a tenth of it.
BENCHMARK(BM_can_checkmate_cha_vectors)->Arg(400000)->Arg(40000)->Iterations(1803)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
