#include "core/game_files.h"

#include "core/error.h"

#include <cctype>
#include <cstdlib>
#include <filesystem>

namespace arbiter::core {

std::string rulesets_dir(const std::string& configured) {
    if (!configured.empty()) return configured;
    if (const char* env = std::getenv("ARBITER_RULESETS"); env && *env) return env;
    return std::string(ARBITER_SOURCE_DIR) + "/rulesets";
}

std::string game_file(const std::string& game, const std::string& configured) {
    return rulesets_dir(configured) + "/games/" + game + ".yaml";
}

GameDefinitionPtr load_game(const std::string& game, const std::string& configured) {
    for (char c : game)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'))
            throw InputError({"<arguments>", 0, 0}, "game name '" + game + "': expected letters, digits, '-' or '_'");
    std::string path = game_file(game, configured);
    if (std::error_code ec; !std::filesystem::exists(path, ec))
        throw InputError({"<arguments>", 0, 0}, "unknown game '" + game + "': no file " + path);
    return GameDefinition::load_file(path);
}

}  // namespace arbiter::core
