// The file-relative notation of the xiangqi family, from the game file's notation.relative table: WXF's C2.5 (piece
// letter, the file it stands on counted from the mover's right, + forward / - backward / . sideways, then the file it
// goes to, or the number of ranks where it stays on its file) and the traditional 炮二平五 (the same with the piece's
// name, the side's numerals and the direction's word). Two pieces of a kind on one file are told apart by front and
// back signs in place of the file (WXF C+.5, traditional 前炮平五). Nothing here names a game: the words are data.
#pragma once

#include "core/notation.h"
#include "core/position.h"

#include <string>
#include <string_view>

namespace arbiter::core {

enum class RelativeStyle : std::uint8_t { letters, names };

// Writes a legal move of `pos` (ASCII digits for letters; the mover's numerals and the first words for names).
template <class BB>
std::string to_relative(const BasicPosition<BB>& pos, Move m, RelativeStyle style);

// Reads a move in either style (any numeral kind, any listed word): ok with the one legal move it names, else a
// syntax error naming the column, or illegal where no legal move fits.
template <class BB>
ParsedMove read_relative(const BasicPosition<BB>& pos, std::string_view text);

}  // namespace arbiter::core
