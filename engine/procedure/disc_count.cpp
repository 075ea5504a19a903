#include "procedure/disc_count.h"

#include <algorithm>

namespace arbiter::procedure {

CreditedDiscs credit_discs(const PieceCount& board, int winner, const DiscCredit& credit) {
    CreditedDiscs out;
    out.discs = board.pieces;
    if (winner != 0 && winner != 1) return out;
    const int squares = board.pieces[0] + board.pieces[1] + board.empty;
    int& won = out.discs[std::size_t(winner)];
    int& lost = out.discs[std::size_t(1 - winner)];
    if (credit.empties_to_winner && board.empty > 0) {
        won += board.empty;
        out.empties_given = true;
    }
    if (credit.winner_at_least && won < *credit.winner_at_least) {
        won = std::min(*credit.winner_at_least, squares);
        out.raised = true;
    }
    // The two counts never come to more than the board's squares: a raised winner leaves the loser the rest at most.
    lost = std::min(lost, squares - won);
    return out;
}

}  // namespace arbiter::procedure
