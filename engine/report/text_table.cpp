#include "report/text_table.h"

#include <utf8proc.h>

#include <algorithm>

namespace arbiter::report {

namespace {

struct Glyph {
    std::string_view bytes;
    int width;
    bool space;
    bool no_start = false;  // closing punctuation that must not begin a line (Japanese kinsoku)
    bool no_end = false;    // an opening bracket that must not end a line
};

// Kinsoku shori (JIS X 4051): closing punctuation, the prolonged sound mark and small kana never begin a line; opening
// brackets never end one. ASCII closers count too where they follow Japanese text.
bool closes(utf8proc_int32_t cp) {
    static constexpr char32_t list[] = U"、。，．・：；？！）」』】〕〉》ー…‥ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ%),.:;!?]}";
    for (char32_t c : list)
        if (c && utf8proc_int32_t(c) == cp) return true;
    return false;
}

bool opens(utf8proc_int32_t cp) {
    static constexpr char32_t list[] = U"（「『【〔〈《";
    for (char32_t c : list)
        if (c && utf8proc_int32_t(c) == cp) return true;
    return false;
}

// Splits UTF-8 into code points with their display widths.
std::vector<Glyph> glyphs(std::string_view utf8) {
    std::vector<Glyph> out;
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(utf8.data());
    utf8proc_ssize_t left = static_cast<utf8proc_ssize_t>(utf8.size());
    size_t offset = 0;
    while (left > 0) {
        utf8proc_int32_t cp = 0;
        utf8proc_ssize_t n = utf8proc_iterate(p + offset, left, &cp);
        if (n <= 0) {  // invalid byte: one column, keep going
            out.push_back({utf8.substr(offset, 1), 1, false});
            n = 1;
        } else {
            int w = utf8proc_charwidth(cp);
            // Geometric shapes and circled numbers (▲ △ ○ ● ①) are East Asian "ambiguous" width:
            // Japanese terminals print them wide, and they head every shogi move.
            if (w == 1 && ((cp >= 0x25A0 && cp <= 0x25FF) || (cp >= 0x2460 && cp <= 0x24FF))) w = 2;
            out.push_back({utf8.substr(offset, static_cast<size_t>(n)), w, cp == ' ', closes(cp), opens(cp)});
        }
        offset += static_cast<size_t>(n);
        left -= n;
    }
    return out;
}

}  // namespace

int display_width(std::string_view utf8) {
    int width = 0;
    for (const Glyph& g : glyphs(utf8)) width += g.width;
    return width;
}

std::string pad_right(std::string_view utf8, int width) {
    std::string out(utf8);
    int pad = width - display_width(utf8);
    if (pad > 0) out.append(static_cast<size_t>(pad), ' ');
    return out;
}

std::vector<std::string> wrap(std::string_view utf8, int width) {
    std::vector<std::string> lines;
    std::string line;
    int line_width = 0;
    std::vector<Glyph> gs = glyphs(utf8);
    size_t i = 0;
    while (i < gs.size()) {
        // A word: a run of narrow non-space glyphs, or a single wide glyph.
        size_t j = i;
        int word_width = 0;
        if (gs[i].space) {
            j = i + 1;
            word_width = 1;
        } else if (gs[i].width >= 2) {
            // One wide glyph, kept with the closing punctuation after it and, for an opening bracket, with what it
            // opens, so that no line starts with 。 or ends with 「 (kinsoku).
            j = i + 1;
            word_width = gs[i].width;
            if (gs[i].no_end && j < gs.size() && !gs[j].space) {
                // What the bracket opens: one wide glyph, or a whole run of narrow ones (a clock reading, a move).
                const bool narrow = gs[j].width < 2;
                word_width += gs[j++].width;
                while (narrow && j < gs.size() && !gs[j].space && gs[j].width < 2) word_width += gs[j++].width;
            }
            while (j < gs.size() && gs[j].no_start && word_width + gs[j].width <= width) word_width += gs[j++].width;
        } else {
            while (j < gs.size() && !gs[j].space && gs[j].width < 2) word_width += gs[j++].width;
            // A closing bracket or comma right after it stays on its line (kinsoku: "-0:03:00）" never splits).
            while (j < gs.size() && gs[j].no_start && word_width + gs[j].width <= width) word_width += gs[j++].width;
            if (word_width > width) {
                // Longer than a whole line (an identifier such as before_claimant_touches_piece in a narrow column):
                // broken where the line ends, the rest taken as the next word, so no line outgrows its column.
                const int room = line_width < width ? width - line_width : width;
                j = i;
                word_width = 0;
                while (j < gs.size() && !gs[j].space && gs[j].width < 2 && (j == i || word_width + gs[j].width <= room))
                    word_width += gs[j++].width;
                // Broken after its last '.', '_' or '-' that fits (clock.late_ / arrival), not inside a word part.
                for (size_t k = j; k > i + 1; --k) {
                    const std::string_view b = gs[k - 1].bytes;
                    if (k < gs.size() && (b == "." || b == "_" || b == "-")) {
                        for (size_t m = k; m < j; ++m) word_width -= gs[m].width;
                        j = k;
                        break;
                    }
                }
            }
        }
        if (line_width + word_width > width && line_width > 0) {
            while (!line.empty() && line.back() == ' ') line.pop_back();
            lines.push_back(line);
            line.clear();
            line_width = 0;
            if (gs[i].space) {  // no leading space on a new line
                i = j;
                continue;
            }
        }
        for (size_t k = i; k < j; ++k) line += gs[k].bytes;
        line_width += word_width;
        i = j;
    }
    if (!line.empty() || lines.empty()) lines.push_back(line);
    return lines;
}

std::string terminal_safe(std::string_view text) {
    static const char* const hex = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(text.data());
    std::size_t i = 0;
    while (i < text.size()) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7F) {
                out += "\\x";
                out += hex[c >> 4];
                out += hex[c & 15];
            } else {
                out += static_cast<char>(c);
            }
            ++i;
            continue;
        }
        utf8proc_int32_t cp = 0;
        utf8proc_ssize_t n = utf8proc_iterate(p + i, static_cast<utf8proc_ssize_t>(text.size() - i), &cp);
        if (n <= 0) {  // not UTF-8: the byte, visibly
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 15];
            ++i;
            continue;
        }
        if ((cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) {
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4) out += hex[(cp >> shift) & 15];
        } else {
            out.append(text.substr(i, static_cast<std::size_t>(n)));
        }
        i += static_cast<std::size_t>(n);
    }
    return out;
}

void TextTable::widen(std::vector<int>& widths, const std::vector<std::string>& row, int max_column) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (size_t c = 0; c < row.size(); ++c)
        widths[c] = std::max(widths[c], std::min(display_width(row[c]), max_column));
}

std::vector<int> TextTable::natural_widths(int max_column) const {
    std::vector<int> widths;
    widen(widths, header_, max_column);
    for (const auto& row : rows_) widen(widths, row, max_column);
    return widths;
}

std::string TextTable::render(int max_column) const { return render_widths(natural_widths(max_column)); }

std::string TextTable::render_to_width(int total_width) const {
    constexpr int narrowest = 8;
    std::vector<int> widths = natural_widths(std::max(total_width, narrowest));
    if (widths.empty()) return render_widths(widths);
    auto total = [&] {
        int sum = 2 * static_cast<int>(widths.size() - 1);  // the two-space separators
        for (int w : widths) sum += w;
        return sum;
    };
    // One column at a time, always the widest: the narrow label column and short values stay whole.
    while (total() > total_width) {
        auto widest = std::max_element(widths.begin(), widths.end());
        if (*widest <= narrowest) break;
        --*widest;
    }
    return render_widths(std::move(widths));
}

std::string TextTable::render_row(const std::vector<std::string>& row, const std::vector<int>& widths) {
    const size_t columns = widths.size();
    std::string out;
    std::vector<std::vector<std::string>> cells(columns);
    size_t height = 1;
    for (size_t c = 0; c < columns; ++c) {
        cells[c] = c < row.size() ? wrap(row[c], widths[c]) : std::vector<std::string>{""};
        height = std::max(height, cells[c].size());
    }
    for (size_t l = 0; l < height; ++l) {
        std::string line;
        for (size_t c = 0; c < columns; ++c) {
            std::string_view text = l < cells[c].size() ? std::string_view(cells[c][l]) : "";
            line += c + 1 == columns ? std::string(text) : pad_right(text, widths[c]) + "  ";
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
    }
    return out;
}

std::string TextTable::rule(const std::vector<int>& widths) {
    std::string rule;
    for (size_t c = 0; c < widths.size(); ++c) {
        rule.append(static_cast<size_t>(widths[c]), '-');
        if (c + 1 < widths.size()) rule += "  ";
    }
    return rule + '\n';
}

std::string TextTable::render_widths(std::vector<int> widths) const {
    std::string out = render_row(header_, widths) + rule(widths);
    for (const auto& row : rows_) out += render_row(row, widths);
    return out;
}

}  // namespace arbiter::report
