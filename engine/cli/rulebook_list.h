// The comma-separated rulebook ids of --rulebooks (audit, compare, history): each id once, in the order written; and
// why an id named is not in the library.
#pragma once

#include "rulebook/rulebook.h"

#include <optional>
#include <string>
#include <vector>

namespace arbiter::cli {

// The ids of `list` (none for a list of commas alone); nullopt after writing to stderr, for `command`, an empty
// item among ids (`a,` was taken as `a`) or the first id named twice (duplicates multiplied the work and corrupted
// summaries: 10,000 copies of one id in history printed 40 MB; in audit, fide-2009,fide-2009 counted one game's
// ruling twice on one line and none on the other).
std::optional<std::vector<std::string>> rulebook_ids(const std::string& list, const std::string& command);

// Writes to stderr, for `command`, why `id` is not in `library`: the error that kept its file out (file:line:column),
// else "no rulebook" and the ids nearest to it. A rulebook that failed to load was "no rulebook 'id'" to audit,
// compare, check and run, the place of its fault left out.
void print_missing_rulebook(const std::string& command, const std::string& id, const rulebook::Library& library);

}  // namespace arbiter::cli
