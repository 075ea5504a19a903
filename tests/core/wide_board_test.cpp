// Boards over 64 squares: the same move generator on two- and three-word bitboards (issue 3).
#include "core/error.h"
#include "core/move_text.h"
#include "core/position.h"

#include <boost/test/unit_test.hpp>

namespace wide_board_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

BOOST_AUTO_TEST_SUITE(wide_boards)

// tests/data/games/wide10.yaml, start 9k/10/10/10/10/4R5/10/10/10/K9 w (K a1, R e5, k j10), by hand:
// d1: king a1 -> a2, b1, b2 (3); rook e5 -> a5-d5, f5-j5 (9) and e1-e4, e6-e10 (9): 21.
// d2: black king j10 has i10, i9, j9.
//   after a king move: 3 each -> 9.
//   rook on rank 5: a5-d5, f5-h5 attack none of the three -> 7 x 3 = 21; i5 attacks i9, i10 -> 1;
//   j5 checks along file j, j9 is on the line -> i10, i9 = 2. Sum 24.
//   rook on file e: e1-e4, e6-e8 -> 7 x 3 = 21; e9 attacks i9, j9 -> 1; e10 checks along rank 10,
//   i10 is on the line -> i9, j9 = 2. Sum 24.
//   d2 = 9 + 24 + 24 = 57.
BOOST_AUTO_TEST_CASE(ten_by_ten_rook_and_king_perft_by_hand) {
    auto def = GameDefinition::load_file("tests/data/games/wide10.yaml");
    BOOST_TEST(def->squares == 100);
    BOOST_TEST(def->bitboard_words == 2);
    auto pos = BasicPosition<WideBitboard<2>>::start(def);
    BOOST_TEST(pos.perft(1, false) == 21u);
    BOOST_TEST(pos.perft(2, false) == 57u);
    BOOST_TEST(pos.perft(2, true) == 57u);
    BOOST_TEST(pos.fen() == "9k/10/10/10/10/4R5/10/10/10/K9 w - - 0 1");
    BOOST_TEST(to_usi(pos, parse_usi(pos, "e5e10")) == "e5e10");
    // The narrow position refuses a board it cannot hold.
    BOOST_CHECK_THROW(Position{def}, std::invalid_argument);
}

// tests/data/games/wide12.yaml, start K a1, R e5, k l12 on 12x12 (squares up to 143, third word), by hand:
// d1: king 3; rook rank 5: a-d (4) + f-l (7), file e: 1-4 (4) + 6-12 (7): 3 + 22 = 25.
// d2: black king l12 has k12, k11, l11. King moves: 3 x 3 = 9.
//   rook a5-d5, f5-j5: 9 x 3 = 27; k5 attacks k11, k12 -> 1; l5 checks, l11 on the line -> 2. Sum 30.
//   rook e1-e4, e6-e10: 9 x 3 = 27; e11 attacks k11, l11 -> 1; e12 checks, k12 on the line -> 2. Sum 30.
//   d2 = 9 + 30 + 30 = 69.
BOOST_AUTO_TEST_CASE(twelve_by_twelve_rook_and_king_perft_by_hand) {
    auto def = GameDefinition::load_file("tests/data/games/wide12.yaml");
    BOOST_TEST(def->squares == 144);
    BOOST_TEST(def->bitboard_words == 3);
    with_bitboard(*def, [&](auto bb) {
        using BB = decltype(bb);
        auto pos = BasicPosition<BB>::start(def);
        BOOST_TEST(pos.perft(1, false) == 25u);
        BOOST_TEST(pos.perft(2, false) == 69u);
        BOOST_TEST(pos.perft(2, true) == 69u);
        BOOST_TEST(pos.is_attacked(def->square(11, 11), first) == false);
    });
}

BOOST_AUTO_TEST_CASE(wide_bitboard_operators) {
    using W = WideBitboard<3>;
    W a = bit<W>(3) | bit<W>(70) | bit<W>(143);
    BOOST_TEST(popcount(a) == 3);
    BOOST_TEST(lsb(a) == 3);
    BOOST_TEST(msb(a) == 143);
    BOOST_TEST(more_than_one(a));
    BOOST_TEST(!more_than_one(bit<W>(130)));
    BOOST_TEST(!more_than_one(W{}));
    BOOST_TEST(pop_lsb(a) == 3);
    BOOST_TEST(pop_lsb(a) == 70);
    BOOST_TEST(pop_lsb(a) == 143);
    BOOST_TEST(!a);
    BOOST_TEST(bool(~W{} & bit<W>(100)));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace wide_board_test
