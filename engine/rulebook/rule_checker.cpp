#include "rulebook/rule_checker.h"

#include "rulebook/condition_places.h"
#include "rulebook/hook_text.h"
#include "rulebook/loader.h"
#include "rulebook/schema.h"
#include "rulebook/suggest.h"

#include <algorithm>
#include <set>

namespace arbiter::rulebook {

// The checks of one file's rules against the registry; `where` prefixes messages ("draw.repetition: ").
class RuleChecker {
public:
    RuleChecker(const Registry& registry, const std::string& file, const std::string& hooks_text, bool has_hooks)
        : registry_(registry), file_(file), hooks_text_(hooks_text), has_hooks_(has_hooks) {}

    Rule rule(const YAML::Node& key, const YAML::Node& node) {
        // A previous rule may have stopped at an error half way: nothing of it carries over.
        current_ = nullptr;
        prefix_.clear();
        const MapKeys keys(node);
        Rule rule;
        rule.topic = key.Scalar();
        rule.from = {"", file_, key.Mark().line + 1};
        const TopicSpec* topic = registry_.topic(rule.topic);
        topic_ = topic;
        if (!topic)
            fail_at(file_, key, "found the unknown topic '" + rule.topic + "'; expected a topic of " +
                                    registry_.file() + did_you_mean(rule.topic, registry_.topic_names()) +
                                    registry_.retired_hint(rule.topic));
        prefix_ = rule.topic + ": ";
        if (child(keys, "removed") && child(keys, "removed").Scalar() == "true") {
            rule.removed = true;
            return rule;
        }
        rule.article = scalar_or_empty(child(keys, "article"));
        if (const auto also = child(keys, "also"))
            for (const auto& a : also) rule.also.push_back(a.Scalar());
        rule.summary = read_text(child(keys, "summary"));
        rule.notes = read_text(child(keys, "notes"));
        rule.restore = scalar_or_empty(child(keys, "restore"));
        if (const auto params = child(keys, "params")) {
            for (const auto& entry : params) {
                const std::string name = entry.first.Scalar();
                const ParamSpec* spec = topic->param(name);
                if (!spec) {
                    auto names = topic->param_names();
                    fail_at(file_, entry.first,
                            prefix_ + "found the parameter '" + name + "', not registered for this topic; expected " +
                                (names.empty() ? std::string("no parameters (the registry lists none)")
                                               : "one of: " + list_names(names)) +
                                did_you_mean(name, names) + registry_.retired_hint(name) +
                                "; a topic's parameters are registered in schemas/topics.yaml, and a constant only a "
                                "Lua formula uses can stay in the Lua file");
                }
                rule.params.push_back(param(*spec, entry.second));
            }
        }
        current_ = &rule;
        referenced_.clear();
        hooked_ = false;
        rule.effects = effects(child(keys, "effects"), "effects");
        if (const auto cases = child(keys, "cases")) {
            for (std::size_t i = 0; i < cases.size(); ++i) {
                const auto c = cases[i];
                Case out;
                out.when = child(c, "when");
                conditions(out.when, "cases[" + std::to_string(i) + "].when", false);
                out.effects = effects(child(c, "effects"), "cases[" + std::to_string(i) + "].effects");
                out.article = scalar_or_empty(child(c, "article"));
                out.summary = read_text(child(c, "summary"));
                rule.cases.push_back(std::move(out));
            }
        }
        if (const auto ladder = child(keys, "ladder")) {
            for (std::size_t i = 0; i < ladder.size(); ++i)
                rule.ladder.push_back({effects(child(ladder[i], "effects"), "ladder[" + std::to_string(i) + "].effects"),
                                       read_text(child(ladder[i], "summary"))});
        }
        if (const auto discretion = child(keys, "discretion")) {
            Discretion out{read_text(child(discretion, "summary")), {}};
            for (const auto& option : child(discretion, "options")) {
                check_option(option, *topic);
                out.options.push_back(option.Scalar());
            }
            rule.discretion = std::move(out);
        }
        if (const auto hook = child(keys, "hook")) {
            // The rule's own formula, run after its effects: read as the effect {hook: ...} so that one check holds
            // both places to the same words (the name and the effects it declares it returns).
            rule.hook_call = Effect{"hook", hook, location_of(file_, hook)};
            effect_fields(*registry_.effect("hook"), rule.hook_call, "hook");
            rule.hook = hook.IsScalar() ? hook.Scalar() : child(hook, "name").Scalar();
        }
        if (const auto claim = child(keys, "claim")) rule.claim = this->claim(claim);
        refuse_unread_params(keys, rule);
        if (topic->raised_by.empty()) refuse_unraised(keys, *topic);
        current_ = nullptr;
        return rule;
    }

private:
    // Who may claim and until when: words of the registry's claimants and deadlines.
    Claim claim(const YAML::Node& node) {
        Claim out{scalar_or_empty(child(node, "by")), scalar_or_empty(child(node, "deadline")), {},
                  scalar_or_empty(child(node, "article"))};
        if (const auto by = child(node, "by"); by && by.IsSequence()) {
            // A claimant set: the union of its words (JSA: the opponent, the recorder and a witness).
            if (by.size() == 0)
                fail_at(file_, by, prefix_ + "claim.by: found an empty list; expected claimants (" +
                                       list_names(registry_.claimant_names()) + "), at least one");
            for (const auto& item : by) {
                const std::string word = item.IsScalar() ? item.Scalar() : std::string();
                if (!registry_.claimant(word))
                    fail_at(file_, item, prefix_ + "claim.by: found " + describe(item) + " in the claimant set; expected a "
                                             "claimant of " + registry_.file() + " (" + list_names(registry_.claimant_names()) +
                                             ")" + did_you_mean(word, registry_.claimant_names()));
                if (std::find(out.any_of.begin(), out.any_of.end(), word) != out.any_of.end())
                    fail_at(file_, item, prefix_ + "claim.by: found '" + word + "' twice in the claimant set; expected "
                                             "each claimant once");
                out.any_of.push_back(word);
                out.by += (out.by.empty() ? "" : ", ") + word;
            }
        } else if (by && !registry_.claimant(out.by))
            fail_at(file_, by, prefix_ + "claim.by: found '" + out.by + "'; expected a claimant of " + registry_.file() +
                                   " (" + list_names(registry_.claimant_names()) + ")" + did_you_mean(out.by, registry_.claimant_names()));
        if (const auto deadline = child(node, "deadline"); deadline && !registry_.deadline(out.deadline))
            fail_at(file_, deadline, prefix_ + "claim.deadline: found '" + out.deadline + "'; expected a deadline of " +
                                         registry_.file() + did_you_mean(out.deadline, registry_.deadline_names()));
        if (auto why = uncounted_deadline(engine_words(), registry_, topic_, current_, out.deadline); !why.empty())
            fail_at(file_, child(node, "deadline"), prefix_ + "claim.deadline: found '" + out.deadline + "', " + why);
        return out;
    }

    // A parameter acts where the engine reads it (rulebook::engine_words: procedure/params.h), where the rule refers
    // to it ({param: name}), or where its Lua hook may read it; anything else would be shown and never used.
    void refuse_unread_params(const MapKeys& keys, const Rule& rule) {
        const EngineWords* engine = engine_words();
        if (!engine) return;
        const bool hooked = !rule.hook.empty() || hooked_;
        const auto params = child(keys, "params");
        // The engine reads a parameter by mechanism (procedure/params.h): from the rule a trigger raises, or from the
        // rule on a topic that carries a setting; this topic's triggers and setting are its mechanisms.
        auto engine_reads = [&](const std::string& name) {
            std::vector<std::string> mechanisms = topic_->raised_by;
            if (!topic_->setting.empty()) mechanisms.push_back(topic_->setting);
            for (const auto& m : mechanisms)
                if (std::find(engine->params.begin(), engine->params.end(), m + " " + name) != engine->params.end())
                    return true;
            return false;
        };
        for (const auto& entry : params) {
            const std::string name = entry.first.Scalar();
            if (referenced_.count(name) || engine_reads(name)) continue;
            // A hook reads its rule's parameters by name (s.params.name): one the hooks file never names is unread.
            if (hooked && names_identifier(hooks_text_, name)) continue;
            fail_at(file_, entry.first, prefix_ + "params: found '" + name +
                                            "', which nothing reads: the engine does not, no effect or case of this "
                                            "rule refers to it ({param: " + name + "})" +
                                            (hooked ? ", and the hooks file never names it" : "") +
                                            "; expected it used, or removed");
        }
    }

    // A topic nothing raises (its registry entry has no raised_by) can carry text and parameters only: effects,
    // cases, a ladder, a discretion, a hook, a claim or a restore there would be shown and never applied.
    void refuse_unraised(const MapKeys& keys, const TopicSpec& topic) {
        for (const char* key : {"effects", "cases", "ladder", "discretion", "hook", "claim", "restore"})
            if (const auto node = child(keys, key))
                fail_at(file_, node, prefix_ + "found " + key + " on a topic that nothing raises (" + topic.name +
                                         " has no raised_by in " + registry_.file() +
                                         "), so they would never apply; expected only article, summary, notes and params, "
                                         "or a trigger for the topic in the registry");
    }

    Param param(const ParamSpec& spec, const YAML::Node& node) {
        Param out;
        const MapKeys keys(node);
        out.name = spec.name;
        out.where = location_of(file_, node);
        const std::string what = prefix_ + "params." + spec.name;
        out.value = read_value(spec.unit, child(keys, "value"), file_, what + ".value");
        if (spec.max && (spec.unit == Unit::count || spec.unit == Unit::moves) && out.value.integer > *spec.max)
            fail_at(file_, child(keys, "value"), what + ".value: found " + out.value.text + "; expected at most " +
                                                    std::to_string(*spec.max) + " (the topic registry's bound)");
        if (const auto may = child(keys, "event_may_set")) out.event_may_set = may.Scalar() == "true";
        if (const auto range = child(keys, "range")) {
            if (child(range, "min")) out.min = read_value(spec.unit, child(range, "min"), file_, what + ".range.min");
            if (child(range, "max")) out.max = read_value(spec.unit, child(range, "max"), file_, what + ".range.max");
            if (out.min && out.max && spec.unit == Unit::duration && out.min->ms > out.max->ms)
                fail_at(file_, range, what + ".range: found min above max; expected min <= max");
        }
        if (const auto choices = child(keys, "choices"))
            for (const auto& c : choices) out.choices.push_back(read_value(spec.unit, c, file_, what + ".choices"));
        out.summary = read_text(child(keys, "summary"));
        return out;
    }

    std::vector<Effect> effects(const YAML::Node& list, const std::string& what) {
        std::vector<Effect> out;
        if (!list) return out;
        for (std::size_t i = 0; i < list.size(); ++i) {
            const YAML::Node item = list[i];
            const std::string here = what + "[" + std::to_string(i) + "]";
            Effect effect;
            YAML::Node name_node;
            if (item.IsScalar()) {
                name_node = item;
                effect.name = item.Scalar();
            } else {
                // The effect is the one key naming an effect; other keys are its fields ({lose: x, unless: {...}}).
                for (const auto& entry : item) {
                    if (!registry_.effect(entry.first.Scalar())) continue;
                    if (name_node.IsDefined() && !name_node.IsNull())
                        fail_at(file_, entry.first, prefix_ + here + ": found a second effect '" + entry.first.Scalar() +
                                                        "' in one item; expected one effect per list item");
                    name_node.reset(entry.first);
                    effect.fields = entry.second;
                }
                if (name_node.IsNull()) name_node.reset(item.begin()->first);
                effect.name = name_node.Scalar();
                if (item.size() > 1 && registry_.effect(effect.name)) {
                    // Fold the shorthand into one map of fields: the named value becomes the first field.
                    const EffectSpec* spec = registry_.effect(effect.name);
                    YAML::Node fields(YAML::NodeType::Map);
                    if (effect.fields.IsMap()) {
                        for (const auto& f : effect.fields) fields[f.first] = f.second;
                    } else if (!effect.fields.IsNull() && !spec->fields.empty()) {
                        fields[spec->fields.front().first] = static_cast<const YAML::Node&>(effect.fields);
                    }
                    for (const auto& entry : item)
                        if (entry.first.Scalar() != effect.name) fields[entry.first] = entry.second;
                    effect.fields = fields;
                }
            }
            effect.where = location_of(file_, name_node);
            const EffectSpec* spec = registry_.effect(effect.name);
            if (!spec)
                fail_at(file_, name_node, prefix_ + here + ": found the unknown effect '" + effect.name +
                                              "'; expected an effect of " + registry_.file() +
                                              did_you_mean(effect.name, registry_.effect_names()) +
                                              registry_.retired_hint(effect.name));
            effect_fields(*spec, effect, here + "." + effect.name);
            out.push_back(std::move(effect));
        }
        return out;
    }

    void effect_fields(const EffectSpec& spec, const Effect& effect, const std::string& what) {
        const YAML::Node& fields = effect.fields;
        if (!fields || fields.IsNull()) return;
        if (fields.IsScalar()) {
            // {hook: name}, {warn: offender}: one field written without its name.
            if (spec.name == "hook") {
                hooked_ = true;
                check_hook(fields);
                refuse_undeclared_returns(fields, what);
            }
            if (spec.fields.size() >= 1) {
                field_ = spec.name + "." + spec.fields.front().first;
                typed(spec.fields.front().second, fields, what);
                executed_choice(spec.fields.front().second, fields, what);
                field_.clear();
                return;
            }
            fail_at(file_, fields, prefix_ + what + ": found " + describe(fields) + "; expected no fields");
        }
        if (fields.IsSequence()) fail_at(file_, fields, prefix_ + what + ": found a list; expected a map of fields");
        std::vector<std::string> names;
        for (const auto& [name, type] : spec.fields) names.push_back(name);
        for (const auto& entry : fields) {
            const std::string field = entry.first.Scalar();
            const std::string* type = spec.field_type(field);
            if (!type)
                fail_at(file_, entry.first, prefix_ + what + ": found the unknown field '" + field + "'; expected " +
                                                (names.empty() ? std::string("no fields") : "one of: " + list_names(names)) +
                                                did_you_mean(field, names));
            if (spec.name == "hook" && field == "name") {
                hooked_ = true;
                check_hook(entry.second);
            }
            // A field named by a role (score: {absent: 0}) is about that player, who must be bound here.
            if (registry_.role(field)) role_bound_here(entry.first, field, what + "." + field);
            field_ = spec.name + "." + field;
            typed(*type, entry.second, what + "." + field);
            executed_choice(*type, entry.second, what + "." + field);
            field_.clear();
        }
        if (spec.name == "hook" && !child(fields, "name"))
            fail_at(file_, fields, prefix_ + what + ": found a hook without a name; expected {name: f, returns: [...]}");
        if (spec.name == "hook" && !child(fields, "returns")) refuse_undeclared_returns(fields, what);
    }

    // A formula's result is known only when it runs; what it may return is declared beside its name
    // ({hook: {name: f, returns: [{deduct_time: {to: claimant}}]}}) and checked here as if the rule listed it, so a
    // role that names nobody, or an effect the engine does not act on in this place, is refused at load. The run
    // refuses a result outside the declaration (procedure/hook_snapshot.cpp).
    void refuse_undeclared_returns(const YAML::Node& node, const std::string& what) {
        fail_at(file_, node, prefix_ + what + ": found a hook without returns; expected {name: " +
                                 (node.IsScalar() ? node.Scalar() : std::string("f")) +
                                 ", returns: [...]}, the effects the formula may return, with their roles "
                                 "(such as {deduct_time: {to: claimant}})");
    }

    // A choice field the engine lists values for (EngineWords::field_choices) takes one; another would act as default.
    void executed_choice(const std::string& type, const YAML::Node& node, const std::string& what) {
        const EngineWords* engine = engine_words();
        if (!engine || type != "choice" || !node.IsScalar()) return;
        const std::string prefix = field_ + "=";
        std::vector<std::string> values;
        for (const auto word : engine->field_choices)
            if (word.starts_with(prefix)) values.emplace_back(word.substr(prefix.size()));
        if (values.empty() || std::find(values.begin(), values.end(), node.Scalar()) != values.end()) return;
        fail_at(file_, node, prefix_ + what + ": found '" + node.Scalar() + "', which the engine does not act on here; "
                                 "expected one of: " + list_names(values) + did_you_mean(node.Scalar(), values));
    }

    // The roles a rule may name depend on what raises it (rulebook::EngineWords::place_roles): the claimant exists in
    // a claim, the absent player at an arrival. A role that names nobody where the rule is raised would do nothing.
    void role_bound_here(const YAML::Node& node, const std::string& role, const std::string& what) {
        const EngineWords* engine = engine_words();
        if (!engine || !topic_) return;
        auto bound = [&](std::string_view trigger, std::string_view r) {
            const std::string pair = std::string(trigger) + " " + std::string(r);
            return std::find(engine->place_roles.begin(), engine->place_roles.end(), pair) != engine->place_roles.end();
        };
        bool placed = false;  // a role bound only in some places
        for (const auto word : engine->place_roles) placed = placed || word.substr(word.find(' ') + 1) == role;
        if (!placed) return;
        for (const auto& trigger : topic_->raised_by) {
            if (bound(trigger, role)) continue;
            std::vector<std::string> here;
            for (const auto word : engine->place_roles)
                if (word.starts_with(trigger + " ")) here.emplace_back(word.substr(trigger.size() + 1));
            fail_at(file_, node, prefix_ + what + ": found the role '" + role + "', which names nobody in a rule raised by " +
                                     trigger + "; expected " + (here.empty() ? std::string() : "one of: " + list_names(here) + ", or ") +
                                     "a side, to_move or both");
        }
    }

    // Checks a value against a registry type name (effect fields and conditions share these).
    void typed(const std::string& type, const YAML::Node& node, const std::string& what) {
        if (const Param* p = param_reference(node, what)) {
            unit_fits(type, *p, node, what);
            return;
        }
        const std::string here = prefix_ + what + ": ";
        if (type == "role") {
            if (!node.IsScalar() || !registry_.role(node.Scalar()))
                fail_at(file_, node, here + "found " + describe(node) + "; expected a role (" + list_names(registry_.role_names()) + ")" +
                                         (node.IsScalar() ? did_you_mean(node.Scalar(), registry_.role_names()) : ""));
            const EngineWords* engine = engine_words();
            if (engine && node.Scalar() == "both" &&
                std::find(engine->one_side_fields.begin(), engine->one_side_fields.end(), field_) != engine->one_side_fields.end())
                fail_at(file_, node, here + "found both, but " + field_ + " names one player; expected one role (offender, "
                                         "opponent, a side...), or score: {both: 0} where both players lose");
            role_bound_here(node, node.Scalar(), what);
        } else if (type == "topic" && node.IsSequence() && node.size() > 0) {
            for (const auto& t : node) typed(type, t, what);  // a list of topics, any of which matches
        } else if (type == "topic") {
            // A topic the condition compares with (ended_by): one the registry does not name would never match.
            if (!node.IsScalar() || !registry_.topic(node.Scalar()))
                fail_at(file_, node, here + "found " + describe(node) + "; expected a topic of " + registry_.file() +
                                         (node.IsScalar() ? did_you_mean(node.Scalar(), registry_.topic_names()) : ""));
        } else if (type == "effects") {
            if (!node.IsSequence() || node.size() == 0)
                fail_at(file_, node, here + "found " + describe(node) + "; expected a list of effects");
            for (const auto& e : effects(node, what))
                if (e.name == "hook")
                    fail_at(file_, node, here + "found a hook among a formula's returns; expected the effects it returns "
                                             "(a formula's result is applied, never run again as a formula)");
        } else if (type == "conditions") {
            conditions(node, what, true);
        } else if (type == "list") {
            if (!node.IsSequence()) fail_at(file_, node, here + "found " + describe(node) + "; expected a list");
        } else if (type == "map") {
            if (!node.IsMap()) fail_at(file_, node, here + "found " + describe(node) + "; expected a map");
        } else if (auto unit = unit_from_name(type)) {
            read_value(*unit, node, file_, prefix_ + what);
        }
    }

    // A {param: name} stands where a value of `type` is read: its unit must be that type (or, for a text, any
    // word-like unit), or the engine would read a value it cannot use.
    void unit_fits(const std::string& type, const Param& p, const YAML::Node& node, const std::string& what) {
        const std::string unit(unit_name(p.value.unit));
        const bool words = (type == "text" || type == "choice") && (unit == "text" || unit == "choice");
        const bool whole = (type == "count" || type == "moves") && (unit == "count" || unit == "moves");
        const bool number = (type == "points" || type == "fraction") && (unit == "points" || unit == "fraction");
        if (unit == type || words || whole || number) return;
        fail_at(file_, node, prefix_ + what + ": found {param: " + p.name + "}, a parameter in " + unit +
                                 "; expected a parameter in " + type + " here");
    }

    // Accepts {param: name} when `name` is a parameter of the current rule; returns it.
    const Param* param_reference(const YAML::Node& node, const std::string& what) {
        if (!node.IsMap() || node.size() != 1 || !child(node, "param")) return nullptr;
        const YAML::Node name = child(node, "param");
        if (!current_ || !name.IsScalar() || !current_->param(name.Scalar())) {
            std::vector<std::string> names;
            if (current_)
                for (const auto& p : current_->params) names.push_back(p.name);
            fail_at(file_, name, prefix_ + what + ": found {param: " + (name.IsScalar() ? name.Scalar() : "?") +
                                     "}, which names no parameter of this rule; expected one of: " +
                                     (names.empty() ? std::string("(none: the rule has no params)") : list_names(names)) +
                                     (name.IsScalar() ? did_you_mean(name.Scalar(), names) : ""));
        }
        referenced_.insert(name.Scalar());
        return current_->param(name.Scalar());
    }

    // Checks a map of condition -> value. In `unless`, values are outcomes (draw, win...), not checked here.
    void conditions(const YAML::Node& node, const std::string& what, bool outcomes) {
        if (!node || node.IsNull()) return;
        if (!node.IsMap()) fail_at(file_, node, prefix_ + what + ": found " + describe(node) + "; expected a map of conditions");
        for (const auto& entry : node) {
            const std::string name = entry.first.Scalar();
            const ConditionSpec* spec = registry_.condition(name);
            if (!spec)
                fail_at(file_, entry.first, prefix_ + what + ": found the unknown condition '" + name +
                                                "'; expected a condition of " + registry_.file() +
                                                did_you_mean(name, registry_.condition_names()) +
                                                registry_.retired_hint(name));
            condition_known_here(entry.first, name, what);
            if (!outcomes) typed(spec->type, entry.second, what + "." + name);
        }
    }

    // A condition stands only in a rule raised where the runner can know it (rulebook/condition_places.h).
    void condition_known_here(const YAML::Node& node, const std::string& name, const std::string& what) {
        const EngineWords* engine = engine_words();
        if (!engine || !topic_) return;
        if (const std::string why = never_known_here(*engine, topic_->raised_by, name); !why.empty())
            fail_at(file_, node, prefix_ + what + ": found the condition '" + name + "', " + why);
    }

    void check_option(const YAML::Node& option, const TopicSpec& topic) {
        const std::string name = option.Scalar();
        if (registry_.effect(name) || registry_.option(name) ||
            std::find(topic.options.begin(), topic.options.end(), name) != topic.options.end())
            return;
        std::vector<std::string> names = registry_.effect_names();
        names.insert(names.end(), registry_.option_names().begin(), registry_.option_names().end());
        names.insert(names.end(), topic.options.begin(), topic.options.end());
        fail_at(file_, option, prefix_ + "discretion.options: found the unknown option '" + name +
                                   "'; expected an effect name or an option registered in " + registry_.file() +
                                   did_you_mean(name, names));
    }

    void check_hook(const YAML::Node& node) {
        if (!node.IsScalar()) fail_at(file_, node, prefix_ + "hook: found " + describe(node) + "; expected a Lua function name");
        const std::string name = node.Scalar();
        if (!has_hooks_)
            fail_at(file_, node, prefix_ + "found the hook '" + name + "', but the rulebook names no hooks file; expected hooks: <id>.lua in the header");
        // A textual check: the Lua host (engine/procedure) loads and runs the file.
        if (defines_function(hooks_text_, name)) return;
        fail_at(file_, node, prefix_ + "found the hook '" + name + "'; expected a function of that name in the hooks file");
    }

    const Registry& registry_;
    const std::string& file_;
    const std::string& hooks_text_;
    bool has_hooks_;
    std::string prefix_;
    const TopicSpec* topic_ = nullptr;  // the current rule's topic (what raises it)
    std::string field_;                 // the effect field being checked, "effect.field"
    const Rule* current_ = nullptr;
    std::set<std::string> referenced_;  // parameters the current rule refers to ({param: name})
    bool hooked_ = false;                // the current rule calls a hook (which may read any parameter)
};

RuleMap read_rules_with(RuleChecker& checker, const YAML::Node& rules, const std::string& id, const std::string& hooks_file,
                        ErrorCollector& errors) {
    RuleMap out;
    if (!rules) return out;
    for (const auto& entry : rules) {
        // Rules are checked independently (state reset per rule): one rule's error does not hide the next rule's.
        errors.attempt([&] {
            Rule rule = checker.rule(entry.first, entry.second);
            rule.from.rulebook = id;
            rule.hooks_file = hooks_file;
            out.emplace(rule.topic, std::move(rule));
        });
    }
    return out;
}

RuleReader::RuleReader(const Registry& registry, const std::string& file, const std::string& hooks_text, bool has_hooks)
    : checker_(std::make_unique<RuleChecker>(registry, file, hooks_text, has_hooks)) {}
RuleReader::~RuleReader() = default;

RuleMap RuleReader::read(const YAML::Node& rules, const std::string& id, const std::string& hooks_file,
                         ErrorCollector& errors) {
    return read_rules_with(*checker_, rules, id, hooks_file, errors);
}

}  // namespace arbiter::rulebook
