// Chess core benchmarks (scripts/bench-chess runs the modes below beside the peers):
//   bench_core_chess perft FEN DEPTH bulk|full   -> {"nodes": N, "seconds": S}   (process CPU time)
//   bench_core_chess generate-pgn FILE GAMES SEED -> a corpus of random legal games with [%clk] comments
//   bench_core_chess generate-real-shaped FILE GAMES SEED -> distinct real-shaped games (real_shaped_games.h) for
//                                                  scripts/bench-audit; prints the archive's shape as JSON
//   bench_core_chess replay FILE                   -> {"games": G, "moves": M, "seconds": S}
// Without a mode it runs the Google Benchmark cases (move generation, make/unmake, perft).
#include "core/game_files.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core/position.h"
#include "real_shaped_games.h"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <random>
#include <string>

using namespace arbiter::core;

namespace {

const char* const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

const GameDefinitionPtr& chess() {
    static const GameDefinitionPtr def = load_game("chess");
    return def;
}

double cpu_seconds() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

int run_perft(const char* fen, int depth, bool bulk) {
    Position pos = std::strcmp(fen, "startpos") == 0 ? Position::start(chess()) : Position::from_fen(chess(), fen);
    double t0 = cpu_seconds();
    std::uint64_t nodes = pos.perft(depth, bulk);
    double s = cpu_seconds() - t0;
    std::printf("{\"nodes\": %llu, \"seconds\": %.6f}\n", (unsigned long long)nodes, s);
    return 0;
}

// Random legal games from a fixed seed (std::mt19937_64 is fully specified; `% n` keeps the choice
// portable), at most 200 plies, with a decreasing [%clk] after every move.
int generate_pgn(const char* path, int games, unsigned long long seed) {
    std::mt19937_64 rng(seed);
    std::ofstream out(path);
    for (int g = 0; g < games; ++g) {
        Game game(Position::start(chess()));
        std::string movetext;
        int clock[2] = {180000, 180000};
        std::optional<Outcome> outcome;
        while (game.ply() < 200 && !(outcome = game.outcome())) {
            MoveList legal = game.position().legal_moves();
            Move m = legal[int(rng() % std::uint64_t(legal.size()))];
            int side = game.position().side_to_move();
            if (side == first) movetext += std::to_string(game.position().fullmove_number()) + ". ";
            movetext += to_san(game.position(), m);
            clock[side] -= int(rng() % 3000);
            if (clock[side] < 0) clock[side] = 0;
            char clk[48];
            std::snprintf(clk, sizeof clk, " { [%%clk %d:%02d:%02d] } ", clock[side] / 3600000, clock[side] / 60000 % 60,
                          clock[side] / 1000 % 60);
            movetext += clk;
            game.play(m);
        }
        std::string result = outcome ? outcome->result() : "*";
        out << "[Event \"arbiter bench corpus\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"" << g + 1
            << "\"]\n[White \"random\"]\n[Black \"random\"]\n[Result \"" << result << "\"]\n[TimeControl \"180+0\"]\n\n"
            << movetext << result << "\n\n";
    }
    return 0;
}

// Parse, play every move legally (SAN), keep the repetition history and the clocks.
int replay_corpus(const char* path) {
    std::ifstream in(path, std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    double t0 = cpu_seconds();
    std::vector<PgnGame> games = read_pgn(text, path);
    std::uint64_t moves = 0, clocks = 0, repetitions = 0;
    for (const PgnGame& g : games) {
        Game game = replay(chess(), g, path);
        moves += std::uint64_t(game.ply());
        for (const PgnMove& m : g.moves) clocks += m.clock ? std::uint64_t(m.clock->count()) : 0;
        repetitions += std::uint64_t(game.repetition_count());
    }
    double s = cpu_seconds() - t0;
    std::printf("{\"games\": %zu, \"moves\": %llu, \"seconds\": %.6f, \"checksum\": %llu}\n", games.size(),
                (unsigned long long)moves, s, (unsigned long long)(clocks + repetitions));
    return 0;
}

void BM_legal_moves_kiwipete(benchmark::State& state) {
    Position pos = Position::from_fen(chess(), kiwipete);
    MoveList list;
    for (auto _ : state) {
        pos.generate_legal(list);
        benchmark::DoNotOptimize(list.size());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_legal_moves_kiwipete);

void BM_perft_bulk(benchmark::State& state) {
    Position pos = state.range(0) == 0 ? Position::start(chess()) : Position::from_fen(chess(), kiwipete);
    const int depth = state.range(0) == 0 ? 5 : 4;
    std::uint64_t nodes = 0;
    for (auto _ : state) nodes += pos.perft(depth, true);
    state.SetItemsProcessed(std::int64_t(nodes));
}
BENCHMARK(BM_perft_bulk)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

void BM_perft_full_start_d4(benchmark::State& state) {
    Position pos = Position::start(chess());
    std::uint64_t nodes = 0;
    for (auto _ : state) nodes += pos.perft(4, false);
    state.SetItemsProcessed(std::int64_t(nodes));
}
BENCHMARK(BM_perft_full_start_d4)->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
    try {
        if (argc == 5 && std::strcmp(argv[1], "perft") == 0)
            return run_perft(argv[2], std::atoi(argv[3]), std::strcmp(argv[4], "bulk") == 0);
        if (argc == 5 && std::strcmp(argv[1], "generate-pgn") == 0)
            return generate_pgn(argv[2], std::atoi(argv[3]), std::strtoull(argv[4], nullptr, 10));
        if (argc == 5 && std::strcmp(argv[1], "generate-real-shaped") == 0) {
            std::printf("%s\n", arbiter::bench::write_real_shaped_archive(chess(), argv[2], std::atoi(argv[3]),
                                                                          std::strtoull(argv[4], nullptr, 10))
                                     .c_str());
            return 0;
        }
        if (argc == 3 && std::strcmp(argv[1], "replay") == 0) return replay_corpus(argv[2]);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "bench_core_chess: %s\n", e.what());
        return 2;
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
