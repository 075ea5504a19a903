// The traditional notation of games with hands, as Japanese output prints a move (▲７六歩, △同　歩, ５五角打,
// ２二角成, ５二金右), written from the game file's notation.traditional words and its pieces' glyphs
// (core/game_profile.h): nothing here names a game or a piece.
#pragma once

#include "core/position.h"

#include <array>
#include <string>
#include <vector>

namespace arbiter::core {

// Writes a move of `pos` (legal, or one the board holds although illegal) where the game file gives
// notation.traditional; "" where it does not. `previous_to`: the square the move before went to (its 同), -1 for
// none.
template <class BB>
std::string to_traditional(const BasicPosition<BB>& pos, Move m, int previous_to);

// The squares from which a piece like the one on `from` goes to `to` by a legal move of `pos`, `from` first; sets
// `could_promote` where the piece on `from` could promote there.
template <class BB>
std::vector<int> traditional_origins(const BasicPosition<BB>& pos, int from, int to, bool& could_promote);

// The words that tell a move from `from` to `to` apart from the moves of the other pieces in `origins` (its kind's,
// traditional_origins): [0] what the move does (up, sideways, down), [1] where the piece stands (right, left,
// straight; null where its place tells nothing). The game file's words; the writer above and the KI2 reader
// (core/record/ki2.h) both use these, so that a move is read back as it is written.
template <class BB>
std::array<const std::string*, 2> traditional_words(const BasicPosition<BB>& pos, int from, int to,
                                                    const std::vector<int>& origins);

}  // namespace arbiter::core
