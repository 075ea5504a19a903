// `arbiter analyze`: legal moves, check, mate, stalemate, insufficient material, dead and
// can_checkmate, for one position or a file of positions (one JSON object a line, in order).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace analyze_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using Run = arbiter::test::CliResult;

Run analyze_run(const std::string& args) { return arbiter::test::run_arbiter("analyze " + args); }

nlohmann::json analyze_fen(const std::string& fen) {
    Run r = analyze_run("--game chess --format json --position '" + fen + "'");
    BOOST_REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(analyze_command_states_what_the_laws_say)

BOOST_AUTO_TEST_CASE(start_position_has_20_moves_and_is_not_dead) {
    auto j = analyze_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    BOOST_TEST(j["legal_moves"].size() == 20u);
    BOOST_TEST(j["check"] == false);
    BOOST_TEST(j["checkmate"] == false);
    BOOST_TEST(j["stalemate"] == false);
    BOOST_TEST(j["insufficient_material"] == false);
    BOOST_TEST(j["dead"] == false);
    // Never "false" where a mate may be possible: true or "unknown" both hold here.
    BOOST_TEST(j["can_checkmate"]["white"] != false);
    BOOST_TEST(j["can_checkmate"]["black"] != false);
}

BOOST_AUTO_TEST_CASE(fools_mate_is_checkmate) {
    auto j = analyze_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    BOOST_TEST(j["check"] == true);
    BOOST_TEST(j["checkmate"] == true);
    BOOST_TEST(j["legal_moves"].empty());
    BOOST_TEST(j["can_checkmate"]["black"] == true);  // it just did
}

BOOST_AUTO_TEST_CASE(stalemate_and_bare_kings) {
    // python-chess test "7K/7P/7k/8/6q1/8/8/8 w": stalemate.
    auto s = analyze_fen("7K/7P/7k/8/6q1/8/8/8 w - - 0 1");
    BOOST_TEST(s["stalemate"] == true);
    BOOST_TEST(s["checkmate"] == false);
    // K v K: neither side can checkmate, the position is dead (FIDE 5.2b).
    auto k = analyze_fen("8/5k2/8/8/8/8/3K4/8 w - - 0 1");
    BOOST_TEST(k["insufficient_material"] == true);
    BOOST_TEST(k["can_checkmate"]["white"] == false);
    BOOST_TEST(k["can_checkmate"]["black"] == false);
    BOOST_TEST(k["dead"] == true);
    // K v K+R: the bare king cannot mate; the rook side can (or at least is not denied).
    auto r = analyze_fen("8/4rk2/8/8/8/8/3K4/8 w - - 0 1");
    BOOST_TEST(r["can_checkmate"]["white"] == false);
    BOOST_TEST(r["can_checkmate"]["black"] != false);
    BOOST_TEST(r["dead"] == false);
}

BOOST_AUTO_TEST_CASE(can_checkmate_uses_the_helpmate_search_not_only_material) {
    // K+N v K+R: the material table cannot answer for White (a knight alone cannot force mate, yet the rook may
    // block its own king's flight square), but a helpmate exists (issue 3's example), so White can still mate; Black
    // with a rook obviously can. Not dead.
    nlohmann::json j = analyze_fen("8/8/8/4k3/8/3r4/8/4K2N w - - 0 1");
    BOOST_TEST(j["can_checkmate"]["white"] == true);
    BOOST_TEST(j["can_checkmate"]["black"] == true);
    BOOST_TEST(j["dead"] == false);
    // A locked pawn chain with kings only: neither king can ever reach an enemy pawn or pass, so dead.
    j = analyze_fen("8/8/1k6/p1p1p1p1/P1P1P1P1/8/5K2/8 w - - 0 1");
    BOOST_TEST(j["can_checkmate"]["white"] == false);
    BOOST_TEST(j["can_checkmate"]["black"] == false);
    BOOST_TEST(j["dead"] == true);
}

BOOST_AUTO_TEST_CASE(positions_file_gives_one_object_a_line_in_order) {
    std::string path = "/tmp/arbiter-analyze-test-" + std::to_string(getpid()) + ".txt";
    {
        std::ofstream out(path);
        out << "8/5k2/8/8/8/8/3K4/8 w - - 0 1\n"
            << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
            << "\n"
            << "7K/7P/7k/8/6q1/8/8/8 w - - 0 1\n";
    }
    Run r = analyze_run("--format json --positions " + path);
    BOOST_TEST(r.exit_code == 0);
    std::istringstream lines(r.out);
    std::string line;
    std::vector<nlohmann::json> objects;
    while (std::getline(lines, line)) objects.push_back(nlohmann::json::parse(line));
    BOOST_REQUIRE(objects.size() == 3u);
    BOOST_TEST(objects[0]["dead"] == true);
    BOOST_TEST(objects[1]["legal_moves"].size() == 20u);
    BOOST_TEST(objects[2]["stalemate"] == true);
    {
        std::ofstream out(path);
        out << "8/5k2/8/8/8/8/3K4/8 w - - 0 1\nbroken\n";
    }
    BOOST_TEST(analyze_run("--format json --positions " + path).exit_code == 2);
    std::remove(path.c_str());
}

// The Chess Unwinnability Analyzer's public test vectors (tests/data/chess/SOURCES, cha-sample.fen): every line gets
// an answer in order, an error object where the line does not read or no game reaches the position; the batch goes
// on and exits 2 because one line did not read. Line 1 is labelled dead there, line 2 (its line 3) "W-": White can
// still mate, so not dead; lines 3 and 5 have five black bishops with two missing pawns, and three white queens
// and more promoted pieces than missing pawns.
BOOST_AUTO_TEST_CASE(positions_file_answers_every_line_even_a_bad_one) {
    Run r = analyze_run("--format json --positions tests/data/chess/cha-sample.fen");
    BOOST_TEST(r.exit_code == 2);
    std::istringstream lines(r.out);
    std::vector<nlohmann::json> objects;
    for (std::string line; std::getline(lines, line);) objects.push_back(nlohmann::json::parse(line));
    BOOST_REQUIRE(objects.size() == 5u);
    BOOST_TEST(objects[0]["dead"] == true);
    BOOST_TEST(objects[1]["dead"] == false);
    BOOST_TEST(objects[2]["line"] == 3);
    BOOST_TEST(objects[2]["unreachable"] == true);
    BOOST_TEST(objects[3]["line"] == 4);
    BOOST_TEST(objects[3]["unreachable"] == false);
    BOOST_TEST(objects[3]["error"].get<std::string>().find("cha-sample.fen:4") != std::string::npos);
    BOOST_TEST(objects[4]["unreachable"] == true);
    // Without the unreadable line, unreachable positions alone exit 1 (a well-formed input answered "no").
    const std::string path = "/tmp/arbiter-analyze-cha-" + std::to_string(getpid()) + ".fen";
    arbiter::test::run_shell("grep -v 'not a position' '" ARBITER_SOURCE_DIR "/tests/data/chess/cha-sample.fen' > " + path);
    BOOST_TEST(analyze_run("--format json --positions " + path).exit_code == 1);
    std::remove(path.c_str());
}

BOOST_AUTO_TEST_CASE(bad_input_exits_2) {
    BOOST_TEST(analyze_run("--position '8/8/8 w - - 0 1'").exit_code == 2);
    BOOST_TEST(analyze_run("").exit_code == 2);  // neither --position nor --positions
    BOOST_TEST(analyze_run("--positions /nonexistent/file").exit_code == 2);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace analyze_cli_test
