// The admissibility of a claim under the rule's `claim: {by, deadline}`: one check per claimant word and per
// deadline word (registry `claimants`, `deadlines`). A claim that is not admissible is ruled so and changes nothing
// else (procedure/claims.cpp rules the claims that are).
#include "procedure/run_state.h"

#include "procedure/tables.h"

namespace arbiter::procedure {

using State = Runner::State;

namespace {

// ---- who may claim: the claimant's side (nobody: the arbiter or an observer) against the situation
struct ClaimantImpl {
    std::string_view name;
    bool (*may)(const State&, int claimant, const Context&);
};

constexpr ClaimantImpl claimants[] = {
    {"either", [](const State&, int, const Context&) { return true; }},
    {"anyone", [](const State&, int, const Context&) { return true; }},
    {"player", [](const State&, int c, const Context&) { return c >= 0; }},
    {"opponent", [](const State&, int c, const Context& ctx) { return c >= 0 && c != ctx.actor; }},
    {"to_move", [](const State& st, int c, const Context&) { return c == st.to_move(); }},
    // The opponent claims; the arbiter also acts on what he sees himself (an observation entry), but finds nothing
    // by default when the next move is made (FIDE 2009 A.4c: both kings in check, an unfinished promotion).
    {"opponent_or_arbiter",
     [](const State& st, int c, const Context& ctx) {
         return (c >= 0 && c != ctx.actor) || (c < 0 && st.arbiter_sighting);
     }},
    // One party each, for a claimant set (claim.by a list): the offender himself, or an observer by name.
    {"offender", [](const State&, int c, const Context& ctx) { return c >= 0 && c == ctx.actor; }},
    {"arbiter", [](const State& st, int c, const Context&) { return c < 0 && st.observer == "arbiter"; }},
    {"recorder", [](const State& st, int c, const Context&) { return c < 0 && st.observer == "recorder"; }},
    {"witness", [](const State& st, int c, const Context&) { return c < 0 && st.observer == "witness"; }},
    {"spectator", [](const State& st, int c, const Context&) { return c < 0 && st.observer == "spectator"; }},
};

// Whether the claimant set of `claim` admits `c`: its one word, or any word of its list.
bool set_admits(const State& st, const rulebook::Claim& claim, int c, const Context& ctx, bool& known) {
    known = false;
    bool may = false;
    for (const auto& word : claim.any_of.empty() ? std::vector<std::string>{claim.by} : claim.any_of)
        if (const auto* row = row_named(claimants, word)) {
            known = true;
            may = may || row->may(st, c, ctx);
        }
    return may;
}

// ---- until when: in time or not, for the claimant (nobody: the deadline's plain reading of the run)
// A deadline counted in moves reads the rule's claim_moves: from the start of the game, or from the act.
enum class Counted : std::uint8_t {
    no,
    from_start,  // in time while each player has completed fewer than claim_moves moves
    since_act,   // in time while the act is among the last claim_moves moves of the player who made it
};

struct DeadlineImpl {
    std::string_view name;
    bool (*in_time)(const State&, int claimant);
    Counted counted = Counted::no;
    // The deadline can fall after the game has ended on the board (until the players agree the result), so a claim
    // made after the end is ruled under it rather than passed over.
    bool outlasts_end = false;
};

// The act is the breach a touch-move claim is about (State::weighed_breach), else the illegal move held open.
bool not_moved_since_act(const State& st, int c) {
    if (c >= 0 && st.weighed_breach) return !st.weighed_breach->moved_since[std::size_t(c)];
    return c < 0 || !st.illegal || !st.moved_since_illegal[std::size_t(c)];
}

constexpr DeadlineImpl deadlines[] = {
    {"before_own_next_move", not_moved_since_act},
    {"before_claimant_moves", not_moved_since_act},
    {"before_completing_next_move", [](const State&, int) { return true; }},  // a claim entry is made before the move
    {"before_claimant_touches_piece",
     [](const State& st, int c) {
         if (c < 0) return true;
         // A move is a deliberate touch too: after his own move the claimant has touched a piece.
         if (const auto* b = st.weighed_breach)
             return !b->touched_since[std::size_t(c)] && !b->moved_since[std::size_t(c)];
         return st.illegal ? !st.touched_since_illegal[std::size_t(c)] : !st.touched[std::size_t(c)];
     }},
    {"before_flag_falls", [](const State& st, int c) { return c < 0 || !st.flag_down(c); }},
    {"game_end", [](const State& st, int) { return !st.ended; }},
    {"game_end_declared", [](const State& st, int) { return !st.end_declared; }},
    // No timeline entry records the players agreeing the result: until the timeline ends, a claim is in time.
    {"result_agreed", [](const State& st, int) { return !st.result_agreed; }, Counted::no, true},
    {"own_turn_before_time_expires", [](const State& st, int c) { return c < 0 || (c == st.to_move() && !st.flag_down(c)); }},
    {"before_each_player_has_made_three_moves", [](const State& st, int) { return !st.game || st.game->ply() < 6; }},
    {"before_each_player_has_made_moves", [](const State&, int) { return true; }, Counted::from_start},
    {"within_last_moves", [](const State&, int) { return true; }, Counted::since_act},
};

}  // namespace

std::vector<std::string_view> claimant_words() { return names_of(claimants); }
std::vector<std::string_view> deadline_words() { return names_of(deadlines); }

// Whether the rule's claimant set (claim.by) admits `claimant`, deadlines aside; a rule with no claim set, or one
// the table does not know, admits no one in particular and so only the opponent.
bool State::claimant_in_set(const rulebook::Rule& r, int claimant, const Context& ctx) const {
    bool known = false;
    const bool may = r.claim && set_admits(*this, *r.claim, claimant, ctx, known);
    return known ? may : claimant != ctx.actor;
}

// An observer points the act out: `anyone` admits him, and so does his own word (arbiter, recorder, witness,
// spectator), alone or in a claimant set; a rule with no claim set leaves it to whoever finds it. Any other word
// (either, player, opponent...) admits only players here.
bool State::admits_observer(const rulebook::Rule& r, const std::string& who, const Context& ctx) {
    if (!r.claim) return true;
    observer = who;
    bool may = false;
    for (const auto& word : r.claim->any_of.empty() ? std::vector<std::string>{r.claim->by} : r.claim->any_of) {
        const auto* row = row_named(claimants, word);
        may = may || word == "anyone" || (word == who && row && row->may(*this, nobody, ctx));
    }
    observer.clear();
    return may;
}

bool State::deadline_outlasts_end(const rulebook::Rule& r) const {
    const auto* d = r.claim ? row_named(deadlines, r.claim->deadline) : nullptr;
    return d && d->outlasts_end;
}

bool State::deadline_since_act(const rulebook::Rule& r) const {
    const auto* d = r.claim ? row_named(deadlines, r.claim->deadline) : nullptr;
    return d && d->counted == Counted::since_act;
}

// Whether `claimant` may make this claim now under the rule's claim.by and claim.deadline (and, for a claim on
// the clock, the rule's claim_below). `kind` non-empty: a ruling says why a claim is not admissible.
bool State::admissible(const rulebook::Rule& r, int claimant, const Context& ctx, const std::string& kind) {
    Note why;
    if (r.claim) {
        if (bool known = false; !set_admits(*this, *r.claim, claimant, ctx, known) && known)
            why = {"only " + r.claim->by + " may claim", "申し立てができる者ではない（" + ja(r.claim->by) + "）"};
        const auto* d = row_named(deadlines, r.claim->deadline);
        bool late = d && !d->in_time(*this, claimant);
        if (d && d->counted != Counted::no && game) {
            const auto moves = param_value(r, params::claim_moves.name);
            const int n = moves.is_number_integer() ? moves.get<int>() : -1;
            if (d->counted == Counted::from_start) {
                // Each player's claim_moves moves (FIDE 2014 A.4a, 2018 A.4.1.2) are 2 x that many plies.
                late = n >= 0 && game->ply() >= 2 * n;
            } else if (illegal && illegal->ply_before >= 0) {
                // The act is its maker's first move counted: after it, his k-th move is ply ply_before + 2k, so
                // ply - ply_before + 1 halved is how many of his moves, the act included, have been made since.
                late = n >= 0 && (game->ply() - illegal->ply_before + 1) / 2 > n;
            }
        }
        if (why.empty() && late)
            why = {"out of time (" + r.claim->deadline + ")", "期限を過ぎている（期限：" + ja(r.claim->deadline) + "）"};
    }
    if (const auto below = State::as_ms(param_value(r, params::claim_below.name)); why.empty() && below && claimant >= 0 &&
                                                                                     shown(claimant).count() >= *below) {
        const std::string seconds = std::to_string(*below / 1000);
        why = {"the claimant's time is not below " + seconds + " s", "申立者の残り時間が" + seconds + "秒未満ではない"};
    }
    if (why.empty()) return true;
    if (!kind.empty()) {
        Ruling& ruling = note_rule(r, claimant, {kind + " claim not admissible: " + why.en + "; nothing follows",
                                                 "申し立ては認められない：" + why.ja + "。何も変わらない"});
        if (r.claim && !r.claim->article.empty()) ruling.article = r.claim->article;
    }
    return false;
}

}  // namespace arbiter::procedure
