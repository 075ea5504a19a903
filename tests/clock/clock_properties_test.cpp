// Properties over random operation sequences (fixed seeds, so every run is the same): time is conserved,
// readings stand still while both clocks are stopped, a reading computed ahead equals the state after
// the clock is actually stopped there, flag instants are exact to the millisecond, byoyomi periods only
// decrease. The conservation check keeps its own account of each side's time (what the clock ran, what
// the control credits per move, what the arbiter added or deducted), independent of the clock's state.
#include "clock/clock.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

namespace clock_properties_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::clock;

namespace {

#ifdef ARBITER_SANITIZED
constexpr int sequences_per_family = 150;
#else
constexpr int sequences_per_family = 1000;
#endif
constexpr int operations_per_sequence = 200;

using Rng = std::mt19937_64;

std::int64_t uniform(Rng& rng, std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
}

// Random controls of one family.
enum class Family { sudden_death, fischer, periods, bronstein, simple_delay, hourglass, byoyomi, canadian };

TimeControl random_control(Family family, Rng& rng) {
    TimeControl c;
    c.kind = TimeControl::Kind::periods;
    auto seconds = [&](std::int64_t lo, std::int64_t hi) { return Ms{uniform(rng, lo, hi) * 1000}; };
    switch (family) {
    case Family::sudden_death: c.periods = {{0, seconds(1, 600), Ms{0}}}; break;
    case Family::fischer: c.periods = {{0, seconds(1, 600), Ms{uniform(rng, 1, 30'000)}}}; break;
    case Family::periods: {
        int n = static_cast<int>(uniform(rng, 1, 3));
        for (int i = 0; i < n; ++i) {
            int moves = i + 1 == n && uniform(rng, 0, 1) == 0 ? 0 : static_cast<int>(uniform(rng, 1, 10));
            c.periods.push_back({moves, seconds(0, 300), Ms{uniform(rng, 0, 1) * uniform(rng, 0, 10'000)}});
        }
        break;
    }
    case Family::bronstein:
        c.periods = {{0, seconds(1, 600), Ms{0}}};
        c.delay = Delay{DelayKind::bronstein, Ms{uniform(rng, 1, 10'000)}};
        break;
    case Family::simple_delay:
        c.periods = {{static_cast<int>(uniform(rng, 0, 1) * 5), seconds(1, 600), Ms{0}}};
        c.delay = Delay{DelayKind::simple, Ms{uniform(rng, 1, 10'000)}};
        break;
    case Family::hourglass:
        c.kind = TimeControl::Kind::hourglass;
        c.hourglass = seconds(1, 300);
        break;
    case Family::byoyomi:
        c.periods = {{0, seconds(0, 120), Ms{0}}};
        c.byoyomi = Byoyomi{static_cast<int>(uniform(rng, 1, 5)), Ms{uniform(rng, 1, 30'000)}};
        break;
    case Family::canadian:
        c.periods = {{0, seconds(0, 120), Ms{0}}};
        c.canadian = Canadian{static_cast<int>(uniform(rng, 1, 5)), Ms{uniform(rng, 1, 60'000)}};
        break;
    }
    BOOST_REQUIRE(!check(c));
    return c;
}

// The test's own account of one side's main time.
struct Account {
    std::int64_t credited = 0;     // increments, later periods' time, Bronstein returns
    std::int64_t added = 0;        // by the arbiter (set_time counts its difference)
    std::int64_t deducted = 0;
    std::int64_t used_closed = 0;  // main time used in finished turns
    std::int64_t turn_ran = 0;     // time the clock ran in the current turn, up to `mark`
    int moves = 0;
};

// Which period the n-th move (1-based) is made in, and whether it is the period's last move: found by
// walking the periods' move counts from the start (the last period repeats).
std::pair<std::size_t, bool> period_of_move(const TimeControl& c, int n) {
    int first = 1;
    for (std::size_t p = 0;; ++p) {
        const Period& period = c.periods[std::min(p, c.periods.size() - 1)];
        if (period.moves == 0) return {std::min(p, c.periods.size() - 1), false};
        if (n < first + period.moves) return {p, n == first + period.moves - 1};
        first += period.moves;
    }
}

const char* family_name(Family f) {
    static const char* names[] = {"sudden_death", "fischer",   "periods", "bronstein",
                                  "simple_delay", "hourglass", "byoyomi", "canadian"};
    return names[static_cast<int>(f)];
}

bool same(const Reading& a, const Reading& b) {
    return a.shown == b.shown && a.main == b.main && a.overtime == b.overtime && a.delay_left == b.delay_left &&
           a.in_overtime == b.in_overtime && a.byoyomi_periods_left == b.byoyomi_periods_left &&
           a.canadian_moves_left == b.canadian_moves_left && a.moves == b.moves && a.period == b.period &&
           a.flag_fell == b.flag_fell;
}

void run_sequence(Family family, std::uint64_t seed) {
    Rng rng(seed);
    const TimeControl control = random_control(family, rng);
    Clock clock(control);
    const bool hourglass = family == Family::hourglass;
    const bool overtime = family == Family::byoyomi || family == Family::canadian;
    const std::int64_t delay = control.delay ? control.delay->time.count() : 0;
    const bool simple = family == Family::simple_delay;
    const std::int64_t initial = hourglass ? control.hourglass.count() : control.periods[0].time.count();

    Account acc[2];
    int running = -1, interrupted = -1;
    std::int64_t mark = 0;  // instant up to which turn_ran is counted for the running side
    std::int64_t now = 0;
    int byoyomi_seen[2] = {control.byoyomi ? control.byoyomi->periods : 0, control.byoyomi ? control.byoyomi->periods : 0};

    auto main_used = [&](std::int64_t ran) { return simple ? std::max<std::int64_t>(ran - delay, 0) : ran; };
    auto ran_now = [&](int side, std::int64_t at) { return acc[side].turn_ran + (side == running ? at - mark : 0); };
    // Main time by the account (not for overtime families, whose main time stops at zero).
    auto expected_main = [&](int side, std::int64_t at) {
        const Account& a = acc[side];
        return initial + a.credited + a.added - a.deducted - a.used_closed - main_used(ran_now(side, at));
    };
    auto bring_running_to = [&](std::int64_t at) {
        if (running >= 0) {
            acc[running].turn_ran += at - mark;
        }
        mark = at;
    };
    // `track`: remember the byoyomi periods seen (only for readings at the last operation's instant,
    // since later operations may come before a reading made further ahead).
    auto check_all = [&](std::int64_t at, const char* after, bool track) {
        BOOST_TEST_INFO("family " << family_name(family) << " seed " << seed << " at " << at << " after " << after);
        for (int side = 0; side < 2; ++side) {
            Reading r = clock.reading(side, Ms{at});
            BOOST_REQUIRE((clock.flag_fell(side, Ms{at}) == r.flag_fell));  // the shorthands
            if (clock.flags_up(Ms{at})) BOOST_REQUIRE(!r.flag_fell);      // its bound, kept through the operations
            BOOST_REQUIRE_EQUAL(clock.shown(side, Ms{at}).count(), r.shown.count());
            if (!overtime && !hourglass) {
                BOOST_REQUIRE_EQUAL(r.main.count(), expected_main(side, at));
            }
            if (control.byoyomi) {
                BOOST_REQUIRE_LE(r.byoyomi_periods_left, byoyomi_seen[side]);
                if (track) byoyomi_seen[side] = r.byoyomi_periods_left;
            }
            BOOST_REQUIRE_EQUAL(r.moves, acc[side].moves);
        }
        if (hourglass) {
            // Sum conservation: both start with `initial`; the running side's loss is the other's gain.
            std::int64_t sum = clock.reading(0, Ms{at}).main.count() + clock.reading(1, Ms{at}).main.count();
            std::int64_t adjustments = acc[0].added - acc[0].deducted + acc[1].added - acc[1].deducted;
            BOOST_REQUIRE_EQUAL(sum, 2 * initial + adjustments);
            std::int64_t ran0 = acc[0].used_closed + ran_now(0, at), ran1 = acc[1].used_closed + ran_now(1, at);
            BOOST_REQUIRE_EQUAL(clock.reading(0, Ms{at}).main.count(),
                                initial - ran0 + ran1 + acc[0].added - acc[0].deducted);
        }
        // Flag exactness for the running side whose flag is still up.
        if (running >= 0) {
            std::optional<Ms> flag = clock.flag_instant(running);
            BOOST_REQUIRE(flag.has_value());
            if (!clock.reading(running, Ms{at}).flag_fell && flag->count() > at) {
                std::int64_t f = flag->count();
                Reading before = clock.reading(running, Ms{f - 1});
                Reading at_flag = clock.reading(running, Ms{f});
                BOOST_REQUIRE(!before.flag_fell);
                BOOST_REQUIRE_GT(before.shown.count(), 0);
                BOOST_REQUIRE(at_flag.flag_fell.has_value());
                BOOST_REQUIRE_EQUAL(at_flag.flag_fell->count(), f);
                BOOST_REQUIRE_LE(at_flag.shown.count(), 0);
            }
        }
    };

    int first = static_cast<int>(uniform(rng, 0, 1));
    BOOST_REQUIRE(clock.start(first, Ms{0}) == Op::ok);
    running = first;
    for (int step = 0; step < operations_per_sequence; ++step) {
        now += uniform(rng, 0, 3) == 0 ? 0 : uniform(rng, 0, 20'000);
        std::int64_t roll = uniform(rng, 0, 99);
        const char* what = "";
        if (roll < 60) {  // a move
            if (running < 0) continue;
            BOOST_REQUIRE(clock.press(running, Ms{now}) == Op::ok);
            bring_running_to(now);
            Account& a = acc[running];
            ++a.moves;
            if (!hourglass) {
                a.used_closed += main_used(a.turn_ran);
                if (family == Family::bronstein) a.credited += std::min(delay, a.turn_ran);
                auto [p, last_move] = period_of_move(control, a.moves);
                a.credited += control.periods[std::min(p, control.periods.size() - 1)].increment.count();
                if (last_move) a.credited += control.periods[std::min(p + 1, control.periods.size() - 1)].time.count();
            } else {
                a.used_closed += a.turn_ran;
            }
            a.turn_ran = 0;
            running ^= 1;
            acc[running].turn_ran = 0;
            what = "press";
        } else if (roll < 70) {  // stop, or restart after a stop
            if (running >= 0) {
                Reading ahead[2] = {clock.reading(0, Ms{now}), clock.reading(1, Ms{now})};
                BOOST_REQUIRE(clock.stop(Ms{now}) == Op::ok);
                bring_running_to(now);
                interrupted = running;
                running = -1;
                // Computed ahead == settled by the stop; then nothing moves while stopped.
                std::int64_t later = now + uniform(rng, 1, 1'000'000);
                for (int side = 0; side < 2; ++side) {
                    BOOST_REQUIRE(same(ahead[side], clock.reading(side, Ms{now})));
                    BOOST_REQUIRE(same(ahead[side], clock.reading(side, Ms{later})));
                }
                BOOST_REQUIRE(clock.flags(Ms{now}).fell == clock.flags(Ms{later}).fell);
                what = "stop";
            } else {
                BOOST_REQUIRE(clock.restart(Ms{now}) == Op::ok);
                mark = now;
                running = interrupted;
                what = "restart";
            }
        } else if (roll < 80 && !overtime) {  // arbiter adjustment
            int side = static_cast<int>(uniform(rng, 0, 1));
            std::int64_t amount = uniform(rng, 0, 60'000);
            bring_running_to(now);
            std::int64_t kind = uniform(rng, 0, 2);
            if (kind == 0) {
                BOOST_REQUIRE(clock.add_time(side, Ms{amount}, Ms{now}) == Op::ok);
                acc[side].added += amount;
            } else if (kind == 1) {
                BOOST_REQUIRE(clock.deduct_time(side, Ms{amount}, Ms{now}) == Op::ok);
                acc[side].deducted += amount;
            } else {
                std::int64_t value = uniform(rng, 0, 600'000);
                std::int64_t before = hourglass ? clock.reading(side, Ms{now}).main.count() : expected_main(side, now);
                BOOST_REQUIRE(clock.set_time(side, Ms{value}, Ms{now}) == Op::ok);
                if (value > before) acc[side].added += value - before;
                else acc[side].deducted += before - value;
            }
            what = "adjustment";
        } else {
            what = "reading";
        }
        check_all(now, what, true);
        // Readings ahead of the last operation: the properties hold at any later instant too.
        check_all(now + uniform(rng, 0, 100'000), what, false);
    }
}

void run_family(Family family) {
    for (int i = 0; i < sequences_per_family; ++i) {
        run_sequence(family, 0x5eed0000u + static_cast<std::uint64_t>(family) * 1'000'003u + i);
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(clock_properties_over_random_sequences)

BOOST_AUTO_TEST_CASE(sudden_death_conserves_time) { run_family(Family::sudden_death); }
BOOST_AUTO_TEST_CASE(fischer_conserves_time) { run_family(Family::fischer); }
BOOST_AUTO_TEST_CASE(periods_conserve_time_and_carry_it_over) { run_family(Family::periods); }
BOOST_AUTO_TEST_CASE(bronstein_conserves_time) { run_family(Family::bronstein); }
BOOST_AUTO_TEST_CASE(simple_delay_conserves_time) { run_family(Family::simple_delay); }
BOOST_AUTO_TEST_CASE(hourglass_moves_time_between_the_sides) { run_family(Family::hourglass); }
BOOST_AUTO_TEST_CASE(byoyomi_periods_only_decrease) { run_family(Family::byoyomi); }
BOOST_AUTO_TEST_CASE(canadian_flags_are_exact) { run_family(Family::canadian); }

BOOST_AUTO_TEST_SUITE_END()

}  // namespace clock_properties_test
