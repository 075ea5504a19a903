// The procedure layer's face: timelines (DESIGN.md section 3, docs/TIMELINES.md) read through the rulebook
// layer's front door, and the runner that rules them under one rulebook. The engine knows what an entry MEANS
// (which topic it raises, which facts hold); the rulebook says what FOLLOWS (effects, cases, ladders,
// discretion, hooks).
#pragma once

#include "clock/duration.h"
#include "clock/time_control.h"
#include "core/types.h"
#include "rulebook/event.h"
#include "rulebook/rulebook.h"
#include "rulebook/yaml_source.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::core {
class GameDefinition;
template <class BB>
class BasicPosition;
}

namespace arbiter::procedure {

using clock::Ms;
class Board;
class AnalysisMemo;

// One entry of a timeline: its instant, its action (move, claim, arrive, ...) and the action's value.
struct Entry {
    Ms at{0};
    std::string action;
    rulebook::NodeHandle value;  // the action's value (a scalar for move/arrive/..., a map for claim/...)
    std::string text;            // the value when it is a scalar; a record's moves read by an audit have only this
                                 // (records/record_timeline.h audit_timeline: no YAML node per move)
    rulebook::NodeHandle node;   // the whole entry (for `expect:` and messages)
    std::string note;
    SourceLocation where;  // an audited record's move names no file here: Timeline::place gives its whole place
};

struct Timeline {
    std::string file;
    std::string name;
    rulebook::Event event;
    rulebook::NodeHandle start;  // startpos (null or scalar) or {fen: ...}
    std::vector<Entry> entries;
    rulebook::NodeHandle expect;
    rulebook::YamlFile yaml;  // keeps the tree alive
    // The record file an audit's moves are written in: their entries' `where` holds the line and column only, since
    // copying the file's name for every move of an archive cost more than reading the move.
    std::string record_file;

    // Where `entry` is written (its `where`, with `record_file` where that names no file).
    SourceLocation place(const Entry& entry) const {
        if (!entry.where.file.empty() || record_file.empty()) return entry.where;
        return {record_file, entry.where.line, entry.where.column};
    }
};

// Reads `path` (schema kind `timeline`), checks it against `library` (rulebook, event, start position,
// instants) and returns the model. Throws InputError (file:line:column) for anything that cannot be read.
Timeline load_timeline(const std::filesystem::path& path, const rulebook::Library& library,
                       const std::string& rulebook_override = {});
// The same for a document already parsed (rulebook::parse_yaml_text), e.g. a generated timeline.
Timeline read_timeline(rulebook::YamlFile yaml, const rulebook::Library& library, const std::string& rulebook_override = {});

// An effect as applied: its name and fields, amounts in ms ({"add_time": {"to": "black", "amount": 180000}}).
using AppliedEffect = nlohmann::json;

struct Ruling {
    Ms at{0};
    int entry = -1;  // index of the timeline entry that raised it
    std::string topic;
    std::string article;
    std::string by;  // the side that raised it (claimant, offender, mover), "" for the arbiter or nobody
    std::vector<AppliedEffect> effects;
    // The conditions of the rule's case that decided it, each found to hold (empty: no case decided it).
    std::vector<std::string> held;
    std::array<Ms, 2> clocks_after{};
    rulebook::Text summary;
    // The runner's note in both languages (English in the engine's words, Japanese in the game's); a note the
    // timeline's writer gave is kept as written (its `en`, which `in(ja)` falls back to).
    rulebook::Text note;
    // The position right after the entry that raised the ruling, in the game's own notation (FEN for chess, SFEN
    // for games with hands, the board string for placement games): what a report draws beside the ruling.
    std::string position;
};

struct Pending {
    std::string topic;
    std::string article;
    std::vector<std::string> options;
    std::string question;
};

// Where a game stands: going on, waiting for an arbiter's decision, or over.
enum class Status : std::uint8_t { ongoing, pending, ended };
std::string_view status_name(Status status);  // "ongoing", "pending", "ended" (the JSON's words)

struct Result {
    Status status = Status::ongoing;
    std::optional<std::array<double, 2>> score;
    bool rated = true;
    std::string topic;
    std::string article;
    // The discs each side is credited with, where the game was counted: at a counted end, or by a rule's `count`
    // effect (a game won on time); none where nothing counted them.
    std::optional<std::array<int, 2>> discs;
    // The squares of the counted board (both sides' pieces and the empty squares), beside `discs`: what the credited
    // discs leave to nobody is read against it.
    std::optional<int> squares;
};

struct Run {
    std::string rulebook;
    // How each language cites the rulebook's articles (rulebook::Rulebook::article_labels; null: as written).
    std::shared_ptr<const rulebook::ArticleLabels> article_labels;
    std::string game;      // the rulebook's game id (chess, shogi, othello, ...)
    std::shared_ptr<const core::GameDefinition> definition;  // the game's data (what reports draw boards from)
    std::string category;  // "" for the base rules (standard play)
    rulebook::Text category_title;  // the category's title in the rulebook (empty: none given)
    std::string mode;
    std::array<std::string, 2> sides{};  // the game's side names (runner.cpp), first to move first
    Result result;
    std::array<Ms, 2> clocks{};
    std::vector<Ruling> rulings;
    std::vector<Pending> pending;
    // The game was played again with colours exchanged (shogi sennichite): from then on each side name is the colour
    // in the replayed game, not the player who had it at the start.
    bool colours_swapped = false;
    // Per entry index: the state right after that entry (for fixtures' per-entry `expect:`).
    struct Snapshot {
        Result result;
        std::array<Ms, 2> clocks{};
        std::size_t rulings = 0;
        std::vector<Pending> pending;
    };
    std::vector<Snapshot> after_entry;
    // Per entry index: the move as Japanese output prints it (▲７六歩), where the game file gives
    // notation.traditional and RunOptions::ruling_positions is on; empty elsewhere (or no entries at all).
    std::vector<std::string> traditional_moves;
};

struct RunOptions {
    std::filesystem::path rulesets;  // for the game definition; empty = the library's folder
    bool keep_snapshots = false;      // fill Run::after_entry
    bool use_hooks = true;            // false: a rule's `hook` is skipped (benchmarks only)
    bool ruling_positions = true;     // fill Ruling::position (false: left empty, for callers that read no ruling's)
};

// Wraps the board a run plays on, given the runner's analysis memo (which outlives the board): a caller that knows
// more about the timeline's moves than their texts answers from that (the audit's board, records/audit_board.h).
using WrapBoard = std::function<std::unique_ptr<Board>(std::unique_ptr<Board>, AnalysisMemo*)>;

// Hook hosts and game definitions shared across runs of the same rulebooks (not thread-safe).
class Runner {
public:
    explicit Runner(const rulebook::Library& library, RunOptions options = {});
    ~Runner();
    Runner(const Runner&) = delete;
    Runner& operator=(const Runner&) = delete;

    // Rules `timeline` under `rulebook`. Throws InputError only for input errors found while running (an
    // arbiter decision the rulebook does not allow, a move that cannot be read, a failing hook).
    // `wrap_board`, when given, wraps the board the run plays on (else the board as make_board makes it).
    Run run(const Timeline& timeline, const rulebook::Rulebook& rulebook, const WrapBoard& wrap_board = {});

    struct State;

private:
    const rulebook::Library& library_;
    RunOptions options_;
    struct Caches;
    std::unique_ptr<Caches> caches_;
};

// The category an event's time control selects in `rulebook` (or the one the event names); "" for none.
std::string select_category(const rulebook::Rulebook& rulebook, const rulebook::Event& event,
                            const std::optional<clock::TimeControl>& control);

// The run as the `arbiter run --format json` object (DESIGN.md section 3).
nlohmann::json to_json(const Run& run);

}  // namespace arbiter::procedure
