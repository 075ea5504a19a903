// `validate`, `import` and `clock` speak Japanese with --lang ja, as the other commands do: validate's lines name the
// kind of file as an organiser would (規則集, タイムライン, 棋譜), import's comments say where the timeline comes from and
// how the record ended in the game's words, while the timeline itself is the same as in English, and clock names the
// durations and the category in Japanese.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>

namespace validate_import_clock_japanese_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;

const std::string forfeit = "tests/data/chess/games/chess-lichess-VsUqVhC2-bullet-time-forfeit.pgn";

// The lines of `text` that are not comments.
std::string without_comments(const std::string& text) {
    std::istringstream in(text);
    std::string line, out;
    while (std::getline(in, line))
        if (line.rfind("#", 0) != 0) out += line + "\n";
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(validate_and_import_in_japanese)

BOOST_AUTO_TEST_CASE(validate_names_each_kind_in_japanese) {
    const auto r = run_arbiter("validate rulesets/chess/fide-2009.yaml tests/timelines/chess/92-jca-book-draw-king-and-pawn-drawn.yaml " +
                               forfeit + " --lang ja");
    BOOST_TEST(r.exit_code == 0, r.out);
    BOOST_TEST(contains(r.out, "rulesets/chess/fide-2009.yaml: 問題なし（規則集）"), r.out);
    BOOST_TEST(contains(r.out, "92-jca-book-draw-king-and-pawn-drawn.yaml: 問題なし（タイムライン）"), r.out);
    BOOST_TEST(contains(r.out, forfeit + ": 問題なし（棋譜：pgn、1局）"), r.out);  // one game in the file
    BOOST_TEST(!contains(r.out, ": ok ("), r.out);
    // English stays the default.
    BOOST_TEST(contains(run_arbiter("validate rulesets/chess/fide-2009.yaml").out, "fide-2009.yaml: ok (rulebook)"));
}

BOOST_AUTO_TEST_CASE(import_comments_in_japanese_over_the_same_timeline) {
    const auto ja = run_arbiter("import " + forfeit + " --lang ja");
    const auto en = run_arbiter("import " + forfeit);
    BOOST_TEST(ja.exit_code == 0);
    BOOST_TEST(en.exit_code == 0);
    // The record is game 1 of 1; Result 0-1 with Termination "Time forfeit": White lost on time (白の時間切れ負け).
    BOOST_TEST(contains(ja.out, "（pgn）の第1局（全1局）から取り込んだタイムライン。"), ja.out);
    BOOST_TEST(contains(ja.out, "# 記録された終局：白の時間切れ負け「0-1 (Time forfeit)」"), ja.out);
    BOOST_TEST(!contains(ja.out, "# Imported from"), ja.out);
    BOOST_TEST(!contains(ja.out, "# Recorded ending"), ja.out);
    BOOST_TEST(contains(en.out, "# Recorded ending: time_forfeit by white"), en.out);
    // Only the comments differ: the timeline runs the same.
    BOOST_TEST(without_comments(ja.out) == without_comments(en.out));
}

BOOST_AUTO_TEST_CASE(clock_says_the_durations_and_the_category_in_japanese) {
    // 900+10: 15 minutes and 10 s a move; FIDE 2009 counts game time over 60 moves (A.1): 15min + 60 x 10s = 25min,
    // at least 15 and under 60 minutes: rapidplay (早指し), Appendix A.1.
    const auto r = run_arbiter("clock 900+10 --rulebook fide-2009 --lang ja");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "60手        25分（最初の60手までの持ち時間と加算時間）"), r.out);
    BOOST_TEST(contains(r.out, "区分        早指し（fide-2009 A.1、対局時間 25分（60手））"), r.out);
    // 180+2: 3min + 60 x 2s = 5min, under 15 minutes: blitz (電撃戦), B.1.
    BOOST_TEST(contains(run_arbiter("clock 180+2 --rulebook fide-2009 --lang ja").out, "区分        電撃戦（fide-2009 B.1"));
    for (const char* english : {"pgn ", "moves", "category", "rapid", "game time"}) BOOST_TEST(!contains(r.out, english), english);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace validate_import_clock_japanese_cli_test
