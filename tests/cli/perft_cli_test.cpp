// `arbiter perft`: the shape scripts rely on (json with nodes and seconds), --divide, --bulk and
// exit codes, by running the built executable.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace perft_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using Run = arbiter::test::CliResult;

// Runs `arbiter <args>` (stderr discarded) and returns its exit code and stdout.
Run perft_run(const std::string& args) { return arbiter::test::run_arbiter(args); }

}  // namespace

BOOST_AUTO_TEST_SUITE(perft_command_prints_nodes_and_seconds)

BOOST_AUTO_TEST_CASE(json_has_nodes_and_seconds) {
    // Start position depth 3: 8902 (chessprogramming.org Perft Results).
    Run r = perft_run("perft --game chess --depth 3 --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["nodes"].get<std::uint64_t>() == 8902u);
    BOOST_TEST(j["seconds"].is_number());
    BOOST_TEST(j["depth"].get<int>() == 3);
}

BOOST_AUTO_TEST_CASE(bulk_counting_gives_the_same_count) {
    // Kiwipete depth 3: 97862.
    Run r = perft_run("perft --depth 3 --bulk --format json --position "
                      "'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(nlohmann::json::parse(r.out)["nodes"].get<std::uint64_t>() == 97862u);
}

BOOST_AUTO_TEST_CASE(divide_lists_every_first_move_in_uci) {
    // Depth 2 from the start: 20 first moves with 20 replies each.
    Run r = perft_run("perft --depth 2 --divide --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["divide"].size() == 20u);
    for (const auto& row : j["divide"]) BOOST_TEST(row["nodes"].get<int>() == 20);
    bool has_e2e4 = false;
    for (const auto& row : j["divide"]) has_e2e4 |= row["move"] == "e2e4";
    BOOST_TEST(has_e2e4);
    BOOST_TEST(j["nodes"].get<int>() == 400);
    Run text = perft_run("perft --depth 1 --divide");
    BOOST_TEST(text.out.find("g1f3: 1\n") != std::string::npos);
    BOOST_TEST(text.out.find("nodes: 20\n") != std::string::npos);
}

// A perft suite's position no game reaches is counted all the same, with a warning: peeper-1 of the public shogi
// perft suite (tests/data/shogi/perft.txt, lines 24-25: 45 at depth 1, 1148 at depth 2, re-counted there with
// shogiops and Fairy-Stockfish) has three rooks (two on the board, one in hand), one more than the game has.
BOOST_AUTO_TEST_CASE(a_position_no_game_reaches_is_counted_with_a_warning) {
    const std::string peeper = "'k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1'";
    const Run one = arbiter::test::run_arbiter("perft --game shogi --depth 1 --bulk --position " + peeper);
    BOOST_TEST(one.exit_code == 0);
    BOOST_TEST(one.out.find("nodes: 45\n") != std::string::npos);
    const Run two = arbiter::test::run_arbiter("perft --game shogi --depth 2 --bulk --position " + peeper, arbiter::test::Stderr::merge);
    BOOST_TEST(two.exit_code == 0);
    BOOST_TEST(two.out.find("nodes: 1148\n") != std::string::npos);
    BOOST_TEST(two.out.find("no game reaches this position (3 rooks") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(bad_input_exits_2) {
    BOOST_TEST(perft_run("perft --depth 2 --position 'not a fen'").exit_code == 2);
    BOOST_TEST(perft_run("perft --depth 2 --game no-such-game").exit_code == 2);
    BOOST_TEST(perft_run("perft").exit_code == 2);  // --depth is required
}

// Without --game the position says the game (cli/game_choice.h): the one game whose notation reads it, or among
// several (startpos; an orthodox FEN reads as chess and chess960) the game file marked default_game. Published counts
// at depth 1: xiangqi's start 44 (issue 30's table), shogi's 30, othello's 4, chess's 20. The xiangqi start reads
// as manchu's too (manchu's black has xiangqi's pieces): manchu.yaml's `variant_of: xiangqi` yields it to xiangqi.
BOOST_AUTO_TEST_CASE(without_game_the_position_says_the_game) {
    using arbiter::test::contains;
    const Run xiangqi = perft_run("perft --depth 1 --format json --position "
                                  "'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'");
    BOOST_TEST(xiangqi.exit_code == 0);
    BOOST_TEST(nlohmann::json::parse(xiangqi.out)["game"] == "xiangqi");
    BOOST_TEST(nlohmann::json::parse(xiangqi.out)["nodes"].get<int>() == 44);
    const Run shogi = perft_run("perft --depth 1 --position 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1'");
    BOOST_TEST(contains(shogi.out, "nodes: 30\n"), shogi.out);
    const Run othello = perft_run("perft --depth 1 --position "
                                  "'---------------------------OX------XO--------------------------- X'");
    BOOST_TEST(contains(othello.out, "nodes: 4\n"), othello.out);
    const Run start = perft_run("perft --depth 1 --format json");
    BOOST_TEST(nlohmann::json::parse(start.out)["game"] == "chess");  // chess.yaml: default_game: true
    BOOST_TEST(nlohmann::json::parse(start.out)["nodes"].get<int>() == 20);
    // A folder given with --rulesets is asked first: its one game is the game of startpos (Los Alamos chess, 1212 at
    // depth 3 by Fairy-Stockfish, as game_knowledge_test).
    const Run own = perft_run("perft --rulesets tests/data/extension/losalamos --depth 3");
    BOOST_TEST(contains(own.out, "nodes: 1212\n"), own.out);
}

// Without `variant_of`, a folder holding xiangqi and manchu cannot say which game the xiangqi start is: --game is
// asked for, naming both.
BOOST_AUTO_TEST_CASE(a_variant_without_its_parent_mark_is_ambiguous) {
    namespace fs = std::filesystem;
    const fs::path dir = arbiter::test::scratch_path("perft-variant-of");
    fs::remove_all(dir);
    fs::create_directories(dir / "games");
    fs::copy_file(fs::path(ARBITER_SOURCE_DIR) / "rulesets/games/xiangqi.yaml", dir / "games/xiangqi.yaml");
    std::ifstream in(fs::path(ARBITER_SOURCE_DIR) / "rulesets/games/manchu.yaml");
    std::ofstream out(dir / "games/manchu.yaml");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("variant_of:", 0) != 0) out << line << '\n';
    out.close();
    const auto r = arbiter::test::run_arbiter("perft --rulesets " + dir.string() + " --depth 1 --position "
                                              "'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'",
                                              arbiter::test::Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(arbiter::test::contains(r.out, "several games (manchu, xiangqi)"), r.out);
    fs::remove_all(dir);
}

// Two games of one folder that both read startpos and neither marked: --game is asked for, exit 2.
BOOST_AUTO_TEST_CASE(an_ambiguous_position_asks_for_the_game) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(arbiter::test::scratch_path("perft-ambiguous")) / "games";
    fs::create_directories(dir);
    for (const char* name : {"one", "two"})
        fs::copy_file(fs::path(ARBITER_SOURCE_DIR) / "tests/data/extension/losalamos/games/losalamos.yaml",
                      dir / (std::string(name) + ".yaml"), fs::copy_options::overwrite_existing);
    const Run r = arbiter::test::run_arbiter("perft --rulesets '" + dir.parent_path().string() + "' --depth 1",
                                             arbiter::test::Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(arbiter::test::contains(r.out, "several games (one, two)"), r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "give --game"), r.out);
    fs::remove_all(dir.parent_path());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace perft_cli_test
