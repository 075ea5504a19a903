// Output of `arbiter run`: one run of a timeline under one rulebook, as aligned text (English or Japanese
// labels and rule summaries) or as the JSON object of DESIGN.md section 3 (procedure::to_json).
#pragma once

#include "procedure/procedure.h"
#include "rulebook/rulebook.h"
#include "rulebook/text.h"

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report {

// English keeps the engine's names (the timeline's own words); Japanese takes sides, roles, effects and options
// from `registry` (schemas/topics.yaml) and entry actions and claim kinds from report/run_words.h. Without a
// registry, Japanese output falls back to the engine's names.

// A short description of a timeline entry: "claim repetition (white)", "move Nf3"; in Japanese
// "申し立て：同一局面の反復（白）", "着手 Nf3".
// `traditional`: a move entry's move in the game's traditional notation (Run::traditional_moves), which Japanese
// output prints instead of the timeline's text ("着手 ▲７六歩" for "move 7g7f").
std::string describe_entry(const procedure::Entry& entry, rulebook::Lang lang = rulebook::Lang::en,
                           const rulebook::Registry* registry = nullptr, std::string_view traditional = {});

// Entry `entry`'s move in the traditional notation from the first of `runs` that wrote it; "" for none.
std::string_view traditional_move(const std::vector<procedure::Run>& runs, int entry);
std::string_view traditional_move(const procedure::Run& run, int entry);

// "add_time black +3:00", "lose white", "draw (instead of lose)"; in Japanese "時計に時間を加える（黒、+3:00）".
std::string describe_effect(const procedure::AppliedEffect& effect, rulebook::Lang lang,
                            const rulebook::Registry* registry = nullptr);

// "1-0 (clock.flag_fall 6.9)", "ongoing", "pending"; in Japanese "1-0（6.9条）".
// In Japanese the result is in words first (先手勝ち, 黒勝ち, 引き分け; side names from `registry`), then the score.
std::string describe_result(const procedure::Run& run, rulebook::Lang lang,
                            const rulebook::Registry* registry = nullptr);

// The whole run as text for a terminal. In Japanese the table leaves out the topic column (the topic ids are
// engine names; the article and the summary say the same in words).
std::string run_text(const procedure::Timeline& timeline, const procedure::Run& run, rulebook::Lang lang,
                     const rulebook::Registry* registry = nullptr);
// The same bytes written to `out` a row at a time (never the whole text in memory).
void write_run_text(std::ostream& out, const procedure::Timeline& timeline, const procedure::Run& run,
                    rulebook::Lang lang, const rulebook::Registry* registry = nullptr);

}  // namespace arbiter::report
