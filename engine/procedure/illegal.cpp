// Illegal moves and acts: held open on the board or off it, pointed out (by the player the rule allows, in time),
// found by the arbiter at the next move, or standing once the rule's deadline has passed.
#include "procedure/run_state.h"

#include <algorithm>

namespace arbiter::procedure {

using State = Runner::State;

// The illegal move (or act) `offender` just made, held open until it is claimed, found or stands.
void State::hold_illegal(int offender, bool on_board, int ply_before) {
    illegal = IllegalMove{offender, now, on_board};
    illegal->ply_before = ply_before;
    touched_since_illegal = {false, false};
    moved_since_illegal = {false, false};
}

// An illegal move that nobody claimed before the next move: the arbiter finds it (FIDE 7.4a), unless the rule says
// only a player may claim it (claim.by opponent or player: FIDE 2001 B5b/C3, 2009 A.4c/B.3c), in which case it
// stands once the opponent has moved, ruled so once.
void State::find_illegal_by_arbiter() {
    if (!illegal) return;
    Context ctx;
    ctx.actor = illegal->offender;
    ctx.facts["claim_correct"] = true;
    const auto* r = rule_for(Trigger::board_illegal_move);
    if (r && r->claim && !admissible(*r, nobody, ctx, {})) {
        // A deadline counted in moves (within_last_moves) keeps a move the board played open to the opponent's
        // claim while it is in time for him; once it is not, the move stands.
        const int opponent = 1 - illegal->offender;
        const bool counted = illegal->played && deadline_since_act(*r);
        if (counted && admissible(*r, opponent, ctx, {})) return;
        illegal.reset();
        note_rule(*r, nobody, counted ? Note{"not claimed within the rule's count of moves (" + r->claim->deadline +
                                                 "): the illegal move stands",
                                             "規定の手数のうちに申し立てられなかった：反則手は確定する"}
                                      : Note{"not claimed by the opponent before moving: the illegal move stands",
                                             "相手が着手前に申し立てなかった：反則手は確定する"});
        return;
    }
    const IllegalMove found = *illegal;
    illegal.reset();
    // Found, it does not stand: the rule is applied to the position before it (7.4a), the offender to move again.
    if (found.played) take_back_illegal(found.ply_before);
    raise(Trigger::board_illegal_move, ctx, nobody, {"found when the next move was made", "次の着手の際に発見された"});
    if (!ended && found.played) ensure_running(found.offender);
    bind_replacement(found);
}

// An illegal move seen during the game by the arbiter (or an observer) where no point-out rule governs it: ruled
// under the illegal-move rule as if found (7.4a: whoever finds it, it is corrected) when the rule's claimant set
// admits him: a rule with no claim, `anyone`, or `opponent_or_arbiter` for the arbiter (A.4c's intervention). A
// set that does not admit him is noted, and the move stays open to the opponent's claim.
void State::observe_illegal(const std::string& who) {
    const auto* r = rule_for(Trigger::board_illegal_move);
    const std::string topic = r ? r->topic : topic_of(Trigger::board_illegal_move);
    if (!illegal || illegal->on_board) {
        note_only(topic, nobody, {"no illegal move open to be found", "発見すべき反則手がない"});
        return;
    }
    Context ctx;
    ctx.actor = illegal->offender;
    ctx.facts["claim_correct"] = true;
    bool may = !r || admits_observer(*r, who, ctx);
    if (!may && who == "arbiter") {
        arbiter_sighting = true;
        may = admissible(*r, nobody, ctx, {});
        arbiter_sighting = false;
    }
    if (!may) {
        const Note why{"seen by " + who + ", but under " + r->article + " only " + r->claim->by +
                           " may bring it to a ruling: nothing follows",
                       observer_ja(who) + "が確認したが、" + r->article + "では申し立てができるのは" + ja(r->claim->by) +
                           "のみ：何も変わらない"};
        note_rule(*r, nobody, why);
        return;
    }
    const IllegalMove found = *illegal;
    illegal.reset();
    if (found.played) take_back_illegal(found.ply_before);
    raise(Trigger::board_illegal_move, ctx, nobody,
          {"seen by " + who + " during the game", observer_ja(who) + "が対局中に確認した"});
    if (!ended && found.played) ensure_running(found.offender);
    bind_replacement(found);
}

// An illegal move the board had played (a move into check), ruled rather than standing: taken off the board.
void State::take_back_illegal(int ply_before) {
    if (game->take_back_to(ply_before)) ++board_version;
}

// An illegal move the board holds (a second pawn on a file, a pawn drop that mates) does not end the game by what
// the board then shows. Where the rulebook says who may point it out, it waits for that; where it does not (the
// CSA's server rules every move as it is made), it is ruled at once.
void State::on_illegal_move_held() {
    if (rule_for(Trigger::point_out_illegal_move)) return;
    Context ctx;
    ctx.actor = illegal->offender;
    ctx.facts["claim_correct"] = true;
    illegal.reset();
    raise(Trigger::board_illegal_move, ctx, nobody, {"ruled as the move was made", "着手と同時に裁定"}, true);
}

// The facts the point-out rule reads about the illegal move held open: it was illegal, and whether it was pointed
// out in time, or afterwards from an official record before the next round.
Context State::illegal_move_context(bool in_time, bool official_record, bool before_next_round) const {
    Context ctx;
    ctx.actor = illegal->offender;
    ctx.facts["claim_correct"] = true;
    ctx.facts["pointed_out_in_time"] = in_time;
    ctx.facts["official_record"] = official_record;
    ctx.facts["before_next_round"] = before_next_round;
    return ctx;
}

// Who pointed an act out, in Japanese: an observer the timeline schema names (observe.by), or a side.
std::string State::observer_ja(const std::string& who) const {
    static constexpr std::pair<std::string_view, std::string_view> observers[] = {
        {"arbiter", "アービター"}, {"spectator", "観戦者"}, {"witness", "立会人"}, {"recorder", "記録係"}};
    for (const auto& [en, words] : observers)
        if (who == en) return std::string(words);
    return ja(who);
}

// An illegal move pointed out where the rulebook says who may point one out and until when (the point-out rule):
// by a player (`claimant`) or by someone else (`who`: spectator, witness...), during the game or, with the facts
// the rule asks for (an official record, before the next round), after it.
void State::point_out_illegal(int claimant, const std::string& who, const YAML::Node& v) {
    const auto* r = rule_for(Trigger::point_out_illegal_move);
    if (!r) {
        note_only(topic_of(Trigger::claim_illegal_move), claimant,
                  {"rulebook " + book.id + " has no rule on who may point out an illegal move",
                   "規則 " + book.id + " には反則を誰が指摘できるかの規定がない"});
        return;
    }
    // The offender may point out his own act where the rule's claimant set takes him in (Kyushu (5): the players,
    // the witness and spectators, and the offender must resign at once).
    if (!illegal) {
        note_only(r->topic, claimant, {"no illegal move by the opponent to point out", "指摘する相手の反則手がない"});
        return;
    }
    if (illegal->offender == claimant && !claimant_in_set(*r, claimant, illegal_move_context(true, false, false))) {
        note_only(r->topic, claimant,
                  {"under " + book.id + " (" + r->article + ") the offender may not point out his own illegal move; it "
                       "waits for the opponent's point-out",
                   "規則 " + book.id + "（" + r->article + "）では反則をした本人は指摘できない。相手の指摘を待つ"});
        return;
    }
    if (claimant < 0 && !admits_observer(*r, who, illegal_move_context(true, false, false))) {
        note_only(r->topic, nobody,
                  r->claim->any_of.empty()
                      ? Note{"under " + book.id + " (" + r->article + ") only the players may point out an illegal move",
                             "規則 " + book.id + "（" + r->article + "）では反則を指摘できるのは対局者のみ"}
                      : Note{"under " + book.id + " (" + r->article + ") only " + r->claim->by + " may point out an illegal "
                                 "move, not the " + who,
                             "規則 " + book.id + "（" + r->article + "）では" + observer_ja(who) + "は反則を指摘できない"});
        return;
    }
    auto fact = [&](const char* key) { return v[key] ? v[key].as<bool>() : false; };
    Context ctx = illegal_move_context(!ended, fact("official_record"), fact("before_next_round"));
    if (claimant >= 0) ctx.roles["claimant"] = claimant;
    add_point_out_facts(*r, v, ctx);
    // Past the rule's deadline (the end of the game) a point-out is heard only where a case says what follows (Kyushu
    // (5): a recorder's score raised before the next game); otherwise it is too late and the move stands (JSA 第8条).
    if (ended && !match(*r, ctx)) {
        note_rule(*r, claimant, {"pointed out by " + who + " after the game ended: too late, the result stands",
                                 observer_ja(who) + "による終局後の指摘：期限後のため結果は変わらない"});
        return;
    }
    const auto held = illegal;
    illegal.reset();
    auto rule = [&] {
        const int index = apply_rule(*r, ctx, claimant, {"pointed out by " + who, observer_ja(who) + "による指摘"});
        // A point-out the rule rejects (a disc not named) leaves the act open to a proper one.
        if (index >= 0)
            for (const auto& e : out.rulings[std::size_t(index)].effects)
                if (e.value("effect", std::string()) == "reject_claim") illegal = held;
    };
    // After the end the rule may still overturn the result (and the count, the card); if it does not, the result
    // stands as it was.
    if (ended) after_the_end(rule);
    else rule();
}

// The game ended with an illegal move nobody pointed out: where a rulebook says who may point one out and until
// when, the move stands (a ruling says so once).
void State::illegal_move_stood() {
    if (!ended || !illegal || illegal->stood) return;
    const auto* r = rule_for(Trigger::point_out_illegal_move);
    if (!r) return;
    illegal->stood = true;
    Context ctx = illegal_move_context(false, false, false);
    const Result result = out.result;
    apply_rule(*r, ctx, nobody, {"not pointed out before the game ended: the move stands", "終局までに指摘されなかった：着手は確定する"});
    out.result = result;
    ended = true;
}

// The object form of a move ({square: f5, by:, colour:, unturned: [...], overturned: [...], displaced: [...]}).
Irregularity State::read_irregularity(const YAML::Node& v) const {
    Irregularity act;
    if (v["by"]) act.by = read_side(v["by"]);
    if (v["colour"]) act.colour = read_side(v["colour"]);
    auto squares = [&](const char* key, std::vector<std::string>& into) {
        if (const YAML::Node list = v[key])
            for (const auto& sq : list) into.push_back(sq.Scalar());
    };
    squares("unturned", act.unturned);
    squares("overturned", act.overturned);
    squares("displaced", act.displaced);
    return act;
}

// A move made otherwise than the rules say, as the timeline saw it: out of turn (`by`), with the other colour, with
// discs left unturned, turned too many or knocked out of place. The board holds it as it was done until the
// opponent points it out or lets it pass (joa-othello 「直前の相手番に不正着手があった場合の指摘」).
void State::on_irregular_move(const std::string& text, Irregularity act) {
    if (act.by == to_move()) act.by = nobody;
    if (!act.any()) {
        on_move(text);
        return;
    }
    const int actor = act.by >= 0 ? act.by : to_move();
    if (illegal && !illegal->on_board) find_illegal_by_arbiter();
    lapse_on_move(actor);
    if (ended) return;
    const int ply_before = game->ply();
    if (const std::string why = game->hold_irregular(text, act); !why.empty())
        throw error("move: found '" + text + "' as described: " + why, entry->value);
    // The actor presses his clock; out of turn his clock was not running and the press changes nothing.
    if (act.by < 0) {
        ensure_running(actor);
        if (clk) on_clock(clk->press(actor, now), "press");
    }
    hold_illegal(actor, true, ply_before);
    for (const auto* list : {&act.unturned, &act.overturned, &act.displaced})
        illegal->discs.insert(illegal->discs.end(), list->begin(), list->end());
    touched = {false, false};
    on_illegal_move_held();
}

// The facts a point-out of a held act adds for the rule's cases: whether the players agree on it and whether it
// is small enough to correct (the timeline says; both by default), whether it was the game's last move (the board
// it left lets neither side move), whether the discs the rule says must be named were named (name_disc_required;
// the claim's `discs`), and where restore_position goes back to.
void State::add_point_out_facts(const rulebook::Rule& r, const YAML::Node& v, Context& ctx) const {
    auto fact = [&](const char* key, bool otherwise) { return v[key] ? v[key].as<bool>() : otherwise; };
    ctx.facts["players_agree"] = fact("players_agree", true);
    ctx.facts["irregularity_correctable"] = fact("irregularity_correctable", true);
    if (!illegal) return;
    ctx.restore_ply = illegal->on_board ? illegal->ply_before : game->ply();
    ctx.facts["last_move"] = illegal->on_board && neither_can_move();
    bool named = true;
    if (const json required = param_value(r, params::name_disc_required.name); required.is_boolean() && required.get<bool>()) {
        std::vector<std::string> said;
        if (const YAML::Node discs = v["discs"])
            for (const auto& d : discs) said.push_back(d.Scalar());
        for (const auto& d : illegal->discs) named = named && std::find(said.begin(), said.end(), d) != said.end();
    }
    ctx.facts["disc_named"] = named;
}

// The side that could point out a held act moves instead, and the rule's deadline has passed for it (a deadline
// that ends at the claimant's own next move): the act stands, ruled once.
void State::lapse_on_move(int mover) {
    if (!illegal || !illegal->on_board || mover == illegal->offender) return;
    const auto* r = rule_for(Trigger::point_out_illegal_move);
    if (!r || !r->claim || r->claim->deadline.empty()) return;
    moved_since_illegal[std::size_t(mover)] = true;
    const bool in_time = admissible(*r, mover, illegal_move_context(true, false, false), {});
    moved_since_illegal[std::size_t(mover)] = false;
    if (in_time) return;
    lapse_illegal({"not pointed out before " + side_name(mover) + "'s next move: the act stands",
                   ja_side(mover) + "の次の着手までに指摘されなかった：その行為は確定する"});
}

// `kept`: the game ends here, and the act, standing for the players, stays on record for a rule that admits a
// point-out after the end (from an official record, before the next round).
void State::lapse_illegal(const Note& why, bool kept) {
    const auto* r = rule_for(Trigger::point_out_illegal_move);
    if (!r || !illegal) return;
    Context ctx = illegal_move_context(false, false, false);
    auto held = illegal;
    illegal.reset();
    if (apply_rule(*r, ctx, nobody, why) < 0) note_only(r->topic, nobody, why);
    if (kept && held) {
        held->stood = true;
        illegal = held;
    }
}

// An illegal position seen on the board (observe illegal_position: both royal pieces in check, a pawn where it must
// have promoted). The rule raised reads the board itself (the condition illegal_position), so an observation of a
// position that is in fact legal is ruled as the rule's cases say of one; rechecked is false at this first ruling.
void State::observe_illegal_position(const std::string& who) {
    Context ctx;
    ctx.facts["rechecked"] = false;
    raise(Trigger::illegal_position_seen, ctx, nobody,
          {"seen by " + who + " on the board", observer_ja(who) + "が盤上に確認した"}, true);
}

// After a move: each rule waiting for more moves (recheck_after_moves) whose moves are complete is ruled again, on
// the board as it now stands, with the fact rechecked true.
void State::run_rechecks() {
    std::vector<Recheck> due;
    for (auto it = rechecks.begin(); it != rechecks.end();)
        if (--it->moves_left <= 0) {
            due.push_back(std::move(*it));
            it = rechecks.erase(it);
        } else {
            ++it;
        }
    for (auto& r : due) {
        if (ended) break;
        r.ctx.facts["rechecked"] = true;
        if (apply_rule(*r.rule, r.ctx, nobody, {"the position once the move waited for is completed",
                                                "待っていた着手が完了した後の局面"}) < 0)
            note_only(r.rule->topic, nobody, {"ruled again after the moves waited for: nothing follows",
                                              "待っていた着手の後に改めて裁定：何も変わらない"});
    }
    if (ended) rechecks.clear();
}

}  // namespace arbiter::procedure
