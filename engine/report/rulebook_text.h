// Rulebook pieces in words for terminals and sheets: effects, parameters, provenance.
#pragma once

#include "rulebook/rulebook.h"

#include <nlohmann/json.hpp>

#include <string>

namespace arbiter::report {

// Writes an effect in words from the registry: "Add time to a clock. (to: the opponent, amount: 3min)"; in
// Japanese "時計に時間を加える（対象：相手、時間：3分）", with field labels, values, roles, options and conditions
// in words (report/run_words.h). With `rule`, a field that names one of its parameters shows the value.
std::string effect_in_words(const rulebook::Effect& effect, const rulebook::Registry& registry, rulebook::Lang lang,
                            const rulebook::Rule* rule = nullptr);

// Writes a parameter: "default_time = 0s (duration; an event may set it, 0s..1h)". In Japanese with the
// registry's description of the parameter on `topic` in place of its name and values in Japanese:
// "これを超えて遅刻すると負けとなる時間 = 0秒（大会が変更可、0秒〜1時間）".
std::string param_in_words(const rulebook::Param& param, rulebook::Lang lang, const rulebook::Registry* registry = nullptr,
                           const std::string& topic = {});

// Writes a case's conditions: "The clocks are in the last period of the time control -> true; ...". With `rule`,
// a condition that names one of its parameters shows the value (Japanese).
std::string conditions_in_words(const YAML::Node& when, const rulebook::Registry& registry, rulebook::Lang lang,
                                const rulebook::Rule* rule = nullptr);

// Writes who may claim and until when from the registry's claimants and deadlines.
std::string claim_in_words(const rulebook::Claim& claim, const rulebook::Registry& registry, rulebook::Lang lang);

// Writes where a rule came from: "rulesets/chess/fide-2001.yaml:42 (fide-2001)".
std::string provenance_in_words(const rulebook::Provenance& from);

// The resolved rulebook as JSON (stable field names: id, title, game, extends, lineage, effective,
// adopted, source, categories, modes, rules[topic, article, also, summary, params, effects, cases, ladder,
// discretion, hook, claim, restore, notes, from]); categories and modes list their topics (`rules`) and the rules
// themselves (`rule_details`, filtered like `rules` by the topics given).
nlohmann::json rulebook_json(const rulebook::Rulebook& book, const std::vector<const rulebook::Rule*>& rules);

}  // namespace arbiter::report
