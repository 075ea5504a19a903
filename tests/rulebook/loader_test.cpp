// Rulebook loading: extends with per-rule provenance, removed rules, category and mode merge, values in
// their units, and every class of error with its file:line:column.
#include "rulebook/category_basis.h"
#include "rulebook/rulebook.h"
#include "rulebook/validate.h"

#include <boost/test/unit_test.hpp>

#include <fstream>

namespace loader_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;
using arbiter::InputError;

namespace {

const std::filesystem::path fixtures = std::filesystem::path(ARBITER_SOURCE_DIR) / "tests/data/rulebooks";

const Library& fixture_library() {
    static const Library library = Library::open(fixtures);
    return library;
}

// A scratch folder with the given files, removed at the end of the test.
struct Scratch {
    std::filesystem::path dir;
    explicit Scratch(const std::string& name) {
        dir = std::filesystem::temp_directory_path() / ("arbiter-rulebook-test-" + name + "-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir);
    }
    ~Scratch() { std::filesystem::remove_all(dir); }
    std::filesystem::path write(const std::string& file, const std::string& text) const {
        std::ofstream(dir / file) << text;
        return dir / file;
    }
};

// A rulebook header for game chess with the given id; rules follow.
std::string header(const std::string& id) {
    return "rulebook: " + id + "\ntitle: {en: T, ja: T}\ngame: chess\nsource: {file: f}\n";
}

// Loads `text` as <id>.yaml in a scratch folder and returns the error it raises.
InputError load_error(const std::string& id, const std::string& text) {
    Scratch scratch(id);
    auto path = scratch.write(id + ".yaml", text);
    try {
        fixture_library().load_file(path);
    } catch (const InputError& e) {
        return e;
    }
    return InputError({}, "no error");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(extends_resolves_with_provenance)

BOOST_AUTO_TEST_CASE(fixture_library_loads_without_problems) {
    const Library& library = fixture_library();
    for (const auto& problem : library.problems()) BOOST_TEST_MESSAGE(problem.what());
    BOOST_TEST(library.problems().empty());
    BOOST_TEST(library.ids() == (std::vector<std::string>{"base-a", "child-b", "grandchild-c"}));
}

BOOST_AUTO_TEST_CASE(each_rule_remembers_the_file_and_line_it_came_from) {
    const Rulebook* c = fixture_library().find("grandchild-c");
    BOOST_REQUIRE(c);
    BOOST_TEST(c->lineage == (std::vector<std::string>{"grandchild-c", "child-b", "base-a"}));
    // Lines of the topic keys in the fixtures: base-a.yaml 38 and 44, child-b.yaml 20 and 29, grandchild-c.yaml 10.
    BOOST_TEST(c->rule("move.illegal")->from.rulebook == "base-a");
    BOOST_TEST(c->rule("move.illegal")->from.line == 38);
    BOOST_TEST(c->rule("clock.late_arrival")->from.line == 44);
    BOOST_TEST(c->rule("draw.incorrect_claim")->from.rulebook == "child-b");
    BOOST_TEST(c->rule("draw.incorrect_claim")->from.line == 20);
    BOOST_TEST(std::filesystem::path(c->rule("draw.incorrect_claim")->from.file).filename() == "child-b.yaml");
    BOOST_TEST(c->rule("conduct.phone")->from.line == 29);
    BOOST_TEST(c->rule("draw.quickplay_finish")->from.rulebook == "grandchild-c");
    BOOST_TEST(c->rule("draw.quickplay_finish")->from.line == 10);
}

BOOST_AUTO_TEST_CASE(a_child_rule_replaces_the_parent_rule_whole) {
    const Rulebook* a = fixture_library().find("base-a");
    const Rulebook* b = fixture_library().find("child-b");
    // base-a: 3min with a range of 1min..5min; child-b restates the rule with 2min and no range.
    const Param* base = a->rule("draw.incorrect_claim")->param("opponent_bonus");
    BOOST_TEST(base->value.ms.count() == 180000);
    BOOST_TEST(base->event_may_set);
    BOOST_TEST(base->min->ms.count() == 60000);
    const Rule* child = b->rule("draw.incorrect_claim");
    BOOST_TEST(child->param("opponent_bonus")->value.ms.count() == 120000);
    BOOST_TEST(!child->param("opponent_bonus")->event_may_set);
    BOOST_TEST(child->effects.size() == 2u);
    BOOST_TEST(child->effects[1].name == "continue");
}

BOOST_AUTO_TEST_CASE(removed_drops_the_parent_rule) {
    BOOST_TEST(fixture_library().find("base-a")->rule("draw.repetition"));
    BOOST_TEST(!fixture_library().find("child-b")->rule("draw.repetition"));
    BOOST_TEST(!fixture_library().find("grandchild-c")->rule("draw.repetition"));
}

BOOST_AUTO_TEST_CASE(categories_and_modes_merge_by_name) {
    const Rulebook* b = fixture_library().find("child-b");
    // rapid: the child's when (over 10min) replaces the parent's (over 15min); its rules map merges.
    const Category& rapid = b->categories.at("rapid");
    BOOST_TEST(rapid.when.over->count() == 10 * 60000);
    BOOST_TEST(rapid.when.under->count() == 60 * 60000);
    BOOST_TEST(rapid.article == "B1");  // kept from the parent: the child does not restate it
    BOOST_TEST(rapid.rules.count("move.illegal") == 1u);
    BOOST_TEST(rapid.rules.count("draw.repetition") == 1u);
    BOOST_TEST(b->categories.count("blitz") == 0u);  // removed: true
    BOOST_TEST(b->modes.count("team") == 1u);
    BOOST_TEST(b->modes.count("individual") == 1u);
    BOOST_TEST(b->default_mode == "team");
}

BOOST_AUTO_TEST_CASE(values_are_read_in_their_units) {
    const Rulebook* a = fixture_library().find("base-a");
    BOOST_TEST(a->rule("draw.repetition")->param("occurrences")->value.integer == 3);
    BOOST_TEST(a->rule("clock.late_arrival")->param("default_time")->value.ms.count() == 3600000);  // "1:00:00"
    BOOST_TEST(a->category_basis_moves.value_or(0) == 60);
    BOOST_TEST(a->rule("move.illegal")->ladder.size() == 2u);
}

BOOST_AUTO_TEST_CASE(effect_shorthand_folds_sibling_fields) {
    // child-b conduct.phone: {lose: offender, unless: {...}} reads as lose {who: offender, unless: ...}.
    const Effect& e = fixture_library().find("child-b")->rule("conduct.phone")->effects.at(0);
    BOOST_TEST(e.name == "lose");
    BOOST_TEST(e.fields["who"].Scalar() == "offender");
    BOOST_TEST(e.fields["unless"]["opponent_cannot_checkmate"].Scalar() == "draw");
}

BOOST_AUTO_TEST_CASE(copies_do_not_share_or_change_the_parent) {
    // Resolving grandchild-c copies child-b's rules; child-b's own effects must be unchanged.
    const Rule* b = fixture_library().find("child-b")->rule("draw.incorrect_claim");
    BOOST_TEST(b->effects[0].fields["to"].Scalar() == "opponent");
    BOOST_TEST(b->effects[0].where.line == 26);  // child-b.yaml line 26: - {add_time: ...}
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(loader_errors_name_file_line_and_column)

BOOST_AUTO_TEST_CASE(unknown_topic_suggests_the_registered_one) {
    InputError e = load_error("t1", header("t1") + "rules:\n  draw.repetiton: {article: '1', summary: {en: a, ja: b}}\n");
    BOOST_TEST(e.where().line == 6);
    BOOST_TEST(e.where().column == 3);
    BOOST_TEST(e.message().find("found the unknown topic 'draw.repetiton'") == 0u);
    BOOST_TEST(e.message().find("did you mean 'draw.repetition'?") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(param_not_registered_for_the_topic) {
    InputError e = load_error("t2", header("t2") + "rules:\n  draw.repetition:\n    article: '1'\n    summary: {en: a, ja: b}\n"
                                                   "    params: {occurences: {value: 3}}\n");
    BOOST_TEST(e.where().line == 9);
    BOOST_TEST(e.message().find("found the parameter 'occurences', not registered") != std::string::npos);
    BOOST_TEST(e.message().find("did you mean 'occurrences'?") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(duration_in_the_wrong_form) {
    InputError e = load_error("t3", header("t3") + "rules:\n  draw.incorrect_claim:\n    article: '1'\n    summary: {en: a, ja: b}\n"
                                                   "    effects: [{add_time: {to: opponent, amount: '3'}}]\n");
    BOOST_TEST(e.where().line == 9);
    BOOST_TEST(e.message().find("add_time.amount: found \"3\"; expected a duration") != std::string::npos);
}

// docs/RULEBOOKS.md: category_basis.moves takes precedence over a basis_moves parameter, which would then never be
// read; a file (or a file and its parent) that gives both is refused where the unread one stands.
BOOST_AUTO_TEST_CASE(category_basis_beside_basis_moves_is_refused_naming_which_to_keep) {
    const std::string rule = "rules:\n  clock.time_control_categories:\n    article: '1'\n    summary: {en: a, ja: b}\n"
                             "    params: {basis_moves: {value: 40}}\n";
    // One file: the parameter's line (header 4 lines, category_basis line 5, rules from line 6).
    InputError e = load_error("t3b", header("t3b") + "category_basis: {moves: 60}\n" + rule);
    BOOST_TEST(e.where().line == 10);
    BOOST_TEST(e.message().find("found the parameter basis_moves (40)") == 0u, e.message());
    BOOST_TEST(e.message().find("keep category_basis: {moves: ...} in the header and remove basis_moves") !=
               std::string::npos);
    // The parameter in a file extending base-a, whose header gives category_basis: {moves: 60}.
    InputError inherited = load_error("t3c", header("t3c") + "extends: base-a\n" + rule);
    BOOST_TEST(inherited.where().line == 10);
    BOOST_TEST(inherited.message().find("beside category_basis.moves (the header of ") != std::string::npos,
               inherited.message());
    // Without category_basis anywhere the parameter is what categories read (the runner, `arbiter clock` and the
    // event check alike), and loads; with the header alone, the header's 60.
    Scratch scratch("t3d");
    const Rulebook own = fixture_library().load_file(scratch.write("t3d.yaml", header("t3d") + rule));
    BOOST_TEST(category_basis_moves(own).value_or(0) == 40);
    BOOST_TEST(category_basis_moves(*fixture_library().find("base-a")).value_or(0) == 60);
    const auto bare = scratch.write("t3e.yaml", header("t3e") + "rules: {}\n");
    BOOST_TEST(!category_basis_moves(fixture_library().load_file(bare)));
}

BOOST_AUTO_TEST_CASE(unknown_effect_role_and_condition) {
    std::string rule = "rules:\n  conduct.phone:\n    article: '1'\n    summary: {en: a, ja: b}\n    effects: ";
    BOOST_TEST(load_error("t4", header("t4") + rule + "[{loose: offender}]\n").message().find("did you mean 'lose'?") != std::string::npos);
    BOOST_TEST(load_error("t5", header("t5") + rule + "[{lose: ofender}]\n").message().find("did you mean 'offender'?") != std::string::npos);
    InputError e = load_error("t6", header("t6") + rule + "[{lose: offender, unless: {oponent_cannot_checkmate: draw}}]\n");
    BOOST_TEST(e.message().find("found the unknown condition 'oponent_cannot_checkmate'") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(param_reference_must_name_a_param_of_the_rule) {
    InputError e = load_error("t7", header("t7") + "rules:\n  draw.incorrect_claim:\n    article: '1'\n    summary: {en: a, ja: b}\n"
                                                   "    effects: [{add_time: {to: opponent, amount: {param: bonus}}}]\n");
    BOOST_TEST(e.message().find("found {param: bonus}, which names no parameter of this rule") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(hook_needs_a_hooks_file_and_the_function) {
    std::string rule = "rules:\n  draw.incorrect_claim:\n    article: '1'\n    summary: {en: a, ja: b}\n"
                       "    hook: {name: deduction, returns: [{deduct_time: {to: claimant}}]}\n";
    BOOST_TEST(load_error("t8", header("t8") + rule).message().find("names no hooks file") != std::string::npos);
    Scratch scratch("hooks");
    scratch.write("t9.lua", "function other(s) return {} end\n");
    auto path = scratch.write("t9.yaml", header("t9") + "hooks: t9.lua\n" + rule);
    BOOST_CHECK_EXCEPTION(fixture_library().load_file(path), InputError, [](const InputError& e) {
        return e.where().line == 10 && e.message().find("expected a function of that name") != std::string::npos;
    });
}

BOOST_AUTO_TEST_CASE(id_must_equal_the_file_name) {
    InputError e = load_error("t10", header("t-ten") + "rules: {}\n");
    BOOST_TEST(e.where().line == 1);
    BOOST_TEST(e.message().find("expected the id to equal the file name ('t10')") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(schema_errors_point_at_the_node_with_its_path) {
    // `summary` is a map of en/ja; a list is the wrong type. Line 8, column 14 is where the list starts.
    InputError e = load_error("t11", header("t11") + "rules:\n  draw.repetition:\n    article: '1'\n    summary: [a]\n");
    BOOST_TEST(e.where().line == 8);
    BOOST_TEST(e.where().column == 14);
    BOOST_TEST(e.message().find("rules.draw.repetition.summary: found a list; expected a map") == 0u);
    InputError missing = load_error("t12", header("t12") + "rules:\n  draw.repetition: {article: '1'}\n");
    BOOST_TEST(missing.message().find("missing the key 'summary'") != std::string::npos);
    InputError unknown = load_error("t13", header("t13") + "rules:\n  draw.repetition: {article: '1', sumary: {en: a, ja: b}}\n");
    BOOST_TEST(unknown.message().find("did you mean 'summary'?") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(missing_parent_cycle_and_other_game) {
    Scratch scratch("parents");
    auto orphan = scratch.write("orphan.yaml", header("orphan") + "extends: base-z\nrules: {}\n");
    BOOST_CHECK_EXCEPTION(fixture_library().load_file(orphan), InputError, [](const InputError& e) {
        return e.where().line == 5 && e.where().column == 10 &&
               e.message().find("found the parent 'base-z'") == 0 && e.message().find("did you mean 'base-a'?") != std::string::npos;
    });
    scratch.write("x.yaml", header("x") + "extends: y\nrules: {}\n");
    auto y = scratch.write("y.yaml", header("y") + "extends: x\nrules: {}\n");
    BOOST_CHECK_EXCEPTION(fixture_library().load_file(y), InputError, [](const InputError& e) {
        return e.message().find("found a cycle of parents: y extends x extends y") == 0;
    });
    auto self = scratch.write("self.yaml", header("self") + "extends: self\nrules: {}\n");
    BOOST_CHECK_THROW(fixture_library().load_file(self), InputError);
    std::string shogi = "rulebook: sh\ntitle: {en: T, ja: T}\ngame: shogi\nsource: {file: f}\nextends: base-a\nrules: {}\n";
    auto other = scratch.write("sh.yaml", shogi);
    BOOST_CHECK_EXCEPTION(fixture_library().load_file(other), InputError, [](const InputError& e) {
        return e.message().find("expected a parent of the same game (shogi)") != std::string::npos;
    });
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(validate_checks_events_and_timelines)

BOOST_AUTO_TEST_CASE(fixture_event_and_timeline_validate) {
    BOOST_TEST((validate_file(fixtures / "event-ok.yaml", fixture_library()).kind == Kind::event));
    BOOST_TEST((validate_file(fixtures / "timeline-ok.yaml", fixture_library()).kind == Kind::timeline));
}

BOOST_AUTO_TEST_CASE(event_set_paths_must_name_params_of_the_rulebook) {
    Scratch scratch("events");
    auto bad_param = scratch.write("e1.yaml", "event: E\nrulebook: base-a\nset: {draw.incorrect_claim.bonus: 2min}\n");
    BOOST_CHECK_EXCEPTION(validate_file(bad_param, fixture_library()), InputError, [](const InputError& e) {
        return e.where().line == 3 && e.message().find("has no parameter 'bonus'") != std::string::npos;
    });
    auto bad_mode = scratch.write("e2.yaml", "event: E\nrulebook: child-b\nmode: indvidual\n");
    BOOST_CHECK_EXCEPTION(validate_file(bad_mode, fixture_library()), InputError, [](const InputError& e) {
        return e.message().find("did you mean 'individual'?") != std::string::npos;
    });
    auto bad_value = scratch.write("e3.yaml", "event: E\nrulebook: base-a\nset: {draw.incorrect_claim.opponent_bonus: soon}\n");
    BOOST_CHECK_THROW(validate_file(bad_value, fixture_library()), InputError);
}

BOOST_AUTO_TEST_CASE(timeline_entries_have_one_action_and_times_that_never_go_back) {
    Scratch scratch("timelines");
    auto two = scratch.write("l1.yaml", "timeline: t\nevent: {rulebook: base-a}\nentries:\n  - {at: '0:01', move: e4, resign: white}\n");
    BOOST_CHECK_EXCEPTION(validate_file(two, fixture_library()), InputError, [](const InputError& e) {
        return e.where().line == 4 && e.message().find("found an entry with 2 actions") == 0;
    });
    // 1:00:00.500 is after 1:00:00 and 59:59 (M:SS) is before it.
    auto back = scratch.write("l2.yaml", "timeline: t\nevent: {rulebook: base-a}\nentries:\n"
                                         "  - {at: '1:00:00', move: e4}\n  - {at: '1:00:00.500', move: e5}\n  - {at: '59:59', move: d4}\n");
    BOOST_CHECK_EXCEPTION(validate_file(back, fixture_library()), InputError, [](const InputError& e) {
        return e.where().line == 6 && e.where().column == 10 &&
               e.message() == "at: found the time 59:59, before the previous entry's 1:00:00.500 (line 5); expected times that never go back";
    });
    auto board = scratch.write("l3.yaml", "timeline: t\nevent: {rulebook: base-a}\nstart: {board: 'XO- X'}\nentries: []\n");
    BOOST_CHECK_EXCEPTION(validate_file(board, fixture_library()), InputError, [](const InputError& e) {
        return e.message().find("expected 64 squares") != std::string::npos;
    });
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(kind_comes_from_the_top_key)

BOOST_AUTO_TEST_CASE(kinds_and_unknown_top_keys) {
    using arbiter::rulebook::parse_yaml_text;
    BOOST_TEST((detect_kind(parse_yaml_text("rulebook: x\ngame: chess\n", "k.yaml")) == Kind::rulebook));
    BOOST_TEST((detect_kind(parse_yaml_text("game: chess\n", "k.yaml")) == Kind::game));
    BOOST_TEST((detect_kind(parse_yaml_text("timeline: t\nevent: {}\n", "k.yaml")) == Kind::timeline));
    BOOST_CHECK_EXCEPTION(detect_kind(parse_yaml_text("rulbook: x\n", "k.yaml")), InputError, [](const InputError& e) {
        return e.where().line == 1 && e.message().find("did you mean 'rulebook'?") != std::string::npos;
    });
    BOOST_CHECK_THROW(detect_kind(parse_yaml_text("{}\n", "k.yaml")), InputError);
    BOOST_CHECK_THROW(detect_kind(parse_yaml_text("[1, 2]\n", "k.yaml")), InputError);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace loader_test
