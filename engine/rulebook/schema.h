// JSON Schema checks of YAML documents (schemas/<kind>.schema.json, draft 7, via valijson), with the
// first failure reported at the YAML node's line:column in words a person can act on.
#pragma once

#include "rulebook/yaml_source.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string_view>

namespace arbiter::rulebook {

// The kinds of YAML file the project reads, named after each file's top key.
enum class Kind { rulebook, game, event, timeline, registry };

std::string_view kind_name(Kind kind);

// Returns the kind of `file` from its top key (the first key, else the first kind key present).
// Throws InputError at the root when no kind key is there.
Kind detect_kind(const YamlFile& file);

// Returns the schema file for `kind` (schema_file("<kind>.schema.json"); the registry uses topics.schema.json).
std::filesystem::path schema_path(Kind kind);

// Validates `file` against the schema of `kind`. Throws InputError at the deepest failing node:
// "file:7:3: rules.draw.repetition.article: found a list; expected a string or a number (...)".
// Returns false, without checking, when the kind has no schema file (yet).
bool check_schema(const YamlFile& file, Kind kind);

// Converts a YAML tree to JSON, typing plain scalars as YAML 1.2's core schema does (3 is a number,
// "3" a string, true a boolean). The tree must have passed the front door's depth and alias checks.
nlohmann::json yaml_to_json(const YAML::Node& node);

}  // namespace arbiter::rulebook
