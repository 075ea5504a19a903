// The WTHOR archive (WTH_1977, WTH_1978, WTH_2013: 2,323 tournament games) audited under both othello rulebooks.
// The rule texts: joa-othello does not say how empty squares left at the end count (its othello.game_end notes),
// so the count is the discs on the board; joa-othello-2014 (勝敗と石差の記録 14, the JOA notice of 2014-05-13) gives
// them to the winner. The two editions' counts must therefore differ exactly on the games that end with empty
// squares and a winner, by the empty squares added to the winner's count; the winner, and so the score in points,
// is the same under both. WTHOR records black's count with the empties to the winner (the format's convention), so
// the recorded scores agree with the 2014 rule in every decided game and with the seed's rule only on full boards.
// A 32-32 game goes to the holder of the draw-win right under both (joa-othello 引き分け勝ち, board.tie); a WTHOR
// record does not say who held it, so both leave the result to the arbiter (pending: nothing to compare).
//
// The expected figures come from tests/data/othello/wthor-decoded.tsv, the games decoded and replayed independently
// of this program (its header): the final discs on the board, the empty squares, the recorded black count.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace audit_wthor_editions_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;

struct Decoded {
    int recorded_black = 0;
    int black = 0, white = 0, empty = 0;  // on the board at the end
    int moves = 0, passes = 0;
};

// file name ("WTH_2013.wtb") and 1-based index -> the decoded game.
std::map<std::pair<std::string, int>, Decoded> read_decoded() {
    std::map<std::pair<std::string, int>, Decoded> out;
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/tests/data/othello/wthor-decoded.tsv");
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::istringstream cells(line);
        for (std::string cell; std::getline(cells, cell, '\t');) f.push_back(cell);
        Decoded d;
        d.recorded_black = std::stoi(f[5]);
        d.moves = std::stoi(f[7]);
        d.passes = std::stoi(f[8]);
        d.black = std::stoi(f[9]);
        d.white = std::stoi(f[10]);
        d.empty = std::stoi(f[11]);
        out[{f[0], std::stoi(f[1]) + 1}] = d;  // the file's index is 0-based
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(wthor_under_two_editions)

BOOST_AUTO_TEST_CASE(counts_differ_exactly_on_the_games_with_empty_squares) {
    const auto decoded = read_decoded();
    BOOST_REQUIRE(decoded.size() == 2323u);
    int with_empties = 0, with_empties_2013 = 0, ties = 0;
    for (const auto& [key, d] : decoded) {
        with_empties += d.empty > 0;
        ties += d.black == d.white;
        with_empties_2013 += d.empty > 0 && key.first == "WTH_2013.wtb";
    }
    // The data's header: 103 of the 2013 games ended with empty squares; 1977 and 1978 add one each.
    BOOST_TEST(with_empties_2013 == 103);

    const auto r = run_arbiter(
        "audit tests/data/othello/WTH_1977.wtb tests/data/othello/WTH_1978.wtb tests/data/othello/WTH_2013.wtb "
        "--rulebooks joa-othello,joa-othello-2014 --format jsonl --jobs 2");
    BOOST_TEST(r.exit_code == 0);
    std::istringstream in(r.out);
    int lines = 0, differ = 0, seed_disagrees = 0;
    for (std::string text; std::getline(in, text); ++lines) {
        const auto j = nlohmann::json::parse(text);
        const std::string file = j["file"].get<std::string>().substr(std::string("tests/data/othello/").size());
        const int index = j["index"];
        const auto it = decoded.find({file, index});
        BOOST_REQUIRE(it != decoded.end());
        const Decoded& d = it->second;
        const std::string at = file + " game " + std::to_string(index);
        // Every placement and every pass is a ply of the timeline.
        BOOST_TEST(j["plies"] == d.moves + d.passes, at);
        const auto& seed = j["rulings"]["joa-othello"];
        const auto& rev = j["rulings"]["joa-othello-2014"];
        // joa-othello: the discs on the board.
        BOOST_TEST(seed["count"]["black"] == d.black, at);
        BOOST_TEST(seed["count"]["white"] == d.white, at);
        // joa-othello-2014: the empty squares to the winner (a tie has no winner: none in this data with empties).
        const int black_2014 = d.black + (d.black > d.white ? d.empty : 0);
        const int white_2014 = d.white + (d.white > d.black ? d.empty : 0);
        BOOST_TEST(rev["count"]["black"] == black_2014, at);
        BOOST_TEST(rev["count"]["white"] == white_2014, at);
        // The winner is the same under both, so is the score in points; a tie is left to the arbiter under both.
        BOOST_TEST(seed["score"] == rev["score"], at);
        const bool tie = d.black == d.white;
        BOOST_TEST(seed["status"] == (tie ? "pending" : "ended"), at);
        BOOST_TEST(rev["status"] == (tie ? "pending" : "ended"), at);
        if (!tie) BOOST_TEST(seed["topic"] == "othello.game_end", at);
        const bool counts_differ = seed["count"] != rev["count"];
        BOOST_TEST(counts_differ == (d.empty > 0), at);
        differ += counts_differ;
        // The record agrees with the 2014 rule everywhere, with the seed's count only on a full board.
        BOOST_TEST(d.recorded_black == black_2014, at);
        BOOST_TEST(j["recorded"]["discs"]["black"] == d.recorded_black, at);
        if (tie) {
            // The rule that leaves it: 32 to 32 goes to the holder of the draw-win right (joa-othello's ルール細則
            // 石の色, kept by 2014), whom WTHOR does not record.
            for (const auto* r : {&seed, &rev}) {
                BOOST_TEST((*r)["topic"] == "othello.draw_win_right", at);
                BOOST_TEST((*r)["article"] == "ルール細則 石の色", at);
            }
            BOOST_TEST(j["agrees"]["joa-othello-2014"].is_null(), at);
            BOOST_TEST(j["agrees"]["joa-othello"].is_null(), at);
            continue;
        }
        BOOST_TEST(j["agrees"]["joa-othello-2014"] == true, at);
        BOOST_TEST(j["agrees"]["joa-othello"] == (d.empty == 0), at);
        seed_disagrees += j["agrees"]["joa-othello"] == false;
    }
    BOOST_TEST(lines == 2323);
    BOOST_TEST(differ == with_empties);
    BOOST_TEST(seed_disagrees == with_empties);

    // The summary says the same: the games the editions rule differently are the games with empty squares.
    const auto text = run_arbiter(
        "audit tests/data/othello/WTH_1977.wtb tests/data/othello/WTH_1978.wtb tests/data/othello/WTH_2013.wtb "
        "--rulebooks joa-othello,joa-othello-2014");
    const std::string n = std::to_string(with_empties);
    BOOST_TEST(contains(text.out, "Games the rulebooks rule differently (" + n + "):"));
    BOOST_TEST(contains(text.out, "  " + n + "  same result, another disc count: joa-othello joa-othello-2014"));
    const std::string open = std::to_string(ties);
    BOOST_TEST(contains(text.out, "joa-othello: " + std::to_string(2323 - ties - with_empties) + " agree, " + n +
                                      " disagree, " + open + " not comparable"));
    BOOST_TEST(contains(text.out, "joa-othello-2014: " + std::to_string(2323 - ties) + " agree, 0 disagree, " + open +
                                      " not comparable"));
    BOOST_TEST(contains(text.out, "same winner, but the record gives the empty squares to the winner and the rulebook does not"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace audit_wthor_editions_test
