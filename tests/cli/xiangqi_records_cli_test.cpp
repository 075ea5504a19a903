// Xiangqi records on the command line: a PGN-style record with [Variant "Xiangqi"] is of the game whose file reads
// pgn records of that name (rulesets/games/xiangqi.yaml: records), its moves in ICCS coordinates (h2e2, or H2-E2 as
// archives write them) or WXF (C2.5), in run, import and audit. The bundled record is hand-made
// (tests/data/xiangqi/SOURCES.md): 29 plies, the last a double-check mate, checked by hand there.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace xiangqi_records_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

const std::string Game = "tests/data/xiangqi/mate-in-29-plies.pgn";

// Writes `text` to a file in the temporary folder and returns its path.
std::string written(const std::string& name, const std::string& text) {
    const std::string path = arbiter::test::scratch_path(name);
    std::ofstream(path) << text;
    return path;
}

// The opening 中炮对屏风马, written by hand in WXF: 炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３, that is
// h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 in ICCS (red's files counted from red's right: 二 is h, 三 g, 一 i; black's from
// black's right, red's left: 8 is h, 7 g, 9 i, 2 b, 3 c). Red resigns: 0-1 with no end on the board.
const std::string Wxf = "[Event \"WXF\"]\n[Variant \"xiangqi\"]\n[Result \"0-1\"]\n\n"
                        "1. C2.5 H8+7 2. H2+3 R9.8 3. R1.2 H2+3 0-1\n";

}  // namespace

BOOST_AUTO_TEST_SUITE(xiangqi_records)

BOOST_AUTO_TEST_CASE(import_reads_the_variant_and_the_iccs_moves) {
    const auto r = run_arbiter("import " + Game);
    BOOST_TEST(r.exit_code == 0, r.out);
    BOOST_TEST(contains(r.out, "rulebook: axf-asian-rules"), r.out);  // xiangqi.yaml's default_rulebook
    BOOST_TEST(contains(r.out, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"), r.out);
    BOOST_TEST(contains(r.out, "move: \"c0e2\""), r.out);
    BOOST_TEST(contains(r.out, "move: \"e7g8\""), r.out);
}

BOOST_AUTO_TEST_CASE(run_rules_the_mate_under_both_rulebooks) {
    // Checkmate loses (AXF and CXA alike): red wins, as the record says.
    for (const char* book : {"axf-asian-rules", "cxa-2011"}) {
        const auto r = run_arbiter("run " + Game + " --rulebook " + book + " --format json");
        BOOST_TEST(r.exit_code == 0, book << ": " << r.out);
        const auto j = nlohmann::json::parse(r.out);
        BOOST_TEST(j["result"]["status"] == "ended", book);
        BOOST_TEST(j["result"]["score"]["red"] == 1, book);
        BOOST_TEST(j["result"]["score"]["black"] == 0, book);
        BOOST_TEST(j["recorded"]["ending"] == "checkmate", book);
        BOOST_TEST(j["agrees"] == true, book);
    }
}

BOOST_AUTO_TEST_CASE(audit_reads_all_29_plies) {
    const auto r = run_arbiter("audit " + Game);
    BOOST_TEST(r.exit_code == 0, r.out);
    BOOST_TEST(contains(r.out, "1 game read (29 plies), 0 rejected"), r.out);
}

BOOST_AUTO_TEST_CASE(wxf_moves_are_read_and_kept) {
    const std::string path = written("arbiter-xiangqi-wxf.pgn", Wxf);
    const auto imported = run_arbiter("import '" + path + "'");
    const auto audited = run_arbiter("audit '" + path + "'");
    std::remove(path.c_str());
    BOOST_TEST(imported.exit_code == 0, imported.out);
    BOOST_TEST(contains(imported.out, "move: \"C2.5\""), imported.out);
    BOOST_TEST(contains(imported.out, "move: \"H2+3\""), imported.out);
    BOOST_TEST(audited.exit_code == 0, audited.out);
    BOOST_TEST(contains(audited.out, "1 game read (6 plies), 0 rejected"), audited.out);
}

BOOST_AUTO_TEST_CASE(upper_case_iccs_with_a_hyphen_is_read) {
    // The same six plies as archives write ICCS: written as the square names are (h2e2).
    const std::string path = written("arbiter-xiangqi-iccs.pgn",
                                     "[Variant \"Xiangqi\"]\n[Result \"*\"]\n\n"
                                     "1. H2-E2 H9-G7 2. H0-G2 I9-H9 3. I0-H0 B9-C7 *\n");
    const auto r = run_arbiter("import '" + path + "'");
    std::remove(path.c_str());
    BOOST_TEST(r.exit_code == 0, r.out);
    BOOST_TEST(contains(r.out, "move: \"h2e2\""), r.out);
    BOOST_TEST(contains(r.out, "move: \"b9c7\""), r.out);
}

BOOST_AUTO_TEST_CASE(an_illegal_move_names_its_place) {
    // C2.5 again: the cannon left h2 with the first move, so no red cannon stands on file 二 (h): exit 2 at line 4,
    // column 14 (the third move's first letter).
    const std::string path = written("arbiter-xiangqi-bad.pgn",
                                     "[Variant \"xiangqi\"]\n[Result \"*\"]\n\n2. C2.5 H8+7 C2.5 *\n");
    const auto r = run_arbiter("import '" + path + "'", Stderr::merge);
    std::remove(path.c_str());
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, ":4:14"), r.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace xiangqi_records_cli_test
