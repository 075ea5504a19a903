// The file-relative notation (core/relative_notation.h) on xiangqi, whose words are the game file's only: WXF and
// traditional moves read to the coordinates a xiangqi player gives them, and written back. Expected values by hand:
// red counts files from its right (file i is 1, e is 5, a is 9), black from its own right (a is 1, i is 9);
// forward is towards the opponent; a move along its own file ends in the ranks moved, any other in the file reached.
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/relative_notation.h"

#include <boost/test/unit_test.hpp>

#include <string>
#include <utility>
#include <vector>

namespace relative_notation_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

namespace {

using XiangqiPosition = BasicPosition<WideBitboard<2>>;

GameDefinitionPtr xiangqi() {
    static GameDefinitionPtr def = load_game("xiangqi");
    return def;
}

// Reads `text` on `pos` and returns it in coordinates ("" when it is not read as one legal move).
std::string read(const XiangqiPosition& pos, const std::string& text) {
    const ParsedMove p = read_relative(pos, text);
    return p.ok() ? to_usi(pos, p.move) : "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(relative_notation)

BOOST_AUTO_TEST_CASE(the_opening_moves_read_in_both_styles) {
    XiangqiPosition pos = XiangqiPosition::start(xiangqi());
    // Central cannon: the cannon on red's file 2 (h2) sideways to file 5 (e2).
    BOOST_TEST(read(pos, "炮二平五") == "h2e2");
    BOOST_TEST(read(pos, "C2.5") == "h2e2");
    BOOST_TEST(read(pos, "C2=5") == "h2e2");
    BOOST_TEST(to_relative(pos, read_usi(pos, "h2e2").move, RelativeStyle::letters) == "C2.5");
    BOOST_TEST(to_relative(pos, read_usi(pos, "h2e2").move, RelativeStyle::names) == "炮二平五");
    // A horse ends in the file it reaches: red's h0 (file 2) to g2 (file 3).
    BOOST_TEST(read(pos, "H2+3") == "h0g2");
    BOOST_TEST(read(pos, "傌二進三") == "h0g2");
    BOOST_TEST(read(pos, "马二进三") == "h0g2");  // simplified characters read too
    // A chariot forward along its file ends in the ranks moved: i0 (file 1) two ranks up.
    BOOST_TEST(read(pos, "R1+2") == "i0i2");
    BOOST_TEST(to_relative(pos, read_usi(pos, "i0i2").move, RelativeStyle::names) == "俥一進二");
    Undo u;
    pos.make(read_usi(pos, "h2e2").move, u);
    // Black counts from its own right: its horse on h9 stands on its file 8 and goes to g7, its file 7.
    BOOST_TEST(read(pos, "馬８進７") == "h9g7");
    BOOST_TEST(read(pos, "馬8進7") == "h9g7");
    BOOST_TEST(read(pos, "h8+7") == "h9g7");  // the second side's letters in lower case, as the Asian rules write them
    BOOST_TEST(to_relative(pos, read_usi(pos, "h9g7").move, RelativeStyle::names) == "馬８進７");
    BOOST_TEST(to_relative(pos, read_usi(pos, "h9g7").move, RelativeStyle::letters) == "H8+7");
    // Black's cannon on h7 (its file 8) sideways to e7 (its file 5).
    BOOST_TEST(read(pos, "砲8平5") == "h7e7");
    // Backward for black is towards rank 9: its chariot has nowhere to go back, so no legal move fits.
    BOOST_TEST((read_relative(pos, "車1退1").status == MoveParseStatus::illegal));
}

BOOST_AUTO_TEST_CASE(two_pieces_on_a_file_are_front_and_back) {
    // Red cannons on e2 and e4, generals on d0 and f9: the cannon on e4 is the front one.
    const auto pos = XiangqiPosition::from_fen(xiangqi(), "5k3/9/9/9/9/4C4/9/4C4/9/3K5 w - - 0 1");
    BOOST_TEST(read(pos, "前炮平六") == "e4d4");
    BOOST_TEST(read(pos, "C+.6") == "e4d4");
    BOOST_TEST(read(pos, "後炮平六") == "e2d2");
    BOOST_TEST(read(pos, "C-.6") == "e2d2");
    BOOST_TEST(to_relative(pos, read_usi(pos, "e4d4").move, RelativeStyle::names) == "前炮平六");
    BOOST_TEST(to_relative(pos, read_usi(pos, "e2d2").move, RelativeStyle::letters) == "C-.6");
    // With two cannons on the file, the file number does not say which: more than one move fits.
    BOOST_TEST((read_relative(pos, "C5.6").status == MoveParseStatus::syntax_error));
}

BOOST_AUTO_TEST_CASE(bad_text_is_a_syntax_error_with_its_column) {
    const auto pos = XiangqiPosition::start(xiangqi());
    const ParsedMove p = read_relative(pos, "X2.5");
    BOOST_TEST((p.status == MoveParseStatus::syntax_error));
    BOOST_TEST(p.message.find("column 1") != std::string::npos);
    BOOST_TEST(read_relative(pos, "C2*5").message.find("column 3") != std::string::npos);
    BOOST_TEST((read_relative(pos, "C2.").status == MoveParseStatus::syntax_error));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace relative_notation_test
