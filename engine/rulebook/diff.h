// Topic-by-topic comparison of resolved rulebooks. Rules are aligned by registry topic, so unrelated
// rulebooks (JCA and FIDE) line up; rulebooks linked by `extends` also say, per topic, whether the child
// changed the rule or inherited it. Categories (time-control classes such as FIDE 2001's rapidplay appendix)
// and modes (such as kyushu-shogi-2006's team and individual play) are compared the same way, topic by topic,
// with the rule that applies in each rulebook under that category or mode.
#pragma once

#include "rulebook/rulebook.h"

#include <optional>
#include <string>
#include <vector>

namespace arbiter::rulebook {

// One compared aspect of a topic and its normalized form in each rulebook ("" = the rulebook's rule
// does not have it; a rulebook without the rule shows "-"). Fields: article, also, params.<name>,
// effects, cases, ladder, discretion, hook, restore, claim.
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
    // In a category or mode comparison only: the category or mode does not restate the topic (or the rulebook
    // has no such category or mode), so `rule` is the rulebook's base rule, which applies there.
    bool base = false;
};

struct TopicDiff {
    std::string topic;
    std::vector<TopicSide> sides;   // one per rulebook
    std::vector<FieldDiff> fields;  // the differing fields only
    bool presence_differs = false;  // some rulebooks have a rule on it, some do not
};

// A category or a mode across the rulebooks: its own article in each, and every topic that some rulebook's
// category (or mode) restates, compared between the rules that apply under it (its own, else the base rule).
struct PartDiff {
    std::string name;
    std::vector<bool> present;          // per rulebook: it has this category (mode)
    std::vector<std::string> articles;  // "-" where the rulebook has no such category (mode)
    std::vector<std::string> in_child;  // per rulebook, as TopicSide::in_child, for the category (mode) itself
    std::vector<TopicDiff> topics;      // topics where the applying rules differ, in topic order
    int same = 0;                       // topics where they do not
};

struct RulebookDiff {
    std::vector<const Rulebook*> books;
    // For each rulebook, the index of its nearest ancestor among `books`, or nullopt.
    std::vector<std::optional<std::size_t>> parent;
    std::vector<TopicDiff> topics;  // topics where something differs, in topic order
    std::vector<PartDiff> categories;      // categories that differ (article, presence or a topic), by name
    std::vector<PartDiff> modes;           // modes that differ, by name
    int same = 0;                   // topics every rulebook states identically (or all inherit)
    // The vocabulary the report writes effects and conditions in (null: the bundled registry).
    const Registry* registry = nullptr;

    bool linked(std::size_t i) const { return parent[i].has_value(); }
};

// How much a topic's difference matters to a reader: `substantive` (presence, a parameter, an effect, a case...
// differs), or only `cross_references` (the `also` list, perhaps with the article number), only the
// `article_number`, or `restated` (a child restates its parent's rule with nothing compared changed).
enum class DiffWeight { substantive, cross_references, article_number, restated };
DiffWeight weight_of(const TopicDiff& topic);

// Normalized text of an effect: name(field: value, ...) with map keys sorted, so that two files writing
// the same effect in a different key order compare equal.
std::string normalized_effect(const Effect& effect);

// Compares two or more rulebooks (at least two; the same game is not required).
RulebookDiff diff_rulebooks(const std::vector<const Rulebook*>& books);

}  // namespace arbiter::rulebook
