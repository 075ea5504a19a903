// The topic registry (schemas/topics.yaml): the topics a rule may be keyed by with their parameters and
// units, and the vocabularies of effects, conditions, roles and discretion options. A rulebook names
// only what is here; unknown names are errors with a "did you mean".
#pragma once

#include "rulebook/text.h"
#include "rulebook/yaml_source.h"

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::rulebook {

// The unit of a parameter's value; the names are the registry's.
// balances: material balances a rule lists ("KR v KR; KBP v K (wrong_rook_pawn)"), read by rulebook/balances.h.
enum class Unit { duration, moves, count, points, boolean, text, choice, fraction, balances };

std::optional<Unit> unit_from_name(std::string_view name);
std::string_view unit_name(Unit unit);

struct ParamSpec {
    std::string name;
    Unit unit = Unit::text;
    Text text;
    NodeHandle default_value;  // what a rule that omits the parameter takes (topics.yaml `default`); undefined: none
    std::optional<std::int64_t> max;  // the largest whole value a rule may give (topics.yaml `max`); none: no bound
};

struct TopicSpec {
    std::string name;
    Text text;
    std::vector<ParamSpec> params;
    std::vector<std::string> options;    // free words a discretion on this topic may list
    std::string game;                    // the game whose triggers raise it; "" for every game
    std::vector<std::string> raised_by;  // triggers that raise it; empty: text and parameters only
    std::string setting;                 // the engine setting it carries (procedure/params.h), or ""

    const ParamSpec* param(std::string_view name) const;
    std::vector<std::string> param_names() const;
};

// An effect and its fields: name -> type (role, duration, boolean, points, choice, conditions, effects, list, text).
struct EffectSpec {
    std::string name;
    std::vector<std::pair<std::string, std::string>> fields;
    Text text;
    bool statement = false;  // the ruling states it; the engine changes nothing

    const std::string* field_type(std::string_view field) const;
};

struct ConditionSpec {
    std::string name;
    std::string type;  // boolean, duration, count, moves, points, text, map, topic (a topic of the registry)
    Text text;
};

struct NamedText {
    std::string name;
    Text text;
};

// A section of the event sheet: its heading and topics, or every rule with a discretion.
struct SheetSectionSpec {
    Text heading;
    std::vector<std::string> topics;
    bool discretion = false;
};

// The words an engine acts on, by registry section; params as "mechanism param" (a trigger or a setting). The procedure layer supplies its own
// (procedure::implemented_words) through set_engine_words, and from then on every registry load refuses a word
// the engine does not act on: the registry is the vocabulary, and nothing in it is only shown.
struct EngineWords {
    std::vector<std::string_view> triggers, claimants, deadlines, conditions, effects, params, claims, entries, material_properties;
    // Discretion options (registry `options`) the engine applies when the arbiter picks one.
    std::vector<std::string_view> options;
    // Roles that name a player only in some places, as "trigger role": the role is bound in a rule that trigger
    // raises. A role not listed for a trigger (the absent player in a claim) names nobody there.
    std::vector<std::string_view> place_roles;
    // Conditions the runner establishes only in some places, as "trigger condition" (the facts an entry or a claim
    // finds: claim_correct in a claim, occurrence at a repetition); a condition listed for no trigger is read off the
    // board, the clock or the run wherever it stands. Elsewhere the condition is never known, so a case on it would
    // validate and never match.
    std::vector<std::string_view> place_conditions;
    // Deadlines the runner counts only in some places, as "trigger deadline" (within_last_moves counts from an illegal
    // move, so only a rule an illegal move raises); a deadline listed for no trigger is counted wherever a claim is.
    std::vector<std::string_view> place_deadlines;
    // Deadlines that read a parameter of their rule, as "deadline param": without it the deadline never passes.
    std::vector<std::string_view> deadline_params;
    // Conditions that read a role's player, as "condition role": they stand only where that role is bound.
    std::vector<std::string_view> condition_roles;
    // The conditions an incident entry may state as facts (its `facts:`): the others are read off the board, the
    // clock or the run, and a fact given for them would be ignored.
    std::vector<std::string_view> incident_facts;
    // Effect fields of type role that take one side, as "effect.field" (lose.who: `both` is not one player).
    std::vector<std::string_view> one_side_fields;
    // The values an effect's choice field takes, as "effect.field=value"; a choice field with none listed is shown only.
    std::vector<std::string_view> field_choices;
    // Effects that act only in a game whose end is counted (a placement game): elsewhere there is nothing to count.
    std::vector<std::string_view> counted_game_effects;
    // Words that the board answers from one of the analyses a game file names (core::Analysis, `analyses:`), as
    // "word analysis": conditions and material properties. A rulebook of a game that does not offer the analysis
    // may not use the word (check_for_game), so that it is never answered "no" for want of the analysis.
    std::vector<std::string_view> analysis_words;
    // Compiles a rulebook's hooks file without running it: empty when it compiles, else "line: message".
    std::string (*compile_hooks)(const std::string& source, const std::string& chunk) = nullptr;
};
void set_engine_words(const EngineWords* words);
const EngineWords* engine_words();

class Registry {
public:
    // Loads and checks a registry file (schema, then meaning). Throws InputError.
    static Registry load(const std::filesystem::path& file);
    // The bundled registry, schema_file("topics.yaml") (rulebook/paths.h), loaded once.
    static const Registry& bundled();

    const TopicSpec* topic(std::string_view name) const;
    const EffectSpec* effect(std::string_view name) const;
    const ConditionSpec* condition(std::string_view name) const;
    const NamedText* role(std::string_view name) const;
    const NamedText* option(std::string_view name) const;
    const NamedText* trigger(std::string_view name) const;
    const NamedText* claimant(std::string_view name) const;
    const NamedText* deadline(std::string_view name) const;
    const NamedText* material_property(std::string_view name) const;
    // The topic that carries the engine setting `setting` (a topic's `setting`), or "".
    const std::string& setting_topic(std::string_view setting) const;
    // The rulebook format this registry defines (its `format`, 1 when it says none).
    int format() const { return format_; }
    // What replaced a retired word (the registry's `retired`): "; 'word' was retired in format N: <what to write>",
    // or "" for a word never retired.
    std::string retired_hint(std::string_view word) const;
    // The right whose holder `role` names (roles' `holds`: right_holder holds draw_win_right), or "".
    std::string_view right_held_by(std::string_view role) const;
    // The topic `trigger` raises in a rulebook of `game`, or null when it raises none there.
    const TopicSpec* raised(std::string_view trigger, std::string_view game) const;

    const std::vector<std::string>& topic_names() const { return topic_names_; }
    const std::vector<std::string>& effect_names() const { return effect_names_; }
    const std::vector<std::string>& condition_names() const { return condition_names_; }
    const std::vector<std::string>& role_names() const { return role_names_; }
    const std::vector<std::string>& option_names() const { return option_names_; }
    const std::vector<std::string>& trigger_names() const { return trigger_names_; }
    const std::vector<SheetSectionSpec>& sheet_sections() const { return sheet_; }
    const std::vector<std::string>& claimant_names() const { return claimant_names_; }
    const std::vector<std::string>& deadline_names() const { return deadline_names_; }
    const std::vector<std::string>& material_property_names() const { return material_property_names_; }

    const std::string& file() const { return file_; }

private:
    std::string file_;
    std::map<std::string, TopicSpec, std::less<>> topics_;
    std::map<std::string, EffectSpec, std::less<>> effects_;
    std::map<std::string, ConditionSpec, std::less<>> conditions_;
    std::map<std::string, NamedText, std::less<>> roles_;
    std::map<std::string, NamedText, std::less<>> options_, triggers_, claimants_, deadlines_, material_properties_;
    std::vector<std::string> topic_names_, effect_names_, condition_names_, role_names_, option_names_;
    std::vector<std::string> trigger_names_, claimant_names_, deadline_names_, material_property_names_;
    std::vector<SheetSectionSpec> sheet_;
    std::map<std::string, std::string, std::less<>> holds_;
    int format_ = 1;
    std::map<std::string, std::pair<int, Text>, std::less<>> retired_;  // word -> first format without it, advice  // role -> the right it names the holder of
};

// Reads {en, ja} from a localized-text node (missing parts stay empty).
Text read_text(const YAML::Node& node);

}  // namespace arbiter::rulebook
