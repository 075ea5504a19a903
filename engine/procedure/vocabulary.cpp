// The trigger names (the registry's `triggers`) and every word the procedure layer acts on, gathered from the
// tables of the files vocabulary.h lists.
#include "procedure/vocabulary.h"

#include "procedure/params.h"
#include "procedure/tables.h"

#include <lua.hpp>

#include <array>
#include <memory>
#include <string>

namespace arbiter::procedure {

namespace {

constexpr std::array<std::string_view, std::size_t(Trigger::count)> trigger_names = {
    "entry.arrive", "entry.phone", "entry.resign", "entry.accept", "entry.touch", "entry.assign", "entry.declare",
    "entry.declare_end", "entry.incident", "entry.appeal",
    "claim.repetition", "claim.fifty_moves", "claim.incorrect", "claim.lapsed", "claim.quickplay_finish",
    "claim.win_on_time", "claim.illegal_move", "claim.book_draw", "claim.touch_move", "point_out.illegal_move",
    "flag_fallen",
    "both_flags_fallen",
    "board.checkmate", "board.stalemate", "board.dead_position", "board.neither_can_move", "board.repetition",
    "board.perpetual_check", "board.move_limit", "board.move_rule", "board.tie", "board.illegal_move", "game.ended",
    "clock.reached_zero",
    "arbiter.adjourn", "arbiter.unneeded",
    "board.forcing_cycle",
    "illegal_position_seen"};

// The roles bound only in some places (registry `roles`), by the trigger that raises the rule: what the runner
// calls the player the situation is about (Context::actor and Context::roles where each trigger is raised). The
// side names, to_move and both are bound everywhere. The enumeration test raises each pair.
constexpr std::string_view place_roles[] = {
    "entry.arrive absent", "entry.arrive offender", "entry.arrive opponent", "entry.arrive present",
    "entry.phone offender", "entry.phone opponent",
    "entry.resign declarer", "entry.resign opponent",
    "entry.accept declarer", "entry.accept opponent",
    "entry.touch offender", "entry.touch opponent",
    "entry.assign right_holder",
    "entry.declare declarer", "entry.declare opponent",
    "entry.declare_end declarer", "entry.declare_end opponent",
    "entry.incident offender", "entry.incident absent", "entry.incident claimant", "entry.incident declarer",
    "entry.incident mover", "entry.incident opponent", "entry.incident present", "entry.incident right_holder",
    "entry.appeal claimant", "entry.appeal opponent",
    "claim.repetition claimant", "claim.repetition opponent",
    "claim.fifty_moves claimant", "claim.fifty_moves opponent",
    "claim.incorrect claimant", "claim.incorrect opponent",
    "claim.lapsed claimant", "claim.lapsed opponent",
    "claim.quickplay_finish claimant", "claim.quickplay_finish opponent",
    "claim.win_on_time claimant", "claim.win_on_time opponent",
    "claim.book_draw claimant", "claim.book_draw opponent",
    "claim.touch_move offender", "claim.touch_move claimant", "claim.touch_move opponent",
    "claim.illegal_move offender", "claim.illegal_move claimant", "claim.illegal_move opponent",
    "point_out.illegal_move offender", "point_out.illegal_move claimant", "point_out.illegal_move opponent",
    "flag_fallen offender", "flag_fallen claimant", "flag_fallen opponent",
    "both_flags_fallen right_holder",
    "clock.reached_zero offender", "clock.reached_zero opponent",
    "board.checkmate mover", "board.checkmate opponent",
    "board.stalemate mover", "board.stalemate opponent",
    "board.dead_position mover", "board.dead_position opponent",
    "board.neither_can_move mover", "board.neither_can_move opponent",
    "board.move_limit mover", "board.move_limit opponent",
    "board.perpetual_check offender", "board.perpetual_check opponent",
    "board.tie right_holder",
    "board.illegal_move offender", "board.illegal_move mover", "board.illegal_move opponent",
    "game.ended right_holder",
    "arbiter.adjourn mover", "arbiter.adjourn opponent",
    "board.forcing_cycle offender", "board.forcing_cycle opponent"};

// The conditions the runner establishes only where a trigger finds them (the facts of claims.cpp, entries.cpp,
// illegal.cpp, counting.cpp; the arrival conditions read the arrival fact). An incident establishes whichever facts the
// timeline gives it (implemented_words adds those). The enumeration test proves each pair executes and each other
// pair is refused at load.
constexpr std::string_view place_conditions[] = {
    "entry.arrive latecomer_forfeits", "entry.arrive arrival_after", "entry.arrive arrival_at_least",
    "entry.arrive opponent_arrival_after", "entry.arrive opponent_arrival_at_least",
    "entry.touch touched_piece", "claim.touch_move touched_piece", "entry.touch touched_pair",
    "claim.touch_move touched_pair",
    "board.checkmate move_breached_touch", "board.stalemate move_breached_touch",
    "entry.declare actor_side", "entry.declare own_turn", "entry.declare king_in_zone",
    "entry.declare opponent_king_in_zone", "entry.declare zone_points_at_least", "entry.declare pieces_in_zone_at_least",
    "entry.declare not_in_check", "entry.declare first_side_points_at_least",
    "entry.declare second_side_points_at_least",
    "claim.repetition claim_correct", "claim.repetition claim_announces_move",
    "claim.fifty_moves claim_correct", "claim.fifty_moves claim_announces_move",
    "claim.illegal_move claim_correct",
    "claim.book_draw claim_correct", "claim.book_draw forced_win_shown",
    "point_out.illegal_move claim_correct", "point_out.illegal_move pointed_out_in_time",
    "point_out.illegal_move official_record", "point_out.illegal_move before_next_round",
    "point_out.illegal_move players_agree", "point_out.illegal_move irregularity_correctable",
    "point_out.illegal_move last_move", "point_out.illegal_move disc_named",
    "flag_fallen claim_correct", "flag_fallen forced_win_shown",
    "both_flags_fallen order_known",
    "board.illegal_move claim_correct",
    "board.repetition occurrence",
    "board.forcing_cycle cycle_pattern", "board.forcing_cycle opponent_cycle_pattern",
    "illegal_position_seen rechecked",
    "entry.appeal appealed_topic"};

// The deadlines counted only where a trigger gives them their act (claim_admissibility.cpp): within_last_moves counts
// the offender's moves from the illegal move, which only the illegal-move triggers record (illegal.cpp); elsewhere
// it would admit every claim. The vocabulary enumeration test proves each pair executes or is refused at load.
constexpr std::string_view act_deadlines[] = {"claim.illegal_move within_last_moves",
                                              "board.illegal_move within_last_moves"};
// The triggers whose handlers ask whether a claim is in time (State::admissible: claims.cpp, entries.cpp,
// illegal.cpp): every other deadline is counted there and nowhere else (a touch, a declaration or the end on the
// board never asks, so a deadline on their rules would validate and do nothing). An appeal (appeal.cpp) asks only who
// may appeal: the deadlines count from an act on the board, which an appeal against a ruling does not have.
constexpr std::string_view claim_checked[] = {"claim.repetition", "claim.fifty_moves", "claim.quickplay_finish",
                                              "claim.illegal_move", "claim.book_draw", "flag_fallen", "entry.incident",
                                              "claim.touch_move", "both_flags_fallen",
                                              "board.illegal_move", "point_out.illegal_move"};

// The deadlines counted in moves read the rule's claim_moves (claim_admissibility.cpp): without it they never pass.
constexpr std::string_view deadline_params[] = {"within_last_moves claim_moves",
                                                "before_each_player_has_made_moves claim_moves"};

// Conditions that read the player a role names (conditions.cpp role_side): bound where the role is.
constexpr std::string_view condition_roles[] = {
    "opponent_cannot_checkmate opponent", "opponent_material_in opponent", "claimant_cannot_checkmate claimant",
    "offender_material_lacks offender"};

// A hooks file compiled, never run, in a bare state (no library, no budget: compiling runs none of its code), so that
// a syntax error is refused when the rulebook loads: "line: message", or empty.
std::string compile_hooks(const std::string& source, const std::string& chunk) {
    const std::unique_ptr<lua_State, void (*)(lua_State*)> L(luaL_newstate(), lua_close);
    if (!L) return "0: cannot create a Lua state";
    const std::string name = "=" + chunk;
    if (luaL_loadbufferx(L.get(), source.data(), source.size(), name.c_str(), "t") == LUA_OK) return {};
    std::string message = lua_tostring(L.get(), -1) ? lua_tostring(L.get(), -1) : "a syntax error";
    // "chunk:12: unexpected symbol near 'x'" -> "12: unexpected symbol near 'x'"
    if (message.starts_with(chunk + ":")) message = message.substr(chunk.size() + 1);
    return message;
}

}  // namespace

std::string_view trigger_name(Trigger trigger) { return trigger_names[std::size_t(trigger)]; }

const rulebook::EngineWords& implemented_words() {
    static const rulebook::EngineWords words = [] {
        rulebook::EngineWords w;
        w.triggers.assign(trigger_names.begin(), trigger_names.end());
        w.claimants = claimant_words();
        w.deadlines = deadline_words();
        w.material_properties = material_property_words();
        w.conditions = condition_words();
        w.effects = effect_words();
        w.options = option_words();
        w.place_roles.assign(std::begin(place_roles), std::end(place_roles));
        w.place_conditions.assign(std::begin(place_conditions), std::end(place_conditions));
        // An incident establishes the facts its entry names (any fact condition: rulebook/timeline.cpp checks them),
        // and a count of the board where its rule values pieces.
        // The arbiter's decision is established wherever the arbiter decides (decisions.cpp), so it is placed nowhere.
        static std::vector<std::string> incident;
        for (const auto c : condition_words())
            if ((is_fact_condition(c) || is_fact_bound_condition(c)) && c != "arbiter_decision")
                incident.push_back("entry.incident " + std::string(c));
        for (const auto& c : incident) w.place_conditions.push_back(c);
        // What an incident may state: the facts, and two conditions that read a fact where one is given (conditions.cpp).
        static std::vector<std::string> stated;
        for (const auto c : condition_words())
            if ((is_fact_condition(c) && c != "arbiter_decision") || c == "device_in_bag" || c == "final_period")
                stated.emplace_back(c);
        for (const auto& c : stated) w.incident_facts.push_back(c);
        w.place_deadlines.assign(std::begin(act_deadlines), std::end(act_deadlines));
        static std::vector<std::string> counted;  // "trigger deadline" for the deadlines counted wherever asked
        for (const auto d : deadline_words()) {
            bool by_act = false;
            for (const auto a : act_deadlines) by_act = by_act || a.substr(a.find(' ') + 1) == d;
            if (!by_act)
                for (const auto t : claim_checked) counted.push_back(std::string(t) + " " + std::string(d));
        }
        for (const auto& c : counted) w.place_deadlines.push_back(c);
        w.deadline_params.assign(std::begin(deadline_params), std::end(deadline_params));
        w.condition_roles.assign(std::begin(condition_roles), std::end(condition_roles));
        w.one_side_fields = one_side_field_words();
        w.field_choices = field_choice_words();
        w.compile_hooks = compile_hooks;
        w.counted_game_effects = {"count"};  // effects.cpp count: the board's piece_count
        // The words each capability of the board (board.h) answers: conditions.cpp, claims.cpp, entries.cpp
        // (cycle facts), counting.cpp (the impasse facts).
        w.analysis_words = {"opponent_cannot_checkmate dead_position", "claimant_cannot_checkmate dead_position",
                            "wrong_rook_pawn dead_position", "drawn_king_and_pawn king_and_pawn",
                            "cycle_pattern cycle_facts", "opponent_cycle_pattern cycle_facts",
                            "king_in_zone impasse_count", "opponent_king_in_zone impasse_count",
                            "zone_points_at_least impasse_count", "pieces_in_zone_at_least impasse_count",
                            "first_side_points_at_least impasse_count", "second_side_points_at_least impasse_count"};
        w.claims = claim_words();
        w.entries = entry_words();
        static std::vector<std::string> params;  // "mechanism param", kept for the views below
        for (const auto& p : params::all) params.push_back(std::string(p.mechanism) + " " + std::string(p.name));
        for (const auto& p : params) w.params.push_back(p);
        return w;
    }();
    return words;
}

}  // namespace arbiter::procedure
