// Hostile record headers (issue 34): the time-control guesses of the shogi converter read any header in time
// linear in its length and without deep recursion. The values expected are read off the formats by hand: CSA
// $TIME_LIMIT hh:mm+byoyomi, $TIME main+byoyomi+increment (CSA standard V3), the floodgate event name
// "+<name>-<main>-<byoyomi or increment>[F]+", KIF 持ち時間 as "<n>時間<n>分<n>秒".
#include "records/convert.h"

#include "core/record/othello_records.h"

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
    const auto before = b.warnings.size();
    for (const char* bad : {"00:60+30", "00:1+30", "10+30", "30+0+", "0+0+0", "00:10+30+5", ":+"})
        BOOST_TEST(!kif_control(bad, b), bad);
    BOOST_TEST(b.warnings.size() == before + 7);
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
