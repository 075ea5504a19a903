#include "rulebook/registry.h"

#include "rulebook/loader.h"
#include "rulebook/paths.h"
#include "rulebook/schema.h"
#include "rulebook/suggest.h"

#include <algorithm>

namespace arbiter::rulebook {

namespace {

constexpr std::pair<std::string_view, Unit> unit_names[] = {
    {"duration", Unit::duration}, {"moves", Unit::moves},   {"count", Unit::count},   {"points", Unit::points},
    {"boolean", Unit::boolean},   {"text", Unit::text},     {"choice", Unit::choice}, {"fraction", Unit::fraction},
    {"balances", Unit::balances}};

template <class Map>
const typename Map::mapped_type* lookup(const Map& map, std::string_view name) {
    auto it = map.find(name);
    return it == map.end() ? nullptr : &it->second;
}

const EngineWords* engine_words_in_force = nullptr;

bool has(const std::vector<std::string_view>& words, std::string_view name) {
    return std::find(words.begin(), words.end(), name) != words.end();
}

// A section of {name: {en, ja}} entries (options, triggers, claimants, deadlines).
void read_named(const YAML::Node& section, std::vector<std::string>& names, std::map<std::string, NamedText, std::less<>>& into) {
    if (!section || !section.IsMap()) return;
    for (const auto& entry : section) {
        names.push_back(entry.first.Scalar());
        into.emplace(entry.first.Scalar(), NamedText{entry.first.Scalar(), read_text(entry.second)});
    }
}

// Refuses, at its place in the registry file, a word of `section` that the engine does not act on.
void check_acted_on(const YamlFile& file, const char* section, const std::vector<std::string_view>& words) {
    for (const auto& entry : child(file.root, section)) {
        if (has(words, entry.first.Scalar())) continue;
        throw InputError(location_of(file.name, entry.first),
                         std::string(section) + ": found '" + entry.first.Scalar() +
                             "', which the engine does not act on; expected a word it implements (docs/VOCABULARY.md), "
                             "or remove it from the registry");
    }
}

}  // namespace

void set_engine_words(const EngineWords* words) { engine_words_in_force = words; }
const EngineWords* engine_words() { return engine_words_in_force; }

std::optional<Unit> unit_from_name(std::string_view name) {
    for (const auto& [text, unit] : unit_names)
        if (text == name) return unit;
    return std::nullopt;
}

std::string_view unit_name(Unit unit) {
    for (const auto& [text, u] : unit_names)
        if (u == unit) return text;
    return "?";
}

Text read_text(const YAML::Node& node) {
    Text text;
    if (!node) return text;
    if (node.IsMap()) {
        for (const auto& entry : node) {  // one walk for both keys
            if (!entry.first.IsScalar() || !entry.second.IsScalar()) continue;
            if (entry.first.Scalar() == "en") text.en = entry.second.Scalar();
            else if (entry.first.Scalar() == "ja") text.ja = entry.second.Scalar();
        }
    } else if (node.IsScalar()) {
        text.en = node.Scalar();
    }
    return text;
}

const ParamSpec* TopicSpec::param(std::string_view wanted) const {
    for (const auto& p : params)
        if (p.name == wanted) return &p;
    return nullptr;
}

std::vector<std::string> TopicSpec::param_names() const {
    std::vector<std::string> names;
    for (const auto& p : params) names.push_back(p.name);
    return names;
}

const std::string* EffectSpec::field_type(std::string_view field) const {
    for (const auto& [name, type] : fields)
        if (name == field) return &type;
    return nullptr;
}

Registry Registry::load(const std::filesystem::path& path) {
    YamlFile file = read_yaml_file(path);
    if (detect_kind(file) != Kind::registry)
        throw InputError(location_of(file.name, file.root), "found another kind of file; expected the topic registry (registry:)");
    check_schema(file, Kind::registry);
    Registry registry;
    registry.file_ = file.name;
    read_named(child(file.root, "options"), registry.option_names_, registry.options_);
    read_named(child(file.root, "triggers"), registry.trigger_names_, registry.triggers_);
    read_named(child(file.root, "claimants"), registry.claimant_names_, registry.claimants_);
    read_named(child(file.root, "deadlines"), registry.deadline_names_, registry.deadlines_);
    read_named(child(file.root, "material_properties"), registry.material_property_names_, registry.material_properties_);
    const EngineWords* engine = engine_words();
    for (const auto& entry : child(file.root, "topics")) {
        TopicSpec topic{entry.first.Scalar(), read_text(entry.second), {}, {}, {}, {}, {}};
        if (const auto params = child(entry.second, "params"); params && params.IsMap()) {
            for (const auto& p : params) {
                auto unit = unit_from_name(child(p.second, "unit").Scalar());
                topic.params.push_back({p.first.Scalar(), unit.value_or(Unit::text), read_text(p.second), {}, {}});
                // A default is a value of the parameter's unit, read as a rule's would be (refused at its place).
                if (const auto d = child(p.second, "default")) {
                    read_value(topic.params.back().unit, d, file.name, "topics." + topic.name + ".params." + p.first.Scalar() + ".default");
                    topic.params.back().default_value = d;
                }
                // A bound is a whole value of a counting unit (the engine's search depths are capped).
                if (const auto m = child(p.second, "max")) {
                    const std::string what = "topics." + topic.name + ".params." + p.first.Scalar() + ".max";
                    topic.params.back().max = read_value(Unit::count, m, file.name, what).integer;
                }
            }
        }
        if (const auto options = child(entry.second, "options"); options && options.IsSequence())
            for (const auto& o : options) topic.options.push_back(o.Scalar());
        if (const auto game = child(entry.second, "game")) topic.game = game.Scalar();
        if (const auto setting = child(entry.second, "setting")) topic.setting = setting.Scalar();
        for (const auto& trigger : child(entry.second, "raised_by")) {
            if (!registry.triggers_.count(trigger.Scalar()))
                throw InputError(location_of(file.name, trigger),
                                 topic.name + ".raised_by: found the unknown trigger '" + trigger.Scalar() +
                                     "'; expected one of the registry's triggers" +
                                     did_you_mean(trigger.Scalar(), registry.trigger_names_));
            const auto names_topic = child(child(child(file.root, "triggers"), trigger.Scalar()), "names_topic");
            if (!(names_topic && names_topic.Scalar() == "true"))
                for (const auto& [other_name, other] : registry.topics_)
                    if (std::find(other.raised_by.begin(), other.raised_by.end(), trigger.Scalar()) != other.raised_by.end() &&
                        (other.game.empty() || topic.game.empty() || other.game == topic.game))
                        throw InputError(location_of(file.name, trigger),
                                         topic.name + ".raised_by: found the trigger '" + trigger.Scalar() + "', which " +
                                             other_name + " is raised by already; expected each trigger to raise one "
                                             "topic per game (give the topics a game)");
            topic.raised_by.push_back(trigger.Scalar());
        }
        registry.topic_names_.push_back(topic.name);
        registry.topics_.emplace(topic.name, std::move(topic));
    }
    for (const auto& entry : child(file.root, "effects")) {
        EffectSpec effect{entry.first.Scalar(), {}, read_text(entry.second)};
        if (const auto fields = child(entry.second, "fields"); fields && fields.IsMap())
            for (const auto& f : fields) effect.fields.emplace_back(f.first.Scalar(), f.second.Scalar());
        if (const auto statement = child(entry.second, "statement")) effect.statement = statement.Scalar() == "true";
        registry.effect_names_.push_back(effect.name);
        registry.effects_.emplace(effect.name, std::move(effect));
    }
    for (const auto& entry : child(file.root, "conditions")) {
        ConditionSpec condition{entry.first.Scalar(), child(entry.second, "type").Scalar(), read_text(entry.second)};
        registry.condition_names_.push_back(condition.name);
        registry.conditions_.emplace(condition.name, std::move(condition));
    }
    if (const auto format = child(file.root, "format")) registry.format_ = format.as<int>();
    for (const auto& entry : child(file.root, "retired"))
        registry.retired_[entry.first.Scalar()] = {child(entry.second, "format").as<int>(), read_text(entry.second)};
    read_named(child(file.root, "roles"), registry.role_names_, registry.roles_);
    for (const auto& entry : child(file.root, "roles"))
        if (const auto holds = child(entry.second, "holds")) registry.holds_[entry.first.Scalar()] = holds.Scalar();
    for (const auto& section : child(file.root, "sheet")) {
        SheetSectionSpec spec{read_text(section), {}, child(section, "discretion") && child(section, "discretion").Scalar() == "true"};
        for (const auto& topic : child(section, "topics")) {
            if (!registry.topics_.count(topic.Scalar()))
                throw InputError(location_of(file.name, topic), "sheet: found the unknown topic '" + topic.Scalar() +
                                                                    "'" + did_you_mean(topic.Scalar(), registry.topic_names_));
            spec.topics.push_back(topic.Scalar());
        }
        registry.sheet_.push_back(std::move(spec));
    }
    if (engine) {
        check_acted_on(file, "triggers", engine->triggers);
        check_acted_on(file, "claimants", engine->claimants);
        check_acted_on(file, "deadlines", engine->deadlines);
        check_acted_on(file, "material_properties", engine->material_properties);
        check_acted_on(file, "conditions", engine->conditions);
        check_acted_on(file, "effects", engine->effects);
        check_acted_on(file, "options", engine->options);
    }
    return registry;
}

const Registry& Registry::bundled() {
    static const Registry registry = load(schema_file("topics.yaml"));
    return registry;
}

const TopicSpec* Registry::topic(std::string_view name) const { return lookup(topics_, name); }
const EffectSpec* Registry::effect(std::string_view name) const { return lookup(effects_, name); }
const ConditionSpec* Registry::condition(std::string_view name) const { return lookup(conditions_, name); }
const NamedText* Registry::role(std::string_view name) const { return lookup(roles_, name); }
const NamedText* Registry::option(std::string_view name) const { return lookup(options_, name); }
const NamedText* Registry::trigger(std::string_view name) const { return lookup(triggers_, name); }
const NamedText* Registry::claimant(std::string_view name) const { return lookup(claimants_, name); }
const NamedText* Registry::deadline(std::string_view name) const { return lookup(deadlines_, name); }
const NamedText* Registry::material_property(std::string_view name) const { return lookup(material_properties_, name); }

const std::string& Registry::setting_topic(std::string_view setting) const {
    static const std::string none;
    for (const auto& [name, topic] : topics_)
        if (topic.setting == setting) return topic.name;
    return none;
}

std::string Registry::retired_hint(std::string_view word) const {
    const auto it = retired_.find(word);
    if (it == retired_.end()) return {};
    return "; '" + std::string(word) + "' was retired in format " + std::to_string(it->second.first) + ": " + it->second.second.en;
}

std::string_view Registry::right_held_by(std::string_view role) const {
    const auto it = holds_.find(role);
    return it == holds_.end() ? std::string_view() : std::string_view(it->second);
}

const TopicSpec* Registry::raised(std::string_view trigger, std::string_view game) const {
    for (const auto& [name, topic] : topics_)
        if ((topic.game.empty() || topic.game == game) &&
            std::find(topic.raised_by.begin(), topic.raised_by.end(), trigger) != topic.raised_by.end())
            return &topic;
    return nullptr;
}

}  // namespace arbiter::rulebook
