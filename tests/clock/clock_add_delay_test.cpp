// A delay clock put on the game (Clock::add_delay; US Chess 14H2a): worked readings, each computed by hand in the
// comment beside it (instants and times in milliseconds since the scheduled start).
#include "clock/clock.h"

#include <boost/test/unit_test.hpp>

namespace clock_add_delay_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::clock;
using namespace std::chrono_literals;

namespace {

TimeControl tc(std::string_view text) {
    Parsed<TimeControl> p = text.front() == '{' ? parse_yaml_time_control(text) : parse_pgn_time_control(text);
    BOOST_REQUIRE(p);
    return *p;
}

std::int64_t shown(const Clock& c, int side, std::int64_t at) { return c.shown(side, Ms{at}).count(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(a_delay_clock_put_on_the_game)

BOOST_AUTO_TEST_CASE(the_stopped_turn_and_every_later_turn_start_with_the_delay) {
    Clock c(tc("120"));  // G/2: 120 000 each, no delay
    BOOST_REQUIRE(c.start(0, 0ms) == Op::ok);
    BOOST_REQUIRE(c.press(0, 10'000ms) == Op::ok);  // side 0: 120 000 - 10 000 = 110 000
    BOOST_REQUIRE(c.stop(20'000ms) == Op::ok);      // side 1: 120 000 - 10 000 = 110 000, stopped for the claim
    BOOST_REQUIRE(c.add_delay(5'000ms, 30'000ms) == Op::ok);
    BOOST_REQUIRE(c.restart(30'000ms) == Op::ok);
    BOOST_TEST(shown(c, 1, 33'000) == 110'000);                        // 3 000 of the 5 000 delay: no main time run
    BOOST_TEST(c.reading(1, 33'000ms).delay_left.count() == 2'000);    // 5 000 - 3 000
    BOOST_TEST(shown(c, 1, 40'000) == 105'000);                        // 110 000 - (10 000 - 5 000)
    BOOST_REQUIRE(c.press(1, 40'000ms) == Op::ok);
    BOOST_REQUIRE(c.press(0, 44'000ms) == Op::ok);  // 4 000, within side 0's own new 5 000 delay
    BOOST_TEST(shown(c, 0, 44'000) == 110'000);
    BOOST_TEST(shown(c, 1, 52'000) == 102'000);                        // 105 000 - (8 000 - 5 000)
    BOOST_TEST(c.flag_instant(1).value().count() == 154'000);         // 44 000 + 5 000 delay + 105 000 main
    BOOST_TEST(c.control().delay.value().time.count() == 5'000);
}

BOOST_AUTO_TEST_CASE(the_running_turn_starts_its_delay_at_the_instant_it_is_put_on) {
    Clock c(tc("60"));  // 60 000 each
    BOOST_REQUIRE(c.start(0, 0ms) == Op::ok);
    BOOST_REQUIRE(c.add_delay(2'000ms, 10'000ms) == Op::ok);
    BOOST_TEST(shown(c, 0, 11'000) == 50'000);  // 60 000 - 10 000 before; 1 000 of the 2 000 delay since
    BOOST_TEST(shown(c, 0, 15'000) == 47'000);  // 50 000 - (5 000 - 2 000)
    BOOST_TEST(!c.flags(59'000ms).fell[0]);     // would have fallen at 60 000 without the delay
    BOOST_TEST(c.flag_instant(0).value().count() == 62'000);  // 10 000 + 2 000 + 50 000
}

BOOST_AUTO_TEST_CASE(a_control_that_cannot_take_a_delay_is_left_as_it_was) {
    for (const char* text : {"300+2", "{time: 5min, delay: {kind: simple, time: 5s}}",
                             "{time: 10min, byoyomi: {periods: 1, time: 30s}}", "*60",
                             "{time: 5min, delay: {kind: bronstein, time: 2s}}"}) {
        BOOST_TEST_CONTEXT(text) {
            Clock c(tc(text));
            BOOST_REQUIRE(c.start(0, 0ms) == Op::ok);
            const auto before = c.control();
            BOOST_TEST((c.add_delay(5'000ms, 1'000ms) == Op::no_delay_here));
            BOOST_TEST((c.control() == before));
        }
    }
    Clock c(tc("60"));
    BOOST_REQUIRE(c.start(0, 0ms) == Op::ok);
    BOOST_TEST((c.add_delay(-1ms, 1'000ms) == Op::negative_amount));
    BOOST_TEST((c.add_delay(0ms, 1'000ms) == Op::ok));  // zero: nothing changes
    BOOST_TEST(!c.control().delay);
    BOOST_TEST(shown(c, 0, 5'000) == 55'000);
    BOOST_TEST(describe(Op::no_delay_here) == "the time control cannot take a delay");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace clock_add_delay_test
