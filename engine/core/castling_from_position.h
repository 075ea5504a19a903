// Castling read from the position (Chess960, FIDE Laws 2018 Guidelines II.3): the FEN castling field in X-FEN and
// Shredder-FEN against a game whose `castling` is `from_position` (castling_from_position.cpp).
#pragma once

#include "core/game_def.h"

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::core {

// The castling move of `side` of the game file's kind `kind` (index into CastlingFromPosition::kinds) with the king
// and the rook on these squares.
CastlingRule castling_rule(const GameDefinition& g, Color side, int kind, int king_from, int rook_from);

// Reads a FEN castling field (not "-") against the pieces on `board`: K/Q (k/q) name the outermost rook toward
// that edge (X-FEN), a file letter the rook on that file (Shredder-FEN; X-FEN for an inner rook). Fills `rules`
// (the first side's before the second's) and returns "", or returns what is wrong with `column` at the letter
// (0-based in the field).
std::string read_castling_field(const GameDefinition& g, const Piece* board, const Square royal[2],
                                std::string_view field, std::vector<CastlingRule>& rules, int& column);

// The letter a FEN writes for castling move `c`: its own letter in a game of fixed squares; in a from_position
// game its file letter (Shredder-FEN, or X-FEN when another rook of the side stands beyond it), else K/Q.
char castling_letter(const GameDefinition& g, const Piece* board, const CastlingRule& c, bool shredder);

}  // namespace arbiter::core
