// `validate` and `import` speak Japanese with --lang ja, as the other commands do: validate's lines name the kind of
// file as an organiser would (規則集, タイムライン, 棋譜), and import's comments say where the timeline comes from and how
// the record ended in the game's words, while the timeline itself is the same as in English.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <sstream>
#include <string>

namespace validate_import_japanese_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

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

BOOST_AUTO_TEST_SUITE_END()

}  // namespace validate_import_japanese_cli_test
