#include "rulebook/game_loader.h"

#include "core/game_files.h"
#include "rulebook/schema.h"

#include <spdlog/spdlog.h>

#include <cctype>
#include <map>
#include <mutex>

namespace arbiter::rulebook {

core::GameDefinitionPtr load_game(std::string_view game, const std::filesystem::path& rulesets) {
    for (char c : game)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'))
            throw InputError({"<arguments>", 0, 0}, "found the game name '" + std::string(game) + "'; expected letters, digits, '-' or '_'");
    static std::mutex guard;
    static std::map<std::string, core::GameDefinitionPtr> compiled;  // by the file's path
    const std::string path = core::game_file(std::string(game), rulesets.string());
    {
        const std::lock_guard lock(guard);
        if (const auto it = compiled.find(path); it != compiled.end()) return it->second;
    }
    if (!std::filesystem::is_regular_file(path))
        throw InputError({path, 0, 0}, "found no definition of the game '" + std::string(game) + "' at " + path +
                                           "; expected a game file rulesets/games/<game>.yaml");
    spdlog::debug("game {}: {}", game, path);
    const YamlFile file = read_yaml_file(path);
    if (detect_kind(file) != Kind::game)
        throw InputError(location_of(file.name, file.root), "found another kind of file; expected a game definition (game:)");
    check_schema(file, Kind::game);
    auto def = core::GameDefinition::from_yaml(file.root, file.name);
    const std::lock_guard lock(guard);
    return compiled.emplace(path, std::move(def)).first->second;
}

core::GameDefinitionPtr load_game(std::string_view game, const Folders& folders) {
    return load_game(game, folder_of_game(game, folders));
}

}  // namespace arbiter::rulebook
