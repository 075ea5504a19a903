// The reports for the xiangqi rulebooks (rulesets/xiangqi: axf-asian-rules, cxa-2011): list, show, diff, event sheet,
// and in Japanese the patterns of a repetition cycle (check, mate_threat, chase, mixed, idle) in the Chinese rules'
// terms (procedure/cycle_words.h: 長将, 長殺, 長捉, 混合, 閑着) instead of the vocabulary's English names.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace xiangqi_reports_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;

// An event under the CXA laws that sets nothing but its time control.
std::string event_file() {
    const std::string path = arbiter::test::scratch_path("xiangqi-event.yaml");
    std::ofstream(path) << "event: Xiangqi Open\ntitle: {en: Xiangqi Open, ja: シャンチーオープン}\n"
                           "rulebook: cxa-2011\ntime_control: \"1800\"\n";
    return path;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(xiangqi_reports)

BOOST_AUTO_TEST_CASE(list_show_and_diff_name_both_rulebooks) {
    const auto list = run_arbiter("list");
    BOOST_TEST(list.exit_code == 0);
    BOOST_TEST(contains(list.out, "axf-asian-rules     xiangqi"), list.out);
    BOOST_TEST(contains(list.out, "cxa-2011            xiangqi"), list.out);
    const auto list_ja = run_arbiter("list --lang ja");
    BOOST_TEST(contains(list_ja.out, "シャンチー"), list_ja.out);  // xiangqi.yaml names.ja
    for (const char* book : {"axf-asian-rules", "cxa-2011"})
        BOOST_TEST(run_arbiter(std::string("show ") + book + " --lang ja").exit_code == 0, book);
    const auto diff = run_arbiter("diff axf-asian-rules cxa-2011");
    BOOST_TEST(diff.exit_code == 0);
    BOOST_TEST(contains(diff.out, "repetition.forcing_cycle"), diff.out);  // AXF 4.4 rule 6 against CXA 26
}

BOOST_AUTO_TEST_CASE(japanese_case_conditions_name_the_patterns_in_japanese) {
    // CXA 26: both sides forbidden, a chase against a chase, is a draw; the condition's value in words.
    const auto r = run_arbiter("show cxa-2011 --lang ja");
    BOOST_TEST(contains(r.out, "なら長捉"), r.out);
    BOOST_TEST(contains(r.out, "双方禁止（長捉対長捉）"), r.out);
    BOOST_TEST(!contains(r.out, "なら chase"), r.out);
}

BOOST_AUTO_TEST_CASE(japanese_ruling_note_names_the_patterns_in_japanese) {
    // tests/timelines/xiangqi/03: red checks and chases in turn (mixed), black's moves attack nothing (idle).
    const auto r = run_arbiter("run tests/timelines/xiangqi/03-one-check-one-chase.yaml --rulebook cxa-2011 --lang ja");
    BOOST_TEST(r.exit_code == 0, r.out);
    BOOST_TEST(contains(r.out, "混合"), r.out);
    BOOST_TEST(contains(r.out, "閑着"), r.out);
    BOOST_TEST(!contains(r.out, "の着手: mixed"), r.out);
    BOOST_TEST(!contains(r.out, "red"), r.out);  // the side is 赤 (topics.yaml roles)
}

BOOST_AUTO_TEST_CASE(event_sheet_has_the_repetition_rules) {
    const std::string path = event_file();
    // The arbiter's sheet (--full), which lists each case of CXA 26 with its condition.
    const auto ja = run_arbiter("event sheet '" + path + "' --full --lang ja");
    const auto en = run_arbiter("event sheet '" + path + "' --full");
    std::remove(path.c_str());
    BOOST_TEST(ja.exit_code == 0, ja.out);
    BOOST_TEST(contains(ja.out, "## 反復と長将・長捉"), ja.out);
    BOOST_TEST(contains(ja.out, "双方禁止（長捉対長捉）"), ja.out);
    BOOST_TEST(en.exit_code == 0, en.out);
    BOOST_TEST(contains(en.out, "## Repetition and perpetual attacks"), en.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace xiangqi_reports_cli_test
