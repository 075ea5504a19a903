// The moves a time control's increment (and, where category_basis.delay says so, its delay) is counted for when a
// rulebook places a game in a category by time: one answer for the runner, `arbiter clock` and the event check.
#pragma once

#include "rulebook/rulebook.h"

#include <optional>

namespace arbiter::rulebook {

// The header's category_basis.moves; else a basis_moves parameter on a base rule (the categories setting's topic,
// the only one the registry gives it); else none. A rulebook that gives both is refused at load (loader.h).
std::optional<int> category_basis_moves(const Rulebook& book);

}  // namespace arbiter::rulebook
