// Self-contained HTML pages: one file, inline CSS, no scripts, print styles for A4. The event sheet,
// the rulebook diff and the timeline comparison share this scaffolding.
#pragma once

#include "rulebook/text.h"

#include <string>
#include <string_view>

namespace arbiter::report {

// Escapes & < > " ' for HTML text and attribute values, after writing control characters, bidirectional overrides
// and bytes that are not UTF-8 visibly (terminal_safe).
std::string html_escape(std::string_view text);

// Returns a complete page: doctype, <html lang>, charset, title, the shared inline stylesheet (screen
// and A4 print rules) plus `extra_css`, and `body` (already HTML) inside <main>.
std::string html_page(std::string_view title, rulebook::Lang lang, std::string_view body, std::string_view extra_css = {});

// The same page in two halves, for a body written piece by piece to a stream (a long comparison's rows): html_page
// is html_page_head + body + html_page_tail.
std::string html_page_head(std::string_view title, rulebook::Lang lang, std::string_view extra_css = {});
std::string html_page_tail();

}  // namespace arbiter::report
