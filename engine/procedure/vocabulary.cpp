// The trigger names (the registry's `triggers`) and every word the procedure layer acts on, gathered from the
// tables of the files vocabulary.h lists.
#include "procedure/vocabulary.h"

#include "procedure/params.h"
#include "procedure/tables.h"

#include <array>
#include <string>

namespace arbiter::procedure {

namespace {

constexpr std::array<std::string_view, std::size_t(Trigger::count)> trigger_names = {
    "entry.arrive", "entry.phone", "entry.resign", "entry.accept", "entry.touch", "entry.assign", "entry.declare",
    "entry.declare_end", "entry.incident",
    "claim.repetition", "claim.fifty_moves", "claim.incorrect", "claim.lapsed", "claim.quickplay_finish",
    "claim.win_on_time", "claim.illegal_move", "claim.book_draw", "point_out.illegal_move", "flag_fallen",
    "both_flags_fallen",
    "board.checkmate", "board.stalemate", "board.dead_position", "board.neither_can_move", "board.repetition",
    "board.perpetual_check", "board.move_limit", "board.move_rule", "board.tie", "board.illegal_move", "game.ended",
    "clock.reached_zero",
    "arbiter.adjourn", "arbiter.unneeded"};

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
        w.claims = claim_words();
        w.entries = entry_words();
        static std::vector<std::string> params;  // "topic.param", kept for the views below
        for (const auto& p : params::all) params.push_back(std::string(p.topic) + "." + std::string(p.name));
        for (const auto& p : params) w.params.push_back(p);
        return w;
    }();
    return words;
}

}  // namespace arbiter::procedure
