// Warnings for plausible mistakes in what a user asked for: they go to stderr through spdlog (never stdout) and
// -q silences them. A rulesets folder that cannot be read is warned about where it is searched (rulebook/paths.h).
#pragma once

#include "clock/time_control.h"
#include "rulebook/event.h"
#include "rulebook/rulebook.h"

#include <yaml-cpp/yaml.h>

#include <optional>
#include <string>
#include <vector>

namespace arbiter::rulebook {

// The language of the warnings (the command's --lang; English until the CLI sets it).
void set_warnings_lang(Lang lang);
Lang warnings_lang();

// Warns on stderr (spdlog, silenced by -q) when the time control at `node` of `file`, written in the PGN form,
// gives under a minute of main time ("15+10": did you mean 900+10?). Each place is warned about once per run,
// however many rulebooks read it.
void warn_short_main_time(const std::string& file, const YAML::Node& node, const clock::TimeControl& control);

// Warns when the category an event names is not the one its time control falls in under `book` (category: rapid
// with 90 minutes a player; FIDE 2009 A.1 defines rapid by the time): the run plays the named category's rules as
// asked, but `event check` would refuse the pair. Once per event place and rulebook.
void warn_category_against_time(const Event& event, const Rulebook& book,
                                const std::optional<clock::TimeControl>& control);

// Warns when `books` are not all of one game (a diff of a chess rulebook with a shogi one compares topics that
// mean different things, and most of it is one side's rules only).
void warn_mixed_games(const std::vector<const Rulebook*>& books);

// Warns, for each category rule of `book` inherited from a parent, when a later file of the lineage (the rulebook
// itself, a house rule) changed the same topic in the base rules: in that category the parent's category rule
// replaces the change (a club's +1 minute for an illegal move becomes A.4c's +2 minutes in rapid). Returns the
// warnings written (en), one per pair, naming both places.
std::vector<std::string> warn_categories_over_changes(const Rulebook& book);

}  // namespace arbiter::rulebook
