// Game records as timelines: a PGN, KIF, CSA, GGF, othello transcript or WTHOR file is turned into timeline YAML
// text (docs/TIMELINES.md, "Game records"), which then goes through the same front door as a hand-written
// timeline (read_timeline on rulebook::parse_yaml_text), so a record meets exactly the same checks.
//
// What a record says becomes entries: every move at the instant its clock reading or time used gives (the sum of
// the times used so far; no time information: every entry at 0:00:00), and the record's own ending as the entry it
// stands for: a resignation a `resign`, a time forfeit the opponent's flag claim at the instant the loser's flag
// fell by the time control, a recorded agreement an offer by the last mover and its acceptance, a declaration
// (jishogi) a `declare`. Endings the board shows (checkmate, stalemate, repetition, sennichite, the othello count)
// add nothing: the rulebook rules them from the moves. Moves are replayed while converting, so a move the record
// got wrong is an InputError naming file:line:column, the game and the ply.
#pragma once

#include "procedure/procedure.h"
#include "records/recorded_moves.h"
#include "rulebook/text.h"

#include <nlohmann/json.hpp>

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace arbiter::procedure {

enum class RecordFormat { none, pgn, kif, ki2, csa, ggf, othello_transcript, wthor };

// "pgn", "kif", "ki2", "csa", "ggf", "transcript", "wthor" ("" for none).
std::string_view record_format_name(RecordFormat format);

// The record format of a file, from its extension first (.pgn, .kif/.kifu, .ki2/.ki2u, .csa, .ggf, .wtb) and its
// content otherwise ("[Event " / "1." PGN, a line that starts with ▲ or △ and no "手数----" KI2, "手合割" /
// "手数----" KIF, "V2" / "PI" / "+7776FU" CSA, "(;GM[Othello]" GGF, a run of
// squares like "f5d6c3" an othello transcript). `none` for anything else (a YAML timeline, for instance).
RecordFormat detect_record_format(const std::string& path, std::string_view bytes);
// The same for a file on disk (reads at most its first 4 KB); `none` if it cannot be read.
RecordFormat record_format_of_file(const std::string& path);

// The record's own result and ending, as it wrote them.
struct RecordedEnding {
    std::string ending;  // checkmate, resignation, time_forfeit, draw_agreed, repetition, fifty_moves, stalemate,
                         // sennichite, declaration, illegal_move, abort, max_moves, game_over, unknown
    std::string by;      // the side that resigned, lost on time, declared, offered the draw, acted illegally ("")
    std::string text;    // as written: the PGN Result and Termination, "投了", "%TORYO", "RE[+8.500]"
    std::string text_ja; // where `text` is the converter's words, not the record's (WTHOR's count): in Japanese
    std::map<std::string, double> score;  // points per side name; empty when the record gives no result
    std::map<std::string, int> discs;     // othello: the final count the record gives (WTHOR: black's only)
    // Why the record's result cannot be set against a ruling although it gives one, in English and Japanese
    // ("a result without any move: a forfeit"); empty when it can. agrees() is then nullopt: not comparable is a
    // class of its own, never counted as a disagreement.
    std::string not_comparable;
    std::string not_comparable_ja;
};

// One game of a record, converted.
struct RecordGame {
    std::string file;
    RecordFormat format = RecordFormat::none;
    int number = 1;  // 1-based, in the file
    int count = 1;   // games in the file (0 when not known: one game of a PGN stream, see read_pgn_game)
    std::string game;  // chess, shogi, othello
    std::string rulebook;
    std::string yaml;  // the timeline text (what `arbiter import` prints); empty when converted for an audit
    // Converted for an audit (RecordFile::game's `parts`): the timeline without its moves (`head`), and every entry
    // in order (`parts`), so that no move is written and parsed as YAML. A move is the timeline's entry as the runner
    // takes it: `action` "move", its `text`, its line and column of the record file in `where` (`file` is not
    // copied for every move: Timeline::record_file); the converter's readings of the moves in `readings`; an
    // entry with no action stands for the next entry of `head`, at its own instant.
    std::string head;
    std::vector<Entry> parts;
    RecordedMoves readings;  // for the audit's board (audit_board.h; PGN only so far)
    std::vector<std::pair<std::string, std::string>> tags;  // the record's tags or headers, in file order
    RecordedEnding recorded;
    // Noisy data the conversion met, in English ("game 1: ply 12: ...") and Japanese ("第1局、12手目：...").
    std::vector<rulebook::Text> warnings;
};

// The rulebook a record of `game` is ruled under without --rulebook: its game file's default_rulebook (chess.yaml
// fide-2009; shogi.yaml csa-computer-shogi, the rules the CSA and floodgate records were played under; othello.yaml
// joa-othello-2014, the rules in force).
std::string default_record_rulebook(std::string_view game, const rulebook::Library& library);

// A record file read once; its games converted one at a time (a WTHOR file holds thousands). A PGN or WTHOR file is
// held as its bytes and each game read again when converted, so memory holds the file and one game, not every game.
class RecordFile {
public:
    // Reads and parses `path`; InputError (file:line:column) if it is not a record or cannot be read.
    static RecordFile open(const std::string& path);
    // The same for a record's bytes; `name` is the file name (its extension counts) used in messages. `format`:
    // the format when the caller already found it (a compressed file's name says nothing), else detected.
    static RecordFile read(std::string_view bytes, const std::string& name, RecordFormat format = RecordFormat::none);
    // The same, the bytes moved in rather than copied (a PGN or WTHOR file keeps them).
    static RecordFile read_owned(std::string bytes, const std::string& name, RecordFormat format = RecordFormat::none);
    // One game's text cut from a PGN stream (the audit's reader): it is game `number` of `name` and starts at line
    // `first_line`, so messages name the game and the line as in the whole file. games() is 1, and game() takes
    // `number`.
    static RecordFile read_pgn_game(std::string_view text, const std::string& name, int number, int first_line);
    ~RecordFile();
    RecordFile(RecordFile&&) noexcept;
    RecordFile& operator=(RecordFile&&) noexcept;

    RecordFormat format() const;
    int games() const;
    int first_game() const;  // the number of the first game held: 1, or read_pgn_game's `number`
    const std::string& file() const;

    // Converts game `number` (1-based). `rulebook_id` is the rulebook written into the event (empty: the default
    // for the record's game); it must be a rulebook of the library for that game. InputError for a number out of
    // range, a move that cannot be played (with the game and the ply), a clock reading that goes up.
    // `parts`: converted for audit_timeline (head and parts filled, yaml left empty). `replaced`: the caller rules the
    // game under rulebooks it names itself (audit --rulebook), so the event's default rulebook is written but not
    // looked up: an audit under fide-2009 need not read and check the newest chess rulebook and its parents.
    RecordGame game(int number, const rulebook::Library& library, const std::string& rulebook_id = {},
                    bool parts = false, bool replaced = false) const;
    // The same with the game's tags moved into the RecordGame instead of copied (the file holds none for it after):
    // for a file read for one game (read_pgn_game), which an audit converts once.
    RecordGame take_game(int number, const rulebook::Library& library, const std::string& rulebook_id, bool parts,
                         bool replaced = false);

    struct Data;

private:
    explicit RecordFile(std::unique_ptr<Data> data);
    RecordGame convert(int number, const rulebook::Library& library, const std::string& rulebook_id, bool parts,
                       bool take_tags, bool replaced) const;
    std::unique_ptr<Data> data_;
};

// The timeline text a record was converted to (`name`: the record file, with " (game N)" where it holds several),
// parsed as any timeline is (rulebook::parse_yaml_text). Its lines are the converted text's, not the record's, and
// its bounds (size, nodes, nesting, encoding) were passed by what the record holds, not by the user's YAML: a refusal
// names the record and the game with no line, says that the converted timeline is what is too large or cannot be
// read, and never states the converted text's size as the file's.
rulebook::YamlFile parse_converted_yaml(std::string_view text, const std::string& name);

// The converted game read as a timeline through the front door (schema and meaning checks included).
Timeline record_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override = {});
// The same timeline for an audit, from a game converted with `parts`, without the JSON-Schema check: the head is
// write_yaml's own, whose shape the schema accepts by construction (tests/records check that every converted record
// passes the front door); the meaning checks (rulebook::check_timeline: the event, the start position, instants that
// never go back) still run on the head (with AuditHeads, the event and start once for the lines they are written
// in), and the moves' instants are checked here, so a game the front door refuses
// is refused here too. The moves become entries with `text` and no YAML node: an audit reads thousands of games, and
// writing and parsing each move as YAML was most of its time. `run`, `compare`, `validate` and `import` keep
// record_timeline.
Timeline audit_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override);

// The events and start positions of the heads audit_timeline has read, each parsed and checked once: the games of an
// archive repeat a few (one event, a few time controls, the start position), and reading them again for every game
// was a good part of an audit's time. The heads differ from game to game in their first two lines (the timeline's
// name and source) and their entries (the ending), which are parsed and checked for every game; the event and start
// lines, word for word the same as a head read before, are taken as read then. One per thread, like a Runner, and for
// one library; at most `capacity` heads are kept (then it starts again), so memory stays flat.
class AuditHeads {
public:
    static constexpr std::size_t capacity = 256;
    AuditHeads();
    ~AuditHeads();
    AuditHeads(const AuditHeads&) = delete;
    AuditHeads& operator=(const AuditHeads&) = delete;
    std::size_t size() const { return known_.size(); }  // the heads' event and start lines held
    std::size_t entries() const { return entries_.size(); }  // the heads' ending entries held
    struct Known;
    struct KnownEntry;

private:
    friend Timeline read_audit_head(const RecordGame&, const rulebook::Library&, const std::string&, AuditHeads*,
                                    std::vector<Entry>&);
    std::unordered_map<std::string, std::unique_ptr<Known>> known_;
    // The entries a head writes for the record's ending ("resign: black", "claim: {by: white, kind: flag}"), each
    // parsed once for its line of the head and the width of its instant, so that its nodes carry the very line and
    // column the whole head gives them (messages name them).
    std::unordered_map<std::string, std::unique_ptr<KnownEntry>> entries_;
};

// audit_timeline with `heads` (may be null) remembering the events and start positions already read.
Timeline audit_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override,
                        AuditHeads* heads);
// The same with the entries taken out of `game.parts` (left empty) instead of copied: for the last timeline read of a
// game (most audits read one), where copying each move's entry cost more than converting it.
Timeline take_audit_timeline(RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override,
                             AuditHeads* heads);

// {"ending", "by", "text", "score"} (and "text_ja" where the converter wrote the text): what the JSON output
// calls `recorded`.
nlohmann::json recorded_json(const RecordedEnding& recorded);

// Whether the run's ruling matches the record's: nullopt when there is nothing to compare (the record gives no
// result, its result is not comparable (RecordedEnding::not_comparable), the rulebook leaves the result to the
// arbiter: pending, or it has no rule on the record's ending: rulebook_has_no_rule); false when the run did not end
// or ended with another score, or (othello) when the record gives a final count and the rulebook counts otherwise.
std::optional<bool> agrees(const RecordedEnding& recorded, const Run& run);

// The game did not end and the last ruling applied no rule (no article, no effect): the record ends by an act the
// rulebook has no rule on (an agreed draw where it allows none, a resignation where it has no resignation rule).
bool rulebook_has_no_rule(const Run& run);

// The final count of a run (othello: the discs each side is credited with, procedure::Result::discs), if any; by
// side number.
std::optional<std::array<int, 2>> ruled_count(const Run& run);

// Adds `record` ({file, format, game, games}), `recorded`, `agrees`, `warnings` (English) and, when there are any,
// `warnings_ja` (the same in Japanese, as a ruling's `note` and `note_ja`) to a run's JSON object.
void add_record_keys(nlohmann::json& out, const RecordGame& game, const Run& run);

// Sets `warnings` (the English of each) and, when there are any, `warnings_ja` (the Japanese) on a JSON object.
void add_warnings(nlohmann::json& out, const std::vector<rulebook::Text>& warnings);

}  // namespace arbiter::procedure
