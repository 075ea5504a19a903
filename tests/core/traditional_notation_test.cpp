// The traditional notation (core/traditional_notation.h) on shogi, whose words and glyphs are the game file's
// only. Expected strings by hand from the JSA's 棋譜の表記方法 as KIF files write it: files counted from sente's
// right (USI's file digit), ranks from gote's edge (USI's a is 一); 同 for the square of the move before, padded
// as KIF pads it (「同　歩」); 打 on a drop; 成 / 不成 where the move could promote; where two pieces of a kind
// reach the square, the move's word (上 forward, 寄 sideways, 引 back) if it alone tells them apart, else the
// place's (右 / 左 as the mover sees the board, 直 straight forward for gold-movers and silvers), else both
// (the JSA's own example 「52銀右上成」).
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/traditional_notation.h"

#include <boost/test/unit_test.hpp>

#include <string>

namespace traditional_notation_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

namespace {

using ShogiPosition = BasicPosition<WideBitboard<2>>;

GameDefinitionPtr shogi() {
    static GameDefinitionPtr def = load_game("shogi");
    return def;
}

// `usi` on `pos` written traditionally; `previous_to`: the square the move before went to (-1 for none).
std::string write(const ShogiPosition& pos, const std::string& usi, int previous_to = -1) {
    return to_traditional(pos, read_usi(pos, usi).move, previous_to);
}

// Plays `usi` on `pos` and returns the square it went to (the next move's 同).
int play(ShogiPosition& pos, const std::string& usi) {
    const Move m = read_usi(pos, usi).move;
    Undo u;
    pos.make(m, u);
    return int(m.to());
}

}  // namespace

BOOST_AUTO_TEST_SUITE(traditional_notation)

BOOST_AUTO_TEST_CASE(the_standard_opening_a_capture_on_the_same_square_a_promotion_and_a_drop) {
    ShogiPosition pos = ShogiPosition::start(shogi());
    BOOST_TEST(write(pos, "7g7f") == "▲７六歩");
    int last = play(pos, "7g7f");
    BOOST_TEST(write(pos, "3c3d", last) == "△３四歩");
    last = play(pos, "3c3d");
    // The bishop exchange: 8h takes on 2b (二, gote's second rank) and may promote there, so both words are written.
    BOOST_TEST(write(pos, "8h2b+", last) == "▲２二角成");
    BOOST_TEST(write(pos, "8h2b", last) == "▲２二角不成");
    last = play(pos, "8h2b+");
    // The silver takes back on the square the bishop went to; a one-character name is padded to 同成銀's width.
    BOOST_TEST(write(pos, "3a2b", last) == "△同　銀");
    last = play(pos, "3a2b");
    // Sente drops the bishop it took.
    BOOST_TEST(write(pos, "B*5e", last) == "▲５五角打");
}

BOOST_AUTO_TEST_CASE(two_golds_told_apart_by_their_place_as_each_side_sees_the_board) {
    ShogiPosition pos = ShogiPosition::start(shogi());
    // Sente's golds on 4九 and 6九 both step up to 5八: the one on sente's right (file 4) is 右, the famous ５八金右.
    BOOST_TEST(write(pos, "4i5h") == "▲５八金右");
    BOOST_TEST(write(pos, "6i5h") == "▲５八金左");
    // 7八 is reached by one gold only: nothing added.
    BOOST_TEST(write(pos, "6i7h") == "▲７八金");
    play(pos, "7g7f");
    // Gote faces the other way: its right is file 9's side, so its gold on 6一 is 右 and the one on 4一 is 左.
    BOOST_TEST(write(pos, "6a5b") == "△５二金右");
    BOOST_TEST(write(pos, "4a5b") == "△５二金左");
}

BOOST_AUTO_TEST_CASE(three_golds_in_a_row_and_a_move_that_tells_them_apart) {
    // Golds on 6九, 5九 and 4九, kings in the corners: the middle one steps straight up (直).
    ShogiPosition pos = ShogiPosition::from_sfen(shogi(), "k8/9/9/9/9/9/9/9/K2GGG3 b - 1");
    BOOST_TEST(write(pos, "5i5h") == "▲５八金直");
    BOOST_TEST(write(pos, "6i5h") == "▲５八金左");
    BOOST_TEST(write(pos, "4i5h") == "▲５八金右");
    // Golds on 4八 and 6九: one comes sideways (寄), the other up (上); the move's word alone tells them apart.
    ShogiPosition other = ShogiPosition::from_sfen(shogi(), "k8/9/9/9/9/9/9/5G3/K2G5 b - 1");
    BOOST_TEST(write(other, "4h5h") == "▲５八金寄");
    BOOST_TEST(write(other, "6i5h") == "▲５八金上");
}

BOOST_AUTO_TEST_CASE(dragons_are_told_apart_from_each_other_never_by_straight) {
    // Dragons on 2二 and 1三 both go back to 2四 (引 for both): the one on 1三 is on sente's right of the other.
    ShogiPosition pos = ShogiPosition::from_sfen(shogi(), "4k4/7+R1/8+R/9/9/9/9/9/K8 b - 1");
    BOOST_TEST(write(pos, "1c2d") == "▲２四龍右");
    BOOST_TEST(write(pos, "2b2d") == "▲２四龍左");
}

BOOST_AUTO_TEST_CASE(place_and_move_both_where_neither_alone_will_do) {
    // Silvers on 4一, 4三 and 6三 can all reach 5二 in sente's promotion zone. 4三 goes up (as 6三 does) from the
    // right (as 4一 does): 右上, and 成 or 不成. 6三 is the only one from the left; 4一 the only one going back.
    ShogiPosition pos = ShogiPosition::from_sfen(shogi(), "k4S3/9/3S1S3/9/9/9/9/9/K8 b - 1");
    BOOST_TEST(write(pos, "4c5b+") == "▲５二銀右上成");
    BOOST_TEST(write(pos, "4c5b") == "▲５二銀右上不成");
    BOOST_TEST(write(pos, "6c5b") == "▲５二銀左不成");
    BOOST_TEST(write(pos, "4a5b+") == "▲５二銀引成");
}

BOOST_AUTO_TEST_CASE(a_game_without_the_words_writes_nothing) {
    const GameDefinitionPtr chess = load_game("chess");
    const BasicPosition<Bitboard> pos = BasicPosition<Bitboard>::start(chess);
    BOOST_TEST(to_traditional(pos, pos.legal_moves()[0], -1).empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace traditional_notation_test
