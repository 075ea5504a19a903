#include "report/text_table.h"

#include <boost/test/unit_test.hpp>

namespace text_table_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::report;

BOOST_AUTO_TEST_SUITE(text_table)

BOOST_AUTO_TEST_CASE(japanese_characters_count_two_columns) {
    BOOST_TEST(display_width("abc") == 3);
    BOOST_TEST(display_width("千日手") == 6);       // three CJK ideographs
    BOOST_TEST(display_width("▲７六歩") == 8);      // ambiguous ▲ is wide; fullwidth ７ is wide
    BOOST_TEST(display_width("") == 0);
}

BOOST_AUTO_TEST_CASE(pad_right_aligns_mixed_text) {
    BOOST_TEST(pad_right("ab", 5) == "ab   ");
    BOOST_TEST(pad_right("将棋", 5) == "将棋 ");
    BOOST_TEST(pad_right("toolong", 3) == "toolong");
}

BOOST_AUTO_TEST_CASE(wrap_breaks_at_spaces_and_between_wide_characters) {
    auto lines = wrap("the quick brown fox", 10);
    BOOST_TEST(lines.size() == 2u);
    BOOST_TEST(lines[0] == "the quick");
    BOOST_TEST(lines[1] == "brown fox");
    auto ja = wrap("対局時計の時間", 6);  // 7 wide characters = 14 columns, 3 per line
    BOOST_TEST(ja.size() == 3u);
    BOOST_TEST(ja[0] == "対局時");
}

BOOST_AUTO_TEST_CASE(wrap_keeps_japanese_punctuation_off_the_start_of_a_line) {
    // Kinsoku (JIS X 4051): 6 columns hold three wide glyphs. "あいう。えお" broken glyph by glyph would start the
    // second line with 。; kept with う, it gives あい / う。え / お.
    auto closing = wrap("あいう。えお", 6);
    BOOST_REQUIRE(closing.size() == 3u);
    BOOST_TEST(closing[0] == "あい");
    BOOST_TEST(closing[1] == "う。え");
    BOOST_TEST(closing[2] == "お");
    // An opening bracket stays with what it opens: "あい「う」" is あい / 「う」, not あい「 / う」.
    auto opening = wrap("あい「う」", 6);
    BOOST_REQUIRE(opening.size() == 2u);
    BOOST_TEST(opening[0] == "あい");
    BOOST_TEST(opening[1] == "「う」");
    // What opens with a bracket is kept whole when it is a narrow run: "あいう（0:21:00に" in 12 columns is
    // あいう / （0:21:00に, not あいう（0 / :21:00に or any other cut of the clock reading.
    auto reading = wrap("あいう（0:21:00に", 12);
    BOOST_REQUIRE(reading.size() == 2u);
    BOOST_TEST(reading[0] == "あいう");
    BOOST_TEST(reading[1] == "（0:21:00に");
}

BOOST_AUTO_TEST_CASE(table_columns_line_up_in_display_columns) {
    TextTable t({"id", "title"});
    t.add_row({"jca-1997", "日本チェス協会"});
    t.add_row({"x", "FIDE"});
    std::string out = t.render();
    // "id" column is 8 wide ("jca-1997"), then two spaces: the title starts at column 10 on every line.
    BOOST_TEST(out == "id        title\n"
                      "--------  --------------\n"
                      "jca-1997  日本チェス協会\n"
                      "x         FIDE\n");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace text_table_test
