// docs/VOCABULARY.md, written from the registry and the engine's tables (`arbiter vocabulary`), so that the
// document cannot drift from what the engine acts on: a test compares the file with this output.
#pragma once

#include "rulebook/registry.h"

#include <string>

namespace arbiter::report {

std::string vocabulary_markdown(const rulebook::Registry& registry);

}  // namespace arbiter::report
