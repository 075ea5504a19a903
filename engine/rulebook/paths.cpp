#include "rulebook/paths.h"

#include "rulebook/warnings.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>
#include <mutex>
#include <optional>
#include <set>

namespace arbiter::rulebook {

namespace {

// Where the installed data lies relative to the program's folder (../share/arbiter: CMake's GNUInstallDirs).
constexpr const char* InstalledData = ARBITER_DATA_FROM_BIN;

// The folder holding `part` (rulesets or schemas) of the bundled data.
std::filesystem::path bundled(const char* part) {
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const auto installed = (exe.parent_path() / InstalledData / part).lexically_normal();
        if (std::filesystem::is_directory(installed, ec)) return installed;
    }
    return std::filesystem::path(ARBITER_SOURCE_DIR) / part;
}

// The parts of a colon-separated list of folders (as PATH is written), empty parts left out.
std::vector<std::string> split_colons(const char* text) {
    std::vector<std::string> out;
    if (!text) return out;
    std::string_view rest(text);
    while (!rest.empty()) {
        const auto colon = rest.find(':');
        const auto part = rest.substr(0, colon);
        if (!part.empty()) out.emplace_back(part);
        if (colon == std::string_view::npos) break;
        rest.remove_prefix(colon + 1);
    }
    return out;
}

// The folders `given`, then those of the environment variable `env`, then `bundled_dir`, each once; a missing
// user folder is reported and left out (the bundled one is kept, so its absence is reported where it is read).
Folders search_path(const std::vector<std::string>& given, const char* env, const std::filesystem::path& bundled_dir,
                    const char* what) {
    Folders out;
    // Each folder's canonical name is worked out once: comparing every new folder with every one kept, each named
    // again, cost the square of the list's length.
    std::set<std::filesystem::path> seen;
    auto add = [&](const std::filesystem::path& folder, const std::string& from) {
        std::error_code ec;
        const auto canonical = std::filesystem::weakly_canonical(folder, ec);
        if (!ec && !seen.insert(canonical).second) return;  // named twice (or skipped once): passed over
        if (!from.empty() && !std::filesystem::is_directory(folder, ec)) {
            if (warnings_lang() == Lang::ja)
                spdlog::warn("警告: {} のフォルダ '{}'（{}）を読み飛ばした：読めるフォルダではない", what, folder.string(), from);
            else
                spdlog::warn("skipped the {} folder '{}' ({}): it is not a folder that can be read", what, folder.string(), from);
            return;
        }
        spdlog::debug("{} folder {}: {}", what, out.size() + 1, folder.string() + (from.empty() ? " (bundled)" : " (" + from + ")"));
        out.push_back(folder);
    };
    for (const auto& folder : given) add(folder, std::string("--") + what);
    for (const auto& folder : split_colons(std::getenv(env))) add(folder, env);
    add(bundled_dir, "");
    return out;
}

std::mutex schemas_guard;
std::vector<std::string> schemas_given;  // set by the CLI before any schema is read
std::optional<Folders> schemas_found;    // the search path, worked out (and reported) once

}  // namespace

std::filesystem::path bundled_rulesets_dir() { return bundled("rulesets"); }

std::filesystem::path bundled_schemas_dir() { return bundled("schemas"); }

Folders rulesets_dir(const std::vector<std::string>& given) {
    return search_path(given, "ARBITER_RULESETS", bundled_rulesets_dir(), "rulesets");
}

namespace {

// Whether anything stands at `path` (a FIFO or a folder as well as a file). What stands there but is no regular file
// is the folder's answer all the same, and the front door (core::record::InputFile) refuses it by name: a FIFO or a
// folder named games/xiangqi.yaml or timeline.schema.json was passed over in silence and the bundled file used.
bool stands(const std::filesystem::path& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    return !ec && status.type() != std::filesystem::file_type::not_found;
}

}  // namespace

std::filesystem::path folder_of_game(std::string_view game, const Folders& folders) {
    for (const auto& dir : folders)
        if (stands(dir / "games" / (std::string(game) + ".yaml"))) return dir;
    return folders.empty() ? std::filesystem::path() : folders.back();
}

void set_schemas_dirs(const std::vector<std::string>& given) {
    const std::lock_guard lock(schemas_guard);
    schemas_given = given;
    schemas_found.reset();
}

Folders schemas_dirs() {
    const std::lock_guard lock(schemas_guard);
    if (!schemas_found) schemas_found = search_path(schemas_given, "ARBITER_SCHEMAS", bundled_schemas_dir(), "schemas");
    return *schemas_found;
}

std::filesystem::path schema_file(std::string_view name) {
    const Folders folders = schemas_dirs();
    for (const auto& folder : folders)
        if (stands(folder / name)) return folder / name;
    return bundled_schemas_dir() / name;
}

}  // namespace arbiter::rulebook
