// Shared by the core tests: the chess definition from the source tree, loaded once.
#pragma once

#include "core/game_def.h"
#include "core/position.h"

#include <ostream>
#include <string>

namespace arbiter::core {
// For Boost.Test messages: from, to, kind and extra as numbers.
inline std::ostream& operator<<(std::ostream& os, Move m) {
    return os << "Move(" << m.from() << "," << m.to() << ",kind " << int(m.kind()) << ",extra " << m.extra() << ")";
}
}  // namespace arbiter::core

namespace arbiter::core::testing {

inline const GameDefinitionPtr& chess() {
    static const GameDefinitionPtr def = GameDefinition::load_file(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/chess.yaml");
    return def;
}

inline Position fen(const std::string& text) { return Position::from_fen(chess(), text); }

inline std::string data(const std::string& name) { return std::string(ARBITER_SOURCE_DIR) + "/tests/data/chess/" + name; }

#ifdef ARBITER_SANITIZED
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif

}  // namespace arbiter::core::testing
