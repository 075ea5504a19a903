// King and pawn against king on the 8x8 chess board, solved by retrograde analysis: whether the side with the pawn
// can force a win from a position with best play. JCA 15.1 item 3 lists "book draws with pawns only" among the
// positions in which a draw may be claimed; a K+P v K draw is the one such ending a table settles exactly.
#pragma once

namespace arbiter::core {

// Squares 0..63, a1 = 0, b1 = 1, ..., h8 = 63. `pawn_side` owns the king `strong_king` and the pawn, the other
// side the king `weak_king`; `to_move` is the side to move (0 white, 1 black). The pawn moves toward rank 8 for
// white (0) and rank 1 for black (1). False for a position that cannot arise (kings adjacent, two men on a square,
// the pawn on its first or last rank, the side not to move in check): the caller asks only of legal positions.
// The table is built once, on the first call (about half a megabyte), and is safe to share between threads.
bool kpk_win(int pawn_side, int to_move, int strong_king, int weak_king, int pawn);

// Whether the position is one the table holds (see kpk_win): a legal K+P v K position.
bool kpk_legal(int pawn_side, int to_move, int strong_king, int weak_king, int pawn);

}  // namespace arbiter::core
