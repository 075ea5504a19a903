// Shogi records (KIF in UTF-8 and Shift_JIS, CSA) read into the neutral GameRecord: real files from
// tests/data/shogi (see SOURCES.md there), expected values read from the files by eye, plus malformed input.
#include "core/error.h"
#include "core/record/csa.h"
#include "core/record/kif.h"
#include "shogi_kif.h"
#include "core/record/usi.h"

#include <boost/test/unit_test.hpp>

#include <sstream>

namespace record_shogi_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using arbiter::testing::shogi_kif;
using namespace arbiter::core::record;
using std::chrono::milliseconds;

namespace {

std::string shogi_data(const std::string& name) {
    return std::string(ARBITER_SOURCE_DIR) + "/tests/data/shogi/" + name;
}

long ms(const std::optional<milliseconds>& t) { return t ? long(t->count()) : -1L; }

// The engines' principal variations in the elmo/yaselmo records start with the move played, written in
// Western notation ("P7g-7f", "B2bx8h+", "+B4e-5d", "P*8g"). Returns that first move in USI, or "" if the
// comment holds no such line. This is an independent check of the KIF/CSA -> USI conversion.
std::string pv_first_move_usi(const std::string& comment) {
    // Hand-written instead of std::regex (gcc 12 warns inside <regex> under the sanitizers).
    auto square = [](const std::string& t, std::size_t i) {
        return i + 1 < t.size() && t[i] >= '1' && t[i] <= '9' && t[i + 1] >= 'a' && t[i + 1] <= 'i';
    };
    std::istringstream lines(comment);
    std::string line;
    while (std::getline(lines, line)) {
        std::string t = line.substr(0, line.find(' '));
        std::size_t i = !t.empty() && t[0] == '+' ? 1 : 0;
        if (i >= t.size() || std::string("PLNSGBRK").find(t[i]) == std::string::npos) continue;
        char piece = t[i++];
        if (i < t.size() && t[i] == '*' && square(t, i + 1) && t.size() == i + 3)
            return std::string(1, piece) + "*" + t.substr(i + 1, 2);
        if (!square(t, i) || i + 2 >= t.size() || (t[i + 2] != '-' && t[i + 2] != 'x') || !square(t, i + 3)) continue;
        std::string rest = t.substr(i + 5);
        if (!rest.empty() && rest != "+") continue;
        return t.substr(i, 2) + t.substr(i + 3, 2) + rest;
    }
    return "";
}

// Expects `f` to throw InputError whose location is line `line` (0 = any line).
template <class F>
void expect_input_error(F f, int line, const std::string& what) {
    try {
        f();
        BOOST_ERROR("no InputError for " << what);
    } catch (const InputError& e) {
        if (line) BOOST_TEST(e.where().line == line, what << ": " << e.what());
        BOOST_TEST(!e.message().empty());
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(kif_reader_turns_japanese_move_lines_into_usi)

BOOST_AUTO_TEST_CASE(shogidokoro_engine_game_ends_in_sennichite_with_times_on_every_move) {
    GameRecord r = read_kif_file(shogi_data("shogidokoro-elmo-vs-yaselmo-sennichite.kif"), shogi_kif());
    BOOST_TEST(r.game == "");  // a KIF names no game: the game file that reads KIF records is its game
    BOOST_TEST(r.start == "startpos");  // 手合割：平手
    BOOST_TEST(r.header("先手") == "elmo YaneuraOu 4.57");
    BOOST_TEST(r.header("後手") == "yaselmo YaneuraOu 4.73");
    // Line 262 reads "  86 千日手        (00:01 / 00:46:01)" and the last line "まで85手で千日手".
    BOOST_TEST(r.moves.size() == 85u);
    BOOST_TEST(r.termination == Termination::sennichite);
    BOOST_TEST(r.termination_line == 262);
    BOOST_TEST(r.terminated_by == -1);
    BOOST_TEST(r.header("まで") == "まで85手で千日手");
    // "   1 ７六歩(77)    (04:35 / 00:04:35)": 4 min 35 s = 275000 ms, cumulative the same.
    BOOST_TEST(r.moves[0].move == "7g7f");
    BOOST_TEST(ms(r.moves[0].elapsed) == 275000);
    BOOST_TEST(ms(r.moves[0].total) == 275000);
    BOOST_TEST(r.moves[0].line == 7);
    // "   3 ２六歩(27)    (01:25 / 00:06:00)": sente's second move, 85 s, 6 min used in total.
    BOOST_TEST(r.moves[2].move == "2g2f");
    BOOST_TEST(ms(r.moves[2].elapsed) == 85000);
    BOOST_TEST(ms(r.moves[2].total) == 360000);
    // "  85 ６八玉(79)    (01:00 / 00:47:00)".
    BOOST_TEST(r.moves[84].move == "7i6h");
    BOOST_TEST(ms(r.moves[84].total) == 47 * 60000);
    // Every move's comment carries the engine's last PV, which mostly starts with the move played (not always:
    // line 115's move is followed by a PV from another search). Where the squares agree, the whole move must.
    int pvs = 0, same_squares = 0;
    for (const RecordMove& m : r.moves) {
        std::string pv = pv_first_move_usi(m.comment);
        if (pv.empty()) continue;
        ++pvs;
        if (pv.substr(0, 4) != m.move.substr(0, 4)) continue;
        ++same_squares;
        BOOST_TEST(m.move == pv, "line " << m.line);
    }
    BOOST_TEST(pvs == 85);  // 85 "*P7g-7f ..." style lines, one after each move (grep '^\*[A-Z+]')
    BOOST_TEST(same_squares > 60);
}

BOOST_AUTO_TEST_CASE(dojo81_game_with_same_square_captures_and_drops_ends_on_time) {
    GameRecord r = read_kif_file(shogi_data("81dojo-ninomiyaryu-vs-yos-2017-time-up.kif"), shogi_kif());
    BOOST_TEST(r.header("持ち時間") == "5分+30秒");
    BOOST_TEST(r.header("開始日時") == "2017/04/02");
    // The last line is " 194  Time-up   ( 0:0/)": 193 moves, gote (to move at ply 194) lost on time.
    BOOST_TEST(r.moves.size() == 193u);
    BOOST_TEST(r.termination == Termination::time_up);
    BOOST_TEST(r.terminated_by == 1);
    // "　　1 ７六歩(77)   ( 0:7/)" starts with two full-width spaces; 7 s, no cumulative time.
    BOOST_TEST(r.moves[0].move == "7g7f");
    BOOST_TEST(ms(r.moves[0].elapsed) == 7000);
    BOOST_TEST(ms(r.moves[0].total) == -1);
    // "   4 ３三角(22)", "   5 同　角成(88)", "   6 同　桂(21)": 同 repeats 3c.
    BOOST_TEST(r.moves[3].move == "2b3c");
    BOOST_TEST(r.moves[4].move == "8h3c+");
    BOOST_TEST(r.moves[5].move == "2a3c");
    BOOST_TEST(ms(r.moves[14].elapsed) == 15000);  // "  15 ４八銀(39)   ( 0:15/)"
    // " 190 ７七金打   ( 0:30/)" ... " 193 ５六玉(65)   ( 0:11/)".
    BOOST_TEST(r.moves[189].move == "G*7g");
    BOOST_TEST(ms(r.moves[189].elapsed) == 30000);
    BOOST_TEST(r.moves[192].move == "6e5f");
}

BOOST_AUTO_TEST_CASE(shift_jis_professional_game_is_decoded_and_ends_in_resignation) {
    GameRecord r = read_kif_file(shogi_data("habu-vs-fujii-2006-junisen.sjis.kif"), shogi_kif());
    BOOST_TEST(r.header("先手") == "羽生善治");
    BOOST_TEST(r.header("後手") == "藤井猛");
    BOOST_TEST(r.header("棋戦") == "順位戦");
    BOOST_TEST(r.comment.find("第65期順位戦A級06回戦") != std::string::npos);  // "*棋戦詳細：..." before move 1
    // " 182 投了" then "まで181手で先手の勝ち": 181 moves, gote (to move) resigned.
    BOOST_TEST(r.moves.size() == 181u);
    BOOST_TEST(r.termination == Termination::resign);
    BOOST_TEST(r.terminated_by == 1);
    BOOST_TEST(r.moves[0].move == "7g7f");
    BOOST_TEST(r.moves[6].move == "5i6h");    // "   7 ６八王(59)": the king written 王
    BOOST_TEST(r.moves[178].move == "8c9b");  // " 179 ９二と(83)": a tokin moves, no promotion mark
    BOOST_TEST(r.moves[179].move == "9a9b");   // " 180 同　王(91)"
    BOOST_TEST(r.moves[180].move == "7a7b+");  // " 181 ７二飛成(71)"
    BOOST_TEST(!r.moves[0].elapsed.has_value());  // this file has no times
}

BOOST_AUTO_TEST_CASE(written_kif_features_each_convert_as_the_format_says) {
    // Hand-written lines: kanji and ASCII numerals, 不成, 打, each ending word, variations skipped.
    std::string kif =
        "手合割：香落ち\n"
        "上手：A\n"
        "手数----指手---------消費時間--\n"
        "   1 ３四歩(33)   ( 0:03/00:00:03)\n"
        "   2 7六歩(77)   ( 1:02/00:01:02)\n"
        "   3 ２二角成(88)\n"
        "   4 同　銀(31)\n"
        "*a comment\n"
        "   5 ▲５五角打\n"
        "   6 △２三銀不成(22)+\n"
        "   7 反則負け\n"
        "変化：6手\n"
        "   6 ９四歩(93)\n";
    GameRecord r = read_kif(kif, "<kif>", shogi_kif());
    // 香落ち: the handicap giver (gote) moves first; 1a lance removed.
    BOOST_TEST(r.start == "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    BOOST_REQUIRE(r.moves.size() == 6u);
    BOOST_TEST(r.moves[0].move == "3c3d");
    BOOST_TEST(ms(r.moves[1].elapsed) == 62000);
    BOOST_TEST(r.moves[1].move == "7g7f");
    BOOST_TEST(r.moves[2].move == "8h2b+");
    BOOST_TEST(r.moves[3].move == "3a2b");
    BOOST_TEST(r.moves[3].comment == "a comment");
    BOOST_TEST(r.moves[4].move == "B*5e");
    BOOST_TEST(r.moves[5].move == "2b2c");
    BOOST_TEST(r.moves[5].line == 10);
    BOOST_TEST(r.moves[5].column == 6);  // characters, not bytes: "   6 △" puts the move at column 6
    // Ply 7 with gote moving first is gote's turn (odd plies are gote's): gote loses by an illegal move.
    BOOST_TEST(r.termination == Termination::illegal_move);
    BOOST_TEST(r.terminated_by == 1);

    const std::pair<std::string, Termination> endings[] = {
        {"投了", Termination::resign},          {"詰み", Termination::checkmate},
        {"千日手", Termination::sennichite},    {"持将棋", Termination::impasse},
        {"入玉勝ち", Termination::impasse},     {"切れ負け", Termination::time_up},
        {"反則勝ち", Termination::illegal_move}, {"中断", Termination::abort},
    };
    for (const auto& [word, t] : endings) {
        GameRecord e = read_kif("手合割：平手\n   1 ７六歩(77)\n   2 " + word + "\n", "<kif>", shogi_kif());
        BOOST_TEST((e.termination == t), word);
        BOOST_TEST(e.moves.size() == 1u);
    }
    // 反則勝ち at ply 2: gote (to move) wins because sente's last move was illegal.
    BOOST_TEST(read_kif("   1 ７六歩(77)\n   2 反則勝ち\n", "<kif>", shogi_kif()).terminated_by == 0);
    BOOST_TEST(read_kif("   1 ７六歩(77)\n   2 投了\n", "<kif>", shogi_kif()).terminated_by == 1);
}

BOOST_AUTO_TEST_CASE(bad_kif_lines_are_reported_at_their_line_and_column) {
    auto kif = [](const std::string& text) { return [text] { read_kif(text, "<kif>", shogi_kif()); }; };
    expect_input_error(kif(""), 0, "empty");
    expect_input_error(kif("\n\n"), 0, "blank lines only");
    expect_input_error(kif("   1 ７六歩(77)\n   3 ３四歩(33)\n"), 2, "skipped move number");
    expect_input_error(kif("   1 同　歩(77)\n"), 1, "同 without a previous move");
    expect_input_error(kif("   1 ７六歩(7"), 1, "truncated source square");
    expect_input_error(kif("   1 ７六"), 1, "truncated before the piece");
    expect_input_error(kif("   1 ７六歩(77)   ( 0:01/00:00"), 1, "unclosed time");
    expect_input_error(kif("   1 ７六歩(77)   ( x:01/)"), 1, "bad time");
    expect_input_error(kif("   1 ７六馬\n"), 1, "a promoted piece with no source square");
    expect_input_error(kif("手合割：九枚落ち\n"), 1, "unknown handicap");
    expect_input_error(kif("hello\n"), 1, "a line that is nothing");
    expect_input_error(kif("   1 投了\n   2 ７六歩(77)\n"), 2, "a move after the ending");
    expect_input_error(kif("|v香v桂v銀v金v玉v金v銀v桂v香|一\n"), 1, "board diagram");
    try {
        read_kif("   1 ７六歩(77)\n   2 ３四歩(3x)\n", "f.kif", shogi_kif());
        BOOST_ERROR("no error");
    } catch (const InputError& e) {
        BOOST_TEST(e.where().file == "f.kif");
        BOOST_TEST(e.where().line == 2);
        BOOST_TEST(e.where().column == 9);  // "   2 ３四歩(" is 8 characters
    }
    // Binary garbage: neither UTF-8 nor readable Shift_JIS, or decodable but not KIF.
    std::string binary;
    for (int i = 0; i < 256; ++i) binary += char((i * 37 + 11) & 0xFF);
    expect_input_error(kif(binary), 0, "binary");
    expect_input_error(kif(std::string("\x83\x41\x83", 3)), 0, "truncated Shift_JIS");
    expect_input_error(kif(std::string("   1 \xE3\x80", 7)), 0, "truncated UTF-8");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(csa_reader_tracks_pieces_to_write_usi_promotions)

BOOST_AUTO_TEST_CASE(engine_game_in_csa_22_ends_with_a_jishogi_declaration) {
    // SOURCES.md: the P rows' trailing "." of the fixture text were removed (trailing spaces in the original).
    GameRecord r = read_csa_file(shogi_data("elmo-vs-yaselmo-jishogi-declaration.csa"));
    BOOST_TEST(r.header("version") == "2.2");
    BOOST_TEST(r.header("sente") == "elmo YaneuraOu 4.57");
    BOOST_TEST(r.header("gote") == "yaselmo YaneuraOu 4.73");
    BOOST_TEST(r.start == "startpos");  // P1-P9 spell the even-game board, P+ and P- are empty, "+" moves
    BOOST_TEST(r.moves.size() == 258u);  // SOURCES.md: 258 moves
    BOOST_TEST(r.termination == Termination::impasse);  // "%JISHOGI,T1"
    BOOST_TEST(r.termination_text == "%JISHOGI");
    BOOST_TEST(r.moves[0].move == "2g2f");  // "+2726FU,T102"
    BOOST_TEST(ms(r.moves[0].elapsed) == 102000);
    BOOST_TEST(r.moves[1].move == "8c8d");  // "-8384FU,T88"
    BOOST_TEST(ms(r.moves[1].elapsed) == 88000);
    BOOST_TEST(r.moves[257].move == "6g6h+");  // "-6768TO,T1": a pawn on 67 arrives as a tokin
    BOOST_TEST(ms(r.moves[257].elapsed) == 1000);
    BOOST_TEST(r.moves[256].move == "G*4c");  // "+0043KI,T1"
    // Each move is followed by a PV comment, but here the PV is the engine's last search, which is not always
    // the move played (line 40 "+2524FU" is followed by "'K5i-6h ..."). Where the PV does start with the same
    // squares, its promotion mark must agree with the one derived from the tracked board.
    int pvs = 0, same_squares = 0, promotions = 0;
    for (const RecordMove& m : r.moves) {
        std::string pv = pv_first_move_usi(m.comment);
        if (pv.empty()) continue;
        ++pvs;
        if (pv.substr(0, 4) != m.move.substr(0, 4)) continue;
        ++same_squares;
        promotions += m.move.back() == '+';
        BOOST_TEST(m.move == pv, "line " << m.line);
    }
    BOOST_TEST(pvs == 258);  // one "'P2g-2f ..." style line after each of the 258 moves
    BOOST_TEST(same_squares > 200);
    BOOST_TEST(promotions >= 1);  // at least "-6768TO" / "'P6g-6h+ win"
}

struct FloodgateGame {
    const char* file;
    std::size_t moves;
    const char* first;
    Termination end;
    int by;
};

BOOST_AUTO_TEST_CASE(floodgate_server_logs_give_moves_times_and_endings) {
    // Move counts: the files' "+xxxxYY"/"-xxxxYY" lines (grep -c '^[+-][0-9]'), each followed by a "T" line.
    // Endings: only two logs end with a % line (jishogi_kachi "%KACHI" after sente's 315th move, so gote
    // declared; the wdoor game "%TORYO" after gote's 158th move, so sente resigned - its summary comment
    // "toryo:gps_normal lose" names sente); the others were cut by the server's tests before any % line.
    const FloodgateGame games[] = {
        {"jishogi_kachi.csa", 315, "7g7f", Termination::impasse, 1},
        {"max_moves_draw.csa", 256, "7g7f", Termination::unknown, -1},
        {"not_sennichite.csa", 89, "7g7f", Termination::unknown, -1},
        {"not_uchifuzume.csa", 113, "2g2f", Termination::unknown, -1},
        {"oute_sennichite.csa", 110, "7g7f", Termination::unknown, -1},
        {"oute_sennichite2.csa", 135, "7g7f", Termination::unknown, -1},
        {"oute_sennichite3.csa", 134, "7g7f", Termination::unknown, -1},
        {"uchifuzume.csa", 103, "2g2f", Termination::unknown, -1},
        {"wdoor+floodgate-900-0+gps_normal+gps_l+20100507120007.csa", 158, "7g7f", Termination::resign, 0},
    };
    for (const FloodgateGame& g : games) {
        GameRecord r = read_csa_file(shogi_data(std::string("floodgate/") + g.file));
        BOOST_TEST(r.moves.size() == g.moves, g.file);
        BOOST_TEST(r.moves[0].move == g.first, g.file);
        BOOST_TEST((r.termination == g.end), g.file);
        BOOST_TEST(r.terminated_by == g.by, g.file);
        BOOST_TEST(r.start == "startpos", g.file);
        for (const RecordMove& m : r.moves) BOOST_TEST(m.elapsed.has_value(), g.file << " line " << m.line);
    }
    GameRecord w = read_csa_file(shogi_data("floodgate/wdoor+floodgate-900-0+gps_normal+gps_l+20100507120007.csa"));
    BOOST_TEST(w.header("EVENT") == "wdoor+floodgate-900-0+gps_normal+gps_l+20100507120007");
    BOOST_TEST(w.moves.back().move == "N*7f");  // line 477 "-0076KE"
    BOOST_TEST(w.termination_line == 479);
    GameRecord u = read_csa_file(shogi_data("floodgate/not_uchifuzume.csa"));
    BOOST_TEST(u.moves.back().move == "G*9d");  // "+0094KI" then "T15"
    BOOST_TEST(ms(u.moves.back().elapsed) == 15000);
    // Its last comment is Shift_JIS ("H-94金打 ..."): decoded to UTF-8.
    BOOST_TEST(u.moves.back().comment.find("金打") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(written_csa_positions_drops_promotions_and_endings) {
    std::string csa =
        "V3.0\n"
        "N+A\nN-B\n"
        "$EVENT:test\n"
        "PI82HI22KA\n"  // gote's rook and bishop removed (two-piece handicap)
        "-\n"
        "-3334FU,T1.5\n"
        "+7776FU\nT2\n"
        "-0055KA\n"  // not in hand: gote has no bishop
        "%TORYO\n";
    expect_input_error([&] { read_csa(csa, "<csa>"); }, 10, "drop of a piece not in hand");
    GameRecord r = read_csa(
        "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\n"
        "P2 *  *  *  *  *  *  *  *  * \n"
        "P3-FU-FU-FU-FU-FU-FU-FU-FU-FU\n"
        "P4 *  *  *  *  *  *  *  *  * \n"
        "P5 *  *  *  *  *  *  *  *  * \n"
        "P6 *  *  *  *  *  *  *  *  * \n"
        "P7+FU+FU+FU+FU+FU+FU+FU+FU+FU\n"
        "P8 * +KA *  *  *  *  * +HI * \n"
        "P9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n"
        "P-00KA\n"
        "+\n"
        "+7776FU,T3.25\n"
        "-0045KA\n"  // the bishop from gote's hand
        "+8833UM\n"  // sente's bishop takes the pawn on 33 and promotes: sente now holds a pawn
        "-2133KE\n"  // gote's knight takes the horse: gote now holds a bishop (a horse is a bishop in hand)
        "+0055FU\n"
        "-0056KA\n"
        "%-ILLEGAL_ACTION\n",
        "<csa>");
    BOOST_TEST(r.start == "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b b 1");
    BOOST_REQUIRE(r.moves.size() == 6u);
    BOOST_TEST(r.moves[0].move == "7g7f");
    BOOST_TEST(ms(r.moves[0].elapsed) == 3250);
    BOOST_TEST(r.moves[1].move == "B*4e");
    BOOST_TEST(r.moves[2].move == "8h3c+");
    BOOST_TEST(r.moves[3].move == "2a3c");
    BOOST_TEST(r.moves[4].move == "P*5e");
    BOOST_TEST(r.moves[5].move == "B*5f");
    BOOST_TEST(r.termination == Termination::illegal_move);
    BOOST_TEST(r.terminated_by == 1);

    const std::pair<std::string, Termination> endings[] = {
        {"%TORYO", Termination::resign},       {"%SENNICHITE", Termination::sennichite},
        {"%KACHI", Termination::impasse},      {"%TIME_UP", Termination::time_up},
        {"%ILLEGAL_MOVE", Termination::illegal_move}, {"%CHUDAN", Termination::abort},
        {"%MAX_MOVES", Termination::max_moves}, {"%JISHOGI", Termination::impasse},
        {"%TSUMI", Termination::checkmate},
    };
    for (const auto& [word, t] : endings) {
        GameRecord e = read_csa("PI\n+\n+7776FU\n" + word + "\n", "<csa>");
        BOOST_TEST((e.termination == t), word);
    }
    // After sente's one move gote is to move: gote resigned / flagged.
    BOOST_TEST(read_csa("PI\n+\n+7776FU\n%TORYO\n", "<csa>").terminated_by == 1);
    BOOST_TEST(read_csa("PI\n+\n+7776FU\n%TIME_UP\n", "<csa>").terminated_by == 1);
}

BOOST_AUTO_TEST_CASE(bad_csa_statements_are_reported_at_their_line_and_column) {
    auto csa = [](const std::string& text) { return [text] { read_csa(text, "<csa>"); }; };
    expect_input_error(csa(""), 0, "empty");
    expect_input_error(csa("V2.2\nN+a\n"), 0, "no position");
    expect_input_error(csa("PI\n+\n+7776F"), 3, "truncated move");
    expect_input_error(csa("PI\n+\n-3334FU\n"), 3, "wrong side");
    expect_input_error(csa("PI\n+\n+5556FU\n"), 3, "empty source square");
    expect_input_error(csa("PI\n+\n+7776KI\n"), 3, "a pawn cannot become a gold");
    expect_input_error(csa("PI\n+\n+7776FU\nTx\n"), 4, "bad time");
    expect_input_error(csa("PI\n+\nT1\n"), 3, "time before a move");
    expect_input_error(csa("PI\n+\n%WHATEVER\n"), 3, "unknown ending");
    expect_input_error(csa("P1-KY-KE-GI-KI-OU-KI-GI-KE\n+\n"), 1, "short row");
    expect_input_error(csa("P1-KY-KE-GI-KI-OU-KI-GI-KE-XX\n+\n"), 1, "unknown piece in a row");
    expect_input_error(csa("PI\n+\n+7776FU\n%TORYO\n-3334FU\n"), 5, "move after the ending");
    try {
        read_csa("PI\n+\n+7776FU,T1\n-3334FU,X\n", "g.csa");
        BOOST_ERROR("no error");
    } catch (const InputError& e) {
        BOOST_TEST(e.where().line == 4);
        BOOST_TEST(e.where().column == 9);  // the statement after the comma
    }
    std::string binary;
    for (int i = 0; i < 512; ++i) binary += char((i * 91 + 7) & 0xFF);
    expect_input_error(csa(binary), 0, "binary");
    expect_input_error(csa(std::string("PI\0\0\0", 5)), 0, "NUL bytes");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(usi_shapes_and_single_kif_moves_for_timelines)

BOOST_AUTO_TEST_CASE(usi_moves_and_sfen_shapes_are_checked_without_a_board) {
    for (const char* ok : {"7g7f", "8h2b+", "B*5e", "P*1a", "1i9a"}) BOOST_TEST(is_usi_move(ok), ok);
    for (const char* bad : {"", "7g7", "7g7f=", "K*5e", "+B*5e", "7j7f", "0a1a", "7g7g", "B*5e+", "7g7f++"})
        BOOST_TEST(!is_usi_move(bad), bad);
    BOOST_TEST(parse_sfen("startpos", "<s>") == "startpos");
    const char* good[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b b 1",  // the CSA test's P-00KA start
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    };
    for (const char* sfen : good) BOOST_TEST(parse_sfen(sfen, "<s>") == sfen);
    for (const std::string name : {"香落ち", "右香落ち", "角落ち", "飛車落ち", "飛香落ち", "二枚落ち", "四枚落ち",
                                   "六枚落ち", "八枚落ち", "十枚落ち"})
        BOOST_CHECK_NO_THROW(parse_sfen(kif_handicap_sfen(name), "<s>"));
    auto bad = [](const std::string& sfen, int column) {
        try {
            parse_sfen(sfen, "<s>");
            BOOST_ERROR("accepted " << sfen);
        } catch (const InputError& e) {
            BOOST_TEST(e.where().column == column, sfen << ": " << e.what());
        }
    };
    bad("", 1);
    bad("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", 57);  // 8 files in rank 9: the board part is 56 characters
    bad("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", 59);  // the even-game board is 57 characters, a space, then the side
    bad("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL b - 1", 54);  // +K: rank 9 starts at column 49, the K is at 54
    bad("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2K 1", 62);  // a king in hand: the hand starts at column 61
    bad("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x", 63);
}

BOOST_AUTO_TEST_CASE(single_kif_moves_convert_for_timelines) {
    BOOST_TEST(kif_move_to_usi("７六歩(77)", "", "<m>", shogi_kif()) == "7g7f");
    BOOST_TEST(kif_move_to_usi("▲２二角成(88)", "3c3d", "<m>", shogi_kif()) == "8h2b+");
    BOOST_TEST(kif_move_to_usi("△同　銀(31)", "8h2b+", "<m>", shogi_kif()) == "3a2b");
    BOOST_TEST(kif_move_to_usi("同銀(31)", "B*2b", "<m>", shogi_kif()) == "3a2b");
    BOOST_TEST(kif_move_to_usi("５五角打", "", "<m>", shogi_kif()) == "B*5e");
    BOOST_TEST(kif_move_to_usi("2三銀不成(22)", "", "<m>", shogi_kif()) == "2b2c");
    expect_input_error([] { kif_move_to_usi("同　歩(77)", "", "<m>", shogi_kif()); }, 1, "同 without a previous move");
    expect_input_error([] { kif_move_to_usi("", "", "<m>", shogi_kif()); }, 1, "empty");
    expect_input_error([] { kif_move_to_usi("７六歩(77) x", "", "<m>", shogi_kif()); }, 1, "trailing text");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace record_shogi_test
