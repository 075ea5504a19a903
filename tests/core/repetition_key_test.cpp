// The game history keys a position in two parts (core/game.h, BasicGame::Key): a base read with every move and a
// rest (legal en passant capture, possible castlings) worked out only when two bases match, for an earlier position
// by taking moves back. These cases need that rest at an earlier ply, where a wrong one changes the count.
#include "chess_fixture.h"
#include "core/game.h"

#include <boost/test/unit_test.hpp>

namespace repetition_key_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {

void play(Game& game, std::initializer_list<const char*> moves) {
    for (const char* m : moves) BOOST_REQUIRE_MESSAGE(game.play(m).ok(), m);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(repetition_keys_worked_out_when_bases_match)

BOOST_AUTO_TEST_CASE(an_en_passant_capture_that_is_illegal_leaves_the_position_the_same) {
    // 1.c4: the d4 pawn is pinned to its king on d8 by the d1 rook, so dxc3 e.p. is illegal (FIDE 9.2.3 counts the
    // e.p. square only when the capture is legal). After 1...Nf6 2.Nf3 Ng8 3.Ng1 the position after 1.c4 stands again.
    Game game(fen("3k2n1/8/8/8/3p4/8/2P5/3R2NK w - - 0 1"));
    play(game, {"c4", "Nf6", "Nf3", "Ng8", "Ng1"});
    BOOST_TEST(game.repetition_count() == 2);
    BOOST_TEST(game.first_occurrence_ply() == 1);
}

BOOST_AUTO_TEST_CASE(an_en_passant_capture_that_is_legal_makes_it_differ) {
    // The same without the pin (rook on e1): 1...dxc3 e.p. was legal, so the later placement is another position.
    Game game(fen("3k2n1/8/8/8/3p4/8/2P5/4R1NK w - - 0 1"));
    play(game, {"c4", "Nf6", "Nf3", "Ng8", "Ng1"});
    BOOST_TEST(game.repetition_count() == 1);
    BOOST_TEST(game.first_occurrence_ply() == 5);
}

BOOST_AUTO_TEST_CASE(a_claim_with_a_move_compares_possible_castlings) {
    // b- and f-files blocked: no castling can be made at the start although KQkq are held. After 1.Kd1 Kd8 2.Ke1 Ke8
    // 3.Kd1 Kd8 4.Ke1, 4...Ke8 brings the start's placement a third time: by possible moves (FIDE 2009 9.2) the
    // claim with it is correct, by rights the start differs and it is not.
    Game game(fen("rn2kb1r/pppppppp/8/8/8/8/PPPPPPPP/RN2KB1R w KQkq - 0 1"));
    play(game, {"Kd1", "Kd8", "Ke1", "Ke8", "Kd1", "Kd8", "Ke1"});
    const Move ke8 = parse_san(game.position(), "Ke8").move;
    BOOST_TEST(!game.can_claim_repetition_with(ke8));
    game.set_castling_identity(CastlingIdentity::possible_moves);
    BOOST_TEST(game.can_claim_repetition_with(ke8));
    game.play(ke8);
    BOOST_TEST(game.repetition_count() == 3);
    BOOST_TEST(game.first_occurrence_ply() == 0);
    game.set_castling_identity(CastlingIdentity::rights);
    BOOST_TEST(game.repetition_count() == 2);
    BOOST_TEST(game.first_occurrence_ply() == 4);
}

BOOST_AUTO_TEST_CASE(a_castling_that_could_be_made_keeps_the_start_apart_after_undo) {
    // Paths clear: both sides could castle at the start, not after the kings' walk. The start's rest is worked out
    // by the first count; taking moves back and playing them again keeps every count right.
    Game game(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    game.set_castling_identity(CastlingIdentity::possible_moves);
    play(game, {"Ke2", "Ke7", "Ke1", "Ke8"});
    BOOST_TEST(game.repetition_count() == 1);
    for (int i = 0; i < 4; ++i) game.undo();
    BOOST_TEST(game.repetition_count() == 1);
    play(game, {"Kd1", "Kd8", "Ke1", "Ke8", "Ke2", "Ke7", "Ke1", "Ke8"});
    BOOST_TEST(game.repetition_count() == 2);
    BOOST_TEST(game.first_occurrence_ply() == 4);
}

BOOST_AUTO_TEST_CASE(a_claim_with_a_move_reaches_back_to_the_oldest_occurrence) {
    // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nc3 Nc6 4.Nb1: 4...Nb8 would bring the start position a third time (plies 0, 4, 8), the
    // first at the far end of the reach of the position after it, and no other position has stood twice. One ply
    // earlier, 3...Nc6 brings nothing back a third time.
    Game game(Position::start(chess()));
    play(game, {"Nf3", "Nf6", "Ng1", "Ng8", "Nc3", "Nc6"});
    BOOST_TEST(!game.can_claim_repetition());
    play(game, {"Nb1"});
    BOOST_TEST(game.can_claim_repetition());
    BOOST_TEST(game.can_claim_repetition_with(parse_san(game.position(), "Nb8").move));
    game.undo();
    game.undo();
    BOOST_TEST(!game.can_claim_repetition());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace repetition_key_test
