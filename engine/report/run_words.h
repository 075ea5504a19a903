// The words a run's text puts in place of engine names: sides and roles, effects and discretion options from the
// registry (schemas/topics.yaml: each has its en and ja text), timeline entry actions and claim kinds in Japanese.
// English output keeps the engine's names (they are the timeline's own words); Japanese output uses these.
#pragma once

#include "rulebook/rulebook.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report {

// A side or role in the language: "sente" -> "先手", "white" -> "白"/"White"; a name the registry lacks as it is.
std::string role_words(std::string_view name, const rulebook::Registry* registry, rulebook::Lang lang);

// An effect or discretion option in the language, without its closing full stop: "add_time" -> "時計に時間を加える".
std::string effect_words(std::string_view name, const rulebook::Registry* registry, rulebook::Lang lang);

// A timeline entry's action in Japanese ("claim" -> "申し立て"); "" for an action the table does not know.
std::string_view entry_action_ja(std::string_view action);

// A claim kind in Japanese ("repetition" -> "同一局面の反復"); "" for a kind the table does not know.
std::string_view claim_kind_ja(std::string_view kind);

// A run's category in the language: its title where the rulebook gives one (categories: title); else "" ->
// "standard"/"通常", the registry's general categories rapid and blitz in Japanese (早指し, 電撃戦), and any other
// name as it is in English and as a neutral word in Japanese (a rulebook's id for it is not Japanese).
std::string category_words(std::string_view category, const rulebook::Text& title, rulebook::Lang lang);
// The same with the title looked up in the first of `books` that has the category.
std::string category_words(std::string_view category, rulebook::Lang lang,
                           const std::vector<const rulebook::Rulebook*>& books);
// A formula's name in words, from the fields of its declaration ({name: f, title: {en, ja}, returns: [...]}, or
// a bare name): its title in `lang` where given; else the function name in English and a neutral word in Japanese.
std::string hook_words(const YAML::Node& fields, rulebook::Lang lang);
// A rule's own formula (rule hook:) as output names it: in Japanese hook_words; in English its title and then its
// function name where titled ("Deduction (claimant_deduction)"), else the function name; "" for a rule without one.
std::string rule_hook_words(const rulebook::Rule& rule, rulebook::Lang lang);
// A mode's name as output prints it: its title in `lang` (a rulebook's modes: title) where the first of `books`
// that has the mode gives one, else its id.
std::string mode_words(std::string_view mode, rulebook::Lang lang, const std::vector<const rulebook::Rulebook*>& books);

// A duration in the language: "1h30min" / "1時間30分", "30s" / "30秒".
std::string duration_words(std::int64_t ms, rulebook::Lang lang);

// A value written in a rulebook or event, in the language: a duration ("3min" -> "3分"), true/false
// (はい/いいえ) in Japanese; anything else as written.
std::string written_value_words(const std::string& text, rulebook::Lang lang);

// The Japanese label of an effect's field ("to" -> "対象"); "" for a field the table does not know.
std::string_view effect_field_ja(std::string_view field);

// Text without its closing full stop (". " or "。"), for a description used as a label.
std::string without_full_stop(std::string text);

}  // namespace arbiter::report
