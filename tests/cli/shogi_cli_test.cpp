// `arbiter perft` and `arbiter analyze` with --game shogi: SFEN positions, USI moves in --divide, the
// impasse count, and exit 2 with the column for a bad SFEN, by running the built executable.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>

namespace shogi_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using Run = arbiter::test::CliResult;

// Runs `arbiter ARGS` (tests/cli/cli_run.h); stderr goes to stdout when `with_stderr`.
Run shogi_run(const std::string& args, bool with_stderr = false) {
    return arbiter::test::run_arbiter(args, with_stderr ? arbiter::test::Stderr::merge : arbiter::test::Stderr::discard);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(shogi_commands)

BOOST_AUTO_TEST_CASE(perft_start_position_json) {
    // Start position depth 3: 25470 (shogiops / scalashogi tests).
    Run r = shogi_run("perft --game shogi --depth 3 --bulk --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["nodes"].get<std::uint64_t>() == 25470u);
    BOOST_TEST(j["position"].get<std::string>() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
}

BOOST_AUTO_TEST_CASE(perft_divide_writes_usi_moves) {
    // TalkChess t=71550 pawn-drop-mate position: d1 85 (P*1b would mate and is not counted).
    Run r = shogi_run("perft --game shogi --position '7lk/9/8S/9/9/9/9/7L1/8K b P 1' --depth 1 --divide --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["nodes"].get<int>() == 85);
    bool drop = false, mate_drop = false, promotion = false;
    for (const auto& d : j["divide"]) {
        std::string m = d["move"].get<std::string>();
        drop |= m == "P*5e";
        mate_drop |= m == "P*1b";
        promotion |= m == "1c2b+";
    }
    BOOST_TEST(drop);
    BOOST_TEST(!mate_drop);
    BOOST_TEST(promotion);
}

BOOST_AUTO_TEST_CASE(analyze_counts_impasse_points) {
    // scalashogi ImpasseTest "all pieces on the board", counted by hand over
    // ranks a-c: a: S G S (3); b: +B +R G G L L R B (5+5+1+1+1+1+5+5 = 24); c: G (1): 28 points, 12 pieces, king 6b.
    Run r = shogi_run("analyze --game shogi --position '2SGS4/+B+RGKGLLRB/3G5/9/7pp/8k/9/9/9 b - 1' --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["impasse"]["sente"]["points"].get<int>() == 28);
    BOOST_TEST(j["impasse"]["sente"]["pieces_in_zone"].get<int>() == 12);
    BOOST_TEST(j["impasse"]["sente"]["king_in_zone"].get<bool>());
    BOOST_TEST(j["impasse"]["gote"]["points"].get<int>() == 0);
    BOOST_TEST(!j["check"].get<bool>());
}

BOOST_AUTO_TEST_CASE(analyze_mate_and_no_moves_lose) {
    // 1-move mate given: gote king 1a, sente gold 1b protected by the lance on 1c... by hand: king 1a is attacked
    // by the gold on 1b, 2a and 2b are covered by the gold, capturing 1b is covered by the lance: mate.
    Run r = shogi_run("analyze --game shogi --position '8k/8G/8L/9/9/9/9/9/K8 w - 1' --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["check"].get<bool>());
    BOOST_TEST(j["checkmate"].get<bool>());
    BOOST_TEST(j["result_for_side_to_move"].get<std::string>() == "loss");
    // python-shogi "no legal moves" position: not in check, no move, and that loses too in shogi.
    Run s = shogi_run("analyze --game shogi --position '+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200' --format json");
    auto k = nlohmann::json::parse(s.out);
    BOOST_TEST(!k["check"].get<bool>());
    BOOST_TEST(k["no_legal_moves"].get<bool>());
    BOOST_TEST(k["result_for_side_to_move"].get<std::string>() == "loss");
}

BOOST_AUTO_TEST_CASE(bad_sfen_exits_2_with_the_column) {
    Run r = shogi_run("perft --game shogi --position '4k4/9/9/9/9/9/9/9/4K4 b 2Q 1' --depth 1", true);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(r.out.find("field 3 (pieces in hand) at column 26: 'Q' is not a piece that can be in hand") != std::string::npos);
    Run s = shogi_run("analyze --game shogi --position 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -' --format json");
    BOOST_TEST(s.exit_code == 0);  // the move number is optional
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace shogi_cli_test
