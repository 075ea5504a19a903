// `arbiter event check`: an event measured against what its rulebook lets an event change. Unlike
// check_event in event.h (which throws at the first unreadable path), every finding is collected, and a
// refusal names the article that forbids it, so an organiser can fix the whole file at once.
#pragma once

#include "clock/time_control.h"
#include "core/error.h"
#include "rulebook/event.h"
#include "rulebook/rulebook.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::rulebook {

// Reads an event file through the YAML front door and its schema. Throws InputError (exit 2) for a file
// that is not a readable, schema-conforming event.
Event load_event(const std::filesystem::path& path);

// A `set:` entry the rulebook accepts, with the rule and parameter it changes and the value read.
struct AcceptedSetting {
    std::string path;  // topic.param as written
    const Rule* rule = nullptr;
    const Param* param = nullptr;
    Value value;
};

// Something the rulebook does not let the event do.
struct Refusal {
    SourceLocation where;
    std::string path;     // the set path, or "mode", "category", "time_control"
    std::string article;  // the article that forbids it, "" when the rulebook has no rule on it
    std::string message;  // a sentence naming the article and what was expected
    std::string message_ja;  // the same in Japanese (ids the event's writer typed stay as typed, quoted)
    bool unknown_name = false;  // a `set:` key naming no topic or parameter of the registry: a typo, not a refusal
};

struct EventCheck {
    std::string mode;                 // as given, else the rulebook's default mode ("" when none)
    std::string category;             // as given, else the category its time control falls in ("" = standard)
    std::string category_article;     // the article that defines the category
    bool category_from_time = false;  // true when the category follows from the time control
    std::optional<clock::TimeControl> time_control;  // the event's, else the one the rulebook states (as a run plays it)
    std::string time_control_article;                // the rulebook's article when the time control is the rulebook's own
    std::string supervision;  // the level of supervision the event states ("adequate", "inadequate"; "" unstated)
    bool base_rules = false;  // adequate supervision sets the category's own rules aside (FIDE 2009 A.3)
    std::vector<AcceptedSetting> accepted;
    std::vector<Refusal> refused;

    bool ok() const { return refused.empty(); }
    // The category whose own rules the event plays: none where adequate supervision sets them aside.
    std::string rules_category() const { return base_rules ? std::string() : category; }
};

// The rule on `topic` that applies under `mode` and `category` (their own rule first, then the base
// rule), or null. Removed rules count as absent.
const Rule* applicable_rule(const Rulebook& book, std::string_view topic, const std::string& mode = {},
                            const std::string& category = {});

// Splits a set path into topic and parameter at the longest registry topic that prefixes it; the topic
// is "" when none does.
std::pair<std::string, std::string> split_set_path(std::string_view path, const Registry& registry);

// Checks the event against `book`: mode and category names, the time control, and every `set:` path
// (known topic and parameter, a rule the rulebook has, event_may_set, unit, range and choices).
EventCheck check_event_settings(const Event& event, const Rulebook& book, const Registry& registry);

// The category whose `when` holds the time control's game time (rulebook basis moves), or "".
std::string category_for(const Rulebook& book, const clock::TimeControl& control);

// The value of parameter `param` of `rule` in force at the event: the event's setting when it has one.
const Value* event_value(const EventCheck& check, const Rule& rule, std::string_view param);

}  // namespace arbiter::rulebook
