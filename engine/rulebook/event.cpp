#include "rulebook/event.h"

#include "rulebook/loader.h"
#include "rulebook/suggest.h"
#include "rulebook/yaml_source.h"

#include <algorithm>

namespace arbiter::rulebook {

Event read_event(const YAML::Node& node, const std::string& file) {
    Event event;
    event.file = file;
    event.node = node;
    auto text = [&](const char* key) { return node[key] && node[key].IsScalar() ? node[key].Scalar() : std::string(); };
    event.name = text("event");
    event.rulebook = text("rulebook");
    event.mode = text("mode");
    event.category = text("category");
    event.supervision = text("supervision");
    event.variant = text("variant");
    event.time_control = node["time_control"];
    for (const auto& [key, out] : {std::pair{"set", &event.set}, std::pair{"declared", &event.declared}}) {
        if (const auto settings = node[key]) {
            for (const auto& entry : settings) {
                const std::string path = entry.first.Scalar();
                const auto dot = path.rfind('.');
                out->push_back({path.substr(0, dot), dot == std::string::npos ? std::string() : path.substr(dot + 1),
                                entry.second, entry.first});
            }
        }
    }
    return event;
}

const Rulebook& event_rulebook(const Event& event, const Library& library, const std::string& override_id) {
    const std::string& id = override_id.empty() ? event.rulebook : override_id;
    if (id.empty())
        throw InputError(location_of(event.file, event.node), "found an event without a rulebook; expected rulebook: <id> (or --rulebook)");
    if (const Rulebook* book = library.find(id)) return *book;
    const YAML::Node at = override_id.empty() ? event.node["rulebook"] : event.node;
    if (const InputError* failure = library.failure(id))
        throw InputError(location_of(event.file, at), "found the rulebook '" + id +
                                                          "', which does not load; expected a valid rulebook (" +
                                                          failure->what() + ")");
    throw InputError(location_of(event.file, at), "found the rulebook '" + id + "', which is in none of the rulesets folders (arbiter -v lists them)"
                                                      "; expected one of: " +
                                                      list_names(library.ids()) + did_you_mean(id, library.ids()));
}

void check_event(const Event& event, const Rulebook& rulebook, const Registry& registry) {
    const Mode* mode = nullptr;
    if (!event.mode.empty()) {
        auto it = rulebook.modes.find(event.mode);
        if (it == rulebook.modes.end())
            throw InputError(location_of(event.file, event.node["mode"]),
                             "found the mode '" + event.mode + "', which " + rulebook.id + " does not have; expected one of: " +
                                 list_names(keys_of(rulebook.modes)) + did_you_mean(event.mode, keys_of(rulebook.modes)));
        mode = &it->second;
    }
    const Category* category = nullptr;
    // "standard" names the base rules (as event_check.cpp reads it) unless the rulebook has a category of that name.
    if (!event.category.empty() && !(event.category == "standard" && !rulebook.categories.count(event.category))) {
        auto it = rulebook.categories.find(event.category);
        if (it == rulebook.categories.end())
            throw InputError(location_of(event.file, event.node["category"]),
                             "found the category '" + event.category + "', which " + rulebook.id +
                                 " does not have; expected one of: " + list_names(keys_of(rulebook.categories)) +
                                 did_you_mean(event.category, keys_of(rulebook.categories)));
        category = &it->second;
    }
    for (const Setting& setting : event.set) {
        const std::string path = setting.key.Scalar();
        const TopicSpec* topic = registry.topic(setting.topic);
        if (!topic)
            throw InputError(location_of(event.file, setting.key),
                             "set: found the unknown topic '" + setting.topic + "' in '" + path + "'; expected topic.param" +
                                 did_you_mean(setting.topic, registry.topic_names()));
        // The rule that applies: the mode's or category's own rule on the topic, else the base rule.
        const Rule* rule = nullptr;
        if (mode && mode->rules.count(setting.topic)) rule = &mode->rules.find(setting.topic)->second;
        else if (category && category->rules.count(setting.topic)) rule = &category->rules.find(setting.topic)->second;
        else rule = rulebook.rule(setting.topic);
        if (!rule)
            throw InputError(location_of(event.file, setting.key),
                             "set: found '" + path + "', but " + rulebook.id + " has no rule on " + setting.topic +
                                 "; expected a topic of the rulebook" + did_you_mean(setting.topic, keys_of(rulebook.rules)));
        const Param* param = rule->param(setting.param);
        if (!param) {
            std::vector<std::string> names;
            for (const auto& p : rule->params) names.push_back(p.name);
            throw InputError(location_of(event.file, setting.key),
                             "set: found '" + path + "', but " + rulebook.id + " " + rule->article + " has no parameter '" +
                                 setting.param + "'; expected one of: " + list_names(names) + did_you_mean(setting.param, names));
        }
        // Only what the rulebook lets an event change (event_may_set: true): anything else would run with the
        // event's value against the text (a scoring the rulebook fixes).
        if (!param->event_may_set) {
            std::vector<std::string> settable;
            for (const auto& p : rule->params)
                if (p.event_may_set) settable.push_back(setting.topic + "." + p.name);
            throw InputError(location_of(event.file, setting.key),
                             "set: found '" + path + "', but " + rulebook.id + " " + rule->article +
                                 " does not let an event change it (fixed at " + param->value.text + "); expected " +
                                 (settable.empty() ? std::string("no set: for this topic")
                                                   : "one of the parameters it lets an event set: " + list_names(settable)));
        }
        const Value value = read_value(param->value.unit, setting.value, event.file, "set." + path);
        const bool below = param->min && value.unit == Unit::duration ? value.ms < param->min->ms
                           : param->min ? (value.integer < param->min->integer || value.number < param->min->number)
                                        : false;
        const bool above = param->max && value.unit == Unit::duration ? value.ms > param->max->ms
                           : param->max ? (value.integer > param->max->integer || value.number > param->max->number)
                                        : false;
        if (below || above)
            throw InputError(location_of(event.file, setting.value),
                             "set: found " + value.text + " for " + path + ", but " + rulebook.id + " " + rule->article +
                                 " lets an event set it within " + (param->min ? param->min->text : std::string()) + ".." +
                                 (param->max ? param->max->text : std::string()) + "; expected a value in that range");
    }
}

void adopt_declared(Event& event, const Rulebook& rulebook, const Registry& registry) {
    std::vector<Setting> declared = std::move(event.declared);
    event.declared.clear();
    for (Setting& setting : declared) {
        const bool set_by_event = std::any_of(event.set.begin(), event.set.end(), [&](const Setting& s) {
            return s.topic == setting.topic && s.param == setting.param;
        });
        if (set_by_event) continue;  // the event's own set: rules
        // The same checks as a `set:` entry, on an event that sets this alone (its mode and category kept).
        Event one;
        one.file = event.file;
        one.node = event.node;
        one.mode = event.mode;
        one.category = event.category;
        one.set.push_back(setting);
        try {
            check_event(one, rulebook, registry);
            event.set.push_back(std::move(setting));
        } catch (const InputError& e) {
            const std::string value = setting.value.IsScalar() ? setting.value.Scalar() : std::string("?");
            // check_event's reason without its framing: "<rulebook> <article> does not let an event change it ...".
            std::string reason = e.message();
            if (const auto but = reason.find(", but "); but != std::string::npos) reason.erase(0, but + 6);
            if (const auto expected = reason.find("; expected"); expected != std::string::npos) reason.erase(expected);
            event.declared_aside.push_back(
                {"the record states " + setting.topic + "." + setting.param + " " + value + ", left aside: " + reason +
                     "; the rulebook's value rules",
                 "記録が示す大会の設定（" + value + "）は、この規則書では大会が定められる値ではないので用いず、規則書の値で裁定した"});
        }
    }
}

}  // namespace arbiter::rulebook
