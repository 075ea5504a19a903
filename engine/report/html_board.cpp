#include "report/html_board.h"

#include "report/html_page.h"

#include "core/game_def.h"

#include <algorithm>
#include <cctype>

namespace arbiter::report {

namespace {

constexpr int cell = 40;    // square size in SVG units
constexpr int margin = 22;  // room for coordinates

const char* const kanji_numbers[] = {"一", "二", "三", "四", "五", "六", "七", "八", "九", "十"};

std::string num(int v) { return std::to_string(v); }

std::string text_at(int x, int y, std::string_view s, std::string_view attributes) {
    return "<text x=\"" + num(x) + "\" y=\"" + num(y) + "\" " + std::string(attributes) + ">" + html_escape(s) + "</text>";
}

std::string column_label(const BoardDiagram& d, int c) {
    if (d.style == BoardStyle::japanese) return num(d.columns - c);
    return std::string(1, static_cast<char>('a' + c % 26));
}

std::string row_label(const BoardDiagram& d, int r) {
    if (d.style == BoardStyle::western) return num(d.rows - r);
    if (d.style == BoardStyle::japanese) return r < 10 ? kanji_numbers[r] : num(r + 1);
    return num(r + 1);
}

std::string line(int x1, int y1, int x2, int y2, std::string_view width) {
    return "<line x1=\"" + num(x1) + "\" y1=\"" + num(y1) + "\" x2=\"" + num(x2) + "\" y2=\"" + num(y2) +
           "\" stroke=\"#222\" stroke-width=\"" + std::string(width) + "\"/>";
}

// Pieces stand on the points where the lines cross: a grid of columns x rows points, the inner columns broken by the
// river, the boxes crossed by their diagonals, and discs in the first side's red and the second side's black ink.
std::string points_svg(const BoardDiagram& d) {
    const int width = d.columns * cell + 2 * margin, height = d.rows * cell + 2 * margin;  // half a cell round the grid
    const int left = margin + cell / 2, top = margin + cell / 2, right = left + (d.columns - 1) * cell,
              bottom = top + (d.rows - 1) * cell;
    auto x = [&](int c) { return left + c * cell; };
    auto y = [&](int r) { return top + r * cell; };
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" role=\"img\" width=\"" + num(width) +
                      "\" height=\"" + num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\">";
    out += "<title>" + html_escape(d.caption) + "</title>";
    out += "<rect x=\"0\" y=\"0\" width=\"" + num(width) + "\" height=\"" + num(height) + "\" fill=\"#f2d9a0\"/>";
    for (int r = 0; r < d.rows; ++r) out += line(left, y(r), right, y(r), "1");
    const bool river = d.river_above >= 0 && d.river_above + 1 < d.rows;
    for (int c = 0; c < d.columns; ++c) {
        if (!river || c == 0 || c == d.columns - 1) {
            out += line(x(c), top, x(c), bottom, "1");
            continue;
        }
        out += line(x(c), top, x(c), y(d.river_above), "1");
        out += line(x(c), y(d.river_above + 1), x(c), bottom, "1");
    }
    for (const PointBox& b : d.diagonals) {
        out += "<g class=\"diagonals\">" + line(x(b.left), y(b.top), x(b.right), y(b.bottom), "1");
        out += line(x(b.right), y(b.top), x(b.left), y(b.bottom), "1") + "</g>";
    }
    out += "<rect x=\"" + num(left - 4) + "\" y=\"" + num(top - 4) + "\" width=\"" + num(right - left + 8) +
           "\" height=\"" + num(bottom - top + 8) + "\" fill=\"none\" stroke=\"#222\" stroke-width=\"2\"/>";
    const std::string serif =
        "font-family=\"'Noto Serif CJK TC','Noto Serif CJK SC','Noto Serif CJK JP',serif\" text-anchor=\"middle\"";
    if (river)
        for (int half = 0; half < 2; ++half)
            if (!d.river_labels[half].empty())
                out += text_at(half == 0 ? left + (right - left) / 4 : right - (right - left) / 4,
                               (y(d.river_above) + y(d.river_above + 1)) / 2 + 7, d.river_labels[half],
                               "class=\"river\" font-size=\"18\" " + serif + " fill=\"#444\"");
    for (const auto& [c, r] : d.marked)
        if (c >= 0 && c < d.columns && r >= 0 && r < d.rows)
            out += "<rect x=\"" + num(x(c) - cell / 2 + 1) + "\" y=\"" + num(y(r) - cell / 2 + 1) + "\" width=\"" +
                   num(cell - 2) + "\" height=\"" + num(cell - 2) +
                   "\" fill=\"none\" stroke=\"#d22\" stroke-width=\"3\"/>";
    const std::string small = "font-size=\"12\" font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"#333\"";
    for (int c = 0; c < d.columns && c < int(d.file_labels.size()); ++c)
        out += text_at(x(c), height - 6, d.file_labels[std::size_t(c)], small);
    for (int r = 0; r < d.rows && r < int(d.rank_labels.size()); ++r)
        out += text_at(margin / 2 + 2, y(r) + 4, d.rank_labels[std::size_t(r)], small);
    for (const BoardPiece& p : d.pieces) {
        if (p.column < 0 || p.column >= d.columns || p.row < 0 || p.row >= d.rows) continue;
        const char* ink = p.second ? "#111" : "#b3121b";
        out += "<circle class=\"piece\" cx=\"" + num(x(p.column)) + "\" cy=\"" + num(y(p.row)) + "\" r=\"" +
               num(cell / 2 - 3) + "\" fill=\"#fbf0d5\" stroke=\"" + ink + "\" stroke-width=\"2\"/>";
        out += text_at(x(p.column), y(p.row) + 7, p.label, "font-size=\"20\" " + serif + " fill=\"" + ink + "\"");
    }
    return out + "</svg>";
}

}  // namespace

std::string board_svg(const BoardDiagram& d) {
    if (d.style == BoardStyle::points) return points_svg(d);
    const int width = d.columns * cell + 2 * margin, height = d.rows * cell + 2 * margin;
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" role=\"img\" width=\"" + num(width) + "\" height=\"" +
                      num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\">";
    out += "<title>" + html_escape(d.caption) + "</title>";
    const char* light = d.style == BoardStyle::western ? "#f0d9b5" : d.style == BoardStyle::japanese ? "#e8c77a" : "#2e8b57";
    const char* dark = d.style == BoardStyle::western ? "#b58863" : light;
    for (int r = 0; r < d.rows; ++r)
        for (int c = 0; c < d.columns; ++c) {
            // Chess colours a1 dark: the bottom-left square (row rows-1, column 0) is dark.
            const bool is_dark = d.style == BoardStyle::western && (c + (d.rows - 1 - r)) % 2 == 0;
            out += "<rect x=\"" + num(margin + c * cell) + "\" y=\"" + num(margin + r * cell) + "\" width=\"" + num(cell) +
                   "\" height=\"" + num(cell) + "\" fill=\"" + (is_dark ? dark : light) + "\"" +
                   (d.style == BoardStyle::western ? "" : " stroke=\"#222\" stroke-width=\"1\"") + "/>";
        }
    for (const auto& [c, r] : d.marked)
        if (c >= 0 && c < d.columns && r >= 0 && r < d.rows)
            out += "<rect x=\"" + num(margin + c * cell + 2) + "\" y=\"" + num(margin + r * cell + 2) + "\" width=\"" + num(cell - 4) +
                   "\" height=\"" + num(cell - 4) + "\" fill=\"none\" stroke=\"#d22\" stroke-width=\"3\"/>";
    out += "<rect x=\"" + num(margin) + "\" y=\"" + num(margin) + "\" width=\"" + num(d.columns * cell) + "\" height=\"" +
           num(d.rows * cell) + "\" fill=\"none\" stroke=\"#222\" stroke-width=\"2\"/>";
    const std::string small = "font-size=\"12\" font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"#333\"";
    for (int c = 0; c < d.columns; ++c) {
        const int x = margin + c * cell + cell / 2;
        const int y = d.style == BoardStyle::western ? height - 6 : 15;
        out += text_at(x, y, column_label(d, c), small);
    }
    for (int r = 0; r < d.rows; ++r) {
        const int x = d.style == BoardStyle::japanese ? width - margin / 2 : margin / 2;
        out += text_at(x, margin + r * cell + cell / 2 + 4, row_label(d, r), small);
    }
    for (const BoardPiece& p : d.pieces) {
        if (p.column < 0 || p.column >= d.columns || p.row < 0 || p.row >= d.rows) continue;
        const int cx = margin + p.column * cell + cell / 2, cy = margin + p.row * cell + cell / 2;
        if (d.style == BoardStyle::discs) {
            out += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(cell / 2 - 4) + "\" fill=\"" +
                   (p.second ? "#fafafa" : "#111") + "\" stroke=\"#000\" stroke-width=\"1\"/>";
        } else if (d.style == BoardStyle::japanese) {
            // A pentagonal piece pointing at the opponent; gote's pieces are turned half round.
            const std::string g = p.second ? " transform=\"rotate(180 " + num(cx) + " " + num(cy) + ")\"" : "";
            out += "<g" + g + "><path d=\"M" + num(cx) + " " + num(cy - 17) + " L" + num(cx + 13) + " " + num(cy - 11) + " L" +
                   num(cx + 16) + " " + num(cy + 17) + " L" + num(cx - 16) + " " + num(cy + 17) + " L" + num(cx - 13) + " " +
                   num(cy - 11) + " Z\" fill=\"#f7e3b0\" stroke=\"#553\" stroke-width=\"1\"/>";
            const bool two = p.label.size() > 3;  // two kanji (成香): smaller type
            out += text_at(cx, cy + (two ? 6 : 8), p.label,
                           std::string("font-size=\"") + (two ? "11" : "20") +
                               "\" font-family=\"'Noto Serif CJK JP','Noto Sans CJK JP',serif\" text-anchor=\"middle\" fill=\"#000\"");
            out += "</g>";
        } else {
            out += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(cell / 2 - 5) + "\" fill=\"" +
                   (p.second ? "#222" : "#fff") + "\" stroke=\"#000\" stroke-width=\"1.5\"/>";
            out += text_at(cx, cy + 7, p.label,
                           std::string("font-size=\"20\" font-weight=\"bold\" font-family=\"sans-serif\" text-anchor=\"middle\" fill=\"") +
                               (p.second ? "#fff" : "#000") + "\"");
        }
    }
    return out + "</svg>";
}

// The diagram style a game's data names (game.schema.json diagram.style).
std::optional<BoardStyle> style_named(std::string_view name) {
    static constexpr std::pair<std::string_view, BoardStyle> styles[] = {
        {"western", BoardStyle::western}, {"japanese", BoardStyle::japanese}, {"discs", BoardStyle::discs},
        {"points", BoardStyle::points}};
    for (const auto& [word, style] : styles)
        if (word == name) return style;
    return std::nullopt;
}

// The points style's names, river and boxes from the game's data: rows count from the top (the last rank), the river
// runs past the first side's region's last rank, and each box is a region's extent for each side.
static void points_of(const core::GameDefinition& def, BoardDiagram& out) {
    for (int f = 0; f < def.files; ++f) out.file_labels.push_back(def.file_names[std::size_t(f)]);
    for (int r = def.ranks - 1; r >= 0; --r) out.rank_labels.push_back(def.rank_names[std::size_t(r)]);
    auto extent = [&](int region, int side) {
        PointBox b{def.files, def.ranks, -1, -1};
        for (int sq = 0; sq < def.squares; ++sq) {
            if (!def.region_squares[side][std::size_t(region)][std::size_t(sq)]) continue;
            const int c = def.file_of(sq), r = def.ranks - 1 - def.rank_of(sq);
            b.left = std::min(b.left, c), b.right = std::max(b.right, c);
            b.top = std::min(b.top, r), b.bottom = std::max(b.bottom, r);
        }
        return b;
    };
    if (def.diagram_river >= 0) {
        out.river_above = extent(def.diagram_river, 0).top - 1;
        out.river_labels[0] = def.diagram_river_labels[0];
        out.river_labels[1] = def.diagram_river_labels[1];
    }
    for (int region : def.diagram_diagonals)
        for (int side = 0; side < 2; ++side) out.diagonals.push_back(extent(region, side));
}

bool diagram_of(const core::GameDefinition& def, std::string_view position, BoardDiagram& out) {
    out = BoardDiagram{};
    out.columns = def.files;
    out.rows = def.ranks;
    const auto style = style_named(def.diagram_style);
    if (!style) return false;
    out.style = *style;
    if (out.style == BoardStyle::points) points_of(def, out);
    if (def.placement.enabled) {
        // The board string: one cell per square, in the data's order (the first cell at the top left).
        const std::size_t cells = std::size_t(def.files) * std::size_t(def.ranks);
        if (position.size() < cells) return false;
        const auto& piece = def.pieces[std::size_t(def.placement.piece)];
        for (std::size_t i = 0; i < cells; ++i) {
            const char ch = position[i];
            if (ch == def.placement.board_cell[2]) continue;
            if (ch != def.placement.board_cell[0] && ch != def.placement.board_cell[1]) return false;
            const bool second = ch == def.placement.board_cell[1];
            out.pieces.push_back({int(i % std::size_t(def.files)), int(i / std::size_t(def.files)), piece.glyphs[second], second});
        }
        return true;
    }
    // FEN and SFEN write the ranks from the top of the diagram down, '/' between them, a count for empty
    // squares, upper case for the first side and '+' before a promoted piece's unpromoted letter.
    const std::string_view board = position.substr(0, position.find(' '));
    int row = 0, column = 0, empty = 0;
    bool promoted = false;
    auto flush = [&] {
        column += empty;
        empty = 0;
        return column <= def.files;
    };
    for (char ch : board) {
        if (ch >= '0' && ch <= '9') {
            if (promoted || (empty == 0 && ch == '0')) return false;
            empty = empty * 10 + (ch - '0');
            if (empty > def.files) return false;
            continue;
        }
        if (!flush()) return false;
        if (ch == '/') {
            if (column != def.files || promoted) return false;
            ++row, column = 0;
            continue;
        }
        if (ch == '+') {
            if (promoted) return false;
            promoted = true;
            continue;
        }
        int type = def.piece_by_letter(ch);
        if (type < 0 || column >= def.files || row >= def.ranks) return false;
        if (promoted) {
            int found = -1;
            for (std::size_t t = 0; t < def.pieces.size(); ++t)
                if (def.pieces[t].promoted && def.pieces[t].hand_type == type) found = int(t);
            if (found < 0) return false;
            type = found;
            promoted = false;
        }
        const bool second = std::islower(static_cast<unsigned char>(ch)) != 0;
        out.pieces.push_back({column++, row, def.pieces[std::size_t(type)].glyphs[second], second});
    }
    return flush() && row == def.ranks - 1 && column == def.files && !promoted;
}

std::optional<std::pair<int, int>> destination_of(const core::GameDefinition& def, std::string_view move, const BoardDiagram& d) {
    // The square named last in the move's text (SAN "exd8=Q", coordinates "e2e4", USI "7g7f", "P*5e", "f5").
    std::optional<std::pair<int, int>> best;
    std::size_t best_end = 0;
    for (int f = 0; f < def.files; ++f)
        for (int r = 0; r < def.ranks; ++r) {
            const std::string name = def.file_names[std::size_t(f)] + def.rank_names[std::size_t(r)];
            for (auto at = move.find(name); at != std::string_view::npos; at = move.find(name, at + 1))
                if (at + name.size() >= best_end) {
                    best_end = at + name.size();
                    best = std::pair{f, def.placement.enabled ? r : def.ranks - 1 - r};
                }
        }
    // A move that opens with a piece's letter (SAN "Ke2", a drop "P*5e") must show that piece there.
    const int named = !move.empty() && std::isupper(static_cast<unsigned char>(move[0])) ? def.piece_by_letter(move[0]) : -1;
    auto shown = [&](std::pair<int, int> square) {
        for (const auto& p : d.pieces)
            if (p.column == square.first && p.row == square.second)
                return named < 0 || p.label == def.pieces[std::size_t(named)].glyphs[p.second];
        return false;
    };
    if (best) return shown(*best) ? best : std::nullopt;
    // A castling move names no square: the king's destination under the game's castling rule of that name.
    std::string_view san = move.substr(0, move.find_first_of("+#!?"));
    for (const auto& c : def.castling) {
        if (c.san != san) continue;
        const std::pair<int, int> to{def.file_of(c.king_to), def.ranks - 1 - def.rank_of(c.king_to)};
        if (shown(to)) return to;
    }
    return std::nullopt;
}

}  // namespace arbiter::report
