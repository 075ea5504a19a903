// Shogi move generation by perft: the start position (d1-d4, d5 outside the sanitizers) and every position of
// tests/data/shogi/perft.txt at the depths whose counts stay small enough to run in seconds.
#include "core/game_files.h"
#include "core/position.h"
#include "perft_suite.h"

#include <boost/test/unit_test.hpp>


namespace shogi_perft_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

namespace {

using ShogiPosition = BasicPosition<WideBitboard<2>>;

GameDefinitionPtr shogi() {
    static GameDefinitionPtr def = load_game("shogi");
    return def;
}

#ifdef ARBITER_SANITIZED
constexpr std::uint64_t max_nodes = 300000;
#else
constexpr std::uint64_t max_nodes = 6000000;
#endif

}  // namespace

BOOST_AUTO_TEST_SUITE(shogi_perft)

BOOST_AUTO_TEST_CASE(the_shogi_board_needs_two_words) {
    BOOST_TEST(shogi()->squares == 81);
    BOOST_TEST(shogi()->bitboard_words == 2);
}

// Published start-position counts (shogiops / scalashogi tests, YaneuraOu; perft.txt "startpos").
BOOST_AUTO_TEST_CASE(start_position_d1_to_d4) {
    ShogiPosition pos = ShogiPosition::start(shogi());
    BOOST_TEST(pos.perft(1, false) == 30u);
    BOOST_TEST(pos.perft(2, false) == 900u);
    BOOST_TEST(pos.perft(3, false) == 25470u);
    BOOST_TEST(pos.perft(4, true) == 719731u);
#ifndef ARBITER_SANITIZED
    BOOST_TEST(pos.perft(5, true) == 19861490u);
#endif
}

BOOST_AUTO_TEST_CASE(published_positions_of_perft_txt) {
    const int run = testing::run_perft_suite(shogi(), "tests/data/shogi/perft.txt", 395u, max_nodes);
    BOOST_TEST(run > 340);  // the 340 positions at least at their lowest depth
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace shogi_perft_test
