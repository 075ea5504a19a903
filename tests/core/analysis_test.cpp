// Who can still checkmate, as far as the classic material table and the end of the game decide:
// `no` only with a proof, `unknown` otherwise (never `no` where a mate may be possible).
#include "chess_fixture.h"
#include "core/analysis.h"

#include <boost/test/unit_test.hpp>

namespace analysis_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {
std::string ability(const std::string& f, Color side) { return to_string(can_checkmate_by_material(fen(f), side)); }
}  // namespace

BOOST_AUTO_TEST_SUITE(can_checkmate_by_material_answers_only_what_it_proves)

BOOST_AUTO_TEST_CASE(bare_kings_and_a_lone_minor_piece_cannot_mate) {
    BOOST_TEST(ability("8/5k2/8/8/8/8/3K4/8 w - - 0 1", first) == "false");
    BOOST_TEST(ability("8/5k2/8/8/8/8/3K4/8 w - - 0 1", second) == "false");
    BOOST_TEST(is_dead_by_material(fen("8/5k2/8/8/8/8/3K4/8 w - - 0 1")));
    BOOST_TEST(ability("8/3k4/8/8/2N5/8/3K4/8 b - - 0 1", first) == "false");  // K+N v K
    BOOST_TEST(ability("4k3/8/8/8/8/5B2/8/4K3 w - - 0 1", first) == "false");  // K+B v K
}

BOOST_AUTO_TEST_CASE(bishops_on_one_colour_cannot_mate_but_on_both_colours_may) {
    // c1 and f4: file+rank parity (2+0) and (5+3) both even: one colour. Dead.
    BOOST_TEST(is_dead_by_material(fen("8/8/8/4k3/5b2/3K4/8/2B5 w - - 0 33")));
    // c1 (even) and f5 (5+4 odd): opposite colours, a mate can be composed. Not proven either way.
    BOOST_TEST(ability("8/8/8/4kb2/8/3K4/8/2B5 w - - 0 33", first) == "unknown");
    BOOST_TEST(!is_dead_by_material(fen("8/8/8/4kb2/8/3K4/8/2B5 w - - 0 33")));
}

BOOST_AUTO_TEST_CASE(a_rook_or_a_pawn_is_never_denied) {
    BOOST_TEST(ability("8/4rk2/8/8/8/8/3K4/8 w - - 0 1", second) == "unknown");
    BOOST_TEST(ability("8/4rk2/8/8/8/8/3K4/8 w - - 0 1", first) == "false");  // the bare king
    BOOST_TEST(ability("8/5k2/8/8/8/8/3KP3/8 w - - 0 1", first) == "unknown");
}

BOOST_AUTO_TEST_CASE(a_finished_game_answers_for_both_sides) {
    // Fool's mate: Black has mated; White cannot any more.
    const std::string mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    BOOST_TEST(ability(mate, second) == "true");
    BOOST_TEST(ability(mate, first) == "false");
    // Stalemate: the game is over and nobody mated.
    BOOST_TEST(is_dead_by_material(fen("7K/7P/7k/8/6q1/8/8/8 w - - 0 1")));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace analysis_test
