// The words each table of the procedure layer implements (vocabulary.h says which file holds which table).
// Private to engine/procedure: vocabulary.cpp gathers them into procedure::implemented_words().
#pragma once

#include <string_view>
#include <vector>

namespace arbiter::procedure {

std::vector<std::string_view> condition_words();  // conditions.cpp
std::vector<std::string_view> effect_words();     // effects.cpp
std::vector<std::string_view> entry_words();      // entries.cpp
std::vector<std::string_view> claim_words();      // claims.cpp: claim kinds
std::vector<std::string_view> claimant_words();   // claims.cpp: claim.by
std::vector<std::string_view> deadline_words();   // claims.cpp: claim.deadline

// Whether a condition is a fact an entry states (an incident's `facts:` may give only these).
bool is_fact_condition(std::string_view name);

}  // namespace arbiter::procedure
