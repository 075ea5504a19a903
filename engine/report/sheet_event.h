// The regulations sheet of an event: what its rulebook says on the points an organiser prints for the
// players (time control in words, default time, draws, claims and penalties, illegal moves, phones,
// what the arbiter decides), each with its article, with the event's own settings in place.
#pragma once

#include "rulebook/event_check.h"

#include <string>
#include <vector>

namespace arbiter::report {

// One rule on the sheet.
struct SheetItem {
    std::string topic;
    std::string article;
    std::string heading;             // the topic in words
    std::string summary;             // the rule's summary in the sheet's language
    std::vector<std::string> lines;  // event values, effects, ladder steps, options, in words
};

struct SheetSection {
    std::string heading;
    std::vector<SheetItem> items;
};

struct Sheet {
    rulebook::Lang lang = rulebook::Lang::en;
    std::string title;
    std::vector<std::pair<std::string, std::string>> facts;  // label -> value (rulebook, time control, ...)
    std::vector<SheetSection> sections;
    std::string footer;
    // The players' sheet (report/sheet_players.h): each item one paragraph, its article then its summary.
    bool compact = false;
};

// Writes a time control in words: "40 moves in 1h30min, then 30min for the rest of the game; 30s added
// after every move from move 1".
// `full_units`: "15 minutes" for "15min" (the players' sheet).
std::string time_control_in_words(const clock::TimeControl& control, rulebook::Lang lang, bool full_units = false);

// Whether the event's time control brings `topic` into play (a period that ends at a move count for FIDE 6.3).
bool in_play(std::string_view topic, const std::optional<clock::TimeControl>& control);

// Builds the sheet of an event that passed its check (`check.ok()`).
Sheet event_sheet(const rulebook::Event& event, const rulebook::Rulebook& book, const rulebook::EventCheck& check,
                  const rulebook::Registry& registry, rulebook::Lang lang);

std::string sheet_markdown(const Sheet& sheet);
// Plain text for a terminal or a notice board: headings underlined, items wrapped to `width` display columns
// (Japanese counted double), each line of an item as an indented dash.
std::string sheet_text(const Sheet& sheet, int width = 80);
std::string sheet_html(const Sheet& sheet);

}  // namespace arbiter::report
