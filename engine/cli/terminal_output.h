// Output meant for a person at a terminal: its size, whether to colour, and a pager for long text. Everything here
// falls back to plain, unpaged output at 80 columns when stdout is a file or a pipe, so scripts and tests see the
// same bytes whatever terminal they run from.
#pragma once

#include <string>

namespace arbiter::cli {

bool stdout_is_terminal();

// The width to lay text out in: `asked` when positive (--width), else the terminal's columns, else 80.
int output_width(int asked);

// --color auto|always|never: auto colours only a terminal.
// "auto" is on for a terminal unless NO_COLOR is set (not empty) or TERM is dumb; "always" and "never" as said.
bool use_color(const std::string& choice);

// Writes `text` to stdout, through $PAGER (default `less -R`) when stdout is a terminal and the text has more lines
// than the terminal; directly otherwise, or when the pager cannot be started.
void write_paged(const std::string& text);

}  // namespace arbiter::cli
