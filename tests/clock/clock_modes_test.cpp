// Worked examples, one suite per clock mode. Every expected reading is computed by hand in the comment
// beside it (instants and times in milliseconds since the scheduled start).
#include "clock/clock.h"

#include <boost/test/unit_test.hpp>

#include <stdexcept>

namespace clock_modes_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::clock;
using namespace std::chrono_literals;

namespace {

TimeControl tc(std::string_view text) {
    Parsed<TimeControl> p = text.front() == '{' ? parse_yaml_time_control(text) : parse_pgn_time_control(text);
    BOOST_TEST_INFO("control: " << text << " error: " << p.error.message);
    BOOST_REQUIRE(p);
    return *p;
}

#define OK(op) BOOST_REQUIRE((op) == Op::ok)

std::int64_t shown(const Clock& c, int side, std::int64_t at) { return c.shown(side, Ms{at}).count(); }

}  // namespace

BOOST_AUTO_TEST_SUITE(sudden_death_othello_twenty_minutes)

BOOST_AUTO_TEST_CASE(each_side_loses_exactly_the_time_its_clock_ran) {
    Clock c(tc("{time: 20min}"));  // 1 200 000 each
    // Othello: the game starts when the other player presses, starting the first mover's clock (side 0).
    OK(c.start(0, 0ms));
    BOOST_TEST(shown(c, 0, 0) == 1'200'000);
    BOOST_TEST(shown(c, 0, 30'000) == 1'170'000);  // 1 200 000 - 30 000
    OK(c.press(0, 30'000ms));
    BOOST_TEST(shown(c, 0, 90'000) == 1'170'000);  // stopped since its press
    BOOST_TEST(shown(c, 1, 90'000) == 1'140'000);  // 1 200 000 - (90 000 - 30 000)
    BOOST_TEST(c.moves(0) == 1);
    BOOST_TEST(c.moves(1) == 0);
    // Side 1's flag falls after its full 1 200 000 from its start at 30 000: at 1 230 000.
    BOOST_TEST(c.flag_instant(1).value().count() == 1'230'000);
    BOOST_TEST(!c.flag_instant(0));
}

BOOST_AUTO_TEST_CASE(an_unnoticed_flag_fall_reads_below_zero) {
    Clock c(tc("60"));  // 60 000 each
    OK(c.start(0, 0ms));
    OK(c.press(0, 30'000ms));  // side 0: 30 000 left
    // Side 1 from 30 000 with 60 000: flag at 90 000; it presses late at 95 000.
    OK(c.press(1, 95'000ms));
    Reading r1 = c.reading(1, 95'000ms);
    BOOST_TEST(r1.shown.count() == -5'000);  // 60 000 - 65 000
    BOOST_TEST(r1.flag_fell.value().count() == 90'000);
    // Side 0 runs from 95 000 with 30 000: flag at 125 000.
    BOOST_TEST(c.flag_instant(0).value().count() == 125'000);
    Flags before = c.flags(124'999ms);
    BOOST_TEST(!before.both());
    BOOST_TEST(before.first.value() == 1);
    Flags after = c.flags(130'000ms);
    BOOST_TEST(after.both());
    BOOST_TEST(after.first.value() == 1);  // 90 000 before 125 000
    BOOST_TEST(after.fell[0]->count() == 125'000);
}

BOOST_AUTO_TEST_CASE(the_reading_at_the_flag_instant_is_zero_and_one_ms_before_is_one) {
    Clock c(tc("{time: 1s}"));
    OK(c.start(1, 500ms));
    // Flag at 500 + 1 000 = 1 500.
    BOOST_TEST(shown(c, 1, 1'499) == 1);
    BOOST_TEST(!c.reading(1, 1'499ms).flag_fell);
    BOOST_TEST(shown(c, 1, 1'500) == 0);
    BOOST_TEST(c.reading(1, 1'500ms).flag_fell.value().count() == 1'500);
}

BOOST_AUTO_TEST_CASE(both_flags_at_the_same_millisecond_have_no_first) {
    Clock c(tc("{time: 5min}"));
    OK(c.start(0, 0ms));
    OK(c.stop(10'000ms));
    OK(c.set_time(0, 0ms, 10'000ms));
    OK(c.set_time(1, 0ms, 10'000ms));
    Flags f = c.flags(10'000ms);
    BOOST_TEST(f.both());
    BOOST_TEST(!f.first);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(fide_periods_carry_saved_time_over)

BOOST_AUTO_TEST_CASE(forty_moves_in_ninety_minutes_then_thirty_minutes) {
    Clock c(tc("40/5400:1800"));
    // Side 0 spends 120 000 per move, side 1 60 000; one round of both takes 180 000.
    // Side 0's k-th press is at (k - 1) x 180 000 + 120 000, side 1's k-th at k x 180 000.
    OK(c.start(0, 0ms));
    for (int k = 1; k <= 39; ++k) {
        OK(c.press(0, Ms{(k - 1) * 180'000 + 120'000}));
        OK(c.press(1, Ms{k * 180'000}));
    }
    // Before move 40: side 0 used 39 x 120 000 = 4 680 000, has 5 400 000 - 4 680 000 = 720 000.
    BOOST_TEST(shown(c, 0, 39 * 180'000) == 720'000);
    BOOST_TEST(c.reading(0, Ms{39 * 180'000}).period == 0);
    // Move 40 at 39 x 180 000 + 120 000 = 7 140 000: 720 000 - 120 000 = 600 000 saved, + 1 800 000.
    OK(c.press(0, 7'140'000ms));
    Reading r0 = c.reading(0, 7'140'000ms);
    BOOST_TEST(r0.shown.count() == 2'400'000);
    BOOST_TEST(r0.period == 1);
    BOOST_TEST(r0.last_period);
    BOOST_TEST(r0.moves == 40);
    // Side 1 after 39 moves: 5 400 000 - 39 x 60 000 = 3 060 000, still in period 0.
    Reading r1 = c.reading(1, 7'140'000ms);
    BOOST_TEST(r1.shown.count() == 3'060'000);
    BOOST_TEST(r1.period == 0);
    BOOST_TEST(!r1.last_period);
}

BOOST_AUTO_TEST_CASE(a_last_period_with_moves_repeats) {
    Clock c(tc("2/60:1/30"));  // 2 moves in 60 s, then 1 move in every 30 s
    OK(c.start(0, 0ms));
    OK(c.press(0, 10'000ms));  // 60 000 - 10 000 = 50 000
    OK(c.press(1, 10'000ms));
    OK(c.press(0, 20'000ms));  // 50 000 - 10 000 + 30 000 (period 1 begins) = 70 000
    OK(c.press(1, 20'000ms));
    OK(c.press(0, 30'000ms));  // 70 000 - 10 000 + 30 000 (period 1 again) = 90 000
    Reading r = c.reading(0, 30'000ms);
    BOOST_TEST(r.shown.count() == 90'000);
    BOOST_TEST(r.period == 2);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(fischer_increment_from_move_one)

BOOST_AUTO_TEST_CASE(thirty_seconds_after_every_move) {
    Clock c(tc("5400+30"));
    OK(c.start(0, 0ms));
    OK(c.press(0, 10'000ms));  // 5 400 000 - 10 000 + 30 000 = 5 420 000
    OK(c.press(1, 70'000ms));  // 5 400 000 - 60 000 + 30 000 = 5 370 000
    BOOST_TEST(shown(c, 0, 70'000) == 5'420'000);
    BOOST_TEST(shown(c, 1, 70'000) == 5'370'000);
    // Mid-turn no increment yet: side 0 at 100 000 = 5 420 000 - 30 000.
    BOOST_TEST(shown(c, 0, 100'000) == 5'390'000);
}

BOOST_AUTO_TEST_CASE(the_increment_is_the_one_of_the_period_the_move_was_made_in) {
    Clock c(tc("1/60:60+10"));  // move 1 in 60 s without increment, then 60 s more with 10 s per move
    OK(c.start(0, 0ms));
    OK(c.press(0, 5'000ms));   // 60 000 - 5 000 + 0 + 60 000 (period 1) = 115 000
    BOOST_TEST(shown(c, 0, 5'000) == 115'000);
    OK(c.press(1, 5'000ms));
    OK(c.press(0, 10'000ms));  // 115 000 - 5 000 + 10 000 = 120 000
    BOOST_TEST(shown(c, 0, 10'000) == 120'000);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(delay_modes_fide_2009_6_2b)

BOOST_AUTO_TEST_CASE(bronstein_returns_at_most_the_time_used) {
    Clock c(tc("{time: 5min, delay: {kind: bronstein, time: 2s}}"));
    OK(c.start(0, 0ms));
    BOOST_TEST(shown(c, 0, 1'000) == 299'000);  // main time runs from the start of the turn
    OK(c.press(0, 1'500ms));                     // 300 000 - 1 500 + min(2 000, 1 500) = 300 000
    BOOST_TEST(shown(c, 0, 1'500) == 300'000);
    OK(c.press(1, 2'000ms));
    OK(c.press(0, 7'000ms));                     // 300 000 - 5 000 + min(2 000, 5 000) = 297 000
    BOOST_TEST(shown(c, 0, 7'000) == 297'000);
    OK(c.press(1, 8'000ms));
    // Side 0 from 8 000 with 297 000: the flag falls at 305 000 (the delay comes back only at a press).
    BOOST_TEST(c.flag_instant(0).value().count() == 305'000);
}

BOOST_AUTO_TEST_CASE(simple_delay_holds_the_main_time_for_the_first_seconds) {
    Clock c(tc("{time: 5min, delay: {kind: simple, time: 5s}}"));
    OK(c.start(0, 0ms));
    Reading mid = c.reading(0, 4'000ms);
    BOOST_TEST(mid.shown.count() == 300'000);    // still in the delay
    BOOST_TEST(mid.delay_left.count() == 1'000); // 5 000 - 4 000
    OK(c.press(0, 3'000ms));                     // within the delay: 300 000 unchanged
    BOOST_TEST(shown(c, 0, 3'000) == 300'000);
    OK(c.press(1, 4'000ms));
    OK(c.press(0, 12'000ms));                    // 8 000 used, 5 000 delay: 300 000 - 3 000 = 297 000
    BOOST_TEST(shown(c, 0, 12'000) == 297'000);
    OK(c.press(1, 13'000ms));
    // Side 0 from 13 000: 5 000 delay + 297 000 = flag at 315 000.
    BOOST_TEST(c.flag_instant(0).value().count() == 315'000);
    BOOST_TEST(shown(c, 0, 314'999) == 1);
}

BOOST_AUTO_TEST_CASE(a_stop_keeps_what_is_left_of_the_delay) {
    Clock c(tc("{time: 5min, delay: {kind: simple, time: 5s}}"));
    OK(c.start(0, 0ms));
    OK(c.stop(2'000ms));       // 3 000 of the delay left
    OK(c.restart(60'000ms));
    OK(c.press(0, 64'000ms));  // 4 000 more: 1 000 beyond the delay: 300 000 - 1 000 = 299 000
    BOOST_TEST(shown(c, 0, 64'000) == 299'000);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(byoyomi_periods_used_only_when_exceeded)

BOOST_AUTO_TEST_CASE(shogi_ten_minutes_then_thirty_seconds) {
    Clock c(tc("{time: 10min, byoyomi: {periods: 1, time: 30s}}"));
    OK(c.start(0, 0ms));
    OK(c.press(0, 590'000ms));  // 600 000 - 590 000 = 10 000 main left
    OK(c.press(1, 600'000ms));  // side 1: 600 000 - 10 000 = 590 000
    // Side 0 from 600 000: main reaches zero at 610 000, byoyomi from there; at 620 000 it shows
    // 30 000 - 10 000 = 20 000.
    Reading r = c.reading(0, 620'000ms);
    BOOST_TEST(r.in_overtime);
    BOOST_TEST(r.main.count() == 0);
    BOOST_TEST(r.shown.count() == 20'000);
    BOOST_TEST(r.byoyomi_periods_left == 1);
    OK(c.press(0, 635'000ms));  // 25 000 into the period: not exceeded, the period is kept
    BOOST_TEST(c.reading(0, 635'000ms).byoyomi_periods_left == 1);
    BOOST_TEST(shown(c, 0, 635'000) == 30'000);  // a fresh period for the next move
    OK(c.press(1, 640'000ms));
    // Side 0 from 640 000 with one period of 30 000: flag at 670 000.
    BOOST_TEST(c.flag_instant(0).value().count() == 670'000);
    BOOST_TEST(shown(c, 0, 669'999) == 1);
    Reading fell = c.reading(0, 671'000ms);
    BOOST_TEST(fell.flag_fell.value().count() == 670'000);
    BOOST_TEST(fell.shown.count() == -1'000);
    BOOST_TEST(fell.byoyomi_periods_left == 0);
}

BOOST_AUTO_TEST_CASE(several_periods_are_used_up_one_at_a_time) {
    Clock c(tc("{time: 1min, byoyomi: {periods: 3, time: 10s}}"));
    OK(c.start(0, 0ms));
    // Main time gone at 60 000; the first period runs 60 000-70 000, the second from 70 000.
    Reading at75 = c.reading(0, 75'000ms);
    BOOST_TEST(at75.byoyomi_periods_left == 2);
    BOOST_TEST(at75.shown.count() == 5'000);  // 10 000 - 5 000
    OK(c.press(0, 75'000ms));
    OK(c.press(1, 76'000ms));
    // Side 0 from 76 000 with 2 periods of 10 000: at 85 999 the first shows 1, at 86 000 it is used up
    // and the last begins; the flag falls at 96 000.
    BOOST_TEST(c.reading(0, 85'999ms).byoyomi_periods_left == 2);
    BOOST_TEST(shown(c, 0, 85'999) == 1);
    BOOST_TEST(c.reading(0, 86'000ms).byoyomi_periods_left == 1);
    BOOST_TEST(shown(c, 0, 86'000) == 10'000);
    BOOST_TEST(c.flag_instant(0).value().count() == 96'000);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(canadian_overtime_moves_in_a_block)

BOOST_AUTO_TEST_CASE(two_moves_in_every_minute_after_ten_minutes) {
    Clock c(tc("{time: 10min, canadian: {moves: 2, time: 1min}}"));
    OK(c.start(0, 0ms));
    // Main gone at 600 000; the block begins and the move in progress counts. Press at 610 000:
    // 60 000 - 10 000 = 50 000 left, 1 move still due.
    OK(c.press(0, 610'000ms));
    Reading r = c.reading(0, 610'000ms);
    BOOST_TEST(r.in_overtime);
    BOOST_TEST(r.shown.count() == 50'000);
    BOOST_TEST(r.canadian_moves_left == 1);
    OK(c.press(1, 611'000ms));
    OK(c.press(0, 631'000ms));  // 20 000 more: 30 000 left and the block complete: a fresh 60 000
    BOOST_TEST(shown(c, 0, 631'000) == 60'000);
    BOOST_TEST(c.reading(0, 631'000ms).canadian_moves_left == 2);
    OK(c.press(1, 632'000ms));
    BOOST_TEST(c.flag_instant(0).value().count() == 692'000);  // 632 000 + 60 000
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(hourglass_time_used_is_added_to_the_other)

BOOST_AUTO_TEST_CASE(one_minute_sandclock) {
    Clock c(tc("*60"));
    OK(c.start(0, 0ms));
    BOOST_TEST(shown(c, 0, 10'000) == 50'000);  // 60 000 - 10 000
    BOOST_TEST(shown(c, 1, 10'000) == 70'000);  // 60 000 + 10 000
    OK(c.press(0, 10'000ms));
    BOOST_TEST(shown(c, 1, 25'000) == 55'000);  // 70 000 - 15 000
    BOOST_TEST(shown(c, 0, 25'000) == 65'000);  // 50 000 + 15 000
    BOOST_TEST(c.flag_instant(1).value().count() == 80'000);  // 10 000 + 70 000
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(arbiter_operations_on_the_clock)

BOOST_AUTO_TEST_CASE(late_arrival_runs_the_absent_clock_from_the_scheduled_start) {
    // FIDE 2009 6.6b / JCA: the absent side to move loses the time until it arrives.
    Clock c(tc("{time: 1h}"));
    OK(c.start(0, 0ms));
    OK(c.arrive(0, 1'200'000ms, 0));  // side 0 arrives at 0:20:00 and is to move: its clock runs on
    BOOST_TEST(shown(c, 0, 1'200'000) == 2'400'000);  // 3 600 000 - 1 200 000
    BOOST_TEST(c.running().value() == 0);
}

BOOST_AUTO_TEST_CASE(othello_late_arrival_of_the_second_player) {
    // The present first mover (side 0) starts the absent side 1's clock at the scheduled start; on arrival
    // at 0:05:00 the clock is switched to the first mover (JOA rules: the latecomer keeps what is left).
    Clock c(tc("{time: 20min}"));
    OK(c.start(1, 0ms));
    OK(c.arrive(1, 300'000ms, 0));
    BOOST_TEST(shown(c, 1, 300'000) == 900'000);    // 1 200 000 - 300 000
    BOOST_TEST(shown(c, 0, 310'000) == 1'190'000);  // side 0 runs from 300 000
}

BOOST_AUTO_TEST_CASE(add_deduct_and_set_act_at_their_instant) {
    Clock c(tc("{time: 10min}"));
    OK(c.start(0, 0ms));
    OK(c.press(0, 60'000ms));                 // side 0: 540 000
    OK(c.stop(100'000ms));                    // claim by side 1 at 100 000: side 1 has 600 000 - 40 000 = 560 000
    OK(c.add_time(0, 3min, 100'000ms));       // 540 000 + 180 000 = 720 000
    OK(c.deduct_time(1, 280'000ms, 100'000ms)); // 560 000 - 280 000 = 280 000
    BOOST_TEST(shown(c, 0, 500'000) == 720'000);  // both stopped: no change
    BOOST_TEST(shown(c, 1, 500'000) == 280'000);
    OK(c.set_time(1, 1min, 500'000ms));
    OK(c.restart(500'000ms));
    BOOST_TEST(shown(c, 1, 530'000) == 30'000);   // 60 000 - 30 000
}

BOOST_AUTO_TEST_CASE(a_deduction_to_zero_drops_the_flag_and_an_addition_raises_it) {
    Clock c(tc("{time: 10min}"));
    OK(c.start(0, 0ms));
    OK(c.deduct_time(0, 10min, 1'000ms));  // 599 000 - 600 000 = -1 000: flag at 1 000
    BOOST_TEST(c.reading(0, 1'000ms).flag_fell.value().count() == 1'000);
    OK(c.add_time(0, 1min, 2'000ms));       // -1 000 - 1 000 + 60 000 = 58 000: the flag is up again
    BOOST_TEST(shown(c, 0, 2'000) == 58'000);
    BOOST_TEST(!c.reading(0, 2'000ms).flag_fell);
    BOOST_TEST(c.flag_instant(0).value().count() == 60'000);  // 2 000 + 58 000
}

BOOST_AUTO_TEST_CASE(adjustments_in_overtime_act_on_the_overtime_reading) {
    Clock b(tc("{time: 1min, byoyomi: {periods: 2, time: 10s}}"));
    OK(b.start(0, 0ms));
    // At 65 000: main gone at 60 000, the first period shows 10 000 - 5 000 = 5 000.
    OK(b.add_time(0, 3s, 65'000ms));  // 5 000 + 3 000 = 8 000 in this period
    BOOST_TEST(shown(b, 0, 65'000) == 8'000);
    BOOST_TEST(b.flag_instant(0).value().count() == 83'000);  // 65 000 + 8 000 + one more period of 10 000
    OK(b.deduct_time(0, 8s, 65'000ms));  // 8 000 - 8 000 = 0: no time left at all, the flag falls now
    BOOST_TEST(b.reading(0, 65'000ms).flag_fell.value().count() == 65'000);
    BOOST_TEST(b.reading(0, 65'000ms).byoyomi_periods_left == 0);

    Clock k(tc("{time: 1min, canadian: {moves: 2, time: 30s}}"));
    OK(k.start(0, 0ms));
    BOOST_TEST(shown(k, 0, 70'000) == 20'000);  // block from 60 000: 30 000 - 10 000
    OK(k.set_time(0, 1min, 70'000ms));
    BOOST_TEST(k.flag_instant(0).value().count() == 130'000);  // 70 000 + 60 000

    Clock m(tc("{time: 1min, byoyomi: {periods: 1, time: 10s}}"));
    OK(m.start(0, 0ms));
    OK(m.deduct_time(0, 2min, 5'000ms));  // 55 000 - 120 000 <= 0: the byoyomi begins at 5 000
    Reading r = m.reading(0, 5'000ms);
    BOOST_TEST(r.in_overtime);
    BOOST_TEST(r.shown.count() == 10'000);
    BOOST_TEST(!r.flag_fell);
    BOOST_TEST(m.flag_instant(0).value().count() == 15'000);
}

BOOST_AUTO_TEST_CASE(operations_out_of_order_are_refused_and_change_nothing) {
    Clock c(tc("{time: 10min}"));
    BOOST_TEST((c.press(0, 0ms) == Op::clock_not_running));
    BOOST_TEST((c.restart(0ms) == Op::nothing_to_restart));
    BOOST_TEST((c.start(2, 0ms) == Op::bad_side));
    OK(c.start(0, 1'000ms));
    BOOST_TEST((c.start(1, 2'000ms) == Op::clock_running));
    BOOST_TEST((c.press(1, 2'000ms) == Op::clock_not_running));
    BOOST_TEST((c.press(0, 500ms) == Op::instant_in_past));
    BOOST_TEST((c.add_time(0, -1ms, 2'000ms) == Op::negative_amount));
    BOOST_TEST(shown(c, 0, 2'000) == 599'000);  // 600 000 - (2 000 - 1 000): nothing else applied
    BOOST_TEST(c.moves(0) == 0);
}

BOOST_AUTO_TEST_CASE(untimed_controls_have_no_clock) {
    BOOST_CHECK_THROW(Clock(tc("?")), std::invalid_argument);
    BOOST_CHECK_THROW(Clock(tc("-")), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace clock_modes_test
