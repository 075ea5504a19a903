// `arbiter perft` and `arbiter analyze` for othello: board strings in, legal moves, passes, the end of the
// game and the counts out; a bad board string exits 2 naming its column.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>

namespace othello_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using Run = arbiter::test::CliResult;

// Runs `arbiter ARGS` (tests/cli/cli_run.h); stderr goes to stdout when `with_errors`.
Run arbiter_run(const std::string& args, bool with_errors = false) {
    return arbiter::test::run_arbiter(args, with_errors ? arbiter::test::Stderr::merge : arbiter::test::Stderr::discard);
}

nlohmann::json json_of(const std::string& args) {
    Run r = arbiter_run(args);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, args << " -> exit " << r.exit_code);
    return nlohmann::json::parse(r.out);
}

// rule-cases.yaml othello-forced-pass-ggs-2003 and othello-game-over-12-plies-both-colours.
const char* const forced_pass = "--XXXXXXXXXOOOOXXXXXOOOXXOXXOXOXXXOOXXXXXOOXOXOXXOOOXOOXXOOOOOOX X";
const char* const twelve_plies = "---O----O-OO-----OOOO---X-OOO------OO-------O-------O----------- X";

}  // namespace

BOOST_AUTO_TEST_SUITE(othello_perft_and_analyze_commands)

BOOST_AUTO_TEST_CASE(perft_from_the_start_counts_the_published_leaves) {
    // tests/data/othello/perft.txt convention A: d6 8200.
    auto j = json_of("perft --game othello --depth 6 --bulk --format json");
    BOOST_TEST(j["nodes"] == 8200);
    BOOST_TEST(j["position"] == "---------------------------OX------XO--------------------------- X");
    auto d = json_of("perft --game othello --depth 3 --divide --format json");
    BOOST_TEST(d["nodes"] == 56);  // 4 first moves, symmetric: 14 each
    BOOST_REQUIRE(d["divide"].size() == 4u);
    for (const auto& row : d["divide"]) BOOST_TEST(row["nodes"] == 14);
}

BOOST_AUTO_TEST_CASE(perft_counts_a_pass_as_a_ply_and_a_finished_game_as_one_leaf) {
    // Forced pass: the only first move is the pass; then white has a1 and b1 (d2 = 2 leaves).
    auto j = json_of(std::string("perft --game othello --depth 2 --divide --format json --position '") + forced_pass + "'");
    BOOST_REQUIRE(j["divide"].size() == 1u);
    BOOST_TEST(j["divide"][0]["move"] == "pass");
    BOOST_TEST(j["nodes"] == 2);
    auto end = json_of(std::string("perft --game othello --depth 5 --format json --position '") + twelve_plies + "'");
    BOOST_TEST(end["nodes"] == 1);
}

BOOST_AUTO_TEST_CASE(analyze_states_moves_passes_game_end_and_counts) {
    auto start = json_of("analyze --game othello --position startpos --format json");
    BOOST_TEST(start["legal_moves"] == nlohmann::json({"d3", "c4", "f5", "e6"}));  // square order a1..h8
    BOOST_TEST(start["must_pass"] == false);
    BOOST_TEST(start["game_over"] == false);
    BOOST_TEST(start["pieces"]["black"] == 2);
    BOOST_TEST(start["result"].is_null());

    auto pass = json_of(std::string("analyze --game othello --format json --position '") + forced_pass + "'");
    BOOST_TEST(pass["legal_moves"].empty());
    BOOST_TEST(pass["must_pass"] == true);
    BOOST_TEST(pass["game_over"] == false);

    auto over = json_of(std::string("analyze --game othello --format json --position '") + twelve_plies + "'");
    BOOST_TEST(over["game_over"] == true);
    BOOST_TEST(over["must_pass"] == false);
    BOOST_TEST(over["pieces"]["black"] == 1);
    BOOST_TEST(over["pieces"]["white"] == 15);
    BOOST_TEST(over["empty"] == 48);
    BOOST_TEST(over["result"]["winner"] == "white");
    BOOST_TEST(over["result"]["score"]["white"] == 63);  // 15 + the 48 empty squares
}

BOOST_AUTO_TEST_CASE(a_positions_file_gives_one_object_a_line_and_names_a_bad_line_and_column) {
    const std::string path = "build-othello-cli-positions.txt";
    {
        std::ofstream out(path);
        out << "startpos\n" << forced_pass << "\n\n" << twelve_plies << "\n";
    }
    Run ok = arbiter_run("analyze --game othello --format json --positions " + path);
    BOOST_TEST(ok.exit_code == 0);
    BOOST_TEST(std::count(ok.out.begin(), ok.out.end(), '\n') == 3);
    {
        std::ofstream out(path);
        out << "startpos\n" << std::string(forced_pass).substr(0, 64) + " Z\n";
    }
    Run bad = arbiter_run("analyze --game othello --format json --positions " + path, true);
    BOOST_TEST(bad.exit_code == 2);
    BOOST_TEST(bad.out.find(path + ":2:66:") != std::string::npos, bad.out);
    std::remove(path.c_str());
}

BOOST_AUTO_TEST_CASE(bad_board_strings_exit_2_with_the_column) {
    const std::string s(forced_pass);
    const std::pair<std::string, const char*> cases[] = {
        {s.substr(0, 30), "--position:1:31:"},                       // 30 cells
        {std::string(s).replace(5, 1, "x"), "--position:1:6:"},      // not a cell
        {s.substr(0, 64) + " -", "--position:1:66:"},                // not a side
        {s + " extra", "--position:1:67:"},
    };
    for (const auto& [text, where] : cases) {
        for (const char* command : {"perft --depth 2", "analyze"}) {
            Run r = arbiter_run(std::string(command) + " --game othello --position '" + text + "'", true);
            BOOST_TEST(r.exit_code == 2, command << " " << text);
            BOOST_TEST(r.out.find(where) != std::string::npos, r.out);
        }
    }
    // A FEN is not an othello position, and a board string is not a chess one.
    BOOST_TEST(arbiter_run("analyze --game othello --position 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'").exit_code == 2);
    BOOST_TEST(arbiter_run(std::string("analyze --game chess --position '") + forced_pass + "'").exit_code == 2);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(othello_arbiter_decisions)

BOOST_AUTO_TEST_CASE(a_restored_position_names_the_position_and_no_party) {
    // Fixture 18: the arbiter restores the position before f5 (black's illegal f5 taken back). restore_position's
    // `to` is a choice (schemas/topics.yaml), not a role: the applied effect carries the position restored, the
    // start position with black to move, and names no player.
    const std::string file = std::string(ARBITER_SOURCE_DIR) + "/tests/timelines/othello/18-players-disagree-arbiter-restores.yaml";
    const auto out = json_of("run " + file + " --format json");
    int restored = 0;
    for (const auto& ruling : out["rulings"])
        for (const auto& effect : ruling["effects"])
            if (effect["effect"] == "restore_position") {
                ++restored;
                BOOST_TEST(!effect.contains("to"));
                BOOST_TEST(effect["position"] == "---------------------------OX------XO--------------------------- X");
            }
    BOOST_TEST(restored == 1);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace othello_cli_test
