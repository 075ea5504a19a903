// Where data is looked for: the rulesets folders (games and rulebooks) and the schemas folders. The bundled data
// lies relative to the running program (<prefix>/bin/arbiter finds <prefix>/share/arbiter), so an installed prefix
// can be moved; a program run from its build tree finds the source tree's data instead. Folders a user names come
// on top of the bundled one: searched first, so a user's rulebook may extend a bundled rulebook by id.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::rulebook {

using Folders = std::vector<std::filesystem::path>;

// The bundled rulesets folder: <exe>/../share/arbiter/rulesets when it exists, else ARBITER_SOURCE_DIR/rulesets.
std::filesystem::path bundled_rulesets_dir();
// The bundled schemas folder, found the same way.
std::filesystem::path bundled_schemas_dir();

// The rulesets folders in search order: `given` (the CLI's --rulesets, in the order given), then the folders of
// $ARBITER_RULESETS (colon-separated), then the bundled folder. A folder named twice is kept once, at its first
// place; a folder that does not exist is skipped with a warning.
Folders rulesets_dir(const std::vector<std::string>& given = {});

// The first of `folders` with games/<game>.yaml (the last folder when none has it, so that an error names it).
std::filesystem::path folder_of_game(std::string_view game, const Folders& folders);

// Sets the schemas folders searched before the bundled one (the CLI's --schemas), for the whole process.
void set_schemas_dirs(const std::vector<std::string>& given);
// The schemas folders in search order: those set by set_schemas_dirs, then $ARBITER_SCHEMAS (colon-separated),
// then the bundled folder.
Folders schemas_dirs();
// The schema or registry file `name` (e.g. "topics.yaml") from the first schemas folder that has it; the bundled
// folder's path when none has it.
std::filesystem::path schema_file(std::string_view name);

}  // namespace arbiter::rulebook
