#include "rulebook/registry.h"

#include "rulebook/paths.h"
#include "rulebook/schema.h"

namespace arbiter::rulebook {

namespace {

constexpr std::pair<std::string_view, Unit> unit_names[] = {
    {"duration", Unit::duration}, {"moves", Unit::moves},   {"count", Unit::count},   {"points", Unit::points},
    {"boolean", Unit::boolean},   {"text", Unit::text},     {"choice", Unit::choice}, {"fraction", Unit::fraction}};

template <class Map>
const typename Map::mapped_type* lookup(const Map& map, std::string_view name) {
    auto it = map.find(name);
    return it == map.end() ? nullptr : &it->second;
}

}  // namespace

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
    for (const auto& entry : child(file.root, "topics")) {
        TopicSpec topic{entry.first.Scalar(), read_text(entry.second), {}, {}};
        if (const auto params = child(entry.second, "params"); params && params.IsMap()) {
            for (const auto& p : params) {
                auto unit = unit_from_name(child(p.second, "unit").Scalar());
                topic.params.push_back({p.first.Scalar(), unit.value_or(Unit::text), read_text(p.second)});
            }
        }
        if (const auto options = child(entry.second, "options"); options && options.IsSequence())
            for (const auto& o : options) topic.options.push_back(o.Scalar());
        registry.topic_names_.push_back(topic.name);
        registry.topics_.emplace(topic.name, std::move(topic));
    }
    for (const auto& entry : child(file.root, "effects")) {
        EffectSpec effect{entry.first.Scalar(), {}, read_text(entry.second)};
        if (const auto fields = child(entry.second, "fields"); fields && fields.IsMap())
            for (const auto& f : fields) effect.fields.emplace_back(f.first.Scalar(), f.second.Scalar());
        registry.effect_names_.push_back(effect.name);
        registry.effects_.emplace(effect.name, std::move(effect));
    }
    for (const auto& entry : child(file.root, "conditions")) {
        ConditionSpec condition{entry.first.Scalar(), child(entry.second, "type").Scalar(), read_text(entry.second)};
        registry.condition_names_.push_back(condition.name);
        registry.conditions_.emplace(condition.name, std::move(condition));
    }
    for (const auto& entry : child(file.root, "roles")) {
        registry.role_names_.push_back(entry.first.Scalar());
        registry.roles_.emplace(entry.first.Scalar(), NamedText{entry.first.Scalar(), read_text(entry.second)});
    }
    if (const auto options = child(file.root, "options"); options && options.IsMap()) {
        for (const auto& entry : options) {
            registry.option_names_.push_back(entry.first.Scalar());
            registry.options_.emplace(entry.first.Scalar(), NamedText{entry.first.Scalar(), read_text(entry.second)});
        }
    }
    return registry;
}

const Registry& Registry::bundled() {
    static const Registry registry = load(schemas_dir() / "topics.yaml");
    return registry;
}

const TopicSpec* Registry::topic(std::string_view name) const { return lookup(topics_, name); }
const EffectSpec* Registry::effect(std::string_view name) const { return lookup(effects_, name); }
const ConditionSpec* Registry::condition(std::string_view name) const { return lookup(conditions_, name); }
const NamedText* Registry::role(std::string_view name) const { return lookup(roles_, name); }
const NamedText* Registry::option(std::string_view name) const { return lookup(options_, name); }

}  // namespace arbiter::rulebook
