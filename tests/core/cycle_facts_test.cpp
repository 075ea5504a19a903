// The facts of a repetition cycle (core/cycle_facts.h) on xiangqi, whose roles are the game file's only: the pattern of
// each side's moves over cycles worked by hand (the same positions as tests/timelines/xiangqi, whose headers give the
// reasoning), and the roles' part in them.
#include "core/cycle_facts.h"
#include "core/game_files.h"
#include "core/move_text.h"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace cycle_facts_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

namespace {

using XiangqiGame = BasicGame<WideBitboard<2>>;
using XiangqiPosition = BasicPosition<WideBitboard<2>>;

// Plays `cycle` (coordinates) `times` times from `fen` and returns each side's pattern since the position first
// occurred.
std::vector<std::string> patterns(const std::string& fen, const std::vector<std::string>& cycle, int times = 2,
                                  ChaseReading reading = {}) {
    static GameDefinitionPtr def = load_game("xiangqi");
    XiangqiGame game(XiangqiPosition::from_fen(def, fen));
    for (int i = 0; i < times; ++i)
        for (const auto& m : cycle) game.play(read_usi(game.position(), m).move);
    const int from = game.first_occurrence_ply();
    return {std::string(pattern_name(cycle_pattern(game, from, first, reading))),
            std::string(pattern_name(cycle_pattern(game, from, second, reading)))};
}

using Patterns = std::vector<std::string>;

// The two readings a rulebook may choose (core::ChaseReading: royal_moves_never_chase, material_gain,
// capture_into_mate_never_chases).
constexpr ChaseReading royal_moves_idle{true, false};  // AXF 4.4 rule 28
constexpr ChaseReading material_counts{false, true};   // CXA 2011 24.3
constexpr ChaseReading mated_capture_idle{false, false, true};  // CXA 2011 24.3, 图 7
constexpr ChaseReading won_by_one_check{false, false, false, 1};  // CXA 2011 24.3, 图 2-3
constexpr ChaseReading won_by_three_checks{false, false, false, 3};

}  // namespace

BOOST_AUTO_TEST_SUITE(cycle_facts)

BOOST_AUTO_TEST_CASE(a_chariot_checking_on_every_move_is_a_perpetual_check) {
    // Red checks from files e and f in turn; black's general steps aside (a general never chases).
    BOOST_TEST(patterns("4k4/9/9/9/5R3/9/9/9/9/3K5 w - - 0 1", {"f5e5", "e9f9", "e5f5", "f9e9"}) ==
               (Patterns{"check", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(one_unprotected_cannon_chased_all_along_is_a_chase) {
    BOOST_TEST(patterns("4k4/9/8c/9/9/9/7R1/9/9/3K5 w - - 0 1", {"h3i3", "i7h7", "i3h3", "h7i7"}) ==
               (Patterns{"chase", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(two_cannons_chased_in_turn_are_chase_several) {
    BOOST_TEST(patterns("4k4/9/c7c/9/9/9/7R1/9/9/3K5 w - - 0 1",
                        {"h3a3", "a7b7", "a3i3", "i7h7", "i3b3", "b7a7", "b3h3", "h7i7"}) ==
               (Patterns{"chase_several", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_protected_chariot_is_chased_by_a_cannon_only_by_the_game_files_role) {
    // The chariot is protected by the general and the advisor; roles.chased_even_protected_by makes it a chase.
    BOOST_TEST(patterns("2brk4/4a4/1Cn6/9/9/9/9/9/9/5K3 w - - 0 1", {"b7b9", "d9d7", "b9b7", "d7d9"}) ==
               (Patterns{"chase", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(check_and_chase_in_turn_is_mixed) {
    BOOST_TEST(patterns("5k3/9/9/n8/9/9/1R7/9/9/3K5 w - - 0 1",
                        {"b3f3", "f9e9", "f3a3", "a6b8", "a3e3", "e9f9", "e3b3", "b8a6"}) ==
               (Patterns{"mixed", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(keeping_a_mate_in_one_ready_is_a_mate_threat) {
    BOOST_TEST(patterns("n4k3/9/5P3/9/8R/9/9/9/9/4K4 w - - 0 1", {"i5i4", "a9b7", "i4i5", "b7a9"}) ==
               (Patterns{"mate_threat", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_mate_by_a_series_of_checks_is_a_mate_threat) {
    // From a4 the chariot would check on f4 and the cannon on c5 block on f5, but Rxf5 then mates with a second check
    // (the general may not step to the open e file): a threat of mate by two checks (game file mate_threat_checks);
    // from a5, with the cannon on c4, Rf5 mates at once. Timeline xiangqi/13 works it by hand.
    BOOST_TEST(patterns("5k3/9/9/9/R1c6/9/9/9/9/4K4 w - - 0 1", {"a5a4", "c5c4", "a4a5", "c4c5"}) ==
               (Patterns{"mate_threat", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(an_offer_to_exchange_like_pieces_is_no_chase) {
    // The red chariot faces the black one, which could take it back on the same line: an offer to exchange (game file
    // roles.offers_exchange; AXF 4.4 rule 40), not a chase of an unprotected chariot. Timeline xiangqi/10.
    BOOST_TEST(patterns("3k5/9/8r/9/9/9/7R1/9/9/5K3 w - - 0 1", {"h3i3", "i7h7", "i3h3", "h7i7"}) ==
               (Patterns{"idle", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_chariot_that_cannot_take_back_is_chased_not_offered_an_exchange) {
    // The black chariot is held to the e file by the red cannon (the black elephant the other screen): it cannot take
    // the red chariot back, so each attack is a chase (AXF 4.4 rule 27). Timeline xiangqi/12.
    BOOST_TEST(patterns("4k4/9/4b4/4r4/1R7/9/9/9/4C4/4K4 w - - 0 1", {"b5b6", "e6e5", "b6b5", "e5e6"}) ==
               (Patterns{"chase", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(taking_a_protection_away_from_an_attacked_piece_is_a_chase) {
    // The chariot on g4 attacks the horse on c4 all along; the soldier's moves leave the black cannon on c9 with no
    // screen or two before it, so the horse loses its protection on every red move (AXF 4.4 appendix). Timeline
    // xiangqi/11.
    BOOST_TEST(patterns("2c1k4/9/b3b4/2P6/9/2n3R2/9/9/9/5K3 w - - 0 1", {"c6d6", "a7c5", "d6c6", "c5a7"}) ==
               (Patterns{"chase", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_new_attacker_on_a_piece_left_attacked_is_no_chase) {
    // The chariot on a3 attacks the unprotected horse on a7; stepping to b3 it uncovers the chariot on a0, stepping
    // back it attacks again and screens a0: a new attacker on every red move, but black leaves the horse attacked all
    // along instead of answering, so nothing is chased anew (AXF 4.4's definition of perpetual chase and its appendix's
    // non-perpetual chase). The elephant on e7 and the advisors shut every check. Timeline xiangqi/15.
    BOOST_TEST(patterns("3aka3/9/n3b4/9/9/9/R8/9/9/R3K4 w - - 0 1", {"a3b3", "f9e8", "b3a3", "e8f9"}) ==
               (Patterns{"idle", "idle"}), boost::test_tools::per_element());
    // A horse that escapes each time is chased by the two chariots in turn (AXF rule 33): the red soldier's step
    // from i6 to h6 opens the i file to the chariot on i1 and shuts the h file, its step back the reverse, while the
    // horse goes from i9 to h7 and back. Timeline xiangqi/18.
    BOOST_TEST(patterns("3aka2n/9/4b4/8P/9/9/9/9/7RR/3K5 w - - 0 1", {"i6h6", "i9h7", "h6i6", "h7i9"}) ==
               (Patterns{"chase", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_soldier_before_the_river_is_never_chased) {
    // The chariot on g6 attacks the black soldier on c6 all along; the black cannon on c9 protects it over exactly one
    // screen on c7-c8. Red's soldier leaves none (c7d7) or two (d7c7), black's horse makes one again (a9c8, c8a9),
    // so each red move takes the protection away; but a soldier on its own side of the river is never chased (game
    // file roles.never_chased_in; AXF 4.4 rule 25). Timeline xiangqi/16.
    BOOST_TEST(patterns("n1caka3/9/2P1b4/2p3R2/9/9/9/9/9/4K4 w - - 0 1", {"c7d7", "a9c8", "d7c7", "c8a9"}) ==
               (Patterns{"idle", "idle"}), boost::test_tools::per_element());
    // The same position turned about (ranks mirrored, colours swapped, black to move): the red soldier on c3 is on
    // its own side of the river, the region read from red's side this time.
    BOOST_TEST(patterns("4k4/9/9/9/9/9/2P3r2/2p1B4/9/N1CAKA3 b - - 0 1", {"c2d2", "a0c1", "d2c2", "c1a0"}) ==
               (Patterns{"idle", "idle"}), boost::test_tools::per_element());
    // Across the river, stepping aside from the chariot on every move, it is chased (rule 25). Timeline xiangqi/17.
    BOOST_TEST(patterns("3aka3/9/4b4/9/9/p8/9/9/1R7/4K4 w - - 0 1", {"b1a1", "a4b4", "a1b1", "b4a4"}) ==
               (Patterns{"chase", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_general_move_that_lets_a_horse_attack_chases_unless_the_reading_leaves_royal_moves_alone) {
    // The general steps f2-e2-f2: each step clears the leg of one horse (f3's leg f2, e3's leg e2) that then attacks
    // the unprotected crossed soldier on e1 or f1, which steps away. Read as the horse's chase (CXA 2011 article 27:
    // capturing by the general's force), red chases; where a royal move never chases (AXF 4.4 rule 28), red is
    // idle. Timeline xiangqi/23.
    const std::string fen = "3k5/9/9/9/9/9/4NN3/5K3/4p4/9 w - - 0 1";
    const std::vector<std::string> cycle{"f2e2", "e1f1", "e2f2", "f1e1"};
    BOOST_TEST(patterns(fen, cycle) == (Patterns{"chase", "idle"}), boost::test_tools::per_element());
    BOOST_TEST(patterns(fen, cycle, 2, royal_moves_idle) ==
               (Patterns{"idle", "idle"}), boost::test_tools::per_element());
    // A soldier's move that lets another piece attack stays that piece's chase under either reading (AXF 4.4
    // appendix; timeline xiangqi/11).
    BOOST_TEST(patterns("2c1k4/9/b3b4/2P6/9/2n3R2/9/9/9/5K3 w - - 0 1", {"c6d6", "a7c5", "d6c6", "c5a7"}, 2,
                        royal_moves_idle) == (Patterns{"chase", "idle"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_protected_piece_outnumbered_is_chased_only_where_the_reading_counts_material) {
    // The red chariot on c0 and the black chariot on c9 face each other across the black cannon (c6 or c5); the
    // red horse b3-d4-b3 joins the chariot against it each time. With the game file's worths (chariot 4, horse 2,
    // cannon 2): horse takes cannon (+2), and black's chariot taking back would lose it to the red chariot, so red
    // wins 2: a chase where the reading counts material (CXA 2011 24.3), none where a protected cannon is never
    // chased by a horse (AXF 4.4 rules 15, 18). Timeline xiangqi/24.
    const std::string fen = "2r1k4/4a4/9/2c6/9/9/1N7/9/9/2R1K4 w - - 0 1";
    const std::vector<std::string> cycle{"b3d4", "c6c5", "d4b3", "c5c6"};
    BOOST_TEST(patterns(fen, cycle) == (Patterns{"idle", "idle"}), boost::test_tools::per_element());
    BOOST_TEST(patterns(fen, cycle, 2, material_counts) == (Patterns{"chase", "idle"}),
               boost::test_tools::per_element());
    // Without the red chariot the horse is one attacker against one protector: horse takes cannon (+2), the black
    // chariot takes the horse (2): no gain, no chase under either reading.
    BOOST_TEST(patterns("2r1k4/4a4/9/2c6/9/9/1N7/9/9/4K4 w - - 0 1", cycle, 2, material_counts) ==
               (Patterns{"idle", "idle"}), boost::test_tools::per_element());
    // A chariot attacked by a cannon is chased even where protected, whatever the reading (the role
    // chased_even_protected_by); the worths agree (the chariot 4 against the cannon 2).
    BOOST_TEST(patterns("2brk4/4a4/1Cn6/9/9/9/9/9/9/5K3 w - - 0 1", {"b7b9", "d9d7", "b9b7", "d7d9"}, 2,
                        material_counts) == (Patterns{"chase", "idle"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_side_in_check_that_could_take_a_like_piece_is_read_without_error) {
    // CXA 图 13 (timeline xiangqi/59): the red chariot checks from d5 and comes back to e5, where it attacks the black
    // chariot on a5 (an offer to exchange: idle) and the cannon on e8 that the advisor protects. When the black
    // general answers the check, its chariot could take the checking chariot; the test for an offer to exchange must
    // not put red to move in a position where black is in check. Red: one check, one idle move; black: idle.
    const std::string fen = "3k1a3/4c4/9/9/r3R4/9/9/9/9/5K3 w - - 0 1";
    const std::vector<std::string> cycle{"e5d5", "d9e9", "d5e5", "e9d9"};
    BOOST_TEST(patterns(fen, cycle, 2, material_counts) == (Patterns{"idle", "idle"}),
               boost::test_tools::per_element());
    BOOST_TEST(patterns(fen, cycle, 2, royal_moves_idle) == (Patterns{"idle", "idle"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_capture_answered_by_mate_chases_only_where_the_reading_counts_it) {
    // The black chariot holds the h-file against the red chariot on h2 (were it to leave, h2-h9 would check along the
    // empty rank 9; the black general on f9 could not step to e9 or f8, both the red horse's on d7, and nothing black
    // could reach g9 or h9: mate at once). Stepping h5-h6 it attacks the cannon on a6 along rank 6, and h6-h5 the
    // cannon on a5 along rank 5; neither cannon is protected (a cannon needs a screen; the horse reaches neither),
    // and each is attacked anew. Red's elephant g0-i2 attacks nothing and red has no check (the f-file is shut by the
    // black soldier on f4, rank 9 and the h-file by the black chariot): idle. The attack on the red chariot is an offer
    // to exchange. Counting every capture: black chases a6 and a5 in turn (chase_several); where a capture after
    // which the opponent mates at once chases nothing (CXA 2011 24.3, 图 7): idle.
    const std::string fen = "5k3/9/3N5/C8/C6r1/5p3/9/7R1/9/4K1B2 w - - 0 1";
    const std::vector<std::string> cycle{"g0i2", "h5h6", "i2g0", "h6h5"};
    BOOST_TEST(patterns(fen, cycle) == (Patterns{"idle", "chase_several"}), boost::test_tools::per_element());
    BOOST_TEST(patterns(fen, cycle, 2, mated_capture_idle) == (Patterns{"idle", "idle"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_piece_won_through_a_check_is_chased_only_where_the_reading_counts_it) {
    // Red: general d0, horse f6. Black: general e9, chariot i5. Red's f6-h7 attacks the chariot on i5 (leg h6
    // empty): a chase. Black's i5-i7 escapes (and attacks the horse on h7 along rank 7: a chase); red's h7-f6 attacks
    // nothing (from f6 the horse reaches g8, e8, d7, d5, e4, g4, h5, h7), but threatens f6-g8 (leg f7), a check on e9
    // (leg f8) that also attacks i7 (leg h8). Black cannot take g8 (the chariot is on neither its rank nor its file)
    // nor fill f8 (nothing black reaches it), and its general's steps (e8, f9; d9 faces the red general on the open
    // d-file) leave i7 to g8xi7, unprotected: the chariot is won through one check. From h7 the horse has no check
    // (g9, i9, f8, f6, g5, i5 are no horse checks on e9) and reaches neither i7 nor, from f6, i5 through a check, so
    // each red move chases anew. Black's i7-i5 attacks nothing red: idle. Counting captures open at once only: red
    // chases, then is idle (idle); counting a capture won through checks: the chariot all along (chase).
    const std::string fen = "4k4/9/9/5N3/8r/9/9/9/9/3K5 w - - 0 1";
    const std::vector<std::string> cycle{"f6h7", "i5i7", "h7f6", "i7i5"};
    BOOST_TEST(patterns(fen, cycle) == (Patterns{"idle", "idle"}), boost::test_tools::per_element());
    BOOST_TEST(patterns(fen, cycle, 2, won_by_one_check) == (Patterns{"chase", "idle"}),
               boost::test_tools::per_element());
    BOOST_TEST(patterns(fen, cycle, 2, won_by_three_checks) == (Patterns{"chase", "idle"}),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(chariots_stepping_back_and_forth_are_idle) {
    BOOST_TEST(patterns("5k2r/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", {"a0a1", "i9i8", "a1a0", "i8i9"}) ==
               (Patterns{"idle", "idle"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace cycle_facts_test
