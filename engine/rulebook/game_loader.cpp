#include "rulebook/game_loader.h"

#include "core/game_files.h"
#include "core/position.h"
#include "rulebook/schema.h"

#include <spdlog/spdlog.h>

#include <cctype>
#include <map>
#include <mutex>
#include <optional>

namespace arbiter::rulebook {

namespace {

// The definitions compiled so far, by their file's path, and the lock that guards them.
std::mutex& compiled_guard() {
    static std::mutex guard;
    return guard;
}
std::map<std::string, core::GameDefinitionPtr>& compiled_games() {
    static std::map<std::string, core::GameDefinitionPtr> compiled;
    return compiled;
}

}  // namespace

void check_start_position(const core::GameDefinitionPtr& def, const YamlFile& file) {
    try {
        core::with_bitboard(*def, [&](auto bb) { (void)core::BasicPosition<decltype(bb)>::start(def); });
    } catch (const InputError& e) {
        throw InputError(location_of(file.name, file.root["start"]), "start: " + e.message());
    }
}

core::GameDefinitionPtr load_game(std::string_view game, const std::filesystem::path& rulesets) {
    for (char c : game)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'))
            throw InputError({"<arguments>", 0, 0}, "found the game name '" + std::string(game) + "'; expected letters, digits, '-' or '_'");
    std::mutex& guard = compiled_guard();
    auto& compiled = compiled_games();
    const std::string path = core::game_file(std::string(game), rulesets.string());
    {
        const std::lock_guard lock(guard);
        if (const auto it = compiled.find(path); it != compiled.end()) return it->second;
    }
    // Only where nothing stands: a FIFO or a folder at the name is refused by the reader, by name (rulebook/paths.cpp).
    if (std::error_code ec; !std::filesystem::exists(path, ec))
        throw InputError({path, 0, 0}, "found no definition of the game '" + std::string(game) + "' at " + path +
                                           "; expected a game file rulesets/games/<game>.yaml");
    spdlog::debug("game {}: {}", game, path);
    const YamlFile file = read_yaml_file(path);
    if (detect_kind(file) != Kind::game)
        throw InputError(location_of(file.name, file.root), "found another kind of file; expected a game definition (game:)");
    check_schema(file, Kind::game);
    auto def = core::GameDefinition::from_yaml(file.root, file.name);
    check_start_position(def, file);
    const std::lock_guard lock(guard);
    return compiled.emplace(path, std::move(def)).first->second;
}

const core::GameProfile& game_profile(std::string_view game, const std::filesystem::path& rulesets) {
    static std::mutex guard;
    static std::map<std::string, core::GameProfile> read;  // by the file's path; never erased, so references hold
    const std::string path = core::game_file(std::string(game), rulesets.string());
    {
        const std::lock_guard lock(guard);
        if (const auto it = read.find(path); it != read.end()) return it->second;
    }
    // A compiled definition holds the profile already; else the file alone is read.
    std::optional<core::GameProfile> profile;
    {
        const std::lock_guard lock(compiled_guard());
        if (const auto it = compiled_games().find(path); it != compiled_games().end()) profile = it->second->profile;
    }
    if (!profile) {
        if (std::error_code ec; !std::filesystem::exists(path, ec))
            throw InputError({path, 0, 0}, "found no definition of the game '" + std::string(game) + "' at " + path +
                                               "; expected a game file rulesets/games/<game>.yaml");
        const YamlFile file = read_yaml_file(path);
        if (detect_kind(file) != Kind::game)
            throw InputError(location_of(file.name, file.root), "found another kind of file; expected a game definition (game:)");
        profile = core::GameProfile::from_yaml(file.root, file.name);
    }
    const std::lock_guard lock(guard);
    return read.emplace(path, std::move(*profile)).first->second;
}

core::GameDefinitionPtr load_game(std::string_view game, const Folders& folders) {
    return load_game(game, folder_of_game(game, folders));
}

}  // namespace arbiter::rulebook
