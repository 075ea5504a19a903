// Position text that once crashed or was analysed as if legal (the "Hard to break" issue): FEN empty-square counts
// that overflow, and positions no game can reach (require_possible_position, engine/core/position_check.cpp).
#include "chess_fixture.h"

#include "core/error.h"
#include "core/game_files.h"
#include "core/placement_game.h"
#include "core/position.h"

#include <boost/test/unit_test.hpp>

#include <string>

namespace position_hardening_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;
using arbiter::core::testing::chess;

namespace {

using ShogiPosition = BasicPosition<WideBitboard<2>>;

GameDefinitionPtr shogi() {
    static GameDefinitionPtr def = load_game("shogi");
    return def;
}

std::string fen_error(const std::string& text) {
    try {
        Position::from_fen(chess(), text, "f");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

// What require_possible_position says of a position the reader accepts.
template <class Pos>
std::string impossible(const Pos& pos) {
    try {
        require_possible_position(pos, "p");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(possible)";
}
std::string chess_problem(const std::string& fen) { return impossible(Position::from_fen(chess(), fen)); }
std::string shogi_problem(const std::string& sfen) { return impossible(ShogiPosition::from_sfen(shogi(), sfen)); }

const std::string Tail = "; expected a position a game can reach";

}  // namespace

BOOST_AUTO_TEST_SUITE(fen_counts_cannot_overflow)

// 4294967304 = 2^32 + 8: an int that wraps reads it as 8 and accepted the rank as full.
BOOST_AUTO_TEST_CASE(a_count_that_wraps_to_a_full_rank_is_too_many_squares) {
    BOOST_TEST(fen_error("4294967304/8/8/8/4k3/8/8/4K3 w - - 0 1") ==
               "f: FEN: field 1 (piece placement) at column 1: rank 8 has more than 8 squares");
}

// 2147483649 = 2^31 + 1 wraps to a negative count: the next piece was written before the board (out of bounds).
BOOST_AUTO_TEST_CASE(a_count_that_wraps_negative_never_reaches_the_board) {
    BOOST_TEST(fen_error("2147483649k/8/8/8/8/8/8/4K3 w - - 0 1") ==
               "f: FEN: field 1 (piece placement) at column 1: rank 8 has more than 8 squares");
    BOOST_TEST(fen_error(std::string(5000, '9') + "/8/8/8/4k3/8/8/4K3 w - - 0 1") ==
               "f: FEN: field 1 (piece placement) at column 1: rank 8 has more than 8 squares");
}

// A count that fits but overfills a rank that already has squares: 3 + 1 + 6 > 8 (column 3 is the '6').
BOOST_AUTO_TEST_CASE(a_count_beyond_the_rest_of_the_rank_is_refused) {
    BOOST_TEST(fen_error("3k6/8/8/8/8/8/8/4K3 w - - 0 1") ==
               "f: FEN: field 1 (piece placement) at column 3: rank 8 has more than 8 squares");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(impossible_positions_are_named)

BOOST_AUTO_TEST_CASE(start_and_ordinary_positions_are_possible) {
    BOOST_TEST(chess_problem("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") == "(possible)");
    BOOST_TEST(chess_problem("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4") == "(possible)");
    BOOST_TEST(shogi_problem("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1") == "(possible)");
    // A promoted rook and pieces in hand, 18 pawns in all: all there is, not more.
    BOOST_TEST(shogi_problem("4k4/9/9/9/8+R/9/9/9/4K4 b 9P9p 1") == "(possible)");
}

// Pawns start on rank 2 and only move forward: none can stand on rank 1 (nor a black one on rank 8).
BOOST_AUTO_TEST_CASE(a_pawn_on_its_first_rank) {
    BOOST_TEST(chess_problem("4k3/8/8/8/8/8/8/P3K3 w - - 0 1") ==
               "p: impossible position: a white pawn on a1: a pawn moves only forward and starts on rank 2, so it "
               "can never stand on rank 1" + Tail);
    BOOST_TEST(chess_problem("p3k3/8/8/8/8/8/8/4K3 w - - 0 1") ==
               "p: impossible position: a black pawn on a8: a pawn moves only forward and starts on rank 7, so it "
               "can never stand on rank 8" + Tail);
}

// FIDE 3.7e: a pawn reaching the last rank is exchanged at once.
BOOST_AUTO_TEST_CASE(a_pawn_on_its_last_rank) {
    BOOST_TEST(chess_problem("4P3/8/8/8/8/8/8/k3K3 w - - 0 1") ==
               "p: impossible position: a white pawn on e8, where it must have promoted" + Tail);
}

BOOST_AUTO_TEST_CASE(more_pawns_than_at_the_start) {
    BOOST_TEST(chess_problem("4k3/8/8/8/P7/PPPPPPPP/8/4K3 w - - 0 1") ==
               "p: impossible position: white has 9 pawns, more than the 8 it starts with" + Tail);
}

// A third rook needs a pawn that promoted: with all 8 pawns on the board there is none; with 7 there is one.
BOOST_AUTO_TEST_CASE(a_third_rook_needs_a_missing_pawn) {
    BOOST_TEST(chess_problem("4k3/8/8/8/8/8/PPPPPPPP/RR2K2R w - - 0 1") ==
               "p: impossible position: white has 1 piece beyond the start position's (3 rooks), but only 0 missing "
               "pieces that could have promoted" + Tail);
    BOOST_TEST(chess_problem("4k3/8/8/8/8/8/PPPPPPP1/RR2K2R w - - 0 1") == "(possible)");
}

// Shogi pawns move straight forward and drops allow one unpromoted pawn per file: two on file 5 is nifu.
BOOST_AUTO_TEST_CASE(nifu) {
    BOOST_TEST(shogi_problem("4k4/9/9/9/9/4P4/4P4/9/4K4 b - 1") ==
               "p: impossible position: 2 sente pawns on the 5 file: its drops allow one per file and it never leaves "
               "its file" + Tail);
}

// A shogi game has 2 rooks and 18 pawns; nothing leaves it.
BOOST_AUTO_TEST_CASE(three_rooks_and_forty_pawns_in_shogi) {
    BOOST_TEST(shogi_problem("4k4/9/9/9/9/9/9/9/4K4 b 3R 1") ==
               "p: impossible position: 3 rooks on the board and in hand (promoted ones included), more than the 2 "
               "the game has" + Tail);
    BOOST_TEST(shogi_problem("4k4/9/9/9/9/9/9/9/4K4 b 40P 1") ==
               "p: impossible position: 40 pawns on the board and in hand (promoted ones included), more than the 18 "
               "the game has" + Tail);
    // A dragon is a rook: a dragon and two rooks in hand are three rooks.
    BOOST_TEST(shogi_problem("4k4/9/9/9/8+R/9/9/9/4K4 b 2R 1") ==
               "p: impossible position: 3 rooks on the board and in hand (promoted ones included), more than the 2 "
               "the game has" + Tail);
}

// A shogi pawn on the far rank could never move again (and could not have been dropped there).
BOOST_AUTO_TEST_CASE(a_shogi_pawn_on_the_last_rank) {
    BOOST_TEST(shogi_problem("P3k4/9/9/9/9/9/9/9/4K4 b - 1") ==
               "p: impossible position: a sente pawn on 9a, where it could never move again" + Tail);
}

// Othello discs are never taken: the four centre squares, occupied at the start, are never empty again. The start
// board string has d4 (square 27, 'O' at index 27) and e4, d5, e5; here d4 is '-'.
BOOST_AUTO_TEST_CASE(an_empty_othello_centre) {
    const GameDefinitionPtr othello = load_game("othello");
    auto board = [&](const std::string& text) { return impossible(position_from_board_string(othello, text, "b")); };
    BOOST_TEST(board("---------------------------OX------XO--------------------------- X") == "(possible)");
    BOOST_TEST(board("----------------------------X------XO--------------------------- X") ==
               "p: impossible position: an empty d4, occupied from the start (pieces are never taken)" + Tail);
    // A full board of one colour is possible (every disc turned): nothing counts discs.
    BOOST_TEST(board(std::string(64, 'X') + " O") == "(possible)");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace position_hardening_test
