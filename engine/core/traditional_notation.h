// The traditional notation of games with hands, as Japanese output prints a move (▲７六歩, △同　歩, ５五角打,
// ２二角成, ５二金右), written from the game file's notation.traditional words and its pieces' glyphs
// (core/game_profile.h): nothing here names a game or a piece.
#pragma once

#include "core/position.h"

#include <string>

namespace arbiter::core {

// Writes a move of `pos` (legal, or one the board holds although illegal) where the game file gives
// notation.traditional; "" where it does not. `previous_to`: the square the move before went to (its 同), -1 for
// none.
template <class BB>
std::string to_traditional(const BasicPosition<BB>& pos, Move m, int previous_to);

}  // namespace arbiter::core
