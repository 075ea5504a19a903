// Timelines read through the rulebook layer's front door: schema (kind `timeline`), meaning checks
// (rulebook/timeline.h), then the model the runner walks.
#include "procedure/procedure.h"

#include "clock/duration.h"
#include "rulebook/event.h"
#include "rulebook/schema.h"
#include "rulebook/timeline.h"

namespace arbiter::procedure {

using rulebook::location_of;

Timeline load_timeline(const std::filesystem::path& path, const rulebook::Library& library,
                       const std::string& rulebook_override) {
    return read_timeline(rulebook::read_yaml_file(path), library, rulebook_override);
}

Timeline read_timeline(rulebook::YamlFile yaml, const rulebook::Library& library, const std::string& rulebook_override) {
    Timeline t;
    t.yaml = std::move(yaml);
    t.file = t.yaml.name;
    if (rulebook::detect_kind(t.yaml) != rulebook::Kind::timeline)
        throw InputError(location_of(t.file, t.yaml.root), "found another kind of file; expected a timeline (timeline: name)");
    rulebook::check_schema(t.yaml, rulebook::Kind::timeline);
    rulebook::check_timeline(t.yaml, library, rulebook_override);

    const YAML::Node& root = t.yaml.root;
    t.name = root["timeline"].Scalar();
    rulebook::NodeHandle event_node = root["event"];
    std::string event_file = t.file;
    if (event_node.IsScalar()) {
        const auto event_path = std::filesystem::path(t.file).parent_path() / event_node.Scalar();
        auto event_yaml = rulebook::read_yaml_file(event_path);
        event_node = event_yaml.root;
        event_file = event_yaml.name;
    }
    t.event = rulebook::read_event(event_node, event_file);
    if (!rulebook_override.empty()) t.event.rulebook = rulebook_override;
    // What a record states about its event, taken where the rulebook (checked by check_timeline) lets an event set it.
    if (!t.event.declared.empty())
        rulebook::adopt_declared(t.event, rulebook::event_rulebook(t.event, library), library.registry());
    t.start = root["start"];
    t.expect = root["expect"];
    for (const auto& node : root["entries"]) {
        Entry e;
        e.node = node;
        e.where = location_of(t.file, node);
        e.at = *clock::parse_duration(node["at"].Scalar());  // checked by check_timeline
        for (const auto& field : node) {
            const std::string key = field.first.Scalar();
            if (key == "at" || key == "expect" || key == "hands") continue;  // hands: a fact of the move entry
            if (key == "note") {
                e.note = field.second.Scalar();
                continue;
            }
            e.action = key;
            e.value = field.second;
            if (field.second.IsScalar()) e.text = field.second.Scalar();
        }
        t.entries.push_back(std::move(e));
    }
    return t;
}

}  // namespace arbiter::procedure
