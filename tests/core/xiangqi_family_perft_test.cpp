// Other members of the xiangqi family as bundled game files written from docs/ alone (rulesets/games/manchu.yaml,
// minixiangqi.yaml): perft from the start and on positions of tests/data/xiangqi/<game>-perft.txt, every count
// Fairy-Stockfish 11.1's (`setoption name UCI_Variant value <game>`, `go perft N`; the commands and the moves that
// reach each position are in the files). No C++ knows these games: the words are xiangqi.yaml's.
#include "core/game_files.h"
#include "core/position.h"
#include "perft_suite.h"

#include <boost/test/unit_test.hpp>


namespace xiangqi_family_perft_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

namespace {

#ifdef ARBITER_SANITIZED
constexpr std::uint64_t max_nodes = 100000;
#else
constexpr std::uint64_t max_nodes = 2000000;
#endif

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

BOOST_AUTO_TEST_SUITE_END()

}  // namespace xiangqi_family_perft_test
