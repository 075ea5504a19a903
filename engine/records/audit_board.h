// The board an audit's runs play on (the WrapBoard of Runner::run): the general board (procedure/board.h) wrapped with
// what the audit's converter knows of the record's moves (RecordedMoves: each move read on the converter's own replay,
// and the position after them all). While the board has made the record's moves and nothing else,
// it answers from them what the general board would work out again:
// - the reading of the record's next move (its text, at its ply) is the converter's, so the text is not read again;
// - the dead-position question along the record is settled by few analyses (a dead position is followed only by dead
//   ones), not one after every capture and pawn move;
// - once the record's end settles that no position on it is dead, the record's moves are left unmade on the general
//   board until something asks more than the side to move, and questions about the record's last position are
//   asked of that position as the converter left it.
// The runner knows none of this: it asks the board as it asks any other.
#pragma once

#include "procedure/board.h"
#include "procedure/procedure.h"
#include "records/recorded_moves.h"

#include <memory>

namespace arbiter::procedure::audit {

// `board` wrapped for the record's moves `moves`, read into `timeline` (Reading::entry), where there are any (from the
// first on, ply by ply) and the board is one of up to 64 squares that moves pieces; else `board` as it is. `timeline`,
// `moves` and `memo` (the runner's) outlive the board.
std::unique_ptr<Board> audit_board(std::unique_ptr<Board> board, const Timeline& timeline, const RecordedMoves& moves,
                                   AnalysisMemo* memo);

}  // namespace arbiter::procedure::audit
