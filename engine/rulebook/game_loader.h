// Game definitions read through the front door: rulesets/games/<game>.yaml meets the same checks as every other
// YAML file (size, depth, duplicate keys, UTF-8, the game schema) before the core compiles it, and each file is
// compiled once per process.
#pragma once

#include "core/game_def.h"
#include "rulebook/paths.h"

#include <filesystem>
#include <string_view>

namespace arbiter::rulebook {

struct YamlFile;

// The game `game` under the rulesets folder `rulesets`; InputError (file:line:column) if there is no such game
// or its file does not conform.
core::GameDefinitionPtr load_game(std::string_view game, const std::filesystem::path& rulesets);
// InputError at the `start:` of `file` (the game file `def` was compiled from) if its start position does not read
// as a position of the game: load_game and validate both check it, so a game file that validates can be played.
void check_start_position(const core::GameDefinitionPtr& def, const YamlFile& file);
// The game `game` from the first of `folders` that has it (rulebook/paths.h).
core::GameDefinitionPtr load_game(std::string_view game, const Folders& folders);
// What the game file of `game` under `rulesets` says the game is beyond its moves (core/game_profile.h: notations,
// record formats, analyses, default rulebook), read without compiling its pieces: what a command reads to choose a
// game or a rulebook before it plays one. Read once per file and process; InputError as load_game.
const core::GameProfile& game_profile(std::string_view game, const std::filesystem::path& rulesets);

}  // namespace arbiter::rulebook
