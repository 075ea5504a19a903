#include "records/record_games.h"

#include "core/game_files.h"
#include "rulebook/game_loader.h"

#include <filesystem>
#include <map>
#include <optional>

namespace arbiter::procedure {

std::vector<std::pair<std::string, std::filesystem::path>> games_with_files(const std::vector<std::filesystem::path>& folders) {
    std::map<std::string, std::filesystem::path> found;
    for (const auto& dir : folders) {
        std::error_code ec;
        if (!std::filesystem::is_directory(dir / "games", ec)) continue;
        for (const auto& entry : std::filesystem::directory_iterator(dir / "games", ec))
            if (entry.path().extension() == ".yaml") found.emplace(entry.path().stem().string(), dir);
    }
    return {found.begin(), found.end()};
}

std::vector<std::string> games_reading(const rulebook::Library& library, std::string_view format) {
    std::vector<std::string> out;
    for (const auto& [game, folder] : games_with_files(library.folders()))
        if (rulebook::game_profile(game, folder).reads_format(format)) out.push_back(game);
    return out;
}

core::GameDefinitionPtr record_game(const rulebook::Library& library, std::string_view format, std::string_view named) {
    struct Kept {
        std::vector<std::filesystem::path> folders;
        std::string format, named;
        core::GameDefinitionPtr def;
    };
    thread_local std::vector<Kept> kept;
    for (const Kept& k : kept)
        if (k.format == format && k.named == named && k.folders == library.folders()) return k.def;
    std::optional<InputError> failed;  // the first game file that did not load, named when no other reads the record
    core::GameDefinitionPtr def;
    for (const auto& [game, folder] : games_with_files(library.folders())) {
        try {
            const core::GameProfile& profile = rulebook::game_profile(game, folder);
            if (!profile.reads_format(format) || !profile.named(named)) continue;
            def = rulebook::load_game(game, folder);
            break;
        } catch (const InputError& e) {
            if (!failed) failed = e;
        }
    }
    if (!def) {
        if (failed) throw *failed;
        return nullptr;
    }
    if (kept.size() >= 16) kept.clear();
    kept.push_back({library.folders(), std::string(format), std::string(named), def});
    return def;
}

}  // namespace arbiter::procedure
