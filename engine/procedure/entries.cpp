// Timeline entries (docs/TIMELINES.md): one handler per entry kind, found through the table below, and what the
// board says after a move (the board's triggers). Claims and observations are in claims.cpp, illegal acts in
// illegal.cpp, declarations and counting in counting.cpp.
#include "procedure/run_state.h"

#include "procedure/cycle_words.h"
#include "procedure/tables.h"
#include "rulebook/schema.h"

namespace arbiter::procedure {

using rulebook::location_of;
using State = Runner::State;

InputError State::error(const std::string& message, const YAML::Node& at) const {
    return InputError(at.IsDefined() && !at.IsNull() ? location_of(timeline.file, at) : timeline.place(*entry), message);
}

int State::read_side(const YAML::Node& node) const {
    const std::string name = node.IsScalar() ? node.Scalar() : std::string();
    const int side = side_of(name);
    if (side < 0) throw error("found '" + name + "'; expected " + def->side_names[0] + " or " + def->side_names[1], node);
    return side;
}

namespace {

// The side a KIF move's leading mark names (▲/☗ the first player, △/☖ the second), -1 when it has none.
int marked_side(const std::string& text) {
    static constexpr std::pair<std::string_view, int> marks[] = {
        {"\u25B2", 0}, {"\u2617", 0}, {"\u25B3", 1}, {"\u2616", 1}};
    for (const auto& [mark, side] : marks)
        if (text.starts_with(mark)) return side;
    return -1;
}

}  // namespace

// `written`: the move when the entry's value is not it (a `pass: <side>` entry).
void State::on_move(const std::optional<std::string>& written) {
    // A move with a text (Entry::text, a scalar's) has no map for a value: asking the YAML node cost two calls per
    // move of an archive, whose moves have their text alone.
    if (!written && entry->text.empty() && entry->value.IsMap()) {
        on_irregular_move(entry->value["square"].Scalar(), read_irregularity(entry->value));
        return;
    }
    // The entry's own text is not copied (a copy per move of an archive); a bound square is moved out of its slot.
    std::string bound_text;
    const std::string* shown = written ? &*written : &entry->text;
    const int mover = to_move();
    bool as_written = !written;  // the text is the entry's own
    // The touched square binds (touch_binds): the move is the one made by the touch, whatever the entry writes.
    if (std::string& bound = bound_square[std::size_t(mover)]; !bound.empty()) {
        as_written = false;
        if (bound != *shown)
            if (const auto* r = rule(registry().setting_topic(params::touch_binds.mechanism)))
                note_rule(*r, mover, {"the move is " + bound + ", the square touched first, not " + *shown,
                                      "着手は最初に触れた " + bound + " であり、" + *shown + " ではない"});
        bound_text = bound;
        shown = &bound_text;
        bound_square = {};
    }
    const std::string& text = *shown;
    // A move whose mark names the side not on move: the timeline has lost a move or a turn, not made an offence.
    if (const int marked = marked_side(text); marked >= 0 && marked != mover)
        throw error("move: found '" + text + "', marked as " + side_name(marked) + "'s, but " + side_name(mover) +
                        " is to move",
                    entry->value);
    // The reading read ahead is used where it lies (read_ahead writes it again only after the move is made).
    core::ParsedMove read_here;
    const core::ParsedMove* taken = &read_here;
    if (as_written && ahead.entry == entry && ahead.version == board_version && ahead.ply == game->ply())
        taken = &ahead.parsed;
    else
        read_here = game->read(text);
    const core::ParsedMove& parsed = *taken;
    ahead.entry = nullptr;
    if (parsed.status == core::MoveParseStatus::syntax_error)
        throw error("move: found '" + text + "': " + parsed.message, entry->value);
    // An illegal move is an act the timeline states, so it must say which piece went where: a text that fits
    // several moves, or names no piece that could have made it, is the writer's error, never an offence.
    if (parsed.status == core::MoveParseStatus::ambiguous)
        throw error("move: '" + text + "' fits more than one move (" + parsed.message +
                        "); write the piece's square too, or the move from-to (e2e4)", entry->value);
    if (parsed.status == core::MoveParseStatus::illegal && parsed.move.is_none() && !def->placement.enabled &&
        parsed.attempted.from < 0)
        throw error("move: '" + text + "' names no piece of the side to move that it could be; an illegal move is "
                        "written from-to (e1e3) so that the piece is known",
                    entry->value);
    // An illegal move the board could not hold is found when the next move is made (FIDE 7.4a); one the board
    // holds (shogi) stays open to be pointed out until the game ends.
    if (illegal && !illegal->on_board) {
        const int ply = game->ply();
        find_illegal_by_arbiter();
        // The position before the illegal move is back, so the reply made on it is void (7.4a).
        if (game->ply() < ply) {
            note_only(topic_of(Trigger::board_illegal_move), mover,
                      {"the reply " + text + " was made after the illegal move, whose position is taken back: it is void",
                       "応手 " + text + " は反則手の後に指されたもので、その局面が戻されたため無効"});
            return;
        }
    }
    note_traditional(parsed);
    lapse_on_move(mover);
    if (ended) return;
    ensure_running(mover);
    if (clk) on_clock(clk->press(mover, now), "press");
    hold_for_absent(1 - mover);
    if (illegal) moved_since_illegal[std::size_t(mover)] = true;
    if (touch_breach) touch_breach->moved_since[std::size_t(mover)] = true;
    if (!parsed.ok()) {
        // Recorded as played: the clock is pressed. The position stays unless the board can hold the move: a move
        // that breaks only the check rule (chess) is played and ruled like one it cannot hold (found at the next
        // move, claimed, or standing); any other it holds (shogi's nifu) waits on the board to be pointed out.
        hold_illegal(mover, !parsed.move.is_none() && !parsed.only_check, game->ply());
        if (!illegal->on_board) {
            note_touched_by(parsed);
            if (!parsed.move.is_none()) {
                game->play(parsed);
                ++board_version;
                illegal->played = true;
            }
            return;
        }
    }
    const int ply_before = game->ply();
    check_touch_obligation(mover, parsed, text);
    game->play(parsed);
    ++board_version;
    touched = {false, false};
    // Reset only where a piece was touched: assigning blank ones was four string assignments after every move.
    for (Touches& t : touches)
        if (!t.blank()) t = {};
    offer_by = offer_by == mover ? offer_by : nobody;  // moving declines the opponent's open offer
    if (parsed.ok()) after_move(mover);
    else on_illegal_move_held();
    // A legal move made with two hands (the entry's hands: 2) counts as an illegal move where the rule on illegal
    // moves says so (two_hand_move, FIDE 2018 7.5.4): held like one the board played, claimed or found as any other.
    // Only a timeline's own entries have the key (a record's moves have no node to ask).
    if (parsed.ok() && !ended && entry->node.IsMap())
        if (const YAML::Node& node = entry->node; node["hands"] && node["hands"].Scalar() == "2" &&
            param_of(Trigger::claim_illegal_move, params::two_hand_move.name) == true) {
            hold_illegal(mover, false, ply_before);
            illegal->played = true;
        }
}

// What the board says after a move: the game's end on the board, a repetition that ends it, a move limit.
// Asked after every move, so it makes nothing (no Context, no parameter lookup) until something happens.
void State::after_move(int mover) {
    const auto mover_context = [mover] {
        Context ctx;
        ctx.actor = mover;
        return ctx;
    };
    switch (game->end_after_move(read_ahead())) {
        case BoardEnd::checkmate: on_game_rule_end(Trigger::board_checkmate, mover, def->no_moves_in_check); return;
        case BoardEnd::stalemate: on_game_rule_end(Trigger::board_stalemate, mover, def->no_moves_not_in_check); return;
        case BoardEnd::dead_position: raise(Trigger::board_dead_position, mover_context(), mover); return;
        case BoardEnd::neither_can_move: on_counted_end(mover); return;
        case BoardEnd::none: break;
    }
    // A repetition that ends the game without a claim (shogi's sennichite, FIDE's fivefold): the bound rule's
    // occurrences parameter (the same name on either topic).
    if (const auto n = move_param(0, Trigger::board_repetition, params::repetition_occurrences.name);
        n && game->repetition_count() == *n) {
        // A forcing cycle, where the game states its facts and a rule says what they bring: each side's moves since the
        // position first occurred, by pattern (checks, chases); the rule's cases decide which side, if any, is
        // ruled, so a side whose pattern the rule leaves alone is passed over and the other side is asked.
        if (rule_for(Trigger::board_forcing_cycle)) {
            const auto* cycle = game->capability<CycleFacts>();  // none: no pattern, no side is asked
            // How the rule reads a chase: whose it is, whether an outnumbered protected piece is chased, whether a
            // capture answered by mate is one, and how many checks may win a piece.
            const json through_checks = param_of(Trigger::board_forcing_cycle, params::chase_through_checks.name);
            const core::ChaseReading reading{
                param_of(Trigger::board_forcing_cycle, params::royal_moves_never_chase.name) == true,
                param_of(Trigger::board_forcing_cycle, params::chase_wins_material.name) == true,
                param_of(Trigger::board_forcing_cycle, params::capture_into_mate_never_chases.name) == true,
                through_checks.is_number_integer() ? through_checks.get<int>() : 0};
            const std::array<std::string, 2> pattern{
                cycle ? std::string(cycle->cycle_pattern(0, reading)) : std::string(),
                cycle ? std::string(cycle->cycle_pattern(1, reading)) : std::string()};
            const auto pattern_ja = [](const std::string& p) {
                const std::string_view words = cycle_pattern_ja(p);
                return words.empty() ? p : std::string(words);
            };
            for (int side : {mover, 1 - mover}) {
                if (pattern[std::size_t(side)].empty() || pattern[std::size_t(side)] == "idle") continue;
                Context p;
                p.actor = side;
                p.facts["cycle_pattern"] = pattern[std::size_t(side)];
                p.facts["opponent_cycle_pattern"] = pattern[std::size_t(1 - side)];
                if (raise(Trigger::board_forcing_cycle, p, side,
                          {side_name(side) + "'s moves since the position first occurred: " + pattern[std::size_t(side)] +
                               "; " + side_name(1 - side) + "'s: " + pattern[std::size_t(1 - side)],
                           "その局面の初出以来の" + ja_side(side) + "の着手: " + pattern_ja(pattern[std::size_t(side)]) +
                               "、" + ja_side(1 - side) + "の着手: " + pattern_ja(pattern[std::size_t(1 - side)])}) >= 0)
                    return;
            }
        }
        // Perpetual check, where a rule says what it brings: one side checked with every move since the position
        // first occurred.
        if (rule_for(Trigger::board_perpetual_check))
            for (int side : {mover, 1 - mover})
                if (game->checked_all_along(side)) {
                    Context p;
                    p.actor = side;
                    if (raise(Trigger::board_perpetual_check, p, side,
                              {"every move of " + side_name(side) + " since the position first occurred gave check",
                               "その局面が最初に現れてから" + ja_side(side) + "の着手はすべて王手"},
                              true) >= 0)
                        return;
                }
        Context ctx;
        ctx.facts["occurrence"] = ++occurrences;
        const std::string times = std::to_string(*n);
        raise(Trigger::board_repetition, ctx, nobody, {times + " occurrences of the position", "同一局面" + times + "回"}, true);
        return;
    }
    if (const auto n = move_param(1, Trigger::board_move_rule, params::automatic_moves.name);
        n && game->reversible_plies() >= 2 * *n) {
        const std::string moves = std::to_string(*n);
        raise(Trigger::board_move_rule, Context{}, nobody,
              {moves + " moves by each side without a capture or pawn move", "双方" + moves + "手、駒を取る手もポーンの手もない"});
        return;
    }
    if (const auto n = move_param(2, Trigger::board_move_limit, params::move_limit.name); n && game->ply() == *n)
        raise(Trigger::board_move_limit, mover_context(), nobody);
}

// Reads the next entry's move (a move written as text, in a game that moves pieces) on the board as it is now and
// keeps the reading for on_move; true when it is legal here. Whatever the reading would raise is left to on_move,
// which reads again.
bool State::read_ahead() {
    ahead.entry = nullptr;
    const Entry* next = entry + 1;
    if (def->placement.enabled || next == timeline.entries.data() + timeline.entries.size() || next->action != std::string_view("move") ||
        (next->text.empty() && next->value.IsMap()))
        return false;
    try {
        ahead.parsed = game->read(next->text);
    } catch (const std::exception&) {
        return false;
    }
    ahead.entry = next;
    ahead.version = board_version;
    ahead.ply = game->ply();
    return ahead.parsed.ok();
}

// A game end on the board that the rulebook may not restate (shogi rulebooks leave mate to the game's own rules):
// with no rule on the trigger's topic, the game definition's result for "no legal move" applies.
void State::on_game_rule_end(Trigger trigger, int mover, core::NoMovesResult result) {
    Context ctx;
    ctx.actor = mover;
    if (rule_for(trigger)) {
        // Whether the move that left no legal move broke the mover's touch-move obligation (FIDE 2014 5.1a and 5.2a,
        // 2018 5.1.1 and 5.2.1: the mate or stalemate ends the game only if the move met 4.2-4.7; 2009 5.1a and 5.2a
        // ask only a legal move).
        ctx.facts["move_breached_touch"] =
            touch_breach && touch_breach->offender == mover && touch_breach->ply_before == game->ply() - 1;
        raise(trigger, ctx, mover);
        return;
    }
    const auto pts = points();
    std::array<double, 2> score{pts[1], pts[1]};
    const int stuck = 1 - mover;  // the side left without a legal move
    if (result == core::NoMovesResult::loss) score = {pts[0], pts[0]}, score[std::size_t(stuck)] = pts[2];
    if (result == core::NoMovesResult::win) score = {pts[2], pts[2]}, score[std::size_t(stuck)] = pts[0];
    const std::string topic = topic_of(trigger).empty() ? std::string(trigger_name(trigger)) : topic_of(trigger);
    note_only(topic, mover,
              {"rulebook " + book.id + " leaves this to the game's rules (" + book.game + ")", "規則 " + book.id + " はこれをゲームのルールに委ねる"});
    end_game(score, true, topic, "");
    out.rulings.back().clocks_after = clocks();
}

// `incident: {topic, offender, facts}`: the arbiter records what happened on a topic the registry lets an
// incident raise, with the facts found (each a condition the rule's cases may read). Where the rule says until
// when such a thing may be claimed, `pointed_out_in_time` says whether this was in time.
void State::on_incident() {
    const YAML::Node& v = entry->value;
    const std::string topic = v["topic"].Scalar();
    const auto* r = rule(topic);
    Context ctx;
    if (v["offender"]) ctx.actor = read_side(v["offender"]);
    // A rule that values pieces (major_value) is a count of the board: its facts come from the position.
    if (r && game && r->param(params::major_value.name)) add_count_facts(*r, ctx.actor >= 0 ? ctx.actor : to_move(), ctx);
    if (const YAML::Node facts = v["facts"])
        for (const auto& kv : facts) ctx.facts[kv.first.Scalar()] = rulebook::yaml_to_json(kv.second);
    if (!r) {
        note_only(topic, ctx.actor, no_rule_on(topic));
        return;
    }
    if (r->claim && !r->claim->deadline.empty() && !ctx.facts.contains("pointed_out_in_time"))
        ctx.facts["pointed_out_in_time"] = admissible(*r, nobody, ctx, {});
    // The writer's note is kept as written, in whichever language it was written.
    if (apply_rule(*r, ctx, nobody, Note{v["note"] ? v["note"].Scalar() : std::string(), {}}) < 0)
        note_rule(*r, ctx.actor,
                  {"the rule's cases do not cover the facts given; nothing follows", "与えられた事実は規定のどの場合にも当たらない。何も変わらない"});
}

namespace {

void on_arrive(State& st) {
    // `arrive: <side>`, or {by: <side>, forfeit: true} when the latecomer chooses to lose instead of playing.
    const YAML::Node& v = st.entry->value;
    Context ctx;
    ctx.actor = st.read_side(v.IsMap() ? v["by"] : v);
    ctx.facts["arrival_ms"] = st.now.count();
    ctx.facts["latecomer_forfeits"] = v.IsMap() && v["forfeit"] && v["forfeit"].as<bool>();
    // Arrivals are facts of the session, so the opponent's (a later entry, or an earlier one) is known here: when
    // both players are late, the first arrival is where the rulebook rules both (FIDE 2009 6.6a: any player who
    // arrives after the start loses). No arrive entry for the opponent means present from the start.
    for (const auto& e : st.timeline.entries) {
        if (e.action != "arrive") continue;
        const YAML::Node who = e.value.IsMap() ? e.value["by"] : e.value;
        if (who.IsScalar() && st.side_of(who.Scalar()) == 1 - ctx.actor) {
            ctx.facts["opponent_arrival_ms"] = e.at.count();
            break;
        }
    }
    if (st.held_for_absent && st.clk && !st.clk->running()) st.on_clock(st.clk->restart(st.now), "restart");
    st.held_for_absent = false;
    st.raise(Trigger::entry_arrive, ctx, nobody);
}

void on_phone(State& st) {
    Context ctx;
    ctx.actor = st.read_side(st.entry->value);
    st.raise(Trigger::entry_phone, ctx, nobody, {}, true);
}

void on_resign(State& st) {
    Context ctx;
    ctx.actor = st.read_side(st.entry->value);
    st.raise(Trigger::entry_resign, ctx, ctx.actor, {}, true);
}

void on_offer(State& st) { st.offer_by = st.read_side(st.entry->value["by"]); }

// An agreement ends the game where the rulebook's rule says so; where the event requires the arbiter's consent
// (draw.agreement arbiter_consent), the agreement waits for the arbiter's decision.
void on_accept(State& st) {
    Context ctx;
    ctx.actor = st.read_side(st.entry->value);
    const bool offered = st.offer_by >= 0 && st.offer_by != ctx.actor;
    st.offer_by = nobody;
    if (!offered) {
        st.note_only(st.topic_of(Trigger::entry_accept), ctx.actor, {"no open offer by the opponent to accept", "受け入れる相手の提案がない"});
        return;
    }
    const auto* r = st.rule_for(Trigger::entry_accept);
    if (r && st.param_value(*r, params::arbiter_consent.name) == true) {
        st.note_rule(*r, ctx.actor, {"the players agree; the event requires the arbiter's consent", "対局者は合意した。この大会ではアービターの同意が必要"});
        st.open.push_back({Pending{r->topic, r->article, {"draw", "continue"}, "Does the arbiter consent to the draw?"}, r, ctx});
        return;
    }
    st.raise(Trigger::entry_accept, ctx, ctx.actor, {}, true);
}

void on_decline(State& st) { st.offer_by = nobody; }
void on_move_entry(State& st) { st.on_move(); }
void on_claim_entry(State& st) { st.on_claim(); }
void on_observe_entry(State& st) { st.on_observe(); }
void on_arbiter_entry(State& st) { st.on_arbiter(); }
void on_touch_entry(State& st) { st.on_touch(); }
void on_incident_entry(State& st) { st.on_incident(); }
void on_appeal_entry(State& st) { st.on_appeal(); }
void on_assign_entry(State& st) { st.on_assign(); }
void on_press_entry(State& st) { st.on_press(st.read_side(st.entry->value)); }

void on_declare_entry(State& st) {
    const int by = st.read_side(st.entry->value["by"]);
    if (st.entry->value["kind"].Scalar() == "game_end") st.on_declare_end(by);
    else st.on_declare(by);
}

// `pass: <side>`: the side to move passes; anyone else passes out of turn.
void on_pass(State& st) {
    const int side = st.read_side(st.entry->value);
    if (side == st.to_move()) {
        st.on_move("pass");
        return;
    }
    Irregularity act;
    act.by = side;
    st.on_irregular_move("pass", act);
}

// `agree: result`: the players have checked and agreed the result; claims whose deadline is result_agreed close.
void on_agree(State& st) { st.result_agreed = true; }

struct EntryImpl {
    std::string_view name;
    void (*handle)(State&);
};

// One row per entry kind of schemas/timeline.schema.json; the cross-check test holds the two to the same words.
constexpr EntryImpl table[] = {
    {"move", on_move_entry},     {"claim", on_claim_entry},   {"observe", on_observe_entry}, {"arbiter", on_arbiter_entry},
    {"arrive", on_arrive},       {"phone", on_phone},         {"resign", on_resign},         {"offer", on_offer},
    {"accept", on_accept},       {"decline", on_decline},     {"touch", on_touch_entry},     {"declare", on_declare_entry},
    {"pass", on_pass},           {"press", on_press_entry},   {"assign", on_assign_entry},   {"incident", on_incident_entry},
    {"agree", on_agree},         {"appeal", on_appeal_entry},
};

}  // namespace

std::vector<std::string_view> entry_words() { return names_of(table); }

void State::on_entry() {
    const std::string& a = entry->action;
    // Most entries of an archive are moves before the end: they skip the table and the checks for the end.
    if (!ended && a == std::string_view("move")) {
        on_move();
        if (!rechecks.empty()) run_rechecks();
        return;
    }
    // After the end only a point-out of an illegal move that stood, or a flag claim under a rule that admits one until
    // the result is agreed, can change the result; the players' agreement closes that window.
    // An arbiter's decision a rule left open at the end (the opponent's score after 12.7's loss) is still answered,
    // and an appeal is heard (12.10: against the decisions that ended the game too).
    if (ended && !(a == "observe" && entry->value["illegal_move"]) && !claim_open_after_end() && a != "agree" &&
        a != "appeal" && !(a == "arbiter" && !open.empty()))
        return;
    if (const auto* e = row_named(table, a)) {
        e->handle(*this);
        if (a == "pass" && !rechecks.empty()) run_rechecks();
        return;
    }
    throw error("found the entry '" + a + "', which the runner does not implement");
}

// Whether the clocks wait for a press: the rulebook names the side whose press starts the game (clock.start
// started_by; othello: white presses, black's clock runs), so the clock is at rest until someone presses, and the
// timeline's first act at the board is a press. That side's press starts the game; the other side's, made before
// it, starts the named side's clock (the first to arrive starting an absent player's time, JOA 遅刻者の取り扱い).
// A timeline that starts otherwise starts at the scheduled start, as if pressed at 0:00:00.
bool State::started_by_press() const {
    const auto* r = rule(registry().setting_topic(params::started_by.mechanism));
    const json starter = r ? param_value(*r, params::started_by.name) : json();
    if (!starter.is_string() || side_of(starter.get<std::string>()) < 0) return false;
    for (const auto& e : timeline.entries) {
        if (e.action == "press") return true;
        if (e.action == "move" || e.action == "pass") return false;
    }
    return false;
}

// When the clock of the side to move starts: at the scheduled start, or, where the rulebook says the absent
// player's clock does not run (clock.late_arrival absent_clock_runs: false) and that player's arrival is the
// timeline's first act, at the arrival.
Ms State::clock_start() const {
    if (param_of(Trigger::entry_arrive, params::absent_clock_runs.name) == true) return Ms{0};
    for (const auto& e : timeline.entries) {
        if (e.action != "arrive") return Ms{0};
        const YAML::Node who = e.value.IsMap() ? e.value["by"] : e.value;
        if (who.IsScalar() && side_of(who.Scalar()) == to_move()) return e.at;
    }
    return Ms{0};
}

// The move as Japanese output prints it (Run::traditional_moves), where the game file has the words for it and the
// run keeps what reports print (RunOptions::ruling_positions). Asked on the position before the move.
void Runner::State::note_traditional(const core::ParsedMove& parsed) {
    if (!runner.options_.ruling_positions || !def->profile.traditional.given || parsed.move.is_none()) return;
    out.traditional_moves.resize(timeline.entries.size());
    out.traditional_moves[std::size_t(entry - timeline.entries.data())] = game->traditional_text(parsed);
}

void Runner::State::note_unmade_move() {
    if (game && runner.options_.ruling_positions && def->profile.traditional.given) note_traditional(game->read(entry->text));
}

}  // namespace arbiter::procedure
