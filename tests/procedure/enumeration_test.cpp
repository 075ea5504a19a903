// The enumeration: every (word, place) pair of the registry either executes or is refused at load. Places covered
// here: an effect in a rule (and through a hook's result), a discretion option decided by the arbiter, a role in a
// rule raised by each trigger, and an event's set: of each parameter of the bundled rulebooks. A registry word with
// no example below fails the test, so a new word cannot slip in unexercised.
//
// The situation is tests/timelines/chess/23's: a phone rings at 0:05:00 (conduct.phone, raised by entry.phone, the
// ringing player the offender) under a rulebook extending fide-2009.
#include "procedure/procedure.h"
#include "procedure/vocabulary.h"
#include "rulebook/event.h"
#include "rulebook/rulebook.h"
#include "rulebook/validate.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <unistd.h>

namespace enumeration_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;

namespace {

fs::path root() { return fs::path(ARBITER_SOURCE_DIR); }

struct Folder {
    fs::path dir;
    explicit Folder(const std::string& name)
        : dir(fs::temp_directory_path() / ("arbiter-enumeration-" + name + "-" + std::to_string(::getpid()))) {
        fs::remove_all(dir);
        fs::create_directories(dir / "chess");
    }
    ~Folder() { fs::remove_all(dir); }
    fs::path write(const std::string& file, const std::string& text) const {
        std::ofstream(dir / file) << text;
        return dir / file;
    }
};

// One example per registry effect, as the rule writes it on conduct.phone, and the effect the ruling then lists
// (the hook's is the effect its formula returns).
struct Example {
    std::string yaml, listed;
};
const std::map<std::string, Example>& effect_examples() {
    static const std::map<std::string, Example> examples = {
        {"add_time", {"{add_time: {to: opponent, amount: 1min}}", "add_time"}},
        {"deduct_time", {"{deduct_time: {to: offender, amount: 1min}}", "deduct_time"}},
        {"set_time", {"{set_time: {to: offender, amount: 10min}}", "set_time"}},
        {"add_increment", {"{add_increment: {amount: 5s}}", "add_increment"}},
        {"add_delay", {"{add_delay: {amount: 5s}}", "add_delay"}},
        {"warn", {"{warn: {to: offender}}", "warn"}},
        {"lose", {"{lose: {who: offender}}", "lose"}},
        {"win", {"{win: {who: opponent}}", "win"}},
        {"draw", {"draw", "draw"}},
        {"score", {"{score: {offender: 0, opponent: 0.5}}", "score"}},
        {"forfeit_unrated", {"{forfeit_unrated: {who: offender}}", "forfeit_unrated"}},
        {"replay_with_colours_swapped", {"{replay_with_colours_swapped: {clocks: fresh}}", "replay_with_colours_swapped"}},
        {"decide_by_lot", {"decide_by_lot", "decide_by_lot"}},
        {"restore_position", {"{restore_position: {to: before_irregularity}}", "restore_position"}},
        {"replay", {"replay", "replay"}},
        {"continue", {"continue", "continue"}},
        {"reject_claim", {"reject_claim", "reject_claim"}},
        {"stop_clocks", {"stop_clocks", "stop_clocks"}},
        {"restart_clocks", {"restart_clocks", "restart_clocks"}},
        {"must_move_touched", {"must_move_touched", "must_move_touched"}},
        {"must_capture_touched", {"must_capture_touched", "must_capture_touched"}},
        {"lose_right", {"{lose_right: {right: claim}}", "lose_right"}},
        {"adjourn", {"adjourn", "adjourn"}},
        {"expel", {"{expel: {who: offender}}", "expel"}},
        {"fine", {"{fine: {who: offender}}", "fine"}},
        {"exclude_rounds", {"{exclude_rounds: {who: offender}}", "exclude_rounds"}},
        {"arbiter_decides", {"{arbiter_decides: {options: [warn, lose]}}", "arbiter_decides"}},
        {"count", {"count", ""}},  // refused: chess counts no pieces (othello's count runs in tests/timelines/othello)
        // Listed as scheduled; the run ends before its move comes (tests/timelines/chess/136-137 rule the recheck).
        {"recheck_after_moves", {"{recheck_after_moves: {moves: 1}}", "recheck_after_moves"}},
        {"hook", {"{hook: {name: formula, returns: [{warn: {to: offender}}]}}", "warn"}},
    };
    return examples;
}

const std::string hooks_lua = "function formula(s)\n  return {{warn = {to = 'offender'}}}\nend\n";

std::string rulebook_with(const std::string& id, const std::string& body) {
    return "rulebook: " + id + "\ntitle: {en: T, ja: T}\nsource: {file: none}\ngame: chess\nextends: fide-2009\n"
           "hooks: h.lua\nrules:\n  conduct.phone:\n    article: \"1\"\n    summary: {en: S, ja: S}\n" + body;
}

const std::string phone_entries = "timeline: t\nevent: {rulebook: ID, time_control: \"5400\"}\nstart: startpos\nentries:\n"
                                  "  - {at: \"0:00:10\", move: e4}\n  - {at: \"0:00:20\", move: e5}\n"
                                  "  - {at: \"0:00:30\", move: Nf3}\n  - {at: \"0:05:00\", phone: black}\n";

std::string with_id(std::string text, const std::string& id) { return text.replace(text.find("ID"), 2, id); }

// Loads `id` from the folder (validate's checks, the game's included); the error, or empty.
std::string refusal(const Folder& f, const std::string& id, const rulebook::Library& library) {
    try {
        rulebook::validate_file(f.dir / "chess" / (id + ".yaml"), library);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(every_word_in_every_place_executes_or_is_refused)

BOOST_AUTO_TEST_CASE(each_effect_in_a_rule_is_listed_in_the_ruling_or_refused_at_load) {
    const auto& registry = rulebook::Registry::bundled();
    Folder f("effects");
    f.write("chess/h.lua", hooks_lua);
    for (const auto& name : registry.effect_names()) {
        BOOST_TEST_CONTEXT(name) {
            const auto example = effect_examples().find(name);
            BOOST_TEST_REQUIRE((example != effect_examples().end()), "no example for the effect " << name << ": add one");
            const std::string id = "e-" + std::to_string(&name - registry.effect_names().data());
            f.write("chess/" + id + ".yaml", rulebook_with(id, "    effects: [" + example->second.yaml + "]\n"));
            const auto library = rulebook::Library::open(std::vector<fs::path>{f.dir, root() / "rulesets"});
            const std::string why = refusal(f, id, library);
            if (example->second.listed.empty()) {
                BOOST_TEST(!why.empty(), "expected " << name << " refused here");
                BOOST_TEST(why.find(".yaml:") != std::string::npos, why);
                continue;
            }
            BOOST_TEST_REQUIRE(why.empty(), why);
            procedure::Runner runner(library);
            const auto run = runner.run(procedure::load_timeline(f.write("t.yaml", with_id(phone_entries, id)), library),
                                        *library.find(id));
            bool listed = false;
            for (const auto& ruling : run.rulings)
                if (ruling.topic == "conduct.phone")
                    for (const auto& e : ruling.effects) listed = listed || e.value("effect", "") == example->second.listed;
            BOOST_TEST(listed, name << " validated and was not applied");
        }
    }
}

BOOST_AUTO_TEST_CASE(each_option_decided_by_the_arbiter_is_applied) {
    // After the ring (Black the offender) the arbiter decides at 0:05:10; Black then plays 2...Nc6 and the players
    // agree a draw (1/2 each under 9.1). The result each option gives, worked from its definition in topics.yaml:
    const std::map<std::string, std::array<double, 2>> expected = {
        {"postpone", {0.5, 0.5}},               // the decision stays open; the draw ends the game
        {"reduce_points", {0.5, 0.0}},          // Black's 1/2 less the decision's 0.5
        {"raise_opponent_points", {1.0, 0.5}},  // White raised to a win's 1
        {"opponent_half_point", {0.5, 0.0}},    // ends the game at once: the later draw changes nothing
    };
    const auto& registry = rulebook::Registry::bundled();
    Folder f("options");
    f.write("chess/h.lua", hooks_lua);
    std::string options;
    for (const auto& o : registry.option_names()) options += (options.empty() ? "" : ", ") + o;
    f.write("chess/opts.yaml", rulebook_with("opts", "    discretion:\n      summary: {en: S, ja: S}\n      options: [" +
                                                         options + "]\n"));
    const auto library = rulebook::Library::open(std::vector<fs::path>{f.dir, root() / "rulesets"});
    BOOST_TEST_REQUIRE(refusal(f, "opts", library).empty(), refusal(f, "opts", library));
    procedure::Runner runner(library);
    for (const auto& o : registry.option_names()) {
        BOOST_TEST_CONTEXT(o) {
            const auto want = expected.find(o);
            BOOST_TEST_REQUIRE((want != expected.end()), "no expected result for the option " << o << ": add one");
            const std::string more = "  - {at: \"0:05:10\", arbiter: {decision: " + o + ", points: 0.5}}\n"
                                     "  - {at: \"0:05:20\", move: Nc6}\n  - {at: \"0:05:30\", offer: {by: white, kind: draw}}\n"
                                     "  - {at: \"0:05:45\", accept: black}\n";
            const auto run = runner.run(procedure::load_timeline(f.write("t.yaml", with_id(phone_entries, "opts") + more),
                                                                 library),
                                        *library.find("opts"));
            bool ruled = false;
            for (const auto& ruling : run.rulings) ruled = ruled || (ruling.at.count() == 310000 && ruling.topic == "conduct.phone");
            BOOST_TEST(ruled);
            BOOST_TEST_REQUIRE(run.result.score.has_value());
            BOOST_TEST((*run.result.score)[0] == want->second[0]);
            BOOST_TEST((*run.result.score)[1] == want->second[1]);
        }
    }
}

BOOST_AUTO_TEST_CASE(each_role_loads_exactly_where_the_engine_binds_it) {
    // For each trigger and each role, a rule raised by that trigger naming the role: it loads if the engine binds the
    // role there (place_roles, or a role bound everywhere), and is refused otherwise.
    const auto& registry = rulebook::Registry::bundled();
    const auto& words = procedure::implemented_words();
    std::set<std::string> placed;
    for (const auto w : words.place_roles) placed.insert(std::string(w.substr(w.find(' ') + 1)));
    Folder f("roles");
    const auto library = rulebook::Library::open(root() / "rulesets");
    int loaded = 0, refused = 0;
    for (const auto& trigger : registry.trigger_names()) {
        const rulebook::TopicSpec* topic = registry.raised(trigger, "chess");
        if (!topic || topic->raised_by.size() != 1) continue;  // one trigger per topic: the pair is exact
        for (const auto& role : registry.role_names()) {
            BOOST_TEST_CONTEXT(trigger << " " << role) {
                const bool bound = !placed.count(role) ||
                                   std::find(words.place_roles.begin(), words.place_roles.end(), trigger + " " + role) !=
                                       words.place_roles.end();
                const auto file = f.write("chess/r.yaml", "rulebook: r\ntitle: {en: T, ja: T}\nsource: {file: none}\n"
                                                          "game: chess\nrules:\n  " + topic->name +
                                                              ":\n    article: \"1\"\n    summary: {en: S, ja: S}\n"
                                                              "    effects: [{warn: {to: " + role + "}}]\n");
                std::string why;
                try {
                    library.load_file(file);
                } catch (const InputError& e) {
                    why = e.what();
                }
                if (bound) {
                    BOOST_TEST(why.empty(), why);
                    ++loaded;
                } else {
                    BOOST_TEST(why.find("names nobody in a rule raised by " + trigger) != std::string::npos, why);
                    ++refused;
                }
            }
        }
    }
    BOOST_TEST(loaded > 100);
    BOOST_TEST(refused > 50);
}

BOOST_AUTO_TEST_CASE(each_deadline_loads_exactly_where_the_engine_counts_it) {
    // For each trigger and each deadline, a rule raised by that trigger whose claim has the deadline (with the
    // parameter the deadline counts, where the topic registers it): it loads where the engine counts the deadline
    // (place_deadlines; a deadline placed nowhere is counted wherever a claim is), and is refused with
    // file:line:column otherwise. A deadline that counts a parameter is refused in a rule that does not give it.
    // The deadlines loaded are executed by tests/procedure/deadline_in_moves_test.cpp (within_last_moves) and
    // tests/timelines/chess/129 and 142 (before_each_player_has_made_moves).
    const auto& registry = rulebook::Registry::bundled();
    const auto& words = procedure::implemented_words();
    auto listed = [](const auto& list, const std::string& word) {
        return std::find(list.begin(), list.end(), word) != list.end();
    };
    std::set<std::string> placed;
    std::map<std::string, std::string> counts;  // deadline -> the parameter it counts
    for (const auto w : words.place_deadlines) placed.insert(std::string(w.substr(w.find(' ') + 1)));
    for (const auto w : words.deadline_params)
        counts[std::string(w.substr(0, w.find(' ')))] = std::string(w.substr(w.find(' ') + 1));
    BOOST_TEST(placed.count("within_last_moves"));
    BOOST_TEST(counts["within_last_moves"] == "claim_moves");
    BOOST_TEST(counts["before_each_player_has_made_moves"] == "claim_moves");
    Folder f("deadlines");
    const auto library = rulebook::Library::open(root() / "rulesets");
    int loaded = 0, refused = 0;
    auto load = [&](const std::string& topic, const std::string& deadline, const std::string& params) {
        const auto file = f.write("chess/d.yaml", "rulebook: d\ntitle: {en: T, ja: T}\nsource: {file: none}\n"
                                                  "game: chess\nrules:\n  " + topic + ":\n    article: \"1\"\n"
                                                  "    summary: {en: S, ja: S}\n" + params +
                                                  "    claim: {by: opponent, deadline: " + deadline + "}\n"
                                                  "    effects: [continue]\n");
        try {
            library.load_file(file);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    for (const auto& trigger : registry.trigger_names()) {
        const rulebook::TopicSpec* topic = registry.raised(trigger, "chess");
        if (!topic || topic->raised_by.size() != 1) continue;  // one trigger per topic: the pair is exact
        for (const auto& deadline : registry.deadline_names()) {
            BOOST_TEST_CONTEXT(trigger << " " << deadline) {
                const bool here = !placed.count(deadline) || listed(words.place_deadlines, trigger + " " + deadline);
                const auto param = counts.find(deadline);
                const bool registers = param != counts.end() && topic->param(param->second);
                const std::string params = registers ? "    params:\n      " + param->second + ": {value: 10}\n" : "";
                const std::string why = load(topic->name, deadline, params);
                const bool own = why.find("found '" + deadline + "'") != std::string::npos;
                if (here && (param == counts.end() || registers)) {
                    BOOST_TEST(!own, why);
                    loaded += why.empty();
                } else {
                    BOOST_TEST(own, why);
                    BOOST_TEST(why.find("d.yaml:") != std::string::npos, why);  // file:line:column
                    const std::string because = here ? "would never pass" : "would admit every claim";
                    BOOST_TEST(why.find(because) != std::string::npos, why);
                    ++refused;
                }
                if (registers && here) {  // the same rule without the parameter it counts
                    const std::string without = load(topic->name, deadline, "");
                    BOOST_TEST(without.find("and this rule gives none") != std::string::npos, without);
                    ++refused;
                }
            }
        }
    }
    // Loaded: the deadlines other than within_last_moves on the topics one claim-checked trigger raises alone
    // (draw.repetition, draw.move_rule, draw.quickplay_finish, draw.book_positions, an incident's topic); refused:
    // every deadline on the topics of a touch, an arrival, a phone, the board's own ends...
    BOOST_TEST(loaded > 40, loaded);
    BOOST_TEST(refused > 150, refused);
}

BOOST_AUTO_TEST_CASE(each_parameter_an_event_sets_is_accepted_only_where_the_rulebook_lets_it) {
    const auto library = rulebook::Library::open(root() / "rulesets");
    int accepted = 0, refused = 0;
    Folder f("events");
    for (const auto& id : library.ids()) {
        const auto* book = library.find(id);
        for (const auto& [topic, rule] : book->rules)
            for (const auto& p : rule.params) {
                if (p.value.unit == rulebook::Unit::balances || p.value.text.empty()) continue;
                BOOST_TEST_CONTEXT(id << " " << topic << "." << p.name) {
                    const auto file = f.write("e.yaml", "event: E\nrulebook: " + id + "\nset:\n  " + topic + "." + p.name +
                                                            ": \"" + p.value.text + "\"\n");
                    std::string why;
                    try {
                        rulebook::validate_file(file, library);
                    } catch (const InputError& e) {
                        why = e.what();
                    }
                    if (p.event_may_set) {
                        BOOST_TEST(why.empty(), why);
                        ++accepted;
                    } else {
                        BOOST_TEST(why.find("does not let an event change it") != std::string::npos, why);
                        ++refused;
                    }
                }
            }
    }
    BOOST_TEST(accepted > 0);
    BOOST_TEST(refused > 0);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace enumeration_test
