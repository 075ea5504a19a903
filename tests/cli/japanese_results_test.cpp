// Results in Japanese are written in words, as the federations word them, before the score: the winner's side and
// 勝ち (先手勝ち/後手勝ち for shogi, 黒勝ち/白勝ち for othello and chess). The expected results are the timelines' own
// hand-worked `expect:` blocks: Kyushu draft (3), the side giving perpetual check (sente) loses, score sente 0 gote 1;
// JOA detailed rules on the disc colour, a 32-32 tie goes to the side with the draw-win right (black), score 1-0.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <string>

namespace japanese_results_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

BOOST_AUTO_TEST_SUITE(japanese_results_in_words)

BOOST_AUTO_TEST_CASE(shogi_and_othello_results_name_the_winner) {
    const auto shogi = arbiter::test::run_arbiter("run tests/timelines/shogi/05-perpetual-check.yaml --lang ja");
    BOOST_TEST(shogi.exit_code == 0);
    BOOST_TEST(arbiter::test::contains(shogi.out, "結果: 後手勝ち（0-1、"), shogi.out);
    const auto othello =
        arbiter::test::run_arbiter("run tests/timelines/othello/01-tie-32-32-draw-win-right-black.yaml --lang ja");
    BOOST_TEST(othello.exit_code == 0);
    BOOST_TEST(arbiter::test::contains(othello.out, "結果: 黒勝ち（1-0、"), othello.out);
    // English keeps the score as the records write it.
    const auto english = arbiter::test::run_arbiter("run tests/timelines/shogi/05-perpetual-check.yaml");
    BOOST_TEST(arbiter::test::contains(english.out, "Result: 0-1"), english.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace japanese_results_test
