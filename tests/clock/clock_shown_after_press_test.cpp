// Clock::shown_after_press, what the PGN converter asks for every ply to turn a [%clk] reading into the time used:
// the reading a press would leave, worked out by hand from the controls, with the clock itself left as it was.
#include "clock/clock.h"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <vector>

namespace clock_shown_after_press_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::clock;

namespace {

TimeControl periods(std::vector<Period> list) {
    TimeControl c;
    c.kind = TimeControl::Kind::periods;
    c.periods = std::move(list);
    return c;
}

// shown_after_press is `expected` ms, the clock did not change, and a real press then shows the same.
void expect_after_press(Clock& clock, int side, std::int64_t at, std::int64_t expected) {
    BOOST_TEST_INFO("side " << side << " at " << at);
    const auto before = clock.reading(side, Ms{at}).shown;
    const auto after = clock.shown_after_press(side, Ms{at});
    BOOST_TEST_REQUIRE(after.has_value());
    BOOST_TEST(after->count() == expected);
    BOOST_TEST(clock.reading(side, Ms{at}).shown.count() == before.count());
    BOOST_TEST((clock.running() == std::optional<int>(side)));
    BOOST_REQUIRE(clock.press(side, Ms{at}) == Op::ok);
    BOOST_TEST(clock.shown(side, Ms{at}).count() == expected);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(clock_shown_after_press_is_what_a_press_leaves)

// 60 s + 2 s a move: white presses at 10 s (60 - 10 + 2 = 52 s); black at 25 s (60 - 15 + 2 = 47 s).
BOOST_AUTO_TEST_CASE(the_increment_is_added) {
    Clock clock(periods({{0, Ms{60'000}, Ms{2'000}}}));
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    expect_after_press(clock, 0, 10'000, 52'000);
    expect_after_press(clock, 1, 25'000, 47'000);
}

// 2 moves in 60 s, then 30 s: white's second move, 5 s each, completes the period: 60 - 10 + 30 = 80 s.
BOOST_AUTO_TEST_CASE(the_next_period_is_added_by_the_move_that_completes_one) {
    Clock clock(periods({{2, Ms{60'000}, Ms{0}}, {0, Ms{30'000}, Ms{0}}}));
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    expect_after_press(clock, 0, 5'000, 55'000);
    expect_after_press(clock, 1, 6'000, 59'000);
    expect_after_press(clock, 0, 11'000, 80'000);
}

// 10 s and two 5 s byoyomi periods: a move at 12 s is 2 s into the first period; the press shows a fresh 5 s period.
BOOST_AUTO_TEST_CASE(a_byoyomi_press_shows_a_fresh_period) {
    TimeControl c = periods({{0, Ms{10'000}, Ms{0}}});
    c.byoyomi = Byoyomi{2, Ms{5'000}};
    Clock clock(c);
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    expect_after_press(clock, 0, 12'000, 5'000);
}

// Bronstein 5 s on 60 s: 3 s used are all returned (60 s); 8 s used get 5 s back (60 - 8 + 5 = 57 s).
BOOST_AUTO_TEST_CASE(bronstein_returns_at_most_the_delay) {
    TimeControl c = periods({{0, Ms{60'000}, Ms{0}}});
    c.delay = Delay{DelayKind::bronstein, Ms{5'000}};
    Clock clock(c);
    BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
    expect_after_press(clock, 0, 3'000, 60'000);
    expect_after_press(clock, 1, 11'000, 57'000);
}

// Where press() would refuse, there is no reading.
BOOST_AUTO_TEST_CASE(no_reading_where_a_press_is_refused) {
    Clock clock(periods({{0, Ms{60'000}, Ms{0}}}));
    BOOST_TEST(!clock.shown_after_press(0, Ms{0}).has_value());   // no clock running yet
    BOOST_TEST(!clock.shown_after_press(-1, Ms{0}).has_value());  // no such side, though none is running (-1)
    BOOST_REQUIRE(clock.start(0, Ms{1'000}) == Op::ok);
    BOOST_TEST(!clock.shown_after_press(1, Ms{2'000}).has_value());  // not the running side
    BOOST_TEST(!clock.shown_after_press(0, Ms{500}).has_value());    // before the last operation
    BOOST_TEST(!clock.shown_after_press(2, Ms{2'000}).has_value());  // no such side
}

// Over a game of random move times under each kind of control (main time alone, with periods that repeat, flags
// left to fall; and the kinds with a delay, overtime or an hourglass), the reading before every press is what a
// press on a copy of the clock leaves. The main-time-alone controls take a shorter way to the reading than the rest.
BOOST_AUTO_TEST_CASE(every_reading_of_a_random_game_is_what_a_press_leaves) {
    std::vector<TimeControl> controls = {
        periods({{0, Ms{60'000}, Ms{0}}}),                                     // flags fall: readings go below zero
        periods({{0, Ms{180'000}, Ms{2'000}}}),                                // sudden death with an increment
        periods({{3, Ms{20'000}, Ms{1'000}}, {2, Ms{10'000}, Ms{3'000}}}),     // a last period with moves repeats
        periods({{2, Ms{15'000}, Ms{0}}, {0, Ms{5'000}, Ms{500}}}),
    };
    TimeControl bronstein = periods({{0, Ms{60'000}, Ms{0}}});
    bronstein.delay = Delay{DelayKind::bronstein, Ms{2'000}};
    TimeControl simple = periods({{0, Ms{60'000}, Ms{0}}});
    simple.delay = Delay{DelayKind::simple, Ms{2'000}};
    TimeControl byoyomi = periods({{0, Ms{20'000}, Ms{0}}});
    byoyomi.byoyomi = Byoyomi{2, Ms{5'000}};
    TimeControl canadian = periods({{0, Ms{20'000}, Ms{0}}});
    canadian.canadian = Canadian{3, Ms{15'000}};
    TimeControl hourglass;
    hourglass.kind = TimeControl::Kind::hourglass;
    hourglass.hourglass = Ms{30'000};
    controls.insert(controls.end(), {bronstein, simple, byoyomi, canadian, hourglass});
    std::uint32_t seed = 12345;
    const auto next_time = [&seed] {  // 0 to 9.999 s, from a fixed linear congruential sequence
        seed = seed * 1664525u + 1013904223u;
        return std::int64_t(seed >> 8) % 10'000;
    };
    for (std::size_t k = 0; k < controls.size(); ++k) {
        Clock clock(controls[k]);
        BOOST_REQUIRE(clock.start(0, Ms{0}) == Op::ok);
        std::int64_t now = 0;
        for (int ply = 0; ply < 40; ++ply) {
            BOOST_TEST_INFO("control " << k << ", ply " << ply);
            const int side = ply % 2;
            now += next_time();
            const auto after = clock.shown_after_press(side, Ms{now});
            Clock pressed = clock;
            BOOST_REQUIRE(pressed.press(side, Ms{now}) == Op::ok);
            BOOST_TEST_REQUIRE(after.has_value());
            BOOST_TEST(after->count() == pressed.shown(side, Ms{now}).count());
            BOOST_REQUIRE(clock.press(side, Ms{now}) == Op::ok);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace clock_shown_after_press_test
