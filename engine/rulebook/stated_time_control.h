// The time control a rulebook states itself (clock.time_control: main_time, byoyomi), for events that give none
// and for `event check`, which refuses an event's time control the rulebook fixes otherwise.
#pragma once

#include "clock/time_control.h"
#include "rulebook/rulebook.h"

#include <optional>

namespace arbiter::rulebook {

// The rulebook's own time control, or nullopt when its rule on clock.time_control states no main_time.
// Throws InputError at the rule when the stated values do not make a time control.
std::optional<clock::TimeControl> stated_time_control(const Rulebook& book);

// Whether an event may replace the stated time control: true when the rulebook states none, or lets an event set
// every value it states (event_may_set on main_time and byoyomi).
bool event_may_set_time_control(const Rulebook& book);

}  // namespace arbiter::rulebook
