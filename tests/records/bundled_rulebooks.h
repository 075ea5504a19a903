// The bundled rulebooks (rulesets/) and one runner over them, loaded once per test program: the records tests read
// real records under each game's default rulebook, and each test file had its own copy of these two.
#pragma once

#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <filesystem>

namespace arbiter::test {

inline const rulebook::Library& library() {
    static const auto lib = rulebook::Library::open(std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets");
    return lib;
}

inline procedure::Runner& runner() {
    static procedure::Runner r(library());
    return r;
}

}  // namespace arbiter::test
