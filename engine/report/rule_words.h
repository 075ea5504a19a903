// One aspect of a rule in words, for readers who do not read the rulebook's YAML: the diff's cells and the history
// of a rule across editions. Effects, conditions, parameters and claims come from the registry
// (report/rulebook_text.h).
#pragma once

#include "rulebook/rulebook.h"

#include <string>

namespace arbiter::report {

// A compared field of rulebook/diff.h ("article", "also", "params.<name>", "effects", "cases", "ladder", "discretion",
// "hook", "restore", "claim") of `rule` in words in `lang`; "" where the rule does not have that aspect.
std::string field_in_words(const std::string& field, const rulebook::Rule& rule, const rulebook::Registry& registry,
                           rulebook::Lang lang);

// "(none)" / "（なし）": an aspect a rule does not have; "no rule" / "規定なし": a rulebook without a rule on a topic.
std::string none_words(rulebook::Lang lang);
std::string no_rule_words(rulebook::Lang lang);

}  // namespace arbiter::report
