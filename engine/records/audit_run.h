// An audit over many files on several threads: the games are read in order, ruled in batches by `jobs` threads
// (each with its own Runner), and handed to the caller in input order, so the output is byte for byte the same
// whatever `jobs` is. Memory holds one batch (ParallelBatch games per job: their texts and their small results),
// the reader's buffer (audit_games.h) and the threads' runners, however long the archive.
#pragma once

#include "records/audit_game.h"

#include <functional>
#include <string>
#include <vector>

namespace arbiter::procedure::audit {

// Games ruled per thread and batch: large enough that waiting for the slowest game of a batch costs little, small
// enough that a batch's texts stay a few megabytes.
inline constexpr int ParallelBatch = 256;

struct AuditOptions {
    std::vector<std::string> files;
    std::vector<std::string> rulebooks;  // empty: each record's default rulebook
    int jobs = 1;
};

// Rules every game of `options.files`; `sink` receives each game's audit in input order (on the calling thread).
// `progress`, if set, is called between batches with the games done so far and the file being read.
void run_audit(const AuditOptions& options, const rulebook::Library& library,
               const std::function<void(const AuditedGame&)>& sink,
               const std::function<void(long games, const std::string& file)>& progress = {});

}  // namespace arbiter::procedure::audit
