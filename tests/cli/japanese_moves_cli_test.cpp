// Shogi moves in Japanese output are written as a Japanese reader knows them (core/traditional_notation.h): `run`
// and `compare --lang ja` print ▲/△, the destination in numerals, the piece and 打 / 成 / 不成 instead of USI, and
// `import --lang ja` writes each move so beside its USI. Expected strings from the timelines' own comments (the
// moves they describe) and from the published record: the 81Dojo KIF game writes every move in this notation with
// its source square in parentheses, which `import` must reproduce move for move (the words that tell two like
// pieces apart, 右 左 上 引 寄 直, are the JSA's and not KIF's: core/traditional_notation_test.cpp checks them).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace japanese_moves_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;

// `text` without the given UTF-8 words.
std::string without(std::string text, const std::vector<std::string>& words) {
    for (const auto& w : words)
        for (std::size_t at; (at = text.find(w)) != std::string::npos;) text.erase(at, w.size());
    return text;
}

// The moves of a KIF file as it writes them: each numbered line's text up to its source square "(77)" or its
// time, with the numbered lines that are no move (an ending: Time-up, 投了) left out.
std::vector<std::string> kif_moves(const std::string& path) {
    std::ifstream in(std::filesystem::path(ARBITER_SOURCE_DIR) / path);
    std::vector<std::string> out;
    const std::string full_space = "\u3000";
    for (std::string line; std::getline(in, line);) {
        std::size_t i = 0;
        while (i < line.size() && (line[i] == ' ' || line.compare(i, full_space.size(), full_space) == 0))
            i += line[i] == ' ' ? 1 : full_space.size();
        const std::size_t digits = i;
        while (i < line.size() && line[i] >= '0' && line[i] <= '9') ++i;
        if (i == digits || i >= line.size() || line[i] != ' ') continue;
        const std::string rest = line.substr(i + 1);
        const std::string text = rest.substr(0, rest.find_first_of("( "));
        // A move starts with a full-width digit (３, 3 bytes from U+FF11) or 同.
        if (text.rfind("同", 0) == 0 || text.rfind("\xEF\xBC", 0) == 0) out.push_back(text);
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(japanese_output_writes_shogi_moves_traditionally)

BOOST_AUTO_TEST_CASE(run_prints_the_move_of_a_ruling_in_japanese_and_usi_in_english) {
    // 05-perpetual-check: gote's king 4a5a (from 4一 to 5一) repeats the position; 28-checkmate: sente drops its
    // gold on 1b (1二).
    const auto ja = run_arbiter("run tests/timelines/shogi/05-perpetual-check.yaml --lang ja");
    BOOST_TEST(ja.exit_code == 0);
    BOOST_TEST(contains(ja.out, "着手 △５一玉"), ja.out);
    BOOST_TEST(!contains(ja.out, "4a5a"));
    const auto en = run_arbiter("run tests/timelines/shogi/05-perpetual-check.yaml");
    BOOST_TEST(contains(en.out, "move 4a5a"), en.out);
    BOOST_TEST(contains(run_arbiter("run tests/timelines/shogi/28-checkmate.yaml --lang ja").out, "着手 ▲１二金打"));
    BOOST_TEST(contains(run_arbiter("compare tests/timelines/shogi/05-perpetual-check.yaml --lang ja").out, "着手 △５一玉"));
}

BOOST_AUTO_TEST_CASE(a_move_never_made_for_a_fallen_flag_is_written_on_its_position) {
    // The 81Dojo game with move 108 written a second late (0:31 in a 30 s byoyomi): gote's move 3g3h+ at ply 108
    // (the record's ３八歩成(37)) comes after its time ran out, so the flag is ruled at that entry and the move is
    // never made; it is still written on the position it was made on.
    const auto r = run_arbiter("run tests/data/shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up-late-108.kif --lang ja");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "着手 △３八歩成"), r.out);
}

BOOST_AUTO_TEST_CASE(import_writes_every_move_of_a_published_kif_as_the_record_does) {
    const std::string file = "tests/data/shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif";
    const std::vector<std::string> recorded = kif_moves(file);
    BOOST_TEST_REQUIRE(recorded.size() == 193u);  // 193 moves, then the ending line 194 Time-up
    const auto r = run_arbiter("import " + file + " --lang ja");
    BOOST_TEST_REQUIRE(r.exit_code == 0);
    std::istringstream in(r.out);
    std::vector<std::string> written;
    for (std::string line; std::getline(in, line);)
        if (const std::size_t at = line.find("}  # "); at != std::string::npos && contains(line, "move: "))
            written.push_back(line.substr(at + 5));
    BOOST_TEST_REQUIRE(written.size() == recorded.size());
    std::size_t told_apart = 0;
    for (std::size_t i = 0; i < written.size(); ++i) {
        // Sente's mark on odd plies, gote's on even ones (the game starts from the even position, sente first).
        BOOST_TEST(written[i].rfind(i % 2 == 0 ? "▲" : "△", 0) == 0u, "ply " << i + 1 << ": " << written[i]);
        const std::string bare = without(written[i], {"▲", "△", "右", "左", "上", "引", "寄", "直"});
        told_apart += bare.size() != written[i].size() - 3;
        BOOST_TEST(bare == recorded[i],
                   "ply " << i + 1 << ": written " << written[i] << ", recorded " << recorded[i]);
    }
    BOOST_TEST(told_apart > 0u);  // the game has moves of two like pieces to one square (its golds)
    // In English the moves stay USI alone.
    BOOST_TEST(!contains(run_arbiter("import " + file).out, "▲"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace japanese_moves_cli_test
