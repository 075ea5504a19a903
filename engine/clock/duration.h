// Durations as people write them in rulebooks, events and timelines, read and printed exactly in
// integer milliseconds. Shared by the clock, the rulebook loader and the timeline reader.
//
// Accepted forms (no sign, no spaces):
//   unit form    one or more <digits><unit> groups, units in decreasing order and each at most once:
//                h, min, s, ms.  Examples: 90min, 30s, 1h30min, 1min30s, 500ms, 2s500ms.
//   clock form   H:MM:SS or M:SS, optionally followed by .d, .dd or .ddd (fractions of a second):
//                1:30:00, 0:00:10, 5:00, 90:00, 1:29:10.250.  MM and SS are two digits below 60;
//                the leading field has any number of digits.
//   zero         the bare number 0.
// A bare number other than 0 is refused: "90" could mean seconds or minutes.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace arbiter::clock {

// Milliseconds: the one time unit of the clock layer (instants and amounts alike).
using Ms = std::chrono::milliseconds;

// Where a text or YAML input went wrong: 1-based line and column (0 = not known) and what was expected.
// The clock layer returns these instead of throwing; callers wrap them in arbiter::InputError.
struct ParseError {
    int line = 0;
    int column = 0;
    std::string message;
};

// A parsed value or the error that prevented it.
template <class T>
struct Parsed {
    std::optional<T> value;
    ParseError error;

    explicit operator bool() const { return value.has_value(); }
    const T& operator*() const { return *value; }
    const T* operator->() const { return &*value; }
};

// The largest duration accepted: 1,000,000 hours, far beyond any game, small enough that sums of a few
// thousand of them cannot overflow 64 bits.
inline constexpr Ms max_duration{std::int64_t{1'000'000} * 3'600'000};

// Reads a duration in one of the forms above; errors carry the 1-based column within `text` (line 0).
Parsed<Ms> parse_duration(std::string_view text);

// Prints in the unit form, largest units first, zero groups left out: 1h30min, 30s, 1min30s500ms, 0s.
// A negative value (a reading after an unnoticed flag fall) is printed with a leading '-'.
std::string format_duration(Ms value);

// Prints in the clock form H:MM:SS, adding .mmm only when the milliseconds are not zero:
// 1:30:00, 0:00:05.250, -0:00:01.500.
std::string format_clock(Ms value);

// An ASCII digit, whatever the locale: the readers of durations and time controls.
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace arbiter::clock
