// Validation is execution: each word a rulebook writes either acts as written or is refused at load with its
// file:line:column and what would work (issue 31's list). Rulebooks here extend the bundled fide-2009; the
// situations are those of tests/timelines/chess/23 (a phone rings at 0:05:00 after 1.e4 e5 2.Nf3 under "5400":
// White 1:29:40, Black 1:25:20 at the ring).
#include "procedure/lua_host.h"
#include "procedure/procedure.h"
#include "procedure/vocabulary.h"
#include "rulebook/rulebook.h"
#include "rulebook/validate.h"
#include "rulebook/warnings.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace execution_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;

namespace {

fs::path root() { return fs::path(ARBITER_SOURCE_DIR); }

// A rulesets folder of its own (chess/<id>.yaml beside the bundled ones), removed at the end of the test.
struct Folder {
    fs::path dir;
    explicit Folder(const std::string& name)
        : dir(fs::temp_directory_path() / ("arbiter-execution-" + name + "-" + std::to_string(::getpid()))) {
        fs::remove_all(dir);
        fs::create_directories(dir / "chess");
    }
    ~Folder() { fs::remove_all(dir); }
    fs::path write(const std::string& file, const std::string& text) const {
        std::ofstream(dir / file) << text;
        return dir / file;
    }
};

// A rulebook extending fide-2009 with one rule on `topic`, its body indented under the topic. The rule's first
// body line is line 11.
std::string rulebook_with(const std::string& id, const std::string& topic, const std::string& body,
                          const std::string& hooks = {}) {
    return "rulebook: " + id + "\ntitle: {en: T, ja: T}\nsource: {file: none}\ngame: chess\nextends: fide-2009\n" +
           (hooks.empty() ? std::string("#\n") : "hooks: " + hooks + "\n") + "rules:\n  " + topic +
           ":\n    article: \"1\"\n    summary: {en: S, ja: S}\n" + body;
}

std::string load_error(const fs::path& file) {
    const auto library = rulebook::Library::open(root() / "rulesets");
    try {
        rulebook::validate_file(file, library);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

// The phone situation of fixture 23 ruled under rulebook `id` of `folder`.
procedure::Run phone_run(const Folder& folder, const std::string& id) {
    const auto library = rulebook::Library::open(std::vector<fs::path>{folder.dir, root() / "rulesets"});
    const auto timeline = folder.write("phone.yaml", "timeline: t\nevent: {rulebook: " + id + ", time_control: \"5400\"}\n"
                                                     "start: startpos\nentries:\n  - {at: \"0:00:10\", move: e4}\n"
                                                     "  - {at: \"0:00:20\", move: e5}\n  - {at: \"0:00:30\", move: Nf3}\n"
                                                     "  - {at: \"0:05:00\", phone: black}\n");
    const auto* book = library.find(id);
    BOOST_TEST_REQUIRE(book != nullptr);
    procedure::Runner runner(library);
    return runner.run(procedure::load_timeline(timeline, library), *book);
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(refused_at_load)

BOOST_AUTO_TEST_CASE(one_side_fields_refuse_both_and_say_what_would_work) {
    Folder f("both");
    // Line 11: `    effects: [{lose: {who: both}}]`: the value `both` at column 28.
    const std::string error = load_error(f.write("chess/both.yaml", rulebook_with("both", "conduct.phone",
                                                                                 "    effects: [{lose: {who: both}}]\n")));
    BOOST_TEST(has(error, "both.yaml:11:28:"), error);
    BOOST_TEST(has(error, "score: {both: 0}"), error);
    for (const char* effect : {"win", "forfeit_unrated"}) {
        const std::string e = load_error(f.write("chess/both.yaml", rulebook_with("both", "conduct.phone",
                                                                                 "    effects: [{" + std::string(effect) +
                                                                                     ": {who: both}}]\n")));
        BOOST_TEST(has(e, "names one player"), e);
    }
}

BOOST_AUTO_TEST_CASE(a_role_that_names_nobody_where_the_rule_is_raised_is_refused) {
    Folder f("roles");
    // The absent player exists at an arrival, not in a claim (draw.incorrect_claim is raised by claim.incorrect).
    std::string error = load_error(f.write("chess/roles.yaml", rulebook_with("roles", "draw.incorrect_claim",
                                                                            "    effects: [{lose: {who: absent}}]\n")));
    BOOST_TEST(has(error, "roles.yaml:11:28:"), error);
    BOOST_TEST(has(error, "names nobody in a rule raised by claim.incorrect; expected one of: claimant, opponent"), error);
    // The holder of the draw-win right decides ties and both flags, not a flag claim.
    error = load_error(f.write("chess/roles.yaml", rulebook_with("roles", "clock.flag_fall",
                                                                "    effects: [{win: {who: right_holder}}]\n")));
    BOOST_TEST(has(error, "names nobody in a rule raised by flag_fallen"), error);
    // A score keyed by a role is held to the same places.
    error = load_error(f.write("chess/roles.yaml", rulebook_with("roles", "draw.incorrect_claim",
                                                                "    effects: [{score: {absent: 0, opponent: 1}}]\n")));
    BOOST_TEST(has(error, "roles.yaml:11:24:"), error);
    BOOST_TEST(has(error, "found the role 'absent'"), error);
    // The same words where they are bound load.
    BOOST_TEST(load_error(f.write("chess/roles.yaml", rulebook_with("roles", "draw.incorrect_claim",
                                                                   "    effects: [{lose: {who: claimant}}]\n"))) == "");
}

BOOST_AUTO_TEST_CASE(a_choice_the_engine_does_not_act_on_is_refused) {
    Folder f("choice");
    const std::string error = load_error(f.write(
        "chess/choice.yaml", rulebook_with("choice", "conduct.phone",
                                           "    effects: [{replay_with_colours_swapped: {clocks: kept}}]\n")));
    BOOST_TEST(has(error, "choice.yaml:11:54:"), error);
    BOOST_TEST(has(error, "expected one of: remaining, fresh"), error);
}

BOOST_AUTO_TEST_CASE(count_is_refused_in_a_game_that_counts_no_pieces) {
    Folder f("count");
    const std::string error = load_error(f.write("chess/count.yaml", rulebook_with("count", "result.resignation",
                                                                                  "    effects: [count]\n")));
    BOOST_TEST(has(error, "count.yaml:11:15:"), error);
    BOOST_TEST(has(error, "found the effect 'count' in a rulebook of chess"), error);
}

BOOST_AUTO_TEST_CASE(a_hooked_rule_still_refuses_a_parameter_its_hooks_never_name) {
    Folder f("hooked");
    f.write("chess/k.lua", "function formula(s)\n  return {{warn = {to = 'offender'}}}\nend\n");
    // draw.incorrect_claim's claimant_deduction_max is read by the engine; opponent_bonus only through a reference
    // or the hooks file, which never names it.
    const std::string error = load_error(f.write(
        "chess/hooked.yaml", rulebook_with("hooked", "draw.incorrect_claim",
                                           "    params:\n      opponent_bonus: {value: 2min}\n"
                                           "    hook: {name: formula, returns: [{add_time: {to: opponent}}]}\n",
                                           "k.lua")));
    BOOST_TEST(has(error, "hooked.yaml:12:7:"), error);
    BOOST_TEST(has(error, "the hooks file never names it"), error);
    f.write("chess/k.lua", "function formula(s)\n  return {{add_time = {to = 'opponent', amount = s.params.opponent_bonus}}}\nend\n");
    BOOST_TEST(load_error(f.dir / "chess/hooked.yaml") == "");
}

BOOST_AUTO_TEST_CASE(a_hooks_file_that_does_not_compile_is_refused_at_its_line) {
    Folder f("syntax");
    const auto lua = f.write("chess/s.lua", "function formula(s)\n  return {{warn = {to = 'offender'}}\nend\n");
    const std::string error = load_error(f.write(
        "chess/syntax.yaml", rulebook_with("syntax", "conduct.phone", "    hook: {name: formula, returns: [warn]}\n", "s.lua")));
    BOOST_TEST(has(error, lua.string() + ":3:"), error);
    BOOST_TEST(has(error, "found a Lua error"), error);
}

// What a formula may return is declared beside its name and checked at load as if the rule listed it.
BOOST_AUTO_TEST_CASE(a_hooks_returns_are_declared_and_checked_at_load) {
    Folder f("returns");
    f.write("chess/r.lua", "function formula(s)\n  return {{warn = {to = 'offender'}}}\nend\n");
    auto error_with = [&](const std::string& hook) {
        return load_error(f.write("chess/returns.yaml", rulebook_with("returns", "conduct.phone", hook, "r.lua")));
    };
    // Line 11 holds the hook: `    hook: formula`, the name at column 11.
    std::string error = error_with("    hook: formula\n");
    BOOST_TEST(has(error, "returns.yaml:11:11:"), error);
    BOOST_TEST(has(error, "expected a map"), error);
    error = error_with("    effects: [{hook: formula}]\n");
    BOOST_TEST(has(error, "found a hook without returns"), error);
    // An unknown role, at its column (`    hook: {name: formula, returns: [{warn: {to: ` is 48 columns).
    error = error_with("    hook: {name: formula, returns: [{warn: {to: offendr}}]}\n");
    BOOST_TEST(has(error, "returns.yaml:11:49:"), error);
    BOOST_TEST(has(error, "did you mean 'offender'"), error);
    // A role that names nobody where the rule is raised (a phone ring has no claimant).
    error = error_with("    hook: {name: formula, returns: [{warn: {to: claimant}}]}\n");
    BOOST_TEST(has(error, "names nobody in a rule raised by entry.phone"), error);
    // An effect refused in this game, and a formula among the returns.
    error = error_with("    hook: {name: formula, returns: [count]}\n");
    BOOST_TEST(has(error, "found the effect 'count' in a rulebook of chess"), error);
    error = error_with("    hook: {name: formula, returns: [{hook: formula}]}\n");
    BOOST_TEST(has(error, "found a hook"), error);
    BOOST_TEST(error_with("    hook: {name: formula, returns: [{warn: {to: offender}}]}\n") == "");
}

// A result outside the declaration stops the run with the rule's file and the hook, never a ruling that lists it.
BOOST_AUTO_TEST_CASE(a_hook_result_outside_its_returns_is_refused_when_run) {
    Folder f("undeclared");
    f.write("chess/u.lua", "function formula(s)\n  return {{warn = {to = 'opponent'}}}\nend\n");
    f.write("chess/undeclared.yaml", rulebook_with("undeclared", "conduct.phone",
                                                   "    hook: {name: formula, returns: [{warn: {to: offender}}]}\n",
                                                   "u.lua"));
    BOOST_CHECK_EXCEPTION(phone_run(f, "undeclared"), procedure::HookError, [](const procedure::HookError& e) {
        BOOST_TEST(has(e.what(), "which the rule's returns do not declare"), e.what());
        BOOST_TEST(has(e.what(), "undeclared.yaml"), e.what());
        return e.hook() == "formula";
    });
    // The declared role runs and is listed.
    f.write("chess/u.lua", "function formula(s)\n  return {{warn = {to = 'offender'}}}\nend\n");
    const auto run = phone_run(f, "undeclared");
    bool warned = false;
    for (const auto& ruling : run.rulings)
        for (const auto& e : ruling.effects) warned = warned || (ruling.topic == "conduct.phone" && e.value("effect", "") == "warn");
    BOOST_TEST(warned);
}

BOOST_AUTO_TEST_CASE(a_registry_option_the_engine_does_not_apply_is_refused_where_it_is_written) {
    Folder f("option");
    std::ifstream in(root() / "schemas/topics.yaml");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string anchor = "\noptions:\n";
    const auto at = text.find(anchor);
    BOOST_TEST_REQUIRE(at != std::string::npos);
    // The new option goes on the line after "options:" (the anchor's newline is the line before it).
    const int line = int(std::count(text.begin(), text.begin() + long(at), '\n')) + 3;
    text.insert(at + anchor.size(), "  replay_later: {en: The game is replayed another day., ja: 別の日に指し直す。}\n");
    const auto file = f.write("topics.yaml", text);
    try {
        rulebook::Registry::load(file);
        BOOST_ERROR("a registry naming an option the engine does not apply loaded");
    } catch (const InputError& e) {
        BOOST_TEST(has(e.what(), "topics.yaml:" + std::to_string(line) + ":3: options: found 'replay_later'"), e.what());
    }
}

BOOST_AUTO_TEST_CASE(an_event_may_not_set_what_its_rulebook_fixes) {
    // JCA 1997 11.1 fixes the scoring (1, 1/2, 0) and lets no event change it.
    Folder f("event-set");
    const auto timeline = f.write("t.yaml", "timeline: t\nevent: {rulebook: jca-1997, time_control: \"5400\",\n"
                                            "        set: {result.scoring.win: 3}}\nstart: startpos\nentries:\n"
                                            "  - {at: \"0:00:10\", move: e4}\n");
    const auto library = rulebook::Library::open(root() / "rulesets");
    try {
        procedure::load_timeline(timeline, library);
        BOOST_ERROR("an event set a parameter its rulebook fixes");
    } catch (const InputError& e) {
        BOOST_TEST(has(e.what(), "t.yaml:3:15:"), e.what());
        BOOST_TEST(has(e.what(), "jca-1997 11.1 does not let an event change it (fixed at 1)"), e.what());
    }
}

BOOST_AUTO_TEST_CASE(a_category_rule_that_replaces_a_house_change_is_a_warning_naming_both) {
    // A club changes 7.4b (one minute to the claimant's opponent instead of two); fide-2009's rapid category has its
    // own move.illegal (A.4c), which replaces the club's change in rapid games.
    Folder f("category");
    const auto file = f.write("chess/club.yaml", rulebook_with("club", "move.illegal",
                                                               "    params:\n      opponent_bonus: {value: 1min}\n"
                                                               "    effects: [{add_time: {to: opponent, amount: {param: opponent_bonus}}}]\n"));
    const auto library = rulebook::Library::open(root() / "rulesets");
    const auto book = library.load_file(file);
    const auto warnings = rulebook::warn_categories_over_changes(book);
    bool rapid = false, blitz = false;
    for (const auto& w : warnings) {
        rapid = rapid || (has(w, "the category rapid (fide-2009 A.4") && has(w, "club.yaml:8") && has(w, "move.illegal"));
        blitz = blitz || has(w, "the category blitz (fide-2009");
    }
    BOOST_TEST(rapid, warnings.size());
    BOOST_TEST(blitz);
    // fide-2009 itself writes both its base rule and its categories: nothing to warn about.
    BOOST_TEST(rulebook::warn_categories_over_changes(*library.find("fide-2009")).empty());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(executed_as_written)

BOOST_AUTO_TEST_CASE(add_time_to_both_adds_to_each_clock) {
    // FIDE 2009 13.5: additional time for either or both players after an external disturbance: one minute each,
    // from White 1:29:40 and Black 1:25:20.
    Folder f("add-both");
    f.write("chess/addboth.yaml", rulebook_with("addboth", "conduct.phone",
                                                "    effects: [{add_time: {to: both, amount: 1min}}]\n"));
    const auto run = phone_run(f, "addboth");
    BOOST_TEST(run.clocks[0].count() == (60 * 90 - 20 + 60) * 1000);
    BOOST_TEST(run.clocks[1].count() == (60 * 90 - 280 + 60) * 1000);
}

BOOST_AUTO_TEST_CASE(add_increment_adds_to_both_clocks_from_the_next_move_only) {
    // FIDE 2018/2023 Guidelines III.4: an increment of five seconds introduced for both players. The phone entry at
    // 0:05:00 (Black to move) introduces it; the moves before it earn nothing. By hand, after Black's move at 0:05:10
    // and White's at 0:05:20: Black used 10 s + 4:40 = 290 s, plus 5 s; White used 3 x 10 s = 30 s, plus 5 s.
    Folder f("increment");
    f.write("chess/incr.yaml", rulebook_with("incr", "conduct.phone", "    effects: [{add_increment: {amount: 5s}}]\n"));
    const auto library = rulebook::Library::open(std::vector<fs::path>{f.dir, root() / "rulesets"});
    const std::string entries = "start: startpos\nentries:\n  - {at: \"0:00:10\", move: e4}\n"
                                "  - {at: \"0:00:20\", move: e5}\n  - {at: \"0:00:30\", move: Nf3}\n"
                                "  - {at: \"0:05:00\", phone: black}\n  - {at: \"0:05:10\", move: Nc6}\n"
                                "  - {at: \"0:05:20\", move: Bb5}\n";
    procedure::Runner runner(library);
    const auto run = runner.run(
        procedure::load_timeline(f.write("t.yaml", "timeline: t\nevent: {rulebook: incr, time_control: \"5400\"}\n" + entries),
                                 library),
        *library.find("incr"));
    BOOST_TEST(run.clocks[0].count() == (5400 - 30 + 5) * 1000);
    BOOST_TEST(run.clocks[1].count() == (5400 - 290 + 5) * 1000);
    // A control that cannot take an increment (a Bronstein delay: time_control.h) keeps its clocks: no increment is
    // listed, and White's delay returns what each 10-second move used up to 5 s (3 x 5 s kept of 30 s).
    const auto delayed = runner.run(
        procedure::load_timeline(f.write("d.yaml", "timeline: d\nevent: {rulebook: incr, time_control: "
                                                   "{time: 90min, delay: {kind: bronstein, time: 5s}}}\n" + entries),
                                 library),
        *library.find("incr"));
    bool listed = false;
    for (const auto& ruling : delayed.rulings)
        for (const auto& e : ruling.effects) listed = listed || e.value("effect", "") == "add_increment";
    BOOST_TEST(!listed);
    BOOST_TEST(delayed.clocks[0].count() == (5400 - 30 + 15) * 1000);
}

BOOST_AUTO_TEST_CASE(replay_with_fresh_clocks_gives_each_the_full_time) {
    Folder f("fresh");
    f.write("chess/fresh.yaml", rulebook_with("fresh", "conduct.phone",
                                              "    effects: [{replay_with_colours_swapped: {clocks: fresh}}]\n"));
    f.write("chess/kept.yaml", rulebook_with("kept", "conduct.phone",
                                             "    effects: [{replay_with_colours_swapped: {clocks: remaining}}]\n"));
    const auto fresh = phone_run(f, "fresh");
    BOOST_TEST(fresh.colours_swapped);
    BOOST_TEST(fresh.clocks[0].count() == 5400 * 1000);
    BOOST_TEST(fresh.clocks[1].count() == 5400 * 1000);
    // remaining: the player who had Black (1:25:20) now has White's clock, and the other way round.
    const auto kept = phone_run(f, "kept");
    BOOST_TEST(kept.clocks[0].count() == (5400 - 280) * 1000);
    BOOST_TEST(kept.clocks[1].count() == (5400 - 20) * 1000);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace execution_test
