// The arbiter's entries: an answer to the decision a ruling left open (checked against the options the rulebook
// allows), or a decision of the arbiter's own (adjourn, a flag), or one this rulebook leaves no room for (noted).
#include "procedure/run_state.h"

#include "procedure/tables.h"
#include "rulebook/schema.h"

#include <algorithm>
#include <sstream>

namespace arbiter::procedure {

using State = Runner::State;

namespace {

// The ruling that records an arbiter's answer to the decision `o` left open.
Ruling& decision_ruling(State& st, const State::Open& o, const std::string& decision) {
    // A decision an appeal left open is the appeal body's, not the arbiter's (appeal.cpp).
    const Note said = o.ctx.reopens ? Note{"appeal body's decision: " + decision, "不服審査の決定：" + st.ja(decision)}
                                    : Note{"arbiter's decision: " + decision, "アービターの決定：" + st.ja(decision)};
    Ruling& ruling = st.note_only(o.rule->topic, nobody, said);
    ruling.article = o.pending.article;
    ruling.summary = o.rule->summary;
    return ruling;
}

// The amount a rule writes for `effect` in its effects, cases or ladder ({param: opponent_bonus}), or null.
const json* written_amount(State& st, const rulebook::Rule& r, const std::string& effect) {
    auto in = [&](const std::vector<rulebook::Effect>& effects) -> const json* {
        for (const auto& e : effects) {
            if (e.name != effect) continue;
            const json& j = st.effect_json(e).begin().value();
            if (j.is_object() && j.contains("amount")) return &j["amount"];
        }
        return nullptr;
    };
    if (const json* a = in(r.effects)) return a;
    for (const auto& c : r.cases)
        if (const json* a = in(c.effects)) return a;
    for (const auto& step : r.ladder)
        if (const json* a = in(step.effects)) return a;
    return nullptr;
}

// The options of the registry's `options` the arbiter may pick besides effects, each applied to the result's points
// (FIDE 2001 13.4e-f, 12.7): the offender is the party the open decision is about (the rule's actor).
struct OptionArgs {
    State& st;
    const State::Open& o;
    const Context& ctx;
    const YAML::Node& v;
    const std::string& decision;
};

int offender_of(const OptionArgs& a) {
    const int side = a.ctx.actor;
    if (side < 0 || side > 1)
        throw a.st.error("decision: " + a.decision + " needs the offender, but the open decision on " + a.o.pending.topic +
                             " names no player; expected a decision on a rule about one player",
                         a.v["decision"]);
    return side;
}

// Records the point change on the result (a game already over) or keeps it for the result to come.
void change_points(const OptionArgs& a, int side, double by, bool to_most) {
    State& st = a.st;
    if (to_most) st.points_to_most[std::size_t(side)] = true;
    else st.point_change[std::size_t(side)] += by;
    Ruling& ruling = decision_ruling(st, a.o, a.decision);
    json applied = {{"effect", a.decision}, {"who", st.side_name(side)}};
    if (!to_most) applied["points"] = by;
    if (st.ended && st.out.result.score) {
        st.out.result.score = st.adjusted_score(*st.out.result.score);
        st.point_change = {0, 0};
        st.points_to_most = {false, false};
        applied["score"] = {{st.side_name(0), (*st.out.result.score)[0]}, {st.side_name(1), (*st.out.result.score)[1]}};
    }
    ruling.effects.push_back(std::move(applied));
    ruling.clocks_after = st.clocks();
}

// reduce_points: the entry's `points` (how many fewer) taken from the offender's score in this game (13.4e).
void reduce_points(const OptionArgs& a) {
    const int offender = offender_of(a);
    const YAML::Node points = a.v["points"];
    double by = 0;
    if (!points || !points.IsScalar() || !(std::istringstream(points.Scalar()) >> by) || by < 0)
        throw a.st.error("decision: reduce_points needs the points taken off (points: 0.5), 0 or more", points ? points : a.v["decision"]);
    change_points(a, offender, -by, false);
}

// raise_opponent_points: the opponent scores the most the game can give, a win's points (13.4f).
void raise_opponent_points(const OptionArgs& a) { change_points(a, 1 - offender_of(a), 0, true); }

// opponent_half_point: the offender scores nothing and the opponent a draw's points (12.7's choice of the score).
void opponent_half_point(const OptionArgs& a) {
    State& st = a.st;
    const int offender = offender_of(a);
    const auto pts = st.points();
    std::array<double, 2> score{};
    score[std::size_t(offender)] = pts[2];
    score[std::size_t(1 - offender)] = pts[1];
    Ruling& ruling = decision_ruling(st, a.o, a.decision);
    ruling.effects.push_back({{"effect", a.decision},
                              {"score", {{st.side_name(0), score[0]}, {st.side_name(1), score[1]}}}});
    if (st.ended) {
        st.out.result.score = score;
    } else {
        st.end_game(score, true, ruling.topic, ruling.article);
    }
    ruling.clocks_after = st.clocks();
}

// postpone: the decision stays open and play goes on; a later decision (or a rule reading claim_awaiting_decision)
// settles it. A rule whose case reads the decision is applied before this is reached.
void postpone(const OptionArgs& a) {
    a.st.open.push_back(a.o);
    decision_ruling(a.st, a.o, a.decision).clocks_after = a.st.clocks();
}

struct OptionImpl {
    std::string_view name;
    void (*handler)(const OptionArgs&);
};

// One row per registry option; the registry is refused at load when it names an option that has no row here.
constexpr OptionImpl options[] = {
    {"postpone", postpone},
    {"reduce_points", reduce_points},
    {"raise_opponent_points", raise_opponent_points},
    {"opponent_half_point", opponent_half_point},
};

void answer(State& st, const YAML::Node& v, const std::string& decision) {
    State::Open o = st.open.back();
    const auto& opts = o.pending.options;
    if (std::find(opts.begin(), opts.end(), decision) == opts.end()) {
        std::string list;
        for (const auto& s : opts) list += (list.empty() ? "" : ", ") + s;
        throw st.error("decision: found '" + decision + "'; rulebook " + st.book.id + " allows for " + o.pending.topic + " (" +
                           o.pending.article + ") only: " + list,
                       v["decision"]);
    }
    st.open.pop_back();
    Context ctx = o.ctx;
    ctx.facts["arbiter_decision"] = decision;
    const auto* r = o.rule;
    if (st.side_of(decision) >= 0) {
        // A side named as the outcome (a lot drawn, the holder of a right): that side wins.
        ctx.roles["winner"] = st.side_of(decision);
        st.apply(*r, json{{"win", {{"who", "winner"}}}}, ctx, decision_ruling(st, o, decision));
        st.out.rulings.back().clocks_after = st.clocks();
        return;
    }
    // Only a case that reads the decision answers it (the case that asked for it would ask again).
    if (const auto* c = st.match(*r, ctx); c && c->when["arbiter_decision"]) {
        st.apply_rule(*r, ctx, nobody, {"arbiter's decision: " + decision, "アービターの決定：" + st.ja(decision)});
        return;
    }
    if (const auto* option = row_named(options, decision)) {
        option->handler(OptionArgs{st, o, ctx, v, decision});
        return;
    }
    // The decision is itself an effect of the vocabulary: applied to the party the open decision is about (the
    // claimant of a claim, else the offender) when the effect names a party (its `to` or `who` is a role).
    json fields = json::object();
    const std::string party(ctx.party);
    const auto* spec = st.registry().effect(decision);
    auto names_party = [&](const char* field) {
        const std::string* type = spec ? spec->field_type(field) : nullptr;
        return type && *type == "role";
    };
    if (names_party("who")) fields["who"] = decision == "win" ? "opponent" : party;
    else if (names_party("to")) fields["to"] = decision == "add_time" ? "opponent" : party;
    // The effect's own fields written on the decision (score: white: 0, black: 0.5) are the arbiter's.
    if (spec && v.IsMap())
        for (const auto& kv : v)
            if (const std::string key = kv.first.Scalar(); key != "decision" && key != "amount" && spec->field_type(key))
                fields[key] = rulebook::yaml_to_json(kv.second);
    if (decision == "score" && fields.size() == 0)
        throw st.error("decision: score needs each side's points (decision: score, white: 0, black: 0.5)", v["decision"]);
    if (v["amount"]) {
        fields["amount"] = v["amount"].Scalar();
        // The range the rulebook allows the arbiter (JCA 9.5b: at most 3 minutes from the claimant).
        const auto amount = State::as_ms(fields["amount"]);
        const auto most = State::as_ms(st.param_value(*r, params::deduction_max.name));
        if (decision == "deduct_time" && amount && most && *amount > *most)
            throw st.error("amount: found " + v["amount"].Scalar() + "; rulebook " + st.book.id + " allows the arbiter at most " +
                               std::to_string(*most / 1000) + " s for " + r->topic + " (" + o.pending.article + ")",
                           v["amount"]);
    }
    if (!v["amount"] && spec && spec->field_type("amount")) {
        // No amount given: the amount the rule itself writes for this effect (FIDE 2001 10.2b's "may give the
        // opponent two minutes" is the opponent_bonus its 10.2c adds), else the decision cannot be applied.
        const json* written = written_amount(st, *r, decision);
        if (!written)
            throw st.error("decision: " + decision + " needs an amount (amount: 2min): rulebook " + st.book.id + " names none for " +
                               r->topic + " (" + o.pending.article + ")",
                           v["decision"]);
        fields["amount"] = st.resolve(*r, *written);
    }
    st.apply(*r, json{{decision, fields}}, ctx, decision_ruling(st, o, decision));
    st.out.rulings.back().clocks_after = st.clocks();
}

}  // namespace

std::vector<std::string_view> option_words() { return names_of(options); }

std::array<double, 2> State::adjusted_score(std::array<double, 2> score) const {
    const double most = points()[0];
    for (std::size_t side = 0; side < 2; ++side) {
        if (points_to_most[side]) score[side] = most;
        score[side] = std::clamp(score[side] + point_change[side], 0.0, std::max(most, score[side]));
    }
    return score;
}

void State::answer_open(const YAML::Node& v) { answer(*this, v, v["decision"].Scalar()); }

void State::on_arbiter() {
    const YAML::Node& v = entry->value;
    const std::string decision = v["decision"].Scalar();
    if (!open.empty()) {
        answer(*this, v, decision);
        return;
    }
    Context ctx;
    if (decision == "adjourn") {
        ctx.actor = v["sealed_by"] ? read_side(v["sealed_by"]) : to_move();
        const std::string sealed = v["sealed_move"] ? v["sealed_move"].Scalar() : std::string();
        raise(Trigger::arbiter_adjourn, ctx, nobody, sealed.empty() ? Note{} : Note{"sealed move " + sealed, "封じ手 " + sealed}, true);
        return;
    }
    if (decision == "flag") {
        const int side = v["side"] ? read_side(v["side"]) : to_move();
        flag_fall(side, nobody, flag_down(side), nobody);
        return;
    }
    // Nothing is open: under this rulebook the situation leaves the arbiter no choice (a timeline written for one
    // edition, compared under another). The entry is noted and changes nothing.
    note_only(topic_of(Trigger::arbiter_unneeded), nobody,
              {"arbiter's decision '" + decision + "' not needed: rulebook " + book.id + " leaves nothing open to the arbiter here",
               "アービターの決定「" + ja(decision) + "」は不要：規則 " + book.id + " ではここでアービターに委ねられた判断がない"});
}

}  // namespace arbiter::procedure
