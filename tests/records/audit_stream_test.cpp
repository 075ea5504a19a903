// The audit's reader (records/audit_input.h, records/audit_games.h): a PGN stream cut into games across the
// reader's 256 KiB blocks, the same games from gzip (two members one after the other, as `cat a.gz b.gz` makes) and
// from zstd, and a damaged stream. Expected places: tests/data/games/compressed/three-games.pgn is 63 lines with its
// games starting at lines 1, 22 and 42 (compressed/SOURCES.md), so copy k of it starts its games at 63k + 1, 22, 42.
#include "records/compressed_files.h"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace audit_stream_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::procedure::audit;
using namespace arbiter::test::compressed;

namespace {

const int Copies = 200;  // 200 x 5,530 bytes: about 1.1 MB, over four of the reader's blocks

// Every game of the copies, in order, with its number, first line and text.
void check_games(const std::vector<GameTask>& tasks, const std::string& one) {
    const std::size_t second = one.find("[Event", 1), third = one.find("[Event", second + 1);
    const std::string texts[3] = {one.substr(0, second), one.substr(second, third - second), one.substr(third)};
    BOOST_REQUIRE(tasks.size() == std::size_t(3 * Copies));
    for (int k = 0; k < Copies; ++k)
        for (int g = 0; g < 3; ++g) {
            const GameTask& t = tasks[std::size_t(3 * k + g)];
            BOOST_TEST(!t.error.has_value());
            BOOST_TEST(t.index == 3 * k + g + 1);
            BOOST_TEST(t.first_line == 63 * k + (g == 0 ? 1 : g == 1 ? 22 : 42));
            BOOST_TEST((t.pgn == texts[g]), "copy " << k << " game " << g + 1);
        }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(audit_reads_game_by_game)

BOOST_AUTO_TEST_CASE(pgn_is_cut_into_games_across_blocks) {
    const std::string one = three_games();
    BOOST_REQUIRE(one.size() == 5530u);
    std::string many;
    for (int k = 0; k < Copies; ++k) many += one;
    const TempFile file("audit-stream-plain.pgn", many);
    check_games(tasks_in(file.path), one);
}

BOOST_AUTO_TEST_CASE(gzip_members_and_zstd_give_the_same_games) {
    const std::string one = three_games();
    std::string half;
    for (int k = 0; k < Copies / 2; ++k) half += one;
    const TempFile gz("audit-stream-two-members.pgn.gz", gzip(half) + gzip(half));
    check_games(tasks_in(gz.path), one);
    const TempFile zst("audit-stream.pgn.zst", zstd(half + half));
    check_games(tasks_in(zst.path), one);
    // Magic bytes decide, the name only has to agree: the zstd file under a neutral name reads the same.
    auto source = ByteSource::open(zst.path);
    BOOST_TEST((source->compression() == Compression::zstd));
}

BOOST_AUTO_TEST_CASE(a_damaged_stream_ends_in_one_error_after_the_games_before_it) {
    const std::string one = three_games();
    std::string many;
    for (int k = 0; k < Copies; ++k) many += one;
    const std::string packed = gzip(many);
    const TempFile file("audit-stream-cut.pgn.gz", packed.substr(0, packed.size() / 2));
    const auto tasks = tasks_in(file.path);
    BOOST_REQUIRE(tasks.size() >= 2u);
    for (std::size_t i = 0; i + 1 < tasks.size(); ++i) BOOST_TEST(!tasks[i].error.has_value());
    BOOST_REQUIRE(tasks.back().error.has_value());
    BOOST_TEST(tasks.back().error->message().find("gzip data") != std::string::npos);
    BOOST_TEST(tasks.back().index == int(tasks.size()));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace audit_stream_test
