// -v, -q and the warnings for plausible mistakes: all on stderr, never changing stdout.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace diagnostics_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::run_shell;

namespace {

struct Streams {
    int code = -1;
    std::string out;
    std::string err;
};

// Runs `arbiter <args>` from the project root with stdout and stderr apart (stderr through a temporary file).
Streams run_apart(const std::string& args) {
    static const fs::path err_file = fs::temp_directory_path() / ("arbiter-diagnostics-" + std::to_string(::getpid()) + ".err");
    const auto r = run_shell("cd '" ARBITER_SOURCE_DIR "' && env -u ARBITER_RULESETS -u ARBITER_SCHEMAS '" ARBITER_BINARY "' " + args +
                             " 2>'" + err_file.string() + "'");
    std::ifstream in(err_file);
    std::string err((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    fs::remove(err_file);
    return {r.exit_code, r.out, err};
}

// Writes a timeline whose event sets `time_control` (line 3, the value at column 20) into a temporary file.
fs::path timeline_with(const std::string& time_control) {
    const fs::path file = fs::temp_directory_path() / ("arbiter-diagnostics-" + std::to_string(::getpid()) + ".yaml");
    std::ofstream(file) << "timeline: short-main-time\n"
                           "start: startpos\n"
                           "event: {rulebook: fide-2009, time_control: \""
                        << time_control << "\"}\nentries:\n  - {at: \"0:00:05\", move: e4}\n";
    return file;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(diagnostics_on_stderr)

BOOST_AUTO_TEST_CASE(fifteen_plus_ten_is_fifteen_seconds_and_the_clock_command_says_so) {
    // PGN TimeControl counts seconds: 15+10 is 15 s; 15 minutes would be 15 * 60 = 900 s, hence 900+10.
    const auto r = run_apart("clock 15+10");
    BOOST_TEST(r.code == 0);
    BOOST_TEST(contains(r.err, "warning"), r.err);
    BOOST_TEST(contains(r.err, "did you mean 900+10?"), r.err);
    const auto quiet = run_apart("-q clock 15+10");
    BOOST_TEST(quiet.err == "");
    BOOST_TEST(quiet.out == r.out);  // the warning changes nothing on stdout
    BOOST_TEST(run_apart("clock 900+10").err == "");
    BOOST_TEST(run_apart("clock 60").err == "");           // a minute is not under a minute
    BOOST_TEST(run_apart("clock '{time: 15s}'").err == "");  // the structured form names its unit
}

BOOST_AUTO_TEST_CASE(a_timeline_with_fifteen_plus_ten_is_warned_about_at_its_place) {
    const fs::path file = timeline_with("15+10");
    const auto r = run_apart("compare '" + file.string() + "' --rulebooks jca-1997,fide-2001,fide-2009");
    fs::remove(file);
    // "event: {rulebook: fide-2009, time_control: " is 43 characters, so the quoted value starts at column 44.
    BOOST_TEST(contains(r.err, file.string() + ":3:44: time_control \"15+10\""), r.err);
    BOOST_TEST(contains(r.err, "did you mean 900+10?"), r.err);
    // Three rulebooks read the same place; it is warned about once.
    BOOST_TEST(r.err.find("did you mean") == r.err.rfind("did you mean"), r.err);
}

BOOST_AUTO_TEST_CASE(warnings_follow_the_commands_lang) {
    // The same two warnings with --lang ja: in Japanese, with no English level word ("warning") left.
    const fs::path file = timeline_with("15+10");
    const auto r = run_apart("compare '" + file.string() + "' --rulebooks jca-1997,fide-2001 --lang ja");
    fs::remove(file);
    BOOST_TEST(contains(r.err, "arbiter: 警告: " + file.string() + ":3:44: 持ち時間 \"15+10\""), r.err);
    BOOST_TEST(contains(r.err, "900+10 のつもりでは？"), r.err);
    BOOST_TEST(!contains(r.err, "warning"), r.err);
    const auto mixed = run_apart("diff fide-2009 kyushu-shogi-2006 --lang ja --format json");
    BOOST_TEST(contains(mixed.err, "警告: 異なるゲームの規則を比べている：fide-2009 は chess の規則、kyushu-shogi-2006 は shogi の規則"), mixed.err);
}

BOOST_AUTO_TEST_CASE(an_event_with_fifteen_plus_ten_is_warned_about_by_event_check) {
    const fs::path file = fs::temp_directory_path() / ("arbiter-diagnostics-event-" + std::to_string(::getpid()) + ".yaml");
    std::ofstream(file) << "event: Blitz night\nrulebook: fide-2009\ntime_control: \"15+10\"\n";
    const auto r = run_apart("event check '" + file.string() + "'");
    const auto quiet = run_apart("-q event check '" + file.string() + "'");
    fs::remove(file);
    BOOST_TEST(contains(r.err, file.string() + ":3:15: time_control \"15+10\""), r.err);  // "time_control: " is 14 characters
    BOOST_TEST(contains(r.err, "did you mean 900+10?"), r.err);
    BOOST_TEST(quiet.err == "");
    BOOST_TEST(quiet.out == r.out);
    BOOST_TEST(quiet.code == r.code);
}

BOOST_AUTO_TEST_CASE(a_diff_across_games_is_warned_about) {
    const auto mixed = run_apart("diff fide-2009 kyushu-shogi-2006 --format json");
    BOOST_TEST(contains(mixed.err, "different games"), mixed.err);
    BOOST_TEST(contains(mixed.err, "fide-2009 is a chess rulebook, kyushu-shogi-2006 a shogi one"), mixed.err);
    BOOST_TEST(run_apart("-q diff fide-2009 kyushu-shogi-2006 --format json").err == "");
    BOOST_TEST(run_apart("diff fide-2001 fide-2009 --format json").err == "");
}

BOOST_AUTO_TEST_CASE(a_rulesets_folder_that_does_not_exist_is_skipped_with_a_warning) {
    const auto plain = run_apart("list --format json");
    const auto skipped = run_apart("--rulesets tests/data/no-such-folder list --format json");
    BOOST_TEST(skipped.code == 0);
    BOOST_TEST(contains(skipped.err, "skipped the rulesets folder 'tests/data/no-such-folder' (--rulesets)"), skipped.err);
    BOOST_TEST(skipped.out == plain.out);
    const auto env = run_shell("cd '" ARBITER_SOURCE_DIR "' && ARBITER_RULESETS=tests/data/no-such-folder '" ARBITER_BINARY
                               "' list --format json 2>&1 >/dev/null");
    BOOST_TEST(contains(env.out, "skipped the rulesets folder 'tests/data/no-such-folder' (ARBITER_RULESETS)"), env.out);
    BOOST_TEST(run_apart("-q --rulesets tests/data/no-such-folder list --format json").err == "");
}

BOOST_AUTO_TEST_CASE(verbose_says_where_from_and_why_without_changing_stdout) {
    const auto plain = run_apart("list --format json");
    const auto v = run_apart("-v list --format json");
    BOOST_TEST(v.out == plain.out);
    BOOST_TEST(contains(v.err, "rulesets folder 1: " ARBITER_SOURCE_DIR "/rulesets (bundled)"), v.err);
    BOOST_TEST(contains(v.err, "read " ARBITER_SOURCE_DIR "/rulesets/chess/fide-2009.yaml"), v.err);
    // fide-2009 extends fide-2001 (rulesets/chess/fide-2009.yaml, extends:); its rules resolve over the parent's file.
    BOOST_TEST(contains(v.err, "over fide-2001 (from " ARBITER_SOURCE_DIR "/rulesets/chess/fide-2001.yaml)"), v.err);
    BOOST_TEST(contains(v.err, "ms"), v.err);  // timings

    // 900+10 under FIDE 2009 A.1: 900 s + 60 x 10 s = 1500 s = 25 minutes, from 15 up to 60: rapid.
    const fs::path file = timeline_with("900+10");
    const auto run = run_apart("-v run '" + file.string() + "' --format json");
    const auto quiet_run = run_apart("run '" + file.string() + "' --format json");
    fs::remove(file);
    BOOST_TEST(run.out == quiet_run.out);
    BOOST_TEST(contains(run.err, "rulebook fide-2009 (named by the timeline's event)"), run.err);
    BOOST_TEST(contains(run.err, "category rapid (A.1): 25min for 60 moves"), run.err);
    BOOST_TEST(contains(run.err, "game chess: " ARBITER_SOURCE_DIR "/rulesets/games/chess.yaml"), run.err);
}

BOOST_AUTO_TEST_CASE(a_schemas_folder_comes_before_the_bundled_one_file_by_file) {
    // A folder holding only the registry: topics.yaml is read from it, the JSON Schemas still from the bundled folder.
    const fs::path dir = fs::temp_directory_path() / ("arbiter-diagnostics-schemas-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    fs::copy_file(ARBITER_SOURCE_DIR "/schemas/topics.yaml", dir / "topics.yaml", fs::copy_options::overwrite_existing);
    const auto plain = run_apart("list --format json");
    const auto given = run_apart("-v --schemas '" + dir.string() + "' list --format json");
    const auto env = run_shell("cd '" ARBITER_SOURCE_DIR "' && ARBITER_SCHEMAS='" + dir.string() + "' '" ARBITER_BINARY
                               "' -v list --format json 2>&1 >/dev/null");
    fs::remove_all(dir);
    BOOST_TEST(given.out == plain.out);
    BOOST_TEST(contains(given.err, "schemas folder 1: " + dir.string() + " (--schemas)"), given.err);
    BOOST_TEST(contains(given.err, "read " + (dir / "topics.yaml").string()), given.err);
    BOOST_TEST(contains(env.out, "schemas folder 1: " + dir.string() + " (ARBITER_SCHEMAS)"), env.out);
    BOOST_TEST(contains(env.out, "read " + (dir / "topics.yaml").string()), env.out);
}

BOOST_AUTO_TEST_CASE(verbose_and_quiet_exclude_each_other) {
    BOOST_TEST(run_apart("-v -q list").code == 2);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace diagnostics_cli_test
