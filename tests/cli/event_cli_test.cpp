// `arbiter event check|sheet` from the command line: exit codes 0 (valid), 1 (refused), 2 (unreadable),
// the refusal printed with file:line:column and article, and the sheet in both languages and formats.
#include "cli/cli_run.h"
#include "report/text_table.h"

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <nlohmann/json.hpp>

#include <string>

namespace event_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::CliResult;
using arbiter::test::contains;

// Runs `arbiter <args>` from the source root; `merge` also captures stderr.
CliResult event_run(const std::string& args, bool merge = false) {
    return arbiter::test::run_arbiter(args, merge ? arbiter::test::Stderr::merge : arbiter::test::Stderr::discard);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(event_check_exits_0_valid_1_refused_2_unreadable)

BOOST_AUTO_TEST_CASE(a_valid_event_exits_0) {
    const CliResult r = event_run("event check tests/data/events/fide2009-club.yaml");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "accepted: draw.agreement.min_moves = 30  (9.1a"));
    BOOST_TEST(contains(r.out, "accepted: clock.late_arrival.default_time = 30min  (6.6a"));
}

BOOST_AUTO_TEST_CASE(a_refused_setting_exits_1_with_its_place_and_reason) {
    const CliResult r = event_run("event check tests/data/events/fide2001-club.yaml", true);
    BOOST_TEST(r.exit_code == 1);
    BOOST_TEST(contains(r.out, "tests/data/events/fide2001-club.yaml:7:3: refused: draw.agreement.min_moves: fide-2001 has no rule for "
                          "draw.agreement.min_moves"));
}

// A typo in a `set:` key is input that does not conform: exit 2, with its place and a suggestion, on stdout with the
// rest of the check; the labels follow --lang.
BOOST_AUTO_TEST_CASE(a_typo_in_a_set_key_exits_2_and_the_check_speaks_japanese) {
    const CliResult typo = event_run("event check tests/data/events/typo-set-key.yaml");
    BOOST_TEST(typo.exit_code == 2);
    BOOST_TEST(contains(typo.out, "typo-set-key.yaml:7:3: refused: draw.agreement.min_move: "));
    BOOST_TEST(contains(typo.out, "did you mean 'min_moves'?"));
    BOOST_TEST(event_run("event sheet tests/data/events/typo-set-key.yaml").exit_code == 2);
    const CliResult ja = event_run("event check tests/data/events/fide2001-club.yaml --lang ja");
    BOOST_TEST(ja.exit_code == 1);
    BOOST_TEST(contains(ja.out, "認める: clock.late_arrival.default_time = 30分"));
    BOOST_TEST(contains(ja.out, "fide2001-club.yaml:7:3: 認めない: draw.agreement.min_moves"));
    // The reason in Japanese too: FIDE 2001 5.2c, its rule on draw.agreement, has no minimum number of moves.
    BOOST_TEST(contains(ja.out, "fide-2001 の draw.agreement の規則（5.2c）には draw.agreement.min_moves の値がない"));
    BOOST_TEST(!contains(ja.out, "has no rule"));
    // A typo's suggestion, in Japanese, keeps the ids the writer types.
    const CliResult typo_ja = event_run("event check tests/data/events/typo-set-key.yaml --lang ja");
    BOOST_TEST(typo_ja.exit_code == 2);
    BOOST_TEST(contains(typo_ja.out, "項目 draw.agreement にパラメータ 'min_move' はない"));
    BOOST_TEST(contains(typo_ja.out, "（'min_moves' の誤りか）"));
}

// --format text: the title underlined, every line within 80 columns (Japanese counted double); the 2009 Laws' rapid
// appendix is A (the event's 10 minutes make it rapid).
BOOST_AUTO_TEST_CASE(the_sheet_as_plain_text) {
    for (const char* lang : {"en", "ja"}) {
        const CliResult r = event_run(std::string("event sheet tests/data/events/fide2009-rapid.yaml --format text --lang ") + lang);
        BOOST_TEST(r.exit_code == 0);
        BOOST_TEST(contains(r.out, "(A.1)"));
        BOOST_TEST(!contains(r.out, "| "));
        std::istringstream lines(r.out);
        for (std::string line; std::getline(lines, line);) BOOST_TEST(arbiter::report::display_width(line) <= 80, line);
    }
}

BOOST_AUTO_TEST_CASE(rulebook_override_on_the_command_line) {
    BOOST_TEST(event_run("event check tests/data/events/fide2001-club.yaml --rulebook fide-2009").exit_code == 0);
}

BOOST_AUTO_TEST_CASE(json_lists_accepted_and_refused) {
    // The file misspells a topic (draw.agreemnt) beside its refused settings: the typo makes it exit 2.
    const CliResult r = event_run("event check tests/data/events/fide2009-fixed.yaml --format json");
    BOOST_TEST(r.exit_code == 2);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["valid"] == false);
    BOOST_TEST(j["refused"].size() == 4u);
    BOOST_TEST(j["refused"][0]["article"] == "6.6a");
}

BOOST_AUTO_TEST_CASE(unreadable_files_and_unknown_rulebooks_exit_2) {
    BOOST_TEST(event_run("event check tests/data/events/unreadable.yaml").exit_code == 2);
    BOOST_TEST(event_run("event check tests/data/events/no-such-file.yaml").exit_code == 2);
    BOOST_TEST(event_run("event check tests/data/events/fide2009-club.yaml --rulebook fide-2099").exit_code == 2);
    BOOST_TEST(event_run("event").exit_code == 2);  // a subcommand is required
}

BOOST_AUTO_TEST_CASE(the_sheet_in_markdown_and_html_in_both_languages) {
    const CliResult md = event_run("event sheet tests/data/events/fide2009-club.yaml");
    BOOST_TEST(md.exit_code == 0);
    BOOST_TEST(md.out.rfind("# Club Open 2026\n", 0) == 0);
    const CliResult ja = event_run("event sheet tests/data/events/fide2009-club.yaml --lang ja --format html");
    BOOST_TEST(ja.exit_code == 0);
    BOOST_TEST(contains(ja.out, "<html lang=\"ja\">"));
    BOOST_TEST(contains(ja.out, "クラブオープン2026"));
    // A sheet is not printed for an event its rulebook refuses.
    BOOST_TEST(event_run("event sheet tests/data/events/fide2001-club.yaml").exit_code == 1);
}

// `run` plays the category an event names, but warns when the time control contradicts it: FIDE 2009 A.1 defines
// rapid as at least 15 and under 60 minutes a player, and 90 minutes (5400 s) is in no category. The same game
// with the time control of timeline 148 (25 minutes: rapid by A.1) draws no warning.
BOOST_AUTO_TEST_CASE(run_warns_when_the_category_contradicts_the_time_control) {
    const std::string source =
        ARBITER_SOURCE_DIR "/tests/timelines/chess/148-rapid-adequate-supervision-main-laws.yaml";
    const auto write = [&](const std::string& name, const std::string& event) {
        const std::string path = arbiter::test::scratch_path(name);
        std::ifstream in(source);
        std::ostringstream text;
        text << in.rdbuf();
        std::string yaml = text.str();
        const std::string old = "event: {rulebook: fide-2009, time_control: \"1500\", supervision: adequate}";
        yaml.replace(yaml.find(old), old.size(), event);
        std::ofstream(path) << yaml;
        return path;
    };
    const std::string wrong =
        write("rapid-90min.yaml", "event: {rulebook: fide-2009, time_control: \"5400\", category: rapid}");
    const CliResult r = arbiter::test::run_arbiter("run '" + wrong + "'", arbiter::test::Stderr::merge);
    BOOST_TEST(contains(r.out, "category 'rapid' but fide-2009 defines 'rapid' by the time (A.1), and the time control "
                               "{time: 1h30min} is in no category"), r.out);
    const CliResult ja = arbiter::test::run_arbiter("run '" + wrong + "' --lang ja", arbiter::test::Stderr::merge);
    BOOST_TEST(contains(ja.out, "種別 'rapid' を指定したが"), ja.out);
    const std::string right =
        write("rapid-25min.yaml", "event: {rulebook: fide-2009, time_control: \"1500\", category: rapid}");
    const CliResult fine = arbiter::test::run_arbiter("run '" + right + "'", arbiter::test::Stderr::merge);
    BOOST_TEST(!contains(fine.out, "category 'rapid' but"), fine.out);
    // "standard" (the base rules) with 25 minutes, which A.1 makes rapid.
    const std::string standard =
        write("standard-25min.yaml", "event: {rulebook: fide-2009, time_control: \"1500\", category: standard}");
    const CliResult base = arbiter::test::run_arbiter("run '" + standard + "'", arbiter::test::Stderr::merge);
    BOOST_TEST(contains(base.out, "category 'standard' but fide-2009 defines 'rapid' by the time (A.1)"), base.out);
    std::remove(standard.c_str());
    std::remove(wrong.c_str());
    std::remove(right.c_str());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace event_cli_test
