// The words each table of the procedure layer implements (vocabulary.h says which file holds which table).
// Private to engine/procedure: vocabulary.cpp gathers them into procedure::implemented_words().
#pragma once

#include <iterator>
#include <string_view>
#include <vector>

namespace arbiter::procedure {

// The words of a table whose rows have a `name` (each table's *_words()).
template <class Table>
std::vector<std::string_view> names_of(const Table& table) {
    std::vector<std::string_view> names;
    for (const auto& row : table) names.push_back(row.name);
    return names;
}

// The row of `table` named `name`, or null.
template <class Table>
const auto* row_named(const Table& table, std::string_view name) {
    for (const auto& row : table)
        if (row.name == name) return &row;
    return static_cast<decltype(&*std::begin(table))>(nullptr);
}

std::vector<std::string_view> condition_words();  // conditions.cpp
std::vector<std::string_view> effect_words();     // effects.cpp
std::vector<std::string_view> one_side_field_words();  // effects.cpp: "effect.field" taking one side
std::vector<std::string_view> field_choice_words();    // effects.cpp: "effect.field=value"
std::vector<std::string_view> option_words();     // decisions.cpp: discretion options besides effects
std::vector<std::string_view> entry_words();      // entries.cpp
std::vector<std::string_view> claim_words();      // claims.cpp: claim kinds
std::vector<std::string_view> claimant_words();   // claims.cpp: claim.by
std::vector<std::string_view> deadline_words();   // claims.cpp: claim.deadline
std::vector<std::string_view> material_property_words();  // claims.cpp: properties in a material balance

// Whether a condition is a fact an entry states (an incident's `facts:` may give only these).
bool is_fact_condition(std::string_view name);
bool is_fact_bound_condition(std::string_view name);  // a bound on a counted fact (zone_points_at_least)

// Whether an effect records a game that has ended (the discs counted) rather than changing its course: it applies
// after the effect that ended the game, and in a rule raised after the end (game.ended).
bool records_the_end(std::string_view effect);

}  // namespace arbiter::procedure
