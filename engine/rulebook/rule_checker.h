// The checks of a rulebook file's rules against the registry and the engine's words (rulebook/loader.cpp reads the
// rest of the file): topics, parameters and their units, effects and their fields, conditions, claims, hooks, and
// what a topic nothing raises may carry. Every refusal names file:line:column.
#pragma once

#include "rulebook/rulebook.h"

#include <memory>
#include <string>

namespace arbiter::rulebook {

class RuleChecker;

// Reads the rules of one rulebook file (a `rules:` map, or a category's or mode's), each checked.
class RuleReader {
public:
    RuleReader(const Registry& registry, const std::string& file, const std::string& hooks_text, bool has_hooks);
    ~RuleReader();
    RuleMap read(const YAML::Node& rules, const std::string& id, const std::string& hooks_file);

private:
    std::unique_ptr<RuleChecker> checker_;
};

}  // namespace arbiter::rulebook
