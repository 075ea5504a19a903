// The comma-separated rulebook ids of --rulebooks (audit, compare, history): each id once, in the order written.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace arbiter::cli {

// The ids of `list` (empty items skipped); nullopt after writing to stderr, for `command`, the first id named twice
// (duplicates multiplied the work and corrupted summaries: 10,000 copies of one id in history printed 40 MB; in
// audit, fide-2009,fide-2009 counted one game's ruling twice on one line and none on the other).
std::optional<std::vector<std::string>> rulebook_ids(const std::string& list, const std::string& command);

}  // namespace arbiter::cli
