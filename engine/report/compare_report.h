// Output of `arbiter compare`: one timeline ruled under several rulebooks, side by side. Each row is an entry that
// at least one rulebook rules on, one column per rulebook; a row whose rulebooks rule differently (effects or
// result, not the article numbering) is marked '*'. Final clocks and results close the table.
#pragma once

#include "procedure/procedure.h"
#include "rulebook/rulebook.h"
#include "rulebook/text.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report {

// Text for a terminal (East Asian widths counted; fits 120 columns for three rulebooks) or Markdown.
// In Japanese, sides, roles, effects and options come from `registry` (see ruling_text.h) and a cell names the
// article without the topic id.
std::string compare_text(const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs, rulebook::Lang lang,
                         bool markdown = false, const rulebook::Registry* registry = nullptr);
// The same written to `out` a row at a time (the rows are made twice for the text table's widths, never held).
void write_compare_text(std::ostream& out, const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs,
                        rulebook::Lang lang, bool markdown = false, const rulebook::Registry* registry = nullptr);

// One self-contained HTML page (inline CSS, no scripts, A4 print rules): the same rows, clocks and results, with an
// inline SVG diagram of the position at each ruling (once per row when the rulebooks share it, as they do when they
// agree on the moves) and the last move's destination marked. Games that cannot be drawn get no diagram.
// With `library`, a Japanese page names each rulebook's mode by its summary, not by its id.
std::string compare_html(const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs, rulebook::Lang lang,
                         const rulebook::Registry* registry = nullptr, const rulebook::Library* library = nullptr);
// The same page written to `page` a row at a time (a long timeline's page is never held whole); `lead` (HTML, the
// site's navigation) opens the page's <main>.
void write_compare_html(std::ostream& page, const procedure::Timeline& timeline,
                        const std::vector<procedure::Run>& runs, rulebook::Lang lang, const rulebook::Registry* registry = nullptr,
                        const rulebook::Library* library = nullptr, std::string_view lead = {});

// {"timeline": name, "rulebooks": [ids], "runs": [run JSON...], "rows": [{"entry", "at", "differs", "cells"}]} and
// a line break, as nlohmann's dump(2) writes it, but written a ruling and a row at a time (json_stream.h): a long
// timeline's document is never held whole. `top_keys` (an object) joins the top's members and `run_keys(i)` run i's.
void write_compare_json(std::ostream& out, const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs,
                        const nlohmann::json& top_keys = nlohmann::json::object(),
                        const std::function<nlohmann::json(std::size_t)>& run_keys = {});

}  // namespace arbiter::report
