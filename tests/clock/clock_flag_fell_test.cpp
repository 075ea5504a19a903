// Clock::flag_fell, the runner's question before every entry, against instants worked out by hand from the controls
// and against the whole reading it shortens (clock_properties_test also compares the two after every operation of
// its random sequences).
#include "clock/clock.h"

#include <boost/test/unit_test.hpp>

namespace clock_flag_fell_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::clock;

namespace {

TimeControl sudden_death(Ms time) {
    TimeControl c;
    c.kind = TimeControl::Kind::periods;
    c.periods = {{0, time, Ms{0}}};
    return c;
}

// flag_fell agrees with the reading, and is `expected` (milliseconds; -1: not fallen).
void expect_flag(const Clock& clock, int side, std::int64_t at, std::int64_t expected) {
    BOOST_TEST_INFO("side " << side << " at " << at);
    const auto fell = clock.flag_fell(side, Ms{at});
    BOOST_TEST((fell == clock.reading(side, Ms{at}).flag_fell));
    if (expected < 0) {
        BOOST_TEST(!fell.has_value());
    } else {
        BOOST_TEST_REQUIRE(fell.has_value());
        BOOST_TEST(fell->count() == expected);
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(clock_flag_fell_is_the_readings_flag)

// 60 s each: white starts at 0 and presses at 10 s (50 s left); black's clock runs from 10 s and reaches zero at 70 s.
BOOST_AUTO_TEST_CASE(sudden_death_running_and_stopped_sides) {
    Clock clock(sudden_death(Ms{60'000}));
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    expect_flag(clock, 0, 59'999, -1);
    expect_flag(clock, 0, 60'000, 60'000);
    BOOST_REQUIRE(clock.press(0, Ms{10'000}) == Op::ok);
    expect_flag(clock, 1, 69'999, -1);
    expect_flag(clock, 1, 70'000, 70'000);
    expect_flag(clock, 1, 95'000, 70'000);  // the instant it reached zero, however late it is asked
    expect_flag(clock, 0, 95'000, -1);      // white's clock is stopped with 50 s on it
    // Stopped after the fall: the fall is kept in the stopped side's state.
    BOOST_REQUIRE(clock.stop(Ms{80'000}) == Op::ok);
    expect_flag(clock, 1, 80'000, 70'000);
    expect_flag(clock, 1, 200'000, 70'000);
    expect_flag(clock, 0, 200'000, -1);
}

// 10 s and two byoyomi periods of 5 s: the last period is used up at 10 + 5 + 5 = 20 s.
BOOST_AUTO_TEST_CASE(byoyomi_falls_when_the_last_period_is_used_up) {
    TimeControl c = sudden_death(Ms{10'000});
    c.byoyomi = Byoyomi{2, Ms{5'000}};
    Clock clock(c);
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    expect_flag(clock, 0, 14'999, -1);
    expect_flag(clock, 0, 19'999, -1);
    expect_flag(clock, 0, 20'000, 20'000);
    expect_flag(clock, 1, 20'000, -1);
}

// An hourglass of 30 s: white's side runs out at 30 s while black's, stopped, only gains.
BOOST_AUTO_TEST_CASE(hourglass_only_the_running_side_falls) {
    TimeControl c;
    c.kind = TimeControl::Kind::hourglass;
    c.hourglass = Ms{30'000};
    Clock clock(c);
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    expect_flag(clock, 0, 29'999, -1);
    expect_flag(clock, 0, 30'000, 30'000);
    expect_flag(clock, 1, 45'000, -1);
}

// An arbiter's deduction to zero makes the flag fall at that instant, on a side whose clock is not running.
BOOST_AUTO_TEST_CASE(deduction_to_zero_on_the_stopped_side) {
    Clock clock(sudden_death(Ms{60'000}));
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    BOOST_REQUIRE(clock.deduct_time(1, Ms{60'000}, Ms{5'000}) == Op::ok);
    expect_flag(clock, 1, 5'000, 5'000);
    expect_flag(clock, 1, 9'000, 5'000);
    expect_flag(clock, 0, 9'000, -1);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace clock_flag_fell_test
