// Who can still checkmate (FIDE 5.2b dead position, 6.9 flag fall, 12.3b-style "unless the opponent
// cannot checkmate by any series of legal moves"). Three answers, never a guess: `yes` and `no` are
// proofs, `unknown` says the core did not decide.
//
// Today only the classic insufficient-material table and the end of the game on the board decide;
// the search that settles the remaining positions (the `can_checkmate` of issue 3) plugs in here.
#pragma once

#include "core/position.h"

namespace arbiter::core {

enum class Ability { no, yes, unknown };
const char* to_string(Ability a);  // "false", "true", "unknown" (the JSON spellings)

// Can `side` still checkmate by some series of legal moves, as far as the material table and a
// finished game tell.
Ability can_checkmate_by_material(const Position& pos, Color side);

// FIDE 5.2b: neither side can checkmate. True only when proven for both.
bool is_dead_by_material(const Position& pos);

}  // namespace arbiter::core
