// Output of `arbiter run`: one run of a timeline under one rulebook, as aligned text (English or Japanese
// labels and rule summaries) or as the JSON object of DESIGN.md section 3 (procedure::to_json).
#pragma once

#include "procedure/procedure.h"
#include "rulebook/text.h"

#include <string>

namespace arbiter::report {

// A short description of a timeline entry: "claim repetition (white)", "move Nf3".
std::string describe_entry(const procedure::Entry& entry);

// "add_time black +3:00", "lose white", "draw (instead of lose)".
std::string describe_effect(const procedure::AppliedEffect& effect, rulebook::Lang lang);

// "1-0 (clock.flag_fall 6.9)", "ongoing", "pending".
std::string describe_result(const procedure::Run& run, rulebook::Lang lang);

// The whole run as text for a terminal.
std::string run_text(const procedure::Timeline& timeline, const procedure::Run& run, rulebook::Lang lang);

}  // namespace arbiter::report
