// Case conditions (registry `conditions`): one evaluator each, found through the table below. A condition is
// a fact the entry established (compared for equality), a bound on a counted fact, or something the runner
// reads off the board, the clock or the run. nullopt: not known here (the case does not match).
#include "procedure/run_state.h"

#include "procedure/params.h"
#include "procedure/tables.h"
#include "rulebook/schema.h"

#include <algorithm>

namespace arbiter::procedure {

namespace {

using State = Runner::State;
// The rule is the one whose case is read (a condition may read the rule's own parameters).
using Evaluate = std::optional<bool> (*)(State&, const rulebook::Rule&, std::string_view name, const json& value,
                                         const Context& ctx);

// A fact the entry established: equal to the value the case names.
std::optional<bool> fact(State&, const rulebook::Rule&, std::string_view name, const json& value, const Context& ctx) {
    const auto it = ctx.facts.find(std::string(name));
    if (it == ctx.facts.end()) return std::nullopt;
    return *it == value;
}

// `zone_points_at_least: 27` bounds the fact `zone_points`.
std::optional<bool> at_least(State&, const rulebook::Rule&,
                             std::string_view name, const json& value, const Context& ctx) {
    const auto it = ctx.facts.find(std::string(name.substr(0, name.size() - std::string_view("_at_least").size())));
    if (it == ctx.facts.end() || !it->is_number() || !value.is_number()) return std::nullopt;
    return it->get<double>() >= value.get<double>();
}

std::optional<bool> cannot_checkmate(State& st, int side, const json& value) {
    // The game's dead_position analysis (the rulebook check refused this condition in a game without it).
    const DeadPositionFacts* facts = st.game ? st.game->capability<DeadPositionFacts>() : nullptr;
    if (!facts || side < 0 || side > 1) return std::nullopt;
    const auto c = facts->cannot_checkmate(side);
    if (!c || !value.is_boolean()) return std::nullopt;
    return *c == value.get<bool>();
}

std::optional<bool> opponent_cannot_checkmate(State& st, const rulebook::Rule&,
                                              std::string_view, const json& value, const Context& ctx) {
    return cannot_checkmate(st, st.role_side("opponent", ctx), value);
}

std::optional<bool> claimant_cannot_checkmate(State& st, const rulebook::Rule&,
                                              std::string_view, const json& value, const Context& ctx) {
    return cannot_checkmate(st, st.role_side("claimant", ctx), value);
}

// `opponent_material_in: "K; KB; KN"`: the opponent's pieces (Board::material, the game file's letters) are exactly
// one of the ';'-separated lists, letters in any order. Lets a rulebook say with what material a player cannot win on
// time (US Chess 14E: a lone king, king and bishop, or king and knight) where the engine's own test is 6.9's "any
// series of legal moves" (opponent_cannot_checkmate).
std::optional<bool> opponent_material_in(State& st, const rulebook::Rule&, std::string_view, const json& value,
                                         const Context& ctx) {
    const int side = st.role_side("opponent", ctx);
    if (!st.game || side < 0 || side > 1 || !value.is_string()) return std::nullopt;
    std::string have = st.game->material(side);
    std::sort(have.begin(), have.end());
    const std::string& lists = value.get_ref<const std::string&>();
    for (std::size_t from = 0; from <= lists.size();) {
        const std::size_t end = std::min(lists.find(';', from), lists.size());
        std::string item;
        for (std::size_t i = from; i < end; ++i)
            if (lists[i] != ' ') item += lists[i];
        std::sort(item.begin(), item.end());
        if (!item.empty() && item == have) return true;
        from = end + 1;
    }
    return false;
}

// `offender_material_lacks: "P"`: the offender (the player whose flag fell, whose act is ruled) has none of the listed
// piece letters (Board::material's letters; spaces ignored). What the opponent needs to win on time can depend on the
// offender's own pieces (US Chess 14E3: two knights win on time only against a player who has pawns).
std::optional<bool> offender_material_lacks(State& st, const rulebook::Rule&, std::string_view, const json& value,
                                            const Context& ctx) {
    const int side = st.role_side("offender", ctx);
    if (!st.game || side < 0 || side > 1 || !value.is_string()) return std::nullopt;
    const std::string have = st.game->material(side);
    for (const char letter : value.get_ref<const std::string&>())
        if (letter != ' ' && letter != ';' && have.find(letter) != std::string::npos) return false;
    return true;
}

// The last period of the time control: as the entry found it (both flags), else the actor's clock now.
std::optional<bool> final_period(State& st, const rulebook::Rule& r,
                                 std::string_view name, const json& value, const Context& ctx) {
    if (ctx.facts.contains(std::string(name))) return fact(st, r, name, value, ctx);
    if (!st.clk || !value.is_boolean()) return std::nullopt;
    const int side = ctx.actor >= 0 ? ctx.actor : st.to_move();
    return st.clk->reading(side, st.now).last_period == value.get<bool>();
}

std::optional<bool> time_left(State& st, const rulebook::Rule&,
                              std::string_view name, const json& value, const Context& ctx) {
    const auto limit = State::as_ms(value);
    if (!limit || ctx.actor < 0 || ctx.actor > 1) return std::nullopt;
    const auto left = st.shown(ctx.actor).count();
    return name == "time_left_at_most" ? left <= *limit : left > *limit;
}

// The whole game in one fixed time: a single period for all the moves, with no increment, delay, byoyomi or Canadian
// overtime (the "sudden death" of JCA chapter 15 and FIDE 10.2). False for an untimed game.
std::optional<bool> sudden_death(State& st, const rulebook::Rule&,
                                 std::string_view, const json& value, const Context&) {
    if (!value.is_boolean()) return std::nullopt;
    const auto& c = st.control;
    const bool sudden = c && c->kind == clock::TimeControl::Kind::periods && c->periods.size() == 1 &&
                        c->periods[0].moves == 0 && c->periods[0].increment.count() == 0 && !c->delay && !c->byoyomi &&
                        !c->canadian;
    return sudden == value.get<bool>();
}

// The game's time control adds time for moves: an increment or a delay in any period, as the event set it (an
// increment granted during the game, Guidelines III.4, does not change what kind of game it is).
std::optional<bool> time_added_per_move(State& st, const rulebook::Rule&, std::string_view, const json& value,
                                        const Context&) {
    if (!value.is_boolean() || !st.control) return std::nullopt;
    const auto& c = *st.control;
    bool added = c.delay.has_value();
    for (const auto& p : c.periods) added = added || p.increment.count() > 0;
    return added == value.get<bool>();
}

// What the clocks add for each move in the period the actor is playing (its increment, or the delay's fixed extra
// time, FIDE 2009 6.2b) is at least the value: FIDE 2009 8.4 exempts from recording only without 30 s or more added.
std::optional<bool> increment_at_least(State& st, const rulebook::Rule&, std::string_view, const json& value,
                                       const Context& ctx) {
    const auto least = State::as_ms(value);
    if (!least || !st.clk) return std::nullopt;
    const auto& c = st.clk->control();
    if (c.periods.empty()) return false;
    const int side = ctx.actor >= 0 && ctx.actor <= 1 ? ctx.actor : st.to_move();
    const auto period = std::min<std::size_t>(std::size_t(st.clk->reading(side, st.now).period), c.periods.size() - 1);
    std::int64_t added = c.periods[period].increment.count();
    if (c.delay) added = std::max<std::int64_t>(added, c.delay->time.count());
    return added >= *least;
}

// The clocks as they run now add time for moves (an increment or a delay in any period), whether the event set it or
// a ruling added it during the game (add_increment, add_delay): US Chess 14H1 refuses the claim on such a clock
// "whether the game begins with such a clock or one is added". Beside time_added_per_move, which reads the event's.
std::optional<bool> clock_adds_time(State& st, const rulebook::Rule&, std::string_view, const json& value,
                                    const Context&) {
    if (!value.is_boolean() || !st.clk) return std::nullopt;
    const auto& c = st.clk->control();
    bool added = c.delay.has_value();
    for (const auto& p : c.periods) added = added || p.increment.count() > 0;
    return added == value.get<bool>();
}

// Holds when its value is false. Written with a boolean parameter ({switched_off: {param: announced}}), it holds
// where the event has not switched that part of the rules on (FIDE 2014 G.2: the appendix applies only if
// announced); the parameter, not this word, says what is switched.
std::optional<bool> switched_off(State&, const rulebook::Rule&, std::string_view, const json& value, const Context&) {
    if (!value.is_boolean()) return std::nullopt;
    return !value.get<bool>();
}

std::optional<bool> moves_completed_at_least(State& st, const rulebook::Rule&,
                                             std::string_view, const json& value, const Context&) {
    if (!st.game || !value.is_number()) return std::nullopt;
    return st.game->ply() / 2 >= value.get<std::int64_t>();
}

// An arrival against a lateness: strictly later (..._after) or at least as late (..._at_least); the actor's own
// (arrival_*) or the opponent's (opponent_arrival_*: false when the opponent was present from the start).
std::optional<bool> arrival(State&, const rulebook::Rule&,
                            std::string_view name, const json& value, const Context& ctx) {
    const auto limit = State::as_ms(value);
    const bool opponent = name.starts_with("opponent_");
    const char* fact = opponent ? "opponent_arrival_ms" : "arrival_ms";
    if (!limit || !ctx.facts.contains("arrival_ms")) return std::nullopt;
    if (!ctx.facts.contains(fact)) return false;
    const std::int64_t at = ctx.facts[fact].get<std::int64_t>();
    return name.ends_with("_at_least") ? at >= *limit : at > *limit;
}

std::optional<bool> category(State& st, const rulebook::Rule&, std::string_view, const json& value, const Context&) {
    if (!value.is_string()) return std::nullopt;
    return (st.category ? st.category->name : std::string()) == value.get<std::string>();
}

std::optional<bool> mode(State& st, const rulebook::Rule&, std::string_view, const json& value, const Context&) {
    if (!value.is_string()) return std::nullopt;
    return (st.mode ? st.mode->name : std::string()) == value.get<std::string>();
}

std::optional<bool> offence_count(State& st, const rulebook::Rule&,
                                  std::string_view, const json& value, const Context& ctx) {
    if (ctx.actor < 0 || ctx.actor > 1 || !value.is_number_integer()) return std::nullopt;
    return st.offences[ctx.topic][std::size_t(ctx.actor)] == value.get<std::int64_t>();
}

// An open decision, left by a postponement, on the claim the quickplay-finish trigger raises, with a draw among
// its options.
std::optional<bool> claim_awaiting_decision(State& st, const rulebook::Rule&,
                                            std::string_view, const json& value, const Context&) {
    if (!value.is_boolean()) return std::nullopt;
    const std::string& topic = st.topic_of(Trigger::claim_quickplay_finish);
    bool waiting = false;
    for (const auto& o : st.open)
        waiting = waiting || (o.pending.topic == topic && std::find(o.pending.options.begin(), o.pending.options.end(), "draw") !=
                                                              o.pending.options.end());
    return waiting == value.get<bool>();
}

// How the game ended, read off the run: the topic of the ruling that ended it (clock.flag_fall for a fallen flag,
// othello.game_end for the count, clock.late_arrival for a forfeit at arrival). False while the game goes on, so a
// rule raised after the end (the result card) can give each kind of end its own count.
std::optional<bool> ended_by(State& st, const rulebook::Rule&, std::string_view, const json& value, const Context&) {
    // One topic, or a list of topics any of which ended it (FIDE 2009 6.9: checkmate, resignation, stalemate...). A
    // claim ruled after the end (State::after_the_end) still reads the result it may overturn.
    const bool over = st.ended || st.out.result.status == Status::ended;
    if (value.is_string()) return over && st.out.result.topic == value.get<std::string>();
    if (!value.is_array()) return std::nullopt;
    bool any = false;
    for (const auto& t : value) any = any || (t.is_string() && over && st.out.result.topic == t.get<std::string>());
    return any;
}

// The topic of the ruling an appeal is against (entry appeal's `against`): one topic, or a list any of which matches
// (FIDE 2009 12.10: no appeal against a 10.2 decision). Unset (false) outside an appeal.
std::optional<bool> appealed_topic(State&, const rulebook::Rule&, std::string_view, const json& value, const Context& ctx) {
    const auto it = ctx.facts.find("appealed_topic");
    if (it == ctx.facts.end() || !it->is_string()) return false;
    if (value.is_string()) return *it == value;
    if (!value.is_array()) return std::nullopt;
    return std::find(value.begin(), value.end(), *it) != value.end();
}

// The player the situation is about (the offender whose flag fell) made the last move on the board: the side not to
// move. After the end, JOA lets only the last mover's fall be pointed out (時間切れの取り扱い).
std::optional<bool> actor_moved_last(State& st, const rulebook::Rule&, std::string_view, const json& value,
                                     const Context& ctx) {
    if (!value.is_boolean()) return std::nullopt;
    return (ctx.actor >= 0 && st.game && ctx.actor == 1 - st.to_move()) == value.get<bool>();
}

// The device the incident found was kept switched off in a bag placed as agreed with the arbiter (the fact
// device_in_bag), and the event allows that (the rule's bag_allowed, false where unset: the regulations must say so,
// FIDE 2018 11.3.2.1, 2023 11.3.2.1). Otherwise the device counts as one the player has, whatever the fact says.
std::optional<bool> device_in_bag(State& st, const rulebook::Rule& r, std::string_view name, const json& value,
                                  const Context& ctx) {
    if (!value.is_boolean()) return std::nullopt;
    const auto it = ctx.facts.find(std::string(name));
    const bool in_bag = it != ctx.facts.end() && *it == true;
    const json allowed = st.param_value(r, params::bag_allowed.name);
    return (in_bag && allowed.is_boolean() && allowed.get<bool>()) == value.get<bool>();
}

// The board shows a position no legal play reaches (Board::illegal_position: the side not to move in check, a piece
// where the game's rules never leave one), read off the board as it stands when the rule is ruled.
std::optional<bool> illegal_position(State& st, const rulebook::Rule&, std::string_view, const json& value,
                                     const Context&) {
    if (!st.game || !value.is_boolean()) return std::nullopt;
    return st.game->illegal_position() == value.get<bool>();
}

struct ConditionImpl {
    std::string_view name;
    Evaluate evaluate;
};

// One row per registry condition; the cross-check test holds this table and the registry to the same words.
constexpr ConditionImpl table[] = {
    {"opponent_cannot_checkmate", opponent_cannot_checkmate},
    {"claimant_cannot_checkmate", claimant_cannot_checkmate},
    {"opponent_material_in", opponent_material_in},
    {"offender_material_lacks", offender_material_lacks},
    {"final_period", final_period},
    {"sudden_death", sudden_death},
    {"time_added_per_move", time_added_per_move},
    {"increment_at_least", increment_at_least},
    {"clock_adds_time", clock_adds_time},
    {"switched_off", switched_off},
    {"order_known", fact},
    {"time_left_at_most", time_left},
    {"time_left_over", time_left},
    {"moves_completed_at_least", moves_completed_at_least},
    {"claim_correct", fact},
    {"arrival_after", arrival},
    {"arrival_at_least", arrival},
    {"opponent_arrival_after", arrival},
    {"opponent_arrival_at_least", arrival},
    {"claim_awaiting_decision", claim_awaiting_decision},
    {"mode", mode},
    {"category", category},
    {"offence_count", offence_count},
    {"occurrence", fact},
    {"last_move", fact},
    {"pointed_out_in_time", fact},
    {"actor_side", fact},
    {"king_in_zone", fact},
    {"opponent_king_in_zone", fact},
    {"zone_points_at_least", at_least},
    {"pieces_in_zone_at_least", at_least},
    {"own_turn", fact},
    {"not_in_check", fact},
    {"first_side_points_at_least", at_least},
    {"second_side_points_at_least", at_least},
    {"official_record", fact},
    {"before_next_round", fact},
    {"clock_fault", fact},
    {"disc_named", fact},
    {"players_agree", fact},
    {"irregularity_correctable", fact},
    {"latecomer_forfeits", fact},
    {"arbiter_decision", fact},
    {"irregularity", fact},
    {"forced_win_shown", fact},
    {"sealed_move_defective", fact},
    {"touched_piece", fact},
    {"touched_pair", fact},
    {"move_breached_touch", fact},
    {"claim_announces_move", fact},
    {"ended_by", ended_by},
    {"appealed_topic", appealed_topic},
    {"actor_moved_last", actor_moved_last},
    {"device_in_bag", device_in_bag},
    {"cycle_pattern", fact},
    {"opponent_cycle_pattern", fact},
    {"illegal_position", illegal_position},
    {"rechecked", fact},
};

const ConditionImpl* find(std::string_view name) { return row_named(table, name); }

}  // namespace

std::vector<std::string_view> condition_words() { return names_of(table); }

bool is_fact_condition(std::string_view name) {
    const auto* c = find(name);
    return c && c->evaluate == fact;
}

bool is_fact_bound_condition(std::string_view name) {
    const auto* c = find(name);
    return c && c->evaluate == at_least;
}

std::optional<bool> Runner::State::condition(const rulebook::Rule& r, const std::string& name, const json& raw,
                                              const Context& ctx) {
    const auto* c = find(name);
    if (!c) return std::nullopt;  // the loader admits registry conditions only, and each has a row
    return c->evaluate(*this, r, name, resolve(r, raw), ctx);
}

// The first case of `r` whose conditions all hold (read from the YAML once per Runner).
const rulebook::Case* Runner::State::match(const rulebook::Rule& r, const Context& ctx) {
    for (const auto& c : r.cases) {
        auto [it, fresh] = runner.caches_->conditions.try_emplace(&c);
        if (fresh)
            for (const auto& kv : c.when) it->second.emplace_back(kv.first.Scalar(), rulebook::yaml_to_json(kv.second));
        bool all = true;
        for (const auto& [name, value] : it->second) {
            const auto holds = condition(r, name, value, ctx);
            if (!holds || !*holds) {
                all = false;
                break;
            }
        }
        if (all) return &c;
    }
    return nullptr;
}

}  // namespace arbiter::procedure
