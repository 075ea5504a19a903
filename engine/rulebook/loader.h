// Reading one rulebook file into its own rules, checked against the registry (internal to the layer;
// Library in rulebook.h resolves `extends` on top of it).
#pragma once

#include "rulebook/rulebook.h"
#include "rulebook/yaml_source.h"

#include <set>

namespace arbiter::rulebook {

// One rulebook file as written: its own header and rules (removed ones marked), before `extends`.
struct RulebookFile {
    Rulebook own;
    NodeHandle root;
    NodeHandle extends_node;
    std::set<std::string> removed_categories, removed_modes;
    std::set<std::string> categories_with_when;
};

// Parses and checks `file` (already known to be a rulebook): schema, id = file name, game, topics,
// params and their values, effects, conditions, roles, {param} references, hooks. Throws InputError.
RulebookFile parse_rulebook(const YamlFile& file, const Registry& registry, const std::vector<std::string>& games);

// Where category_basis gives the moves, the parameter that would say the same on the categories setting's topic
// (basis_moves, in the rules, a category or a mode) is never read (docs/RULEBOOKS.md): the first such one, or null.
// Both given is refused at load, so what a file writes is what selects its category.
const Param* basis_moves_beside_category_basis(const Rulebook& book, const Registry& registry);
// The refusal's words: `where_basis` says which header sets category_basis.
std::string two_category_bases(const Param& p, const std::string& topic, const std::string& where_basis);

// Reads `node` as a value of `unit`; throws InputError at the node ("found ...; expected ...").
Value read_value(Unit unit, const YAML::Node& node, const std::string& file, const std::string& what);

// Returns the words that say what a unit's values look like: "a duration such as 3min, 90s or 1:30:00".
std::string unit_expectation(Unit unit);

// Throws InputError at `node` of `file` (line:column) with `message`.
[[noreturn]] void fail_at(const std::string& file, const YAML::Node& node, const std::string& message);
// A scalar node's text, or "" for anything else.
std::string scalar_or_empty(const YAML::Node& node);

}  // namespace arbiter::rulebook
