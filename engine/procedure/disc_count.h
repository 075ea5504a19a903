// The discs a counted game credits each side with: the count when neither side can move (othello.game_end) and the
// `count` effect a rule applies to a game that ended otherwise (a game won on time, a forfeit). The pieces on the
// board, the empty squares given to the winner where the rule says so, and a least count for the winner where the
// rule gives one (33 of 64, say, or all 64 for a forfeit), the loser then keeping no more than the squares left.
// Arithmetic only, tested on its own (tests/procedure/disc_count_test.cpp).
#pragma once

#include "procedure/board.h"

#include <array>
#include <optional>

namespace arbiter::procedure {

// How a rule credits the count: the empty squares to the winner, and the least the winner is credited with.
struct DiscCredit {
    bool empties_to_winner = false;
    std::optional<int> winner_at_least;
};

struct CreditedDiscs {
    std::array<int, 2> discs{0, 0};  // per side, in the game's side order
    bool empties_given = false;      // the empty squares went to the winner
    bool raised = false;             // the winner's count was raised to the rule's least count
};

// Credits `board` as `credit` says for `winner` (0 or 1). With no winner (-1: a draw, a game not over) the board's
// count stands: there is nobody to give the empty squares or a least count to.
CreditedDiscs credit_discs(const PieceCount& board, int winner, const DiscCredit& credit);

}  // namespace arbiter::procedure
