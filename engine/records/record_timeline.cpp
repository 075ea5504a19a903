// Game records as timeline YAML (record_timeline.h): the formats, the replay that checks every move, the instants
// worked from the record's clocks, and the record's ending as the entry it stands for.
#include "records/record_timeline.h"

#include "records/convert.h"

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
#include "rulebook/event.h"
#include "rulebook/timeline.h"
#include "rulebook/yaml_source.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace arbiter::procedure {

using namespace convert;

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
    int first = 1;         // the number of records[0] / pgn[0] in the file
    bool streamed = false; // one game of a PGN stream: the file's game count is not known
};

RecordFile::RecordFile(std::unique_ptr<Data> data) : data_(std::move(data)) {}
RecordFile::~RecordFile() = default;
RecordFile::RecordFile(RecordFile&&) noexcept = default;
RecordFile& RecordFile::operator=(RecordFile&&) noexcept = default;
RecordFormat RecordFile::format() const { return data_->format; }
const std::string& RecordFile::file() const { return data_->file; }
int RecordFile::first_game() const { return data_->first; }
int RecordFile::games() const {
    return int(data_->format == RecordFormat::pgn ? data_->pgn.size() : data_->records.size());
}

RecordFile RecordFile::open(const std::string& path) { return read(core::record::read_whole_file(path), path); }

RecordFile RecordFile::read_pgn_game(std::string_view text, const std::string& name, int number, int first_line) {
    auto d = std::make_unique<Data>();
    d->file = name;
    d->format = RecordFormat::pgn;
    d->first = number;
    d->streamed = true;
    const auto where = [number] { return "game " + std::to_string(number) + ": "; };
    if (const auto nul = text.find('\0'); nul != std::string::npos)
        throw InputError({name, first_line, 0}, where() + "binary data (a NUL byte): a pgn record is text");
    try {
        d->pgn = core::read_pgn(text, name, first_line);  // the reader counts lines from the game's place in the file
    } catch (const InputError& e) {
        throw InputError(e.where(), where() + e.message());
    }
    if (d->pgn.size() != 1)
        throw InputError({name, first_line, 1},
                         where() + (d->pgn.empty() ? std::string("no game in this text")
                                                   : "two games without tags between them; expected each game to "
                                                     "start with its tag pairs"));
    return RecordFile(std::move(d));
}

RecordFile RecordFile::read(std::string_view bytes, const std::string& path, RecordFormat format) {
    auto d = std::make_unique<Data>();
    d->file = path;
    if (bytes.empty()) throw InputError({path, 0, 0}, "empty file: expected a game record");
    d->format = format != RecordFormat::none ? format : detect_record_format(path, bytes);
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



RecordGame RecordFile::game(int number, const rulebook::Library& library, const std::string& rulebook_id,
                            bool parts) const {
    const int n = data_->streamed ? 0 : games();
    const int at = number - data_->first;
    if (at < 0 || at >= games())
        throw InputError({data_->file, 0, 0}, "--game " + std::to_string(number) + ": the file holds " + std::to_string(n) +
                                                  (n == 1 ? " game" : " games"));
    Build b(data_->file, number, n);
    b.parts = parts;
    std::vector<std::pair<std::string, std::string>> tags;
    if (data_->format == RecordFormat::pgn) {
        const auto& pgn = data_->pgn[std::size_t(at)];
        convert_pgn(b, pgn, library);
        tags = pgn.tags;
    } else {
        const GameRecord& r = data_->records[std::size_t(at)];
        tags = r.headers;
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
    if (parts) {
        out.head = write_yaml(b, out.rulebook, data_->format, false);
        out.parts.reserve(b.entries.size());
        for (auto& e : b.entries) out.parts.push_back({e.at, std::move(e.move), e.line, e.column, e.reading});
    } else {
        out.yaml = write_yaml(b, out.rulebook, data_->format);
    }
    out.recorded = std::move(b.recorded);
    out.warnings = std::move(b.warnings);
    out.tags = std::move(tags);
    return out;
}

Timeline record_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override) {
    std::string name = game.file;
    if (game.count != 1) name += " (game " + std::to_string(game.number) + ")";
    return read_timeline(rulebook::parse_yaml_text(game.yaml, name), library, rulebook_override);
}

struct AuditHeads::Known {
    rulebook::Event event;  // as read_event read it (its `file` is the first game's: each game sets its own)
    rulebook::NodeHandle start;
};
// One ending entry of a head, parsed once (AuditHeads::entries_): the entry as audit_timeline builds it, its `at`
// and its file name set per game.
struct AuditHeads::KnownEntry {
    rulebook::YamlFile yaml;  // keeps the nodes alive
    Entry entry;
};
AuditHeads::AuditHeads() = default;
AuditHeads::~AuditHeads() = default;

namespace {

// A head as write_yaml writes it without moves: the timeline and source lines, the event and start lines, and the
// entries from "entries:" on. Empty views when the text has another shape (then it is read whole).
struct HeadLines {
    std::string_view names, event_and_start, entries;
};

HeadLines head_lines(std::string_view head) {
    std::size_t ends[4];
    std::size_t at = 0;
    for (std::size_t& end : ends) {
        end = head.find('\n', at);
        if (end == std::string_view::npos) return {};
        at = end + 1;
    }
    const std::string_view names = head.substr(0, ends[1] + 1), middle = head.substr(ends[1] + 1, ends[3] - ends[1]);
    const std::string_view rest = head.substr(ends[3] + 1);
    if (!starts_with(names, "timeline: ") || !starts_with(middle, "event: ") ||
        !starts_with(middle.substr(middle.find('\n') + 1), "start: ") || !starts_with(rest, "entries:") ||
        rest.find("incident") != std::string_view::npos)
        return {};
    return {names, middle, rest};
}

// check_timeline's checks of the entries (rulebook/timeline.cpp), for a head whose event and start were checked with
// an earlier game's: one action each, instants that are times and never go back. (Heads hold no incident: those
// are read whole, see head_lines.)
void check_head_entries(const rulebook::YamlFile& file) {
    std::int64_t previous = -1;
    rulebook::NodeHandle previous_at;
    for (const auto& entry : rulebook::child(file.root, "entries")) {
        int actions = 0;
        std::optional<YAML::Node> at_field;
        for (const auto& field : entry) {
            const std::string& key = field.first.Scalar();
            if (key != "at" && key != "expect" && key != "note") ++actions;
            if (key == "at" && !at_field) at_field.emplace(field.second);
        }
        if (actions != 1)
            throw InputError(rulebook::location_of(file.name, entry),
                             "found an entry with " + std::to_string(actions) +
                                 " actions; expected exactly one of move, claim, arrive, phone, offer, accept, decline, "
                                 "resign, touch, observe, arbiter, declare, pass, press, assign, incident, agree");
        const YAML::Node at = at_field ? *at_field : rulebook::child(entry, "at");
        auto time = clock::parse_duration(at.Scalar());
        if (!time)
            throw InputError(rulebook::location_of(file.name, at),
                             "at: found " + rulebook::describe(at) + "; expected a time H:MM:SS, M:SS or H:MM:SS.mmm");
        const std::int64_t ms = time->count();
        if (ms < previous)
            throw InputError(rulebook::location_of(file.name, at),
                             "at: found the time " + at.Scalar() + ", before the previous entry's " + previous_at.Scalar() +
                                 " (line " + std::to_string(previous_at.Mark().line + 1) + "); expected times that never go back");
        previous = ms;
        previous_at = at;
    }
}

// An entry of the timeline from its YAML node (as read_timeline reads one); `at` is the caller's.
Entry entry_of(const YAML::Node& node, const std::string& file) {
    Entry e;
    e.node = node;
    e.where = rulebook::location_of(file, node);
    for (const auto& field : node) {
        const std::string& key = field.first.Scalar();
        if (key == "note") e.note = field.second.Scalar();
        else if (key != "at" && key != "expect") {
            e.action = key;
            e.value = field.second;
            if (field.second.IsScalar()) e.text = field.second.Scalar();
        }
    }
    return e;
}

// The text of a double-quoted scalar as yaml_quoted writes it, where it holds no escape; nullopt otherwise.
std::optional<std::string_view> plain_quoted(std::string_view line, std::string_view key) {
    if (!starts_with(line, key) || line.size() < key.size() + 3 || line[key.size()] != '"' || line.back() != '"')
        return std::nullopt;
    const std::string_view text = line.substr(key.size() + 1, line.size() - key.size() - 2);
    if (text.find_first_of("\\\"") != std::string_view::npos) return std::nullopt;
    return text;
}

// The entries of a head whose event and start lines were read with an earlier game's, without parsing it as YAML:
// each ending entry line (`  - {at: "<instant>", <body>}`) is looked up in `heads`, where it was parsed once for
// its line and the width of its instant, and checked as check_head_entries would. False, with `out` untouched,
// where anything is not as write_yaml writes it or a check would fail: the caller then reads the head as YAML,
// which says exactly what is wrong.
bool quick_head_entries(std::string_view entries, const std::string& file,
                        std::unordered_map<std::string, std::unique_ptr<AuditHeads::KnownEntry>>& known,
                        std::vector<Entry>& out) {
    std::vector<Entry> found;
    std::size_t next = entries.find('\n');
    const std::string_view first = entries.substr(0, next);
    if (first != "entries:" && first != "entries: []") return false;
    std::int64_t previous = -1;
    for (int k = 0; next != std::string_view::npos && next + 1 < entries.size(); ++k) {
        const std::size_t end = entries.find('\n', next + 1);
        if (end == std::string_view::npos) return false;
        const std::string_view line = entries.substr(next + 1, end - next - 1);
        next = end;
        constexpr std::string_view open = "  - {at: \"";
        const std::size_t close = line.find("\", ", open.size());
        if (first != "entries:" || !starts_with(line, open) || line.back() != '}' || close == std::string_view::npos)
            return false;
        const std::string_view at = line.substr(open.size(), close - open.size());
        const auto time = clock::parse_duration(std::string(at));
        if (!time || time->count() < previous) return false;
        previous = time->count();
        std::string key = std::to_string(k) + ' ' + std::to_string(at.size()) + ' ';
        key.append(line.substr(close));
        auto it = known.find(key);
        if (it == known.end()) {
            // The entry alone on the line the head has it on (lines 1-4: timeline, source, event, start).
            std::string text = "\n\n\n\nentries:\n";
            for (int i = 0; i < k; ++i) text += "  - {}\n";
            text.append(line).append("\n");
            auto parsed = std::make_unique<AuditHeads::KnownEntry>();
            parsed->yaml = rulebook::parse_yaml_text(text, file);
            const YAML::Node node = rulebook::child(parsed->yaml.root, "entries")[std::size_t(k)];
            int actions = 0;
            for (const auto& field : node)
                if (const std::string& name = field.first.Scalar(); name != "at" && name != "expect" && name != "note") ++actions;
            if (actions != 1) return false;
            parsed->entry = entry_of(node, file);
            if (known.size() >= AuditHeads::capacity) known.clear();
            it = known.emplace(std::move(key), std::move(parsed)).first;
        }
        found.push_back(it->second->entry);
        found.back().where.file = file;
    }
    out = std::move(found);
    return true;
}

}  // namespace

Timeline audit_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override) {
    return audit_timeline(game, library, rulebook_override, nullptr);
}

Timeline audit_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override,
                        AuditHeads* heads) {
    std::string name = game.file;
    if (game.count != 1) name += " (game " + std::to_string(game.number) + ")";
    Timeline t;
    const HeadLines lines = heads ? head_lines(game.head) : HeadLines{};
    std::string key;
    const AuditHeads::Known* known = nullptr;
    if (!lines.names.empty()) {
        key.append(lines.event_and_start).append(rulebook_override);
        if (const auto it = heads->known_.find(key); it != heads->known_.end()) known = it->second.get();
    }
    std::vector<Entry> quick;  // the head's entries, read without YAML
    const auto name_line = lines.names.substr(0, lines.names.find('\n'));
    const auto timeline_name = known ? plain_quoted(name_line, "timeline: ") : std::nullopt;
    const bool read_quickly = timeline_name && quick_head_entries(lines.entries, name, heads->entries_, quick);
    if (read_quickly) {
        t.file = name;
        t.name = std::string(*timeline_name);
        t.event = known->event;
        t.event.file = t.file;
        t.start = known->start;
    } else if (known) {
        // The event and start lines give blank lines here, so that every line and column stays where the whole
        // head has it (messages name them).
        std::string rest(lines.names);
        rest.append("\n\n").append(lines.entries);
        t.yaml = rulebook::parse_yaml_text(rest, name);
        t.file = t.yaml.name;
        check_head_entries(t.yaml);
        t.event = known->event;
        t.event.file = t.file;
        t.start = known->start;
    } else {
        t.yaml = rulebook::parse_yaml_text(game.head, name);
        t.file = t.yaml.name;
        rulebook::check_timeline(t.yaml, library, rulebook_override);
        // From here as read_timeline (procedure/timeline.cpp) builds the model; write_yaml writes the event inline.
        t.event = rulebook::read_event(rulebook::child(t.yaml.root, "event"), t.file);
        t.start = rulebook::child(t.yaml.root, "start");
        if (!key.empty()) {
            if (heads->known_.size() >= AuditHeads::capacity) heads->known_.clear();
            heads->known_.emplace(std::move(key), std::make_unique<AuditHeads::Known>(AuditHeads::Known{t.event, t.start}));
        }
    }
    if (!read_quickly) {
        const YAML::Node& root = t.yaml.root;
        t.name = rulebook::child(root, "timeline").Scalar();
        t.expect = rulebook::child(root, "expect");
        for (const auto& node : rulebook::child(root, "entries")) quick.push_back(entry_of(node, t.file));
    }
    if (!rulebook_override.empty()) t.event.rulebook = rulebook_override;
    auto other = quick.begin();
    t.record_file = game.file;
    t.entries.reserve(game.parts.size());
    for (const auto& part : game.parts) {
        // Built in place: an Entry's YAML handles have no moves, and an archive has a few hundred thousand entries.
        Entry& e = t.entries.emplace_back();
        if (!part.move.empty()) {
            e.action = "move";
            e.text = part.move;
            e.where.line = part.line;  // in t.record_file (Timeline::place)
            e.where.column = part.column;
            e.reading = part.reading;
        } else {
            if (other == quick.end()) throw std::logic_error("audit_timeline: the head holds fewer entries than the parts");
            e = std::move(*other++);
        }
        e.at = part.at;
        // check_timeline saw the head's instants only; the moves' are checked here, as it would.
        if (t.entries.size() > 1 && e.at < t.entries[t.entries.size() - 2].at)
            throw InputError(t.place(e), "at: found the time " + clock::format_clock(e.at) + ", before the previous entry's " +
                                          clock::format_clock(t.entries[t.entries.size() - 2].at) +
                                          "; expected times that never go back");
    }
    return t;
}

nlohmann::json recorded_json(const RecordedEnding& recorded) {
    nlohmann::json out = nlohmann::json::object();
    out["ending"] = recorded.ending.empty() ? "unknown" : recorded.ending;
    if (!recorded.by.empty()) out["by"] = recorded.by;
    out["text"] = recorded.text;
    if (!recorded.text_ja.empty()) out["text_ja"] = recorded.text_ja;
    if (!recorded.score.empty()) {
        nlohmann::json score = nlohmann::json::object();
        for (const auto& [side, points] : recorded.score) score[side] = points;
        out["score"] = score;
    } else {
        out["score"] = nullptr;
    }
    if (!recorded.discs.empty()) out["discs"] = recorded.discs;
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
    if (!recorded.discs.empty())
        if (const auto count = ruled_count(run))
            for (int s = 0; s < 2; ++s) {
                const auto it = recorded.discs.find(run.sides[std::size_t(s)]);
                if (it != recorded.discs.end() && it->second != (*count)[std::size_t(s)]) return false;
            }
    return true;
}

std::optional<std::array<int, 2>> ruled_count(const Run& run) { return run.result.discs; }

void add_record_keys(nlohmann::json& out, const RecordGame& game, const Run& run) {
    out["record"] = {{"file", game.file},
                     {"format", std::string(record_format_name(game.format))},
                     {"game", game.number},
                     {"games", game.count}};
    out["recorded"] = recorded_json(game.recorded);
    const auto a = agrees(game.recorded, run);
    out["agrees"] = a ? nlohmann::json(*a) : nlohmann::json(nullptr);
    add_warnings(out, game.warnings);
}

}  // namespace arbiter::procedure
