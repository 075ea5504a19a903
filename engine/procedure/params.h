// The parameters the engine itself reads, one name each: the binding table between the registry's topic.param
// words and the places in engine/procedure that act on them. A parameter not listed here acts only where a rule
// refers to it ({param: name} in its effects or cases, or its Lua hook), and the loader refuses one that
// nothing reads.
#pragma once

#include <string_view>

namespace arbiter::procedure::params {

struct Name {
    std::string_view topic, name;
};

// Clock and time control (runner.cpp, entries.cpp)
inline constexpr Name started_by{"clock.start", "started_by"};                    // whose press starts the game
inline constexpr Name main_time{"clock.time_control", "main_time"};               // the rulebook's own time control
inline constexpr Name byoyomi{"clock.time_control", "byoyomi"};
inline constexpr Name categories{"clock.time_control_categories", "basis_moves"};  // moves the increment counts for
inline constexpr Name absent_clock_runs{"clock.late_arrival", "absent_clock_runs"};
// Results (runner.cpp)
inline constexpr Name score_win{"result.scoring", "win"};
inline constexpr Name score_draw{"result.scoring", "draw"};
inline constexpr Name score_loss{"result.scoring", "loss"};
// Draw claims and agreements (claims.cpp, entries.cpp)
inline constexpr Name claim_occurrences{"draw.repetition", "occurrences"};
inline constexpr Name castling{"draw.repetition", "castling"};
inline constexpr Name move_rule_moves{"draw.move_rule", "moves"};
inline constexpr Name lost_on{"draw.claim_lapse", "lost_on"};
inline constexpr Name claim_below{"draw.quickplay_finish", "claim_below"};
inline constexpr Name book_material{"draw.book_positions", "material"};
inline constexpr Name arbiter_consent{"draw.agreement", "arbiter_consent"};
inline constexpr Name claim_is_offer{"draw.offer", "claim_is_offer"};
inline constexpr Name declined_by_touch{"draw.offer", "declined_by_touch"};
inline constexpr Name press_without_move{"move.illegal", "press_without_move"};  // a press with no move is one
inline constexpr Name touch_binds{"move.completion", "touch_binds"};  // a touched playable square is the move
inline constexpr Name deduction_max{"draw.incorrect_claim", "claimant_deduction_max"};  // caps the arbiter's deduction
// Board events (entries.cpp, counting.cpp)
inline constexpr Name repetition_occurrences{"shogi.sennichite", "occurrences"};
inline constexpr Name move_limit{"shogi.max_moves", "moves"};
inline constexpr Name automatic_occurrences{"draw.automatic", "occurrences"};  // read through board.repetition
inline constexpr Name automatic_moves{"draw.automatic", "moves"};              // read through board.move_rule
inline constexpr Name flag_automatic{"clock.flag_fall", "automatic"};
inline constexpr Name major_value{"shogi.impasse", "major_value"};
inline constexpr Name minor_value{"shogi.impasse", "minor_value"};
inline constexpr Name count_major_value{"shogi.jishogi_count", "major_value"};  // the same count, on an incident
inline constexpr Name count_minor_value{"shogi.jishogi_count", "minor_value"};
inline constexpr Name name_disc_required{"othello.illegal_move_pointing", "name_disc_required"};
inline constexpr Name empties_to_winner{"othello.game_end", "empties_to_winner"};
inline constexpr Name disc_difference{"othello.result_card", "disc_difference"};

inline constexpr Name all[] = {started_by,  main_time,         byoyomi,         categories,         absent_clock_runs,
                               score_win,   score_draw,        score_loss,      claim_occurrences,  castling,
                               move_rule_moves, lost_on,       claim_below,     book_material,      arbiter_consent, deduction_max, claim_is_offer, declined_by_touch, touch_binds, press_without_move,
                               repetition_occurrences, move_limit, automatic_occurrences, automatic_moves, flag_automatic, major_value, minor_value, count_major_value, count_minor_value, name_disc_required,
                               empties_to_winner, disc_difference};

}  // namespace arbiter::procedure::params
