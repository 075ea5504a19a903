// Compressed input that costs more than it says (issue 34): a compression bomb stops at the ratio limit
// (records/audit_input.h MaxCompressionRatio) instead of being inflated to its end, a compressed file is not read on
// past a game refused for its size, and a zstd file that starts with a skippable frame (RFC 8878 3.1.2) is zstd.
// tests/data/games/compressed/three-games.pgn holds three games (compressed/SOURCES.md).
#include "records/compressed_files.h"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace compressed_limits_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::procedure::audit;
using namespace arbiter::test::compressed;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// Reads `path` through ByteSource to its end; the message of the error that stopped it ("" for none) and how many
// bytes came before it.
std::pair<std::string, std::size_t> drain(const std::string& path) {
    auto source = ByteSource::open(path);
    std::vector<char> block(1 << 16);
    std::size_t total = 0;
    try {
        while (const std::size_t n = source->read(block.data(), block.size())) total += n;
    } catch (const arbiter::InputError& e) {
        BOOST_TEST(e.where().file == path);
        return {e.message(), total};
    }
    return {"", total};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(compressed_input_limits)

// 256 MiB of spaces: gzip gives about a thousand bytes per compressed byte (deflate's most is 1032). Before the
// limit all of it was inflated (2 GB of spaces took 24 s); now the member is refused once it has given 64 MiB at more
// than 100 times its compressed size, naming the file, the member's offset (the second member: where the first,
// a small game, ends) and the limit.
BOOST_AUTO_TEST_CASE(a_gzip_bomb_stops_at_the_ratio_limit) {
    const std::string first = gzip(three_games(), "", 0, "");
    const TempFile bomb("bomb.pgn.gz", first + gzip("", std::string(1 << 20, ' '), 256, ""));
    const auto [message, total] = drain(bomb.path);
    BOOST_TEST(has(message, "gzip data: the member starting at byte " + std::to_string(first.size()) + " expands"),
               message);
    BOOST_TEST(has(message, "limit of 100 times"), message);
    BOOST_TEST(has(message, "decompress the file and give it plain"), message);
    BOOST_TEST(total < (std::size_t{80} << 20));
}

// The same as zstd, whose ratio has no such ceiling (a frame of spaces: thousands to one).
BOOST_AUTO_TEST_CASE(a_zstd_bomb_stops_at_the_ratio_limit) {
    const TempFile bomb("bomb.pgn.zst", zstd(std::string(std::size_t{100} << 20, ' ')));
    const auto [message, total] = drain(bomb.path);
    BOOST_TEST(has(message, "zstd data: the frame starting at byte 0 expands"), message);
    BOOST_TEST(has(message, "limit of 100 times"), message);
    BOOST_TEST(total < (std::size_t{80} << 20));
}

// Real records are read whole: a gzip of many games (about five to one) is far under the limit.
BOOST_AUTO_TEST_CASE(ordinary_compressed_games_are_under_the_limit) {
    const TempFile file("games.pgn.gz", gzip("", three_games(), 100, ""));
    const auto [message, total] = drain(file.path);
    BOOST_TEST(message.empty(), message);
    BOOST_TEST(total == 100 * three_games().size());
}

// A game refused for its size (17 MiB of letters that compress about four times, under the ratio limit) in a gzip
// file: the rest of the file is not read, and the refusal says so. Before, the reader went on decompressing to the
// next game's tags (here a third game, which was then read).
BOOST_AUTO_TEST_CASE(a_compressed_file_is_not_read_past_a_game_refused_for_its_size) {
    std::string letters(1 << 20, 'a');
    unsigned state = 12345;
    for (char& c : letters) {
        state = state * 1103515245u + 12345u;
        c = char('a' + (state >> 16) % 26);
    }
    const std::string one = three_games();
    const std::string game = one.substr(0, one.find("[Event", 1));
    const TempFile file("too-large.pgn.gz", gzip(game + "\n" + game.substr(0, game.find("\n\n") + 2), letters, 17,
                                                 "\n\n" + game));
    const auto tasks = tasks_in(file.path, 100);
    BOOST_REQUIRE(tasks.size() == 2u);
    BOOST_TEST(!tasks[0].error.has_value());
    BOOST_REQUIRE(tasks[1].error.has_value());
    BOOST_TEST(has(tasks[1].error->message(), "more than 16 MiB"), tasks[1].error->message());
    BOOST_TEST(has(tasks[1].error->message(), "the rest of this gzip file is not read"), tasks[1].error->message());
}

// A skippable frame (magic 0x184D2A50 + n, a 4-byte little-endian size, then that many bytes) before the games' frame:
// zstd and libzstd pass over it; the audit refused the file as "not zstd".
BOOST_AUTO_TEST_CASE(a_zstd_file_starting_with_a_skippable_frame_is_read) {
    for (const char magic : {'\x50', '\x5f'}) {
        std::string skippable{magic, '\x2a', '\x4d', '\x18', '\x05', '\x00', '\x00', '\x00'};
        skippable += "notes";
        const TempFile file("skippable.pgn.zst", skippable + zstd(three_games()));
        const auto tasks = tasks_in(file.path, 100);
        BOOST_REQUIRE(tasks.size() == 3u);
        for (const auto& t : tasks) BOOST_TEST(!t.error.has_value(), (t.error ? t.error->message() : ""));
        BOOST_TEST((ByteSource::open(file.path)->compression() == Compression::zstd));
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace compressed_limits_test
