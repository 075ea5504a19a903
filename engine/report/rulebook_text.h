// Rulebook pieces in words for terminals and sheets: effects, parameters, provenance.
#pragma once

#include "rulebook/rulebook.h"

#include <nlohmann/json.hpp>

#include <string>

namespace arbiter::report {

// Writes an effect in words from the registry: "Add time to a clock. (to: the opponent, amount: 3min)".
std::string effect_in_words(const rulebook::Effect& effect, const rulebook::Registry& registry, rulebook::Lang lang);

// Writes a parameter: "default_time = 0s (duration; an event may set it, 0s..1h)".
std::string param_in_words(const rulebook::Param& param, rulebook::Lang lang);

// Writes where a rule came from: "rulesets/chess/fide-2001.yaml:42 (fide-2001)".
std::string provenance_in_words(const rulebook::Provenance& from);

// The resolved rulebook as JSON (stable field names: id, title, game, extends, lineage, effective,
// adopted, source, categories, modes, rules[topic, article, also, summary, params, effects, from]).
nlohmann::json rulebook_json(const rulebook::Rulebook& book, const std::vector<const rulebook::Rule*>& rules);

}  // namespace arbiter::report
