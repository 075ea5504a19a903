// `appeal: {by, against, decision?}`: a player appeals against the last ruling made in the game on the topic
// `against`. The rule the registry binds to entry.appeal (arbiter.appeal) says who may appeal (its claim), against
// which rulings no appeal lies (a case on appealed_topic) and, by its discretion, what the appeal body may decide;
// the entry's decision answers that at once, or a later arbiter entry does. An appeal is heard after the end too:
// a decision that ends the game replaces the result (FIDE 2009 12.10). A rulebook with no rule on it has no appeal.
#include "procedure/run_state.h"

#include <algorithm>

namespace arbiter::procedure {

using State = Runner::State;

void State::on_appeal() {
    const YAML::Node& v = entry->value;
    Context ctx;
    ctx.actor = read_side(v["by"]);
    ctx.party = "claimant";
    ctx.reopens = true;
    const std::string against = v["against"].Scalar();
    ctx.facts["appealed_topic"] = against;
    const std::string& bound = topic_of(Trigger::entry_appeal);
    const std::string topic = bound.empty() ? std::string(trigger_name(Trigger::entry_appeal)) : bound;
    const auto* r = rule_for(Trigger::entry_appeal);
    if (!r) {
        note_only(topic, ctx.actor, no_rule_on(topic));
        return;
    }
    // Only a ruling the game has had can be appealed against (a timeline compared under a rulebook that ruled the
    // situation on another topic has nothing to appeal here).
    const bool ruled = std::any_of(out.rulings.begin(), out.rulings.end(),
                                   [&](const Ruling& ruling) { return ruling.topic == against; });
    if (!ruled) {
        note_rule(*r, ctx.actor,
                  {"no ruling on " + against + " has been made in this game; nothing to appeal against, nothing follows",
                   "この対局で「" + ja(against) + "」の裁定は下されていない。対象がなく、何も変わらない"});
        return;
    }
    if (!admissible(*r, ctx.actor, ctx, "appeal")) return;
    const std::size_t open_before = open.size();
    const Note heard{"appeal against the ruling on " + against, "「" + ja(against) + "」の裁定に対する不服申し立て"};
    if (apply_rule(*r, ctx, ctx.actor, heard) < 0) {
        // The rule writes no appeal for this ruling (FIDE 2001: only 10.2d's finality): no article provides one.
        note_only(topic, ctx.actor,
                  {"no article of rulebook " + book.id + " provides an appeal against this ruling; nothing follows",
                   "規則 " + book.id + " にはこの裁定に対する不服申し立ての定めがない。何も変わらない"});
        return;
    }
    if (!v["decision"]) return;
    if (open.size() > open_before) {
        answer_open(v);
        return;
    }
    // The rule decided the appeal itself (no appeal lies here): the appeal body's decision has nothing to answer.
    const std::string decision = v["decision"].Scalar();
    add_note(out.rulings.back().note,
             {"the appeal body's decision '" + decision + "' is not needed: rulebook " + book.id + " rules this appeal itself",
              "不服審査の決定「" + ja(decision) + "」は不要：規則 " + book.id + " がこの不服申し立てを自ら定めている"});
}

}  // namespace arbiter::procedure
