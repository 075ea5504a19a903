// Claims and observations: one handler per claim kind (timeline `claim: {by, kind}`). Whether a claim is admissible
// at all (who may make it, until when) is procedure/claim_admissibility.cpp.
#include "procedure/run_state.h"

#include "procedure/tables.h"
#include "rulebook/balances.h"

#include <sstream>

namespace arbiter::procedure {

using State = Runner::State;

namespace {

// A draw claim by repetition or the move rule: correct when the position (or the announced move) makes it so.
void claim_draw(State& st, int claimant, const YAML::Node& v, bool repetition) {
    const Trigger trigger = repetition ? Trigger::claim_repetition : Trigger::claim_fifty_moves;
    const std::string kind = v["kind"].Scalar();
    Context ctx;
    ctx.actor = claimant;
    ctx.party = "claimant";
    if (const auto* lapse = st.rule_for(Trigger::claim_lapsed);
        lapse && st.param_value(*lapse, params::lost_on.name) == "touch" && st.touched[std::size_t(claimant)]) {
        st.raise(Trigger::claim_lapsed, ctx, claimant, {"the claimant touched a piece before claiming", "申立者が申し立ての前に駒に触れた"});
        return;
    }
    const auto* r = st.rule_for(trigger);
    if (r && !st.admissible(*r, claimant, ctx, kind)) return;
    const bool with_move = bool(v["move"]);
    // Who may claim is the rule's claim.by (admissible above); a rule that names nobody keeps the reading of 9.2 and
    // 9.3, the player on move. A move announced with the claim is the claimant's own next move, so it needs the turn.
    const bool by_named = r && r->claim && !r->claim->by.empty();
    bool correct = (by_named || claimant == st.to_move()) && (!with_move || claimant == st.to_move());
    core::Move move{};
    if (correct && with_move) {
        const auto parsed = st.game->read(v["move"].Scalar());
        if (parsed.status == core::MoveParseStatus::syntax_error) throw st.error("claim.move: " + parsed.message, v["move"]);
        correct = parsed.ok();
        move = parsed.move;
    }
    if (correct && repetition) {
        // 9.2a: the announced move makes the position appear again; 9.2b: it has already appeared.
        const int n = st.repetition_occurrences();
        correct = with_move ? st.game->repeats_with(move, n) : st.game->repetition_count() >= n;
    } else if (correct) {
        // The rule's moves (each side's), else the game's own claim count (games/chess.yaml move_rule.claim_plies).
        std::int64_t plies = st.def->move_rule_claim_plies;
        if (auto m = st.param_of(trigger, params::move_rule_moves.name); m.is_number()) plies = 2 * m.get<std::int64_t>();
        const int halfmove = with_move ? st.game->reversible_plies(move) : st.game->reversible_plies();
        correct = plies > 0 && halfmove >= plies;
    }
    if (!correct) {
        st.raise(Trigger::claim_incorrect, ctx, claimant, {kind + " claim found incorrect", "申し立ては正しくないと判明した"}, true);
        st.claim_stands_as_offer(claimant);
        return;
    }
    ctx.facts["claim_correct"] = true;
    ctx.facts["claim_announces_move"] = with_move;
    st.raise(trigger, ctx, claimant, {}, true);
    st.claim_stands_as_offer(claimant);
}

void claim_repetition(State& st, int c, const YAML::Node& v) { claim_draw(st, c, v, true); }
void claim_fifty_moves(State& st, int c, const YAML::Node& v) { claim_draw(st, c, v, false); }

void claim_quickplay_finish(State& st, int claimant, const YAML::Node& v) {
    Context ctx;
    ctx.actor = claimant;
    ctx.party = "claimant";
    if (const auto* r = st.rule_for(Trigger::claim_quickplay_finish); r && !st.admissible(*r, claimant, ctx, v["kind"].Scalar()))
        return;
    st.raise(Trigger::claim_quickplay_finish, ctx, claimant, {}, true);
    st.claim_stands_as_offer(claimant);
}

void claim_flag(State& st, int claimant, const YAML::Node&) {
    auto claim = [&] {
        // The claimant's own flag is down too: a flag claim needs the claimant's flag up (2001 B7), so the rule on
        // both flags decides (2001 B8: a draw; JOA: the draw-win right, unrated).
        if (st.flag_down(claimant) && st.flag_down(1 - claimant) &&
            st.rule_both_flags(claimant, false,
                               {"claimed by " + st.side_name(claimant) + ", whose own flag is down too",
                                st.ja_side(claimant) + "の申し立て。申立者自身の時間も切れている"}))
            return;
        st.flag_fall(1 - claimant, claimant, st.flag_down(1 - claimant), claimant);
    };
    if (st.ended) st.after_the_end(claim);
    else claim();
}

void claim_win_on_time(State& st, int claimant, const YAML::Node& v) {
    if (!st.rule_for(Trigger::claim_win_on_time)) {
        claim_flag(st, claimant, v);
        return;
    }
    Context ctx;
    ctx.actor = claimant;
    ctx.party = "claimant";
    ctx.roles["opponent"] = 1 - claimant;
    st.raise(Trigger::claim_win_on_time, ctx, claimant, {}, true);
}

// An illegal move claimed: pointed out under the game's point-out rule where the rulebook has one, else ruled
// under the illegal-move rule (FIDE 7.4a: the position before it; the offender is to move again).
void claim_illegal_move(State& st, int claimant, const YAML::Node& v) {
    if (st.rule_for(Trigger::point_out_illegal_move)) {
        st.point_out_illegal(claimant, st.side_name(claimant), v);
        return;
    }
    const auto* r = st.rule_for(Trigger::claim_illegal_move);
    if (!st.illegal || st.illegal->offender == claimant) {
        st.note_only(st.topic_of(Trigger::claim_illegal_move), claimant,
                     {"no illegal move by the opponent to claim", "申し立てる相手の反則手がない"});
        return;
    }
    Context ctx;
    ctx.actor = st.illegal->offender;
    ctx.roles["claimant"] = claimant;
    ctx.facts["claim_correct"] = true;
    if (r && !st.admissible(*r, claimant, ctx, v["kind"].Scalar())) return;
    const auto found = *st.illegal;
    st.illegal.reset();
    // A claimed illegal move never stands: the board the rule is applied to is the one before it (B.3c asks whether
    // the claimant could mate from there; 7.4a restores it).
    if (found.played) st.take_back_illegal(found.ply_before);
    st.raise(Trigger::claim_illegal_move, ctx, claimant, {}, true);
    if (!st.ended && (found.played || (r && !r->restore.empty()))) st.ensure_running(found.offender);
    st.bind_replacement(found);
}

void claim_impasse(State& st, int claimant, const YAML::Node&) { st.on_declare(claimant); }
void claim_touch_move(State& st, int claimant, const YAML::Node& v) { st.claim_touch_move(claimant, v); }

void claim_book_draw(State& st, int claimant, const YAML::Node& v) {
    Context ctx;
    ctx.actor = claimant;
    ctx.party = "claimant";
    if (v["correct"]) ctx.facts["claim_correct"] = v["correct"].as<bool>();
    else if (const auto listed = st.is_listed_book_draw()) ctx.facts["claim_correct"] = *listed;
    // A forced win is something the opponent shows at the board: the timeline says so, or it did not happen.
    ctx.facts["forced_win_shown"] = v["forced_win_shown"] ? v["forced_win_shown"].as<bool>() : false;
    ctx.roles["opponent"] = 1 - claimant;
    const auto* r = st.rule_for(Trigger::claim_book_draw);
    if (r && !st.admissible(*r, claimant, ctx, v["kind"].Scalar())) return;
    if (st.raise(Trigger::claim_book_draw, ctx, claimant, {}, true) >= 0 || !r) return;
    // The rule's cases need a judgement the timeline does not give: the arbiter decides.
    st.note_rule(*r, claimant, {"whether the position is a book draw is the arbiter's judgement",
                                "定跡上引き分けの局面かどうかはアービターが判断する"});
    st.open.push_back({Pending{r->topic, r->article, {"draw", "reject_claim"}, "Is the position a book draw?"}, r, ctx});
}

struct ClaimImpl {
    std::string_view name;
    void (*handle)(State&, int claimant, const YAML::Node& claim);
};

// One row per claim kind of schemas/timeline.schema.json; the cross-check test holds the two to the same words.
constexpr ClaimImpl kinds[] = {
    {"repetition", claim_repetition},   {"fifty_moves", claim_fifty_moves}, {"quickplay_finish", claim_quickplay_finish},
    {"flag", claim_flag},               {"win_on_time", claim_win_on_time}, {"illegal_move", claim_illegal_move},
    {"impasse", claim_impasse},         {"book_draw", claim_book_draw}, {"touch_move", claim_touch_move},
};

}  // namespace

std::vector<std::string_view> claim_words() { return names_of(kinds); }

void State::on_claim() {
    const YAML::Node& v = entry->value;
    const int claimant = read_side(v["by"]);
    const std::string kind = v["kind"].Scalar();
    if (const auto* k = row_named(kinds, kind)) return k->handle(*this, claimant, v);
    throw error("claim: found the kind '" + kind + "', which the runner does not implement", v["kind"]);
}

// A draw claim that did not end the game stands as an offer where the rulebook says so (FIDE 2001 9.1c, 2009
// 9.1b): the opponent may accept it.
void State::claim_stands_as_offer(int claimant) {
    if (!ended && param_of(params::claim_is_offer) == true) offer_by = claimant;
}

namespace {

// The properties a material balance may require of the side named first (registry: material_properties). `settles`:
// with exactly the item's material and the property failing, the position is not a listed draw (a table decides);
// otherwise the list's extension to harmless extra pieces leaves the arbiter to judge.
struct MaterialProperty {
    std::string_view name;
    bool (*holds)(const Board& board, int side);  // false where the game lacks the analysis
    bool settles;
};
constexpr MaterialProperty material_properties[] = {
    {"wrong_rook_pawn",
     [](const Board& b, int side) {
         const auto* facts = b.capability<DeadPositionFacts>();
         return facts && facts->wrong_rook_pawn(side);
     },
     false},
    {"drawn_king_and_pawn",
     [](const Board& b, int side) {
         const auto* facts = b.capability<KingAndPawnFacts>();
         return facts && facts->drawn_king_and_pawn(side);
     },
     true},
};

}  // namespace

std::vector<std::string_view> material_property_words() { return names_of(material_properties); }

// JCA 15.1: the position is a draw the arbiter can see without judgement: a dead position (item 1, a FIDE-law
// draw), or exactly one of the material balances the rule lists in its `material` parameter ("KR v KR; ..."),
// with the property the item names, if any, held by the side whose material is named first (items 3 and 5).
// False where a property that settles the matter fails (K+P v K won for the pawn's side); nullopt where the list
// does not decide and the arbiter judges.
std::optional<bool> State::is_listed_book_draw() const {
    if (const auto* dead = game->capability<DeadPositionFacts>(); dead && dead->is_dead_position()) return true;
    const json listed = param_of(Trigger::claim_book_draw, params::book_material.name);
    if (!listed.is_string()) return std::nullopt;
    std::string why;
    const auto items = rulebook::parse_balances(listed.get<std::string>(), why);  // checked when the rulebook loaded
    if (!items) return std::nullopt;
    const std::array<std::string, 2> sides{game->material(0), game->material(1)};
    bool refuted = false;
    for (const auto& item : *items)
        for (int first = 0; first < 2; ++first) {
            if (item.first != sides[std::size_t(first)] || item.second != sides[std::size_t(1 - first)]) continue;
            const auto* p = row_named(material_properties, item.property);
            if (item.property.empty() || (p && p->holds(*game, first))) return true;
            if (p && p->settles) refuted = true;
        }
    if (refuted) return false;
    return std::nullopt;
}

void State::after_the_end(const std::function<void()>& claim) {
    const Result before = out.result;
    ended = false;
    // A new result no longer follows the earlier count of the board; its own rule may count again (`count`).
    out.result.discs.reset();
    out.result.squares.reset();
    claim();
    if (!ended) {
        out.result = before;
        ended = true;
        return;
    }
    // A new result: the card is written again.
    card_written = false;
}

// Both flags down: the rulebook's rule on both flags, with whether the order of the falls is known and whether both
// sides are in their last period. False when that rule says nothing here.
bool State::rule_both_flags(int by, bool order_known, const Note& note) {
    Context ctx;
    ctx.facts["order_known"] = order_known;
    if (clk) ctx.facts["final_period"] = clk->reading(0, now).last_period && clk->reading(1, now).last_period;
    const auto* r = rule_for(Trigger::both_flags_fallen);
    if (!r) return false;
    // The rule's claim says who may point both falls out and until when: past its deadline (JOA: once the players have
    // agreed the result) the point-out is ruled too late and the result stands (othello 63).
    if (r->claim && !admissible(*r, by, ctx, "flag")) return true;
    return apply_rule(*r, ctx, by, note) >= 0;
}

// A flag claim after the game has ended on the board, where the flag rule admits claims until the players agree
// the result (JOA: the last mover's fall may still be pointed out until both have checked the result) or has a case
// on how the game ended. It is ruled (admissible, too late, or rejected by that case), never ignored.
bool State::claim_open_after_end() const {
    const YAML::Node& v = entry->value;
    // A touch-move breach by the move that ended the game is heard, to be told that the end stands (touch.cpp).
    if (entry->action == "claim" && v["kind"] && v["kind"].Scalar() == "touch_move") return touch_breach.has_value();
    // A player's point-out of an illegal move is heard after the end as an onlooker's is (observe), where a rule says
    // who may point one out: that rule's cases and deadline decide (Kyushu (5): no protest after the end but one
    // from a recorder's score before the next game).
    if (entry->action == "claim" && v["kind"] && v["kind"].Scalar() == "illegal_move")
        return rule_for(Trigger::point_out_illegal_move) != nullptr;
    // A fall observed (the player's own report, an arbiter's look at the clock) is heard as a flag claim is.
    const bool flag_claim = entry->action == "claim" && v["kind"] && v["kind"].Scalar() == "flag";
    const bool flag_seen = entry->action == "observe" && (v["flag_fallen"] || v["both_flags_fallen"]);
    if (!flag_claim && !flag_seen) return false;
    const auto* r = rule_for(Trigger::flag_fallen);
    if (!r) return false;
    if (deadline_outlasts_end(*r)) return true;  // after the agreement: ruled too late
    // A rule whose cases read how the game ended says what a claim after the end does (FIDE 2009 6.9: nothing,
    // after a checkmate).
    for (const auto& c : r->cases)
        if (c.when.IsMap() && c.when["ended_by"]) return true;
    return false;
}

// A flag claimed, observed or raised by the arbiter: the rule decides, a claim on a flag still up is rejected.
void State::flag_fall(int offender, int claimant, bool fallen, int by) {
    Context ctx;
    ctx.actor = offender;
    ctx.party = "claimant";
    if (claimant >= 0) ctx.roles["claimant"] = claimant;
    ctx.roles["opponent"] = 1 - offender;
    ctx.facts["claim_correct"] = fallen;
    // A forced win shown at the board by the side whose flag is up (US Chess 14E: without one, a lone minor piece
    // cannot win on time): the claim entry says so, or nothing was shown.
    const YAML::Node v = entry ? static_cast<const YAML::Node&>(entry->value) : YAML::Node();
    ctx.facts["forced_win_shown"] = entry && entry->action == "claim" && v.IsMap() && v["forced_win_shown"] &&
                                    v["forced_win_shown"].as<bool>();
    const auto* r = rule_for(Trigger::flag_fallen);
    if (!r) {
        raise(Trigger::flag_fallen, ctx, by, {}, true);
        return;
    }
    if (claimant >= 0 && !admissible(*r, claimant, ctx, "flag")) return;
    if (!fallen && !match(*r, ctx)) {
        note_rule(*r, by, {"the flag has not fallen; the claim is rejected", "時間は切れていない。申し立ては退けられる"});
        return;
    }
    apply_rule(*r, ctx, by);
}

// A clock that reached zero before this entry (trigger clock.reached_zero). Where the flag rule ends the game by
// itself (automatic: Kyushu (7), a CSA server), it is ruled at the instant of zero, unless this entry is the
// arbiter's incident on that rule (an evident clock fault). Otherwise the ruling says once that the flag is down and
// nobody has claimed it: an overrun is never silent.
void State::check_flags() {
    if (!clk || ended) return;
    for (int side = 0; side < 2; ++side) {
        if (flag_seen[std::size_t(side)]) continue;
        const auto fell = clk->flag_fell(side, now);
        if (!fell) continue;
        flag_seen[std::size_t(side)] = true;
        const auto* r = rule_for(Trigger::clock_reached_zero);
        if (r && param_value(*r, params::flag_automatic.name) == true) {
            if (entry->action == "incident" && entry->value["topic"].Scalar() == r->topic) continue;
            const Ms at_entry = now;
            now = *fell;  // ruled at the instant the display reached zero
            flag_fall(side, nobody, true, nobody);
            now = at_entry;
            if (ended) return;
            continue;
        }
        // The entry that follows the fall claims or establishes it: that entry's ruling says so.
        const YAML::Node& v = entry->value;
        const std::string& a = entry->action;
        const bool claimed = (a == "claim" && v["kind"] && (v["kind"].Scalar() == "flag" || v["kind"].Scalar() == "win_on_time")) ||
                             (a == "observe" && (v["flag_fallen"] || v["both_flags_fallen"])) ||
                             (a == "arbiter" && v["decision"] && v["decision"].Scalar() == "flag");
        if (claimed) continue;
        note_only(topic_of(Trigger::clock_reached_zero), side,
                  {side_name(side) + "'s flag is down (zero at " + clock::format_clock(*fell) + ") and nobody has claimed it",
                   ja_side(side) + "の時間が切れている（" + clock::format_clock(*fell) + "に0）が、誰も申し立てていない"});
    }
}

void State::on_observe() {
    const YAML::Node& v = entry->value;
    if (v["illegal_move"]) {
        const std::string by = v["by"] ? v["by"].Scalar() : std::string("arbiter");
        if (rule_for(Trigger::point_out_illegal_move)) point_out_illegal(nobody, by, v);
        else observe_illegal(by);
        return;
    }
    if (v["illegal_position"] && v["illegal_position"].as<bool>()) {
        observe_illegal_position(v["by"] ? v["by"].Scalar() : std::string("arbiter"));
        return;
    }
    // After the end a fall observed may still change the result where the flag rule says so (claim_open_after_end).
    if (ended) after_the_end([&] { observe_flag(v); });
    else observe_flag(v);
}

void State::observe_flag(const YAML::Node& v) {
    if (v["both_flags_fallen"] && v["both_flags_fallen"].as<bool>()) {
        const bool known = v["order_known"] && v["order_known"].as<bool>();
        if (rule_both_flags(nobody, known, {})) return;
        if (known && v["first"]) flag_fall(read_side(v["first"]), nobody, true, nobody);
        return;
    }
    if (v["flag_fallen"]) {
        const int side = read_side(v["flag_fallen"]);
        const std::string by = v["by"] ? v["by"].Scalar() : std::string("arbiter");
        // One flag seen while the other is down too: both are, and the rule on both flags decides (JOA: anyone may
        // point out that both are down; the arbiter looks at both clocks).
        if (flag_down(side) && flag_down(1 - side) &&
            rule_both_flags(nobody, false,
                            {"seen by " + by + " with both flags down", observer_ja(by) + "が確認した。双方の時間が切れている"}))
            return;
        const auto* r = rule_for(Trigger::flag_fallen);
        // Who may establish a flag fall: where the rule's claimant set does not admit the observer (only the players:
        // JOA; the opponent), his observation changes nothing, ruled so. A player's own observation is his claim.
        const bool player = side_of(by) >= 0;
        if (!player && r && r->claim) {
            Context ctx;
            ctx.actor = side;
            observer = by;
            const bool may = admissible(*r, nobody, ctx, "flag");
            observer.clear();
            if (!may) return;
        }
        flag_fall(side, player ? 1 - side : nobody, flag_down(side), nobody);
    }
}

}  // namespace arbiter::procedure
