// Board diagrams as inline SVG: pieces from FEN, SFEN and the othello board string land on the squares
// the notation names, and the markup is self-contained.
#include "report/html_board.h"
#include "report/html_page.h"

#include "core/error.h"
#include "core/game_def.h"
#include "core/game_files.h"

#include <yaml-cpp/yaml.h>

#include <boost/test/unit_test.hpp>

#include <map>
#include <string>

namespace html_board_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::report;

namespace {

// The bundled game definitions: the diagram's glyphs and style come from their data.
const arbiter::core::GameDefinition& game(const char* id) {
    static std::map<std::string, arbiter::core::GameDefinitionPtr> games;
    auto& def = games[id];
    if (!def) def = arbiter::core::load_game(id, std::string(ARBITER_SOURCE_DIR) + "/rulesets");
    return *def;
}

const BoardPiece* at(const BoardDiagram& d, int column, int row) {
    for (const auto& p : d.pieces)
        if (p.column == column && p.row == row) return &p;
    return nullptr;
}

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (auto pos = text.find(part); pos != std::string::npos; pos = text.find(part, pos + 1)) ++n;
    return n;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(board_diagrams_put_pieces_where_the_notation_says)

BOOST_AUTO_TEST_CASE(chess_start_position) {
    BoardDiagram d;
    BOOST_REQUIRE(diagram_of(game("chess"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", d));
    BOOST_TEST(d.pieces.size() == 32u);
    // e1 is column 4 of the bottom row (row 7); the white king.
    BOOST_REQUIRE(at(d, 4, 7));
    BOOST_TEST(at(d, 4, 7)->label == "K");
    BOOST_TEST(!at(d, 4, 7)->second);
    BOOST_TEST(at(d, 3, 0)->label == "Q");  // d8: the black queen
    BOOST_TEST(at(d, 3, 0)->second);
    d.caption = "Start <position>";
    const std::string svg = board_svg(d);
    BOOST_TEST(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    BOOST_TEST(count(svg, "<circle") == 32u);
    BOOST_TEST(count(svg, "<rect") == 64u + 1u);  // squares and the frame
    BOOST_TEST(svg.find("<title>Start &lt;position&gt;</title>") != std::string::npos);
    BOOST_TEST(svg.find(">a</text>") != std::string::npos);
    BOOST_TEST(svg.find(">8</text>") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_placements_are_refused) {
    BoardDiagram d;
    BOOST_TEST(!diagram_of(game("chess"), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP", d));
    BOOST_TEST(!diagram_of(game("chess"), "rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", d));
    BOOST_TEST(!diagram_of(game("chess"), "xnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", d));
    BOOST_TEST(!diagram_of(game("shogi"), "9/9/9", d));
    BOOST_TEST(!diagram_of(game("othello"), "XO", d));
}

BOOST_AUTO_TEST_CASE(shogi_start_position_in_kanji) {
    BoardDiagram d;
    BOOST_REQUIRE(diagram_of(game("shogi"), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", d));
    BOOST_TEST(d.pieces.size() == 40u);
    // 5九 (column 4 from the left, bottom row): sente's king 玉; 2八 (column 7, row 7): sente's rook 飛.
    BOOST_TEST(at(d, 4, 8)->label == "玉");
    BOOST_TEST(at(d, 7, 7)->label == "飛");
    BOOST_TEST(at(d, 1, 1)->label == "飛");  // 8二: gote's rook
    BOOST_TEST(at(d, 1, 1)->second);
    const std::string svg = board_svg(d);
    BOOST_TEST(count(svg, "rotate(180") == 20u);  // gote's 20 pieces turned round
    BOOST_TEST(svg.find(">九</text>") != std::string::npos);
    BoardDiagram promoted;
    BOOST_REQUIRE(diagram_of(game("shogi"), "8k/9/9/9/9/9/9/9/+P+L+R5K b - 1", promoted));
    BOOST_TEST(at(promoted, 0, 8)->label == "と");
    BOOST_TEST(at(promoted, 1, 8)->label == "成香");
    BOOST_TEST(at(promoted, 2, 8)->label == "龍");
}

BOOST_AUTO_TEST_CASE(othello_discs) {
    // The start position: d4 and e5 white, e4 and d5 black (a1..h1, a2..h2, ...).
    std::string board(64, '-');
    board[3 * 8 + 3] = 'O';
    board[3 * 8 + 4] = 'X';
    board[4 * 8 + 3] = 'X';
    board[4 * 8 + 4] = 'O';
    BoardDiagram d;
    BOOST_REQUIRE(diagram_of(game("othello"), board + " X", d));
    BOOST_TEST(d.pieces.size() == 4u);
    BOOST_TEST(at(d, 3, 3)->second);   // d4 white
    BOOST_TEST(!at(d, 4, 3)->second);  // e4 black
    BOOST_TEST(count(board_svg(d), "<circle") == 4u);
}

BOOST_AUTO_TEST_CASE(xiangqi_on_the_points_with_river_and_palaces) {
    // rulesets/games/xiangqi.yaml: style points, the river past red's own_half (ranks 0-4), diagonals in each
    // palace (files d-f, ranks 0-2 for red, 7-9 for black). The start position, ranks 9 down to 0.
    BoardDiagram d;
    const char* start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    BOOST_REQUIRE(diagram_of(game("xiangqi"), start, d));
    BOOST_TEST(d.columns == 9);
    BOOST_TEST(d.rows == 10);  // 9 x 10 = 90 points
    BOOST_TEST(d.pieces.size() == 32u);
    BOOST_TEST(at(d, 4, 9)->label == "帥");  // e0: red's general, the bottom row
    BOOST_TEST(!at(d, 4, 9)->second);
    BOOST_TEST(at(d, 4, 0)->label == "將");  // e9: black's general
    BOOST_TEST(at(d, 4, 0)->second);
    BOOST_TEST(at(d, 1, 7)->label == "炮");  // b2: red's cannon
    BOOST_TEST(at(d, 7, 2)->label == "砲");  // h7: black's cannon
    BOOST_TEST(at(d, 0, 6)->label == "兵");  // a3: red's soldier
    BOOST_TEST(at(d, 0, 3)->label == "卒");  // a6: black's soldier
    BOOST_TEST(at(d, 1, 9)->label == "傌");
    BOOST_TEST(at(d, 0, 0)->label == "車");
    // The river between ranks 5 and 4 (rows 4 and 5 from the top), its words from the game file.
    BOOST_TEST(d.river_above == 4);
    BOOST_TEST(d.river_labels[0] == "楚河");
    BOOST_TEST(d.river_labels[1] == "漢界");
    // The palaces: red's d0-f2 (columns 3-5, rows 7-9), black's d7-f9 (rows 0-2).
    BOOST_REQUIRE(d.diagonals.size() == 2u);
    const PointBox red = d.diagonals[0], black = d.diagonals[1];
    BOOST_TEST((red.left == 3 && red.right == 5 && red.top == 7 && red.bottom == 9));
    BOOST_TEST((black.left == 3 && black.right == 5 && black.top == 0 && black.bottom == 2));
    BOOST_TEST(d.file_labels.size() == 9u);
    BOOST_TEST(d.rank_labels.front() == "9");
    BOOST_TEST(d.rank_labels.back() == "0");
    const std::string svg = board_svg(d);
    // Lines: 10 ranks across; the two edge files whole; the 7 inner files in two pieces, broken by the river;
    // two diagonals in each of the two palaces: 10 + 2 + 14 + 4 = 30.
    BOOST_TEST(count(svg, "<line") == 30u);
    BOOST_TEST(count(svg, "class=\"diagonals\"") == 2u);
    BOOST_TEST(count(svg, "class=\"river\"") == 2u);
    BOOST_TEST(svg.find(">楚河</text>") != std::string::npos);
    BOOST_TEST(svg.find(">漢界</text>") != std::string::npos);
    BOOST_TEST(count(svg, "<circle class=\"piece\"") == 32u);
    BOOST_TEST(count(svg, "stroke=\"#b3121b\"") == 16u);  // red's 16 pieces in red
    BOOST_TEST(count(svg, "fill=\"#b3121b\"") == 16u);
    BOOST_TEST(svg.find(">i</text>") != std::string::npos);  // ICCS file names along the bottom
    BOOST_TEST(svg.find(">0</text>") != std::string::npos);
    BOOST_TEST(count(svg, "<rect") == 2u);  // the paper and the frame: no squares on a points board
}

// The points words name regions the game file has, drawable ones: anything else is refused at its key.
BOOST_AUTO_TEST_CASE(points_words_are_checked_at_load) {
    const std::string base =
        "game: g\nboard:\n  files: [a, b, c]\n  ranks: ['1', '2', '3', '4']\n"
        "  regions:\n    near: {ranks: ['1', '2']}\n    corner: {files: [a, b], ranks: ['1', '2']}\n"
        "    dot: {files: [a], ranks: ['1']}\n    far: {ranks: ['4']}\n"
        "pieces:\n  - {name: king, letter: K, royal: true, leap: [[1, 0], [0, 1], [-1, 0], [0, -1]]}\n"
        "start: k2/3/3/2K w - - 0 1\n";
    auto load = [&](const std::string& diagram) {
        return arbiter::core::GameDefinition::from_yaml(YAML::Load(base + diagram), "g.yaml");
    };
    const auto ok = load("diagram: {style: points, river: {region: near}, diagonals: [corner]}\n");
    BoardDiagram d;
    BOOST_REQUIRE(diagram_of(*ok, "k2/3/3/2K w - - 0 1", d));
    BOOST_TEST(d.river_above == 1);  // rows 0-1 above the river, rows 2-3 (ranks 2 and 1) below
    BOOST_TEST(d.diagonals.size() == 2u);
    auto refused = [&](const std::string& diagram, const std::string& part) {
        try {
            load(diagram);
        } catch (const arbiter::InputError& e) {
            return std::string(e.what()).find(part) != std::string::npos;
        }
        return false;
    };
    BOOST_TEST(refused("diagram: {style: western, diagonals: [corner]}\n", "only the points style"));
    BOOST_TEST(refused("diagram: {style: points, river: {region: nowhere}}\n", "unknown region 'nowhere'"));
    BOOST_TEST(refused("diagram: {style: points, river: {region: far}}\n", "whole ranks from the first side's edge"));
    BOOST_TEST(refused("diagram: {style: points, river: {region: corner}}\n", "whole ranks"));
    BOOST_TEST(refused("diagram: {style: points, river: {region: near, labels: [x]}}\n", "two words"));
    BOOST_TEST(refused("diagram: {style: points, diagonals: [dot]}\n", "not a rectangle"));
    BOOST_TEST(refused("diagram:\n  style: points\n  diagonals: [corner, nowhere]\n", "g.yaml:"));
}

BOOST_AUTO_TEST_CASE(any_rectangle_and_marked_squares) {
    BoardDiagram d;
    d.columns = 5;
    d.rows = 6;
    d.pieces = {{0, 0, "K", false}, {4, 5, "k", true}, {9, 9, "X", false}};  // the last is off the board
    d.marked = {{2, 3}};
    const std::string svg = board_svg(d);
    BOOST_TEST(count(svg, "<circle") == 2u);
    BOOST_TEST(count(svg, "stroke=\"#d22\"") == 1u);
    BOOST_TEST(svg.find("width=\"" + std::to_string(5 * 40 + 44) + "\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(html_escape_and_page) {
    BOOST_TEST(html_escape("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
    const std::string page = html_page("T & T", arbiter::rulebook::Lang::ja, "<p>x</p>");
    BOOST_TEST(page.find("<title>T &amp; T</title>") != std::string::npos);
    BOOST_TEST(page.find("<html lang=\"ja\">") != std::string::npos);
    BOOST_TEST(page.find("<meta charset=\"utf-8\">") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace html_board_test
