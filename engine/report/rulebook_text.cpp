#include "report/rulebook_text.h"

#include "clock/duration.h"
#include "report/run_words.h"
#include "rulebook/schema.h"

#include <vector>

namespace arbiter::report {

using namespace arbiter::rulebook;

namespace {

// A condition's value for an English reader: yes/no rather than the YAML's true/false.
std::string english_value(const std::string& text) { return text == "true" ? "yes" : text == "false" ? "no" : text; }

std::string value_words(const YAML::Node& node, const Registry& registry, Lang lang, const Rule* rule = nullptr) {
    const bool ja = lang == Lang::ja;
    if (!node || node.IsNull()) return "-";
    if (node.IsScalar()) {
        if (const NamedText* role = registry.role(node.Scalar())) return role->text.in(lang);
        // Japanese: effect, option and choice names in words; durations and yes/no in Japanese.
        if (ja) {
            const std::string words = effect_words(node.Scalar(), &registry, lang);
            return words != node.Scalar() ? words : written_value_words(node.Scalar(), lang);
        }
        return node.Scalar();
    }
    if (node.IsMap() && node.size() == 1 && node["param"]) {
        // With the rule, its value (an event may change it; the name says which of the rule's values it is).
        if (rule)
            for (const Param& p : rule->params)
                if (p.name == node["param"].Scalar())
                    return ja ? written_value_words(p.value.text, lang) + "（規則の値）" : p.value.text + " (" + p.name + ")";
        return (ja ? "パラメータ " : "the parameter ") + node["param"].Scalar();
    }
    std::string out;
    if (node.IsSequence()) {
        for (const auto& item : node) out += (out.empty() ? "" : ja ? "・" : ", ") + value_words(item, registry, lang, rule);
        return out;
    }
    for (const auto& entry : node) {
        const std::string key = entry.first.Scalar();
        const ConditionSpec* condition = registry.condition(key);
        std::string head = condition ? condition->text.in(lang) : key;
        if (!head.empty() && head.back() == '.') head.pop_back();
        if (head.size() >= 3 && head.compare(head.size() - 3, 3, "。") == 0) head.resize(head.size() - 3);
        if (ja)
            out += (out.empty() ? "" : "、") + head + "なら" + value_words(entry.second, registry, lang, rule);
        else
            out += (out.empty() ? "" : "; ") + head + ": " + english_value(value_words(entry.second, registry, lang, rule));
    }
    return out;
}

nlohmann::json text_json(const Text& text) { return {{"en", text.en}, {"ja", text.ja}}; }

nlohmann::json value_json(const Value& value) {
    switch (value.unit) {
        case Unit::duration: return {{"text", value.text}, {"ms", value.ms.count()}};
        case Unit::moves:
        case Unit::count: return value.integer;
        case Unit::points:
        case Unit::fraction: return value.number;
        case Unit::boolean: return value.flag;
        default: return value.text;
    }
}

nlohmann::json effects_json(const std::vector<Effect>& effects) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& e : effects) out.push_back({{"effect", e.name}, {"fields", yaml_to_json(e.fields)}, {"line", e.where.line}});
    return out;
}

nlohmann::json rule_json(const Rule& rule) {
    nlohmann::json params = nlohmann::json::array();
    for (const auto& p : rule.params) {
        nlohmann::json param = {{"name", p.name}, {"unit", std::string(unit_name(p.value.unit))}, {"value", value_json(p.value)},
                                {"event_may_set", p.event_may_set}};
        if (p.min) param["min"] = value_json(*p.min);
        if (p.max) param["max"] = value_json(*p.max);
        params.push_back(param);
    }
    nlohmann::json r = {{"topic", rule.topic},
                        {"article", rule.article},
                        {"also", rule.also},
                        {"summary", text_json(rule.summary)},
                        {"params", params},
                        {"effects", effects_json(rule.effects)},
                        {"from", {{"rulebook", rule.from.rulebook}, {"file", rule.from.file}, {"line", rule.from.line}}}};
    if (rule.removed) r["removed"] = true;
    if (!rule.hook.empty()) r["hook"] = rule.hook;
    if (!rule.ladder.empty()) {
        r["ladder"] = nlohmann::json::array();
        for (const auto& step : rule.ladder) r["ladder"].push_back({{"effects", effects_json(step.effects)}, {"summary", text_json(step.summary)}});
    }
    if (!rule.cases.empty()) {
        r["cases"] = nlohmann::json::array();
        for (const auto& c : rule.cases)
            r["cases"].push_back({{"when", yaml_to_json(c.when)}, {"effects", effects_json(c.effects)}, {"article", c.article},
                                  {"summary", text_json(c.summary)}});
    }
    if (rule.discretion) r["discretion"] = {{"summary", text_json(rule.discretion->summary)}, {"options", rule.discretion->options}};
    if (rule.claim) r["claim"] = {{"by", rule.claim->by}, {"deadline", rule.claim->deadline}};
    if (rule.claim && !rule.claim->article.empty()) r["claim"]["article"] = rule.claim->article;
    if (!rule.restore.empty()) r["restore"] = rule.restore;
    if (!rule.notes.empty()) r["notes"] = text_json(rule.notes);
    return r;
}

}  // namespace

std::string effect_in_words(const Effect& effect, const Registry& registry, Lang lang, const Rule* rule);

namespace {

// A formula's declared returns (hook: {returns: [...]}) in words: each an effect as the rule would list it.
std::string returns_in_words(const YAML::Node& list, const Registry& registry, Lang lang, const Rule* rule) {
    std::string out;
    for (const auto& item : list) {
        Effect e;
        if (item.IsScalar()) e.name = item.Scalar();
        if (item.IsMap())
            for (const auto& entry : item)
                if (e.name.empty() && registry.effect(entry.first.Scalar())) {
                    e.name = entry.first.Scalar();
                    e.fields = entry.second;
                }
        out += (out.empty() ? "" : lang == Lang::ja ? "・" : "; ") + effect_in_words(e, registry, lang, rule);
    }
    return out;
}

}  // namespace

std::string effect_in_words(const Effect& effect, const Registry& registry, Lang lang, const Rule* rule) {
    const EffectSpec* spec = registry.effect(effect.name);
    const YAML::Node& fields = effect.fields;
    if (lang == Lang::ja) {
        std::string out = spec ? without_full_stop(spec->text.in(lang)) : effect.name;
        if (!fields || fields.IsNull() || (fields.IsMap() && fields.size() == 0)) return out;
        std::string details;
        if (fields.IsMap()) {
            for (const auto& entry : fields) {
                const std::string key = entry.first.Scalar();
                if (key == "title") continue;  // it stands for the name (hook_words)
                const std::string_view label = effect_field_ja(key);
                // Score fields are sides or roles: their own words are the label.
                const std::string head = !label.empty() ? std::string(label) : role_words(key, &registry, lang);
                details += (details.empty() ? "" : "、") + head + "：" +
                           (key == "returns" ? returns_in_words(entry.second, registry, lang, rule)
                            : key == "name" && effect.name == "hook" ? hook_words(fields, lang)
                                                                     : value_words(entry.second, registry, lang, rule));
            }
        } else {
            details = value_words(fields, registry, lang, rule);
        }
        return out + "（" + details + "）";
    }
    std::string out = spec ? spec->text.in(lang) : effect.name;
    if (!fields || fields.IsNull()) return out;
    // "Add time to a clock (to: ...)." rather than "Add time to a clock. (to: ...)".
    const bool full_stop = !out.empty() && out.back() == '.';
    out = without_full_stop(out);
    // The registry's sentence may end in a note on its fields for a reader of the vocabulary ("(to: both adds it
    // to each clock)", "(who is one player; ...)"): with this effect's own fields given, the note only confuses.
    if (!out.empty() && out.back() == ')')
        if (const auto open = out.rfind(" ("); open != std::string::npos) out.erase(open);
    std::string details;
    if (fields.IsMap()) {
        for (const auto& entry : fields) {
            const std::string key = entry.first.Scalar();
            if (key == "title") continue;  // the name below says it
            // A formula's name: its title, then the function's name ("Deduction for late arrival (late_arrival)").
            const std::string title = key == "name" && effect.name == "hook" ? hook_words(fields, lang) : "";
            details += (details.empty() ? "" : ", ") + key + ": " +
                       (key == "returns"                          ? returns_in_words(entry.second, registry, lang, rule)
                        : !title.empty() && title != entry.second.Scalar() ? title + " (" + entry.second.Scalar() + ")"
                                                                 : value_words(entry.second, registry, lang, rule));
        }
    } else {
        details = value_words(fields, registry, lang, rule);
    }
    return out + " (" + details + ")" + (full_stop ? "." : "");
}

std::string conditions_in_words(const YAML::Node& when, const Registry& registry, Lang lang, const Rule* rule) {
    return value_words(when, registry, lang, rule);
}

std::string claim_in_words(const Claim& claim, const Registry& registry, Lang lang) {
    std::string out;
    // A claimant set: each of its words.
    for (const auto& word : claim.any_of)
        if (const NamedText* by = registry.claimant(word))
            out += (out.empty() ? "" : lang == Lang::ja ? "、" : "; ") +
                   (lang == Lang::ja ? without_full_stop(by->text.in(lang)) : word + " (" + by->text.in(lang) + ")");
    if (lang == Lang::ja) {
        // The claimant and the deadline in words only; their names are the rulebook file's.
        if (const NamedText* by = registry.claimant(claim.by)) out = without_full_stop(by->text.in(lang));
        if (const NamedText* until = registry.deadline(claim.deadline))
            out += (out.empty() ? "" : "、期限：") + without_full_stop(until->text.in(lang));
        return out;
    }
    if (const NamedText* by = registry.claimant(claim.by)) out = claim.by + " (" + by->text.in(lang) + ")";
    if (const NamedText* until = registry.deadline(claim.deadline))
        out += (out.empty() ? "" : "; ") + claim.deadline + " (" + until->text.in(lang) + ")";
    return out;
}

std::string param_in_words(const Param& param, Lang lang, const Registry* registry, const std::string& topic) {
    if (lang == Lang::ja) {
        const TopicSpec* spec = registry ? registry->topic(topic) : nullptr;
        const ParamSpec* ps = spec ? spec->param(param.name) : nullptr;
        // A choice or a name is one of the registry's or the rule's words (white, rights): in the game's words.
        const auto value = [&](const std::string& text) {
            const bool named = param.value.unit == Unit::choice || param.value.unit == Unit::text;
            return named ? effect_words(text, registry, lang) : written_value_words(text, lang);
        };
        std::string out = (ps ? without_full_stop(ps->text.in(lang)) : param.name) + " = " + value(param.value.text);
        std::vector<std::string> notes;
        if (param.event_may_set) notes.push_back("大会が変更可");
        if (param.min || param.max)
            notes.push_back((param.min ? written_value_words(param.min->text, lang) : std::string()) + "〜" +
                            (param.max ? written_value_words(param.max->text, lang) : std::string()));
        if (!param.choices.empty()) {
            std::string choices;
            for (const auto& c : param.choices) choices += (choices.empty() ? "" : "・") + value(c.text);
            notes.push_back("選択肢 " + choices);
        }
        if (notes.empty()) return out;
        out += "（";
        for (std::size_t i = 0; i < notes.size(); ++i) out += (i ? "、" : "") + notes[i];
        return out + "）";
    }
    std::string out = param.name + " = " + param.value.text + " (" + std::string(unit_name(param.value.unit));
    if (param.event_may_set) out += lang == Lang::ja ? "; 大会が変更可" : "; an event may set it";
    if (param.min || param.max)
        out += ", " + (param.min ? param.min->text : std::string()) + ".." + (param.max ? param.max->text : std::string());
    if (!param.choices.empty()) {
        out += lang == Lang::ja ? "; 選択肢 " : "; one of ";
        for (std::size_t i = 0; i < param.choices.size(); ++i) out += (i ? ", " : "") + param.choices[i].text;
    }
    return out + ")";
}

std::string provenance_in_words(const Provenance& from) {
    return from.file + ":" + std::to_string(from.line) + " (" + from.rulebook + ")";
}

nlohmann::json rulebook_json(const Rulebook& book, const std::vector<const Rule*>& rules) {
    nlohmann::json out = {{"id", book.id},
                          {"title", text_json(book.title)},
                          {"game", book.game},
                          {"extends", book.extends.empty() ? nlohmann::json(nullptr) : nlohmann::json(book.extends)},
                          {"lineage", book.lineage},
                          {"effective", book.effective},
                          {"adopted", book.adopted},
                          {"source", {{"file", book.source.file}, {"part", book.source.part}, {"lines", book.source.lines}, {"url", book.source.url}}},
                          {"file", book.file}};
    out["categories"] = nlohmann::json::array();
    for (const auto& [name, category] : book.categories)
        out["categories"].push_back({{"name", name}, {"article", category.article}, {"summary", text_json(category.summary)},
                                     {"rules", nlohmann::json(std::vector<std::string>())}});
    for (auto& category : out["categories"])
        for (const auto& [topic, _] : book.categories.at(category["name"].get<std::string>()).rules) category["rules"].push_back(topic);
    out["modes"] = nlohmann::json::array();
    for (const auto& [name, mode] : book.modes) {
        std::vector<std::string> topics;
        for (const auto& [topic, _] : mode.rules) topics.push_back(topic);
        out["modes"].push_back({{"name", name}, {"summary", text_json(mode.summary)}, {"rules", topics}});
    }
    out["rules"] = nlohmann::json::array();
    for (const Rule* rule : rules) out["rules"].push_back(rule_json(*rule));
    // The rules a category or a mode brings, in full, for the topics asked for.
    auto details = [&](const RuleMap& map) {
        nlohmann::json list = nlohmann::json::array();
        for (const auto& [topic, rule] : map)
            for (const Rule* wanted : rules)
                if (wanted->topic == topic) list.push_back(rule_json(rule));
        return list;
    };
    for (auto& category : out["categories"]) category["rule_details"] = details(book.categories.at(category["name"].get<std::string>()).rules);
    for (auto& mode : out["modes"]) mode["rule_details"] = details(book.modes.at(mode["name"].get<std::string>()).rules);
    return out;
}

}  // namespace arbiter::report
