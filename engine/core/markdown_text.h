// Text from data (an event's title, a player's name, a file name, a rulebook's words) written into Markdown output.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::core {

// `text` as Markdown that shows it as written and nothing more: each character Markdown, or the HTML a Markdown
// page may carry, reads as markup is escaped with a backslash (CommonMark 0.31, 2.4: any ASCII punctuation may be),
// so "<script>" and "<img onerror=...>" show as text instead of opening a tag, "|" stays inside its table cell and
// "*" or "[x](y)" make no emphasis or link; a line break becomes a space and a leading "#", "-", "+", "=" or "1."
// is escaped, so the text cannot start a heading, list or rule of its own. Safe in a table cell, a heading, a list
// item and a paragraph alike.
std::string md_escape(std::string_view text);

// md_escape(text) for a table cell: an empty text becomes one space, so the row keeps its columns.
std::string md_cell(std::string_view text);

}  // namespace arbiter::core
