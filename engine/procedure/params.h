// The parameters the engine itself reads, keyed by the mechanism that reads them, never by a topic: a trigger (the
// parameter is read from the rule that trigger raises, whichever topic the registry binds to it in the game) or a
// setting (read from the rule on the topic whose registry entry names that `setting`). A parameter not listed here
// acts only where a rule refers to it ({param: name} in its effects or cases, or its Lua hook), and the loader
// refuses one that nothing reads. docs/VOCABULARY.md lists each with the topics it binds to.
#pragma once

#include <string_view>

namespace arbiter::procedure::params {

struct Name {
    std::string_view mechanism, name;  // a trigger name (vocabulary.cpp) or a setting word (topics.yaml `setting`)
};

// Settings: rules on topics nothing raises, found by the topic's `setting` (runner.cpp, entries.cpp, claims.cpp)
inline constexpr Name started_by{"clock_start", "started_by"};     // whose press starts the game
inline constexpr Name categories{"categories", "basis_moves"};     // moves the increment counts for
inline constexpr Name main_time{"time_control", "main_time"};      // the rulebook's own time control (its
inline constexpr Name byoyomi{"time_control", "byoyomi"};          // reading: rulebook/stated_time_control.cpp)
inline constexpr Name score_win{"scoring", "win"};
inline constexpr Name score_draw{"scoring", "draw"};
inline constexpr Name score_loss{"scoring", "loss"};
inline constexpr Name touch_binds{"move_completion", "touch_binds"};  // a touched playable square is the move
inline constexpr Name claim_is_offer{"draw_offer", "claim_is_offer"};
inline constexpr Name declined_by_touch{"draw_offer", "declined_by_touch"};
// Read from the rule a trigger raises
inline constexpr Name absent_clock_runs{"entry.arrive", "absent_clock_runs"};
inline constexpr Name claim_occurrences{"claim.repetition", "occurrences"};
inline constexpr Name castling{"claim.repetition", "castling"};
inline constexpr Name move_rule_moves{"claim.fifty_moves", "moves"};
inline constexpr Name lost_on{"claim.lapsed", "lost_on"};
inline constexpr Name claim_below{"claim.quickplay_finish", "claim_below"};
inline constexpr Name book_material{"claim.book_draw", "material"};
inline constexpr Name arbiter_consent{"entry.accept", "arbiter_consent"};
inline constexpr Name press_without_move{"claim.illegal_move", "press_without_move"};  // a press with no move is one
inline constexpr Name two_hand_move{"claim.illegal_move", "two_hand_move"};  // a move made with two hands is one
inline constexpr Name replacement_touched{"claim.illegal_move", "replacement_touched"};  // 4.3 binds its replacement
inline constexpr Name claim_moves{"entry.incident", "claim_moves"};  // a deadline's count of moves (claims.cpp)
inline constexpr Name illegal_claim_moves{"claim.illegal_move", "claim_moves"};  // the same, on an illegal move
inline constexpr Name bag_allowed{"entry.incident", "bag_allowed"};  // device_in_bag: the event allows the bag
inline constexpr Name deduction_max{"claim.incorrect", "claimant_deduction_max"};      // caps the arbiter's deduction
inline constexpr Name repetition_occurrences{"board.repetition", "occurrences"};  // the board's automatic repetition
inline constexpr Name automatic_moves{"board.move_rule", "moves"};
inline constexpr Name move_limit{"board.move_limit", "moves"};
inline constexpr Name flag_automatic{"clock.reached_zero", "automatic"};
inline constexpr Name major_value{"entry.declare", "major_value"};  // an impasse count's piece values
inline constexpr Name minor_value{"entry.declare", "minor_value"};
inline constexpr Name count_major_value{"entry.incident", "major_value"};  // the same count, on an incident
inline constexpr Name count_minor_value{"entry.incident", "minor_value"};
inline constexpr Name name_disc_required{"point_out.illegal_move", "name_disc_required"};
inline constexpr Name empties_to_winner{"board.neither_can_move", "empties_to_winner"};
inline constexpr Name disc_difference{"game.ended", "disc_difference"};
inline constexpr Name royal_moves_never_chase{"board.forcing_cycle", "royal_moves_never_chase"};  // core::ChaseReading
inline constexpr Name chase_wins_material{"board.forcing_cycle", "chase_wins_material"};
inline constexpr Name capture_into_mate_never_chases{"board.forcing_cycle", "capture_into_mate_never_chases"};
inline constexpr Name chase_through_checks{"board.forcing_cycle", "chase_through_checks"};

inline constexpr Name all[] = {started_by, main_time, byoyomi, categories,       score_win,         score_draw,        score_loss,
                               touch_binds,        claim_is_offer,   declined_by_touch, absent_clock_runs, claim_occurrences,
                               castling,           move_rule_moves,  lost_on,           claim_below,       book_material,
                               arbiter_consent,    press_without_move, deduction_max,   repetition_occurrences,
                               automatic_moves,    move_limit,       flag_automatic,    major_value,       minor_value,
                               count_major_value,  count_minor_value, name_disc_required, empties_to_winner,
                               disc_difference,    two_hand_move,    replacement_touched, claim_moves,       bag_allowed,
                               illegal_claim_moves, royal_moves_never_chase, chase_wins_material,
                               capture_into_mate_never_chases, chase_through_checks};

}  // namespace arbiter::procedure::params
