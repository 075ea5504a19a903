// Xiangqi move generation by perft: the start position against the published counts, and every position of
// tests/data/xiangqi/perft.txt (counts from Fairy-Stockfish 11.1, sources in the file) at the depths whose counts stay
// small enough to run in about a second. Xiangqi is a game file only (rulesets/games/xiangqi.yaml): regions, lame
// leaps, hops and facing generals are words of the game format, not C++ for one game.
#include "core/error.h"
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/position.h"
#include "perft_suite.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>


namespace xiangqi_perft_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

namespace {

using XiangqiPosition = BasicPosition<WideBitboard<2>>;

GameDefinitionPtr xiangqi() {
    static GameDefinitionPtr def = load_game("xiangqi");
    return def;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(xiangqi_perft)

BOOST_AUTO_TEST_CASE(the_xiangqi_board_needs_two_words) {
    BOOST_TEST(xiangqi()->squares == 90);
    BOOST_TEST(xiangqi()->bitboard_words == 2);
    BOOST_TEST(xiangqi()->legality_by_test);
}

// The published start-position counts (Chess Programming Wiki, Chinese Chess Perft Results, position 1).
BOOST_AUTO_TEST_CASE(start_position_d1_to_d4) {
    XiangqiPosition pos = XiangqiPosition::start(xiangqi());
    BOOST_TEST(pos.perft(1, false) == 44u);
    BOOST_TEST(pos.perft(2, false) == 1920u);
    BOOST_TEST(pos.perft(3, false) == 79666u);
#ifndef ARBITER_SANITIZED
    BOOST_TEST(pos.perft(4, true) == 3290240u);
#endif
}

BOOST_AUTO_TEST_CASE(the_suite_of_perft_txt) {
    const int run = testing::run_perft_suite(xiangqi(), "tests/data/xiangqi/perft.txt", 139u);
    BOOST_TEST(run >= 27 * 3);  // each of the 27 positions at three depths at least
}

// The movement words one at a time, on positions small enough to count by hand (FEN rows run from rank 9 down to 0).
BOOST_AUTO_TEST_CASE(each_movement_word_by_hand) {
    auto moves = [](const char* fen) { return int(XiangqiPosition::from_fen(xiangqi(), fen).legal_moves().size()); };
    // confined + royals_may_not_face: the red general on e1 may step to e0, e2, d1 and f1 (all in the palace), but d1
    // would face the black general on d9 along the open d file: 3.
    BOOST_TEST(moves("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1") == 3);
    // lame_leap (the horse's leg): a horse on e4 with its own soldier on e5 loses the leaps to d6 and f6 and keeps c3,
    // c5, d2, f2, g3, g5 (6); the soldier on e5 is across the river: e6, d5, f5 (3); the general on e0: e1 and f0, not
    // d0, which faces d9 (2). 6 + 3 + 2.
    BOOST_TEST(moves("3k5/9/9/9/4P4/4N4/9/9/9/4K4 w - - 0 1") == 6 + 3 + 2);
    // lame_leap (the elephant's eye) + confined: an elephant on c0 reaches a2 and e2 (2); the general e1 and f0 (2).
    BOOST_TEST(moves("3k5/9/9/9/9/9/9/9/9/2B1K4 w - - 0 1") == 2 + 2);
    // With its advisor on d1 (the eye of c0-e2): the elephant a2 only (1); the advisor e2 only (1: e0 is the general's,
    // c0 and c2 are outside the palace); the general d0 (the advisor now stands between the generals), e1, f0 (3).
    BOOST_TEST(moves("3k5/9/9/9/9/9/9/9/3A5/2B1K4 w - - 0 1") == 1 + 1 + 3);
    // An elephant on c4 never crosses the river: a2 and e2, not a6 or e6 (2); the general e1 and f0 (2).
    BOOST_TEST(moves("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1") == 2 + 2);
    // hop: a cannon on a0 moves to a1-a4 and b0-d0 (7) and captures the chariot on a9 over the one screen on a5 (1);
    // over the general on e0 it finds nothing to take. The general: d0 and e1, not f0, which faces f9 (2).
    BOOST_TEST(moves("r4k3/9/9/9/p8/9/9/9/9/C3K4 w - - 0 1") == 8 + 2);
    // when_in: a soldier on e3, before the river, steps forward only (1); on e5, across it, sideways too (3). The
    // general on f0: e0 and f1 (2).
    BOOST_TEST(moves("3k5/9/9/9/9/9/4P4/9/9/5K3 w - - 0 1") == 1 + 2);
    BOOST_TEST(moves("3k5/9/9/9/4P4/9/9/9/9/5K3 w - - 0 1") == 3 + 2);
}

// Stalemate loses in xiangqi (end.no_legal_moves.otherwise: loss, the data says it).
BOOST_AUTO_TEST_CASE(stalemate_is_a_loss_in_the_data) {
    BOOST_TEST(int(xiangqi()->no_moves_not_in_check) == int(NoMovesResult::loss));
    BOOST_TEST(int(xiangqi()->no_moves_in_check) == int(NoMovesResult::loss));
}

// Another member of the family, written as a game file from docs/GAMES.md alone (tests/data/xiangqi/minixiangqi.yaml):
// its 49 squares take the 64-bit generator, slide tables included. Counts from Fairy-Stockfish 11.1 (UCI_Variant
// minixiangqi, go perft 1-5 from its start).
BOOST_AUTO_TEST_CASE(minixiangqi_from_its_game_file_alone) {
    auto def = GameDefinition::load_file(std::string(ARBITER_SOURCE_DIR) + "/tests/data/xiangqi/minixiangqi.yaml");
    BOOST_TEST(def->bitboard_words == 1);
    Position pos = Position::start(def);
    BOOST_TEST(pos.perft(1, true) == 19u);
    BOOST_TEST(pos.perft(2, true) == 331u);
    BOOST_TEST(pos.perft(3, true) == 6664u);
    BOOST_TEST(pos.perft(4, true) == 127164u);
#ifndef ARBITER_SANITIZED
    BOOST_TEST(pos.perft(5, true) == 2666905u);
#endif
}

// FEN as xiangqi programs write it reads and writes back unchanged; moves are ICCS through the generic move text.
BOOST_AUTO_TEST_CASE(fen_and_iccs_moves) {
    const std::string start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    XiangqiPosition pos = XiangqiPosition::from_fen(xiangqi(), start);
    BOOST_TEST(pos.fen() == start);
    // 炮二平五 (WXF C2.5): red's right cannon from h2 to e2.
    const Move m = parse_usi(pos, "h2e2");
    BOOST_TEST(to_usi(pos, m) == "h2e2");
    Undo u;
    pos.make(m, u);
    BOOST_TEST(pos.fen() == "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    // Black to move (a9 r, b9 n, c9 b, d9 a, e9 k ...): the horse b9 reaches c7 (leg b8 empty) but not d8 (leg c9, its
    // elephant); the elephant c9 reaches e7 (eye d8 empty); the advisor d9 steps to e8, not d8; the general to e8.
    BOOST_TEST(read_usi(pos, "b9c7").ok());
    BOOST_TEST(!read_usi(pos, "b9d8").ok());
    BOOST_TEST(read_usi(pos, "c9e7").ok());
    BOOST_TEST(read_usi(pos, "d9e8").ok());
    BOOST_TEST(!read_usi(pos, "d9d8").ok());
    BOOST_TEST(read_usi(pos, "e9e8").ok());
}

// A confined piece outside its region is a position no game reaches (core::impossible_position).
BOOST_AUTO_TEST_CASE(a_confined_piece_outside_its_region_is_impossible) {
    const auto why = [](const char* fen) { return impossible_position(XiangqiPosition::from_fen(xiangqi(), fen)); };
    BOOST_TEST(why("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1") == "");
    BOOST_TEST(why("3k5/9/9/9/9/9/9/A8/9/4K4 w - - 0 1") == "a red advisor on a2, outside the palace it never leaves");
    BOOST_TEST(why("3k5/9/9/9/2B6/9/9/9/9/4K4 w - - 0 1") ==
               "a red elephant on c5, outside the own_half it never leaves");
}

// The loader refuses what the words cannot mean, at the node's line and column.
BOOST_AUTO_TEST_CASE(the_loader_refuses_meaningless_words) {
    const std::string head =
        "game: g\nboard: {files: [a, b, c], ranks: ['1', '2', '3'], regions: {middle: {ranks: ['2']}}}\n"
        "start: 3/1K1/3 w - - 0 1\npieces:\n";
    auto error = [&](const std::string& pieces) {
        try {
            GameDefinition::from_yaml(YAML::Load(head + pieces), "g.yaml");
        } catch (const arbiter::InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    BOOST_TEST(error("  - {name: king, letter: K, royal: true, leap: [[1, 0]], confined: edge}\n")
                   .find("g.yaml:5:") != std::string::npos);
    BOOST_TEST(error("  - {name: king, letter: K, royal: true, leap: [[1, 0]], confined: edge}\n")
                   .find("unknown region 'edge'") != std::string::npos);
    BOOST_TEST(error("  - {name: rook, letter: K, ride: [[1, 0]], confined: middle}\n")
                   .find("pieces that only leap") != std::string::npos);
    BOOST_TEST(error("  - {name: king, letter: K, lame_leap: [[1, 1]]}\n").find("needs a square between") !=
               std::string::npos);
    BOOST_TEST(error("  - {name: king, letter: K, leap: [[1, 0]]}\nroyals_may_not_face: [[0, 1]]\n")
                   .find("no royal piece") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace xiangqi_perft_test
