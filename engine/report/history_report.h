// A rule's history across editions (`arbiter history TOPIC --rulebooks a,b,...`): for one topic, a group of topics
// ("draw" for draw.*) or a chapter ("6", "A"), each rulebook in the order given with its article, what it rules
// (summary and values) and what changed from the rulebook before it, in words. Any list of rulebook ids works;
// consecutive rulebooks are compared with rulebook/diff.h whether or not one extends the other.
#pragma once

#include "rulebook/diff.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <vector>

namespace arbiter::report {

// One change from the edition before: an aspect ("value default_time", "article") and its words before and after.
struct HistoryChange {
    std::string field;  // the diff's field name ("params.default_time", "presence")
    std::string before, after;
};

struct HistoryEdition {
    const rulebook::Rulebook* book = nullptr;
    const rulebook::Rule* rule = nullptr;  // null: no rule on the topic
    bool first = false;                    // the first rulebook: nothing before it to compare with
    rulebook::DiffWeight weight = rulebook::DiffWeight::restated;
    bool changed = false;  // something differs from the edition before
    std::vector<HistoryChange> changes;
};

struct TopicHistory {
    std::string topic;
    std::vector<HistoryEdition> editions;
};

struct History {
    std::string asked;  // the topic, group or chapter asked for
    std::vector<const rulebook::Rulebook*> books;
    std::vector<TopicHistory> topics;
};

// The topics `asked` names among the rulebooks' rules: the topic itself, else every topic of the group
// (`asked` + "."), else every topic with an article of that chapter in some rulebook. Empty: none.
std::vector<std::string> history_topics(const std::string& asked, const std::vector<const rulebook::Rulebook*>& books);
// Every topic and chapter the rulebooks have (for "did you mean").
std::vector<std::string> history_candidates(const std::vector<const rulebook::Rulebook*>& books);

History rule_history(const std::string& asked, const std::vector<const rulebook::Rulebook*>& books,
                     const rulebook::Registry& registry, rulebook::Lang lang);

std::string history_text(const History& history, rulebook::Lang lang);
std::string history_markdown(const History& history, rulebook::Lang lang);
std::string history_html(const History& history, rulebook::Lang lang);
// {asked, rulebooks[{id, title, effective}], topics[{topic, editions[{id, present, article, summary{en,ja},
// values{name: text}, changed, weight, changes[{field, before, after}], categories{name: {article, summary, values}}
// (what a category such as rapid rules on the topic instead)}]}]}; `before`/`after` in the words of `lang`.
nlohmann::json history_json(const History& history, rulebook::Lang lang);

}  // namespace arbiter::report
