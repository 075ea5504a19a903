// `arbiter validate` names every error of a rulebook in one run, not one per run: tests/data/validate/three-errors.yaml
// holds three independent errors (its comment cites the lines) and all three must be reported, in file order, in
// text and in JSON, with exit 2.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace validate_all_errors_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

const std::string file = "tests/data/validate/three-errors.yaml";

}  // namespace

BOOST_AUTO_TEST_SUITE(validate_reports_all_errors_of_a_file)

BOOST_AUTO_TEST_CASE(text_names_the_three_errors_in_file_order) {
    const auto r = run_arbiter("validate " + file, Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    const auto topic = r.out.find(file + ":9:3: found the unknown topic 'draw.repetiton'");
    const auto effect = r.out.find(file + ":16:10: move.illegal: effects[0]: found the unknown effect 'loose'");
    const auto param = r.out.find(file + ":21:7: draw.incorrect_claim: found the parameter 'opponent_bonsu'");
    BOOST_TEST(topic != std::string::npos, r.out);
    BOOST_TEST(effect != std::string::npos, r.out);
    BOOST_TEST(param != std::string::npos, r.out);
    BOOST_TEST((topic < effect && effect < param));
}

BOOST_AUTO_TEST_CASE(json_lists_the_three_errors_and_keeps_the_first_as_error) {
    const auto r = run_arbiter("validate --format json " + file);
    BOOST_TEST(r.exit_code == 2);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_REQUIRE(j.size() == 1u);
    BOOST_TEST(j[0]["ok"] == false);
    const auto& errors = j[0]["errors"];
    BOOST_REQUIRE(errors.size() == 3u);
    const int lines[] = {9, 16, 21};
    for (int i = 0; i < 3; ++i) {
        BOOST_TEST(errors[i]["file"] == file);
        BOOST_TEST(errors[i]["line"] == lines[i]);
    }
    BOOST_TEST(contains(errors[1]["message"].get<std::string>(), "did you mean 'lose'?"));
    BOOST_TEST(j[0]["error"] == errors[0]);
}

BOOST_AUTO_TEST_CASE(a_file_with_one_error_still_reports_one) {
    const auto r = run_arbiter("validate --format json tests/data/bad/unknown-topic.yaml");
    BOOST_TEST(r.exit_code == 2);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j[0]["errors"].size() == 1u);
    BOOST_TEST(j[0]["error"]["line"] == 6);
}

// A condition the board answers from an analysis the game file does not name is refused where it is written
// (line 13, column 16: the key cycle_pattern), naming the game and the analysis, not answered "no" at run time.
BOOST_AUTO_TEST_CASE(a_condition_whose_analysis_the_game_lacks_is_refused_at_its_place) {
    const std::string missing = "tests/data/validate/missing-analysis.yaml";
    const auto r = run_arbiter("validate " + missing, Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, missing + ":13:16: found 'cycle_pattern' in a rulebook of chess, whose game file names "
                                         "no cycle_facts analysis"),
               r.out);
}

// A deadline counted from an illegal move, in a rule no illegal move raises, would admit every claim: refused at the
// word (line 15, column 17), naming where it is counted and the deadlines counted here.
BOOST_AUTO_TEST_CASE(a_deadline_outside_the_rules_that_count_it_is_refused_at_its_place) {
    const std::string file = "tests/data/validate/deadline-outside-illegal-move.yaml";
    const auto r = run_arbiter("validate " + file, Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, file + ":15:17: draw.repetition: claim.deadline: found 'within_last_moves', which the "
                                      "engine counts only in a rule raised by claim.illegal_move, board.illegal_move"),
               r.out);
    BOOST_TEST(contains(r.out, "expected here one of: "), r.out);
    BOOST_TEST(!contains(r.out.substr(r.out.find("expected here")), "within_last_moves"), r.out);
}

// The same deadline in an illegal-move rule that gives no claim_moves would never pass: refused at the word (line
// 13, column 17), saying what to add.
BOOST_AUTO_TEST_CASE(a_deadline_without_the_parameter_it_counts_is_refused_at_its_place) {
    const std::string file = "tests/data/validate/deadline-without-claim-moves.yaml";
    const auto r = run_arbiter("validate " + file, Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, file + ":13:17: move.illegal: claim.deadline: found 'within_last_moves', which counts "
                                      "the rule's parameter claim_moves, and this rule gives none"),
               r.out);
    BOOST_TEST(contains(r.out, "expected params: {claim_moves: {value: N}} in this rule"), r.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace validate_all_errors_test
