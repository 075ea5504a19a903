// The words the procedure layer acts on, one implementation each, found through the tables in the files named
// below. The registry (schemas/topics.yaml) is the vocabulary's single source: the registry is refused at load when
// it names a word that is not here (rulebook::EngineWords), and a test fails when a word here is not in it.
//
//   entries     entries.cpp      timeline entry kind -> handler
//   claims      claims.cpp       claim kind -> handler (and the trigger it raises)
//   claimants   claims.cpp       claim.by -> who may claim or establish
//   deadlines   claims.cpp       claim.deadline -> until when
//   conditions  conditions.cpp   case condition -> evaluator
//   effects     effects.cpp      effect -> handler
//   triggers    triggers.cpp     what the runner notices -> the topic the registry binds to it (per game)
//   params      params.cpp       topic.param -> the place that reads it
#pragma once

#include "rulebook/registry.h"

#include <cstdint>
#include <string_view>

namespace arbiter::procedure {

// What the runner notices. The topic each raises is data: the registry's `raised_by` on the topic (and its
// `game`, where the topic belongs to one game), so the runner names no topic and no game.
enum class Trigger : std::uint8_t {
    entry_arrive, entry_phone, entry_resign, entry_accept, entry_touch, entry_assign, entry_declare,
    entry_declare_end, entry_incident, entry_appeal,
    claim_repetition, claim_fifty_moves, claim_incorrect, claim_lapsed, claim_quickplay_finish, claim_win_on_time,
    claim_illegal_move, claim_book_draw, claim_touch_move, point_out_illegal_move, flag_fallen, both_flags_fallen,
    board_checkmate, board_stalemate, board_dead_position, board_neither_can_move, board_repetition,
    board_perpetual_check, board_move_limit, board_move_rule, board_tie, board_illegal_move, game_ended, clock_reached_zero,
    arbiter_adjourn, arbiter_unneeded,
    board_forcing_cycle,
    illegal_position_seen,
    count
};

std::string_view trigger_name(Trigger trigger);

// Every word the procedure layer implements, by kind (the registry's sections), for the registry check and the
// cross-check test.
const rulebook::EngineWords& implemented_words();

}  // namespace arbiter::procedure
