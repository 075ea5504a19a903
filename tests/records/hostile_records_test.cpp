// Hostile record headers (issue 34): the time-control guesses of the shogi converter read any header in time
// linear in its length and without deep recursion. The values expected are read off the formats by hand: CSA
// $TIME_LIMIT hh:mm+byoyomi, $TIME main+byoyomi+increment (CSA standard V3), the floodgate event name
// "+<name>-<main>-<byoyomi or increment>[F]+", KIF 持ち時間 as "<n>時間<n>分<n>秒".
#include "records/convert.h"

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
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_records_test
