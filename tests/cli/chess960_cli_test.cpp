// Chess960 records on the command line: a PGN with [Variant "Chess960"] and an X-FEN/Shredder-FEN [FEN] is read
// on rulesets/games/chess960.yaml, ruled by the chess rulebooks (ruled_as: chess; FIDE 2018 and 2023 Guidelines II.1)
// through the event's variant, in run, import and audit. The record is hand-made (tests/data/chess/SOURCES): its
// 5.O-O-O is legal once c1 and d1 are vacant (II.3.2.7.4), king to c1 and rook to d1 (II.3.2.6).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace chess960_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

const std::string Game = "tests/data/chess/chess960-constructed-castling.pgn";

}  // namespace

BOOST_AUTO_TEST_SUITE(chess960_records)

BOOST_AUTO_TEST_CASE(import_names_the_variant_and_keeps_the_fen) {
    const auto r = run_arbiter("import " + Game);
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "variant: chess960"));
    BOOST_TEST(contains(r.out, "rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w CAca - 0 1"));
    BOOST_TEST(contains(r.out, "move: \"O-O-O\""));
}

BOOST_AUTO_TEST_CASE(run_under_the_2018_and_2023_laws) {
    for (const char* book : {"fide-2018", "fide-2023"}) {
        const auto r = run_arbiter("run " + Game + " --rulebook " + book + " --format json");
        BOOST_TEST(r.exit_code == 0, book);
        const auto j = nlohmann::json::parse(r.out);
        BOOST_TEST(j["rulebook"] == book);
        BOOST_TEST(j["game"] == "chess");  // the rulebook's game; the board is chess960's
        BOOST_TEST(j["result"]["status"] == "ongoing");
    }
}

BOOST_AUTO_TEST_CASE(audit_reads_all_ten_plies) {
    const auto r = run_arbiter("audit " + Game);
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "1 game read (10 plies), 0 rejected"), r.out);
}

BOOST_AUTO_TEST_CASE(without_the_variant_tag_the_castling_field_is_refused) {
    // Read as standard chess, CAca names no castling move of chess.yaml: exit 2 naming the field.
    const std::string path = arbiter::test::scratch_path("chess960-no-variant.pgn");
    {
        std::ofstream out(path);
        out << "[Event \"x\"]\n[Result \"*\"]\n[SetUp \"1\"]\n"
               "[FEN \"rkrbbnnq/pppppppp/8/8/8/8/PPPPPPPP/RKRBBNNQ w CAca - 0 1\"]\n\n1. d4 *\n";
    }
    const auto r = run_arbiter("import '" + path + "'", Stderr::merge);
    std::remove(path.c_str());
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "castling"), r.out);
}

BOOST_AUTO_TEST_CASE(a_variant_the_rulebook_does_not_rule_is_refused) {
    // An event naming shogi as the variant of a chess rulebook: exit 2 at the variant key.
    const std::string path = arbiter::test::scratch_path("chess960-bad-variant.yaml");
    {
        std::ofstream out(path);
        out << "timeline: t\nevent: {rulebook: fide-2023, variant: shogi}\nstart: startpos\nentries: []\n";
    }
    const auto r = run_arbiter("run '" + path + "'", Stderr::merge);
    std::remove(path.c_str());
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "variant"), r.out);
    BOOST_TEST(contains(r.out, ":2:"), r.out);  // file:line of the event
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace chess960_cli_test
