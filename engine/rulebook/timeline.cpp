#include "rulebook/timeline.h"

#include "clock/duration.h"
#include "core/game_def.h"
#include "core/position.h"
#include "rulebook/event.h"
#include "rulebook/game_loader.h"
#include "rulebook/schema.h"
#include "rulebook/suggest.h"

#include <algorithm>
#include <optional>
#include <sstream>

namespace arbiter::rulebook {

namespace {

std::vector<std::string> fields_of(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string field; in >> field;) out.push_back(field);
    return out;
}

// The entry keys that are not actions.
bool is_action(const std::string& key) { return key != "at" && key != "expect" && key != "note" && key != "hands"; }

}  // namespace

void check_start_position(const YAML::Node& position, const std::string& file, const std::string& game,
                          const std::filesystem::path& rulesets) {
    if (!position || position.IsScalar()) return;  // startpos (the schema allows nothing else as text)
    if (const auto fen = position["fen"]) {
        const auto fields = fields_of(fen.Scalar());
        if (fields.size() != 6)
            throw InputError(location_of(file, fen), "start.fen: found " + std::to_string(fields.size()) +
                                                         " fields; expected 6 (placement, side to move, castling, en passant, "
                                                         "halfmove clock, fullmove number)");
        const auto game_file = rulesets / "games" / (game + ".yaml");
        std::error_code ec;
        if (game.empty() || !std::filesystem::exists(game_file, ec)) return;
        try {
            auto def = core::GameDefinition::from_yaml(read_yaml_file(game_file).root, game_file.string());
            core::with_bitboard(*def, [&](auto bb) {  // at the game's own position width, as run reads it
                using Position = core::BasicPosition<decltype(bb)>;
                core::require_possible_position(Position::from_fen(def, fen.Scalar(), file), file);  // as run refuses it
            });
        } catch (const InputError& e) {
            if (e.where().file != file) throw;  // the game definition itself is broken: report it as it is
            throw InputError(location_of(file, fen), "start.fen: " + e.message());
        }
    } else if (const auto sfen = position["sfen"]) {
        const auto fields = fields_of(sfen.Scalar());
        if (fields.size() < 3 || fields.size() > 4)
            throw InputError(location_of(file, sfen), "start.sfen: found " + std::to_string(fields.size()) +
                                                          " fields; expected 4 (board, side to move, hand, move number)");
        if (fields[1] != "b" && fields[1] != "w")
            throw InputError(location_of(file, sfen), "start.sfen: found the side to move '" + fields[1] + "'; expected b or w");
    } else if (const auto board = position["board"]) {
        const std::string& text = board.Scalar();
        std::size_t squares = 0;
        while (squares < text.size() && (text[squares] == 'X' || text[squares] == 'O' || text[squares] == '-')) ++squares;
        if (squares != 64 || text.size() != 66 || text[64] != ' ' || (text[65] != 'X' && text[65] != 'O'))
            throw InputError(location_of(file, board), "start.board: found " + std::to_string(squares) +
                                                           " squares of X, O or - then \"" + text.substr(std::min(squares, text.size())) +
                                                           "\"; expected 64 squares, a space and X or O to move");
    }
}

namespace {

// An incident names a topic an incident may raise (raised_by: entry.incident) and facts that are conditions.
void check_incident(const YAML::Node& incident, const std::string& file, const Registry& registry) {
    const YAML::Node topic = incident["topic"];
    const TopicSpec* spec = registry.topic(topic.Scalar());
    std::vector<std::string> allowed;
    for (const auto& name : registry.topic_names()) {
        const auto& by = registry.topic(name)->raised_by;
        if (std::find(by.begin(), by.end(), "entry.incident") != by.end()) allowed.push_back(name);
    }
    if (!spec || std::find(allowed.begin(), allowed.end(), topic.Scalar()) == allowed.end())
        throw InputError(location_of(file, topic), "incident.topic: found '" + topic.Scalar() +
                                                       "'; expected a topic an incident raises (raised_by: entry.incident in " +
                                                       registry.file() + ")" + did_you_mean(topic.Scalar(), allowed));
    // The facts an incident may state (EngineWords::incident_facts): a condition the runner
    // reads off the board, the clock or an arrival would ignore the fact given.
    std::vector<std::string> facts;
    if (const EngineWords* engine = engine_words())
        for (const auto word : engine->incident_facts) facts.emplace_back(word);
    for (const auto& fact : incident["facts"]) {
        const std::string& name = fact.first.Scalar();
        if (!registry.condition(name))
            throw InputError(location_of(file, fact.first), "incident.facts: found '" + name + "'; expected a condition of " +
                                                                registry.file() + did_you_mean(name, registry.condition_names()));
        if (!facts.empty() && std::find(facts.begin(), facts.end(), name) == facts.end())
            throw InputError(location_of(file, fact.first),
                             "incident.facts: found '" + name + "', a condition the engine reads off the board, the clock "
                             "or the run, so a fact given for it would be ignored; expected a fact an incident states" +
                                 did_you_mean(name, facts));
    }
}


}  // namespace

void check_timeline(const YamlFile& file, const Library& library, const std::string& rulebook_override) {
    const YAML::Node& root = file.root;
    // The event: inline, or a file named relative to the timeline.
    NodeHandle event_node = root["event"];
    std::string event_file = file.name;
    YamlFile event_yaml;
    if (event_node.IsScalar()) {
        const auto path = std::filesystem::path(file.name).parent_path() / event_node.Scalar();
        std::error_code ec;
        if (!std::filesystem::exists(path, ec))
            throw InputError(location_of(file.name, event_node),
                             "event: found the path '" + event_node.Scalar() + "', which does not exist (" + path.string() +
                                 "); expected an event file relative to the timeline");
        try {
            event_yaml = read_yaml_file(path);
        } catch (const InputError& e) {
            refuse_named_file(file.name, "event", event_node, e, "an event file relative to the timeline");
        }
        if (detect_kind(event_yaml) != Kind::event)
            throw InputError(location_of(event_yaml.name, event_yaml.root), "found another kind of file; expected an event (event: name)");
        check_schema(event_yaml, Kind::event);
        event_node = event_yaml.root;
        event_file = event_yaml.name;
    }
    const Event event = read_event(event_node, event_file);
    const Rulebook& rulebook = event_rulebook(event, library, rulebook_override);
    check_event(event, rulebook, library.registry());

    // An event's variant (chess960) is played instead of the rulebook's game, which must rule it (its ruled_as).
    const std::string& game = event.variant.empty() ? rulebook.game : event.variant;
    if (game != rulebook.game) {
        const auto folder = library.folder_of_game(game);
        std::error_code ec;
        if (!std::filesystem::exists(folder / "games" / (game + ".yaml"), ec) ||
            game_profile(game, folder).ruled_as != rulebook.game)
            throw InputError(location_of(event.file, event.node["variant"]),
                             "variant: found '" + game + "'; expected a game file ruled as " + rulebook.game +
                                 " (ruled_as: " + rulebook.game + "), the game of the rulebook " + rulebook.id);
    }
    check_start_position(root["start"], file.name, game, library.folder_of_game(game));

    std::int64_t previous = -1;
    NodeHandle previous_at;
    for (const auto& entry : root["entries"]) {
        // One walk over the entry's fields (operator[] walks the map again per key and formats an error text on a
        // miss: on an audit of record games, whose every entry is read here, that was most of this check's time).
        // (std::optional: assigning to a YAML::Node handle that already holds a node would write into the document.)
        int actions = 0;
        std::optional<YAML::Node> at_field, incident, appeal;
        for (const auto& field : entry) {
            const std::string& key = field.first.Scalar();
            if (is_action(key)) ++actions;
            if (key == "at" && !at_field) at_field.emplace(field.second);
            else if (key == "incident" && !incident) incident.emplace(field.second);
            else if (key == "appeal" && !appeal) appeal.emplace(field.second);
        }
        if (actions != 1)
            throw InputError(location_of(file.name, entry),
                             "found an entry with " + std::to_string(actions) +
                                 " actions; expected exactly one of move, claim, arrive, phone, offer, accept, decline, "
                                 "resign, touch, observe, arbiter, declare, pass, press, assign, incident, agree, appeal");
        if (incident) check_incident(*incident, file.name, library.registry());
        if (appeal) {
            // The topic of the ruling appealed against: one the registry does not name could never have been ruled.
            const YAML::Node against = (*appeal)["against"];
            if (!library.registry().topic(against.Scalar()))
                throw InputError(location_of(file.name, against),
                                 "appeal.against: found '" + against.Scalar() + "'; expected a topic of " + library.registry().file() +
                                     did_you_mean(against.Scalar(), library.registry().topic_names()));
        }
        const YAML::Node at = at_field ? *at_field : child(entry, "at");
        auto time = clock::parse_duration(at.Scalar());
        if (!time)
            throw InputError(location_of(file.name, at), "at: found " + describe(at) + "; expected a time H:MM:SS, M:SS or H:MM:SS.mmm");
        const std::int64_t ms = time->count();
        if (ms < previous)
            throw InputError(location_of(file.name, at),
                             "at: found the time " + at.Scalar() + ", before the previous entry's " + previous_at.Scalar() +
                                 " (line " + std::to_string(previous_at.Mark().line + 1) +
                                 "); expected times that never go back");
        previous = ms;
        previous_at = at;
    }
}

}  // namespace arbiter::rulebook
