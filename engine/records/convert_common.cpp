// What every record conversion shares: text helpers, the entries an ending stands for, the YAML written.
#include "records/convert.h"
#include "records/record_words.h"
#include "rulebook/warnings.h"

#include "core/utf8.h"

namespace arbiter::procedure::convert {

using core::record::GameRecord;
using core::record::Termination;

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

std::string extension_of(const std::string& path) { return lower(std::filesystem::path(path).extension().string()); }

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// A character of record text that YAML refuses unescaped, or that would reorder what a reader sees: a C1 control
// (U+0080 to U+009F, two bytes), a line or paragraph separator (U+2028, U+2029: yaml-cpp reads them as line
// breaks, so one in a header cut its comment line and the converted timeline did not parse), a bidirectional
// override or isolate (U+202A to U+202E, U+2066 to U+2069) or a noncharacter U+FFFE, U+FFFF (three bytes). Its
// code point and length in bytes at `i`; length 0 for any other.
static std::pair<unsigned, std::size_t> hidden_character(std::string_view s, std::size_t i) {
    const auto at = [&](std::size_t k) { return k < s.size() ? static_cast<unsigned char>(s[k]) : 0u; };
    if (at(i) == 0xc2 && at(i + 1) >= 0x80 && at(i + 1) <= 0x9f) return {at(i + 1), 2};
    const bool three = (at(i) == 0xe2 && at(i + 1) == 0x80 && at(i + 2) >= 0xa8 && at(i + 2) <= 0xae) ||
                       (at(i) == 0xe2 && at(i + 1) == 0x81 && at(i + 2) >= 0xa6 && at(i + 2) <= 0xa9) ||
                       (at(i) == 0xef && at(i + 1) == 0xbf && at(i + 2) >= 0xbe);
    if (three) return {((at(i) & 0x0fu) << 12) | ((at(i + 1) & 0x3fu) << 6) | (at(i + 2) & 0x3fu), 3};
    return {0, 0};
}

// U+FFFD, written where a byte is not UTF-8 (a file named in Latin-1): the converted timeline must be UTF-8 text, or
// the front door refuses it as a binary file, as JSON outputs write such bytes (report/json_stream.h).
constexpr std::string_view Replacement = "\xef\xbf\xbd";

// A double-quoted YAML scalar (control characters escaped, bytes that are not UTF-8 written as U+FFFD, everything
// else as is).
std::string yaml_quoted(std::string_view s) {
    static const char* hex = "0123456789abcdef";
    std::string out;
    out.reserve(s.size() + 2);  // the usual text, with nothing to escape: one allocation at most
    out += '"';
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        const auto u = static_cast<unsigned char>(c);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += c;
        } else if (u < 0x20 || u == 0x7f) {
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 15];
        } else if (const auto [code, length] = hidden_character(s, i); length > 0) {
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4) out += hex[(code >> shift) & 15];
            i += length - 1;
        } else if (const std::size_t length = core::utf8_length(s, i); length == 0) {
            out += Replacement;
        } else {
            out.append(s.substr(i, length));
            i += length - 1;
        }
    }
    return out + "\"";
}

// One line of a YAML comment: line breaks and every other control character become spaces. A comment cannot
// escape, and a YAML reader refuses a control character anywhere (an escape sequence in a PGN tag made the imported
// timeline unreadable, and reached the terminal as it was printed); hidden_character's ones become spaces too, and
// bytes that are not UTF-8 U+FFFD.
std::string comment_text(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        const auto u = static_cast<unsigned char>(s[i]);
        if (u < 0x20 || u == 0x7f) {
            out += ' ';
        } else if (const std::size_t hidden = hidden_character(s, i).second; hidden > 0) {
            out.append(hidden, ' ');
            i += hidden - 1;
        } else if (const std::size_t length = core::utf8_length(s, i); length == 0) {
            out += Replacement;
        } else {
            out.append(s.substr(i, length));
            i += length - 1;
        }
    }
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


void take_game_words(Build& b, const core::GameDefinition& def, const rulebook::Library& library) {
    b.default_rulebook = def.profile.default_rulebook;
    b.default_rulebook_at = def.profile.default_rulebook_at;
    b.sides = {def.side_names[0], def.side_names[1]};
    for (std::size_t s = 0; s < 2; ++s) {
        const rulebook::NamedText* role = library.registry().role(b.sides[s]);
        b.sides_ja[s] = role && !role->text.ja.empty() ? role->text.ja : b.sides[s];
    }
    if (auto ja = def.profile.side_names.find("ja"); ja != def.profile.side_names.end()) b.sides_ja = ja->second;
}

void take_declared(Build& b, const core::GameDefinition& def, std::string_view format,
                   const std::function<std::string(const std::string&)>& header, const rulebook::Library& library) {
    for (const auto& setting : def.profile.record_settings) {
        if (setting.format != format) continue;
        std::string value = header(setting.header);
        while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.pop_back();
        while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.erase(0, 1);
        if (value.empty()) continue;
        const auto dot = setting.sets.rfind('.');
        const rulebook::TopicSpec* topic = library.registry().topic(setting.sets.substr(0, dot));
        if (!topic || !topic->param(setting.sets.substr(dot + 1)))
            throw InputError(setting.at, "records.settings: found '" + setting.sets +
                                             "', which names no parameter of the registry (schemas/topics.yaml); "
                                             "expected topic.param");
        const bool again = std::any_of(b.declared.begin(), b.declared.end(),
                                       [&](const auto& d) { return d.first == setting.sets; });
        if (!again) b.declared.emplace_back(setting.sets, std::move(value));
    }
}

void set_score(RecordedEnding& r, const std::array<std::string, 2>& sides, std::optional<int> winner, bool draw) {
    if (draw) {
        r.score = {{sides[0], 0.5}, {sides[1], 0.5}};
    } else if (winner) {
        r.score = {{sides[*winner], 1.0}, {sides[1 - *winner], 0.0}};
    }
}

// The flag claim that stands for a time forfeit: by the winner, at the instant the loser's flag fell by the time
// control (the last instant where the control cannot say).
RecordedMoves::Reading* add_move(Build& b, Ms at, const std::string& text, bool quoted, int line, int column,
                          std::string comment) {
    if (b.audit) {
        // The entry as audit_timeline hands it to the runner, built in place once: it was an Out, then a part, then an
        // Entry, each a copy of the text, and an archive has a few hundred thousand moves. Every member is given, so
        // that the entry is not first zeroed whole (value-initialised), and its strings are constructed rather than
        // assigned to (an assignment of the action's literal was a call per move). The place is in the record's file
        // (Timeline::place).
        b.parts.emplace_back(at, "move", rulebook::NodeHandle{}, text, rulebook::NodeHandle{}, std::string{},
                             SourceLocation{std::string{}, line, column});
        RecordedMoves::Reading& r = b.readings.readings.emplace_back();
        r.entry = b.parts.size() - 1;
        return &r;
    }
    Out& out = b.entries.emplace_back();
    out.at = at;
    out.body = "move: " + (quoted ? yaml_quoted(text) : text);
    if (!comment.empty()) out.comment = std::move(comment);
    return nullptr;
}

void add_flag_claim(Build& b, const ClockTrack& clocks, int loser) {
    Ms at = clocks.now();
    if (auto flag = clocks.flag_instant(loser); flag && *flag > at) at = *flag;
    else if (!clocks.timed()) {
        b.warn("the record ends by a time forfeit but states no time control: the flag claim is placed at the last "
               "instant, where the rulebook cannot see a fallen flag",
               "記録は時間切れ負けで終わるが持ち時間を記していない：時間切れの申し立ては最後の時刻に置くが、"
               "規則からは時間切れが確かめられない");
        // Nothing in the record can confirm or refute the flag: a ruling of "not ended" would be no disagreement.
        set_not_comparable(b, "lost on time in a record that states no time control: whether the flag fell cannot "
                              "be checked",
                           "持ち時間の記載がない記録での時間切れ負け：時間切れかどうかを確かめられない");
    }
    b.add({at, "claim: {by: " + b.sides[1 - loser] + ", kind: flag}", "the record's time forfeit"});
}

void add_resignation(Build& b, const ClockTrack& clocks, int loser) {
    b.add({clocks.now(), "resign: " + b.sides[loser], "the record's resignation"});
}

void add_agreement(Build& b, const ClockTrack& clocks, int last_mover) {
    b.add({clocks.now(), "offer: {by: " + b.sides[last_mover] + ", kind: draw}", "the record's draw by agreement"});
    b.add({clocks.now(), "accept: " + b.sides[1 - last_mover], ""});
}


std::string header_comment(const GameRecord& r, std::initializer_list<const char*> keys) {
    std::string out;
    for (const char* k : keys)
        if (const auto v = r.header(k); !v.empty()) out += (out.empty() ? "" : ", ") + std::string(k) + ": " + v;
    return out;
}

namespace {

// The comments in Japanese (import --lang ja): the record's own headers as they are written.
void write_comments_ja(std::ostream& y, const Build& b, RecordFormat format) {
    y << "# " << comment_text(b.file) << "（" << record_format_name(format) << "）の第" << b.number << "局（全" << b.count
      << "局）から取り込んだタイムライン。\n";
    for (const auto& h : b.header_comments)
        if (!h.empty()) y << "# " << comment_text(h) << '\n';
    std::string by = b.recorded.by;
    for (std::size_t i = 0; i < 2; ++i)
        if (by == b.sides[i] && !b.sides_ja[i].empty()) by = b.sides_ja[i];
    y << "# 記録された終局：" << (by.empty() ? "" : by + "の")
      << (b.recorded.ending.empty() ? "不明" : ending_words(b.recorded.ending, rulebook::Lang::ja));
    if (const std::string& text = recorded_text(b.recorded, rulebook::Lang::ja); !text.empty()) y << "「" << comment_text(text) << "」";
    y << '\n';
    for (const auto& w : b.warnings) y << "# 警告：" << comment_text(w.ja) << '\n';
    if (b.entries.empty()) y << "# この棋譜には着手がない。\n";
}

// What `import` writes above the timeline: where it comes from, the record's headers, its ending, the warnings; in
// the language of the warnings (the command's --lang).
void write_comments(std::ostream& y, const Build& b, RecordFormat format) {
    if (rulebook::warnings_lang() == rulebook::Lang::ja) return write_comments_ja(y, b, format);
    y << "# Imported from " << comment_text(b.file) << " (" << record_format_name(format) << "), game " << b.number << " of "
      << b.count << ".\n";
    for (const auto& h : b.header_comments)
        if (!h.empty()) y << "# " << comment_text(h) << '\n';
    y << "# Recorded ending: " << (b.recorded.ending.empty() ? "unknown" : b.recorded.ending)
      << (b.recorded.by.empty() ? "" : " by " + b.recorded.by)
      << (b.recorded.text.empty() ? "" : " (" + comment_text(b.recorded.text) + ")") << '\n';
    for (const auto& w : b.warnings) y << "# warning: " << comment_text(w.en) << '\n';
    if (b.entries.empty()) y << "# The record holds no move.\n";
}

}  // namespace

std::string write_yaml(const Build& b, const std::string& rulebook_id, RecordFormat format, bool moves) {
    // Appended to a string, not streamed: an audit writes a head (moves false) for every game of an archive.
    std::string y;
    // The comments are for a reader of `import`'s output; the audit's head (moves false) is read by the program only.
    if (moves) {
        std::ostringstream comments;
        write_comments(comments, b, format);
        y = comments.str();
    }
    // Room for the lines below at once (a head grew by doubling from 15 bytes, four allocations a game).
    y.reserve(y.size() + 512 + (moves ? 48 * b.entries.size() : 0));
    // The file's stem and name, quoted, worked out once per file on each thread (an archive's games share their
    // file), without their closing quote: what follows them has nothing to escape, and yaml_quoted of the whole text
    // is the quoted name, the rest, the quote.
    thread_local std::string file, stem, filename;
    if (file != b.file || stem.empty()) {
        const std::filesystem::path path(b.file);
        file = b.file;
        stem = yaml_quoted(path.stem().string());
        stem.pop_back();
        filename = yaml_quoted(path.filename().string());
        filename.pop_back();
    }
    const std::string number = std::to_string(b.number);
    y.append("timeline: ").append(stem);
    if (b.count > 1) y.append("-game-").append(number);
    y.append("\"\nsource: ").append(filename).append(", game ").append(number).append("\"\nevent: {");
    // The event's name and the time control, quoted or written as the last game's on this thread (an archive's
    // games repeat a few).
    thread_local std::string event, event_quoted;
    if (!b.event_name.empty()) {
        if (event_quoted.empty() || event != b.event_name) {
            event = b.event_name;
            event_quoted = yaml_quoted(event);
        }
        y.append("event: ").append(event_quoted).append(", ");
    }
    y.append("rulebook: ").append(rulebook_id);
    if (!b.variant.empty()) y.append(", variant: ").append(b.variant);
    if (b.control) {
        thread_local std::optional<clock::TimeControl> control;
        thread_local bool confirmed = false;
        thread_local std::string control_text;
        if (control != b.control || confirmed != b.control_confirmed) {
            control = b.control;
            confirmed = b.control_confirmed;
            const auto pgn = b.control_confirmed ? std::nullopt : clock::format_pgn_time_control(*b.control);
            control_text = pgn ? yaml_quoted(*pgn) : clock::format_yaml_time_control(*b.control);
        }
        y.append(", time_control: ").append(control_text);
    }
    if (!b.declared.empty()) {
        y.append(", declared: {");
        for (std::size_t i = 0; i < b.declared.size(); ++i)
            y.append(i ? ", " : "").append(yaml_quoted(b.declared[i].first)).append(": ").append(
                yaml_quoted(b.declared[i].second));
        y.append("}");
    }
    y.append("}\nstart: ").append(b.start_yaml).append("\nentries:");
    if (b.entries.empty()) y.append(" []");  // an audit's moves are not among them (Build::parts)
    y += '\n';
    for (const auto& e : b.entries) {
        y.append("  - {at: \"").append(instant(e.at)).append("\", ").append(e.body).append("}");
        if (moves && !e.comment.empty()) y.append("  # ").append(comment_text(e.comment));
        y += '\n';
    }
    return y;
}

}  // namespace arbiter::procedure::convert
