// The audit's reading of a converted game (record_timeline.h audit_timeline, AuditHeads): the head read through the
// front door's meaning checks, or without YAML where its event and start lines were read before, and the moves
// straight into the timeline's entries with the converter's readings.
#include "records/record_timeline.h"

#include "records/convert.h"

#include "clock/duration.h"
#include "core/error.h"
#include "rulebook/event.h"
#include "rulebook/timeline.h"
#include "rulebook/yaml_source.h"

#include <yaml-cpp/yaml.h>

#include <optional>

namespace arbiter::procedure {

using convert::starts_with;

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
        rest.find("incident") != std::string_view::npos || rest.find("appeal") != std::string_view::npos)
        return {};
    return {names, middle, rest};
}

// check_timeline's checks of the entries (rulebook/timeline.cpp), for a head whose event and start were checked with
// an earlier game's: one action each, instants that are times and never go back. (Heads hold no incident or appeal,
// whose topics check_timeline checks: those are read whole, see head_lines.)
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
                                 "resign, touch, observe, arbiter, declare, pass, press, assign, incident, agree, appeal");
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
// which says exactly what is wrong. `out` is empty on entry: the entries go straight into it, and it is emptied again
// where the head is not read.
bool quick_head_entries(std::string_view entries, const std::string& file,
                        std::unordered_map<std::string, std::unique_ptr<AuditHeads::KnownEntry>>& known,
                        std::vector<Entry>& out) {
    const auto refuse = [&out] {
        out.clear();
        return false;
    };
    // The key of an entry, built in one buffer kept on each thread (a head's key outgrew a string's own room).
    thread_local std::string key;
    std::size_t next = entries.find('\n');
    const std::string_view first = entries.substr(0, next);
    if (first != "entries:" && first != "entries: []") return false;
    std::int64_t previous = -1;
    for (int k = 0; next != std::string_view::npos && next + 1 < entries.size(); ++k) {
        const std::size_t end = entries.find('\n', next + 1);
        if (end == std::string_view::npos) return refuse();
        const std::string_view line = entries.substr(next + 1, end - next - 1);
        next = end;
        constexpr std::string_view open = "  - {at: \"";
        const std::size_t close = line.find("\", ", open.size());
        if (first != "entries:" || !starts_with(line, open) || line.back() != '}' || close == std::string_view::npos)
            return refuse();
        const std::string_view at = line.substr(open.size(), close - open.size());
        const auto time = clock::parse_duration(at);
        if (!time || time->count() < previous) return refuse();
        previous = time->count();
        key.assign(std::to_string(k)).append(1, ' ').append(std::to_string(at.size())).append(1, ' ');
        key.append(line.substr(close));
        auto it = known.find(key);
        if (it == known.end()) {
            // The entry alone on the line the head has it on (lines 1-4: timeline, source, event, start).
            std::string text = "\n\n\n\nentries:\n";
            for (int i = 0; i < k; ++i) text += "  - {}\n";
            text.append(line).append("\n");
            auto parsed = std::make_unique<AuditHeads::KnownEntry>();
            parsed->yaml = parse_converted_yaml(text, file);
            const YAML::Node node = rulebook::child(parsed->yaml.root, "entries")[std::size_t(k)];
            int actions = 0;
            for (const auto& field : node)
                if (const std::string& name = field.first.Scalar(); name != "at" && name != "expect" && name != "note") ++actions;
            if (actions != 1) return refuse();
            parsed->entry = entry_of(node, file);
            if (known.size() >= AuditHeads::capacity) known.clear();
            it = known.emplace(key, std::move(parsed)).first;
        }
        out.push_back(it->second->entry);
        out.back().where.file = file;
    }
    return true;
}

// The event and start lines of a head, as `key`, without the event's name where write_yaml wrote one as a quoted
// scalar with no escape (`event: {event: "<name>", rulebook: ...`): the name, or nullopt with the lines whole. A real
// archive names hundreds of events (its tournaments), and its heads were read as YAML again for each.
std::optional<std::string_view> key_without_event_name(std::string_view lines, std::string& key) {
    constexpr std::string_view open = "event: {event: \"";
    const std::size_t close = starts_with(lines, open) ? lines.find("\", ", open.size()) : std::string_view::npos;
    const std::string_view name =
        close == std::string_view::npos ? std::string_view() : lines.substr(open.size(), close - open.size());
    if (close == std::string_view::npos || name.find_first_of("\\\"\n") != std::string_view::npos) {
        key.append(lines);
        return std::nullopt;
    }
    // An empty name stands for every name: write_yaml writes none for a game without one.
    key.append(open).append(lines.substr(close));
    return name;
}

}  // namespace

Timeline audit_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override) {
    return audit_timeline(game, library, rulebook_override, nullptr);
}

// The timeline of `game` with its head read (file, name, event, start, expect) and no entries yet; the head's entries
// go to `quick`, in order.
Timeline read_audit_head(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override,
                         AuditHeads* heads, std::vector<Entry>& quick) {
    std::string name;
    name.reserve(game.file.size() + 24);  // the game's number too, in the one allocation
    name = game.file;
    if (game.count != 1) name.append(" (game ").append(std::to_string(game.number)).append(")");
    Timeline t;
    const HeadLines lines = heads ? head_lines(game.head) : HeadLines{};
    // The key of the event and start lines, built in one buffer kept on each thread (it outgrows a string's own
    // room: an allocation a game).
    thread_local std::string key;
    key.clear();
    const AuditHeads::Known* known = nullptr;
    std::optional<std::string_view> event_name;  // left out of the key
    if (!lines.names.empty()) {
        event_name = key_without_event_name(lines.event_and_start, key);
        key.append(rulebook_override);
        if (const auto it = heads->known_.find(key); it != heads->known_.end()) known = it->second.get();
    }
    // A head read before under another event name: the event as read then, with this game's name (the event map's
    // node keeps the first game's: nothing an audit rules or writes reads it).
    const auto known_event = [&] {
        rulebook::Event event = known->event;
        if (event_name) event.name = std::string(*event_name);
        return event;
    };
    const auto name_line = lines.names.substr(0, lines.names.find('\n'));
    const auto timeline_name = known ? plain_quoted(name_line, "timeline: ") : std::nullopt;
    const bool read_quickly = timeline_name && quick_head_entries(lines.entries, name, heads->entries_, quick);
    if (read_quickly) {
        t.file = std::move(name);
        t.name = std::string(*timeline_name);
        t.event = known_event();
        t.event.file = t.file;
        t.start = known->start;
    } else if (known) {
        // The event and start lines give blank lines here, so that every line and column stays where the whole
        // head has it (messages name them).
        std::string rest(lines.names);
        rest.append("\n\n").append(lines.entries);
        t.yaml = parse_converted_yaml(rest, name);
        t.file = t.yaml.name;
        check_head_entries(t.yaml);
        t.event = known_event();
        t.event.file = t.file;
        t.start = known->start;
    } else {
        t.yaml = parse_converted_yaml(game.head, name);
        t.file = t.yaml.name;
        rulebook::check_timeline(t.yaml, library, rulebook_override);
        // From here as read_timeline (procedure/timeline.cpp) builds the model; write_yaml writes the event inline.
        t.event = rulebook::read_event(rulebook::child(t.yaml.root, "event"), t.file);
        // The record's declared settings under the rulebook that rules (before the event is kept for later heads).
        if (!t.event.declared.empty())
            rulebook::adopt_declared(t.event, rulebook::event_rulebook(t.event, library, rulebook_override),
                                     library.registry());
        t.start = rulebook::child(t.yaml.root, "start");
        if (!key.empty()) {
            if (heads->known_.size() >= AuditHeads::capacity) heads->known_.clear();
            heads->known_.emplace(key, std::make_unique<AuditHeads::Known>(AuditHeads::Known{t.event, t.start}));
        }
    }
    if (!read_quickly) {
        const YAML::Node& root = t.yaml.root;
        t.name = rulebook::child(root, "timeline").Scalar();
        t.expect = rulebook::child(root, "expect");
        for (const auto& node : rulebook::child(root, "entries")) quick.push_back(entry_of(node, t.file));
    }
    if (!rulebook_override.empty()) t.event.rulebook = rulebook_override;
    t.record_file = game.file;
    return t;
}

namespace {

// `t.entries`, the game's parts, each with no action replaced by the next of the head's entries (`head`) at its
// instant; the instants are checked as check_timeline would (it saw the head's only).
void fill_entries(Timeline& t, std::vector<Entry>& head) {
    auto other = head.begin();
    for (std::size_t i = 0; i < t.entries.size(); ++i) {
        Entry& e = t.entries[i];
        if (e.action.empty()) {
            if (other == head.end())
                throw std::logic_error("audit_timeline: the head holds fewer entries than the parts");
            const Ms at = e.at;
            e = std::move(*other++);
            e.at = at;
        }
        if (i > 0 && e.at < t.entries[i - 1].at)
            throw InputError(t.place(e), "at: found the time " + clock::format_clock(e.at) +
                                             ", before the previous entry's " +
                                             clock::format_clock(t.entries[i - 1].at) +
                                             "; expected times that never go back");
    }
}

}  // namespace

Timeline audit_timeline(const RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override,
                        AuditHeads* heads) {
    std::vector<Entry> head;
    Timeline t = read_audit_head(game, library, rulebook_override, heads, head);
    t.entries = game.parts;
    fill_entries(t, head);
    return t;
}

Timeline take_audit_timeline(RecordGame& game, const rulebook::Library& library, const std::string& rulebook_override,
                             AuditHeads* heads) {
    std::vector<Entry> head;
    Timeline t = read_audit_head(game, library, rulebook_override, heads, head);
    t.entries = std::move(game.parts);
    game.parts.clear();
    fill_entries(t, head);
    return t;
}

}  // namespace arbiter::procedure
