#include "core/analysis.h"

namespace arbiter::core {

const char* to_string(Ability a) {
    switch (a) {
    case Ability::no: return "false";
    case Ability::yes: return "true";
    case Ability::unknown: return "unknown";
    }
    return "unknown";
}

Ability can_checkmate_by_material(const Position& pos, Color side) {
    if (pos.legal_moves().empty()) {
        // The game is over on the board: only the side that has just mated "could" (and did).
        return pos.is_check() && pos.side_to_move() != side ? Ability::yes : Ability::no;
    }
    if (pos.has_insufficient_material(side)) return Ability::no;
    return Ability::unknown;
}

bool is_dead_by_material(const Position& pos) {
    return can_checkmate_by_material(pos, first) == Ability::no && can_checkmate_by_material(pos, second) == Ability::no;
}

}  // namespace arbiter::core
