// Declarations and counts: a declaration instead of a move (the declarer's impasse count), a game over on the
// board decided by counting the pieces, the right that decides a tie, presses of the clock without a move, and
// the result card after the end.
#include "procedure/run_state.h"

#include <algorithm>

namespace arbiter::procedure {

using State = Runner::State;

// The facts an impasse count gives the rule's cases, pieces valued as the rule says (major_value, minor_value):
// the actor's zone points and pieces in the zone, whether each king has entered, whose turn it is, whether the actor
// is in check, and each side's total points over the board and the hand.
Impasse State::add_count_facts(const rulebook::Rule& r, int actor, Context& ctx) const {
    auto value = [&](const params::Name& name, int fallback) {
        const json v = param_value(r, name.name);
        return v.is_number() ? v.get<int>() : fallback;
    };
    // Without the rule's values, the game's own (games/<game>.yaml impasse_points): a major piece is one worth more
    // than 1, valued at the most any piece is worth; a minor piece at the least.
    int game_major = 1, game_minor = 0;
    for (int t = 0; t < int(def->pieces.size()); ++t) {
        if (t == def->royal_type) continue;
        const int points = def->pieces[std::size_t(t)].impasse_points;
        game_major = std::max(game_major, points);
        game_minor = game_minor == 0 ? points : std::min(game_minor, points);
    }
    const int major = value(params::major_value, game_major), minor = value(params::minor_value, std::max(game_minor, 0));
    const bool own_turn = actor == to_move();
    ctx.facts["actor_side"] = side_name(actor);
    ctx.facts["own_turn"] = own_turn;
    ctx.facts["not_in_check"] = !(own_turn && game->in_check());
    // The zone's facts come from the game's impasse_count analysis (the rulebook check refused them elsewhere).
    const ImpasseFacts* tally = game->capability<ImpasseFacts>();
    if (!tally) return {};
    const Impasse count = tally->impasse(actor);
    ctx.facts["king_in_zone"] = count.royal_in_zone;
    ctx.facts["opponent_king_in_zone"] = tally->impasse(1 - actor).royal_in_zone;
    ctx.facts["zone_points"] = count.zone_major * major + count.zone_minor * minor;
    ctx.facts["pieces_in_zone"] = count.pieces_in_zone;
    for (int side = 0; side < 2; ++side) {
        const Impasse all = tally->impasse(side);
        // By the side's place in the order of play, not its name: the same words in every game.
        ctx.facts[side == 0 ? "first_side_points" : "second_side_points"] = all.all_major * major + all.all_minor * minor;
    }
    return count;
}

// A declaration (shogi's entering-king declaration) or a request for the officials' count: the rule's cases read the
// declarer's impasse count, both sides' total points, whose turn it is and whether the declarer is in check.
void State::on_declare(int declarer) {
    if (flag_down(declarer)) {
        flag_fall(declarer, nobody, true, nobody);  // the declaration came after the time ran out
        return;
    }
    if (clk && clk->running()) on_clock(clk->stop(now), "stop");
    Context ctx;
    ctx.actor = declarer;
    const auto* r = rule_for(Trigger::entry_declare);
    if (!r) {
        raise(Trigger::entry_declare, ctx, declarer, {}, true);
        return;
    }
    const Impasse count = add_count_facts(*r, declarer, ctx);
    const int zone_points = ctx.facts.value("zone_points", 0);  // none without the impasse_count analysis
    const std::string points = std::to_string(zone_points), pieces = std::to_string(count.pieces_in_zone);
    const Note note{"zone points " + points + ", pieces in zone " + pieces + (count.royal_in_zone ? ", king in zone" : ", king outside the zone"),
                    "敵陣の点数" + points + "点、敵陣の駒" + pieces + "枚、玉は" + (count.royal_in_zone ? "敵陣にいる" : "敵陣の外")};
    if (raise(Trigger::entry_declare, ctx, declarer, note, true) < 0)
        note_only(topic_of(Trigger::entry_declare), declarer,
                  {"no case of the rule applies: " + note.en, "規定のどの場合にも当たらない：" + note.ja});
}

// The board's count credited for `winner` (at a counted end, and by the `count` effect): kept as the result's
// discs, and told in both languages: the board, where the empty squares went, and a least count applied.
Note State::credit_count(const PieceCount& board, int winner, const DiscCredit& credit) {
    const CreditedDiscs c = credit_discs(board, winner, credit);
    out.result.discs = c.discs;
    out.result.squares = board.pieces[0] + board.pieces[1] + board.empty;
    const std::string pieces0 = std::to_string(board.pieces[0]), pieces1 = std::to_string(board.pieces[1]),
                      empty = std::to_string(board.empty);
    Note how;
    if (c.empties_given) how = {", given to the winner", "（勝者に加える）"};
    else if (board.empty > 0 && winner >= 0 && !c.raised)
        how = {", not counted (the rulebook does not give them to the winner)", "（規則が勝者に与えないので数えない）"};
    Note note{"on the board " + side_name(0) + " " + pieces0 + ", " + side_name(1) + " " + pieces1 + ", " + empty + " empty" + how.en,
              "盤上の石数 " + ja_side(0) + pieces0 + "、" + ja_side(1) + pieces1 + "、空き" + empty + how.ja};
    if (c.raised) {
        const std::string won = std::to_string(c.discs[std::size_t(winner)]), lost = std::to_string(c.discs[std::size_t(1 - winner)]);
        add_note(note, {"the winner is credited with " + won + ", the least the rule gives, and " + side_name(1 - winner) +
                            " with " + lost,
                        "勝者は規則の最低石数" + won + "、" + ja_side(1 - winner) + "は" + lost + "とする"});
    }
    return note;
}

int State::result_winner() const {
    if (!ended || !out.result.score) return nobody;
    const auto& s = *out.result.score;
    return s[0] > s[1] ? 0 : s[1] > s[0] ? 1 : nobody;
}

// A game over on the board by counting (othello: neither side can move). The game's data says who wins (more
// pieces); the rule on board.neither_can_move says whether empty squares go to the winner (empties_to_winner;
// without it the count is the pieces on the board), and a tie goes to the rule on board.tie where the rulebook has
// one (joa-othello: the holder of the draw-win right wins a 32-32 game), else it is drawn.
void State::on_counted_end(int by) {
    const DiscFacts* counted = game->capability<DiscFacts>();
    if (!counted) return;
    const std::optional<PieceCount> count = counted->piece_count();
    const std::string& topic = topic_of(Trigger::board_neither_can_move);
    const auto* r = rule(topic);
    const int winner = count->pieces[0] == count->pieces[1] ? nobody : count->pieces[0] > count->pieces[1] ? 0 : 1;
    DiscCredit credit;
    credit.empties_to_winner = r && param_value(*r, params::empties_to_winner.name) == true;
    const Note how = credit_count(*count, winner, credit);
    const std::array<int, 2> discs = *out.result.discs;
    Ruling ruling;
    ruling.at = now;
    ruling.topic = topic;
    ruling.article = r ? r->article : std::string();
    if (r) ruling.summary = r->summary;
    ruling.by = side_name(by);
    ruling.note = how;
    ruling.effects.push_back({{"effect", "count"}, {"score", {{side_name(0), discs[0]}, {side_name(1), discs[1]}}}});
    const auto pts = points();
    if (winner >= 0) {
        ruling.effects.push_back({{"effect", "win"}, {"who", side_name(winner)}});
        out.rulings.push_back(std::move(ruling));
        std::array<double, 2> score{};
        score[std::size_t(winner)] = pts[0];
        score[std::size_t(1 - winner)] = pts[2];
        end_game(score, true, topic, out.rulings.back().article);
        out.rulings.back().clocks_after = clocks();
        return;
    }
    const auto* tie = rule_for(Trigger::board_tie);
    if (!tie) ruling.effects.push_back({{"effect", "draw"}});
    out.rulings.push_back(std::move(ruling));
    if (!tie) {
        end_game({pts[1], pts[1]}, true, topic, out.rulings.back().article);
        out.rulings.back().clocks_after = clocks();
        return;
    }
    out.rulings.back().clocks_after = clocks();
    if (clk && clk->running()) on_clock(clk->stop(now), "stop");
    Context ctx;
    if (role_side("right_holder", ctx) < 0) {
        note_rule(*tie, nobody, {"a tie, and no entry assigned the right that decides it", "同数。勝敗を決める権利を割り当てた記録がない"});
        open.push_back({Pending{tie->topic, tie->article, {side_name(0), side_name(1)}, "Who holds the draw-win right?"}, tie, ctx});
        return;
    }
    const std::string tie_count = std::to_string(discs[0]) + "-" + std::to_string(discs[1]);
    apply_rule(*tie, ctx, nobody, {"a tie: " + tie_count, "同数：" + tie_count});
}

// The player who did not make the last move declares the end (joa-othello: after the last move, point out its
// illegality or declare the end): an act held on the board that was not pointed out stands, and the count decides.
void State::on_declare_end(int by) {
    if (illegal && illegal->on_board)
        lapse_illegal({"the end was declared without pointing the act out: it stands", "反則を指摘せずに終局が宣言された：その行為は確定する"},
                      ended || neither_can_move());
    end_declared = true;
    if (ended) return;
    if (neither_can_move()) on_counted_end(by);
    else
        note_only(topic_of(Trigger::entry_declare_end), by,
                  {"the game is not over on the board: a side can still move", "盤上ではまだ終局していない：まだ着手できる側がある"});
}

// Rights given before or during the game (othello: the draw-win right won or left at the hidden-stone guess).
void State::on_assign() {
    Note note;
    for (const auto& kv : entry->value) {
        const int side = read_side(kv.second);
        assigned[kv.first.Scalar()] = side;
        note.en += (note.en.empty() ? "" : ", ") + kv.first.Scalar() + ": " + kv.second.Scalar();
        // A right is named by the role that holds it (the registry's `holds`), where one does.
        std::string right = ja(kv.first.Scalar());
        for (const auto& role : registry().role_names())
            if (registry().right_held_by(role) == kv.first.Scalar()) right = ja(role);
        note.ja += (note.ja.empty() ? "" : "、") + right + "：" + ja_side(side);
    }
    if (const auto* r = rule_for(Trigger::entry_assign)) note_rule(*r, nobody, note);
}

// A press of a clock button with no move (othello: white's press starts the game; the present player starts the
// absent one's clock): the presser's clock stops, the other side's runs.
void State::on_press(int side) {
    if (!clk) return;
    // A button whose clock is already stopped while the other runs moves nothing on a real clock: the timeline
    // states an act that cannot change the clocks, which is the writer's error, not something to rule.
    if (const auto running = clk->running(); running && *running != side)
        throw error("press: found a press by " + side_name(side) + ", whose clock is not running (" +
                        side_name(*running) + "'s is): it changes nothing; a side presses its own running clock, or, "
                        "both clocks stopped, starts the other's",
                    entry->value);
    // In a game whose moves include a pass, the side to move pressing its own running clock with nothing played
    // hands over the turn: that is its pass (JOA 「打てる箇所がない場合のパスの宣言」), legal where nothing can be
    // placed and otherwise held as a pass while a placement exists, for the opponent to point out (othello 56, 57).
    const bool passes = game->read("pass").move.kind() == core::MoveKind::pass;
    if (passes && side == to_move() && clk->running() == side && !ended) {
        on_move("pass");
        return;
    }
    // The side to move pressing its own running clock without a move: an illegal move where the rule on illegal
    // moves says so (press_without_move), held like a move the board cannot hold (claimed, found, or standing).
    const bool offence = side == to_move() && clk->running() && param_of(Trigger::claim_illegal_move, params::press_without_move.name) == true;
    if (clk->running()) on_clock(clk->stop(now), "stop");
    on_clock(clk->start(1 - side, now), "start");
    if (offence && !ended) hold_illegal(side, false, game->ply());
}

// After the game the result card, where the rulebook has a rule on game.ended: a circle for the winner and a cross
// for the loser, and each side's disc difference where the rule keeps it (disc_difference) and the game was counted.
// The rule is applied first: its cases may read how the game ended (ended_by) and give the count for such an end
// (`count`: a game won on time, a forfeit), so that the card records the count the rule gives.
void State::write_result_card() {
    if (!ended || card_written) return;
    card_written = true;
    const auto* r = rule_for(Trigger::game_ended);
    if (!r || !out.result.score) return;
    const int applied = apply_rule(*r, Context{}, nobody);
    const auto& score = *out.result.score;
    const auto& discs = out.result.discs;
    Note note;
    const bool wanted = param_value(*r, params::disc_difference.name) == true;
    for (int side = 0; side < 2; ++side) {
        const double mine = score[std::size_t(side)], theirs = score[std::size_t(1 - side)];
        const std::string mark = mine > theirs ? " ○" : mine < theirs ? " ×" : " -";
        note.en += (side ? ", " : "") + side_name(side) + mark;
        note.ja += (side ? "、" : "") + ja_side(side) + mark;
        if (discs && wanted) {
            const int d = (*discs)[std::size_t(side)] - (*discs)[std::size_t(1 - side)];
            const std::string diff = " " + std::string(d > 0 ? "+" : "") + std::to_string(d);
            note.en += diff;
            note.ja += diff;
        }
    }
    // A card that keeps the disc difference after an end nothing counted: the rulebook does not say what it is.
    if (!discs && wanted) {
        note.en += " (no disc difference: the rulebook gives no count for a game that ends this way)";
        note.ja += "（石差なし：この終わり方の石数を規則が定めていない）";
    }
    if (!out.result.rated) {
        note.en += " (unrated)";
        note.ja += "（レーティング対象外）";
    }
    if (applied >= 0) add_note(out.rulings[std::size_t(applied)].note, note);
    else note_rule(*r, nobody, note);
}

}  // namespace arbiter::procedure
