// The discs a counted othello game credits each side with (procedure/disc_count.h): the empty squares to the winner,
// a least count for the winner, the loser never left more than the squares remaining. Every expected count is
// worked by hand in the case's comment; side 0 is black, side 1 white (othello.yaml's side order).
#include "procedure/disc_count.h"

#include <boost/test/unit_test.hpp>

namespace disc_count_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::procedure;

namespace {

constexpr int black = 0, white = 1, nobody_won = -1;

PieceCount board(int black_discs, int white_discs, int empty) { return PieceCount{{black_discs, white_discs}, empty}; }

DiscCredit credit(bool empties_to_winner, std::optional<int> winner_at_least = std::nullopt) {
    DiscCredit c;
    c.empties_to_winner = empties_to_winner;
    c.winner_at_least = winner_at_least;
    return c;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_count_credits_the_winner_as_the_rule_says)

BOOST_AUTO_TEST_CASE(without_credit_the_board_stands) {
    // 1 black, 15 white, 48 empty (the 12-ply game): nothing added, nothing raised.
    const auto c = credit_discs(board(1, 15, 48), white, credit(false));
    BOOST_TEST(c.discs[black] == 1);
    BOOST_TEST(c.discs[white] == 15);
    BOOST_TEST(!c.empties_given);
    BOOST_TEST(!c.raised);
}

BOOST_AUTO_TEST_CASE(the_empty_squares_go_to_the_winner) {
    // The same board with the empty squares to the winner: white 15 + 48 = 63, black keeps 1.
    const auto c = credit_discs(board(1, 15, 48), white, credit(true));
    BOOST_TEST(c.discs[black] == 1);
    BOOST_TEST(c.discs[white] == 63);
    BOOST_TEST(c.empties_given);
}

BOOST_AUTO_TEST_CASE(a_winner_behind_on_the_board_is_raised_and_the_loser_keeps_the_rest) {
    // Black wins on time with 20 discs against 40 and 4 empty: 20 + 4 = 24 is under 33, so black 33; white may keep
    // no more than 64 - 33 = 31 of his 40.
    const auto c = credit_discs(board(20, 40, 4), black, credit(true, 33));
    BOOST_TEST(c.discs[black] == 33);
    BOOST_TEST(c.discs[white] == 31);
    BOOST_TEST(c.empties_given);
    BOOST_TEST(c.raised);
}

BOOST_AUTO_TEST_CASE(a_winner_at_or_above_the_least_count_is_not_raised) {
    // White wins on time early: 3 + 58 empty = 61, above 33; black keeps his 3 (64 - 61 = 3 leaves room for them).
    const auto c = credit_discs(board(3, 3, 58), white, credit(true, 33));
    BOOST_TEST(c.discs[black] == 3);
    BOOST_TEST(c.discs[white] == 61);
    BOOST_TEST(!c.raised);
    // Exactly at the least count: 25 + 8 = 33 is not under 33.
    const auto at = credit_discs(board(25, 31, 8), black, credit(true, 33));
    BOOST_TEST(at.discs[black] == 33);
    BOOST_TEST(at.discs[white] == 31);
    BOOST_TEST(!at.raised);
}

BOOST_AUTO_TEST_CASE(a_raise_never_gives_the_loser_more_than_he_had) {
    // Empty squares not counted: black wins with 30 against 28 and 6 empty; 30 is raised to 33, and white keeps his
    // 28, fewer than the 31 squares left.
    const auto c = credit_discs(board(30, 28, 6), black, credit(false, 33));
    BOOST_TEST(c.discs[black] == 33);
    BOOST_TEST(c.discs[white] == 28);
    BOOST_TEST(c.raised);
}

BOOST_AUTO_TEST_CASE(a_forfeit_at_the_start_is_the_whole_board_to_nothing) {
    // The start position, 2 each and 60 empty, won by forfeit with a least count of 64: black 64, white 64 - 64 = 0.
    const auto c = credit_discs(board(2, 2, 60), black, credit(false, 64));
    BOOST_TEST(c.discs[black] == 64);
    BOOST_TEST(c.discs[white] == 0);
    // A least count above the board's 64 squares credits the whole board, no more.
    const auto over = credit_discs(board(2, 2, 60), white, credit(true, 70));
    BOOST_TEST(over.discs[white] == 64);
    BOOST_TEST(over.discs[black] == 0);
}

BOOST_AUTO_TEST_CASE(with_no_winner_there_is_nobody_to_credit) {
    // A draw or a game not over: the board's count stands whatever the rule credits a winner with.
    const auto c = credit_discs(board(20, 20, 24), nobody_won, credit(true, 33));
    BOOST_TEST(c.discs[black] == 20);
    BOOST_TEST(c.discs[white] == 20);
    BOOST_TEST(!c.empties_given);
    BOOST_TEST(!c.raised);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace disc_count_test
