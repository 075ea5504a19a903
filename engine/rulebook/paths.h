// Where the bundled data lives: the rulesets folder (games and rulebooks) and the schemas folder.
#pragma once

#include <filesystem>
#include <string>

namespace arbiter::rulebook {

// Returns the rulesets folder: `explicit_dir` if not empty, else $ARBITER_RULESETS, else
// ARBITER_SOURCE_DIR "/rulesets".
std::filesystem::path rulesets_dir(const std::string& explicit_dir = {});

// Returns the schemas folder: $ARBITER_SCHEMAS, else ARBITER_SOURCE_DIR "/schemas".
std::filesystem::path schemas_dir();

}  // namespace arbiter::rulebook
