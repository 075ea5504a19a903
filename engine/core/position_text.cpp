#include "core/position_text.h"

#include "core/error.h"

#include <cctype>

namespace arbiter::core {

PositionText::PositionText(const char* format, std::vector<const char*> field_names, const std::string& source,
                           std::string_view text)
    : format_(format), field_names_(std::move(field_names)), source_(source) {
    for (int i = 0; i < int(text.size());) {
        if (std::isspace(static_cast<unsigned char>(text[i]))) {
            ++i;
            continue;
        }
        int start = i;
        while (i < int(text.size()) && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        fields_.push_back({text.substr(start, i - start), start + 1});
    }
}

void PositionText::fail(int field, int column, const std::string& what) const {
    std::string msg = std::string(format_) + ": ";
    if (field > 0)
        msg += "field " + std::to_string(field) + " (" + field_names_[field - 1] + ") at column " +
               std::to_string(column) + ": ";
    throw InputError({source_, 0, 0}, msg + what);
}

int PositionText::number(int number_field, int min) const {
    const TextField& f = field(number_field);
    long v = 0;
    for (char c : f.text) {
        if (!std::isdigit(static_cast<unsigned char>(c)) || v > 100000000)
            fail(number_field, f.column, "expected a number, got '" + std::string(f.text) + "'");
        v = v * 10 + (c - '0');
    }
    if (v < min)
        fail(number_field, f.column,
             "expected a number of at least " + std::to_string(min) + ", got " + std::string(f.text));
    return int(v);
}

int PositionText::empty_run(const GameDefinition& g, std::string_view text, int& i, int column, int rank,
                            int file) const {
    // The count saturates past the board's width (a longer run of digits can only be too many squares), so it
    // never overflows however many digits the text holds.
    int n = 0;
    while (i < int(text.size()) && std::isdigit(static_cast<unsigned char>(text[i]))) {
        if (n <= g.files) n = n * 10 + (text[i] - '0');
        ++i;
    }
    --i;
    if (n == 0) fail(1, column, "an empty-square count must be at least 1");
    if (n > g.files - file)
        fail(1, column, "rank " + g.rank_names[rank] + " has more than " + std::to_string(g.files) + " squares");
    return n;
}

void PositionText::check_rank_end(const GameDefinition& g, int column, int rank, int file) const {
    if (file != g.files)
        fail(1, column,
             "rank " + g.rank_names[rank] + " has " + std::to_string(file) + " squares, expected " +
                 std::to_string(g.files));
    if (rank == 0) fail(1, column, "more than " + std::to_string(g.ranks) + " ranks");
}

void PositionText::check_royals(const GameDefinition& g, int column, const int royals[2], int at_least) const {
    if (g.royal_type < 0) return;
    for (int c = 0; c < 2; ++c)
        if (royals[c] > 1 || royals[c] < at_least)
            fail(1, column,
                 g.side_names[c] + " has " + std::to_string(royals[c]) + " " + g.pieces[g.royal_type].name +
                     (at_least ? "s, expected 1" : "s, expected at most 1"));
}

}  // namespace arbiter::core
