// Aligned terminal tables whose column widths count East Asian wide characters as two columns.
#pragma once

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
// and between any two wide characters (Japanese text has no spaces).
std::vector<std::string> wrap(std::string_view utf8, int width);

// A table of rows of cells; render() aligns columns, separating them by two spaces.
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header) : header_(std::move(header)) {}
    void add_row(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
    // Renders with a rule under the header. A column wider than `max_column` wraps.
    std::string render(int max_column = 60) const;

private:
    std::vector<std::string> header_;
    std::vector<std::vector<std::string>> rows_;
};

}  // namespace arbiter::report
