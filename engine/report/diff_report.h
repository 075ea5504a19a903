// A rulebook diff (rulebook/diff.h) as an aligned terminal table, Markdown, JSON or an HTML page.
#pragma once

#include "rulebook/diff.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace arbiter::report {

// Every format lists the base topics that differ, then each category and mode that differs: its article in each
// rulebook and, topic by topic, the rule that applies under it (its own, or "the base rule applies").
// Text: one aligned table per topic (East Asian widths counted), rows = differing fields.
// How text is laid out for its reader: `width` display columns (a terminal's, or 80), ANSI bold headings when
// `color` (a terminal only: never in files or pipes unless asked).
struct TextStyle {
    int width = 80;
    bool color = false;
};

// The overview a committee reads first: the topics that differ grouped by chapter (the number an article starts
// with, "6" for 6.6a), chapters and topics in article order, one line each: the topic, its article in each
// rulebook, and the gist (which aspects differ, or which rulebooks have no rule); then a line per category and
// mode that differs.
std::string diff_overview_text(const rulebook::RulebookDiff& diff, rulebook::Lang lang, const TextStyle& style = {});

// The overview, then the detail (in the overview's order).
std::string diff_text(const rulebook::RulebookDiff& diff, rulebook::Lang lang, const TextStyle& style = {});

// The topics in the overview's order: by the article in the first rulebook that has a rule on each, compared as
// numbers where digits are ("6.10" after "6.9"), topics without an article last.
std::vector<const rulebook::TopicDiff*> topics_in_article_order(const rulebook::RulebookDiff& diff);

// A field's label ("article", "params.default_time"; in Japanese 条, and a parameter as the registry's Japanese
// words for it when `registry` knows `topic`'s parameter: 不戦敗となるまでの猶予時間).
std::string diff_field_label(const std::string& field, rulebook::Lang lang,
                             const rulebook::Registry* registry = nullptr, const std::string& topic = {});
std::string diff_markdown(const rulebook::RulebookDiff& diff, rulebook::Lang lang);
// JSON with stable field names: rulebooks[{id, title, game, extends, lineage, compared_parent}],
// topics[{topic, presence_differs, rulebooks[{id, present, article, written_in, in_child, summary}],
// differences[{field, values[]}]}], categories[{name, articles[], rulebooks[{id, present, article, in_child}],
// topics[as above, each rulebook also with `base`], same}], modes[same shape as categories], same.
nlohmann::json diff_json(const rulebook::RulebookDiff& diff);
std::string diff_html(const rulebook::RulebookDiff& diff, rulebook::Lang lang);

}  // namespace arbiter::report
