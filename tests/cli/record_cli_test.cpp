// Game records on the command line: run, compare and validate take a record wherever they take a timeline (--game
// N), import prints the timeline (audit: audit_cli_test.cpp); bad records exit 2 with file, game and ply. Expected
// values are worked from the records (see tests/procedure/record_timeline_test.cpp for the rule reasoning).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace record_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

const std::string Bullet = "tests/data/chess/games/chess-lichess-VsUqVhC2-bullet-time-forfeit.pgn";
const std::string Ggf = "tests/data/othello/ggs-games-from-nboard-ggf-test.ggf";
const std::string Sennichite = "tests/data/shogi/shogidokoro-elmo-vs-yaselmo-sennichite.kif";

}  // namespace

BOOST_AUTO_TEST_SUITE(records_where_timelines_are_accepted)

BOOST_AUTO_TEST_CASE(run_json_adds_recorded_and_agrees) {
    // The bullet game: 0-1 on time; White's flag claim by Black at 1:44 (60 s each, last readings 0:04 and 0:16).
    const auto r = run_arbiter("run " + Bullet + " --format json");
    BOOST_TEST(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["rulebook"] == "fide-2009");  // the default for chess
    BOOST_TEST(j["result"]["score"]["black"] == 1);
    BOOST_TEST(j["recorded"]["ending"] == "time_forfeit");
    BOOST_TEST(j["recorded"]["by"] == "white");
    BOOST_TEST(j["recorded"]["score"]["black"] == 1.0);
    BOOST_TEST(j["agrees"] == true);
    BOOST_TEST(j["record"]["format"] == "pgn");
    BOOST_TEST(j["record"]["games"] == 1);
    BOOST_TEST(j["rulings"].back()["at"] == 104000);  // 1:44
}

BOOST_AUTO_TEST_CASE(run_text_says_whether_the_ruling_agrees) {
    const auto r = run_arbiter("run " + Bullet);
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "Recorded: white lost on time"));
    BOOST_TEST(contains(r.out, "ruling agrees"));
}

// The record's side is the one the ending happened to: in the lichess blitz game white mates (1-0), so the line says
// black was checkmated, never "checkmate by black".
BOOST_AUTO_TEST_CASE(a_checkmate_names_the_mated_side_as_such) {
    const auto r = run_arbiter("run tests/data/chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "Recorded: black was checkmated (1-0"));
    BOOST_TEST(!contains(r.out, "checkmate by"));
}

BOOST_AUTO_TEST_CASE(game_picks_one_game_of_many) {
    // GGF game 2: the komi game, black +8 on the board: black wins under joa-othello-2014 (the othello default).
    const auto r = run_arbiter("run " + Ggf + " --game 2 --format json");
    BOOST_TEST(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["rulebook"] == "joa-othello-2014");
    BOOST_TEST(j["record"]["game"] == 2);
    BOOST_TEST(j["record"]["games"] == 3);
    BOOST_TEST(j["result"]["score"]["black"] == 1);
    // Game 1 (the default) ends 32-32: pending under JOA, so `agrees` is null.
    const auto first = nlohmann::json::parse(run_arbiter("run " + Ggf + " --format json").out);
    BOOST_TEST(first["record"]["game"] == 1);
    BOOST_TEST(first["agrees"].is_null());
    // Out of range, and --game on a timeline: exit 2.
    const auto out = run_arbiter("run " + Ggf + " --game 4", Stderr::merge);
    BOOST_TEST(out.exit_code == 2);
    BOOST_TEST(contains(out.out, "holds 3 games"));
    BOOST_TEST(run_arbiter("run tests/timelines/chess/36-resignation.yaml --game 2").exit_code == 2);
}

BOOST_AUTO_TEST_CASE(rulebook_of_another_game_is_refused) {
    const auto r = run_arbiter("run " + Bullet + " --rulebook csa-computer-shogi", Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "shogi rulebook"));
    const auto c = run_arbiter("compare " + Bullet + " --rulebooks fide-2009,joa-othello", Stderr::merge);
    BOOST_TEST(c.exit_code == 2);
    BOOST_TEST(contains(c.out, "othello rulebook"));
    BOOST_TEST(run_arbiter("run " + Bullet + " --rulebook no-such-book").exit_code == 2);
}

BOOST_AUTO_TEST_CASE(compare_rules_a_record_under_each_rulebook_of_its_game) {
    // Sennichite KIF: CSA draws (agrees with the recorded draw), Kyushu replays with colours exchanged (ongoing:
    // disagrees).
    const auto r = run_arbiter("compare " + Sennichite + " --format json");
    BOOST_TEST(r.exit_code == 0);
    const auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["agrees"]["csa-computer-shogi"] == true);
    BOOST_TEST(j["agrees"]["kyushu-shogi-2006"] == false);
    BOOST_TEST(j["recorded"]["ending"] == "sennichite");
    // The JSA professional rules replay it with sides exchanged as Kyushu does (千日手): ongoing, disagrees.
    BOOST_TEST(j["agrees"]["jsa-pro-2019"] == false);
    BOOST_TEST(j["runs"].size() == 3u);
    BOOST_TEST(j["runs"][0].contains("agrees"));
    // Chess records default to the three editions; all three rule White's flag (0-1).
    const auto c = nlohmann::json::parse(run_arbiter("compare " + Bullet + " --format json").out);
    BOOST_TEST(c["rulebooks"].size() == 3u);
    for (const auto& [id, a] : c["agrees"].items()) BOOST_TEST(a == true, id);
}

BOOST_AUTO_TEST_CASE(validate_checks_every_game_of_a_record) {
    const auto r = run_arbiter("validate tests/data/othello/WTH_1977.wtb " + Ggf);
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "WTH_1977.wtb: ok (record: wthor, 12 games)"));
    BOOST_TEST(contains(r.out, "ok (record: ggf, 3 games)"));
    const auto bad = run_arbiter("validate tests/data/chess/games/chess-otb-figueira-2017-dgt-clocks.pgn", Stderr::merge);
    BOOST_TEST(bad.exit_code == 2);
    BOOST_TEST(contains(bad.out, "game 1, ply 114"));
}

BOOST_AUTO_TEST_CASE(import_prints_a_timeline_that_runs_as_it_is) {
    const auto r = run_arbiter("import tests/data/shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "timeline: "));
    BOOST_TEST(contains(r.out, "time_control: {time: 5min, byoyomi: {periods: 1, time: 30s}}"));
    BOOST_TEST(contains(r.out, "  - {at: \"0:00:07\", move: 7g7f}"));  // ７六歩(77) in 0:7
    BOOST_TEST(contains(r.out, "claim: {by: sente, kind: flag}"));
    const std::string path = std::string(ARBITER_SOURCE_DIR) + "/build/record-cli-import.yaml";
    {
        std::ofstream out(path);
        out << r.out;
    }
    const auto v = run_arbiter("validate '" + path + "'");
    BOOST_TEST(v.exit_code == 0);
    BOOST_TEST(contains(v.out, "ok (timeline)"));
    const auto run = nlohmann::json::parse(run_arbiter("run '" + path + "' --format json").out);
    BOOST_TEST(run["result"]["score"]["sente"] == 1);
    std::remove(path.c_str());
    // Import of something that is not a record: exit 2.
    BOOST_TEST(run_arbiter("import tests/timelines/chess/36-resignation.yaml").exit_code == 2);
}

BOOST_AUTO_TEST_CASE(bad_records_exit_2_never_crash) {
    for (const char* name : {"truncated.pgn", "latin1.pgn", "binary.pgn", "truncated.wtb",
                             "illegal-drop.kif", "nifu.csa", "wrong-encoding-euc-jp.kif"}) {
        for (const char* command : {"run", "compare", "validate", "import"}) {
            const auto r = run_arbiter(std::string(command) + " tests/data/games/bad/" + name, Stderr::merge);
            BOOST_TEST(r.exit_code == 2, command << ' ' << name << ": " << r.out);
            BOOST_TEST(contains(r.out, name), command << ' ' << name);
        }
    }
}

BOOST_AUTO_TEST_CASE(one_clock_glitch_is_a_warning_not_a_refusal) {
    // 180+0, Black's reading goes from 2:57 to 2:59 at ply 4: the game is ruled (0-1 by resignation), with a warning.
    const auto r = run_arbiter("run tests/data/games/bad/clock-goes-up.pgn", Stderr::merge);
    BOOST_TEST(r.exit_code == 0, r.out);
    BOOST_TEST(contains(r.out, "game 1: ply 4: [%clk 0:02:59]"));
}

BOOST_AUTO_TEST_CASE(help_names_the_default_rulebooks) {
    const auto r = run_arbiter("run --help");
    BOOST_TEST(contains(r.out, "fide-2009 (chess), csa-computer-shogi (shogi)"));
    BOOST_TEST(contains(r.out, "--game"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace record_cli_test
