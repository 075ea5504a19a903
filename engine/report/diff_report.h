// A rulebook diff (rulebook/diff.h) as an aligned terminal table, Markdown, JSON or an HTML page.
#pragma once

#include "rulebook/diff.h"

#include <nlohmann/json.hpp>

#include <string>

namespace arbiter::report {

// Every format lists the base topics that differ, then each category and mode that differs: its article in each
// rulebook and, topic by topic, the rule that applies under it (its own, or "the base rule applies").
// Text: one aligned table per topic (East Asian widths counted), rows = differing fields.
std::string diff_text(const rulebook::RulebookDiff& diff, rulebook::Lang lang);
std::string diff_markdown(const rulebook::RulebookDiff& diff, rulebook::Lang lang);
// JSON with stable field names: rulebooks[{id, title, game, extends, lineage, compared_parent}],
// topics[{topic, presence_differs, rulebooks[{id, present, article, written_in, in_child, summary}],
// differences[{field, values[]}]}], categories[{name, articles[], rulebooks[{id, present, article, in_child}],
// topics[as above, each rulebook also with `base`], same}], modes[same shape as categories], same.
nlohmann::json diff_json(const rulebook::RulebookDiff& diff);
std::string diff_html(const rulebook::RulebookDiff& diff, rulebook::Lang lang);

}  // namespace arbiter::report
