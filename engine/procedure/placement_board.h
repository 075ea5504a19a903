// The runner's board for a placement game (othello): the discs as they physically stand, which may differ from
// what the rules allow (a disc on a square that turns nothing, a pass while a placement exists, a disc left
// unturned...) until the opponent points the act out and the position before it is restored.
#pragma once

#include "procedure/board.h"

namespace arbiter::procedure {

// The board for a game with a `placement` section, set up from a timeline's `start` (startpos or {board: ...}).
std::unique_ptr<Board> make_placement_board(const core::GameDefinitionPtr& def, const YAML::Node& start,
                                            const std::string& file);

}  // namespace arbiter::procedure
