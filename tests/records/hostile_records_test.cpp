// Hostile record headers (issue 34): the time-control guesses of the shogi converter read any header in time
// linear in its length and without deep recursion. The values expected are read off the formats by hand: CSA
// $TIME_LIMIT hh:mm+byoyomi, $TIME main+byoyomi+increment (CSA standard V3), the floodgate event name
// "+<name>-<main>-<byoyomi or increment>[F]+", KIF 持ち時間 as "<n>時間<n>分<n>秒".
#include "records/convert.h"

#include "core/record/othello_records.h"
#include "shogi_kif.h"

#include <boost/test/unit_test.hpp>

#include <string>

namespace hostile_records_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::procedure::convert;

GameRecord csa_with(const std::string& key, const std::string& value) {
    GameRecord r;
    r.game = "shogi";
    r.format = "csa";
    r.headers.emplace_back(key, value);
    return r;
}

long main_seconds(const clock::TimeControl& c) { return long(c.periods.at(0).time.count() / 1000); }

BOOST_AUTO_TEST_SUITE(hostile_records)

BOOST_AUTO_TEST_CASE(a_hundred_thousand_letter_event_name_is_read_without_a_crash) {
    const std::string file = "long-event.csa";
    Build b(file, 1, 1);
    // Before the scanners, std::regex_search recursed once per letter here and overflowed the stack (SIGSEGV).
    const std::string letters(100000, 'a');
    BOOST_TEST(!csa_control(csa_with("EVENT", "+" + letters), b));
    auto c = csa_control(csa_with("EVENT", letters + "+floodgate-600-10F+" + letters), b);
    BOOST_REQUIRE(c);
    BOOST_TEST(main_seconds(*c) == 600);  // 600 s, and a 10 s Fischer increment
    BOOST_TEST(c->periods.at(0).increment.count() == 10000);
    BOOST_TEST(!c->byoyomi);
}

BOOST_AUTO_TEST_CASE(the_scanners_read_the_header_forms) {
    const std::string file = "forms.csa";
    Build b(file, 1, 1);
    auto floodgate = csa_control(csa_with("EVENT", "wdoor+floodgate-900-0+a+b+20230101"), b);
    BOOST_REQUIRE(floodgate);
    BOOST_TEST(main_seconds(*floodgate) == 900);  // 900 s, no byoyomi
    auto byoyomi = csa_control(csa_with("EVENT", "x+y-z+floodgate-0-30+"), b);  // the second '+' starts the match
    BOOST_REQUIRE(byoyomi);
    BOOST_TEST(byoyomi->byoyomi->time.count() == 30000);
    BOOST_TEST(!csa_control(csa_with("EVENT", "+floodgate-12345678-0+"), b));  // eight digits: not the form
    auto limit = csa_control(csa_with("TIME_LIMIT", "01:30+60"), b);  // 1 h 30 min, 60 s byoyomi
    BOOST_REQUIRE(limit);
    BOOST_TEST(main_seconds(*limit) == 5400);
    BOOST_TEST(limit->byoyomi->time.count() == 60000);
    BOOST_TEST(!csa_control(csa_with("TIME_LIMIT", "01:3+60"), b));
    auto v3 = csa_control(csa_with("TIME", "300+0+5"), b);  // 300 s, a 5 s increment
    BOOST_REQUIRE(v3);
    BOOST_TEST(main_seconds(*v3) == 300);
    BOOST_TEST(v3->periods.at(0).increment.count() == 5000);
    BOOST_TEST(!csa_control(csa_with("TIME", "300+"), b));
    auto kif = kif_control("各1時間30分 秒読み60秒", b);  // 5400 s, 60 s byoyomi
    BOOST_REQUIRE(kif);
    BOOST_TEST(main_seconds(*kif) == 5400);
    BOOST_TEST(kif->byoyomi->time.count() == 60000);
    auto sudden = kif_control("10分切れ負け", b);
    BOOST_REQUIRE(sudden);
    BOOST_TEST(main_seconds(*sudden) == 600);
    // ShogiHome (src/renderer/record/manager.ts): "MM:SS+B" and, with an increment, "T+B+I" in seconds. Shogi Wars
    // exports (shogi-extend) write "HH:MM+B" ("00:03+00", a 3-minute game): a first field under 24 is read neither
    // way, with a warning that says why.
    const auto warned = b.warnings.size();
    BOOST_TEST(!kif_control("00:10+30", b));
    BOOST_REQUIRE(b.warnings.size() == warned + 1);
    BOOST_TEST(b.warnings.back().en.find("read neither way") != std::string::npos, b.warnings.back().en);
    BOOST_TEST(!kif_control("00:03+00", b));
    auto hour = kif_control("90:00+60", b);  // 90 min = 5400 s: no hour count is 90
    BOOST_REQUIRE(hour);
    BOOST_TEST(main_seconds(*hour) == 5400);
    auto fischer = kif_control("30+0+5", b);  // 30 s, a 5 s increment, no byoyomi
    BOOST_REQUIRE(fischer);
    BOOST_TEST(main_seconds(*fischer) == 30);
    BOOST_TEST(fischer->periods.at(0).increment.count() == 5000);
    BOOST_TEST(!fischer->byoyomi);
    // Where the record tells which writer made it (kif_colon_reading), the colon form is read its writer's way:
    // "00:03+00" as hours:minutes is 3 min = 180 s; "00:10+30" as minutes:seconds is 10 s and a 30 s byoyomi.
    auto wars = kif_control("00:03+00", b, ColonClock::hours_minutes);
    BOOST_REQUIRE(wars);
    BOOST_TEST(main_seconds(*wars) == 180);
    BOOST_TEST(!wars->byoyomi);
    auto home = kif_control("00:10+30", b, ColonClock::minutes_seconds);
    BOOST_REQUIRE(home);
    BOOST_TEST(main_seconds(*home) == 10);
    BOOST_TEST(home->byoyomi->time.count() == 30000);
    auto long_wars = kif_control("01:30+10", b, ColonClock::hours_minutes);  // 1 h 30 min = 5400 s
    BOOST_REQUIRE(long_wars);
    BOOST_TEST(main_seconds(*long_wars) == 5400);
    const auto before = b.warnings.size();
    for (const char* bad : {"00:60+30", "00:1+30", "10+30", "30+0+", "0+0+0", "00:10+30+5", ":+"})
        BOOST_TEST(!kif_control(bad, b), bad);
    BOOST_TEST(b.warnings.size() == before + 7);
}

// Which reading of "NN:NN+B" a KIF's own signature tells (convert.h kif_colon_reading). ShogiHome writes its first
// line "# KIF形式棋譜ファイル Generated by Electron Shogi" (tsshogi's exportKIF, its name before 2023); shogi-extend's
// Shogi Wars exports write 棋戦：将棋ウォーズ(...) and the players' 戦型 and 囲い. Without either, the time a player is
// recorded to have used decides where only one reading allows it: under "00:03+00", sente's total of 5 s after his
// fourth move is more than 3 s of main time (and a second of rounding), so only 3 minutes fits; 2 s does not decide.
BOOST_AUTO_TEST_CASE(the_record_tells_how_its_colon_time_limit_is_read) {
    using core::record::read_kif;
    const std::string moves = "手数----指手---------消費時間--\n"
                              "   1 ７六歩(77)   (00:01/00:00:01)\n   2 ３四歩(33)   (00:01/00:00:01)\n"
                              "   3 ２六歩(27)   (00:01/00:00:02)\n   4 ８四歩(83)   (00:01/00:00:02)\n"
                              "   5 ２五歩(26)   (00:01/00:00:03)\n   6 ８五歩(84)   (00:01/00:00:03)\n"
                              "   7 ７八金(69)   (00:02/00:00:05)\n   8 ３二金(41)   (00:01/00:00:04)\n";
    const std::string quick = "手数----指手---------消費時間--\n   1 ７六歩(77)   (00:02/00:00:02)\n"
                              "   2 ３四歩(33)   (00:01/00:00:01)\n";
    const auto reading = [](const std::string& text) {
        return kif_colon_reading(read_kif(text, "t.kif", arbiter::testing::shogi_kif()), "00:03+00");
    };
    BOOST_TEST((reading("# KIF形式棋譜ファイル Generated by Electron Shogi\n持ち時間：00:03+00\n" + quick) ==
                ColonClock::minutes_seconds));
    BOOST_TEST((reading("棋戦：将棋ウォーズ(3分切れ負け)\n持ち時間：00:03+00\n" + quick) == ColonClock::hours_minutes));
    BOOST_TEST((reading("持ち時間：00:03+00\n先手の戦型：嬉野流\n" + quick) == ColonClock::hours_minutes));
    BOOST_TEST((reading("持ち時間：00:03+00\n" + moves) == ColonClock::hours_minutes));
    BOOST_TEST((reading("持ち時間：00:03+00\n" + quick) == ColonClock::unknown));
    // The last move is not counted (a flag may fall on it): 5 s there alone decides nothing.
    BOOST_TEST((reading("持ち時間：00:03+00\n手数----指手---------消費時間--\n   1 ７六歩(77)   (00:05/00:00:05)\n") ==
                ColonClock::unknown));
}

// A GGF move of 2 MB was quoted whole in its error (a 2 MB message): the message keeps its start and end and says
// how much it left out. (A value is at most 64 KiB now, MaxGgfValue: a move of 60,000 bytes is quoted.)
BOOST_AUTO_TEST_CASE(an_error_quoting_a_long_input_is_shortened) {
    const std::string token(60'000, 'x');
    try {
        core::record::read_ggf("(;GM[Othello]B[" + token + "];)", "long.ggf");
        BOOST_FAIL("a 60,000-byte move was read");
    } catch (const InputError& e) {
        const std::string what = e.what();
        BOOST_TEST(what.size() < 2200u, what.size());
        BOOST_TEST(what.find("long.ggf:1:16: GGF: expected a square a1-h8 or pass") == 0u, what.substr(0, 200));
        BOOST_TEST(what.find("bytes left out") != std::string::npos);
    }
}

// A 持ち時間 header of 4 MB that cannot be read was quoted whole in its warning.
BOOST_AUTO_TEST_CASE(a_warning_quoting_a_long_header_is_shortened) {
    const std::string file = "long.kif";
    Build b(file, 1, 1);
    std::string header;
    for (int k = 0; k < 1'000'000; ++k) header += "1秒";
    BOOST_TEST(!kif_control(header + "?", b));
    BOOST_REQUIRE(b.warnings.size() == 1u);
    BOOST_TEST(b.warnings[0].in(rulebook::Lang::en).size() < 2200u);
    BOOST_TEST(b.warnings[0].in(rulebook::Lang::ja).size() < 2200u);
    BOOST_TEST(b.warnings[0].in(rulebook::Lang::en).find("bytes left out") != std::string::npos);
}

// A NUL in a message (here from a header's own text) ended what() there for every reader of the text.
BOOST_AUTO_TEST_CASE(an_error_keeps_the_text_after_a_nul) {
    const InputError e({"nul.csa", 3, 1}, std::string("found \"a\0b\"; expected text", 26));
    BOOST_TEST(std::string(e.what()) == "nul.csa:3:1: found \"a\\x00b\"; expected text");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_records_test
