// Durations from data at the ends of the 64-bit range (the "Hard to break" issue): a hook's effect amount may be
// math.mininteger or math.maxinteger; printing and clock arithmetic must neither negate INT64_MIN nor wrap.
#include "clock/clock.h"
#include "clock/duration.h"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <limits>

namespace clock_hardening_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::clock;
using namespace std::chrono_literals;

namespace {

constexpr std::int64_t Min = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t Max = std::numeric_limits<std::int64_t>::max();

TimeControl control(std::string_view text) {
    Parsed<TimeControl> p = parse_yaml_time_control(text);
    BOOST_REQUIRE(p);
    return *p;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(durations_at_the_ends_of_the_range)

// |INT64_MIN| = 2^63 = 9 223 372 036 854 775 808 ms = 2 562 047 788 015 h (9 223 372 036 854 000 000 ms)
// + 775 808 ms = 12 min (720 000) + 55 s (55 000) + 808 ms. -INT64_MIN overflowed (UBSan: negation).
BOOST_AUTO_TEST_CASE(the_most_negative_duration_is_printed_exactly) {
    BOOST_TEST(format_clock(Ms{Min}) == "-2562047788015:12:55.808");
    BOOST_TEST(format_duration(Ms{Min}) == "-2562047788015h12min55s808ms");
}

// INT64_MAX = 2^63 - 1: the same but 807 ms.
BOOST_AUTO_TEST_CASE(the_largest_duration_is_printed_exactly) {
    BOOST_TEST(format_clock(Ms{Max}) == "2562047788015:12:55.807");
    BOOST_TEST(format_duration(Ms{Max}) == "2562047788015h12min55s807ms");
}

BOOST_AUTO_TEST_CASE(small_negative_values_keep_their_form) {
    BOOST_TEST(format_clock(Ms{-1500}) == "-0:00:01.500");
    BOOST_TEST(format_duration(Ms{-90'000}) == "-1min30s");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(clock_adjustments_saturate)

// An amount beyond max_duration (1 000 000 h = 3 600 000 000 000 ms) counts as max_duration, and a reading stays
// within twice that: INT64_MAX added to 600 000 wrapped to a negative reading, a fallen flag.
BOOST_AUTO_TEST_CASE(adding_the_largest_amount_does_not_wrap) {
    Clock c(control("{time: 10min}"));
    BOOST_REQUIRE((c.start(0, 0ms) == Op::ok));
    BOOST_REQUIRE((c.add_time(1, Ms{Max}, 0ms) == Op::ok));
    BOOST_TEST(c.shown(1, 0ms).count() == 600'000 + max_duration.count());
    BOOST_REQUIRE((c.add_time(1, Ms{Max}, 0ms) == Op::ok));
    BOOST_REQUIRE((c.add_time(1, Ms{Max}, 0ms) == Op::ok));
    BOOST_TEST(c.shown(1, 0ms).count() == 2 * max_duration.count());  // capped at twice max_duration
    BOOST_TEST(!c.flags(0ms).fell[1].has_value());
}

// Deducting INT64_MAX (or setting INT64_MIN) ends at minus max_duration: the flag has fallen, nothing wraps to
// a large positive reading.
BOOST_AUTO_TEST_CASE(deducting_the_largest_amount_does_not_wrap) {
    Clock c(control("{time: 10min}"));
    BOOST_REQUIRE((c.start(0, 0ms) == Op::ok));
    BOOST_REQUIRE((c.deduct_time(1, Ms{Max}, 0ms) == Op::ok));
    BOOST_TEST(c.shown(1, 0ms).count() == 600'000 - max_duration.count());
    BOOST_REQUIRE((c.set_time(1, Ms{Min}, 0ms) == Op::ok));
    BOOST_TEST(c.shown(1, 0ms).count() == -max_duration.count());
    BOOST_TEST(c.flags(0ms).fell[1].has_value());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(clock_presses_refused)

// A press by side -1 while both clocks are stopped is refused as no side (it matched running_'s -1 and went on to
// press a side's state out of bounds); a press by a stopped side, or into the past, leaves the clock as it was.
BOOST_AUTO_TEST_CASE(a_press_by_no_side_or_out_of_turn_changes_nothing) {
    Clock c(control("{time: 10min, increment: 5s}"));
    BOOST_TEST((c.press(-1, 0ms) == Op::bad_side));
    BOOST_TEST((c.press(0, 0ms) == Op::clock_not_running));
    BOOST_REQUIRE((c.start(0, 1000ms) == Op::ok));
    BOOST_TEST((c.press(1, 2000ms) == Op::clock_not_running));
    BOOST_TEST((c.press(0, 500ms) == Op::instant_in_past));
    BOOST_TEST(c.moves(0) == 0);
    BOOST_REQUIRE((c.press(0, 3000ms) == Op::ok));
    BOOST_TEST(c.shown(0, 3000ms).count() == 600'000 - 2'000 + 5'000);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace clock_hardening_test
