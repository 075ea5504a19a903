// Clock::exchange, a game replayed with colours exchanged (Kyushu (3), JSA Women's Ouza amateur qualifier 2015 item
// 7): each player keeps his own state, main time or byoyomi. Readings worked by hand in the comments (instants and
// times in milliseconds since the scheduled start).
#include "clock/clock.h"

#include <boost/test/unit_test.hpp>

namespace clock_exchange_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::clock;
using namespace std::chrono_literals;

namespace {

TimeControl byoyomi_control() {
    Parsed<TimeControl> p = parse_yaml_time_control("{time: 20min, byoyomi: {periods: 1, time: 30s}}");
    BOOST_REQUIRE(p);
    return *p;
}

std::int64_t shown(const Clock& c, int side, std::int64_t at) { return c.shown(side, Ms{at}).count(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(a_replay_exchanges_the_clocks)

BOOST_AUTO_TEST_CASE(each_player_keeps_his_main_time_or_his_byoyomi) {
    Clock c(byoyomi_control());  // 1 200 000 each, then 30 000 a move
    BOOST_REQUIRE(c.start(0, 0ms) == Op::ok);
    BOOST_REQUIRE(c.press(0, 10'000ms) == Op::ok);     // side 0: 1 200 000 - 10 000 = 1 190 000
    BOOST_REQUIRE(c.press(1, 1'210'015ms) == Op::ok);  // side 1: main gone at 1 210 000, 15 s into byoyomi: in time
    BOOST_TEST(c.reading(1, 1'210'015ms).in_overtime);
    BOOST_TEST(shown(c, 1, 1'210'015) == 30'000);      // a fresh period for the next turn
    BOOST_REQUIRE(c.press(0, 1'220'015ms) == Op::ok);  // side 0: 1 190 000 - 10 000 = 1 180 000
    BOOST_REQUIRE(c.stop(1'220'015ms) == Op::ok);
    BOOST_TEST((c.exchange(1'220'015ms) == Op::ok));
    // Side 0 is now the player who was in byoyomi, side 1 the one with 1 180 000 of main time.
    BOOST_TEST(shown(c, 0, 1'220'015) == 30'000);
    BOOST_TEST(c.reading(0, 1'220'015ms).in_overtime);
    BOOST_TEST(shown(c, 1, 1'220'015) == 1'180'000);
    BOOST_TEST(!c.reading(1, 1'220'015ms).in_overtime);
    BOOST_REQUIRE(c.start(0, 1'220'015ms) == Op::ok);
    BOOST_TEST(c.flag_instant(0).value().count() == 1'250'015);  // 30 000 of byoyomi, no main time first
    BOOST_REQUIRE(c.press(0, 1'240'015ms) == Op::ok);            // 20 000 into the period: in time
    BOOST_REQUIRE(c.press(1, 1'280'015ms) == Op::ok);            // 40 000 of main time: 1 140 000 left
    BOOST_TEST(shown(c, 1, 1'280'015) == 1'140'000);
    BOOST_TEST(!c.reading(1, 1'280'015ms).in_overtime);
}

BOOST_AUTO_TEST_CASE(a_running_clock_is_not_exchanged) {
    Clock c(byoyomi_control());
    BOOST_REQUIRE(c.start(0, 0ms) == Op::ok);
    BOOST_TEST((c.exchange(5'000ms) == Op::clock_running));
    BOOST_TEST(shown(c, 0, 5'000) == 1'195'000);  // unchanged: side 0 still runs
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace clock_exchange_test
