// Effects (registry `effects`): one handler each, found through the table below. A handler changes the run
// (clocks, board, result, open decisions) and fills in what the ruling lists as applied. Statement effects
// (registry `statement: true`) change nothing: the ruling states them and the players or the arbiter act.
#include "procedure/run_state.h"

#include "procedure/tables.h"
#include "rulebook/schema.h"

#include <algorithm>
#include <utility>

namespace arbiter::procedure {

namespace {

using State = Runner::State;

// What a handler did with the ruling: list `applied` in it, or not (it listed it itself, or nothing applied).
enum class Listed { yes, no };

struct Apply {
    State& st;
    const rulebook::Rule& rule;
    std::string_view name;
    const json& fields;
    const Context& ctx;
    Ruling& ruling;
    json& applied;

    int side(const char* key) const {
        if (!fields.is_object() || !fields.contains(key) || !fields[key].is_string()) return nobody;
        const int found = st.role_side(fields[key].get<std::string>(), ctx);
        // A role bound here that names nobody this time (no player holds the right): said, never silent.
        if (found == nobody)
            add_note({std::string(name) + ": " + fields[key].get<std::string>() + " names no player here; nothing applied",
                      std::string(name) + "：" + st.ja(fields[key].get<std::string>()) + "に当たる対局者がいないため適用しない"});
        return found;
    }
    void add_note(const Note& note) const { procedure::add_note(ruling.note, note); }
};

// add_time, deduct_time, set_time on one clock, or on each clock where `to` is both.
Listed clock_time(const Apply& a) {
    const int to = a.side("to");
    const auto amount = State::as_ms(a.st.resolve(a.rule, a.fields.value("amount", json())));
    if ((to < 0 || to > 1) && to != both_sides) return Listed::no;
    if (!amount) return Listed::no;
    if (*amount < 0)
        throw InputError({a.rule.from.file, a.rule.from.line, 0},
                         a.rule.topic + ": " + std::string(a.name) + " of a negative amount; expected an amount of 0 or more");
    for (int side = 0; side < 2; ++side) {
        if (to != both_sides && side != to) continue;
        auto& clk = a.st.clk;
        if (!clk) break;
        const Ms ms{*amount}, now = a.st.now;
        if (a.name == "add_time") a.st.on_clock(clk->add_time(side, ms, now), "add time");
        else if (a.name == "deduct_time") a.st.on_clock(clk->deduct_time(side, std::min(ms, a.st.shown(side)), now), "deduct time");
        else a.st.on_clock(clk->set_time(side, ms, now), "set the time");
    }
    a.applied["to"] = to == both_sides ? std::string("both") : a.st.side_name(to);
    a.applied["amount"] = *amount;
    return Listed::yes;
}

// add_increment: each clock adds `amount` more after every move from the next on, for both players. add_delay: every
// turn that begins from now on, for both players, starts with a simple delay of `amount` (a delay clock put on the
// game, US Chess 14H2). Where the control cannot take one (a delay, overtime, an hourglass; for a delay, also an
// increment) the ruling says so and the clocks stay as they were: the rule that introduces one asks for it where
// possible (FIDE Guidelines III.4).
Listed add_per_move(const Apply& a) {
    const bool delay = a.name == "add_delay";
    const auto amount = State::as_ms(a.st.resolve(a.rule, a.fields.value("amount", json())));
    if (!amount) return Listed::no;
    if (*amount < 0)
        throw InputError({a.rule.from.file, a.rule.from.line, 0},
                         a.rule.topic + ": " + std::string(a.name) +
                             " of a negative amount; expected an amount of 0 or more");
    if (a.st.clk) {
        auto& clk = *a.st.clk;
        const clock::Op op = delay ? clk.add_delay(Ms{*amount}, a.st.now) : clk.add_increment(Ms{*amount}, a.st.now);
        if (op == clock::Op::no_increment_here) {
            a.add_note({"add_increment: the time control cannot take an increment; the clocks are unchanged",
                        "add_increment：この持ち時間の方式には加算を設定できないため、時計は変えない"});
            return Listed::no;
        }
        if (op == clock::Op::no_delay_here) {
            a.add_note({"add_delay: the time control cannot take a delay (it has one, or an increment, overtime or an "
                        "hourglass); the clocks are unchanged",
                        "add_delay：この持ち時間の方式には遅延を設定できない（既に遅延・加算・秒読み等・砂時計がある）ため、時計は変えない"});
            return Listed::no;
        }
        a.st.on_clock(op, delay ? "add a delay" : "add an increment");
    }
    a.applied["amount"] = *amount;
    return Listed::yes;
}

Listed stop_clocks(const Apply& a) {
    if (a.st.clk && a.st.clk->running()) a.st.on_clock(a.st.clk->stop(a.st.now), "stop");
    return Listed::yes;
}

Listed restart_clocks(const Apply& a) {
    if (a.st.clk && !a.st.clk->running()) a.st.on_clock(a.st.clk->restart(a.st.now), "restart");
    return Listed::yes;
}

// lose, win, forfeit_unrated: the game ends with a score by role, unless a condition of `unless` holds (the
// opponent cannot checkmate: a draw instead). A condition that cannot be settled leaves the arbiter to decide.
Listed decisive(const Apply& a) {
    State& st = a.st;
    const int who = a.side("who");
    if (who < 0 || who > 1) return Listed::no;
    const int loser = a.name == "win" ? 1 - who : who;
    const bool rated = a.name != "forfeit_unrated" && a.fields.value("rated", true);
    const auto pts = st.points();
    std::array<double, 2> score{};
    score[std::size_t(loser)] = pts[2];
    score[std::size_t(1 - loser)] = pts[0];
    std::string outcome = a.name == "forfeit_unrated" ? "lose" : std::string(a.name);
    if (a.fields.is_object() && a.fields.contains("unless") && a.fields["unless"].is_object()) {
        Context c = a.ctx;
        c.actor = loser;  // the conditions are about the loser's opponent (opponent_cannot_checkmate)
        c.roles.erase("opponent");
        for (auto& [cond, result] : a.fields["unless"].items()) {
            const auto holds = st.condition(a.rule, cond, true, c);
            if (!holds) {
                a.add_note({"condition " + cond + " could not be settled: the arbiter decides",
                            "条件「" + a.st.ja(cond) + "」を確定できない：アービターが決める"});
                Pending p{a.ruling.topic, a.ruling.article, {std::string(a.name), result.get<std::string>()},
                          "Can the opponent still checkmate? (" + cond + " unknown)"};
                st.open.push_back({p, &a.rule, a.ctx});
                a.applied["unless"] = {{cond, "unknown"}};
                return Listed::yes;
            }
            if (*holds) {
                outcome = result.get<std::string>();
                a.applied["unless"] = {{cond, true}};
            }
        }
    }
    if (outcome == "draw") {
        score = {pts[1], pts[1]};
        a.applied = {{"effect", "draw"}, {"instead_of", a.name}};
    } else {
        a.applied["who"] = st.side_name(who);
    }
    if (!rated) a.applied["rated"] = false;
    a.ruling.effects.push_back(std::move(a.applied));
    st.end_game(score, rated, a.ruling.topic, a.ruling.article);
    return Listed::no;
}

Listed draw(const Apply& a) {
    const auto pts = a.st.points();
    const bool rated = a.fields.is_object() ? a.fields.value("rated", true) : true;
    if (!rated) a.applied["rated"] = false;
    a.ruling.effects.push_back(std::move(a.applied));
    a.st.end_game({pts[1], pts[1]}, rated, a.ruling.topic, a.ruling.article);
    return Listed::no;
}

// Each player's own score, by side or by role (both: each), for outcomes other than win, draw or loss. A score
// outside 0 .. the points of a win is an error: the rulebook would hand out points the event cannot record.
Listed score(const Apply& a) {
    std::array<double, 2> score{};
    const double most = a.st.points()[0];
    if (a.fields.is_object())
        for (const auto& [key, value] : a.fields.items()) {
            if (key == "rated") continue;
            const int side = a.st.role_side(key, a.ctx);
            if (side == nobody) continue;
            if (!value.is_number() || value.get<double>() < 0 || value.get<double>() > most)
                throw InputError({a.rule.from.file, a.rule.from.line, 0},
                                 a.rule.topic + ": score: found " + value.dump() + " for " + key + "; expected 0 to " +
                                     json(most).dump() + " points");
            if (side == both_sides) score = {value.get<double>(), value.get<double>()};
            else score[std::size_t(side)] = value.get<double>();
        }
    const bool rated = a.fields.value("rated", true);
    a.applied["score"] = {{a.st.side_name(0), score[0]}, {a.st.side_name(1), score[1]}};
    a.ruling.effects.push_back(std::move(a.applied));
    a.st.end_game(score, rated, a.ruling.topic, a.ruling.article);
    return Listed::no;
}

// The game is played again from its start: the players exchange colours and each keeps his own clock (clocks:
// remaining, the default: the time left, and the byoyomi he plays in if his main time is gone), or both start again
// with the time control's full time (clocks: fresh). A clock that was running runs on for the new game's first
// player from the replay's instant: nothing in the texts gives the new first move free time.
Listed replay_with_colours_swapped(const Apply& a) {
    State& st = a.st;
    const bool fresh = a.fields.is_object() && a.fields.value("clocks", std::string()) == "fresh";
    st.game->restart();
    ++st.board_version;
    st.colours_swapped = !st.colours_swapped;
    st.touched = {false, false};
    st.touches = {};
    st.touch_breach.reset();
    st.illegal.reset();
    st.rechecks.clear();  // a position of the game played before
    decltype(st.clocks()) now{};
    if (st.clk) {
        const bool running = st.clk->running().has_value();
        if (running) st.on_clock(st.clk->stop(st.now), "stop");
        if (fresh && st.control && st.control->is_timed()) st.clk.emplace(*st.control);
        else st.on_clock(st.clk->exchange(st.now), "exchange the clocks");
        if (running) st.on_clock(st.clk->start(st.game->side_to_move(), st.now), "start");
        now = st.clocks();
    }
    a.applied["clocks"] = {{st.side_name(0), now[0].count()}, {st.side_name(1), now[1].count()}};
    if (fresh) a.applied["fresh"] = true;
    a.add_note({"replay: the player who had " + st.side_name(1) + " now plays " + st.side_name(0),
                "指し直し：" + st.ja_side(1) + "だった対局者が" + st.ja_side(0) + "を持つ"});
    return Listed::yes;
}

// The game is annulled and a new one starts from the initial position with the time control's full time.
Listed replay(const Apply& a) {
    State& st = a.st;
    st.game->restart();
    ++st.board_version;
    st.touched = {false, false};
    st.touches = {};
    st.touch_breach.reset();
    st.illegal.reset();
    st.rechecks.clear();
    st.offences.clear();
    if (st.control && st.control->is_timed()) {
        st.clk.emplace(*st.control);
        st.on_clock(st.clk->start(st.game->side_to_move(), st.now), "start");
    }
    a.add_note({"a new game from the initial position", "初期局面から新たに対局する"});
    return Listed::yes;
}

// Play is over: the clocks stop while the lot is drawn at the board, and the ruling asks for the side that won it.
Listed decide_by_lot(const Apply& a) {
    State& st = a.st;
    if (st.clk && st.clk->running()) st.on_clock(st.clk->stop(st.now), "stop");
    Pending p{a.ruling.topic, a.ruling.article, {st.side_name(0), st.side_name(1)}, "Which side won the lot?"};
    st.open.push_back({p, &a.rule, a.ctx});
    a.applied["options"] = p.options;
    return Listed::yes;
}

Listed arbiter_decides(const Apply& a) {
    Pending p{a.ruling.topic, a.ruling.article, {}, "The arbiter chooses."};
    if (a.fields.is_object() && a.fields.contains("options"))
        for (const auto& o : a.fields["options"]) p.options.push_back(o.get<std::string>());
    a.st.open.push_back({p, &a.rule, a.ctx});
    a.applied["options"] = p.options;
    return Listed::yes;
}

// An illegal act the board holds is taken off it (one it could not hold never changed it); the clock of the
// side then to move runs.
Listed restore_position(const Apply& a) {
    State& st = a.st;
    if (a.ctx.restore_ply >= 0 && st.game) {
        if (st.game->take_back_to(a.ctx.restore_ply)) a.applied["position"] = st.game->position_text();
        ++st.board_version;
        if (st.clk && st.clk->running()) st.ensure_running(st.to_move());
    }
    if (a.fields.is_object())
        for (auto& [k, v] : a.fields.items()) a.applied[k] = v;
    return Listed::yes;
}

// must_move_touched, must_capture_touched: the touching side is bound (touch.cpp), a breach claimed is taken back.
Listed touch_bound(const Apply& a) {
    const bool joint = a.fields.is_object() && a.fields.contains("joint_move_first") &&
                       a.fields["joint_move_first"].is_boolean() && a.fields["joint_move_first"].get<bool>();
    a.add_note(a.st.bind_touch(a.ctx, a.name == "must_capture_touched", joint));
    return Listed::yes;
}

// An adjournment: the clocks stop until the game is resumed.
Listed adjourn(const Apply& a) {
    stop_clocks(a);
    return Listed::yes;
}

// A statement naming a party (warn: to, expel: who) or carrying fields: listed as the rulebook wrote it, with
// the party's side.
Listed statement(const Apply& a) {
    if (a.fields.is_object())
        for (auto& [k, v] : a.fields.items()) a.applied[k] = v;
    for (const char* key : {"to", "who"})
        if (const int side = a.side(key); side == 0 || side == 1) a.applied[key] = a.st.side_name(side);
    return Listed::yes;
}

// The discs counted for the record of a game that ended otherwise than by the count (won on time, a forfeit): the
// board's discs, credited for the result's winner as the fields say (empties_to_winner, winner_at_least). The result
// does not change. A game that is not decided by counting pieces has nothing to count.
Listed count(const Apply& a) {
    State& st = a.st;
    const DiscFacts* counted = st.game ? st.game->capability<DiscFacts>() : nullptr;
    const auto board = counted ? std::optional<PieceCount>(counted->piece_count()) : std::nullopt;
    if (!board) {
        a.add_note({"nothing to count: this game is not decided by counting pieces", "数える石がない：石数で決着するゲームではない"});
        return Listed::no;
    }
    auto field = [&](const char* key) { return a.fields.is_object() && a.fields.contains(key) ? st.resolve(a.rule, a.fields[key]) : json(); };
    DiscCredit credit;
    credit.empties_to_winner = field("empties_to_winner") == true;
    const int squares = board->pieces[0] + board->pieces[1] + board->empty;
    if (const json least = field("winner_at_least"); least.is_number_integer()) {
        if (least.get<std::int64_t>() < 0 || least.get<std::int64_t>() > squares)
            throw InputError({a.rule.from.file, a.rule.from.line, 0},
                             a.rule.topic + ": count: found winner_at_least " + least.dump() + "; expected 0 to " +
                                 std::to_string(squares) + " (the squares of the board)");
        credit.winner_at_least = least.get<int>();
    }
    a.add_note(st.credit_count(*board, st.result_winner(), credit));
    const auto& discs = *st.out.result.discs;
    a.applied["score"] = {{st.side_name(0), discs[0]}, {st.side_name(1), discs[1]}};
    return Listed::yes;
}

// recheck_after_moves: the rule is ruled again once `moves` more moves have been completed, with the fact
// rechecked true; its cases say what follows then (FIDE 2014 A.4d: the arbiter waits for the next move and draws if
// the illegal position is still on the board). A recheck itself schedules nothing further.
Listed recheck_after_moves(const Apply& a) {
    const json moves = a.fields.is_object() ? a.st.resolve(a.rule, a.fields.value("moves", json(1))) : a.fields;
    if (!moves.is_number_integer() || moves.get<std::int64_t>() < 1)
        throw InputError({a.rule.from.file, a.rule.from.line, 0},
                         a.rule.topic + ": recheck_after_moves: found moves " + moves.dump() + "; expected 1 or more");
    if (a.ctx.facts.value("rechecked", false)) return Listed::no;
    a.st.rechecks.push_back({&a.rule, a.ctx, moves.get<int>()});
    a.applied["moves"] = moves;
    return Listed::yes;
}

Listed hook(const Apply&) { return Listed::no; }  // handled by State::apply_hook

using Handler = Listed (*)(const Apply&);
struct EffectImpl {
    std::string_view name;
    Handler handler;
    bool records_the_end = false;  // applies once the game is over (tables.h records_the_end)
};

// One row per registry effect; the cross-check test holds this table and the registry to the same words.
constexpr EffectImpl table[] = {
    {"add_time", clock_time},
    {"deduct_time", clock_time},
    {"set_time", clock_time},
    {"add_increment", add_per_move},
    {"add_delay", add_per_move},
    {"warn", statement},
    {"lose", decisive},
    {"win", decisive},
    {"draw", draw},
    {"score", score},
    {"forfeit_unrated", decisive},
    {"replay_with_colours_swapped", replay_with_colours_swapped},
    {"decide_by_lot", decide_by_lot},
    {"restore_position", restore_position},
    {"replay", replay},
    {"continue", statement},
    {"reject_claim", statement},
    {"stop_clocks", stop_clocks},
    {"restart_clocks", restart_clocks},
    {"must_move_touched", touch_bound},
    {"must_capture_touched", touch_bound},
    {"lose_right", statement},
    {"adjourn", adjourn},
    {"expel", statement},
    {"fine", statement},            // recorded for the event's organisers: the game itself is not changed
    {"exclude_rounds", statement},  // likewise: later rounds are outside one game's timeline
    {"arbiter_decides", arbiter_decides, true},  // after a loss, the arbiter still decides the opponent's score (12.7)
    {"count", count, true},
    {"recheck_after_moves", recheck_after_moves},
    {"hook", hook},
};

const EffectImpl* find(std::string_view name) { return row_named(table, name); }

// Fields the handlers above read as one side: `both` there is refused at load (score: {both: 0} is both losing).
constexpr std::string_view one_side_fields[] = {"lose.who", "win.who", "forfeit_unrated.who"};

// The values the handlers above act on for a choice field (replay_with_colours_swapped reads clocks).
constexpr std::string_view field_choices[] = {"replay_with_colours_swapped.clocks=remaining",
                                              "replay_with_colours_swapped.clocks=fresh"};

}  // namespace

std::vector<std::string_view> effect_words() { return names_of(table); }
std::vector<std::string_view> one_side_field_words() { return {std::begin(one_side_fields), std::end(one_side_fields)}; }
std::vector<std::string_view> field_choice_words() { return {std::begin(field_choices), std::end(field_choices)}; }

bool records_the_end(std::string_view effect) {
    const auto* impl = find(effect);
    return impl && impl->records_the_end;
}

const json& Runner::State::effect_json(const rulebook::Effect& e) {
    auto& cache = runner.caches_->effects;
    auto it = cache.find(&e);
    if (it != cache.end()) return it->second;
    json fields = e.fields.IsDefined() && !e.fields.IsNull() ? rulebook::yaml_to_json(e.fields) : json::object();
    return cache[&e] = json{{e.name, fields}};
}

// Applies one effect {name: fields}; appends what was applied to `ruling`.
void Runner::State::apply(const rulebook::Rule& r, const json& effect, const Context& ctx, Ruling& ruling, int depth) {
    const std::string& name = effect.begin().key();
    const json& fields = effect.begin().value();
    if (name == "hook") {
        apply_hook(r, fields, ctx, ruling, depth);
        return;
    }
    const auto* impl = find(name);
    if (!impl)  // the loader and the hook's result check admit registry effects only, and each has a row
        throw InputError({r.from.file, r.from.line, 0}, r.topic + ": found the effect '" + name + "', which the engine does not implement");
    // Built key by key (an initializer list builds arrays first and converts them); a handler that lists it
    // itself (Listed::no) moves it into the ruling, so it is not read here again.
    json applied = json::object();
    applied["effect"] = name;
    if (impl->handler(Apply{*this, r, name, fields, ctx, ruling, applied}) == Listed::yes)
        ruling.effects.push_back(std::move(applied));
}

}  // namespace arbiter::procedure
