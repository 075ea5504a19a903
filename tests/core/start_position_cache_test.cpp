// Position::start keeps the last start position it read per thread (an audit sets one up twice for every game): what it
// returns must be the definition's own start whichever definition was asked for before, and a copy the caller then
// plays on must not change the next one.
#include "chess_fixture.h"

#include <boost/test/unit_test.hpp>

namespace start_position_cache_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::testing;

BOOST_AUTO_TEST_SUITE(start_position_kept)

BOOST_AUTO_TEST_CASE(each_definition_gets_its_own_start_and_a_played_copy_changes_nothing) {
    const GameDefinitionPtr othello =
        GameDefinition::load_file(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/othello.yaml");
    // The chess start of the FIDE Laws (2.3) and othello's four centre discs, as FEN's first field writes them.
    const std::string chess_board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    for (int round = 0; round < 3; ++round) {
        Position c = Position::start(chess());
        BOOST_TEST(c.definition_ptr() == chess());
        BOOST_TEST(c.fen() == chess_board + " w KQkq - 0 1");
        Undo u;
        c.make(Position::start(chess()).legal_moves()[0], u);  // played on the copy only
        BOOST_TEST(Position::start(chess()).fen() == chess_board + " w KQkq - 0 1");
        const Position o = Position::start(othello);
        BOOST_TEST(o.definition_ptr() == othello);
        BOOST_TEST(o.fen() == Position::from_fen(othello, othello->start_fen).fen());
        BOOST_TEST(popcount(o.occupied()) == 4);
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace start_position_cache_test
