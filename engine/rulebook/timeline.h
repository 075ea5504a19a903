// Checks of a timeline's meaning beyond its schema (DESIGN.md section 3, Timelines): the event and its
// rulebook resolve, each entry has one action, times never go back, the start position parses.
#pragma once

#include "rulebook/rulebook.h"
#include "rulebook/yaml_source.h"

#include <string>

namespace arbiter::rulebook {

// Checks `file` (a schema-valid timeline) against `library`; `rulebook_override` replaces the event's
// rulebook (arbiter --rulebook). Throws InputError at the offending node.
void check_timeline(const YamlFile& file, const Library& library, const std::string& rulebook_override = {});

// Checks that `position` (startpos, {fen}, {sfen} or {board}) parses for `game`, using the game
// definition under `rulesets` where the core can read it. Throws InputError at the node.
void check_start_position(const YAML::Node& position, const std::string& file, const std::string& game,
                          const std::filesystem::path& rulesets);

}  // namespace arbiter::rulebook
