// Chess960 (rulesets/games/chess960.yaml: castling read from the position, FIDE 2018 Guidelines II.3): the public
// Chess960 perft suite, X-FEN and Shredder-FEN castling fields, king-takes-rook UCI and the castling conditions
// that differ from standard chess.
#include "chess_fixture.h"

#include "core/error.h"
#include "core/notation.h"

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>

namespace chess960_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using arbiter::InputError;
using namespace arbiter::core::testing;

namespace {

const GameDefinitionPtr& chess960() {
    static const GameDefinitionPtr def =
        GameDefinition::load_file(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/chess960.yaml");
    return def;
}

Position fen960(const std::string& text) { return Position::from_fen(chess960(), text); }

bool has_move(const Position& pos, const std::string& uci) {
    for (Move m : pos.legal_moves())
        if (to_uci(pos, m) == uci) return true;
    return false;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(chess960_perft_matches_the_published_suite)

// Every position of tests/data/chess/chess960-perft.epd (`FEN ;D1 n ;D2 n ...`) at each depth whose published
// count is at most the bound; perft leaves the position as it was.
BOOST_AUTO_TEST_CASE(all_967_positions) {
    std::ifstream in(data("chess960-perft.epd"));
    BOOST_REQUIRE_MESSAGE(in, "cannot read chess960-perft.epd");
    const std::uint64_t max_nodes = sanitized ? 20000 : 1000000;
    std::string text;
    int line = 0, checks = 0, positions = 0;
    while (std::getline(in, text)) {
        ++line;
        const auto semi = text.find(';');
        if (semi == std::string::npos) continue;
        const std::string fen_text = text.substr(0, semi);
        Position pos = fen960(fen_text);
        const std::string before = pos.fen();
        std::istringstream ss(text.substr(semi));
        std::string tok;
        std::uint64_t nodes = 0;
        while (ss >> tok >> nodes) {
            if (nodes > max_nodes) break;
            const int depth = std::stoi(tok.substr(2));  // ";D3"
            BOOST_TEST_CONTEXT("line " << line << " D" << depth << " " << fen_text) {
                BOOST_TEST(pos.perft(depth, true) == nodes);
            }
            ++checks;
        }
        BOOST_TEST(pos.fen() == before);
        ++positions;
    }
    BOOST_TEST(positions == 967);
    // Every position at depths 1-3 in the optimised build; under the sanitizers (bound 20,000) depths 1-2 at least,
    // as some depth-3 counts pass the bound there.
    BOOST_TEST(checks >= 967 * (sanitized ? 2 : 3));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chess960_castling_fields)

BOOST_AUTO_TEST_CASE(shredder_letters_read_and_written_as_x_fen) {
    // Line 8 of the suite: king g1, rooks f1 and h1 (HFhf). The h rook is the outermost toward h (K); the f rook
    // is the outermost toward a (Q): X-FEN writes KQkq, Shredder-FEN HFhf.
    Position pos = fen960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    BOOST_TEST(pos.fen() == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9");
    BOOST_TEST(pos.fen(true) == "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    BOOST_TEST(fen960(pos.fen()).fen(true) == pos.fen(true));
}

BOOST_AUTO_TEST_CASE(an_inner_rook_is_written_by_its_file) {
    // Rooks b1 and a1 both toward a from the king on c1, the right on the inner b rook: X-FEN needs its file (B),
    // since Q would name the outermost (a1).
    Position pos = fen960("4k3/8/8/8/8/8/8/RRK5 w B - 0 1");
    BOOST_TEST(pos.fen() == "4k3/8/8/8/8/8/8/RRK5 w B - 0 1");
    BOOST_TEST(!has_move(pos, "c1a1"));
    BOOST_TEST(has_move(pos, "c1b1"));  // king stays on c1, the b rook goes to d1 (II.3.2.6)
}

BOOST_AUTO_TEST_CASE(standard_start_reads_as_chess) {
    Position pos = Position::start(chess960());
    BOOST_TEST(pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    BOOST_TEST(pos.fen(true) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    BOOST_TEST(pos.perft(3, true) == 8902u);  // chessprogramming.org Perft Results, initial position
}

BOOST_AUTO_TEST_CASE(bad_fields_are_refused_at_their_letter) {
    BOOST_CHECK_THROW(fen960("4k3/8/8/8/8/8/8/4K3 w K - 0 1"), InputError);   // no rook toward h
    BOOST_CHECK_THROW(fen960("4k3/8/8/8/8/8/8/R3K3 w B - 0 1"), InputError);  // no rook on b1
    BOOST_CHECK_THROW(fen960("4k3/8/8/8/8/8/8/R3K3 w QA - 0 1"), InputError); // the same right twice
    BOOST_CHECK_THROW(fen960("4k3/8/8/8/8/8/4K3/R7 w Q - 0 1"), InputError);  // king off its home rank
    try {
        fen960("4k3/8/8/8/8/8/8/R3K3 w Qz - 0 1");
        BOOST_FAIL("no error");
    } catch (const InputError& e) {
        BOOST_TEST(std::string(e.what()).find("column 25") != std::string::npos, e.what());  // the 'z'
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(chess960_castling_moves)

BOOST_AUTO_TEST_CASE(the_castling_rook_does_not_shield_the_king) {
    // King c1, rook b1, a black queen a1: O-O-O leaves the king on c1 and takes the rook to d1, so the queen would
    // attack c1 along the emptied rank (3.8.2.2 kept by II.3.1: the king may not end in check). The b rook hides it
    // before the move.
    Position pos = fen960("4k3/8/8/8/8/8/8/qRK5 w Q - 0 1");
    BOOST_TEST(!has_move(pos, "c1b1"));
    // Without the queen it is legal: the king stays on c1, the rook goes to d1.
    Position free = fen960("4k3/8/8/8/8/8/8/1RK5 w Q - 0 1");
    BOOST_TEST(has_move(free, "c1b1"));
}

BOOST_AUTO_TEST_CASE(king_takes_rook_is_read_and_written) {
    // King b1, rook g1 toward h: O-O puts the king on g1 and the rook on f1 (II.3.2.6); c1-g1 and f1 must be
    // vacant (II.3.2.7.4).
    Position pos = fen960("4k3/8/8/8/8/8/8/1K4R1 w K - 0 1");
    ParsedMove p = parse_move(pos, "b1g1");
    BOOST_REQUIRE(p.status == MoveParseStatus::ok);
    BOOST_TEST(int(p.move.kind()) == int(MoveKind::castling));
    BOOST_TEST(to_uci(pos, p.move) == "b1g1");
    BOOST_TEST(to_san(pos, p.move) == "O-O");
    Undo u;
    pos.make(p.move, u);
    BOOST_TEST(pos.fen() == "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    ParsedMove san = parse_move(fen960("4k3/8/8/8/8/8/8/1K4R1 w K - 0 1"), "O-O");
    BOOST_TEST((san.status == MoveParseStatus::ok));
    // A piece between the rook and its end square (f1) forbids it.
    BOOST_TEST(!has_move(fen960("4k3/8/8/8/8/8/8/1K3NR1 w K - 0 1"), "b1g1"));
}

BOOST_AUTO_TEST_CASE(standard_chess_keeps_its_fixed_squares) {
    Position pos = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    BOOST_TEST(has_move(pos, "e1g1"));
    BOOST_TEST(pos.fen(true) == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");  // no file letters outside Chess960
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace chess960_test
