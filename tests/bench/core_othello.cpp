// Othello core benchmarks (scripts/bench-othello runs the perft mode beside npm reversi-core):
//   bench_core_othello perft BOARD|startpos DEPTH bulk|full   -> {"nodes": N, "seconds": S}   (process CPU time)
// Without a mode it runs the Google Benchmark cases (placement generation, make/unmake, perft).
#include "core/game_files.h"
#include "core/placement_game.h"
#include "core/position.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

using namespace arbiter::core;

namespace {

// FForum position 1 (tests/data/othello/ffo/fforum-1-19.obf line 1): a crowded midgame-to-endgame board.
const char* const fforum_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

const GameDefinitionPtr& othello() {
    static const GameDefinitionPtr def = load_game("othello");
    return def;
}

double cpu_seconds() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

int run_perft(const char* board, int depth, bool bulk) {
    Position pos = std::strcmp(board, "startpos") == 0 ? Position::start(othello())
                                                       : position_from_board_string(othello(), board, "<board>");
    double t0 = cpu_seconds();
    std::uint64_t nodes = pos.perft(depth, bulk);
    double s = cpu_seconds() - t0;
    std::printf("{\"nodes\": %llu, \"seconds\": %.6f}\n", (unsigned long long)nodes, s);
    return 0;
}

void BM_legal_moves_fforum_1(benchmark::State& state) {
    Position pos = position_from_board_string(othello(), fforum_1, "<board>");
    MoveList list;
    for (auto _ : state) {
        pos.generate_legal(list);
        benchmark::DoNotOptimize(list.size());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_legal_moves_fforum_1);

void BM_make_unmake_fforum_1(benchmark::State& state) {
    Position pos = position_from_board_string(othello(), fforum_1, "<board>");
    const MoveList list = pos.legal_moves();
    Undo u;
    for (auto _ : state)
        for (Move m : list) {
            pos.make(m, u);
            pos.unmake(m, u);
        }
    state.SetItemsProcessed(state.iterations() * list.size());
}
BENCHMARK(BM_make_unmake_fforum_1);

void BM_perft_start_d8(benchmark::State& state) {
    Position pos = Position::start(othello());
    std::uint64_t nodes = 0;
    for (auto _ : state) nodes += pos.perft(8, state.range(0) != 0);
    state.SetItemsProcessed(std::int64_t(nodes));
}
BENCHMARK(BM_perft_start_d8)->Arg(1)->Arg(0)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    try {
        if (argc == 5 && std::strcmp(argv[1], "perft") == 0)
            return run_perft(argv[2], std::atoi(argv[3]), std::strcmp(argv[4], "bulk") == 0);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_core_othello: %s\n", e.what());
        return 2;
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
