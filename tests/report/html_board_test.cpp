// Board diagrams as inline SVG: pieces from FEN, SFEN and the othello board string land on the squares
// the notation names, and the markup is self-contained.
#include "report/html_board.h"
#include "report/html_page.h"

#include "core/game_files.h"

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
