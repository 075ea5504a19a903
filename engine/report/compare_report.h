// Output of `arbiter compare`: one timeline ruled under several rulebooks, side by side. Each row is an entry that
// at least one rulebook rules on, one column per rulebook; a row whose rulebooks rule differently (effects or
// result, not the article numbering) is marked '*'. Final clocks and results close the table.
#pragma once

#include "procedure/procedure.h"
#include "rulebook/text.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace arbiter::report {

// Text for a terminal (East Asian widths counted; fits 120 columns for three rulebooks) or Markdown.
std::string compare_text(const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs, rulebook::Lang lang,
                         bool markdown = false);

// {"timeline": name, "rulebooks": [ids], "runs": [run JSON...], "rows": [{"entry", "at", "differs", "cells"}]}.
nlohmann::json compare_json(const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs);

}  // namespace arbiter::report
