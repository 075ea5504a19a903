// Moves as text on boards of any width: USI for games with hands ("7g7f", "8h2b+", "P*5e"), and the
// same shape with a promotion letter for games without ("e7e8q", as UCI writes it). Square names come
// from the game definition (shogi: files 9-1, ranks a-i). Chess-facing code keeps notation.h.
#pragma once

#include "core/notation.h"
#include "core/position.h"

#include <string>
#include <string_view>

namespace arbiter::core {

// Writes a legal move of `pos`.
template <class BB>
std::string to_usi(const BasicPosition<BB>& pos, Move m);

// Reads a move of `pos` and checks that it is legal there. Throws InputError at `source` (line 0,
// the column in `text` where the problem is) for a malformed or illegal move.
template <class BB>
Move parse_usi(const BasicPosition<BB>& pos, std::string_view text, const std::string& source = "<move>");

// Reads a move of `pos` without throwing: ok with the legal move; syntax_error with the column; illegal with
// `attempted` and, when the board can hold it (the mover has the piece, the target is neither an own piece nor a
// royal one), `move` as written, so that an illegal move nobody noticed can stand where a rulebook says so.
template <class BB>
ParsedMove read_usi(const BasicPosition<BB>& pos, std::string_view text);

// Impasse (jishogi) count of one side: points of its pieces in hand and of its pieces standing in the
// game's impasse zone (each piece type's impasse_points, royal pieces 0), how many non-royal pieces stand
// in the zone, and whether its royal piece does.
struct ImpasseCount {
    int points = 0;
    int pieces_in_zone = 0;
    bool royal_in_zone = false;
};
template <class BB>
ImpasseCount impasse_count(const BasicPosition<BB>& pos, Color side);

}  // namespace arbiter::core
