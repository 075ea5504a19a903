// KI2 records on the command line: `run`, `import` and `audit` take a KI2 as they take a KIF; a move the reader
// cannot find exits 2 with the file, line and column of the move. Expected values from the records
// (tests/data/shogi/ki2/SOURCES.md, in tests/data/shogi/SOURCES.md): 第3回電王戦第1局 ends "まで98手で後手の勝ち",
// sente to move after 98 moves resigns; its first move ▲７六歩 is 7g7f.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

namespace ki2_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::ScratchFile;
using arbiter::test::Stderr;

const std::string Denou = "tests/data/shogi/ki2/kifu-for-js-denou3-1.ki2";

}  // namespace

BOOST_AUTO_TEST_SUITE(ki2_on_the_command_line)

BOOST_AUTO_TEST_CASE(run_import_and_audit_read_a_ki2) {
    const auto run = run_arbiter("run " + Denou + " --format json");
    BOOST_TEST(run.exit_code == 0);
    const auto j = nlohmann::json::parse(run.out);
    BOOST_TEST(j["record"]["format"] == "ki2");
    BOOST_TEST(j["recorded"]["ending"] == "resignation");
    BOOST_TEST(j["recorded"]["by"] == "sente");
    BOOST_TEST(j["result"]["score"]["gote"] == 1);
    BOOST_TEST(j["agrees"] == true);
    const auto imported = run_arbiter("import " + Denou);
    BOOST_TEST(imported.exit_code == 0);
    BOOST_TEST(contains(imported.out, "move: 7g7f"));
    BOOST_TEST(contains(imported.out, "resign: sente"));
    // The timeline `import` writes runs as it is, to the same result.
    ScratchFile timeline("denou.yaml", imported.out);
    const auto again = run_arbiter("run '" + timeline.path + "' --format json");
    BOOST_TEST(again.exit_code == 0);
    BOOST_TEST(nlohmann::json::parse(again.out)["result"]["score"]["gote"] == 1);
    const std::string ginga = "tests/data/shogi/ki2/kifu-for-js-ginga-2009.ki2";
    const auto audit = run_arbiter("audit " + Denou + " " + ginga + " --format jsonl");
    BOOST_TEST(audit.exit_code == 0);
    std::istringstream lines(audit.out);
    int agree = 0;
    for (std::string line; std::getline(lines, line);) {
        const auto g = nlohmann::json::parse(line);
        if (g.contains("agrees") && g["agrees"]["csa-computer-shogi"] == true) ++agree;
    }
    BOOST_TEST(agree == 2);
}

BOOST_AUTO_TEST_CASE(a_move_that_fits_two_pieces_is_refused_at_its_place) {
    // After ▲７六歩 △３四歩 ▲２二角成 △同　銀 both sente golds (6i, 4i) can step to 5h: "▲５八金" names neither.
    ScratchFile ki2("ambiguous.ki2", "▲７六歩    △３四歩    ▲２二角成  △同　銀\n▲５八金\nまで5手で中断\n");
    const auto r = run_arbiter("import '" + ki2.path + "'", Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, ki2.path + ":2:4: game 1, ply 5: ambiguous: 2 pieces 金 fit"));  // 4: the piece
    const auto ja = run_arbiter("audit '" + ki2.path + "' --lang ja", Stderr::merge);
    BOOST_TEST(ja.exit_code == 2);
    BOOST_TEST(contains(ja.out, "第 1 局の5手目：あいまい：当てはまる金が 2 枚ある"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ki2_cli_test
