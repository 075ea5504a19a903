// One game of an audit ruled under each of the audit's rulebooks and set against its own record (audit_games.h
// hands the games out; audit_summary.h counts them). What is kept of each ruling is what the JSON line and the
// summary need, so a worker's result is small and the Run itself is dropped at once.
#pragma once

#include "records/audit_games.h"
#include "records/record_timeline.h"

#include <nlohmann/json.hpp>

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::procedure::audit {

// How one rulebook ruled one game.
struct RulingOutcome {
    std::string rulebook;
    Status status = Status::ongoing;
    std::optional<std::array<double, 2>> score;
    std::string topic;    // the topic that ended the game (or left it pending)
    std::string article;
    std::optional<std::array<int, 2>> count;  // othello: the discs credited to each side
    std::optional<int> squares;               // with count: the counted board's squares (Result::squares)
    std::optional<bool> agrees;               // with the record (record_timeline.h agrees())
};

// One game's audit.
struct AuditedGame {
    std::string file;
    int index = 0;  // 1-based in its file; 0 when the file itself could not be read
    std::string game;  // chess, shogi, othello
    std::array<std::string, 2> sides;
    std::vector<std::pair<std::string, std::string>> tags;
    RecordedEnding recorded;
    long plies = 0;  // moves (passes included) the record holds
    std::vector<RulingOutcome> rulings;  // in the order the rulebooks were given
    std::vector<rulebook::Text> warnings;  // as RecordGame::warnings
    std::optional<InputError> error;  // the game was rejected: it could not be read or converted
};

// Rules `task`'s game under `rulebooks` (those of another game are skipped; none given: the default rulebook of the
// record's game). Never throws for bad input: a game that cannot be read comes back with `error` set.
// `heads` (may be null): the thread's AuditHeads, which the thread's games share.
AuditedGame audit_game(const GameTask& task, const rulebook::Library& library, Runner& runner,
                       const std::vector<std::string>& rulebooks, AuditHeads* heads = nullptr);
// The same written into `out`, which must be as constructed: an audit's batch fills its results where they stand
// (rather than moving each game's result into its place and destroying what was moved).
void audit_game_into(AuditedGame& out, const GameTask& task, const rulebook::Library& library, Runner& runner,
                     const std::vector<std::string>& rulebooks, AuditHeads* heads = nullptr);

// The game's JSON line: {file, index, game, sides, tags, recorded, rulings: {id: {status, score, topic, article, count}},
// agrees: {id: true|false|null}, rulebooks: [ids in the order given], warnings, warnings_ja (when any), plies}, or {file, index, error: {file, line, column, message}}.
nlohmann::json audit_json(const AuditedGame& game);

// The game back from its JSON line, as far as the summary needs it (everything but the tags and warnings): how a
// distributed audit's shards, printed as JSON lines, are summarised exactly as one machine would (audit --from-jsonl).
// InputError at `where` if the line is not an audit line.
AuditedGame audit_from_json(const nlohmann::json& line, const SourceLocation& where);

// "white 1, black 0" (a score), "black 35, white 29" (a count): one side pair as text, side names first.
std::string score_text(const std::array<std::string, 2>& sides, const std::array<double, 2>& score);

}  // namespace arbiter::procedure::audit
