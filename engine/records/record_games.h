// Which game a record is of, and what it is ruled under, from the game files alone (rulesets/games/*.yaml: records,
// default_rulebook): no game is named here. A record is of the first game, in name order, whose records.formats
// list the record's format and whose records.names hold what the record calls its game ("" when it names none).
#pragma once

#include "core/error.h"
#include "core/game_def.h"
#include "rulebook/rulebook.h"

#include <filesystem>
#include <string>
#include <utility>
#include <string_view>
#include <vector>

namespace arbiter::procedure {

// The game a record of `format` (record_format_name) that calls its game `named` (lower case; "" for none) is of,
// compiled; null when no game file reads it (InputError instead when a game file that might have did not load).
// Kept on each thread by the library's folders: an audit asks for every game of an archive.
core::GameDefinitionPtr record_game(const rulebook::Library& library, std::string_view format, std::string_view named);
// The games whose files read `format` (an audit's start-up reads their default rulebooks); their profiles only.
std::vector<std::string> games_reading(const rulebook::Library& library, std::string_view format);
// Every game with a game file in `folders` (rulebook/paths.h, in search order), with the first folder that has it,
// in name order.
std::vector<std::pair<std::string, std::filesystem::path>> games_with_files(const std::vector<std::filesystem::path>& folders);

}  // namespace arbiter::procedure
