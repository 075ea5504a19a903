// The conversion of game records into timeline YAML, shared by the files that each convert one family of formats
// (convert_common.cpp, convert_pgn.cpp, convert_shogi.cpp, convert_othello.cpp). Private to engine/records.
#pragma once

#include "records/record_games.h"
#include "records/record_timeline.h"
#include "rulebook/game_loader.h"

#include "clock/clock.h"
#include "clock/duration.h"
#include "clock/time_control.h"
#include "core/error.h"
#include "core/game.h"
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/notation.h"
#include "core/pgn.h"
#include "core/placement_game.h"
#include "core/record/csa.h"
#include "core/record/game_record.h"
#include "core/record/ki2.h"
#include "core/record/kif.h"
#include "core/record/othello_records.h"
#include "rulebook/yaml_source.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

namespace arbiter::procedure::convert {

using core::record::GameRecord;
using core::record::Termination;


// One entry of the timeline being written (an audit's moves are not: Build::parts).
struct Out {
    Out() = default;
    Out(Ms at, std::string body, std::string comment) : at(at), body(std::move(body)), comment(std::move(comment)) {}
    Ms at{0};
    std::string body;  // "move: \"e4\"", "resign: black", ...
    std::string comment;
};

// The clocks as the record's time control runs them, to turn readings into instants and to find when a flag fell.
class ClockTrack {
public:
    ClockTrack(std::optional<clock::TimeControl> control, int first_mover) {
        if (control && control->is_timed()) {
            try {
                clock_.emplace(*control);
                (void)clock_->start(first_mover, Ms{0});
            } catch (const std::exception&) {
                clock_.reset();
            }
        }
    }
    bool timed() const { return clock_.has_value(); }
    Ms now() const { return now_; }

    // The time `side` (to move) used for its move, from the reading its clock showed after the move: what it
    // showed when its turn began, plus what the press adds (increment, next period), minus the reading.
    std::optional<Ms> used_from_reading(int side, Ms reading) const {
        if (!clock_) return std::nullopt;
        const auto after = clock_->shown_after_press(side, now_);
        if (!after) return std::nullopt;
        return *after - reading;
    }
    // The mover's clock is pressed `used` after the turn began.
    void press(int side, Ms used) {
        now_ += used;
        if (clock_) (void)clock_->press(side, now_);
    }
    // When `side`'s flag fell or will fall while its clock runs.
    std::optional<Ms> flag_instant(int side) const {
        if (!clock_) return std::nullopt;
        return clock_->flag_instant(side);
    }
    // The flag of a side that has fallen by now, if any.
    std::optional<int> fallen() const {
        if (!clock_) return std::nullopt;
        const auto flags = clock_->flags(now_);
        for (int s = 0; s < 2; ++s)
            if (flags.fell[s]) return s;
        return std::nullopt;
    }
    std::optional<Ms> shown(int side) const {
        if (!clock_) return std::nullopt;
        return clock_->shown(side, now_);
    }
    // The same for a time written in whole seconds that may stand for a little less (KIF's m:ss, see
    // docs/RECORDS.md): a move written at exactly the time `side` had left was made within it, so it is pressed a
    // millisecond before the flag would fall; any other time is pressed as written.
    void press_within(int side, Ms used) {
        if (const auto flag = flag_instant(side); flag && used > Ms{0} && now_ + used == *flag) used -= Ms{1};
        press(side, used);
    }
    // After an illegal move is pointed out, the position before it is reinstated and its mover plays again: the
    // mover's clock runs again from now (the runner does the same after the claim's ruling).
    void retake(int side) {
        if (clock_ && clock_->stop(now_) == clock::Op::ok) (void)clock_->start(side, now_);
    }
    // Time a ruling added to `side`'s clock, as the record's next reading shows it.
    void add_time(int side, Ms amount) {
        if (clock_) (void)clock_->add_time(side, amount, now_);
    }

private:
    Ms now_{0};
    std::optional<clock::Clock> clock_;
};

// What is being built for one game.
struct Build {
    Build(const std::string& file_name, int game_number, int game_count)
        : file(file_name), number(game_number), count(game_count) {}
    const std::string& file;
    int number;
    int count;
    std::string game;
    std::string variant;           // the record's game when it is ruled as `game` (ruled_as: chess960), else ""
    std::string default_rulebook;  // the game file's default_rulebook
    SourceLocation default_rulebook_at;  // and its place in the game file
    std::array<std::string, 2> sides;
    std::array<std::string, 2> sides_ja;  // the game file's side_names.ja (先手, 黒), else the registry's, for the warnings
    // PGN numbers moves in pairs from the start position's move number: a Japanese warning names a ply as the
    // score sheet does (黒の57手目); the English one counts plies from the record's first move, as errors do.
    bool moves_in_pairs = false;
    int first_mover = 0;
    int first_move_number = 1;
    std::string start_yaml = "startpos";
    std::optional<clock::TimeControl> control;
    // The record's clock readings fit the control as written (PGN: none above its main time): the control is what it
    // says, so a main time under a minute is written in a form that names its units, and no "did you mean" hint
    // (meant for a hand-written "30" that means minutes) is given for a genuine 30-second game.
    bool control_confirmed = false;
    std::string event_name;
    std::vector<std::string> header_comments;
    // The event's parameters the record states (records.settings of the game file): topic.param and the value as
    // written, into the event's `declared:`.
    std::vector<std::pair<std::string, std::string>> declared;
    std::vector<Out> entries;
    // Converted for an audit (`audit`): every entry in order as RecordGame::parts holds it, each move as the runner
    // takes it and each other entry a place (no action) for the next of `entries`, which then holds those alone.
    std::vector<Entry> parts;
    RecordedMoves readings;  // an audit's: RecordGame::readings
    RecordedEnding recorded;
    std::vector<rulebook::Text> warnings;  // in both languages: the command's --lang picks one when printing
    bool warned_flag = false;
    bool illegal_held = false;  // the record's last move is its illegal move, held on the board
    // The record's illegal moves read so far, each taken back (its mover moves again): a score sheet numbers the
    // move made after it as the illegal one's (ply_ja).
    int taken_back = 0;
    bool audit = false;  // converted for an audit (RecordGame::parts): moves keep the record's own text, which the
                         // runner reads as well as the SAN written for `import`, and nothing else is written

    // Adds an entry other than a move (in its place among an audit's moves too).
    void add(Out entry) {
        if (audit) parts.emplace_back().at = entry.at;
        entries.push_back(std::move(entry));
    }

    std::string where(int ply) const { return "game " + std::to_string(number) + ", ply " + std::to_string(ply); }
    [[noreturn]] void fail(int line, int column, int ply, const Text& what) const {
        throw InputError(
            {file, line, column},
            Text{where(ply) + ": " + what.en, "第 " + std::to_string(number) + " 局の" + ply_ja(ply) + "：" + what.ja});
    }
    // "12手目"; moves in pairs, "黒の6手目".
    std::string ply_ja(int ply) const {
        if (!moves_in_pairs) return std::to_string(ply) + "手目";
        const int half = ply - 1 + first_mover - taken_back;
        return sides_ja[std::size_t(half % 2)] + "の" + std::to_string(first_move_number + half / 2) + "手目";
    }
    // A warning quotes the record's own text (a 4 MB 持ち時間 header): shortened and with any NUL made visible, as
    // an error message is (core/error.cpp: InputError keeps the first and last 1000 bytes of a long message).
    static std::string shown(const std::string& text) { return InputError({}, text).message(); }
    void warn(const std::string& en, const std::string& ja) {
        warnings.push_back({shown("game " + std::to_string(number) + ": " + en),
                            shown("第" + std::to_string(number) + "局：" + ja)});
    }
    // A warning about one ply.
    void warn_at(int ply, const std::string& en, const std::string& ja) {
        warnings.push_back({shown("game " + std::to_string(number) + ": ply " + std::to_string(ply) + ": " + en),
                            shown("第" + std::to_string(number) + "局、" + ply_ja(ply) + "：" + ja)});
    }

    // Notes a flag that fell while the record goes on (noisy data: clocks the record's time control does not
    // explain, or a control the record does not state exactly).
    void check_flag(const ClockTrack& clocks, int ply) {
        if (warned_flag) return;
        if (auto side = clocks.fallen()) {
            warned_flag = true;
            warn_at(ply, "by the time control " + sides[*side] + "'s time is used up, yet the record goes on (no flag claim is added for it)",
                    "持ち時間の規定では" + sides_ja[*side] + "の時間が切れているが、記録はそのまま続いている（時間切れの申し立ては加えない）");
        }
    }
};

// What the record's game file says of the timeline: its default rulebook, its side names (b.sides) and their
// Japanese words (the game file's own, else the registry's).
void take_game_words(Build& b, const core::GameDefinition& def, const rulebook::Library& library);
// The record's headers that the game file maps to event parameters (records.settings for `format`), into
// `b.declared`; `header` gives a header's value ("" when absent). InputError at the game file's entry where its
// `sets` names no parameter of the registry.
void take_declared(Build& b, const core::GameDefinition& def, std::string_view format,
                   const std::function<std::string(const std::string&)>& header, const rulebook::Library& library);

std::string lower(std::string_view s);
std::string yaml_quoted(std::string_view s);
std::string comment_text(std::string_view s);
bool looks_like_transcript(std::string_view text);
void set_score(RecordedEnding& r, const std::array<std::string, 2>& sides, std::optional<int> winner, bool draw);
// Adds a move entry: `text` as the timeline's `move:` value (quoted as `quoted` says), found at `line`:`column` of the
// record. Converted for an audit, the move goes to Build::parts, and the converter's reading of it (Build::readings,
// its entry set) is returned for the caller to fill (null otherwise).
RecordedMoves::Reading* add_move(Build& b, Ms at, const std::string& text, bool quoted, int line, int column,
                          std::string comment = {});
void add_flag_claim(Build& b, const ClockTrack& clocks, int loser);
void add_resignation(Build& b, const ClockTrack& clocks, int loser);
void add_agreement(Build& b, const ClockTrack& clocks, int last_mover);
std::string header_comment(const GameRecord& r, std::initializer_list<const char*> keys);
// The timeline YAML of the game (`import` prints it); with `moves` false, the same without its move entries (the
// head audit_timeline reads, the moves going straight into the timeline's entries: RecordGame::parts).
std::string write_yaml(const Build& b, const std::string& rulebook_id, RecordFormat format, bool moves = true);
std::optional<clock::TimeControl> pgn_control(const std::string& tag, Build& b);
void convert_pgn(Build& b, const core::PgnGame& pgn, const rulebook::Library& library);

// How a PGN game says it ended (convert_pgn_endings.cpp): `board` leaves it to the moves and the result (checkmate,
// a draw the board shows, else a resignation or an agreement); the last five are not comparable with a ruling.
enum class PgnEndingKind {
    board, resignation, time_forfeit, draw_agreed, both_flags, abandoned, adjudication, infraction, unterminated,
    unknown
};
struct PgnEnding {
    PgnEndingKind kind = PgnEndingKind::board;
    std::string winner_name;    // chess.com's "X won ...": the player named
    bool from_comment = false;  // read from the comment before the result (FICS, ICC), not the Termination tag
};
// From the Termination tag's value and the comment before the result (PgnGame::result_comment).
PgnEnding read_pgn_ending(std::string_view termination, std::string_view comment);

// Marks the record's result as not comparable with a ruling, with the reason in English and Japanese.
inline void set_not_comparable(Build& b, std::string en, std::string ja) {
    b.recorded.not_comparable = std::move(en);
    b.recorded.not_comparable_ja = std::move(ja);
}
std::optional<long> read_japanese_duration(std::string& s);
clock::TimeControl control_of(long main_s, long byoyomi_s, long increment_s);
// How a KIF's "NN:NN+B" 持ち時間 is to be read: ShogiHome writes minutes:seconds, Shogi Wars exports
// (shogi-extend) hours:minutes; `unknown` reads a first field under 24 neither way (kif_colon_reading tells them
// apart by the record's own signature).
enum class ColonClock { unknown, minutes_seconds, hours_minutes };
std::optional<clock::TimeControl> kif_control(const std::string& text, Build& b,
                                              ColonClock reading = ColonClock::unknown);
// The reading of `text` (a 持ち時間 of the colon form) that record `r` itself tells: its writer's line (ShogiHome
// writes "# KIF形式棋譜ファイル Generated by Electron Shogi", its name before 2023), the headers shogi-extend writes for
// Shogi Wars games (棋戦：将棋ウォーズ(...), 先手の戦型, 先手の囲い...), or the time a player is recorded to have
// used, which only one reading allows; `unknown` when none of them decides.
ColonClock kif_colon_reading(const GameRecord& r, const std::string& text);
std::optional<clock::TimeControl> csa_control(const GameRecord& r, Build& b);
std::optional<clock::TimeControl> ggf_control(const GameRecord& r, Build& b);
void convert_shogi(Build& b, const GameRecord& r, const rulebook::Library& library);
void convert_othello(Build& b, const GameRecord& r, const rulebook::Library& library);
std::string extension_of(const std::string& path);
bool starts_with(std::string_view s, std::string_view prefix);
std::string instant(Ms at);

}  // namespace arbiter::procedure::convert
