#include "clock/clock.h"

#include <algorithm>
#include <stdexcept>

namespace arbiter::clock {

std::string_view describe(Op op) {
    switch (op) {
        case Op::ok: return "applied";
        case Op::bad_side: return "the side is not one of the two";
        case Op::instant_in_past: return "the instant precedes the clock's last operation";
        case Op::clock_not_running: return "no clock is running";
        case Op::clock_running: return "a clock is already running";
        case Op::nothing_to_restart: return "there is no interrupted turn to restart";
        case Op::negative_amount: return "the amount is negative";
        case Op::no_increment_here: return "the time control cannot take an increment";
        case Op::no_delay_here: return "the time control cannot take a delay";
    }
    return "refused";
}

Clock::Clock(const TimeControl& control) : control_(control) {
    if (!control_.is_timed()) throw std::invalid_argument("a clock needs a timed control, not unknown or none");
    if (auto problem = check(control_)) throw std::invalid_argument("time control: " + *problem);
    hourglass_ = control_.kind == TimeControl::Kind::hourglass;
    if (control_.delay) {
        bronstein_ = control_.delay->kind == DelayKind::bronstein;
        simple_delay_ = control_.delay->kind == DelayKind::simple;
        delay_ = control_.delay->time.count();
    }
    if (control_.byoyomi) {
        overtime_ = Overtime::byoyomi;
        overtime_time_ = control_.byoyomi->time.count();
        byoyomi_periods_ = control_.byoyomi->periods;
    } else if (control_.canadian) {
        overtime_ = Overtime::canadian;
        overtime_time_ = control_.canadian->time.count();
        canadian_moves_ = control_.canadian->moves;
    }
    main_only_ = !hourglass_ && !control_.delay && overtime_ == Overtime::none;
    if (!hourglass_ && control_.periods.size() == 1 && control_.periods[0].moves == 0) {
        sole_period_ = true;
        sole_increment_ = control_.periods[0].increment.count();
    }
    for (Side& s : sides_) {
        if (hourglass_) {
            s.main = control_.hourglass.count();
        } else {
            s.main = control_.periods[0].time.count();
            s.period_moves_left = control_.periods[0].moves;
        }
        s.byoyomi_left = byoyomi_periods_;
        new_turn(s);
    }
}

// ---- the running side -------------------------------------------------------------------------------

void Clock::new_turn(Side& s) const {
    s.turn_used = 0;
    s.delay_left = simple_delay_ ? delay_ : 0;
    if (s.in_overtime && overtime_ == Overtime::byoyomi && s.byoyomi_left > 0) s.over = overtime_time_;
}

void Clock::enter_overtime(Side& s) const {
    s.main = 0;
    s.in_overtime = true;
    s.over = overtime_time_;
    s.canadian_left = canadian_moves_;
}

// Applies `elapsed` ms of running, beginning at instant `from`, to `s`; records the flag fall.
void Clock::advance(Side& s, std::int64_t from, std::int64_t elapsed) const {
    s.turn_used += elapsed;
    if (simple_delay_) {
        std::int64_t d = std::min(elapsed, s.delay_left);
        s.delay_left -= d;
        from += d;
        elapsed -= d;
    }
    if (!s.in_overtime) {
        if (overtime_ == Overtime::none) {
            if (s.flag_at == no_instant && s.delay_left == 0 && s.main - elapsed <= 0) {
                s.flag_at = from + std::max<std::int64_t>(s.main, 0);
            }
            s.main -= elapsed;
            return;
        }
        if (elapsed < s.main) {
            s.main -= elapsed;
            return;
        }
        std::int64_t to_zero = std::max<std::int64_t>(s.main, 0);
        from += to_zero;
        elapsed -= to_zero;
        enter_overtime(s);
    }
    if (overtime_ == Overtime::canadian) {
        if (s.flag_at == no_instant && s.over - elapsed <= 0) s.flag_at = from + std::max<std::int64_t>(s.over, 0);
        s.over -= elapsed;
        return;
    }
    // Byoyomi: the current period has s.over left, each further one overtime_time_.
    if (s.byoyomi_left == 0 || elapsed < s.over) {
        s.over -= elapsed;
        return;
    }
    elapsed -= s.over;
    from += s.over;
    --s.byoyomi_left;
    std::int64_t more = std::min<std::int64_t>(elapsed / overtime_time_, s.byoyomi_left);
    s.byoyomi_left -= static_cast<int>(more);
    elapsed -= more * overtime_time_;
    from += more * overtime_time_;
    if (s.byoyomi_left == 0) {
        if (s.flag_at == no_instant) s.flag_at = from;
        s.over = -elapsed;
    } else {
        s.over = overtime_time_ - elapsed;
    }
}

// Brings the running side (and, for an hourglass, the other side) to instant `at`.
void Clock::settle(std::int64_t at) {
    if (running_ >= 0 && at > since_) {
        std::int64_t elapsed = at - since_;
        advance(sides_[running_], since_, elapsed);
        if (hourglass_) sides_[running_ ^ 1].main += elapsed;
    }
    since_ = at;
    now_ = at;
}

Clock::Side Clock::state_at(int side, std::int64_t at) const {
    Side s = sides_[side];
    if (running_ >= 0 && at > since_) {
        if (running_ == side) {
            advance(s, since_, at - since_);
        } else if (hourglass_) {
            s.main += at - since_;
        }
    }
    return s;
}

// Running time from the state `s` until its flag falls.
std::int64_t Clock::time_to_flag(const Side& s) const {
    std::int64_t t = s.delay_left;
    if (!s.in_overtime) t += std::max<std::int64_t>(s.main, 0);
    switch (overtime_) {
    case Overtime::none: break;
    case Overtime::canadian: t += s.in_overtime ? std::max<std::int64_t>(s.over, 0) : overtime_time_; break;
    case Overtime::byoyomi:
        if (s.in_overtime) {
            if (s.byoyomi_left > 0) t += s.over + (s.byoyomi_left - 1) * overtime_time_;
        } else {
            t += s.byoyomi_left * overtime_time_;
        }
        break;
    }
    return t;
}

// ---- operations -------------------------------------------------------------------------------------

Op Clock::check_instant(Ms at) const { return at.count() < now_ ? Op::instant_in_past : Op::ok; }

Op Clock::start(int side, Ms at) {
    if (side != 0 && side != 1) return Op::bad_side;
    if (Op e = check_instant(at); e != Op::ok) return e;
    if (running_ >= 0) return Op::clock_running;
    settle(at.count());
    new_turn(sides_[side]);
    running_ = side;
    interrupted_ = -1;
    return Op::ok;
}

// What a press does to the pressing side's state, once it has been brought to the instant of the press.
void Clock::complete_move(Side& s) const {
    ++s.moves;
    if (hourglass_) return;
    if (bronstein_) s.main += std::min(delay_, s.turn_used);
    s.main += period_adds(s);
    if (s.period_moves_left > 0 && --s.period_moves_left == 0) {
        ++s.period;
        s.period_moves_left = control_.periods[std::min<std::size_t>(s.period, control_.periods.size() - 1)].moves;
    }
    if (s.in_overtime && overtime_ == Overtime::canadian && --s.canadian_left == 0) {
        s.over = overtime_time_;
        s.canadian_left = canadian_moves_;
    }
    new_turn(s);
}

// The increment of the period the move is made in and, if the move completes that period, the next period's time.
std::int64_t Clock::period_adds(const Side& s) const {
    if (sole_period_) return sole_increment_;
    const std::size_t last = control_.periods.size() - 1;
    std::int64_t adds = control_.periods[std::min<std::size_t>(s.period, last)].increment.count();
    if (s.period_moves_left == 1) adds += control_.periods[std::min<std::size_t>(s.period + 1, last)].time.count();
    return adds;
}

Op Clock::press(int side, Ms at) {
    if (side != running_ || side < 0) return side == 0 || side == 1 ? Op::clock_not_running : Op::bad_side;
    if (at.count() < now_) return Op::instant_in_past;
    settle(at.count());
    complete_move(sides_[side]);
    running_ = side ^ 1;
    return Op::ok;
}

std::int64_t Clock::after_press(int side, std::int64_t at) const {
    Side s = state_at(side, at);  // what settle() would leave of the pressing side
    complete_move(s);
    return s.in_overtime ? s.over : s.main;
}

Op Clock::stop(Ms at) {
    if (Op e = check_instant(at); e != Op::ok) return e;
    if (running_ < 0) return Op::clock_not_running;
    settle(at.count());
    interrupted_ = running_;
    running_ = -1;
    return Op::ok;
}

Op Clock::restart(Ms at) {
    if (Op e = check_instant(at); e != Op::ok) return e;
    if (running_ >= 0) return Op::clock_running;
    if (interrupted_ < 0) return Op::nothing_to_restart;
    settle(at.count());
    running_ = interrupted_;
    interrupted_ = -1;
    return Op::ok;
}

Op Clock::exchange(Ms at) {
    if (Op e = check_instant(at); e != Op::ok) return e;
    if (running_ >= 0) return Op::clock_running;
    settle(at.count());
    std::swap(sides_[0], sides_[1]);
    interrupted_ = -1;       // the turn a stop interrupted belonged to the game played before
    up_until_ = no_instant;  // flags_up's bound was worked out for the sides before the exchange
    return Op::ok;
}

Op Clock::arrive(int side, Ms at, int to_move) {
    if ((side != 0 && side != 1) || (to_move != 0 && to_move != 1)) return Op::bad_side;
    if (Op e = check_instant(at); e != Op::ok) return e;
    settle(at.count());
    if (running_ == side && to_move != side) {
        running_ = to_move;
        new_turn(sides_[to_move]);
    }
    return Op::ok;
}

Op Clock::adjust(int side, std::int64_t at, std::int64_t delta, bool set) {
    if (side != 0 && side != 1) return Op::bad_side;
    if (at < now_) return Op::instant_in_past;
    settle(at);
    up_until_ = no_instant;  // the time taken away may bring a fall nearer
    Side& s = sides_[side];
    std::int64_t& value = s.in_overtime ? s.over : s.main;
    // Saturating: an amount from data (a hook's effect may be any 64-bit integer) leaves the reading within
    // +-max_duration instead of wrapping around.
    constexpr std::int64_t limit = max_duration.count();
    delta = std::clamp<std::int64_t>(delta, -limit, limit);
    value = std::clamp<std::int64_t>(set ? delta : value + delta, -2 * limit, 2 * limit);
    if (value > 0) {
        s.flag_at = no_instant;
        return Op::ok;
    }
    if (!s.in_overtime && overtime_ != Overtime::none) {
        // The main time is gone: the overtime begins now.
        enter_overtime(s);
        return Op::ok;
    }
    if (s.in_overtime && overtime_ == Overtime::byoyomi) s.byoyomi_left = 0;
    if (s.flag_at == no_instant) s.flag_at = at;
    return Op::ok;
}

Op Clock::add_time(int side, Ms amount, Ms at) {
    if (amount < Ms{0}) return Op::negative_amount;
    return adjust(side, at.count(), amount.count(), false);
}

Op Clock::deduct_time(int side, Ms amount, Ms at) {
    if (amount < Ms{0}) return Op::negative_amount;
    return adjust(side, at.count(), -amount.count(), false);
}

Op Clock::set_time(int side, Ms value, Ms at) { return adjust(side, at.count(), value.count(), true); }

Op Clock::add_increment(Ms amount, Ms at) {
    if (Op e = check_instant(at); e != Op::ok) return e;
    if (amount.count() < 0) return Op::negative_amount;
    if (!main_only_) return Op::no_increment_here;
    settle(at.count());
    for (Period& p : control_.periods) p.increment += amount;
    // press()'s inline path reads the sole period's increment from here, not from the control
    if (sole_period_) sole_increment_ = control_.periods[0].increment.count();
    return Op::ok;
}

Op Clock::add_delay(Ms amount, Ms at) {
    if (Op e = check_instant(at); e != Op::ok) return e;
    if (amount.count() < 0) return Op::negative_amount;
    bool increment = false;
    for (const Period& p : control_.periods) increment = increment || p.increment.count() > 0;
    if (!main_only_ || increment) return Op::no_delay_here;
    settle(at.count());
    if (amount.count() == 0) return Op::ok;
    amount = std::min(amount, max_duration);  // an amount from data (a hook) saturates, as adjustments do
    // The clock is now what the control says (a simple delay). The turn under way, running or interrupted by a stop,
    // starts its delay afresh now, as on a delay clock put on the game and started (US Chess 14H2a); the other side's
    // delay_left is what its next turn starts with (new_turn() set it at its last press), and later turns get it from
    // new_turn(). A delay only puts a fall later, so the flags_up bound (up_until_) stays sound.
    control_.delay = Delay{DelayKind::simple, amount};
    simple_delay_ = true;
    delay_ = amount.count();
    main_only_ = false;
    for (Side& s : sides_) s.delay_left = delay_;
    return Op::ok;
}

// ---- readings ---------------------------------------------------------------------------------------

Reading Clock::reading(int side, Ms at) const {
    side &= 1;
    const Side s = state_at(side, at.count());
    Reading r;
    r.main = Ms{s.main};
    r.in_overtime = s.in_overtime;
    r.overtime = s.in_overtime ? Ms{s.over} : Ms{0};
    r.shown = s.in_overtime ? r.overtime : r.main;
    r.delay_left = Ms{s.delay_left};
    r.byoyomi_periods_left = s.byoyomi_left;
    r.canadian_moves_left = s.in_overtime ? s.canadian_left : 0;
    r.moves = s.moves;
    r.period = s.period;
    r.last_period = !hourglass_ && static_cast<std::size_t>(s.period) + 1 >= control_.periods.size();
    if (s.flag_at != no_instant && s.flag_at <= at.count()) r.flag_fell = Ms{s.flag_at};
    return r;
}

// What reading() would show, without the rest of the reading (a runner and a converter ask after every move).
Ms Clock::shown(int side, Ms at) const {
    const Side s = state_at(side & 1, at.count());
    return Ms{s.in_overtime ? s.over : s.main};
}

std::int64_t Clock::fall_by(int side, std::int64_t at) const {
    side &= 1;
    const Side& s = sides_[side];
    // A fall once recorded never moves, and only the running side's state runs on between operations (an hourglass
    // adds time to the other side, which makes no flag fall). Nor can the running side's flag fall (advance()) before
    // its turn has used up the simple delay and the main time, whatever the overtime.
    std::int64_t flag_at = s.flag_at;
    if (flag_at == no_instant && side == running_ && at > since_ &&
        (s.in_overtime || at - since_ >= s.delay_left + std::max<std::int64_t>(s.main, 0)))
        flag_at = state_at(side, at).flag_at;
    return flag_at <= at ? flag_at : no_instant;  // no_instant is the least of all
}

// A recorded fall, or for each side the instant from which its clock can next run (since_ for the running side, now_
// for the other) plus the running time before which no fall can come (fall_by's test: the delay left, and the main
// time when not in overtime).
std::int64_t Clock::earliest_fall() const {
    std::int64_t first = std::numeric_limits<std::int64_t>::max();
    for (int side = 0; side < 2; ++side) {
        const Side& s = sides_[side];
        const std::int64_t from = side == running_ ? since_ : now_;
        first = std::min(first, s.flag_at != no_instant
                                    ? s.flag_at
                                    : from + s.delay_left + (s.in_overtime ? 0 : std::max<std::int64_t>(s.main, 0)));
    }
    return first;
}

std::optional<Ms> Clock::flag_instant(int side) const {
    const Side& s = sides_[side & 1];
    if (s.flag_at != no_instant) return Ms{s.flag_at};
    if (running_ != (side & 1)) return std::nullopt;
    return Ms{since_ + time_to_flag(s)};
}

}  // namespace arbiter::clock
