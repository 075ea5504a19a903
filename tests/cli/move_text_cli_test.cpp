// A timeline states its moves: a text that fits several moves, or names no piece that could have made it, is the
// writer's error (exit 2 at the move's line and column), never an illegal move with its penalty; a move into check
// written plainly (Nf6 while in check) is read as the illegal move it is (fixtures 26, 84, 85).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

namespace move_text_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;

arbiter::test::CliResult run_arbiter(const std::string& args) {
    return arbiter::test::run_arbiter(args, arbiter::test::Stderr::merge);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_move_text_that_says_no_single_move_is_an_input_error)

BOOST_AUTO_TEST_CASE(an_ambiguous_move_names_its_line_and_column) {
    const auto r = run_arbiter("run tests/data/bad/timeline-ambiguous-move.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "tests/data/bad/timeline-ambiguous-move.yaml:7:27: move: 'Nd2' fits more than one move"), r.out);
    BOOST_TEST(contains(r.out, "write the piece's square too, or the move from-to"), r.out);
}

BOOST_AUTO_TEST_CASE(a_move_no_piece_can_make_names_its_line_and_column) {
    const auto r = run_arbiter("run tests/data/bad/timeline-move-names-no-piece.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "tests/data/bad/timeline-move-names-no-piece.yaml:8:27: move: 'Bd3' names no piece"), r.out);
}

BOOST_AUTO_TEST_CASE(a_press_by_the_side_whose_clock_is_stopped_names_its_line_and_column) {
    const auto r = run_arbiter("run tests/data/bad/timeline-press-not-running.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "tests/data/bad/timeline-press-not-running.yaml:10:28: press: found a press by black, "
                               "whose clock is not running (white's is)"),
               r.out);
}

BOOST_AUTO_TEST_CASE(a_move_marked_for_the_side_not_on_move_names_its_line_and_column) {
    const auto r = run_arbiter("run tests/data/bad/timeline-kif-mark-wrong-side.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "tests/data/bad/timeline-kif-mark-wrong-side.yaml:8:27: move: found '▲２六歩(27)', marked "
                               "as sente's, but gote is to move"),
               r.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace move_text_cli_test
