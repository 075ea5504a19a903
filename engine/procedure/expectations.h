// A timeline's `expect:` blocks (docs/TIMELINES.md "Expectations") checked against what the runner rules: the
// check `arbiter check` runs for a federation's own rulebook and the fixture test runs for the bundled ones, so
// the two cannot disagree about what "passes" means.
#pragma once

#include "procedure/procedure.h"

#include <filesystem>
#include <string>
#include <vector>

namespace arbiter::procedure {

// One `expect:` block (one rulebook) of one timeline: every difference between what it expects and what was ruled,
// in the order found ("result.status: expected ended, got ongoing", "after entry 3: clocks.white: ..."). A block
// whose run fails (an unknown rulebook, a decision the rulebook does not allow) holds one "error: ..." difference.
struct ExpectationCheck {
    std::string rulebook;
    std::vector<std::string> differences;
    bool passed() const { return differences.empty(); }
};

// Rules `file` under each rulebook its `expect:` block names (only `only_rulebook` when given) and compares.
// `runner` must keep snapshots (RunOptions::keep_snapshots) for the per-entry expectations. Throws InputError when
// the timeline itself cannot be read; returns no checks when it expects nothing (of `only_rulebook`).
std::vector<ExpectationCheck> check_expectations(const std::filesystem::path& file, const rulebook::Library& library,
                                                 Runner& runner, const std::string& only_rulebook = {});

}  // namespace arbiter::procedure
