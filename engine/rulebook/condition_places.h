// Where the runner can know a condition: a condition it establishes only in some places (EngineWords::
// place_conditions), or one reading a role only some triggers bind (EngineWords::condition_roles), stands only in a
// rule on a topic one of those places raises; anywhere else it is never known and its case would never match.
#pragma once

#include "rulebook/registry.h"

#include <string>
#include <vector>

namespace arbiter::rulebook {

// Why `condition` is never known in a rule raised by `raised_by`, as the end of a refusal ("which ...; expected
// ..."); empty where it can be known.
std::string never_known_here(const EngineWords& engine, const std::vector<std::string>& raised_by,
                             const std::string& condition);

}  // namespace arbiter::rulebook
