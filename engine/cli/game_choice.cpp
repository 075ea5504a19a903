#include "cli/game_choice.h"

#include "cli/position_arg.h"
#include "core/error.h"
#include "core/game_files.h"
#include "records/record_games.h"
#include "rulebook/game_loader.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <vector>

namespace arbiter::cli {

namespace {

std::string joined(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
}

}  // namespace

std::string game_of_position(const std::string& position, const std::string& source, const rulebook::Folders& folders) {
    std::vector<std::string> reading, marked;
    std::optional<InputError> default_error, first_error;
    std::filesystem::path deciding;  // the first folder (in search order) with a game that reads the position
    const auto games = procedure::games_with_files(folders);
    for (const auto& dir : folders)
        for (const auto& [game, folder] : games) {
            if (folder != dir || (!deciding.empty() && folder != deciding)) continue;
            const bool is_default = rulebook::game_profile(game, folder).default_game;
            try {
                if (position != "startpos") {
                    const auto def = rulebook::load_game(game, folder);
                    core::with_bitboard(*def, [&](auto bb) { (void)represented_position<decltype(bb)>(def, position, source); });
                }
            } catch (const InputError& e) {
                if (is_default && !default_error) default_error = e;
                if (!first_error) first_error = e;
                continue;
            }
            deciding = folder;
            reading.push_back(game);
            if (is_default) marked.push_back(game);
        }
    // A variant yields to its parent where both read the position (game_profile.h variant_of).
    std::vector<std::string> parents;
    for (const auto& game : reading)
        if (const auto of = rulebook::game_profile(game, deciding).variant_of;
            std::find(reading.begin(), reading.end(), of) == reading.end())
            parents.push_back(game);
    std::erase_if(marked, [&](const std::string& g) { return std::find(parents.begin(), parents.end(), g) == parents.end(); });
    // Games that each read the position and name one another in variant_of (a variant of b, b of a) leave no
    // parent: say so rather than that no game file was found.
    if (parents.empty() && !reading.empty())
        throw InputError(SourceLocation{source, 0, 0},
                         "the position reads as a position of several games (" + joined(reading) +
                             ") whose game files name one another in variant_of, in a circle; give --game");
    reading = parents;
    if (reading.size() == 1) return reading.front();
    if (marked.size() == 1) return marked.front();
    if (reading.empty()) {
        if (default_error) throw *default_error;
        if (first_error) throw *first_error;
        throw InputError(SourceLocation{source, 0, 0}, "no game file found (rulesets/games/*.yaml); give --game");
    }
    if (marked.size() > 1)
        throw InputError(SourceLocation{source, 0, 0},
                         "the position reads as a position of several games (" + joined(reading) +
                             "), and more than one of them is marked default_game: true (" + joined(marked) +
                             "); give --game");
    throw InputError(SourceLocation{source, 0, 0},
                     "the position reads as a position of several games (" + joined(reading) +
                         ") and none of them is marked default_game: true in its game file; give --game");
}

}  // namespace arbiter::cli
