#include "core/markdown_text.h"

namespace arbiter::core {

std::string md_escape(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    // Marks that act anywhere in a line: inline HTML and autolinks (< >), entities (&), code (`), emphasis (* _ ~),
    // links and images ([ ], which "!" needs), table cells (|) and the escape itself.
    constexpr std::string_view anywhere = "\\`*_~[]<>&|";
    // Marks that act only at the start of a line: headings, lists, block quotes (> above), setext underlines.
    constexpr std::string_view at_start = "#-+=";
    bool line_start = true;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char c = text[i];
        if (c == '\n' || c == '\r') c = ' ';
        if (line_start && c == ' ') {
            out += c;
            continue;
        }
        if (anywhere.find(c) != std::string_view::npos || (line_start && at_start.find(c) != std::string_view::npos)) {
            out += '\\';
            out += c;
        } else if (line_start && c >= '0' && c <= '9') {
            // "1. " or "1)" at the end starts an ordered list: the mark after the digits is escaped ("9.5b" is not one).
            std::size_t k = i;
            while (k < text.size() && text[k] >= '0' && text[k] <= '9') ++k;
            out.append(text.substr(i, k - i));
            if (k < text.size() && (text[k] == '.' || text[k] == ')') &&
                (k + 1 == text.size() || text[k + 1] == ' ' || text[k + 1] == '\t' || text[k + 1] == '\n'))
                out += '\\', out += text[k++];
            i = k - 1;
        } else {
            out += c;
        }
        line_start = false;
    }
    return out;
}

std::string md_cell(std::string_view text) {
    std::string out = md_escape(text);
    return out.empty() ? std::string(" ") : out;
}

}  // namespace arbiter::core
