// Time controls: what a clock is set to, read from the PGN TimeControl tag or from a structured YAML
// form, printed back in both, and measured for categories. Nothing here knows a rulebook.
//
// PGN form (PGN standard 9.6.1; fields separated by ':', the last field repeats as needed):
//   ?              unknown                         -              no time control
//   5400           90 min for the game              5400+30        90 min, 30 s added after every move
//   40/5400        40 moves in 90 min               40/5400+30     the same with a 30 s increment
//   40/5400:1800   40 moves in 90 min, then 30 min for the rest; unused time carries over
//   *60            hourglass (sandclock): each side starts with 60 s and time used by one is added
//                  to the other
// Seconds are whole numbers. Delay, byoyomi and Canadian overtime have no PGN form.
//
// Structured form (YAML; durations as in duration.h):
//   {time: 20min}                                            sudden death (Othello: 20 minutes each)
//   {time: 1h30min, increment: 30s}                          Fischer increment after every move
//   {periods: [{moves: 40, time: 90min}, {time: 30min}], increment: 30s}
//   {periods: [{moves: 40, time: 2h}, {moves: 20, time: 1h, increment: 30s}]}   per-period increment;
//                                                            a last period with moves repeats
//   {time: 5min, delay: {kind: bronstein, time: 2s}}         Bronstein: the press returns at most the
//                                                            time used, up to 2 s
//   {time: 5min, delay: {kind: simple, time: 5s}}            simple (US) delay: main time runs only after
//                                                            the first 5 s of each move
//   {time: 10min, byoyomi: {periods: 1, time: 30s}}          then Japanese byoyomi (shogi)
//   {time: 10min, canadian: {moves: 10, time: 5min}}         then 10 moves in every 5 min
//   {hourglass: 1min}
// `time` is shorthand for a single period without a move count; `increment` at the top applies to
// every period that gives none. A scalar is read as the PGN form ("40/5400:1800", "?", "-").
// Rules: moves, byoyomi periods and Canadian moves are at least 1; delay, byoyomi, Canadian and
// hourglass times are positive. Delay and increment exclude each other; byoyomi and Canadian need a
// single period without a move count and no increment or delay; hourglass stands alone.
#pragma once

#include "clock/duration.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace YAML {
class Node;
}

namespace arbiter::clock {

// One control period: `moves` moves (0 = all remaining moves) in `time`, with `increment` added after
// every move made in it. The time of period k+1 is added when period k's moves are completed.
struct Period {
    int moves = 0;
    Ms time{0};
    Ms increment{0};
    bool operator==(const Period&) const = default;
};

enum class DelayKind { bronstein, simple };

// FIDE 2009 6.2b "time delay" mode.
struct Delay {
    DelayKind kind = DelayKind::simple;
    Ms time{0};
    bool operator==(const Delay&) const = default;
};

// Japanese byoyomi after the main time: `periods` periods of `time` each; a period is used up only when
// a move takes longer than it; the flag falls when the last one is used up.
struct Byoyomi {
    int periods = 1;
    Ms time{0};
    bool operator==(const Byoyomi&) const = default;
};

// Canadian overtime after the main time: `moves` moves in every `time`.
struct Canadian {
    int moves = 1;
    Ms time{0};
    bool operator==(const Canadian&) const = default;
};

struct TimeControl {
    enum class Kind { unknown, none, periods, hourglass };
    Kind kind = Kind::unknown;
    std::vector<Period> periods;  // kind == periods: at least one
    Ms hourglass{0};              // kind == hourglass: each side's starting time
    std::optional<Delay> delay;
    std::optional<Byoyomi> byoyomi;
    std::optional<Canadian> canadian;

    // Whether a clock can run on it (periods or hourglass, as opposed to unknown or none).
    bool is_timed() const { return kind == Kind::periods || kind == Kind::hourglass; }
    bool operator==(const TimeControl&) const = default;
};

// Checks the rules in the header comment; returns the first violation, or nullopt.
std::optional<std::string> check(const TimeControl& control);

// Reads the PGN TimeControl form; errors carry the 1-based column in `text` (line 0).
Parsed<TimeControl> parse_pgn_time_control(std::string_view text);

// Prints the PGN form, or nullopt when there is none (delay, byoyomi, Canadian, times that are not whole
// seconds).
std::optional<std::string> format_pgn_time_control(const TimeControl& control);

// A hint for a time control read from the PGN form whose main time is under a minute: PGN times are seconds, so
// "15+10" is 15 seconds and 10 seconds a move, most often written for 15 minutes ("did you mean 900+10?").
// nullopt when the main time is a minute or more, zero, or the control is not timed.
std::optional<std::string> short_main_time_hint(const TimeControl& control, bool japanese = false);

// Reads the structured form (or a scalar in PGN form) from YAML; errors carry the node's 1-based
// line and column.
Parsed<TimeControl> parse_yaml_time_control(const YAML::Node& node);

// Reads the structured form from text, as given on a command line: "{time: 20min}".
Parsed<TimeControl> parse_yaml_time_control(std::string_view text);

// Prints the structured form on one line, in YAML flow style, the shortest equivalent spelling.
std::string format_yaml_time_control(const TimeControl& control);

// The time a player has for the first `moves` moves: main time of every period begun by then plus the
// increments of those moves (for an hourglass, the starting time). Overtime is not counted; a delay is counted
// like an increment where `count_delay` says so (US Chess 5C: G/60 d5 is 65 minutes), else not.
// nullopt for unknown and none.  FIDE names categories by this with moves = 60.
std::optional<Ms> time_for_moves(const TimeControl& control, int moves, bool count_delay = false);

// A bound of a category threshold; `inclusive` says whether the value itself is inside.
struct Bound {
    Ms value{0};
    bool inclusive = true;
};

// A category a rulebook defines by the time for a number of moves (see time_for_moves).
struct CategoryThreshold {
    std::string name;
    std::optional<Bound> min;  // nullopt: no lower bound
    std::optional<Bound> max;  // nullopt: no upper bound
};

// The first category in `thresholds` whose bounds hold time_for_moves(control, moves); nullopt when none
// does or the control is not timed. The thresholds and the number of moves come from the rulebook.
std::optional<std::string> category(const TimeControl& control, std::span<const CategoryThreshold> thresholds,
                                    int moves, bool count_delay = false);

}  // namespace arbiter::clock
