// The placement game record (core/placement_game.h, PlacementGame and parse_placement) that a timeline runner
// drives: side to move, reading "f5" / "pass" with the reason for a refusal, playing, the end and the counts.
// Every expected value is worked out by hand in the comments from othello's rules (rulesets/games/othello.yaml).
#include "core/error.h"
#include "core/placement_game.h"

#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>

namespace placement_game_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;

namespace {

const GameDefinitionPtr& othello() {
    static const GameDefinitionPtr def =
        GameDefinition::load_file(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/othello.yaml");
    return def;
}

// A board string from a list of (square index, cell) on an empty board; `side` X or O.
std::string board_with(std::initializer_list<std::pair<int, char>> cells, char side) {
    std::string b(64, '-');
    for (auto [sq, c] : cells) b[std::size_t(sq)] = c;
    return b + ' ' + side;
}

constexpr int a1 = 0, b1 = 1, c1 = 2, d4 = 27, e4 = 28, d5 = 35, e5 = 36, f5 = 37, h8 = 63;

}  // namespace

BOOST_AUTO_TEST_SUITE(placement_game_record)

BOOST_AUTO_TEST_CASE(the_start_black_to_move_four_discs) {
    PlacementGame g(othello());
    BOOST_TEST((g.side_to_move() == first));  // black (X) moves first
    BOOST_TEST(g.board() == "---------------------------OX------XO--------------------------- X");
    BOOST_TEST(g.pieces(first) == 2);
    BOOST_TEST(g.pieces(second) == 2);
    BOOST_TEST(g.empty_squares() == 60);
    BOOST_TEST(!g.is_over());
    BOOST_TEST(!g.must_pass());
    BOOST_TEST(!g.result().has_value());
}

BOOST_AUTO_TEST_CASE(playing_f5_turns_e5_and_gives_white_the_move) {
    // Start: d4 O, e4 X, d5 X, e5 O. Black on f5 (index 37) closes e5 (white) against d5 (black): e5 turns.
    // No other line from f5 holds a white disc next to it. Black 4, white 1, 59 empty.
    PlacementGame g(othello());
    PlacementParse p = g.play("F5");  // either case
    BOOST_REQUIRE(p.ok());
    BOOST_TEST(p.square == f5);
    BOOST_TEST(!p.pass);
    BOOST_TEST((g.side_to_move() == second));
    BOOST_TEST(g.board() == board_with({{d4, 'O'}, {e4, 'X'}, {d5, 'X'}, {e5, 'X'}, {f5, 'X'}}, 'O'));
    BOOST_TEST(g.pieces(first) == 4);
    BOOST_TEST(g.pieces(second) == 1);
    BOOST_TEST(g.empty_squares() == 59);
    BOOST_REQUIRE(g.moves().size() == 1u);
    BOOST_TEST((g.moves()[0] == p.move));
}

BOOST_AUTO_TEST_CASE(refusals_say_why) {
    PlacementGame g(othello());
    const std::string before = g.board();
    // d4 holds a white disc.
    PlacementParse occupied = g.play("d4");
    BOOST_TEST((occupied.status == MoveParseStatus::illegal));
    BOOST_TEST((occupied.refusal == PlacementRefusal::square_occupied));
    BOOST_TEST(occupied.square == d4);
    // a1 is empty, but no line from the corner reaches a white disc: nothing to enclose.
    PlacementParse nothing = g.play("a1");
    BOOST_TEST((nothing.status == MoveParseStatus::illegal));
    BOOST_TEST((nothing.refusal == PlacementRefusal::encloses_nothing));
    BOOST_TEST(nothing.square == a1);
    // Black has four placements (d3, c4, f5, e6), so it may not pass.
    PlacementParse pass = g.play("pass");
    BOOST_TEST((pass.status == MoveParseStatus::illegal));
    BOOST_TEST((pass.refusal == PlacementRefusal::pass_with_placement));
    BOOST_TEST(pass.pass);
    BOOST_TEST(std::string(to_string(pass.refusal)) == "pass_with_placement");
    // Nothing was played.
    BOOST_TEST(g.board() == before);
    BOOST_TEST(g.moves().empty());
}

BOOST_AUTO_TEST_CASE(syntax_errors_are_not_refusals) {
    PlacementGame g(othello());
    for (const char* text : {"", "f", "f9", "i1", "f55", "5f", "pas", "passes", "f5 ", "\x01"}) {
        PlacementParse p = g.parse(text);
        BOOST_TEST((p.status == MoveParseStatus::syntax_error), "'" << text << "'");
        BOOST_TEST((p.refusal == PlacementRefusal::none));
        BOOST_TEST(p.square == -1);
        BOOST_TEST(!p.message.empty());
    }
    BOOST_TEST(g.parse("--").pass);  // the transcript form of a pass reads (and is refused here)
    BOOST_TEST(g.parse("PA").pass);  // GGF's
}

BOOST_AUTO_TEST_CASE(a_forced_pass_then_white_fills_and_wins_with_the_empties) {
    // a1 O, b1 X, black to move. Black could only enclose a1, but the square beyond a1 is off the board:
    // no placement, so black must pass. White on c1 closes b1 against a1. Then black has no disc: neither
    // side can move. White 3, black 0, 61 empty; white wins 64-0 (empties to the winner).
    PlacementGame g(othello(), board_with({{a1, 'O'}, {b1, 'X'}}, 'X'), "<board>");
    BOOST_TEST(g.must_pass());
    BOOST_TEST(!g.is_over());
    PlacementParse c1_now = g.parse("c1");
    BOOST_TEST((c1_now.refusal == PlacementRefusal::encloses_nothing));
    BOOST_REQUIRE(g.play("pass").ok());
    BOOST_TEST((g.side_to_move() == second));
    BOOST_REQUIRE(g.play("c1").ok());
    BOOST_TEST(g.board() == board_with({{a1, 'O'}, {b1, 'O'}, {c1, 'O'}}, 'X'));
    BOOST_TEST(g.is_over());
    BOOST_TEST(!g.must_pass());
    BOOST_TEST(g.pieces(first) == 0);
    BOOST_TEST(g.pieces(second) == 3);
    BOOST_TEST(g.empty_squares() == 61);
    auto r = g.result();
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST((r->winner && *r->winner == second));
    BOOST_TEST(r->score[first] == 0);
    BOOST_TEST(r->score[second] == 64);
    BOOST_TEST(g.moves().size() == 2u);
    // After the end nothing is legal; an empty square is refused for the end, an occupied one as occupied.
    BOOST_TEST((g.parse("pass").refusal == PlacementRefusal::game_over));
    BOOST_TEST((g.parse("h8").refusal == PlacementRefusal::game_over));
    BOOST_TEST((g.parse("a1").refusal == PlacementRefusal::square_occupied));
}

BOOST_AUTO_TEST_CASE(two_lone_discs_are_a_finished_draw) {
    // a1 X and h8 O: no line holds two discs, so neither side can enclose anything. 1-1: a draw, and a draw
    // keeps the counts as they are.
    PlacementGame g(othello(), board_with({{a1, 'X'}, {h8, 'O'}}, 'O'), "<board>");
    BOOST_TEST((g.side_to_move() == second));
    BOOST_TEST(g.is_over());
    auto r = g.result();
    BOOST_REQUIRE(r.has_value());
    BOOST_TEST(!r->winner.has_value());
    BOOST_TEST(r->score[first] == 1);
    BOOST_TEST(r->score[second] == 1);
}

BOOST_AUTO_TEST_CASE(bad_boards_and_other_games_are_refused) {
    // 63 cells: the space lands at column 64, where the 64th cell belongs.
    BOOST_CHECK_THROW(PlacementGame(othello(), std::string(63, '-') + " X", "<board>"), InputError);
    BOOST_CHECK_THROW(PlacementGame(othello(), std::string(64, '-') + " Z", "<board>"), InputError);
    BOOST_CHECK_THROW(PlacementGame(othello(), "", "<board>"), InputError);
    const GameDefinitionPtr chess = GameDefinition::load_file(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/chess.yaml");
    BOOST_CHECK_THROW(PlacementGame{chess}, std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace placement_game_test
