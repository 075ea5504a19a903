// layer: clock
// Durations and time controls (clock/duration.h, clock/time_control.h), PGN and YAML forms; a parsed control runs
// a clock through a few presses at the far end of the range, under UBSan's overflow checks.
#include "clock/clock.h"
#include "clock/duration.h"
#include "clock/time_control.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace arbiter::clock;

namespace {

void exercise(const TimeControl& control) {
    if (!control.is_timed() || check(control)) return;
    Clock c(control);
    (void)c.start(0, Ms{0});
    (void)c.press(0, Ms{1000});
    (void)c.press(1, max_duration);
    (void)c.add_time(0, max_duration, max_duration);
    (void)c.deduct_time(1, max_duration, max_duration);
    (void)c.flags(max_duration);
    (void)format_clock(c.shown(0, max_duration));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 4096) return 0;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    if (auto d = parse_duration(text)) (void)format_duration(*d), (void)format_clock(*d);
    if (auto p = parse_pgn_time_control(text)) exercise(*p);
    if (auto y = parse_yaml_time_control(text)) exercise(*y);  // reports YAML errors as ParseError, never throws
    return 0;
}
