// Hostile input against the record readers (issue 34, the last linear-time and bounded-reader gaps): a PGN tag value
// of megabytes, refused at its tag by the reader instead of being carried into a timeline refused as too large; a GGF
// file of many games, held as its bytes and a place per game rather than every game parsed. Each input is made here,
// in a scratch file of this test's own (the GGF games from tests/data/othello/ggs-games-from-nboard-ggf-test.ggf).
#include "cli/cli_run.h"

#include "core/error.h"
#include "core/pgn.h"
#include "core/record/othello_records.h"

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace hostile_readers_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;

using arbiter::test::peak_kib;
using Scratch = arbiter::test::ScratchFile;

std::string source(const std::string& relative) {
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/" + relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// `arbiter <args>` with stderr merged.
arbiter::test::CliResult run(const std::string& args) {
    return arbiter::test::run_arbiter(args, arbiter::test::Stderr::merge);
}

// A one-game PGN whose Event tag (line 1, column 1) holds `value`.
std::string pgn_with_event(const std::string& value) {
    return "[Event \"" + value + "\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
}

// What read_pgn says of `text`: "" when it reads, else the error with its place.
std::string pgn_error(const std::string& text) {
    try {
        (void)arbiter::core::read_pgn(text, "t.pgn");
        return "";
    } catch (const arbiter::InputError& e) {
        return e.what();
    }
}

// `run` of `path` is refused (exit 2) holding under 60 MiB at its peak: little more than the file's bytes, where the
// value was carried into a converted timeline before. Compared outside ASan only (its quarantine keeps freed memory).
void refused_run_holds_under_60_mib(const std::string& path) {
    const auto [kib, code] = peak_kib({"run", path});
    BOOST_TEST(code == 2);
#ifdef ARBITER_SANITIZED
    BOOST_TEST_MESSAGE("run: " << kib << " KiB (not compared under ASan, whose quarantine keeps freed memory)");
#else
    BOOST_TEST(kib < 60 << 10, "run: " << kib << " KiB");
#endif
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hostile_readers)

// The bound is 65,536 bytes of value (core/pgn.h MaxPgnTagValue): a value of exactly that many is read, one byte more
// is refused at the tag's '[' (line 1, column 1), naming the tag and the bound.
BOOST_AUTO_TEST_CASE(a_pgn_tag_value_is_read_up_to_its_bound) {
    BOOST_REQUIRE(arbiter::core::MaxPgnTagValue == 65536u);
    const std::string at_bound = pgn_error(pgn_with_event(std::string(65536, 'x')));
    BOOST_TEST(at_bound == "");
    const std::string past = pgn_error(pgn_with_event(std::string(65537, 'x')));
    BOOST_TEST(contains(past, "t.pgn:1:1:"), past);
    BOOST_TEST(contains(past, "tag Event: a value of more than 65536 bytes"), past);
    // The bound is on the value as written: the game's second tag, on line 2, is placed there.
    const std::string second = pgn_error("[Site \"s\"]\n  [Event \"" + std::string(70000, 'y') + "\"]\n*\n");
    BOOST_TEST(contains(second, "t.pgn:2:3: PGN: tag Event: a value of more than 65536 bytes"), second);
}

// A PGN of one game whose Event tag is 20 MB: `run` took about 230 MB before it refused the converted timeline as
// too large. `run`, `import` and `validate` now refuse it at the tag (exit 2, file:1:1, how to fix it), and `run`
// holds little more than the file's bytes: under 3 times the file's 20 MiB (the 230 MB of before is 11 times).
// `audit` reads a PGN a game at a time and rejects a game of more than 16 MiB of text before the reader sees it; a
// tag of 1 MiB reaches the reader, which rejects the game at the tag.
BOOST_AUTO_TEST_CASE(a_pgn_tag_of_megabytes_is_refused_at_its_tag) {
    const Scratch huge("huge-tag.pgn", pgn_with_event(std::string(std::size_t{20} << 20, 'x')));
    const Scratch large("large-tag.pgn", pgn_with_event(std::string(std::size_t{1} << 20, 'x')));
    const auto audit = arbiter::test::run_arbiter("audit " + large.path, arbiter::test::Stderr::merge);
    BOOST_TEST(contains(audit.out, "1 game read (0 plies), 1 rejected"), audit.out.substr(0, 400));
    BOOST_TEST(contains(audit.out, large.path + ":1:1: game 1: PGN: tag Event: a value of more than 65536 bytes"),
               audit.out.substr(0, 400));
    for (const std::string command : {"run ", "import ", "validate "}) {
        const auto r = arbiter::test::run_arbiter(command + huge.path, arbiter::test::Stderr::merge);
        BOOST_TEST(r.exit_code == 2, command << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, huge.path + ":1:1:"), command << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, "tag Event: a value of more than 65536 bytes; expected a shorter value"),
                   command << r.out.substr(0, 400));
        BOOST_TEST(r.out.size() < 2000u, command << ": the message quotes none of the value");
    }
    refused_run_holds_under_60_mib(huge.path);
}

// A GGF property's value is bounded as a PGN tag's is (core/record/othello_records.h MaxGgfValue, 65,536 bytes): one
// of exactly that many is read, one byte more is refused at its '[': line 2, after 2 spaces, "(;GM[Othello]" (13
// bytes) and "PC", column 18.
BOOST_AUTO_TEST_CASE(a_ggf_value_is_read_up_to_its_bound) {
    BOOST_REQUIRE(arbiter::core::record::MaxGgfValue == 65536u);
    const auto game = [](std::size_t n) { return "\n  (;GM[Othello]PC[" + std::string(n, 'x') + "]B[f5];)\n"; };
    BOOST_TEST(arbiter::core::record::read_ggf(game(65536), "t.ggf").at(0).moves.size() == 1u);
    try {
        (void)arbiter::core::record::read_ggf(game(65537), "t.ggf");
        BOOST_ERROR("a value of 65,537 bytes was read");
    } catch (const arbiter::InputError& e) {
        BOOST_TEST(contains(e.what(), "t.ggf:2:18: GGF: PC[...]: a value of more than 65536 bytes"), e.what());
    }
}

// A GGF game whose PC value is 20 MB took 229 MB and 4.9 s in `run` before the converted timeline was refused as too
// large; it is refused at the value's '[' (line 1, column 16) now, holding little more than the file's bytes.
BOOST_AUTO_TEST_CASE(a_ggf_value_of_megabytes_is_refused_at_its_place) {
    const Scratch huge("huge-value.ggf", "(;GM[Othello]PC[" + std::string(std::size_t{20} << 20, 'x') + "]B[f5];)\n");
    for (const std::string command : {"run ", "import ", "validate ", "audit "}) {
        const auto r = run(command + huge.path);
        BOOST_TEST(r.exit_code == 2, command << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, huge.path + ":1:16:"), command << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, "PC[...]: a value of more than 65536 bytes; expected a shorter value"),
                   command << r.out.substr(0, 400));
    }
    refused_run_holds_under_60_mib(huge.path);
}

// A game of a GGF file is read again alone from its place when it is converted: its moves keep the file's lines and
// columns. Game 2 starts on line 3 after two spaces; its W[a1] value starts at column 23 (2 spaces, "(;GM[Othello]"
// 13 bytes, "B[f5]" 5, "W[" 2), and a1 encloses nothing after f5 (Othello rules: a placement must turn a line).
BOOST_AUTO_TEST_CASE(a_ggf_game_read_at_its_place_keeps_its_lines_and_columns) {
    const Scratch ggf("placed.ggf", "(;GM[Othello]B[f5];)\n\n  (;GM[Othello]B[f5]W[a1];)\n(;GM[Othello]B[f5]W[d6];)\n");
    const auto second = run("run " + ggf.path + " --game 2");
    BOOST_TEST(second.exit_code == 2, second.out);
    BOOST_TEST(contains(second.out, ggf.path + ":3:23: game 2, ply 2: move a1 cannot be played"), second.out);
    BOOST_TEST(run("run " + ggf.path + " --game 3").exit_code == 0);
    const auto past = run("run " + ggf.path + " --game 4");
    BOOST_TEST(contains(past.out, "--game 4: the file holds 3 games"), past.out);
}

// As with a PGN, a malformed game is refused on opening whichever game is asked for: game 2's "zz" (line 2, column 21)
// refuses `--game 1` too.
BOOST_AUTO_TEST_CASE(a_malformed_ggf_game_is_refused_whichever_game_is_asked) {
    const Scratch ggf("malformed.ggf", "(;GM[Othello]B[f5];)\n(;GM[Othello]B[f5]W[zz];)\n");
    for (const std::string game : {"1", "2"}) {
        const auto r = run("run " + ggf.path + " --game " + game);
        BOOST_TEST(r.exit_code == 2, r.out);
        BOOST_TEST(contains(r.out, ggf.path + ":2:21: GGF: expected a square a1-h8 or pass, found \"zz\""), r.out);
    }
}

// 1,800 and 9,000 games (1.6 MB and 8.2 MB, 600 and 3,000 copies of a three-game file). Every game was parsed into a
// record on opening: about 8 KiB a game, so 7,200 more games took about 64 MB more in `run` (31 MB, then 95 MB). Now
// the larger file costs its 6.6 MB more of bytes (a string grown by doubling may hold up to twice that) and 24 bytes
// of place per game: under 24 MiB.
BOOST_AUTO_TEST_CASE(one_game_of_a_ggf_file_costs_the_file_not_every_game) {
    std::string one = source("tests/data/othello/ggs-games-from-nboard-ggf-test.ggf");
    BOOST_REQUIRE(one.size() == 2739u);
    std::string small, large;
    for (int k = 0; k < 600; ++k) small += one;
    for (int k = 0; k < 5; ++k) large += small;
    const Scratch a("memory-small.ggf", small), b("memory-large.ggf", large);
    for (const std::string command : {"run", "import"}) {
        const auto [small_kib, small_code] = peak_kib({command, a.path, "--game", "1799"});
        const auto [large_kib, large_code] = peak_kib({command, b.path, "--game", "8999"});
        BOOST_TEST(small_code == 0, command);
        BOOST_TEST(large_code == 0, command);
#ifdef ARBITER_SANITIZED
        BOOST_TEST_MESSAGE(command << ": " << small_kib << " KiB, then " << large_kib << " KiB (not compared under ASan)");
#else
        BOOST_TEST(large_kib - small_kib < 24 << 10, command << ": " << small_kib << " KiB, then " << large_kib << " KiB");
#endif
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_readers_test
