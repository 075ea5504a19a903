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

// A press when the main time alone runs (Clock::press's own path): 60 s and 5 s a move. White presses at 10 s:
// 60 - 10 + 5 = 55 s. Black's clock runs from 10 s and reaches zero at 70 s; black presses at 80 s: 60 - 70 + 5 = -5 s,
// the fall kept at 70 s. White presses at once (no time used): 55 + 5 = 60 s.
BOOST_AUTO_TEST_CASE(a_press_past_the_fall_keeps_the_instant_and_adds_the_increment) {
    TimeControl c = sudden_death(Ms{60'000});
    c.periods[0].increment = Ms{5'000};
    Clock clock(c);
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    BOOST_REQUIRE(clock.press(0, Ms{10'000}) == Op::ok);
    BOOST_TEST(clock.shown(0, Ms{10'000}).count() == 55'000);
    BOOST_REQUIRE(clock.press(1, Ms{80'000}) == Op::ok);
    const Reading black = clock.reading(1, Ms{80'000});
    BOOST_TEST(black.shown.count() == -5'000);
    BOOST_TEST(black.moves == 1);
    expect_flag(clock, 1, 80'000, 70'000);
    BOOST_REQUIRE(clock.press(0, Ms{80'000}) == Op::ok);
    BOOST_TEST(clock.shown(0, Ms{80'000}).count() == 60'000);
    BOOST_TEST(clock.reading(0, Ms{80'000}).moves == 2);
    expect_flag(clock, 0, 80'000, -1);
    expect_flag(clock, 1, 200'000, 70'000);  // black's clock runs again, its fall long recorded
}

// flags() for the running side, the fall to come worked out inline: 60 s with a simple delay of 5 s. White starts at 0
// and presses at 10 s (the delay took the first 5 s: 55 s left). Black's turn begins at 10 s: its main time runs from
// 15 s and reaches zero at 75 s. At 74 999 no flag has fallen; at 75 000 Black's has, alone.
BOOST_AUTO_TEST_CASE(the_running_sides_fall_counts_its_delay_and_main_time) {
    TimeControl c = sudden_death(Ms{60'000});
    c.delay = Delay{DelayKind::simple, Ms{5'000}};
    Clock clock(c);
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    BOOST_REQUIRE(clock.press(0, Ms{10'000}) == Op::ok);
    BOOST_TEST(clock.shown(0, Ms{10'000}).count() == 55'000);
    const Flags before = clock.flags(Ms{74'999});
    BOOST_TEST(!before.fell[0].has_value());
    BOOST_TEST(!before.fell[1].has_value());
    BOOST_TEST(!before.first.has_value());
    const Flags after = clock.flags(Ms{75'000});
    BOOST_TEST(!after.fell[0].has_value());
    BOOST_REQUIRE(after.fell[1].has_value());
    BOOST_TEST(after.fell[1]->count() == 75'000);
    BOOST_TEST((after.first == std::optional<int>(1)));
    expect_flag(clock, 1, 74'999, -1);
    expect_flag(clock, 1, 75'000, 75'000);
}

// flags_up's bound, 60 s each: from the start, no flag before 60 s (Black's clock could start at once). White presses
// at 10 s with 50 s left: still none before 60 s (White's could run again at once), where the bound is worked out again
// and says no more (Black's flag falls at 70 s). The arbiter then takes 30 s from Black at 20 s (50 s left): the fall
// comes at 40 s, before the bound kept, which the adjustment dropped.
BOOST_AUTO_TEST_CASE(flags_up_holds_through_presses_and_not_through_a_deduction) {
    Clock clock(sudden_death(Ms{60'000}));
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    BOOST_TEST(clock.flags_up(Ms{59'999}));
    BOOST_REQUIRE(clock.press(0, Ms{10'000}) == Op::ok);
    BOOST_TEST(clock.flags_up(Ms{59'999}));
    BOOST_TEST(!clock.flags_up(Ms{60'000}));
    expect_flag(clock, 1, 60'000, -1);
    BOOST_REQUIRE(clock.deduct_time(1, Ms{30'000}, Ms{20'000}) == Op::ok);
    BOOST_TEST(clock.flags_up(Ms{39'999}));
    BOOST_TEST(!clock.flags_up(Ms{40'000}));
    expect_flag(clock, 1, 40'000, 40'000);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace clock_flag_fell_test
