// Where the runner can know a condition: a condition it establishes only in some places (EngineWords::
// place_conditions), or one reading a role only some triggers bind (EngineWords::condition_roles), stands only in a
// rule on a topic one of those places raises; anywhere else it is never known and its case would never match.
#pragma once

#include "rulebook/registry.h"
#include "rulebook/rulebook.h"

#include <string>
#include <vector>

namespace arbiter::rulebook {

// Why `condition` is never known in a rule raised by `raised_by`, as the end of a refusal ("which ...; expected
// ..."); empty where it can be known.
std::string never_known_here(const EngineWords& engine, const std::vector<std::string>& raised_by,
                             const std::string& condition);

// Why the claim deadline `deadline` would do nothing in `rule` (on `topic`): counted only where some triggers give it
// its act (EngineWords::place_deadlines), or counting a parameter of the rule that the rule does not give
// (EngineWords::deadline_params). The end of a refusal ("which ...; expected ..."); empty where it is counted.
// Null engine words, topic or rule: nothing to check.
std::string uncounted_deadline(const EngineWords* engine, const Registry& registry, const TopicSpec* topic,
                               const Rule* rule, const std::string& deadline);

}  // namespace arbiter::rulebook
