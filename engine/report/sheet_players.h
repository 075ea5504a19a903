// The event sheet as players read it (`arbiter event sheet`, the default): what the event sets first, each a plain
// sentence with its value and the rulebook's ("Default time: 15 minutes (the rulebook: 0 seconds), 6.6a"); then the
// rules the event's category and mode put in place of the main rules; then the other points of the sheet, each its
// rule's summary alone. No effect lists, cases or parameter names: what a player needs fits on two A4 pages, and the
// full sheet (report/sheet_event.h, `--full`) stays for arbiters. Rendered with sheet_text, sheet_markdown and
// sheet_html.
#pragma once

#include "report/sheet_event.h"

namespace arbiter::report {

Sheet players_sheet(const rulebook::Event& event, const rulebook::Rulebook& book, const rulebook::EventCheck& check,
                    const rulebook::Registry& registry, rulebook::Lang lang);

// A value in a player's words: durations in full ("15 minutes", "1 hour 30 minutes"; 15分, 1時間30分), yes/no for a
// flag (はい/いいえ), other values as written.
std::string value_for_players(const rulebook::Value& value, rulebook::Lang lang);
// A duration in full words in English ("1 hour 30 minutes"), as duration_words in Japanese (1時間30分).
std::string duration_for_players(std::int64_t ms, rulebook::Lang lang);

}  // namespace arbiter::report
