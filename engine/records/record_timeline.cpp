// Game records as timeline YAML (record_timeline.h): the formats, the replay that checks every move, the instants
// worked from the record's clocks, and the record's ending as the entry it stands for.
#include "rulebook/game_loader.h"
#include "records/record_timeline.h"

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
#include "core/record/kif.h"
#include "core/record/othello_records.h"
#include "rulebook/yaml_source.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace arbiter::procedure {

namespace {

using core::record::GameRecord;
using core::record::Termination;

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string extension_of(const std::string& path) { return lower(std::filesystem::path(path).extension().string()); }

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// A double-quoted YAML scalar (control characters escaped, everything else as is: UTF-8 passes through).
std::string yaml_quoted(std::string_view s) {
    std::string out = "\"";
    for (char c : s) {
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20 || u == 0x7f) {
            static const char* hex = "0123456789abcdef";
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 15];
        } else {
            out += c;
        }
    }
    return out + "\"";
}

// One line of a YAML comment: line breaks become spaces.
std::string comment_text(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c == '\n' || c == '\r') c = ' ';
    return out;
}

std::string instant(Ms at) { return clock::format_clock(at); }

// --- format detection ----------------------------------------------------------------------------------------

bool looks_like_transcript(std::string_view text) {
    // Comment lines (#) aside, only squares a1-h8, "pass", "--" and white space; at least one square.
    int squares = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '#') {
            while (i < text.size() && text[i] != '\n') ++i;
            continue;
        }
        const char c = char(std::tolower(static_cast<unsigned char>(text[i])));
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
        } else if (c >= 'a' && c <= 'h' && i + 1 < text.size() && text[i + 1] >= '1' && text[i + 1] <= '8') {
            ++squares;
            i += 2;
        } else if (lower(text.substr(i, 4)) == "pass") {
            i += 4;
        } else if (text.substr(i, 2) == "--") {
            i += 2;
        } else {
            return false;
        }
    }
    return squares > 0;
}

}  // namespace

std::string_view record_format_name(RecordFormat format) {
    switch (format) {
        case RecordFormat::pgn: return "pgn";
        case RecordFormat::kif: return "kif";
        case RecordFormat::csa: return "csa";
        case RecordFormat::ggf: return "ggf";
        case RecordFormat::othello_transcript: return "transcript";
        case RecordFormat::wthor: return "wthor";
        case RecordFormat::none: break;
    }
    return "";
}

RecordFormat detect_record_format(const std::string& path, std::string_view bytes) {
    const std::string ext = extension_of(path);
    if (ext == ".pgn") return RecordFormat::pgn;
    if (ext == ".kif" || ext == ".kifu") return RecordFormat::kif;
    if (ext == ".csa") return RecordFormat::csa;
    if (ext == ".ggf") return RecordFormat::ggf;
    if (ext == ".wtb") return RecordFormat::wthor;
    if (ext == ".yaml" || ext == ".yml" || ext == ".json") return RecordFormat::none;
    // By content: skip a UTF-8 byte order mark and leading blank lines.
    std::string_view t = bytes;
    if (starts_with(t, "\xEF\xBB\xBF")) t.remove_prefix(3);
    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
    if (starts_with(t, "(;GM[Othello]") || starts_with(t, "(;GM[othello]")) return RecordFormat::ggf;
    if (starts_with(t, "[Event ") || starts_with(t, "[Site ") || starts_with(t, "[White ") || starts_with(t, "1. ") ||
        starts_with(t, "1."))
        return RecordFormat::pgn;
    if (t.find("手合割") != std::string_view::npos || t.find("手数----") != std::string_view::npos ||
        starts_with(t, "#KIF"))
        return RecordFormat::kif;
    if (starts_with(t, "V2") || starts_with(t, "V3") || starts_with(t, "PI") || starts_with(t, "P1") ||
        starts_with(t, "N+") || starts_with(t, "'"))
        return RecordFormat::csa;
    if (ext == ".txt" || ext.empty() || ext == ".tr")
        if (looks_like_transcript(t)) return RecordFormat::othello_transcript;
    return RecordFormat::none;
}

RecordFormat record_format_of_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return RecordFormat::none;
    std::string head(4096, '\0');
    in.read(head.data(), std::streamsize(head.size()));
    head.resize(std::size_t(in.gcount()));
    return detect_record_format(path, head);
}

std::string default_record_rulebook(std::string_view game) {
    if (game == "chess") return "fide-2009";
    if (game == "shogi") return "csa-computer-shogi";
    if (game == "othello") return "joa-othello-2014";
    return {};
}

// --- the file, read once -------------------------------------------------------------------------------------

struct RecordFile::Data {
    std::string file;
    RecordFormat format = RecordFormat::none;
    std::vector<core::PgnGame> pgn;
    std::vector<GameRecord> records;
};

RecordFile::RecordFile(std::unique_ptr<Data> data) : data_(std::move(data)) {}
RecordFile::~RecordFile() = default;
RecordFile::RecordFile(RecordFile&&) noexcept = default;
RecordFile& RecordFile::operator=(RecordFile&&) noexcept = default;
RecordFormat RecordFile::format() const { return data_->format; }
const std::string& RecordFile::file() const { return data_->file; }
int RecordFile::games() const {
    return int(data_->format == RecordFormat::pgn ? data_->pgn.size() : data_->records.size());
}

RecordFile RecordFile::open(const std::string& path) { return read(core::record::read_whole_file(path), path); }

RecordFile RecordFile::read(std::string_view bytes, const std::string& path) {
    auto d = std::make_unique<Data>();
    d->file = path;
    if (bytes.empty()) throw InputError({path, 0, 0}, "empty file: expected a game record");
    d->format = detect_record_format(path, bytes);
    if (d->format != RecordFormat::wthor && d->format != RecordFormat::none)
        if (const auto nul = bytes.find('\0'); nul != std::string::npos)
            throw InputError({path, 0, 0}, "binary data (a NUL byte at byte " + std::to_string(nul) + "): a " +
                                               std::string(record_format_name(d->format)) + " record is text");
    // A UTF-8 byte order mark (editors on Windows write one) is not part of a PGN, GGF or transcript text; the KIF and
    // CSA readers drop it themselves.
    std::string_view text = bytes;
    if (d->format == RecordFormat::pgn || d->format == RecordFormat::ggf || d->format == RecordFormat::othello_transcript)
        if (starts_with(text, "\xEF\xBB\xBF")) text.remove_prefix(3);
    switch (d->format) {
        case RecordFormat::pgn: {
            // PGN is ASCII or UTF-8; a file in another encoding (Latin-1 names) is refused by the byte.
            d->pgn = core::read_pgn(text, path);
            break;
        }
        case RecordFormat::kif: d->records.push_back(core::record::read_kif(bytes, path)); break;
        case RecordFormat::csa: d->records.push_back(core::record::read_csa(bytes, path)); break;
        case RecordFormat::ggf: d->records = core::record::read_ggf(text, path); break;
        case RecordFormat::othello_transcript: d->records.push_back(core::record::read_othello_transcript(text, path)); break;
        case RecordFormat::wthor: d->records = core::record::read_wthor(bytes, path); break;
        case RecordFormat::none:
            throw InputError({path, 1, 1},
                             "not a game record this program reads (PGN, KIF, CSA, GGF, an othello transcript, WTHOR .wtb)");
    }
    if ((d->format == RecordFormat::pgn ? d->pgn.size() : d->records.size()) == 0)
        throw InputError({path, 0, 0}, std::string("no game in this ") + std::string(record_format_name(d->format)) + " file");
    return RecordFile(std::move(d));
}

// --- conversion ----------------------------------------------------------------------------------------------

namespace {

// One entry of the timeline being written.
struct Out {
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
        clock::Clock probe = *clock_;
        if (probe.press(side, now_) != clock::Op::ok) return std::nullopt;
        return probe.shown(side, now_) - reading;
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

private:
    Ms now_{0};
    std::optional<clock::Clock> clock_;
};

// What is being built for one game.
struct Build {
    const std::string& file;
    int number;
    int count;
    std::string game;
    std::array<std::string, 2> sides;
    std::string start_yaml = "startpos";
    std::optional<clock::TimeControl> control;
    std::string event_name;
    std::vector<std::string> header_comments;
    std::vector<Out> entries;
    RecordedEnding recorded;
    std::vector<std::string> warnings;
    bool warned_flag = false;
    bool illegal_held = false;  // the record's last move is its illegal move, held on the board

    std::string where(int ply) const { return "game " + std::to_string(number) + ", ply " + std::to_string(ply); }
    [[noreturn]] void fail(int line, int column, int ply, const std::string& what) const {
        throw InputError({file, line, column}, where(ply) + ": " + what);
    }
    void warn(const std::string& what) { warnings.push_back("game " + std::to_string(number) + ": " + what); }

    // Notes a flag that fell while the record goes on (noisy data: clocks the record's time control does not
    // explain, or a control the record does not state exactly).
    void check_flag(const ClockTrack& clocks, int ply) {
        if (warned_flag) return;
        if (auto side = clocks.fallen()) {
            warned_flag = true;
            warn("ply " + std::to_string(ply) + ": by the time control " + sides[*side] +
                 "'s time is used up, yet the record goes on (no flag claim is added for it)");
        }
    }
};

void set_score(RecordedEnding& r, const std::array<std::string, 2>& sides, std::optional<int> winner, bool draw) {
    if (draw) {
        r.score = {{sides[0], 0.5}, {sides[1], 0.5}};
    } else if (winner) {
        r.score = {{sides[*winner], 1.0}, {sides[1 - *winner], 0.0}};
    }
}

// The flag claim that stands for a time forfeit: by the winner, at the instant the loser's flag fell by the time
// control (the last instant where the control cannot say).
void add_flag_claim(Build& b, const ClockTrack& clocks, int loser) {
    Ms at = clocks.now();
    if (auto flag = clocks.flag_instant(loser); flag && *flag > at) at = *flag;
    else if (!clocks.timed())
        b.warn("the record ends by a time forfeit but states no time control: the flag claim is placed at the last "
               "instant, where the rulebook cannot see a fallen flag");
    b.entries.push_back({at, "claim: {by: " + b.sides[1 - loser] + ", kind: flag}", "the record's time forfeit"});
}

void add_resignation(Build& b, const ClockTrack& clocks, int loser) {
    b.entries.push_back({clocks.now(), "resign: " + b.sides[loser], "the record's resignation"});
}

void add_agreement(Build& b, const ClockTrack& clocks, int last_mover) {
    b.entries.push_back({clocks.now(), "offer: {by: " + b.sides[last_mover] + ", kind: draw}", "the record's draw by agreement"});
    b.entries.push_back({clocks.now(), "accept: " + b.sides[1 - last_mover], ""});
}

std::optional<clock::TimeControl> pgn_control(const std::string& tag, Build& b) {
    if (tag.empty() || tag == "?" || tag == "-") return std::nullopt;
    auto parsed = clock::parse_pgn_time_control(tag);
    if (!parsed || !parsed->is_timed()) {
        b.warn("TimeControl \"" + tag + "\" cannot be read: the event gets no time control");
        return std::nullopt;
    }
    return *parsed;
}

// --- chess (PGN) ---

void convert_pgn(Build& b, const core::PgnGame& pgn, const rulebook::Library& library) {
    const std::string variant = lower(pgn.tag("Variant"));
    // lichess writes "From Position" for a standard game set up from a FEN.
    if (!variant.empty() && variant != "standard" && variant != "chess" && variant != "from position")
        throw InputError({b.file, pgn.line, 1}, "game " + std::to_string(b.number) + ": variant \"" + pgn.tag("Variant") +
                                                    "\" is not a game this program rules (standard chess only)");
    b.game = "chess";
    auto def = rulebook::load_game("chess", library.dir());
    b.sides = {def->side_names[0], def->side_names[1]};
    core::Position start = core::Position::start(def);
    if (pgn.tag("SetUp") == "1" || !pgn.tag("FEN").empty()) {
        start = core::Position::from_fen(def, pgn.tag("FEN"), b.file);
        b.start_yaml = "{fen: " + yaml_quoted(pgn.tag("FEN")) + "}";
    }
    core::Game game(start);
    b.event_name = pgn.tag("Event");
    for (const char* tag : {"Event", "Site", "Date", "Round", "White", "Black", "Result", "TimeControl", "Termination"})
        if (const auto v = pgn.tag(tag); !v.empty()) b.header_comments.push_back(std::string(tag) + ": " + v);
    b.control = pgn_control(pgn.tag("TimeControl"), b);

    const int first_mover = int(start.side_to_move());
    ClockTrack clocks(b.control, first_mover);
    bool readings_unused = false, missing = false, any_reading = false;
    int ply = 0;
    for (const auto& m : pgn.moves) {
        ++ply;
        const core::Position& pos = game.position();
        const int mover = int(pos.side_to_move());
        const core::ParsedMove parsed = core::parse_move(pos, m.san);
        if (!parsed.ok())
            b.fail(m.line, m.column, ply, "move \"" + m.san + "\" cannot be played: " + parsed.message);
        const std::string san = core::to_san(pos, parsed.move);
        Ms used{0};
        if (m.elapsed) {
            used = *m.elapsed;
        } else if (m.clock) {
            any_reading = true;
            if (!clocks.timed()) {
                readings_unused = true;
            } else if (auto u = clocks.used_from_reading(mover, *m.clock)) {
                used = *u;
                if (used < Ms{0}) {
                    const auto before = clocks.shown(mover).value_or(Ms{0});
                    if (game.ply() < 2) {
                        b.warn("ply " + std::to_string(ply) + ": [%clk " + clock::format_clock(*m.clock) +
                               "] is above the time control's " + clock::format_clock(before) +
                               ": taken as no time used");
                        used = Ms{0};
                    } else {
                        b.fail(m.line, m.column, ply,
                               "[%clk " + clock::format_clock(*m.clock) + "] after \"" + m.san + "\": the clock goes up from " +
                                   clock::format_clock(before) + " by more than the time control \"" + pgn.tag("TimeControl") +
                                   "\" adds");
                    }
                }
            }
        } else if (clocks.timed()) {
            missing = true;
        }
        game.play(parsed.move);
        clocks.press(mover, used);
        b.check_flag(clocks, ply);
        b.entries.push_back({clocks.now(), "move: " + yaml_quoted(san), ""});
    }
    if (readings_unused)
        b.warn("the [%clk] readings are not used: without a TimeControl tag they cannot be turned into instants");
    if (missing && any_reading) b.warn("some moves have no [%clk]: their time is counted in the mover's next reading");

    // The ending.
    auto& r = b.recorded;
    const std::string termination = lower(pgn.tag("Termination"));
    r.text = pgn.result + (pgn.tag("Termination").empty() ? "" : " (" + pgn.tag("Termination") + ")");
    const int to_move = int(game.position().side_to_move());
    const int last_mover = 1 - to_move;
    std::optional<int> winner;
    bool draw = false;
    if (pgn.result == "1-0") winner = 0;
    else if (pgn.result == "0-1") winner = 1;
    else if (pgn.result == "1/2-1/2") draw = true;
    else {
        r.ending = "unknown";
        return;
    }
    set_score(r, b.sides, winner, draw);
    if (const auto tag = pgn.tag("Result"); !tag.empty() && tag != pgn.result)
        b.warn("the Result tag \"" + tag + "\" and the movetext's \"" + pgn.result + "\" differ: the movetext's is taken");
    const auto outcome = game.outcome();
    if (pgn.moves.empty() && termination != "time forfeit") {
        // A result without a move is a forfeit or an arrangement: nothing at the board stands for it.
        r.ending = "unknown";
        b.warn("a result without any move (a forfeit?) stands for no entry");
    } else if (termination == "time forfeit") {
        const int loser = winner ? 1 - *winner : to_move;
        r.ending = "time_forfeit";
        r.by = b.sides[loser];
        add_flag_claim(b, clocks, loser);
    } else if (!termination.empty() && termination != "normal") {
        r.ending = "unknown";
        b.warn("Termination \"" + pgn.tag("Termination") + "\" stands for no entry: the timeline ends with the last move");
    } else if (outcome && outcome->termination == core::Termination::checkmate) {
        r.ending = "checkmate";
        r.by = b.sides[to_move];
    } else if (outcome && draw) {
        r.ending = core::to_string(outcome->termination);
    } else if (winner) {
        r.ending = "resignation";
        r.by = b.sides[1 - *winner];
        add_resignation(b, clocks, 1 - *winner);
    } else if (game.can_claim_repetition()) {
        r.ending = "repetition";
        r.by = b.sides[to_move];
        b.entries.push_back({clocks.now(), "claim: {by: " + b.sides[to_move] + ", kind: repetition}",
                             "the draw: the position has occurred three times"});
    } else if (game.can_claim_fifty_moves()) {
        r.ending = "fifty_moves";
        r.by = b.sides[to_move];
        b.entries.push_back({clocks.now(), "claim: {by: " + b.sides[to_move] + ", kind: fifty_moves}",
                             "the draw: fifty moves without a capture or a pawn move"});
    } else {
        r.ending = "draw_agreed";
        r.by = b.sides[last_mover];
        add_agreement(b, clocks, last_mover);
    }
}

// --- shogi and othello (neutral records) ---

// Reads a number of whole units ("6時間", "5分", "30秒") from the start of `s`; advances `s`.
std::optional<long> read_japanese_duration(std::string& s) {
    static const std::regex part(R"(^(\d{1,6})(時間|分|秒))");
    long total = 0;
    bool any = false;
    std::smatch m;
    while (std::regex_search(s, m, part)) {
        const long n = std::stol(m[1]);
        total += m[2] == "時間" ? n * 3600 : m[2] == "分" ? n * 60 : n;
        s = m.suffix();
        any = true;
    }
    return any ? std::optional<long>(total) : std::nullopt;
}

clock::TimeControl control_of(long main_s, long byoyomi_s, long increment_s) {
    clock::TimeControl c;
    c.kind = clock::TimeControl::Kind::periods;
    c.periods.push_back({0, Ms{main_s * 1000}, Ms{increment_s * 1000}});
    if (byoyomi_s > 0) c.byoyomi = clock::Byoyomi{1, Ms{byoyomi_s * 1000}};
    if (clock::check(c)) return {};
    return c;
}

// KIF 持ち時間: "6時間", "各6時間", "5分+30秒" (81Dojo: byoyomi), "10分切れ負け", "1時間30分 秒読み60秒".
std::optional<clock::TimeControl> kif_control(const std::string& text, Build& b) {
    if (text.empty()) return std::nullopt;
    std::string s = text;
    auto erase_all = [&s](std::string_view what) {
        for (std::size_t p; (p = s.find(what)) != std::string::npos;) s.erase(p, what.size());
    };
    erase_all(" ");
    erase_all("　");
    erase_all("各");
    erase_all("切れ負け");
    auto main = read_japanese_duration(s);
    long byoyomi = 0;
    if (main && (starts_with(s, "+") || starts_with(s, "秒読み"))) {
        s.erase(0, starts_with(s, "+") ? 1 : std::string("秒読み").size());
        if (auto b2 = read_japanese_duration(s)) byoyomi = *b2;
    }
    if (!main || !s.empty() || *main <= 0) {
        b.warn("持ち時間 \"" + text + "\" cannot be read: the event gets no time control");
        return std::nullopt;
    }
    auto c = control_of(*main, byoyomi, 0);
    if (c.kind != clock::TimeControl::Kind::periods) return std::nullopt;
    return c;
}

// CSA: $TIME_LIMIT:hh:mm+ss (byoyomi seconds), $TIME:main+byoyomi+increment (V3, seconds), or the floodgate event
// name "...+floodgate-900-0+..." (main seconds, byoyomi seconds).
std::optional<clock::TimeControl> csa_control(const GameRecord& r, Build& b) {
    std::smatch m;
    const std::string limit = r.header("TIME_LIMIT");
    static const std::regex limit_re(R"(^(\d{1,4}):(\d{2})\+(\d{1,6})$)");
    if (!limit.empty()) {
        if (std::regex_match(limit, m, limit_re)) {
            auto c = control_of(std::stol(m[1]) * 3600 + std::stol(m[2]) * 60, std::stol(m[3]), 0);
            if (c.is_timed()) return c;
        }
        b.warn("$TIME_LIMIT:" + limit + " cannot be read: the event gets no time control");
        return std::nullopt;
    }
    const std::string time = r.header("TIME");
    static const std::regex time_re(R"(^(\d{1,7})(?:\+(\d{1,6})(?:\+(\d{1,6}))?)?$)");
    if (!time.empty()) {
        if (std::regex_match(time, m, time_re)) {
            auto c = control_of(std::stol(m[1]), m[2].matched ? std::stol(m[2]) : 0, m[3].matched ? std::stol(m[3]) : 0);
            if (c.is_timed()) return c;
        }
        b.warn("$TIME:" + time + " cannot be read: the event gets no time control");
        return std::nullopt;
    }
    const std::string event = r.header("EVENT");
    static const std::regex event_re(R"(\+[A-Za-z0-9_]*?-(\d{1,7})-(\d{1,6})(F?)\+)");
    if (std::regex_search(event, m, event_re)) {
        // "-600-10F": 600 s and a 10 s Fischer increment; "-900-0", "-0-30": main time and byoyomi.
        const bool fischer = m[3].length() > 0;
        auto c = control_of(std::stol(m[1]), fischer ? 0 : std::stol(m[2]), fischer ? std::stol(m[2]) : 0);
        if (c.is_timed()) return c;
    }
    return std::nullopt;
}

// GGF TI[main/increment/extension], each [[h:]m:]s: main time and increment (the extension, GGS's extra time once
// the main time is gone, has no equivalent here and is left out with a warning).
std::optional<clock::TimeControl> ggf_control(const GameRecord& r, Build& b) {
    const std::string ti = r.header("TI");
    if (ti.empty()) return std::nullopt;
    std::vector<std::string> parts(1);
    for (char c : ti) {
        if (c == '/') parts.emplace_back();
        else parts.back() += c;
    }
    auto secs = [](const std::string& s) -> std::optional<long> {
        if (s.empty()) return 0;
        long total = 0, field = 0;
        for (char c : s) {
            if (std::isdigit(static_cast<unsigned char>(c))) {
                field = field * 10 + (c - '0');
                if (field > 10'000'000 || total > 10'000'000) return std::nullopt;  // no game is that long
            }
            else if (c == ':') {
                total = (total + field) * 60;
                field = 0;
            } else
                return std::nullopt;
        }
        return total + field;
    };
    const auto main = secs(parts[0]);
    const auto inc = parts.size() > 1 ? secs(parts[1]) : std::optional<long>(0);
    const auto ext = parts.size() > 2 ? secs(parts[2]) : std::optional<long>(0);
    if (!main || !inc || !ext || *main <= 0) {
        b.warn("TI[" + ti + "] cannot be read: the event gets no time control");
        return std::nullopt;
    }
    if (*ext > 0) b.warn("TI[" + ti + "]: the extension time has no equivalent here and is left out");
    auto c = control_of(*main, 0, *inc);
    if (!c.is_timed()) return std::nullopt;
    return c;
}

std::string header_comment(const GameRecord& r, std::initializer_list<const char*> keys) {
    std::string out;
    for (const char* k : keys)
        if (const auto v = r.header(k); !v.empty()) out += (out.empty() ? "" : ", ") + std::string(k) + ": " + v;
    return out;
}

void convert_shogi(Build& b, const GameRecord& r, const rulebook::Library& library) {
    using BB = core::WideBitboard<2>;
    b.game = "shogi";
    auto def = rulebook::load_game("shogi", library.dir());
    b.sides = {def->side_names[0], def->side_names[1]};
    core::BasicPosition<BB> start = core::BasicPosition<BB>::start(def);
    if (r.start != "startpos") {
        start = core::BasicPosition<BB>::from_sfen(def, r.start, b.file);
        b.start_yaml = "{sfen: " + yaml_quoted(r.start) + "}";
    }
    core::BasicGame<BB> game(start);
    if (r.format == "kif") {
        b.event_name = r.header("棋戦");
        for (const char* k : {"開始日時", "棋戦", "場所", "持ち時間", "先手", "後手", "まで"})
            if (const auto v = r.header(k); !v.empty()) b.header_comments.push_back(std::string(k) + "：" + v);
        b.control = kif_control(r.header("持ち時間"), b);
    } else {
        b.event_name = r.header("EVENT");
        for (const char* k : {"sente", "gote", "EVENT", "START_TIME", "TIME_LIMIT", "TIME"})
            if (const auto v = r.header(k); !v.empty()) b.header_comments.push_back(std::string(k) + ": " + v);
        b.control = csa_control(r, b);
    }
    ClockTrack clocks(b.control, int(start.side_to_move()));
    std::array<std::optional<Ms>, 2> total{};
    int ply = 0;
    for (const auto& m : r.moves) {
        ++ply;
        const auto& pos = game.position();
        const int mover = int(pos.side_to_move());
        const core::ParsedMove parsed = core::read_usi(pos, m.move);
        // The last move of a record that ends by the mover's illegal move (KIF 反則勝ち, CSA %-ILLEGAL_ACTION after
        // sente's move...) is held on the board as written, and the opponent points it out.
        const bool last = ply == int(r.moves.size());
        if (!parsed.ok() && last && r.termination == Termination::illegal_move && r.terminated_by == mover &&
            parsed.status == core::MoveParseStatus::illegal && !(parsed.move == core::Move::none())) {
            game.play_illegal(parsed.move);
            clocks.press(mover, m.elapsed.value_or(Ms{0}));
            b.entries.push_back({clocks.now(), "move: " + m.move, "illegal: " + parsed.message});
            b.entries.push_back({clocks.now(), "claim: {by: " + b.sides[1 - mover] + ", kind: illegal_move}",
                                 "the record's ending: " + r.termination_text});
            b.illegal_held = true;
            continue;
        }
        if (!parsed.ok())
            b.fail(m.line, m.column, ply, "move " + m.move + " cannot be played: " + parsed.message);
        if (m.total) {
            if (total[mover] && *m.total < *total[mover])
                b.fail(m.line, m.column, ply,
                       "the time used goes back from " + clock::format_clock(*total[mover]) + " to " + clock::format_clock(*m.total));
            total[mover] = m.total;
        }
        game.play(parsed.move);
        clocks.press(mover, m.elapsed.value_or(Ms{0}));
        b.check_flag(clocks, ply);
        b.entries.push_back({clocks.now(), "move: " + m.move, ""});
    }
    auto& rec = b.recorded;
    rec.text = r.termination_text;
    const int to_move = int(game.position().side_to_move());
    const int actor = r.terminated_by >= 0 ? r.terminated_by : to_move;
    switch (r.termination) {
        case Termination::resign:
            rec.ending = "resignation";
            rec.by = b.sides[actor];
            set_score(rec, b.sides, 1 - actor, false);
            add_resignation(b, clocks, actor);
            break;
        case Termination::checkmate:
            rec.ending = "checkmate";
            rec.by = b.sides[to_move];
            set_score(rec, b.sides, 1 - to_move, false);
            break;
        case Termination::sennichite:
            rec.ending = "sennichite";
            if (r.terminated_by >= 0) {
                rec.by = b.sides[r.terminated_by];
                set_score(rec, b.sides, 1 - r.terminated_by, false);
            } else {
                set_score(rec, b.sides, std::nullopt, true);
            }
            break;
        case Termination::impasse:
            if (r.format == "kif" && r.terminated_by < 0) {
                // KIF 持将棋: the players agreed the impasse (a draw), as professional and club games end it.
                rec.ending = "impasse_agreed";
                rec.by = b.sides[1 - to_move];
                set_score(rec, b.sides, std::nullopt, true);
                add_agreement(b, clocks, 1 - to_move);
                break;
            }
            rec.ending = "declaration";
            rec.by = b.sides[actor];
            if (r.terminated_by < 0)
                b.warn("\"" + r.termination_text + "\" does not say who declared: taken as a declaration by " + b.sides[actor] +
                       ", the side to move (the only one who may declare)");
            else
                set_score(rec, b.sides, actor, false);  // a declaration claims the win
            b.entries.push_back({clocks.now(), "declare: {by: " + b.sides[actor] + ", kind: impasse}", "the record's declaration"});
            break;
        case Termination::time_up:
            rec.ending = "time_forfeit";
            rec.by = b.sides[actor];
            set_score(rec, b.sides, 1 - actor, false);
            add_flag_claim(b, clocks, actor);
            break;
        case Termination::illegal_move:
            rec.ending = "illegal_move";
            rec.by = b.sides[actor];
            set_score(rec, b.sides, 1 - actor, false);
            if (!b.illegal_held) b.warn("the record ends by an illegal move (\"" + r.termination_text +
                   "\") that it does not hold: the timeline ends with the last legal move");
            break;
        case Termination::abort: rec.ending = "abort"; break;
        case Termination::max_moves:
            rec.ending = "max_moves";
            set_score(rec, b.sides, std::nullopt, true);
            break;
        case Termination::draw_agreed:
            rec.ending = "draw_agreed";
            rec.by = b.sides[1 - to_move];
            set_score(rec, b.sides, std::nullopt, true);
            add_agreement(b, clocks, 1 - to_move);
            break;
        case Termination::game_over:
        case Termination::unknown: rec.ending = "unknown"; break;
    }
    // KIF's summary line ("まで181手で先手の勝ち", "まで85手で千日手") says who won in the record's words: it fills a
    // score the ending leaves open and is checked against one it gives.
    if (r.format == "kif") {
        const std::string summary = r.header("まで");
        std::optional<int> winner;
        bool draw = false;
        if (summary.find("先手の勝ち") != std::string::npos || summary.find("下手の勝ち") != std::string::npos) winner = 0;
        else if (summary.find("後手の勝ち") != std::string::npos || summary.find("上手の勝ち") != std::string::npos) winner = 1;
        else if (summary.find("千日手") != std::string::npos || summary.find("持将棋") != std::string::npos ||
                 summary.find("引き分け") != std::string::npos)
            draw = true;
        if (winner || draw) {
            RecordedEnding said;
            set_score(said, b.sides, winner, draw);
            if (rec.score.empty()) rec.score = said.score;
            else if (rec.score != said.score)
                b.warn("the summary line \"" + summary + "\" gives another result than the ending \"" + r.termination_text + "\"");
        }
    }
}

void convert_othello(Build& b, const GameRecord& r, const rulebook::Library& library) {
    b.game = "othello";
    auto def = rulebook::load_game("othello", library.dir());
    b.sides = {def->side_names[0], def->side_names[1]};
    std::optional<core::PlacementGame> game;
    if (r.start != "startpos" && r.start != core::record::OthelloStart) {
        game.emplace(def, r.start, b.file);
        b.start_yaml = "{board: " + yaml_quoted(r.start) + "}";
    } else {
        game.emplace(def);
    }
    if (r.format == "ggf") {
        b.event_name = r.header("PC");
        b.header_comments.push_back(header_comment(r, {"PC", "DT", "PB", "PW", "TI", "TY", "KM", "RE"}));
        b.control = ggf_control(r, b);
        if (!r.header("KM").empty() && r.header("KM") != "0" && r.header("KM") != "0.000")
            b.warn("KM[" + r.header("KM") + "]: the komi is part of the recorded result, not of the rulebook's count");
    } else if (r.format == "wthor") {
        b.header_comments.push_back(header_comment(r, {"tournament", "black", "white", "year"}));
    }
    ClockTrack clocks(b.control, int(game->side_to_move()));
    int ply = 0;
    bool inserted = false;
    for (const auto& m : r.moves) {
        // WTHOR (and some transcripts) leave passes out: a side with no placement passes before the next move.
        if (game->must_pass() && lower(m.move) != "pass") {
            const int mover = int(game->side_to_move());
            game->play("pass");
            ++ply;
            clocks.press(mover, Ms{0});
            b.entries.push_back({clocks.now(), "move: pass", "not in the record: " + b.sides[mover] + " has no placement"});
            inserted = true;
        }
        ++ply;
        const int mover = int(game->side_to_move());
        const core::PlacementParse parsed = game->play(m.move);
        if (!parsed.ok()) {
            const std::string place = m.line == 0 ? " (byte " + std::to_string(m.column) + ")" : "";
            b.fail(m.line, m.line == 0 ? 0 : m.column, ply, "move " + m.move + place + " cannot be played: " + parsed.message);
        }
        clocks.press(mover, m.elapsed.value_or(Ms{0}));
        b.check_flag(clocks, ply);
        b.entries.push_back({clocks.now(), "move: " + lower(m.move), ""});
    }
    if (inserted && r.format != "wthor") b.warn("passes the record leaves out were added where a side had no placement");
    auto& rec = b.recorded;
    rec.text = r.termination_text;
    const int to_move = int(game->side_to_move());
    std::optional<int> winner;
    bool draw = false;
    if (r.black_discs) {
        rec.text = "black " + std::to_string(*r.black_discs) + " discs";
        if (*r.black_discs > 32) winner = 0;
        else if (*r.black_discs < 32) winner = 1;
        else draw = true;
    } else if (r.black_margin) {
        rec.text = "RE[" + r.termination_text + "]";
        if (*r.black_margin > 0) winner = 0;
        else if (*r.black_margin < 0) winner = 1;
        else draw = true;
    }
    set_score(rec, b.sides, winner, draw);
    switch (r.termination) {
        case Termination::resign: {
            const int loser = r.terminated_by >= 0 ? r.terminated_by : to_move;
            rec.ending = "resignation";
            rec.by = b.sides[loser];
            add_resignation(b, clocks, loser);
            break;
        }
        case Termination::time_up: {
            const int loser = r.terminated_by >= 0 ? r.terminated_by : to_move;
            rec.ending = "time_forfeit";
            rec.by = b.sides[loser];
            add_flag_claim(b, clocks, loser);
            break;
        }
        case Termination::draw_agreed:
            rec.ending = "score_agreed";
            b.warn("RE[" + r.termination_text + "]: a score the players agreed on stands for no entry");
            break;
        case Termination::game_over:
            rec.ending = "game_over";
            if (!game->is_over()) b.warn("the record gives a final score, yet the game is not over after its last move");
            break;
        default: rec.ending = game->is_over() ? "game_over" : "unknown"; break;
    }
}

std::string write_yaml(const Build& b, const std::string& rulebook_id, RecordFormat format) {
    std::ostringstream y;
    y << "# Imported from " << comment_text(b.file) << " (" << record_format_name(format) << "), game " << b.number << " of "
      << b.count << ".\n";
    for (const auto& h : b.header_comments)
        if (!h.empty()) y << "# " << comment_text(h) << '\n';
    y << "# Recorded ending: " << (b.recorded.ending.empty() ? "unknown" : b.recorded.ending)
      << (b.recorded.by.empty() ? "" : " by " + b.recorded.by)
      << (b.recorded.text.empty() ? "" : " (" + comment_text(b.recorded.text) + ")") << '\n';
    for (const auto& w : b.warnings) y << "# warning: " << comment_text(w) << '\n';
    if (b.entries.empty()) y << "# The record holds no move.\n";
    std::string stem = std::filesystem::path(b.file).stem().string();
    y << "timeline: " << yaml_quoted(stem + (b.count > 1 ? "-game-" + std::to_string(b.number) : "")) << '\n';
    y << "source: " << yaml_quoted(std::filesystem::path(b.file).filename().string() + ", game " + std::to_string(b.number)) << '\n';
    y << "event: {";
    if (!b.event_name.empty()) y << "event: " << yaml_quoted(b.event_name) << ", ";
    y << "rulebook: " << rulebook_id;
    if (b.control) {
        if (auto pgn = clock::format_pgn_time_control(*b.control)) y << ", time_control: " << yaml_quoted(*pgn);
        else y << ", time_control: " << clock::format_yaml_time_control(*b.control);
    }
    y << "}\n";
    y << "start: " << b.start_yaml << '\n';
    y << "entries:";
    if (b.entries.empty()) y << " []";
    y << '\n';
    for (const auto& e : b.entries) {
        y << "  - {at: \"" << instant(e.at) << "\", " << e.body << "}";
        if (!e.comment.empty()) y << "  # " << comment_text(e.comment);
        y << '\n';
    }
    return y.str();
}

}  // namespace

RecordGame RecordFile::game(int number, const rulebook::Library& library, const std::string& rulebook_id) const {
    const int n = games();
    if (number < 1 || number > n)
        throw InputError({data_->file, 0, 0}, "--game " + std::to_string(number) + ": the file holds " + std::to_string(n) +
                                                  (n == 1 ? " game" : " games"));
    Build b{data_->file, number, n, {}, {}, "startpos", {}, {}, {}, {}, {}, {}, false, false};
    if (data_->format == RecordFormat::pgn) {
        convert_pgn(b, data_->pgn[std::size_t(number - 1)], library);
    } else {
        const GameRecord& r = data_->records[std::size_t(number - 1)];
        if (r.game == "shogi") convert_shogi(b, r, library);
        else if (r.game == "othello") convert_othello(b, r, library);
        else throw InputError({data_->file, r.line, 0}, "game " + std::to_string(number) + ": no game \"" + r.game + "\"");
    }
    RecordGame out;
    out.file = data_->file;
    out.format = data_->format;
    out.number = number;
    out.count = n;
    out.game = b.game;
    out.rulebook = rulebook_id.empty() ? default_record_rulebook(b.game) : rulebook_id;
    const rulebook::Rulebook* book = library.find(out.rulebook);
    if (!book) throw InputError({data_->file, 0, 0}, "no rulebook \"" + out.rulebook + "\"");
    if (book->game != b.game)
        throw InputError({data_->file, 0, 0}, "rulebook \"" + out.rulebook + "\" is a " + book->game + " rulebook; game " +
                                                  std::to_string(number) + " of this record is " + b.game);
    out.yaml = write_yaml(b, out.rulebook, data_->format);
    out.recorded = std::move(b.recorded);
    out.warnings = std::move(b.warnings);
    return out;
}

Timeline record_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override) {
    std::string name = game.file;
    if (game.count > 1) name += " (game " + std::to_string(game.number) + ")";
    return read_timeline(rulebook::parse_yaml_text(game.yaml, name), library, rulebook_override);
}

nlohmann::json recorded_json(const RecordedEnding& recorded) {
    nlohmann::json out = nlohmann::json::object();
    out["ending"] = recorded.ending.empty() ? "unknown" : recorded.ending;
    if (!recorded.by.empty()) out["by"] = recorded.by;
    out["text"] = recorded.text;
    if (!recorded.score.empty()) {
        nlohmann::json score = nlohmann::json::object();
        for (const auto& [side, points] : recorded.score) score[side] = points;
        out["score"] = score;
    } else {
        out["score"] = nullptr;
    }
    return out;
}

std::optional<bool> agrees(const RecordedEnding& recorded, const Run& run) {
    if (recorded.score.empty() || run.result.status == procedure::Status::pending) return std::nullopt;
    if (run.result.status != procedure::Status::ended || !run.result.score) return false;
    for (int s = 0; s < 2; ++s) {
        const auto it = recorded.score.find(run.sides[std::size_t(s)]);
        if (it == recorded.score.end()) return false;
        if (std::abs(it->second - (*run.result.score)[std::size_t(s)]) > 1e-9) return false;
    }
    return true;
}

void add_record_keys(nlohmann::json& out, const RecordGame& game, const Run& run) {
    out["record"] = {{"file", game.file},
                     {"format", std::string(record_format_name(game.format))},
                     {"game", game.number},
                     {"games", game.count}};
    out["recorded"] = recorded_json(game.recorded);
    const auto a = agrees(game.recorded, run);
    out["agrees"] = a ? nlohmann::json(*a) : nlohmann::json(nullptr);
    out["warnings"] = game.warnings;
}

}  // namespace arbiter::procedure
