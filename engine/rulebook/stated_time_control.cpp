#include "rulebook/stated_time_control.h"

#include "core/error.h"

#include <string>

namespace arbiter::rulebook {

namespace {

// The registry words (schemas/topics.yaml: clock.time_control); the procedure layer's params.h names them too.
constexpr const char* topic = "clock.time_control";
constexpr const char* main_time = "main_time";
constexpr const char* byoyomi = "byoyomi";

}  // namespace

std::optional<clock::TimeControl> stated_time_control(const Rulebook& book) {
    const Rule* r = book.rule(topic);
    const Param* main = r ? r->param(main_time) : nullptr;
    if (!main) return std::nullopt;
    // Written as the clock layer's structured form, so the clock reads it exactly as an event's.
    auto seconds = [](const Param& p) { return std::to_string(p.value.ms.count() / 1000) + "s"; };
    std::string text = "{time: " + seconds(*main);
    if (const Param* b = r->param(byoyomi)) text += ", byoyomi: {periods: 1, time: " + seconds(*b) + "}";
    auto parsed = clock::parse_yaml_time_control(text + "}");
    if (!parsed) throw InputError({r->from.file, r->from.line, 0}, std::string(topic) + ": " + parsed.error.message);
    return *parsed;
}

bool event_may_set_time_control(const Rulebook& book) {
    const Rule* r = book.rule(topic);
    if (!r) return true;
    for (const char* name : {main_time, byoyomi})
        if (const Param* p = r->param(name); p && !p->event_may_set) return false;
    return true;
}

}  // namespace arbiter::rulebook
