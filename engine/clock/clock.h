// The clock layer's face: one chess/shogi/othello clock as a deterministic state machine over exact
// instants, for every time control in time_control.h. It knows no rulebook and no colours: sides are
// 0 and 1 (the layer above maps them to white/black, sente/gote, black/white), and which side starts
// is the caller's choice.
//
// Instants are milliseconds since the scheduled start of the round. Every operation takes its instant;
// operations come in time order (an instant may repeat, never go back). Readings at an instant are
// computed from the state, never ticked, so a reading at any later instant is exact.
//
// Semantics, in the order a move is played:
// - The running side's main time runs down; with a simple delay it does not run during the first
//   `delay` ms of each turn. Without overtime the main time may go below zero: the flag fell at the
//   instant it reached zero and the reading goes on (an unnoticed flag fall).
// - With byoyomi, when the main time is used up the side plays in byoyomi: each turn starts a fresh
//   period; a period is used up only when the turn's time exceeds it (the reading reaches zero), and
//   then the next starts at once. The flag falls when the last period is used up.
// - With Canadian overtime, when the main time is used up a block of `moves` moves in `time` begins
//   (the move during which it began counts); completing the block's moves starts a fresh block.
// - press(): the move is complete. In order: Bronstein delay returns min(delay, time used this turn);
//   the increment of the period the move was made in is added; if the move completes its period, the
//   next period's time is added (saved time carries over; a last period with moves repeats).
// - Hourglass: the time the running side uses is added to the other side's reading.
// - Arbiter adjustments (add, deduct, set) act on what the clock shows: the main time, or the
//   overtime reading (byoyomi period, Canadian block) when the side is in overtime. An adjustment that
//   leaves the reading at or below zero makes the flag fall at that instant (in byoyomi: no period is
//   left; with overtime still unused, the overtime begins); one that leaves it positive clears a fallen
//   flag.
// - add_increment (an increment introduced during the game) raises every period's increment for both sides from
//   the next press on; only where the main time alone runs (time_control.h: no delay, overtime or hourglass).
// - add_delay (a delay clock put on the game) gives both sides a simple delay: the turn under way (running, or
//   interrupted by a stop) starts its delay at that instant, every later turn at its start. Only where the main time
//   alone runs and no period has an increment (time_control.h: delay and increment exclude each other).
#pragma once

#include "clock/duration.h"
#include "clock/time_control.h"

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace arbiter::clock {

// Why an operation was refused (the state is then unchanged); `ok` when it was applied.
enum class Op : std::uint8_t {
    ok,
    bad_side,           // side is not 0 or 1
    instant_in_past,    // the instant precedes the last operation's
    clock_not_running,  // press by a side whose clock is not running; stop with no clock running
    clock_running,      // start or restart while a clock is running
    nothing_to_restart, // restart with no interrupted turn
    negative_amount,    // add or deduct of a negative amount
    no_increment_here,  // add_increment on a control that takes none (delay, byoyomi, Canadian, hourglass)
    no_delay_here,      // add_delay on a control that takes none (an increment, a delay, overtime, hourglass)
};

// The reason in words ("the instant precedes the last operation's").
std::string_view describe(Op op);

// One side's clock at an instant.
struct Reading {
    Ms shown{0};      // what the display shows: the overtime reading in overtime, else the main time
    Ms main{0};       // main time left; below zero after an unnoticed flag fall without overtime
    Ms overtime{0};   // in overtime: time left in the byoyomi period or the Canadian block
    Ms delay_left{0}; // simple delay still to run before the main time runs, in the current turn
    bool in_overtime = false;
    int byoyomi_periods_left = 0;  // byoyomi: periods left, the current one included
    int canadian_moves_left = 0;   // Canadian, in overtime: moves still due in the current block
    int moves = 0;                 // moves completed (presses)
    int period = 0;                // 0-based control period, counting repeats of the last
    bool last_period = false;      // the period is the last one the control lists
    std::optional<Ms> flag_fell;   // the instant the flag fell, if it has by the reading's instant
};

// The flags at an instant: which have fallen, when, and which fell first (nullopt when none has fallen
// or both fell at the same millisecond).
struct Flags {
    std::array<std::optional<Ms>, 2> fell;
    std::optional<int> first;
    bool both() const { return fell[0] && fell[1]; }
};

class Clock {
public:
    // Sets both sides to the control's starting state. Throws std::invalid_argument when the control
    // is not timed (unknown, none) or breaks the rules of check().
    explicit Clock(const TimeControl& control);

    // Starts `side`'s clock for a new turn; both clocks must be stopped. For a late arrival, start the
    // absent player's clock at instant 0 (the scheduled start) whether or not that side is to move.
    [[nodiscard]] Op start(int side, Ms at);
    // `side` completes a move: its clock stops and the other side's starts.
    [[nodiscard]] Op press(int side, Ms at);
    // Stops both clocks (arbiter, claims); the interrupted turn can be resumed by restart().
    [[nodiscard]] Op stop(Ms at);
    // Resumes the turn the last stop() interrupted, keeping its delay and byoyomi state.
    [[nodiscard]] Op restart(Ms at);
    // The two sides exchange their clocks, each player keeping his own state (main time, or the byoyomi or Canadian
    // overtime he plays in): a game replayed with colours exchanged. Both clocks must be stopped.
    [[nodiscard]] Op exchange(Ms at);
    // A late player arrives whose clock has run since the scheduled start: stops it at `at` and starts the
    // clock of `to_move` (no change when that is the running side). Othello and JCA practice.
    [[nodiscard]] Op arrive(int side, Ms at, int to_move);

    // Arbiter adjustments at `at` (see the header comment for overtime and flags).
    [[nodiscard]] Op add_time(int side, Ms amount, Ms at);
    [[nodiscard]] Op deduct_time(int side, Ms amount, Ms at);
    [[nodiscard]] Op set_time(int side, Ms value, Ms at);
    // Adds `amount` to the increment of every period, for both sides, so that each press from now on adds it
    // (an increment introduced during the game: FIDE Guidelines III.4). Refused where the control cannot take an
    // increment (time_control.h's rules: a delay, byoyomi, Canadian overtime, an hourglass).
    [[nodiscard]] Op add_increment(Ms amount, Ms at);
    // Installs a simple delay of `amount` for both sides, the turn under way's starting at `at` (a delay clock put on
    // the game and started: US Chess 14H2a). Refused where the control cannot take one (an increment, a delay already, byoyomi, Canadian
    // overtime, an hourglass); a zero amount changes nothing.
    [[nodiscard]] Op add_delay(Ms amount, Ms at);

    // `side`'s clock at `at`, which must not precede the last operation's instant.
    Reading reading(int side, Ms at) const;
    // Shorthand for reading(side, at).shown.
    Ms shown(int side, Ms at) const;
    // What `side`'s clock would show right after it pressed at `at`, without pressing (the time a move used is what
    // the clock showed when the turn began plus what the press adds, minus the reading after it); nullopt where
    // press() would refuse. Inline around a plain number: the optional built in another file went through memory a
    // byte at a time and was read back whole, a store-to-load stall.
    std::optional<Ms> shown_after_press(int side, Ms at) const {
        if (side != running_ || side < 0 || at.count() < now_) return std::nullopt;
        return Ms{after_press(side, at.count())};
    }
    // Shorthand for reading(side, at).flag_fell, which a runner asks before every entry. (Inline, like running(): an
    // optional returned from another file cost more than the question.) Nearly always neither flag can have fallen
    // (flags_up's bound), known without working the fall out.
    std::optional<Ms> flag_fell(int side, Ms at) const {
        if (flags_up(at)) return std::nullopt;
        const std::int64_t fell = fall_by(side, at.count());
        return fell == no_instant ? std::nullopt : std::optional<Ms>(Ms{fell});
    }
    // Whether neither flag can have fallen by `at` (flag_fell is then nullopt for both sides), asked by a runner before
    // every entry. It compares with a bound kept between operations: a press only adds time (an increment, a delay, a
    // new period or block) and a side's time runs down no faster than the instants go, so the earliest instant at which
    // a flag could fall, worked out from the state at one operation, holds through the presses that follow; an
    // adjustment, which may take time away, has it worked out again.
    bool flags_up(Ms at) const {
        if (at.count() < up_until_) return true;
        up_until_ = earliest_fall();
        return at.count() < up_until_;
    }
    // The instant `side`'s flag fell or, while its clock runs, will fall if nothing else happens;
    // nullopt when it has not fallen and its clock is stopped.
    std::optional<Ms> flag_instant(int side) const;
    // Both flags at `at`. (Inline for the same reason as shown_after_press: the converter asks after every move.)
    Flags flags(Ms at) const {
        Flags f;
        if (flags_up(at)) return f;  // nearly always: the bound spares both sides' questions
        for (int side = 0; side < 2; ++side)
            if (const std::int64_t fell = fallen_by(side, at.count()); fell != no_instant) f.fell[side] = Ms{fell};
        if (f.fell[0] && (!f.fell[1] || *f.fell[0] < *f.fell[1])) f.first = 0;
        if (f.fell[1] && (!f.fell[0] || *f.fell[1] < *f.fell[0])) f.first = 1;
        return f;
    }

    // The running side, or nullopt when both clocks are stopped.
    std::optional<int> running() const { return running_ < 0 ? std::nullopt : std::optional<int>(running_); }
    // The last operation's instant.
    Ms last_instant() const { return Ms{now_}; }
    int moves(int side) const { return sides_[side & 1].moves; }
    const TimeControl& control() const { return control_; }

private:
    static constexpr std::int64_t no_instant = std::numeric_limits<std::int64_t>::min();

    // One side's state, as of `since_` for the running side and as of now for the other.
    struct Side {
        std::int64_t main = 0;        // main time left
        std::int64_t over = 0;        // in overtime: byoyomi period or Canadian block time left
        std::int64_t delay_left = 0;  // simple delay left this turn
        std::int64_t turn_used = 0;   // time used this turn (Bronstein)
        std::int64_t flag_at = no_instant;
        int moves = 0;
        int period = 0;             // periods begun after the first (index with repeats)
        int period_moves_left = 0;  // moves still due in this period; 0 = all remaining moves
        int byoyomi_left = 0;
        int canadian_left = 0;
        bool in_overtime = false;
    };

    enum class Overtime : std::uint8_t { none, byoyomi, canadian };

    void advance(Side& s, std::int64_t from, std::int64_t elapsed) const;
    void settle(std::int64_t at);
    void new_turn(Side& s) const;
    void complete_move(Side& s) const;  // press()'s part on the side's own state
    void enter_overtime(Side& s) const;
    Side state_at(int side, std::int64_t at) const;
    std::int64_t fall_by(int side, std::int64_t at) const;  // the instant side's flag fell, if by `at`; else no_instant
    // flag_instant(side), if by `at`; else no_instant. A recorded fall is never no_instant (that marks none), and a
    // fall to come is since_ plus a running time of zero or more, so no_instant can stand for "not fallen". Inline for
    // flags(), which a converter asks after every move.
    std::int64_t fallen_by(int side, std::int64_t at) const {
        const Side& s = sides_[side];
        std::int64_t instant = s.flag_at;
        if (instant == no_instant) {
            if (running_ != side) return no_instant;
            instant = since_ + time_to_flag(s);
        }
        return instant <= at ? instant : no_instant;
    }
    std::int64_t earliest_fall() const;  // flags_up's bound, from the state at the last operation
    std::int64_t after_press(int side, std::int64_t at) const;  // shown_after_press of the running side, at >= now_
    std::int64_t period_adds(const Side& s) const;  // what a press adds to the main time for the period (not Bronstein)
    std::int64_t time_to_flag(const Side& s) const;
    Op adjust(int side, std::int64_t at, std::int64_t delta, bool set);
    Op check_instant(Ms at) const;

    TimeControl control_;
    // Derived from control_ once: what press() and advance() read.
    bool hourglass_ = false;
    bool bronstein_ = false;
    bool simple_delay_ = false;
    bool main_only_ = false;  // no delay, no overtime, no hourglass: the main time alone runs and is shown
    // One period without a move count (every "600+5"): a press adds its increment alone, read here rather than from
    // the control's list on the heap (period_adds, for every press of an archive's moves).
    bool sole_period_ = false;
    std::int64_t sole_increment_ = 0;
    Overtime overtime_ = Overtime::none;
    std::int64_t delay_ = 0;
    std::int64_t overtime_time_ = 0;  // byoyomi period or Canadian block
    int byoyomi_periods_ = 0;
    int canadian_moves_ = 0;

    std::array<Side, 2> sides_{};
    int running_ = -1;      // running side, -1 when both are stopped
    int interrupted_ = -1;  // side whose turn the last stop() interrupted
    std::int64_t since_ = 0;  // instant from which the running side's state must be advanced
    std::int64_t now_ = 0;    // last operation's instant
    mutable std::int64_t up_until_ = no_instant;  // flags_up's bound; no_instant: to be worked out
};

}  // namespace arbiter::clock
