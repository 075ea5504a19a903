// Which game perft and analyze read a position as when --game is not given, from the game files alone: the game
// whose position notation reads the position; where several read it (startpos is every game's, an orthodox FEN is
// chess's and chess960's; a game whose file says `variant_of: <parent>` yields to that parent where both read it),
// the one of them whose file says `default_game: true`; else --game is required. The
// folders are asked in search order (--rulesets before the bundled one): the first with a game that reads the
// position decides, so that a folder of one's own games is not outvoted by the bundled chess.
#pragma once

#include "rulebook/paths.h"

#include <string>

namespace arbiter::cli {

// The game of `position` ("startpos", a FEN, an SFEN or a board string) under `folders`. InputError naming `source`
// when no game reads it (the default game's reading error, with its column) or when it is ambiguous (the games
// that read it, and that --game chooses).
std::string game_of_position(const std::string& position, const std::string& source, const rulebook::Folders& folders);

}  // namespace arbiter::cli
