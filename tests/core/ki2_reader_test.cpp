// The KI2 reader (core/record/ki2.h): each relative word on a position where it is the one that tells the pieces
// apart, as the JSA's 棋譜の表記方法 (https://www.shogi.or.jp/faq/kihuhyouki.html) defines them: 上 (the piece moves
// up one rank or more), 引 (down), 寄 (sideways), 右 / 左 (the piece on the mover's right / left), 直 (a gold or silver
// stepping straight up), 打 only where a piece on the board could go there too; 成 and 不成 never tell pieces apart.
// Every expected USI is worked by hand from the SFEN in the test: files are the digits, ranks 一..九 are a..i.
#include "core/error.h"
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/record/ki2.h"

#include <boost/test/unit_test.hpp>

#include <string>

namespace ki2_reader_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::record;
using Pos = BasicPosition<WideBitboard<2>>;

namespace {

GameDefinitionPtr shogi() {
    static GameDefinitionPtr def = load_game("shogi");
    return def;
}

const KifPieces& pieces() {
    static const KifPieces p = kif_pieces(*shogi());
    return p;
}

// The move `text` names on `sfen`, in USI; or "error: " and the reader's English message.
std::string read(const std::string& sfen, const std::string& text, int previous_to = -1) {
    const Pos pos = Pos::from_sfen(shogi(), sfen, "t");
    const Ki2Move k = read_ki2_move(pos, text, previous_to, pieces());
    if (!k.ok) return "error: " + k.error.en;
    return to_usi(pos, k.move);
}

bool refused(const std::string& r, const std::string& part) {
    return r.rfind("error: ", 0) == 0 && r.find(part) != std::string::npos;
}

// Sente golds on 5g, 4h and 5i, all reaching 5h (5八): from 5i up, from 4h sideways, from 5g down.
const std::string Three = "k8/9/9/9/9/9/4G4/5G3/K3G4 b - 1";
// Golds on 6i and 4i both step up to 5h: the move does not tell them apart, the place does.
const std::string Pair = "k8/9/9/9/9/9/9/9/K2G1G3 b - 1";
// Golds on 6i, 5i and 4i: the one on 5i steps straight up (直).
const std::string Row = "k8/9/9/9/9/9/9/9/K2GGG3 b - 1";
// The golds of the blog's figure (ameblo.jp/ryota1033/entry-12860363373): 6e, 6f and 5f reaching 5e (5五).
const std::string Cluster = "k8/9/9/9/3G5/3GG4/9/9/K8 b - 1";
// Dragons on 2b and 1c reaching 2d (2四), both moving down: Wikipedia's 「棋譜」 figure (1三 is the right one).
const std::string Dragons = "k8/7+R1/8+R/9/9/9/9/9/K8 b - 1";

}  // namespace

BOOST_AUTO_TEST_SUITE(ki2_moves_read_on_the_board)

BOOST_AUTO_TEST_CASE(the_move_words_up_sideways_down) {
    BOOST_TEST(read(Three, "▲５八金上") == "5i5h");
    BOOST_TEST(read(Three, "▲５八金寄") == "4h5h");
    BOOST_TEST(read(Three, "▲５八金引") == "5g5h");
    BOOST_TEST(read(Three, "▲５八金直") == "5i5h");  // straight up is 直 as well
    BOOST_TEST(refused(read(Three, "▲５八金"), "ambiguous: 3 pieces 金 fit"));
}

BOOST_AUTO_TEST_CASE(right_and_left_of_golds_are_seen_from_the_destination) {
    BOOST_TEST(read(Pair, "▲５八金右") == "4i5h");  // file 4 is on sente's right
    BOOST_TEST(read(Pair, "５八金左") == "6i5h");   // the mark may be left out of a move's text
    BOOST_TEST(refused(read(Pair, "▲５八金上"), "ambiguous: 2 pieces 金 fit"));
    BOOST_TEST(read(Row, "▲５八金直") == "5i5h");
    BOOST_TEST(read(Row, "▲５八金右") == "4i5h");
    BOOST_TEST(read(Row, "▲５八金左") == "6i5h");
}

BOOST_AUTO_TEST_CASE(place_and_move_together_where_neither_alone_does) {
    // 6f goes up and stands left; 6e goes sideways and stands left; 5f goes straight up: 6f is 左上.
    BOOST_TEST(read(Cluster, "▲５五金左上") == "6f5e");
    BOOST_TEST(read(Cluster, "▲５五金寄") == "6e5e");
    BOOST_TEST(read(Cluster, "▲５五金直") == "5f5e");
    BOOST_TEST(refused(read(Cluster, "▲５五金左"), "ambiguous: 2 pieces 金 fit"));
    BOOST_TEST(refused(read(Cluster, "▲５五金上"), "ambiguous: 2 pieces 金 fit"));
}

BOOST_AUTO_TEST_CASE(two_dragons_are_told_apart_by_their_places) {
    BOOST_TEST(read(Dragons, "▲２四龍右") == "1c2d");
    BOOST_TEST(read(Dragons, "▲２四竜左") == "2b2d");  // 竜: the game file's other name for 龍
    BOOST_TEST(refused(read(Dragons, "▲２四龍引"), "ambiguous"));
    BOOST_TEST(refused(read(Dragons, "▲２四龍直"), "no 龍 can make this move"));  // a dragon is never 直
}

BOOST_AUTO_TEST_CASE(right_and_left_are_the_movers_own) {
    // Gote's golds on 6a and 4a step to 5b: gote faces the board from the other side, so file 6 is its right.
    const std::string gote = "k2g1g3/9/9/9/9/9/9/9/K8 w - 1";
    BOOST_TEST(read(gote, "△５二金右") == "6a5b");
    BOOST_TEST(read(gote, "△５二金左") == "4a5b");
}

BOOST_AUTO_TEST_CASE(drop_is_written_only_where_a_board_piece_could_go_too) {
    const std::string hand = "k8/9/9/9/9/9/9/9/K4G3 b G 1";  // a gold on 4i and one in hand
    BOOST_TEST(read(hand, "▲５八金打") == "G*5h");
    BOOST_TEST(read(hand, "▲５八金") == "4i5h");   // the board's gold, as 打 is not written
    BOOST_TEST(read(hand, "▲５二金") == "G*5b");   // no board gold reaches 5b: a drop without 打
    BOOST_TEST(refused(read(hand, "▲５二金成"), "no 金 can make this move"));
    BOOST_TEST(refused(read("k8/9/9/9/9/9/9/9/K4G3 b - 1", "▲５二金打"), "no 金 can be dropped there"));
}

BOOST_AUTO_TEST_CASE(promotion_words_choose_the_move_not_the_piece) {
    const std::string silver = "k8/9/9/5S3/9/9/9/9/K8 b - 1";  // a silver on 4d steps into the zone on 4c
    BOOST_TEST(read(silver, "▲４三銀成") == "4d4c+");
    BOOST_TEST(read(silver, "▲４三銀不成") == "4d4c");
    BOOST_TEST(read(silver, "▲４三銀生") == "4d4c");
    BOOST_TEST(read(silver, "▲４三銀") == "4d4c");
    // Silvers on 6d and 4d both go up to 5c: 成 does not choose between them, 右 does.
    const std::string two = "k8/9/9/3S1S3/9/9/9/9/K8 b - 1";
    BOOST_TEST(refused(read(two, "▲５三銀成"), "ambiguous"));
    BOOST_TEST(read(two, "▲５三銀右成") == "4d5c+");
    // A pawn on 4b can only promote on 4a.
    const std::string pawn = "k8/5P3/9/9/9/9/9/9/K8 b - 1";
    BOOST_TEST(read(pawn, "▲４一歩成") == "4b4a+");
    BOOST_TEST(refused(read(pawn, "▲４一歩"), "must promote"));
}

BOOST_AUTO_TEST_CASE(same_square_and_what_cannot_be_read) {
    const std::string start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    const Pos pos = Pos::from_sfen(shogi(), start, "t");
    const int f7 = int(parse_usi(pos, "7g7f").to());  // 7f, for 同 to point at
    BOOST_TEST(read(start, "▲同　歩", f7) == "7g7f");
    BOOST_TEST(read(start, "▲同歩", f7) == "7g7f");
    BOOST_TEST(refused(read(start, "▲同　歩"), "with no previous move"));
    BOOST_TEST(refused(read(start, "▲７六兵"), "expected a piece name"));
    BOOST_TEST(refused(read(start, "▲７五歩"), "no 歩 can go there, from the board or the hand"));
    BOOST_TEST(refused(read(start, "▲７六歩まで"), "unexpected text in the move"));
    BOOST_TEST(refused(read(start, "▲上六歩"), "expected a destination square"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(ki2_summary_lines)

namespace {
GameRecord game(const std::string& text) { return read_ki2(text, "t.ki2"); }
std::string refusal(const std::string& text) {
    try {
        game(text);
    } catch (const arbiter::InputError& e) {
        return e.what();
    }
    return {};
}
}  // namespace

BOOST_AUTO_TEST_CASE(the_summary_states_the_ending) {
    // After one move gote is to move.
    auto r = game("▲７六歩\nまで1手で先手の勝ち\n");
    BOOST_TEST(r.moves.size() == 1u);
    BOOST_TEST(r.moves[0].move == "▲７六歩");
    BOOST_TEST(r.termination == record::Termination::resign);  // the loser was to move: it resigned
    BOOST_TEST(r.terminated_by == 1);
    r = game("▲７六歩\nまで1手で時間切れにより先手の勝ち\n");
    BOOST_TEST(r.termination == record::Termination::time_up);
    BOOST_TEST(r.terminated_by == 1);
    r = game("▲７六歩\nまで1手で後手の反則勝ち\n");  // sente's last move was the illegal one
    BOOST_TEST(r.termination == record::Termination::illegal_move);
    BOOST_TEST(r.terminated_by == 0);
    r = game("▲７六歩\nまで1手で後手の反則負け\n");
    BOOST_TEST(r.termination == record::Termination::illegal_move);
    BOOST_TEST(r.terminated_by == 1);
    r = game("▲７六歩\nまで1手で後手の入玉勝ち\n");
    BOOST_TEST(r.termination == record::Termination::impasse);
    BOOST_TEST(r.terminated_by == 1);
    BOOST_TEST(game("▲７六歩\nまで1手で中断\n").termination == record::Termination::abort);
    BOOST_TEST(game("▲７六歩\nまで1手で千日手\n").termination == record::Termination::sennichite);
    BOOST_TEST(game("▲７六歩\nまで1手で持将棋\n").termination == record::Termination::impasse);
    BOOST_TEST(game("▲７六歩\nまで1手で詰\n").termination == record::Termination::checkmate);
    // The winner moved last: how the loser lost is not said (not a resignation, which only the side to move makes).
    r = game("▲７六歩\nまで1手で後手の勝ち\n");
    BOOST_TEST(r.termination == record::Termination::unknown);
    BOOST_TEST(r.notes.size() == 1u);
    // Shogi DB2 writes the ending in a move's place.
    r = game("▲７六歩 △投了\nまで1手で先手の勝ち\n");
    BOOST_TEST(r.moves.size() == 1u);
    BOOST_TEST(r.termination == record::Termination::resign);
    BOOST_TEST(r.terminated_by == 1);
}

BOOST_AUTO_TEST_CASE(a_handicap_game_starts_with_the_upper_hand) {
    const auto r = game("手合割：二枚落ち\n△６二銀    ▲７六歩\nまで2手で中断\n");
    BOOST_TEST(r.moves.size() == 2u);
    BOOST_TEST(r.moves[1].column == 9);  // the second mark's column, in characters
    const std::string wrong = refusal("手合割：二枚落ち\n▲７六歩\n");
    BOOST_TEST(wrong.find("t.ki2:2:1:") == 0);
    BOOST_TEST(wrong.find("the mark names the side not to move") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(what_the_reader_refuses_names_its_place) {
    BOOST_TEST(refusal("▲７六歩 ▲２六歩\n").find("t.ki2:1:6:") == 0);
    BOOST_TEST(refusal("▲７六歩\nまで2手で先手の勝ち\n").find("t.ki2:2:1:") == 0);
    BOOST_TEST(refusal("▲７六歩\nまで1手で先手の勝ち\n△３四歩\n").find("a move after the game's ending") !=
               std::string::npos);
    BOOST_TEST(refusal("▲７六歩\nまで1手で中断\nまで1手で中断\n").find("a second summary line") != std::string::npos);
    BOOST_TEST(refusal("").find("empty record") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ki2_reader_test
