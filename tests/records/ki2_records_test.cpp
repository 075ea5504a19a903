// Real KI2 records (tests/data/shogi/ki2, SOURCES.md) read move by move and set against the same games in KIF, CSA or
// USI: the same moves, ply by ply. The KIF, CSA and USI texts were written by other programs (Kifu for Windows,
// Kifu-for-JS's fixtures, ShogiHome's tsshogi), so the expected moves are theirs, not this reader's output.
#include "records/audit_game.h"
#include "records/audit_games.h"
#include "records/record_timeline.h"
#include "records/bundled_rulebooks.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace ki2_records_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

const fs::path Root(ARBITER_SOURCE_DIR);
std::string data(const std::string& name) { return (Root / "tests/data/shogi/ki2" / name).string(); }

using arbiter::test::library;
using arbiter::test::runner;

// The USI moves of the timeline `import` writes for the file's first game (its `move:` entries in order).
std::vector<std::string> moves_of(const std::string& file) {
    const RecordGame g = RecordFile::open(file).game(1, library(), "");
    std::vector<std::string> out;
    for (std::size_t at = g.yaml.find("move: "); at != std::string::npos; at = g.yaml.find("move: ", at + 1)) {
        std::size_t end = g.yaml.find_first_of(",}\n", at);
        std::string m = g.yaml.substr(at + 6, end - at - 6);
        std::erase(m, '"');
        out.push_back(m);
    }
    return out;
}

std::vector<audit::AuditedGame> audit_file(const std::string& file) {
    audit::GameStream stream({file});
    std::vector<audit::AuditedGame> out;
    for (audit::GameTask t; stream.next(t);) out.push_back(audit::audit_game(t, library(), runner(), {}));
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(real_ki2_records)

BOOST_AUTO_TEST_CASE(each_ki2_game_equals_its_kif_and_csa_move_by_move) {
    // Kifu-for-JS's json-kifu-format fixtures hold the same games in KI2 (Shift_JIS and UTF-8), KIF and CSA: an
    // eight-piece handicap game of 25 moves, a 3-move 中断, and the main lines of a KIF and a KI2 with variations.
    const auto eight = moves_of(data("kifu-for-js-8mai.kif"));
    BOOST_TEST(eight.size() == 25u);
    BOOST_TEST(moves_of(data("kifu-for-js-8mai.ki2")) == eight, boost::test_tools::per_element());
    BOOST_TEST(moves_of(data("kifu-for-js-8mai.ki2u")) == eight, boost::test_tools::per_element());
    BOOST_TEST(moves_of(data("kifu-for-js-8mai.csa")) == eight, boost::test_tools::per_element());
    const auto chudan = moves_of(data("kifu-for-js-chudan.kif"));
    BOOST_TEST(chudan.size() == 3u);
    BOOST_TEST(moves_of(data("kifu-for-js-chudan.ki2")) == chudan, boost::test_tools::per_element());
    BOOST_TEST(moves_of(data("kifu-for-js-chudan.csa")) == chudan, boost::test_tools::per_element());
    BOOST_TEST(moves_of(data("kifu-for-js-fork.ki2")) == moves_of(data("kifu-for-js-fork.kif")),
               boost::test_tools::per_element());
    BOOST_TEST(moves_of(data("kifu-for-js-illegal.ki2")) == moves_of(data("kifu-for-js-illegal.kif")),
               boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_124_move_game_equals_the_usi_its_ki2_was_written_from) {
    // ShogiHome's library wrote this KI2 from the USI moves beside it (tsshogi's export test): 不成 four times, 寄,
    // 右, 左, 打, 同 — every move read back to the move it was written from.
    std::ifstream in(data("tsshogi-export-long.usi"));
    std::vector<std::string> usi;
    for (std::string m; in >> m;) usi.push_back(m);
    BOOST_TEST(usi.size() == 124u);
    BOOST_TEST(moves_of(data("tsshogi-export-long.ki2")) == usi, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(professional_games_in_ki2_are_read_and_audited) {
    // 第18回銀河戦 (2009-12-03, 172 moves) and 第3回電王戦第1局 (2014-03-15, 98 moves), both "まで...手で後手の勝ち":
    // after an even number of moves sente is to move and resigns. No time control is read from a KI2 (it records
    // no times), and a resignation needs none.
    for (const auto& [file, plies] : std::vector<std::pair<std::string, long>>{{"kifu-for-js-ginga-2009.ki2", 172},
                                                                             {"kifu-for-js-denou3-1.ki2", 98}}) {
        const auto games = audit_file(data(file));
        BOOST_REQUIRE_EQUAL(games.size(), 1u);
        BOOST_REQUIRE(!games[0].error);
        BOOST_TEST(games[0].plies == plies);
        BOOST_TEST(games[0].recorded.ending == "resignation");
        BOOST_TEST(games[0].recorded.by == "sente");
        BOOST_REQUIRE_EQUAL(games[0].rulings.size(), 1u);
        BOOST_TEST((games[0].rulings[0].agrees == std::optional<bool>(true)));
    }
}

BOOST_AUTO_TEST_CASE(a_handicap_engine_game_with_comments_is_read) {
    // sugyan/shogi-kifu-converter's 4.ki2u: 四枚落ち, 上手 moves first, each move followed by engine comments (lines
    // of "*"); "まで102手で下手の勝ち": after 102 moves 上手 (gote) is to move and resigns.
    const auto games = audit_file(data("shogi-kifu-converter-4mai.ki2u"));
    BOOST_REQUIRE_EQUAL(games.size(), 1u);
    BOOST_REQUIRE(!games[0].error);
    BOOST_TEST(games[0].plies == 102);
    BOOST_TEST(games[0].recorded.ending == "resignation");
    BOOST_TEST(games[0].recorded.by == "gote");
    BOOST_TEST(games[0].recorded.score.at("sente") == 1.0);
}

BOOST_AUTO_TEST_CASE(a_ki2_without_a_summary_has_no_result) {
    // shogi-kifu-converter's simple.ki2u: 167 moves and no summary line.
    const auto games = audit_file(data("shogi-kifu-converter-simple.ki2u"));
    BOOST_REQUIRE_EQUAL(games.size(), 1u);
    BOOST_REQUIRE(!games[0].error);
    BOOST_TEST(games[0].plies == 167);
    BOOST_TEST(games[0].recorded.score.empty());
}

BOOST_AUTO_TEST_CASE(a_record_that_ends_on_an_illegal_drop_is_ruled) {
    // Sente's ninth move drops the pawn it took on 2d onto file 7, where its own pawn stands on 7g (二歩); "まで9手で
    // 後手の反則勝ち": gote, to move, wins by sente's illegal move. The drop is held on the board as written, gote's
    // claim follows, and csa-computer-shogi rules the illegal move a loss for its mover.
    const std::string text = "▲２六歩 △３四歩 ▲２五歩 △８四歩 ▲２四歩 △同　歩 ▲同　飛 △８五歩 ▲７五歩\n"
                             "まで9手で後手の反則勝ち\n";
    const auto record = RecordFile::read(text, "nifu.ki2");
    const RecordGame game = record.game(1, library(), "");
    BOOST_TEST(game.recorded.ending == "illegal_move");
    BOOST_TEST(game.recorded.by == "sente");
    BOOST_TEST(game.yaml.find("move: P*7e") != std::string::npos);
    const Run run = runner().run(record_timeline(game, library()), *library().find(game.rulebook));
    BOOST_TEST((agrees(game.recorded, run) == std::optional<bool>(true)));
    // Without the ending, the drop is the record's error: refused at its line and column (the piece).
    BOOST_CHECK_EXCEPTION(RecordFile::read(text.substr(0, text.find('\n') + 1), "nifu.ki2").game(1, library(), ""),
                          InputError, [](const InputError& e) {
                              return std::string(e.what()).find("nifu.ki2:1:") == 0 &&
                                     std::string(e.what()).find("ply 9") != std::string::npos;
                          });
}

BOOST_AUTO_TEST_CASE(a_sealed_move_is_an_abort_without_a_result) {
    // Kifu-for-JS's fuujite.ki2u: 八枚落ち, "まで2手で封じ手" (the game adjourned on a sealed move).
    const auto games = audit_file(data("kifu-for-js-fuujite.ki2u"));
    BOOST_REQUIRE_EQUAL(games.size(), 1u);
    BOOST_REQUIRE(!games[0].error);
    BOOST_TEST(games[0].plies == 2);
    BOOST_TEST(games[0].recorded.ending == "abort");
    BOOST_TEST(games[0].recorded.score.empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace ki2_records_test
