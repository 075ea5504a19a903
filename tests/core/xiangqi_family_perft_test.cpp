// Other members of the xiangqi family as game files written from docs/ alone (rulesets/games/minixiangqi.yaml and
// manchu.yaml; examples/rulesets/games/janggi.yaml, the casual rules without bikjang): perft from the start and on
// positions of tests/data/xiangqi/<game>-perft.txt, every count Fairy-Stockfish 11.1's (`setoption name UCI_Variant
// value <variant>`, `go perft N`; the commands and the moves that reach each position are in the files). No C++
// knows these games: the words are the game format's.
#include "core/error.h"
#include "core/game_files.h"
#include "core/position.h"
#include "perft_suite.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>


namespace xiangqi_family_perft_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

namespace {

#ifdef ARBITER_SANITIZED
constexpr std::uint64_t max_nodes = 100000;
#else
constexpr std::uint64_t max_nodes = 2000000;
#endif

const std::string examples = std::string(ARBITER_SOURCE_DIR) + "/examples/rulesets";

// Runs every line of the suite of at most max_nodes nodes; returns how many ran.
template <class Pos>
int run_suite(const GameDefinitionPtr& def, const std::string& file, std::size_t lines) {
    const std::vector<testing::PerftLine> suite = testing::read_perft_suite(file);
    BOOST_TEST(suite.size() == lines);  // every line of the file was read
    int run = 0;
    for (const testing::PerftLine& p : suite) {
        if (p.nodes > max_nodes) continue;
        auto pos = Pos::from_fen(def, p.position, file);
        BOOST_TEST(pos.perft(p.depth, true) == p.nodes, def->id << " " << p.id << " d" << p.depth);
        ++run;
    }
    return run;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(xiangqi_family_perft)

// Manchu: red's banner (chariot + cannon's capture + horse) against black's usual pieces, on xiangqi's 90 points.
BOOST_AUTO_TEST_CASE(manchu_from_its_game_file) {
    const GameDefinitionPtr def = load_game("manchu");
    BOOST_TEST(def->legality_by_test);
    const int run = run_suite<BasicPosition<WideBitboard<2>>>(def, "tests/data/xiangqi/manchu-perft.txt", 25u);
    BOOST_TEST(run >= 6 * 3);  // each of the 6 positions at three depths at least
}

// Minixiangqi: 7x7, no river, advisors or elephants; the soldier steps sideways from the start.
BOOST_AUTO_TEST_CASE(minixiangqi_from_its_game_file) {
    const GameDefinitionPtr def = load_game("minixiangqi");
    BOOST_TEST(def->bitboard_words == 1);
    const int run = run_suite<Position>(def, "tests/data/xiangqi/minixiangqi-perft.txt", 24u);
    BOOST_TEST(run >= 6 * 3);
}

// Janggi (Fairy-Stockfish's janggicasual): palace lines (`within` a region listed by squares), the elephant's longer
// lame path, the cannon that passes and takes no cannon, the pass, two passes ending the game.
BOOST_AUTO_TEST_CASE(janggi_from_its_game_file) {
    const GameDefinitionPtr def = load_game("janggi", examples);
    const int run = run_suite<BasicPosition<WideBitboard<2>>>(def, "tests/data/xiangqi/janggi-perft.txt", 49u);
    BOOST_TEST(run >= 11 * 3);
}

// The janggi words one at a time, on positions counted by hand (FEN rows from rank 9 down to 0).
BOOST_AUTO_TEST_CASE(each_janggi_word_by_hand) {
    const GameDefinitionPtr def = load_game("janggi", examples);
    using Pos = BasicPosition<WideBitboard<2>>;
    auto moves = [&](const char* fen) { return int(Pos::from_fen(def, fen).legal_moves().size()); };
    // The general on e1 (the palace centre): d1, f1, e0, e2 and the four corners d0, f0, d2, f2 along the lines, and
    // the pass: 9. Red's general on e8 is not in its way.
    BOOST_TEST(moves("9/4k4/9/9/9/9/9/9/4K4/9 w - - 0 1") == 9);
    // On d1 (no line through it): d0, d2, e1 only, and the pass: 4.
    BOOST_TEST(moves("9/4k4/9/9/9/9/9/9/3K5/9 w - - 0 1") == 4);
    // lame_leap over a path of two squares: the elephant on e4 reaches g7, h6, h2, g1, c1, b2, b6 and c7 on the empty
    // board; blue's soldier on e5 is the first square of the paths to c7 and g7 (e5 then d6 or f6): 6. The soldier:
    // e6, d5, f5 (3). The general on d0: d1, e0 and, along the line, e1 (3). The pass (1).
    BOOST_TEST(moves("4k4/9/9/9/4P4/4B4/9/9/9/3K5 w - - 0 1") == 6 + 3 + 3 + 1);
    // hops_not_over: blue's cannon on e3 has red's cannon on e7 as its only possible screen, which it may not pass
    // over, and nothing to hop along rank 3: no move. The general d0: d1, e0, e1; the pass: 4.
    BOOST_TEST(moves("4k4/9/4c4/9/9/9/4C4/9/9/3K5 w - - 0 1") == 4);
    // hop as move and capture: over blue's soldier on e5 the cannon on e3 reaches e6, e7, e8 and e9 (4); the soldier
    // e6, d5, f5 (3); the general d1, e0, e1 (3); the pass (1). Red's general stands on d9.
    BOOST_TEST(moves("3k5/9/9/9/4P4/9/4C4/9/9/3K5 w - - 0 1") == 4 + 3 + 3 + 1);
    // In check there is no pass: red's chariot on e5 checks the general on e0, which has f0 only (d0 is its guard's;
    // e1 stays on the file; e0 is no point of the lines, so no diagonal step); the guard on d0 blocks on e1 along the
    // line (d1 does not block): 2.
    BOOST_TEST(moves("3k5/9/9/9/4r4/9/9/9/9/3AK4 w - - 0 1") == 2);
    // Two passes in a row end the game: no legal move is left.
    Pos pos = Pos::from_fen(def, "4k4/4a4/9/9/9/9/9/9/4A4/3K5 w - - 0 1");
    Undo u1, u2;
    pos.make(Move::pass(), u1);
    BOOST_TEST(pos.has_legal_move());
    pos.make(Move::pass(), u2);
    BOOST_TEST(!pos.has_legal_move());
    BOOST_TEST(pos.legal_moves().size() == 0u);
    pos.unmake(Move::pass(), u2);
    // Red after one pass: the general on e9 to d9 or f9 (e9 is no point of the lines) (2); the guard on e8 to d8, f8,
    // e7 and along the lines d7, f7, d9, f9 (7); the pass (1).
    BOOST_TEST(pos.legal_moves().size() == 10u);
}

// The loader refuses what the new words cannot mean.
BOOST_AUTO_TEST_CASE(the_loader_refuses_meaningless_janggi_words) {
    const std::string head =
        "game: g\nboard: {files: [a, b, c], ranks: ['1', '2', '3'], regions: {mid: {squares: [b2]}}}\n"
        "start: 3/1K1/3 w - - 0 1\npieces:\n  - {name: king, letter: K, royal: true, leap: [[1, 0]], ";
    auto error = [&](const std::string& rest) {
        try {
            GameDefinition::from_yaml(YAML::Load(head + rest), "g.yaml");
        } catch (const arbiter::InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    BOOST_TEST(error("within: {edge: {leap: [[1, 1]]}}}\n")
                   .find("unknown region 'edge'") != std::string::npos);
    BOOST_TEST(error("within: {mid: {jump: [[1, 1]]}}}\n")
                   .find("unknown word 'jump'") != std::string::npos);
    BOOST_TEST(error("never_captures: [king]}\n")
                   .find("royal piece") != std::string::npos);
    BOOST_TEST(error("hops_not_over: [rook]}\n")
                   .find("unknown piece 'rook'") != std::string::npos);
    BOOST_TEST(error("glyphs: [K]}\nend: {passes_in_a_row: 2}\n")
                   .find("pass: true") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace xiangqi_family_perft_test
