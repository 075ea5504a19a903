// The K+P v K table (core/kpk.h) against positions whose outcome the endgame books settle, each worked by hand in its
// comment: stalemate, the pawn taken, the rule of the square, the rook's pawn with the defending king in the corner,
// the opposition and the key squares (for a pawn on its 4th rank the key squares are the three squares two ranks
// ahead of it: with the stronger king on one of them the pawn side wins whoever moves).
#include "core/kpk.h"

#include <boost/test/unit_test.hpp>

#include <string_view>

namespace kpk_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

constexpr int white = 0, black = 1;

int sq(std::string_view name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }

bool white_wins(int to_move, std::string_view wk, std::string_view bk, std::string_view pawn) {
    BOOST_REQUIRE(arbiter::core::kpk_legal(white, to_move, sq(wk), sq(bk), sq(pawn)));
    return arbiter::core::kpk_win(white, to_move, sq(wk), sq(bk), sq(pawn));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(king_and_pawn_against_king)

BOOST_AUTO_TEST_CASE(stalemate_is_a_draw) {
    // White Ke6, Pe7; black Ke8 to move: d7 and f7 are next to the white king, d8 and f8 attacked by the pawn, e7
    // is the pawn guarded by the king: no move and no check.
    BOOST_TEST(!white_wins(black, "e6", "e8", "e7"));
}

BOOST_AUTO_TEST_CASE(the_pawn_taken_is_a_draw) {
    // White Ka1, Pe4; black Kd5 to move takes the unguarded pawn: king against king.
    BOOST_TEST(!white_wins(black, "a1", "d5", "e4"));
}

BOOST_AUTO_TEST_CASE(a_pawn_outside_the_kings_square_promotes) {
    // White Kh1, Pa5; black Kh8 to move. The pawn needs three moves to a8; the black king needs four to reach even
    // the d-file: 1...Kg7 2.a6 Kf7 3.a7 Ke7 4.a8=Q, the queen safe, and K+Q v K is a forced mate.
    BOOST_TEST(white_wins(black, "h1", "h8", "a5"));
    // The same with the black king on d7, inside the pawn's square (a5-d5-d8-a8): 1.a6 Kc7 2.a7 Kb7 takes it.
    BOOST_TEST(!white_wins(white, "h1", "d7", "a5"));
}

BOOST_AUTO_TEST_CASE(a_rooks_pawn_with_the_defending_king_in_the_corner_is_a_draw) {
    // White Kc4, Pa4; black Ka8, white to move: the black king keeps to a8, b8 and b7; the white king can drive it
    // out only by standing where it stalemates (Kb6 against Ka8 with the pawn on a7: no move), the textbook draw.
    BOOST_TEST(!white_wins(white, "c4", "a8", "a4"));
    BOOST_TEST(!white_wins(black, "c4", "a8", "a4"));
}

BOOST_AUTO_TEST_CASE(the_opposition_decides_with_the_pawn_on_its_fourth_rank) {
    // White Kd5, Pd4; black Kd7. The key squares of d4 are c6, d6, e6.
    // Black to move must give way: 1...Ke7 2.Kc6 or 1...Kc7 2.Ke6, a key square: won.
    BOOST_TEST(white_wins(black, "d5", "d7", "d4"));
    // White to move, black keeps the opposition: 1.Kc5 Kc7 2.Kd5 Kd7 3.Ke5 Ke7 4.d5 Kd7 5.d6 Kd8 6.Ke6 Ke8 7.d7+
    // Kd8 8.Kd6 stalemate: drawn.
    BOOST_TEST(!white_wins(white, "d5", "d7", "d4"));
}

BOOST_AUTO_TEST_CASE(the_king_on_a_key_square_wins_whoever_moves) {
    // White Ke6, Pe4 (key squares d6, e6, f6); black Ke8.
    BOOST_TEST(white_wins(white, "e6", "e8", "e4"));
    BOOST_TEST(white_wins(black, "e6", "e8", "e4"));
}

BOOST_AUTO_TEST_CASE(a_published_tablebase_verdict) {
    // White Ka4, Pe2; Black Ke8, White to move ("4k3/8/8/8/K7/8/4P3/8 w"): the moves as a tablebase program rated
    // them in a published discussion (talkchess.com, "How to implement KPK ?", 14 May 2013, Symbolic's dtbm list):
    // Kb3, Kb4, Kb5 mate in 23; Ka3, Ka5, e3, e4 even. So White to move wins, and after each move Black is to move in
    // a position won (Kb3, Kb4, Kb5) or drawn (the others).
    BOOST_TEST(white_wins(white, "a4", "e8", "e2"));
    for (const char* king : {"b3", "b4", "b5"}) BOOST_TEST(white_wins(black, king, "e8", "e2"), king);
    for (const char* king : {"a3", "a5"}) BOOST_TEST(!white_wins(black, king, "e8", "e2"), king);
    for (const char* pawn : {"e3", "e4"}) BOOST_TEST(!white_wins(black, "a4", "e8", pawn), pawn);
}

BOOST_AUTO_TEST_CASE(a_black_pawn_is_the_same_ending_turned_over) {
    // The opposition case with colours and ranks turned: black Kd4, Pd5; white Kd2.
    BOOST_TEST(arbiter::core::kpk_win(black, white, sq("d4"), sq("d2"), sq("d5")));   // white to move gives way
    BOOST_TEST(!arbiter::core::kpk_win(black, black, sq("d4"), sq("d2"), sq("d5")));  // black to move: drawn
}

BOOST_AUTO_TEST_CASE(positions_that_cannot_arise_are_not_in_the_table) {
    BOOST_TEST(!arbiter::core::kpk_legal(white, white, sq("e4"), sq("e5"), sq("a2")));  // kings side by side
    BOOST_TEST(!arbiter::core::kpk_legal(white, white, sq("e1"), sq("e8"), sq("a1")));  // a pawn on its first rank
    BOOST_TEST(!arbiter::core::kpk_legal(white, white, sq("e1"), sq("e8"), sq("d7")));  // black in check, white to move
    BOOST_TEST(!arbiter::core::kpk_legal(white, 2, sq("e1"), sq("e8"), sq("d2")));      // no such side
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace kpk_test
