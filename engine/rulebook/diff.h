// Topic-by-topic comparison of resolved rulebooks. Rules are aligned by registry topic, so unrelated
// rulebooks (JCA and FIDE) line up; rulebooks linked by `extends` also say, per topic, whether the child
// changed the rule or inherited it.
#pragma once

#include "rulebook/rulebook.h"

#include <optional>
#include <string>
#include <vector>

namespace arbiter::rulebook {

// One compared aspect of a topic and its normalized form in each rulebook ("" = the rulebook's rule
// does not have it; a rulebook without the rule shows "-"). Fields: article, also, params.<name>,
// effects, cases, ladder, discretion, hook, restore, claim, declaration, on_tie.
struct FieldDiff {
    std::string field;
    std::vector<std::string> values;  // one per rulebook
};

// How one rulebook stands on a topic.
struct TopicSide {
    const Rule* rule = nullptr;  // null: the rulebook has no rule on it
    // "" when absent; else the id of the rulebook file the rule was written in (itself or an ancestor).
    std::string written_in;
    // For a rulebook that extends another one in the comparison: "changed" (its own file restates the
    // rule), "added", "removed" or "inherited"; "" when no rulebook in the comparison is its ancestor.
    std::string in_child;
};

struct TopicDiff {
    std::string topic;
    std::vector<TopicSide> sides;   // one per rulebook
    std::vector<FieldDiff> fields;  // the differing fields only
    bool presence_differs = false;  // some rulebooks have a rule on it, some do not
};

struct CategoryDiff {
    std::string name;
    std::vector<std::string> articles;  // "-" where the rulebook has no such category
};

struct RulebookDiff {
    std::vector<const Rulebook*> books;
    // For each rulebook, the index of its nearest ancestor among `books`, or nullopt.
    std::vector<std::optional<std::size_t>> parent;
    std::vector<TopicDiff> topics;  // topics where something differs, in topic order
    std::vector<CategoryDiff> categories;  // categories that differ
    int same = 0;                   // topics every rulebook states identically (or all inherit)

    bool linked(std::size_t i) const { return parent[i].has_value(); }
};

// Normalized text of an effect: name(field: value, ...) with map keys sorted, so that two files writing
// the same effect in a different key order compare equal.
std::string normalized_effect(const Effect& effect);

// Compares two or more rulebooks (at least two; the same game is not required).
RulebookDiff diff_rulebooks(const std::vector<const Rulebook*>& books);

}  // namespace arbiter::rulebook
