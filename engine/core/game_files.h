// Where game definitions live: rulesets/games/<game>.yaml under the rulesets folder. The rulebook
// layer finds rulebooks under the same folder.
#pragma once

#include "core/game_def.h"

#include <string>

namespace arbiter::core {

// The rulesets folder: `configured` if not empty (the CLI's --rulesets), else the environment variable
// ARBITER_RULESETS, else the source tree's rulesets/ (ARBITER_SOURCE_DIR).
std::string rulesets_dir(const std::string& configured = {});
// Path of rulesets/games/<game>.yaml in that folder.
std::string game_file(const std::string& game, const std::string& configured = {});
// Loads the game definition named `game`; InputError if there is no such game or it does not load.
GameDefinitionPtr load_game(const std::string& game, const std::string& configured = {});

}  // namespace arbiter::core
