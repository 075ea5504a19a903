// The board's end-of-game check after a move (Board::end_after_move) with and without the runner's knowledge that the
// side to move has a legal move (the next move of the timeline read on the board): the same answer after every move
// of games that end in checkmate and in stalemate, worked by hand.
#include "core/game_files.h"
#include "procedure/board.h"

#include <boost/test/unit_test.hpp>

#include <vector>

namespace board_end_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::procedure;

namespace {

// Plays `moves` from the start position; after each, compares the two checks and returns the last answer.
BoardEnd play_and_check(const std::vector<const char*>& moves) {
    static const auto def = core::load_game("chess", std::string(ARBITER_SOURCE_DIR) + "/rulesets");
    AnalysisMemo memo;
    auto board = make_board(def, YAML::Node(), "test.yaml", &memo);
    BoardEnd end = BoardEnd::none;
    for (std::size_t i = 0; i < moves.size(); ++i) {
        BOOST_TEST_INFO("after " << moves[i]);
        const auto parsed = board->read(moves[i]);
        BOOST_TEST_REQUIRE(parsed.ok());
        board->play(parsed);
        end = board->end_after_move();
        const bool next_is_legal = i + 1 < moves.size() && board->read(moves[i + 1]).ok();
        BOOST_TEST((board->end_after_move(next_is_legal) == end));
        if (next_is_legal) BOOST_TEST((end != BoardEnd::checkmate && end != BoardEnd::stalemate));
    }
    return end;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(end_after_move_with_a_known_move)

BOOST_AUTO_TEST_CASE(fools_mate) {
    BOOST_TEST((play_and_check({"f3", "e5", "g4", "Qh4#"}) == BoardEnd::checkmate));
}

// Sam Loyd's ten-move stalemate: after 10.Qe6 Black (Kg6, Qh7, Rh8, Bf8, pawns e7 f6 g7 h5) has no move and is not
// in check.
BOOST_AUTO_TEST_CASE(loyds_stalemate) {
    BOOST_TEST((play_and_check({"e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7",
                                "Qxb7", "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6"}) == BoardEnd::stalemate));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace board_end_test
