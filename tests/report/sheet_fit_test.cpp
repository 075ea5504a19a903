// The event sheet fitted to the event (issue 18 item 5): the category its time control puts it in, only the rules
// its time control brings into play, the rulebook's defining rule stated, each penalty list printed once; and the
// Japanese sheet in Japanese words (item 4). Expectations come from the rule texts cited at each case
// (rulesets/chess/fide-2009.yaml, rulesets/othello/joa-othello-2014.yaml); the events are in tests/data/events.
#include "report/sheet_event.h"
#include "report/sheet_fixture.h"

#include <boost/test/unit_test.hpp>

#include <cctype>
#include <string>

namespace sheet_fit_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;
using namespace arbiter::report;

namespace {

using arbiter::test::bundled;
using arbiter::test::has;
using arbiter::test::sheet_of;

std::size_t count(const std::string& text, const std::string& part) {
    std::size_t n = 0;
    for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

bool shows(const Sheet& sheet, const std::string& topic) {
    for (const auto& s : sheet.sections)
        for (const auto& i : s.items)
            if (i.topic == topic) return true;
    return false;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(the_sheet_fits_the_event)

BOOST_AUTO_TEST_CASE(a_fide_2009_rapid_open_prints_as_rapid) {
    // A.1: rapid is 15 minutes or more but under 60, base time plus 60 increments: 10min + 60 x 5s = 15min.
    const std::string en = sheet_markdown(sheet_of("fide2009-rapid.yaml", Lang::en));
    BOOST_TEST(has(en, "| Category | Rapidplay (A.1) |"));  // the category's title in fide-2009
    BOOST_TEST(!has(en, "standard"));
    const std::string ja = sheet_markdown(sheet_of("fide2009-rapid.yaml", Lang::ja));
    BOOST_TEST(has(ja, "| 種別 | 早指し (A.1) |"));
}

BOOST_AUTO_TEST_CASE(the_moves_of_a_period_only_where_a_period_ends_at_a_move_count) {
    // 6.3 speaks of "the number of moves required in a period": 90 minutes plus 30 s a move for the whole game
    // has none; 40 moves in 90 minutes has.
    BOOST_TEST(!shows(sheet_of("fide2009-club.yaml", Lang::en), "clock.period_end"));
    BOOST_TEST(shows(sheet_of("fide2009-two-periods.yaml", Lang::en), "clock.period_end"));
}

BOOST_AUTO_TEST_CASE(joa_2014_states_its_count_of_empty_squares) {
    // 勝敗と石差の記録 14: empty squares at the end go to the winner; 13: the result card's disc difference.
    const Sheet ja = sheet_of("joa2014-open.yaml", Lang::ja);
    BOOST_TEST(shows(ja, "othello.game_end"));
    const std::string md = sheet_markdown(ja);
    BOOST_TEST(has(md, "### 勝敗と石差の記録 14 "));
    BOOST_TEST(has(md, "空きマスは両者で分けず勝者の石数に加える"));
    const std::string en = sheet_markdown(sheet_of("joa2014-open.yaml", Lang::en));
    BOOST_TEST(has(en, "credited to the winner"));
}

BOOST_AUTO_TEST_CASE(the_penalty_list_once) {
    // 13.4 lists the penalties; 6.7b, 6.12, 8.1 (not recording), 12.2, 12.3a and 12.6 leave the arbiter the same list.
    const std::string en = sheet_markdown(sheet_of("fide2009-club.yaml", Lang::en));
    BOOST_TEST(count(en, "The points the offender scores in the game are reduced") == 1u);
    BOOST_TEST(count(en, "- Options: as under ") == 6u);
}

BOOST_AUTO_TEST_CASE(japanese_sheet_in_japanese_words) {
    const std::string ja = sheet_markdown(sheet_of("fide2009-club.yaml", Lang::ja));
    // 6.6a: the event's default time 30 minutes (the rulebook's 0).
    BOOST_TEST(has(ja, "= 30分（規則の既定値 0秒）"));
    // The examples: no "(who: 反則者, unless: ... -> draw)", no "= false".
    BOOST_TEST(!has(ja, "who:"));
    BOOST_TEST(!has(ja, "-> draw"));
    BOOST_TEST(!has(ja, "= false"));
    BOOST_TEST(has(ja, "= いいえ"));
    BOOST_TEST(has(ja, "対局者の負け（対象者：反則者"));
}

BOOST_AUTO_TEST_CASE(shogi_and_othello_sheets_have_no_chess_words) {
    // Shogi's sides are sente and gote (kyushu-shogi-2006), othello's black and white (JOA); neither game has
    // checkmate by that name on its sheet, nor chess's White and Black in shogi.
    for (const char* file : {"kyushu-team.yaml", "joa2014-open.yaml"})
        for (const Lang lang : {Lang::en, Lang::ja}) {
            std::string md = sheet_markdown(sheet_of(file, lang));
            for (char& c : md) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            BOOST_TEST(!has(md, "checkmate"), file);
            BOOST_TEST(!has(md, "チェックメイト"), file);
            BOOST_TEST(!has(md, "チェス"), file);
        }
    for (const Lang lang : {Lang::en, Lang::ja}) {
        std::string md = sheet_markdown(sheet_of("kyushu-team.yaml", lang));
        for (char& c : md) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        BOOST_TEST(!has(md, "white"));
        BOOST_TEST(!has(md, "black"));
        BOOST_TEST(!has(md, "白番"));
        BOOST_TEST(!has(md, "黒番"));
    }
    // Kyushu team: the first sennichite is replayed with colours swapped on the remaining time.
    BOOST_TEST(has(sheet_markdown(sheet_of("kyushu-team.yaml", Lang::ja)), "先後を入れ替えて指し直す（時計：残り時間のまま）"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace sheet_fit_test
