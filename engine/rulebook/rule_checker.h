// The checks of a rulebook file's rules against the registry and the engine's words (rulebook/loader.cpp reads the
// rest of the file): topics, parameters and their units, effects and their fields, conditions, claims, hooks, and
// what a topic nothing raises may carry. Every refusal names file:line:column.
#pragma once

#include "rulebook/input_errors.h"
#include "rulebook/rulebook.h"

#include <memory>
#include <string>

namespace arbiter::rulebook {

class RuleChecker;

// Reads the rules of one rulebook file (a `rules:` map, or a category's or mode's), each checked. A rule that fails
// its checks is left out and its error recorded in `errors`, so that the other rules are still checked.
class RuleReader {
public:
    RuleReader(const Registry& registry, const std::string& file, const std::string& hooks_text, bool has_hooks);
    ~RuleReader();
    RuleMap read(const YAML::Node& rules, const std::string& id, const std::string& hooks_file, ErrorCollector& errors);

private:
    std::unique_ptr<RuleChecker> checker_;
};

}  // namespace arbiter::rulebook
