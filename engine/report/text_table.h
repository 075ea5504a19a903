// Aligned terminal tables whose column widths count East Asian wide characters as two columns.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report {

// Returns the number of terminal columns `utf8` occupies (wide and fullwidth characters count 2,
// combining marks 0). Invalid UTF-8 bytes count 1 each.
int display_width(std::string_view utf8);

// Pads `utf8` with spaces on the right to `width` display columns (no truncation).
std::string pad_right(std::string_view utf8, int width);

// Wraps `utf8` into lines of at most `width` display columns, breaking at spaces where possible
// and between any two wide characters (Japanese text has no spaces); a word longer than a line is broken.
std::vector<std::string> wrap(std::string_view utf8, int width);

// Text from data made safe for a terminal: control characters (C0 but newline and tab, DEL, C1), the
// bidirectional overrides and isolates (U+202A-U+202E, U+2066-U+2069) and bytes that are not UTF-8 are written as
// visible escapes (\x1b, \u202e), so that a rulebook or timeline cannot move the cursor, recolour or reorder what
// the terminal shows. Text without them is returned unchanged; applying it twice changes nothing more.
std::string terminal_safe(std::string_view text);

// A table of rows of cells; render() aligns columns, separating them by two spaces. Cells are terminal_safe, and a
// newline or tab in a cell is a space: a cell is one line that render() wraps, so a title holding "\n" cannot start
// a row of its own (a rulebook forging another's line in `list`).
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header) : header_(safe(std::move(header))) {}
    void add_row(std::vector<std::string> row) { rows_.push_back(safe(std::move(row))); }
    // Renders with a rule under the header. A column wider than `max_column` wraps.
    std::string render(int max_column = 60) const;
    // Renders within `total_width` display columns (a terminal's width): the widest columns are narrowed first, each
    // to no less than 8 columns, and their cells wrap (Japanese counted double). A table that cannot fit even so
    // keeps the 8-column minimum.
    std::string render_to_width(int total_width) const;

    // A table written a row at a time (`compare` of a long timeline), never held whole: every row safe() and given
    // to widen() for the widths, then the header's render_row(), rule() and every row's render_row() again: the
    // bytes of render(max_column) of a table holding them all.
    static void widen(std::vector<int>& widths, const std::vector<std::string>& row, int max_column);
    static std::string render_row(const std::vector<std::string>& row, const std::vector<int>& widths);
    static std::string rule(const std::vector<int>& widths);
    static std::vector<std::string> safe(std::vector<std::string> row) {
        for (auto& cell : row) {
            cell = terminal_safe(cell);
            std::replace_if(cell.begin(), cell.end(), [](char c) { return c == '\n' || c == '\t'; }, ' ');
        }
        return row;
    }

private:
    std::string render_widths(std::vector<int> widths) const;
    std::vector<int> natural_widths(int max_column) const;
    std::vector<std::string> header_;
    std::vector<std::vector<std::string>> rows_;
};

}  // namespace arbiter::report
