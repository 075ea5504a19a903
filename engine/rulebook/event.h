// Events (an event file with `event: Name` at the top, or inline in a timeline): the rulebook, mode,
// category, time control and the parameters set by topic path.
#pragma once

#include "rulebook/rulebook.h"
#include "rulebook/text.h"
#include "rulebook/yaml_source.h"

#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

namespace arbiter::rulebook {

// One `set:` entry: topic.param -> value (kept as its node for messages and later reading).
struct Setting {
    std::string topic;
    std::string param;
    NodeHandle value;
    NodeHandle key;
};

struct Event {
    std::string name;
    std::string rulebook;
    std::string mode;
    std::string category;
    std::string supervision;  // "adequate" or "inadequate" (FIDE 2009 A.3), "" when the event does not say
    std::string variant;  // a game file ruled as the rulebook's game (ruled_as), played instead of it: chess960
    NodeHandle time_control;
    std::vector<Setting> set;
    // `declared:` (a timeline's event converted from a record, records.settings of the game file): what the record
    // states about the event it was played under. adopt_declared moves each the rulebook lets an event set into
    // `set`, and leaves the others aside with the reason (`declared_aside`, English and Japanese): the rulebook's
    // value then rules.
    std::vector<Setting> declared;
    std::vector<Text> declared_aside;
    std::string file;
    NodeHandle node;  // the event map itself
};

// Reads an event map (already schema-checked) written in `file`.
Event read_event(const YAML::Node& node, const std::string& file);

// Returns the rulebook the event names (or `override_id` when not empty), throwing InputError at the
// rulebook key with a "did you mean" when the library has no such rulebook.
const Rulebook& event_rulebook(const Event& event, const Library& library, const std::string& override_id = {});

// Checks the event against its rulebook: the mode and category exist, and each `set:` path names a
// parameter of a rule the rulebook has, with a value in the parameter's unit. Throws InputError.
void check_event(const Event& event, const Rulebook& rulebook, const Registry& registry);

// Takes the event's `declared:` settings under `rulebook`: each that check_event would accept as a `set:` entry (a
// rule of the rulebook with the parameter, event_may_set, a value in its unit and range) and the event does not set
// itself joins `set`; each other is noted in `declared_aside`. Called once the event's rulebook is known (a timeline
// read, an audit's head); `declared` is emptied, so a second call does nothing.
void adopt_declared(Event& event, const Rulebook& rulebook, const Registry& registry);

}  // namespace arbiter::rulebook
