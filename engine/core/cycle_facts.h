// What each side's moves in a repetition cycle were (the game file's cycle_facts analysis): every move a check, every
// move a chase of one and the same piece, each move one or the other, or none of these. The rulebooks decide what a
// pattern brings (the repetition.forcing_cycle topic); the core only states the facts, reading the roles the game
// file names (roles.never_chases, roles.chased_even_protected_by).
#pragma once

#include "core/game.h"

#include <string_view>

namespace arbiter::core {

// idle: some move neither checked nor chased. check: every move gave check. chase: every move chased, and one piece
// was chased all along (followed as it moved). check_and_chase: every move checked or chased, some of each.
enum class CyclePattern : std::uint8_t { idle, check, chase, check_and_chase };
std::string_view pattern_name(CyclePattern p);

// The pattern of `side`'s moves from ply `from` (the cycle's first position) to the end of the record. A move chases
// when, not giving check, it leaves a piece of the opponent (not the royal one) newly open to a legal capture by a
// piece not in roles.never_chases, and that piece either is not protected (no legal recapture on its square) or is
// attacked by one of its roles.chased_even_protected_by pieces. A checking move is a check, not a chase.
template <class BB>
CyclePattern cycle_pattern(const BasicGame<BB>& game, int from, Color side);

}  // namespace arbiter::core
