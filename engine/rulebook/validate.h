// `arbiter validate`: any YAML kind, detected from its top key, checked for schema and meaning.
#pragma once

#include "rulebook/rulebook.h"
#include "rulebook/schema.h"
#include "core/game_def.h"

#include <filesystem>
#include <string>

namespace arbiter::rulebook {

struct Validation {
    Kind kind = Kind::rulebook;
    bool schema_checked = true;  // false when the kind has no schema file yet (game definitions)
};

// Validates one file: reads it through the safe front door, detects its kind, checks its schema, then
// its meaning (rulebook: registry names and extends; event: rulebook, mode, set paths; timeline: event,
// times, start position; registry: loads; game: the core's loader). Throws InputError.
// Refuses, at the effect, a word the engine cannot act on in this game (count where nothing is counted). Throws
// InputError naming the effect's file:line:column.
void check_for_game(const Rulebook& book, const core::GameDefinition& game);

Validation validate_file(const std::filesystem::path& path, const Library& library, const std::string& rulebook_override = {});

}  // namespace arbiter::rulebook
