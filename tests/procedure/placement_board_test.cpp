// The runner's placement board (procedure/placement_board.h) on othello: what it holds of an illegal act, what it
// refuses, and going back. Board strings worked by hand: start d4 e5 white, e4 d5 black; black f5 turns e5
// (f5-e5-d5).
#include "core/error.h"
#include "core/game_files.h"
#include "procedure/board.h"

#include <boost/test/unit_test.hpp>

namespace placement_board_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::procedure;

namespace {

std::unique_ptr<Board> othello_board(const std::string& board = {}) {
    static const auto def = core::load_game("othello", std::string(ARBITER_SOURCE_DIR) + "/rulesets");
    YAML::Node start;
    if (!board.empty()) start["board"] = board;
    return make_board(def, start, "test.yaml");
}

const std::string Start = "---------------------------OX------XO--------------------------- X";

}  // namespace

BOOST_AUTO_TEST_SUITE(placement_board_holds_what_a_real_board_can)

BOOST_AUTO_TEST_CASE(reads_legal_held_and_impossible_moves) {
    auto b = othello_board();
    BOOST_TEST(b->position_text() == Start);
    BOOST_TEST(b->read("f5").ok());
    const auto nothing = b->read("a1");  // encloses nothing: a disc can lie there
    BOOST_TEST((nothing.status == core::MoveParseStatus::illegal));
    BOOST_TEST(!nothing.move.is_none());
    const auto occupied = b->read("d4");  // a disc cannot lie on a disc
    BOOST_TEST((occupied.status == core::MoveParseStatus::illegal));
    BOOST_TEST(occupied.move.is_none());
    const auto pass = b->read("pass");  // black has four placements
    BOOST_TEST((pass.status == core::MoveParseStatus::illegal));
    BOOST_TEST(!pass.move.is_none());
    BOOST_TEST((b->read("z9").status == core::MoveParseStatus::syntax_error));
}

BOOST_AUTO_TEST_CASE(holds_a_disc_that_turns_nothing_and_takes_it_back) {
    auto b = othello_board();
    b->play(b->read("a1"));
    BOOST_TEST(b->position_text() == "X--------------------------OX------XO--------------------------- O");
    BOOST_TEST(b->ply() == 1);
    BOOST_TEST(b->take_back_to(0));
    BOOST_TEST(b->position_text() == Start);
    BOOST_TEST(!b->take_back_to(0));  // nothing left to take back
}

BOOST_AUTO_TEST_CASE(irregular_placements_as_they_were_done) {
    auto b = othello_board();
    Irregularity unturned;
    unturned.unturned = {"e5"};
    BOOST_TEST(b->hold_irregular("f5", unturned) == "");
    BOOST_TEST(b->position_text() == "---------------------------OX------XOX-------------------------- O");
    BOOST_TEST(b->take_back_to(0));

    Irregularity colour;
    colour.colour = 1;  // white side up; e5 turned as the move says
    BOOST_TEST(b->hold_irregular("f5", colour) == "");
    BOOST_TEST(b->position_text() == "---------------------------OX------XXO-------------------------- O");
    BOOST_TEST(b->take_back_to(0));

    Irregularity out_of_turn;  // white places f4 while black is to move: f4-e4-d4 turns e4; still black's turn
    out_of_turn.by = 1;
    BOOST_TEST(b->hold_irregular("f4", out_of_turn) == "");
    BOOST_TEST(b->position_text() == "---------------------------OOO-----XO--------------------------- X");
    BOOST_TEST(b->take_back_to(0));

    Irregularity overturned;  // f5 turns e5 only; d4 is turned too
    overturned.overturned = {"d4"};
    BOOST_TEST(b->hold_irregular("f5", overturned) == "");
    BOOST_TEST(b->position_text() == "---------------------------XX------XXX-------------------------- O");
    BOOST_TEST(b->capability<DiscFacts>()->piece_count().pieces[0] == 5);
    BOOST_TEST(b->capability<DiscFacts>()->piece_count().pieces[1] == 0);
    BOOST_TEST(b->capability<DiscFacts>()->neither_can_move());  // white has no disc left
}

BOOST_AUTO_TEST_CASE(acts_that_cannot_stand_are_refused_with_the_reason) {
    auto b = othello_board();
    Irregularity act;
    act.unturned = {"d4"};  // f5 does not turn d4
    BOOST_TEST(b->hold_irregular("f5", act).find("does not turn") != std::string::npos);
    act.unturned = {"k9"};
    BOOST_TEST(b->hold_irregular("f5", act).find("not a square") != std::string::npos);
    Irregularity on_disc;
    on_disc.colour = 1;
    BOOST_TEST(b->hold_irregular("e4", on_disc).find("occupied") != std::string::npos);
    Irregularity pass;
    pass.unturned = {"e5"};
    BOOST_TEST(b->hold_irregular("pass", pass).find("pass") != std::string::npos);
    BOOST_TEST(b->position_text() == Start);  // nothing refused changed the board
    BOOST_TEST(b->ply() == 0);
}

BOOST_AUTO_TEST_CASE(a_bad_start_board_names_the_timeline) {
    BOOST_CHECK_THROW(othello_board("XO"), InputError);
    BOOST_CHECK_THROW(othello_board(std::string(64, '-') + " Z"), InputError);
    auto full = othello_board("--XXXXXXXXXOOOOXXXXXOOOXXOXXOXOXXXOOXXXXXOOXOXOXXOOOXOOXXOOOOOOX X");
    BOOST_TEST(!full->capability<DiscFacts>()->neither_can_move());  // white still has a1 and b1
    BOOST_TEST(full->capability<DiscFacts>()->piece_count().empty == 2);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace placement_board_test
