// `--lang ja` leaves no engine word behind: `run` and `compare` over every bundled timeline and `event sheet` over
// every test event print sides, roles, effects, options, entry actions, claim kinds, units and results in Japanese
// words (issue 18 item 4); `show` writes conditions, effects and parameter values in words (it keeps topic ids,
// which are what --topic takes). Game records and audits: japanese_records_cli_test.cpp.
//
// What the scanner flags and what stays ASCII legitimately: cli/engine_words.h. The lines skipped here name files,
// places and rulebooks as written: the first two lines of `run` (タイムライン:, 規則:), the timeline name above a
// `compare` table and its header row (a sheet's venue is capitalised, its rulebook named by id).
// The runner's notes (in ［ ］) are scanned too: the runner writes each in both languages.

#include "cli/cli_run.h"
#include "cli/engine_words.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace japanese_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::engine_words;
using arbiter::test::markdown_text;
using arbiter::test::run_arbiter;
using arbiter::test::visible_text;

std::vector<std::string> bundled_timelines() {
    std::vector<std::string> files;
    for (const auto& game : {"chess", "shogi", "othello"})
        for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ARBITER_SOURCE_DIR) / "tests/timelines" / game))
            if (e.path().extension() == ".yaml") files.push_back("tests/timelines/" + std::string(game) + "/" + e.path().filename().string());
    std::sort(files.begin(), files.end());
    return arbiter::test::sampled_when_sanitized(std::move(files));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(japanese_output_has_no_engine_words)

BOOST_AUTO_TEST_CASE(the_scanner_flags_the_words_the_issue_names) {
    // The issue's examples: "add_time black", "claim repetition (white)", "= false".
    BOOST_TEST(engine_words("時計 add_time black", {}).size() == 2u);
    BOOST_TEST(engine_words("claim repetition (white)", {}).size() == 3u);
    BOOST_TEST(engine_words("値 = false", {}).size() == 1u);
    BOOST_TEST(engine_words("clock.flag_fall 6.9", {}).size() == 1u);
    // Article numbers, moves, clock readings and names are left alone.
    BOOST_TEST(engine_words("着手 Nf3 6.9 A.4 4.4a-c 0:03:00 7g7f d3 FIDE", {}).empty());
    BOOST_TEST(engine_words("（白、spectator）", {}).size() == 1u);
    BOOST_TEST(engine_words("効果［every move of sente］ 黒", {}).size() == 4u);  // a note is read like the rest
    BOOST_TEST(engine_words("規則: fide-2009 white", {"規則:"}).empty());
    BOOST_TEST(engine_words("記載のない事項は joa-othello による", {}).empty());
    BOOST_TEST(engine_words("記載のない事項は joa-othelo による", {}).size() == 1u);
    // In HTML only the text between tags is read: the class name is markup, the add_time in the cell is a word.
    BOOST_TEST(engine_words(visible_text("<style>.a_b { }</style><td class=\"x_y\">時計 add_time &amp; 黒</td>"), {}).size() == 1u);
}

BOOST_AUTO_TEST_CASE(run_in_japanese_over_every_bundled_timeline) {
    for (const auto& file : bundled_timelines()) {
        const auto r = run_arbiter("run " + file + " --lang ja");
        if (r.exit_code != 0) continue;  // timelines that exit 2 on purpose (bad input) print no ruling
        const auto words = engine_words(r.out, {"タイムライン:", "規則:"});
        BOOST_TEST(words.empty(), file << ": " << (words.empty() ? "" : words.front()) << " and " << words.size() << " in all");
    }
}

BOOST_AUTO_TEST_CASE(compare_in_japanese_over_every_bundled_timeline) {
    for (const auto& file : bundled_timelines()) {
        const auto r = run_arbiter("compare " + file + " --lang ja");
        if (r.exit_code != 0) continue;
        // The first line is the timeline's name; the header row names the rulebooks by id.
        std::istringstream in(r.out);
        std::string name, blank, header;
        std::getline(in, name);
        std::getline(in, blank);
        std::getline(in, header);
        const auto words = engine_words(r.out, {name, header});
        BOOST_TEST(words.empty(), file << ": " << (words.empty() ? "" : words.front()) << " and " << words.size() << " in all");
    }
}

BOOST_AUTO_TEST_CASE(compare_html_in_japanese_over_every_bundled_timeline) {
    for (const auto& file : bundled_timelines()) {
        const auto r = run_arbiter("compare " + file + " --lang ja --format html");
        if (r.exit_code != 0) continue;
        // The heading names the timeline (裁定比較: name), the header row and the facts the rulebooks by id, the
        // footer the timeline's file: lines that name files and ids as written.
        const auto words = engine_words(visible_text(r.out), {"裁定比較: ", "arbiter compare がタイムラインファイル "});
        BOOST_TEST(words.empty(), file << ": " << (words.empty() ? "" : words.front()) << " and " << words.size() << " in all");
    }
}

BOOST_AUTO_TEST_CASE(event_sheets_in_japanese_in_every_format) {
    std::size_t sheets = 0;
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ARBITER_SOURCE_DIR) / "tests/data/events")) {
        if (e.path().extension() != ".yaml") continue;
        const std::string file = "tests/data/events/" + e.path().filename().string();
        for (const std::string format : {"md", "html"}) {
            const auto r = run_arbiter("event sheet " + file + " --lang ja --format " + format);
            if (r.exit_code != 0) continue;  // the events made to be refused or unreadable
            ++sheets;
            const std::string text = format == "html" ? visible_text(r.out) : markdown_text(r.out);
            // The event's own title, as its file writes it (fide2001-blitz has no Japanese title): data, not
            // the engine's words.
            std::vector<std::string> title_lines = {"# "};
            if (format == "html") {
                const std::size_t open = r.out.find("<h1>"), close = r.out.find("</h1>");
                BOOST_REQUIRE(open != std::string::npos && close != std::string::npos && close > open + 4);
                title_lines = {r.out.substr(open + 4, close - open - 4)};
            }
            const auto words = engine_words(text, title_lines);
            BOOST_TEST(words.empty(), file << " " << format << ": " << (words.empty() ? "" : words.front()) << " and " << words.size() << " in all");
        }
    }
    BOOST_TEST(sheets >= 10u);  // five or more valid events, each in two formats
}

BOOST_AUTO_TEST_CASE(show_writes_conditions_effects_and_values_in_words) {
    // kyushu-shogi-2006, individual mode, (4) 入玉将棋の宣言法: sente needs 27 points and 10 pieces in the zone,
    // on its own turn; a declaration that fails loses. The rule's parameters stand in for {param: ...}.
    const auto r = run_arbiter("show kyushu-shogi-2006 --topic shogi.impasse --lang ja");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(arbiter::test::contains(r.out, "この点数以上なら27（規則の値）"), r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "この枚数以上なら10（規則の値）"));
    BOOST_TEST(arbiter::test::contains(r.out, "当事者の手番である（着手の代わりに行う宣言）ならはい"));
    BOOST_TEST(arbiter::test::contains(r.out, "1. 対局者の負け（対象者：宣言者）"));
    BOOST_TEST(!arbiter::test::contains(r.out, "パラメータ sente_points"));
    BOOST_TEST(!arbiter::test::contains(r.out, "-> true"));
    BOOST_TEST(!arbiter::test::contains(r.out, "lose:"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace japanese_cli_test
