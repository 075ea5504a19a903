// Memory of one game of a many-game record (issue 34): `run`, `import` and `compare` held every game of a PGN or
// WTHOR file as parsed records before using one (a 100,000-game PGN of 10.7 MB took 630 MB in `run`, 1.2 GB in
// `compare`). A record is now held as its bytes and where each game starts, and one game is read when used: the peak
// memory (getrusage of the child) of a file four times larger grows by about the bytes added, not by a parsed record
// per game. Records made here from tests/data/games/compressed/three-games.pgn (5,530 bytes, three games) and
// tests/data/othello/WTH_2013.wtb (its first 68-byte game record, repeated).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace record_memory_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

std::string source(const std::string& relative) {
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/" + relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

using arbiter::test::peak_kib;
using Scratch = arbiter::test::ScratchFile;

// The peak of each command on the small and the large file; the difference must stay under `margin_kib`.
void check_growth(const std::string& small, const std::string& large, long margin_kib,
                  const std::vector<std::vector<std::string>>& commands) {
    for (const auto& command : commands) {
        auto with = [&](const std::string& file) {
            std::vector<std::string> args{command.front(), file};
            args.insert(args.end(), command.begin() + 1, command.end());
            return peak_kib(args);
        };
        const auto [a, a_code] = with(small);
        const auto [b, b_code] = with(large);
        BOOST_TEST(a_code == 0, command.front());
        BOOST_TEST(b_code == 0, command.front());
#ifdef ARBITER_SANITIZED
        // Under AddressSanitizer freed memory waits in its quarantine, so the peak measures the sanitizer's keeping,
        // not the program's: the optimised build's run of this test checks the growth.
        BOOST_TEST_MESSAGE(command.front() << ": " << a << " KiB, then " << b << " KiB (not compared under ASan)");
        (void)margin_kib;
#else
        BOOST_TEST(b - a < margin_kib, command.front() << ": " << a << " KiB, then " << b << " KiB");
#endif
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(record_memory)

// 900 and 3,600 games (1.7 MB and 6.6 MB). Before, each parsed game took about 11 KiB (the moves as records, their
// clock readings and tags): 2,700 more games, about 30 MiB more in `run`, twice that in `compare` (which read the
// file twice). Now the larger file costs its 5 MB more of bytes (held once, but a string grown by doubling may hold
// up to twice that) and 24 bytes of place per game: under 20 MiB.
BOOST_AUTO_TEST_CASE(one_game_of_a_pgn_costs_the_file_not_every_game) {
    const std::string one = source("tests/data/games/compressed/three-games.pgn");
    BOOST_REQUIRE(one.size() == 5530u);
    std::string small, large;
    for (int k = 0; k < 300; ++k) small += one;
    for (int k = 0; k < 4; ++k) large += small;
    const Scratch a("memory-small.pgn", small), b("memory-large.pgn", large);
    check_growth(a.path, b.path, 20 << 10,
                 {{"run", "--game", "2"}, {"import", "--game", "3"}, {"compare", "--game", "2", "--format", "json"}});
}

// 20,000 and 80,000 games of 68 bytes (1.4 MB and 5.4 MB). Before, each game became a record of 60 moves (about
// 5 KiB): 60,000 more games, about 300 MiB more. Now the larger file costs its 4.1 MB more of bytes: under 16 MiB.
BOOST_AUTO_TEST_CASE(one_game_of_a_wthor_database_costs_the_file_not_every_game) {
    const std::string base = source("tests/data/othello/WTH_2013.wtb");
    BOOST_REQUIRE(base.size() > 16 + 68);
    const auto database = [&](unsigned games) {
        std::string bytes = base.substr(0, 16);
        bytes[4] = char(games & 0xFF);
        bytes[5] = char((games >> 8) & 0xFF);
        bytes[6] = char((games >> 16) & 0xFF);
        bytes[7] = char((games >> 24) & 0xFF);
        bytes.reserve(16 + 68 * std::size_t(games));
        for (unsigned g = 0; g < games; ++g) bytes += base.substr(16, 68);
        return bytes;
    };
    const Scratch a("memory-small.wtb", database(20000)), b("memory-large.wtb", database(80000));
    check_growth(a.path, b.path, 16 << 10, {{"run", "--game", "7"}, {"import", "--game", "70"}});
}

// A game of the knight shuffle (1. Nf3 Nf6 2. Ng1 Ng8 ...) of `pairs` times four plies.
std::string knight_shuffle(int pairs) {
    std::string text = "[White \"a\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n\n";
    for (int i = 0; i < pairs; ++i)
        text += std::to_string(2 * i + 1) + ". Nf3 Nf6 " + std::to_string(2 * i + 2) + ". Ng1 Ng8 ";
    return text + "1/2-1/2\n";
}

// One game of 1,000,000 plies took about 500 MB in `audit` (the record's moves, the timeline's entries and the
// board's history). A game is limited to 250,000 plies (core/record/game_record.h MaxRecordPlies): the PGN reader
// refuses the 250,001st ply at its place (the shuffle's header is 4 lines, each ply pair "N. Nf3 Nf6 " is read in
// order, so the refusal is on line 5), a CSA game is refused before it is converted, at its 250,001st move's line
// (5 lines of header, then a move a line: line 250,006). 250,000 plies are still audited.
BOOST_AUTO_TEST_CASE(a_game_past_the_ply_limit_is_refused_naming_its_place) {
    const Scratch over("plies-over.pgn", knight_shuffle(62501)), at("plies-at.pgn", knight_shuffle(62500));
    std::string csa = "V2.2\nN+a\nN-b\nPI\n+\n";
    for (int i = 0; i < 62501; ++i) csa += "+5958OU\n-5152OU\n+5859OU\n-5251OU\n";
    const Scratch over_csa("plies-over.csa", csa + "%TORYO\n");
    for (const std::string command : {"run ", "import ", "audit "}) {
        const auto r = arbiter::test::run_arbiter(command + over.path, arbiter::test::Stderr::merge);
        BOOST_TEST(r.exit_code == 2, command << r.out.substr(0, 400));
        BOOST_TEST(arbiter::test::contains(r.out, over.path + ":5:"), command << r.out.substr(0, 400));
        BOOST_TEST(arbiter::test::contains(r.out, "a game of more than 250000 plies"),
                   command << r.out.substr(0, 400));
        const auto c = arbiter::test::run_arbiter(command + over_csa.path, arbiter::test::Stderr::merge);
        BOOST_TEST(c.exit_code == 2, command << c.out.substr(0, 400));
        BOOST_TEST(arbiter::test::contains(c.out, over_csa.path + ":250006:1: game 1: more than 250000 plies"),
                   command << c.out.substr(0, 400));
    }
    const auto r = arbiter::test::run_arbiter("audit " + at.path);
    BOOST_TEST(arbiter::test::contains(r.out, "1 game read (250000 plies), 0 rejected"), r.out.substr(0, 400));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace record_memory_test
