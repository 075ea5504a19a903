#include "rulebook/paths.h"

#include <cstdlib>

namespace arbiter::rulebook {

std::filesystem::path rulesets_dir(const std::string& explicit_dir) {
    if (!explicit_dir.empty()) return explicit_dir;
    if (const char* env = std::getenv("ARBITER_RULESETS"); env && *env) return env;
    return std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets";
}

std::filesystem::path schemas_dir() {
    if (const char* env = std::getenv("ARBITER_SCHEMAS"); env && *env) return env;
    return std::filesystem::path(ARBITER_SOURCE_DIR) / "schemas";
}

}  // namespace arbiter::rulebook
