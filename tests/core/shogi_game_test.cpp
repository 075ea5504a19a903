// A shogi game record: USI moves read with their status (a syntax error, a legal move, an illegal one the board
// can still hold), repetition counted over the whole record (a piece captured can return by a drop), and the
// perpetual-check test of sennichite (every move of one side since the position first occurred gave check).
#include "core/game.h"
#include "core/game_files.h"
#include "core/move_text.h"

#include <boost/test/unit_test.hpp>

namespace shogi_game_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;

namespace {

using ShogiPosition = BasicPosition<WideBitboard<2>>;
using ShogiGame = BasicGame<WideBitboard<2>>;

GameDefinitionPtr shogi() {
    static GameDefinitionPtr def = load_game("shogi");
    return def;
}

void play_all(ShogiGame& game, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        const ParsedMove p = read_usi(game.position(), text);
        BOOST_TEST_REQUIRE(p.ok(), text << ": " << p.message);
        game.play(p.move);
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(shogi_game_record)

BOOST_AUTO_TEST_CASE(read_usi_tells_syntax_errors_from_illegal_moves) {
    // Sente has a pawn in hand and a pawn on 5g (file 5): P*5e would be nifu (two unpromoted pawns on a file).
    const auto pos = ShogiPosition::from_sfen(shogi(), "4k4/9/9/9/9/9/4P4/9/4K4 b P 1");
    BOOST_TEST(read_usi(pos, "5g5f").ok());
    BOOST_TEST((read_usi(pos, "5g5").status == MoveParseStatus::syntax_error));
    BOOST_TEST((read_usi(pos, "Q*5e").status == MoveParseStatus::syntax_error));  // no such piece in shogi
    const ParsedMove nifu = read_usi(pos, "P*5e");
    BOOST_TEST((nifu.status == MoveParseStatus::illegal));
    BOOST_TEST(!nifu.move.is_none());  // the board can hold it: a nifu nobody notices stands
    BOOST_TEST((nifu.move == Move(nifu.move.from(), pos.definition().parse_square("5e"), MoveKind::drop)));
    const ParsedMove empty = read_usi(pos, "3c3d");  // no piece on 3c
    BOOST_TEST((empty.status == MoveParseStatus::illegal));
    BOOST_TEST(empty.move.is_none());
    const ParsedMove onto_king = read_usi(pos, "5g5a");  // a pawn cannot move so, and the target is the king
    BOOST_TEST((onto_king.status == MoveParseStatus::illegal));
    BOOST_TEST(onto_king.move.is_none());
}

BOOST_AUTO_TEST_CASE(rook_shuffles_repeat_the_start_position_four_times) {
    // Rooks 2h-3h and 8b-7b and back: the start position is seen again after plies 4, 8 and 12 (the 4th time).
    ShogiGame game(ShogiPosition::start(shogi()));
    for (int cycle = 1; cycle <= 3; ++cycle) {
        play_all(game, {"2h3h", "8b7b", "3h2h", "7b8b"});
        BOOST_TEST(game.repetition_count() == cycle + 1);
    }
    BOOST_TEST(game.first_occurrence_ply() == 0);
    BOOST_TEST(!game.every_move_checked_since(0, first));
    BOOST_TEST(!game.every_move_checked_since(0, second));
}

BOOST_AUTO_TEST_CASE(perpetual_check_is_every_move_of_one_side_checking) {
    // Sente's rook on 9b, gote's king on 5a: 9b9a checks along rank a, K5a5b, 9a9b checks along rank b, K5b5a.
    ShogiGame game(ShogiPosition::from_sfen(shogi(), "4k4/R8/9/9/9/9/9/9/4K4 b - 1"));
    for (int cycle = 0; cycle < 3; ++cycle) play_all(game, {"9b9a", "5a5b", "9a9b", "5b5a"});
    BOOST_TEST(game.repetition_count() == 4);
    BOOST_TEST(game.first_occurrence_ply() == 0);
    BOOST_TEST(game.every_move_checked_since(0, first));    // sente checked with all six moves
    BOOST_TEST(!game.every_move_checked_since(0, second));  // gote's king moves gave no check
}

BOOST_AUTO_TEST_CASE(checks_are_counted_from_the_ply_asked_and_follow_an_undo) {
    // The same start: 9b9a checks along rank a; K5a5b; 9a8a gives none (the king is on rank b); K5b4b; 8a8b checks
    // along rank b (7b, 6b, 5b empty). Sente's moves are plies 0, 2 and 4, gote's (never a check) 1 and 3.
    ShogiGame game(ShogiPosition::from_sfen(shogi(), "4k4/R8/9/9/9/9/9/9/4K4 b - 1"));
    play_all(game, {"9b9a", "5a5b", "9a8a", "5b4b", "8a8b"});
    BOOST_TEST(game.position().is_check());
    BOOST_TEST(!game.every_move_checked_since(0, first));  // ply 2 gave no check
    BOOST_TEST(!game.every_move_checked_since(2, first));
    BOOST_TEST(game.every_move_checked_since(3, first));   // ply 4 only
    BOOST_TEST(game.every_move_checked_since(4, first));
    BOOST_TEST(!game.every_move_checked_since(5, first));  // no move of sente from there
    BOOST_TEST(!game.every_move_checked_since(0, second));
    BOOST_TEST(!game.every_move_checked_since(3, second));
    game.undo();  // ply 4 taken back: from ply 3 on sente has made no move
    BOOST_TEST(!game.every_move_checked_since(3, first));
    play_all(game, {"8a8b"});
    BOOST_TEST(game.every_move_checked_since(3, first));
}

BOOST_AUTO_TEST_CASE(positions_recur_across_captures_when_pieces_return_from_hand) {
    // Sente: K5i, P5e; gote: K5a, G5c, P5d; sente to move. The pawns are exchanged and dropped back, the gold
    // returns, and the kings lose a tempo (gote's by a triangle 5a-4a-4b-5a): after 12 plies the same board, hands
    // and side to move. Two captures happened at plies 1 and 2, so a window that stops at the last capture (as in
    // chess) would miss the first occurrence; in a game with hands a captured piece can come back by a drop.
    ShogiGame game(ShogiPosition::from_sfen(shogi(), "4k4/9/4g4/4p4/4P4/9/9/9/4K4 b - 1"));
    play_all(game, {"5e5d", "5c5d", "P*5e", "5d5c", "5i4i", "P*5d", "4i5i", "5a4a", "5i4i", "4a4b", "4i5i", "4b5a"});
    auto without_move_number = [](const std::string& sfen) { return sfen.substr(0, sfen.rfind(' ')); };
    BOOST_TEST(without_move_number(game.position().sfen()) == "4k4/9/4g4/4p4/4P4/9/9/9/4K4 b -");
    BOOST_TEST(game.repetition_count() == 2);
    BOOST_TEST(game.first_occurrence_ply() == 0);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace shogi_game_test
