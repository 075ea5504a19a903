#include "report/html_board.h"

#include "report/html_page.h"

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
    if (d.style == BoardStyle::shogi) return num(d.columns - c);
    return std::string(1, static_cast<char>('a' + c % 26));
}

std::string row_label(const BoardDiagram& d, int r) {
    if (d.style == BoardStyle::chess) return num(d.rows - r);
    if (d.style == BoardStyle::shogi) return r < 10 ? kanji_numbers[r] : num(r + 1);
    return num(r + 1);
}

}  // namespace

std::string board_svg(const BoardDiagram& d) {
    const int width = d.columns * cell + 2 * margin, height = d.rows * cell + 2 * margin;
    std::string out = "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" role=\"img\" width=\"" + num(width) + "\" height=\"" +
                      num(height) + "\" viewBox=\"0 0 " + num(width) + " " + num(height) + "\">";
    out += "<title>" + html_escape(d.caption) + "</title>";
    const char* light = d.style == BoardStyle::chess ? "#f0d9b5" : d.style == BoardStyle::shogi ? "#e8c77a" : "#2e8b57";
    const char* dark = d.style == BoardStyle::chess ? "#b58863" : light;
    for (int r = 0; r < d.rows; ++r)
        for (int c = 0; c < d.columns; ++c) {
            // Chess colours a1 dark: the bottom-left square (row rows-1, column 0) is dark.
            const bool is_dark = d.style == BoardStyle::chess && (c + (d.rows - 1 - r)) % 2 == 0;
            out += "<rect x=\"" + num(margin + c * cell) + "\" y=\"" + num(margin + r * cell) + "\" width=\"" + num(cell) +
                   "\" height=\"" + num(cell) + "\" fill=\"" + (is_dark ? dark : light) + "\"" +
                   (d.style == BoardStyle::chess ? "" : " stroke=\"#222\" stroke-width=\"1\"") + "/>";
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
        const int y = d.style == BoardStyle::chess ? height - 6 : 15;
        out += text_at(x, y, column_label(d, c), small);
    }
    for (int r = 0; r < d.rows; ++r) {
        const int x = d.style == BoardStyle::shogi ? width - margin / 2 : margin / 2;
        out += text_at(x, margin + r * cell + cell / 2 + 4, row_label(d, r), small);
    }
    for (const BoardPiece& p : d.pieces) {
        if (p.column < 0 || p.column >= d.columns || p.row < 0 || p.row >= d.rows) continue;
        const int cx = margin + p.column * cell + cell / 2, cy = margin + p.row * cell + cell / 2;
        if (d.style == BoardStyle::othello) {
            out += "<circle cx=\"" + num(cx) + "\" cy=\"" + num(cy) + "\" r=\"" + num(cell / 2 - 4) + "\" fill=\"" +
                   (p.second ? "#fafafa" : "#111") + "\" stroke=\"#000\" stroke-width=\"1\"/>";
        } else if (d.style == BoardStyle::shogi) {
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

bool chess_diagram_from_fen(std::string_view fen, BoardDiagram& out) {
    out = BoardDiagram{};
    out.style = BoardStyle::chess;
    const std::string_view placement = fen.substr(0, fen.find(' '));
    int row = 0, column = 0;
    for (char ch : placement) {
        if (ch == '/') {
            if (column != 8) return false;
            ++row, column = 0;
        } else if (ch >= '1' && ch <= '8') {
            column += ch - '0';
        } else if (std::string_view("KQRBNPkqrbnp").find(ch) != std::string_view::npos) {
            if (column >= 8 || row >= 8) return false;
            out.pieces.push_back({column++, row, std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(ch)))),
                                  std::islower(static_cast<unsigned char>(ch)) != 0});
        } else {
            return false;
        }
        if (column > 8) return false;
    }
    return row == 7 && column == 8;
}

bool shogi_diagram_from_sfen(std::string_view sfen, BoardDiagram& out) {
    out = BoardDiagram{};
    out.columns = out.rows = 9;
    out.style = BoardStyle::shogi;
    auto kanji = [](char piece, bool promoted) -> std::string {
        switch (std::tolower(static_cast<unsigned char>(piece))) {
            case 'k': return piece == 'K' ? "玉" : "王";
            case 'r': return promoted ? "龍" : "飛";
            case 'b': return promoted ? "馬" : "角";
            case 'g': return "金";
            case 's': return promoted ? "成銀" : "銀";
            case 'n': return promoted ? "成桂" : "桂";
            case 'l': return promoted ? "成香" : "香";
            case 'p': return promoted ? "と" : "歩";
            default: return "";
        }
    };
    const std::string_view board = sfen.substr(0, sfen.find(' '));
    int row = 0, column = 0;
    bool promoted = false;
    for (char ch : board) {
        if (ch == '/') {
            if (column != 9 || promoted) return false;
            ++row, column = 0;
        } else if (ch >= '1' && ch <= '9') {
            if (promoted) return false;
            column += ch - '0';
        } else if (ch == '+') {
            promoted = true;
        } else {
            const std::string label = kanji(ch, promoted);
            if (label.empty() || column >= 9 || row >= 9) return false;
            if (promoted && (label == "玉" || label == "王" || label == "金")) return false;
            out.pieces.push_back({column++, row, label, std::islower(static_cast<unsigned char>(ch)) != 0});
            promoted = false;
        }
        if (column > 9) return false;
    }
    return row == 8 && column == 9 && !promoted;
}

bool othello_diagram_from_board(std::string_view board, BoardDiagram& out) {
    out = BoardDiagram{};
    out.style = BoardStyle::othello;
    if (board.size() < 64) return false;
    for (int i = 0; i < 64; ++i) {
        const char ch = board[static_cast<std::size_t>(i)];
        if (ch == 'X' || ch == 'O') out.pieces.push_back({i % 8, i / 8, "", ch == 'O'});
        else if (ch != '-') return false;
    }
    return true;
}

bool diagram_for_game(std::string_view game, std::string_view position, BoardDiagram& out) {
    if (game == "chess") return chess_diagram_from_fen(position, out);
    if (game == "shogi") return shogi_diagram_from_sfen(position, out);
    if (game == "othello") return othello_diagram_from_board(position, out);
    return false;
}

}  // namespace arbiter::report
