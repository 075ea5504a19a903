// `arbiter perft`: the shape scripts rely on (json with nodes and seconds), --divide, --bulk and
// exit codes, by running the built executable.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

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

BOOST_AUTO_TEST_SUITE_END()

}  // namespace perft_cli_test
