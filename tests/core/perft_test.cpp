// Perft (leaf counts of the legal move tree) against published tables: the exactness test of move
// generation, make/unmake and the chess data.
#include "chess_fixture.h"

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>
#include <vector>

namespace perft_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {

struct EpdLine {
    int line;
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> depths;
};

// Reads `FEN ;D1 n ;D2 n ...` lines.
std::vector<EpdLine> read_epd(const std::string& path) {
    std::ifstream in(path);
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << path);
    std::vector<EpdLine> out;
    std::string text;
    int number = 0;
    while (std::getline(in, text)) {
        ++number;
        auto semi = text.find(';');
        if (semi == std::string::npos) continue;
        EpdLine e{number, text.substr(0, semi), {}};
        std::istringstream ss(text.substr(semi));
        std::string tok;
        while (ss >> tok) {
            if (tok == ";") continue;
            if (tok[0] == ';') tok.erase(0, 1);
            std::uint64_t n = 0;
            ss >> n;
            e.depths.emplace_back(std::stoi(tok.substr(1)), n);
        }
        out.push_back(std::move(e));
    }
    return out;
}

// Checks every depth whose published count is at most `max_nodes`; returns the number of checks.
int check_suite(const std::string& file, std::uint64_t max_nodes) {
    int checks = 0;
    for (const EpdLine& e : read_epd(data(file))) {
        Position pos = fen(e.fen);
        for (auto [depth, nodes] : e.depths) {
            if (nodes > max_nodes) break;
            BOOST_TEST_CONTEXT(file << ":" << e.line << " D" << depth << " " << e.fen) {
                BOOST_TEST(pos.perft(depth, true) == nodes);
            }
            ++checks;
        }
        BOOST_TEST(pos.fen() == Position::from_fen(chess(), e.fen).fen());  // perft leaves the position as it was
    }
    return checks;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(perft_matches_published_counts)

// chessprogramming.org/Perft_Results, positions 1-6 (the counts quoted in the issue).
BOOST_AUTO_TEST_CASE(start_position_depth_5_is_4865609_and_depth_6_is_in_the_benchmark) {
    Position pos = Position::start(chess());
    BOOST_TEST(pos.perft(1) == 20u);
    BOOST_TEST(pos.perft(2) == 400u);
    BOOST_TEST(pos.perft(3) == 8902u);
    BOOST_TEST(pos.perft(4) == 197281u);
    if (!sanitized) BOOST_TEST(pos.perft(5) == 4865609u);
}

BOOST_AUTO_TEST_CASE(kiwipete_depth_4_is_4085603) {
    Position pos = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    BOOST_TEST(pos.perft(1) == 48u);
    BOOST_TEST(pos.perft(2) == 2039u);
    BOOST_TEST(pos.perft(3) == 97862u);
    if (!sanitized) BOOST_TEST(pos.perft(4) == 4085603u);
}

BOOST_AUTO_TEST_CASE(positions_3_to_6_of_the_wiki) {
    BOOST_TEST(fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").perft(sanitized ? 4 : 5) == (sanitized ? 43238u : 674624u));
    BOOST_TEST(fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1").perft(4) == 422333u);
    BOOST_TEST(fen("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8").perft(3) == 62379u);
    BOOST_TEST(fen("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10").perft(3) == 89890u);
}

BOOST_AUTO_TEST_CASE(counting_every_leaf_equals_bulk_counting) {
    // Full counting makes and unmakes the last ply too, so it also tests unmake.
    Position kiwi = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    BOOST_TEST(kiwi.perft(3, false) == 97862u);
    Position pos4 = fen("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1");
    BOOST_TEST(pos4.perft(3, false) == 9467u);
}

BOOST_AUTO_TEST_CASE(suite_of_149_positions) {
    int checks = check_suite("chess-perft.epd", sanitized ? 20000 : 1000000);
    BOOST_TEST(checks >= 149);
}

BOOST_AUTO_TEST_CASE(edge_positions_that_cannot_arise_in_a_game) {
    int checks = check_suite("chess-perft-edge.epd", sanitized ? 20000 : 2000000);
    BOOST_TEST(checks >= 9);
}

BOOST_AUTO_TEST_CASE(random_game_positions) {
    int checks = check_suite("chess-perft-random-300.epd", sanitized ? 2000 : 100000);
    BOOST_TEST(checks >= 300);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(make_unmake_restores_the_position)

BOOST_AUTO_TEST_CASE(every_move_of_kiwipete_is_undone_exactly) {
    Position pos = fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    const std::string before = pos.fen();
    const std::uint64_t key = pos.key();
    for (Move m : pos.legal_moves()) {
        Undo u;
        pos.make(m, u);
        Position fresh = Position::from_fen(chess(), pos.fen());
        BOOST_TEST(pos.key() == fresh.key());  // incremental key equals the key computed from scratch
        pos.unmake(m, u);
        BOOST_TEST(pos.fen() == before);
        BOOST_TEST(pos.key() == key);
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace perft_test
