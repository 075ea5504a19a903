// The rulebook layer's face: a resolved rulebook (after `extends`), its rules keyed by topic with the
// file and line each came from, and the Library that loads every bundled rulebook.
#pragma once

#include "core/error.h"
#include "rulebook/registry.h"
#include "rulebook/text.h"
#include "rulebook/yaml_source.h"

#include <yaml-cpp/yaml.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::rulebook {

// A parameter value read in its registry unit. `text` is as written; durations are in `ms`, moves and
// counts in `integer`, points and fractions in `number`, booleans in `flag`.
struct Value {
    Unit unit = Unit::text;
    std::string text;
    std::chrono::milliseconds ms{0};
    std::int64_t integer = 0;
    double number = 0;
    bool flag = false;
};

// Where a resolved rule (or category, mode) was written: the rulebook id, its file and line.
struct Provenance {
    std::string rulebook;
    std::string file;
    int line = 0;
};

struct Param {
    std::string name;
    Value value;
    bool event_may_set = false;
    std::optional<Value> min, max;
    std::vector<Value> choices;
    Text summary;
    SourceLocation where;
};

// One effect of the vocabulary, kept as its YAML node so every later message keeps the marks.
struct Effect {
    std::string name;
    NodeHandle fields;  // a map of fields, a scalar (hook: name) or null
    SourceLocation where;
};

struct Case {
    NodeHandle when;  // condition -> value
    std::vector<Effect> effects;
    std::string article;
    Text summary;
};

struct LadderStep {
    std::vector<Effect> effects;
    Text summary;
};

struct Discretion {
    Text summary;
    std::vector<std::string> options;
};

struct Claim {
    std::string by;
    std::string deadline;
};

// What a rulebook says on one topic.
struct Rule {
    std::string topic;
    std::string article;
    std::vector<std::string> also;
    Text summary;
    std::vector<Param> params;
    std::vector<Effect> effects;
    std::vector<Case> cases;
    std::vector<LadderStep> ladder;
    std::optional<Discretion> discretion;
    std::string hook;   // the name of the rule's own formula (hook: on the rule), or ""
    Effect hook_call;   // that formula as the effect {hook: {name, returns}} the runner applies
    std::optional<Claim> claim;
    std::string restore;
    Text notes;
    bool removed = false;
    std::string hooks_file;  // the Lua file of the rulebook that wrote this rule ("" if none)
    Provenance from;

    const Param* param(std::string_view name) const;
};

using RuleMap = std::map<std::string, Rule, std::less<>>;

// Bounds on the game time (base + moves x increment) that select a category.
struct GameTimeBounds {
    std::optional<std::chrono::milliseconds> over, at_least, under, at_most;
};

struct Category {
    std::string name;
    std::string article;
    Text summary;
    // adequate_supervision: base_rules: an event that states adequate supervision plays under the base rules, the
    // category's own set aside (FIDE 2009 A.3); false: the category's rules whatever the supervision.
    bool base_rules_when_supervised = false;
    GameTimeBounds when;
    RuleMap rules;
    Provenance from;
};

struct Mode {
    std::string name;
    std::string article;
    Text title;  // the mode's name in words (団体戦), which output prints in place of its id where given
    Text summary;
    RuleMap rules;
    Provenance from;
};

struct Source {
    std::string file, part, lines, url;
};

// A rulebook after `extends` is resolved: header keys of the nearest file that sets them, rules by topic.
struct Rulebook {
    std::string id;
    Text title;
    Text issuer;
    std::string game;
    std::string extends;               // the parent id, "" if none
    std::vector<std::string> lineage;  // this id, then its parent, grandparent...
    std::string adopted;
    std::string effective;
    Source source;
    std::string hooks_file;  // path of this file's Lua file, "" if none
    std::optional<int> category_basis_moves;
    std::map<std::string, Category, std::less<>> categories;
    std::map<std::string, Mode, std::less<>> modes;
    std::string default_mode;
    RuleMap rules;
    Text notes;
    std::string file;  // the file this rulebook was read from
    // `article_labels: {ja: {"4.3 rule 5": 第4章第3節 第5条}}`: how a language cites an article the rules write in the
    // source's own form; shared with every run of the rulebook (procedure::Run::article_labels).
    std::shared_ptr<const ArticleLabels> article_labels;

    const Rule* rule(std::string_view topic) const;
    // `article` as `lang` cites it: its label where article_labels gives one, else as written.
    const std::string& article_in(const std::string& article, Lang lang) const {
        return rulebook::article_in(article_labels.get(), article, lang);
    }
};

// Every rulebook under one or more rulesets folders, loaded, checked and resolved. A file that fails is kept
// out and its error recorded in problems(); the others stay usable.
class Library {
public:
    // Loads every *.yaml under `dir` except dir/games/ (recursively) and resolves them against the
    // bundled registry (read, the first time, while the rulebooks are being read).
    static Library open(const std::filesystem::path& dir);
    // The same over several folders in search order (rulebook/paths.h): where two folders hold a rulebook of
    // the same id, or a game of the same name, the earlier folder's is used; a rulebook in one folder may
    // extend a rulebook of another.
    static Library open(const std::vector<std::filesystem::path>& folders);
    // The same with only the rulebooks `ids` read (and the parents they extend, read as they are resolved): what a
    // command that names its rulebooks needs, without reading and checking the others (an audit's start-up). Where
    // any of them does not load, every file is read as open(folders) does, so that find(), failure() and the
    // messages are those of the whole library; problems() names those of the files read only.
    static Library open(const std::vector<std::filesystem::path>& folders, const std::vector<std::string>& ids);
    // The same against `registry`.
    static Library open(const std::filesystem::path& dir, const Registry& registry);
    // The same against the registry in `registry_file`, read while the rulebooks are being read; the
    // library keeps it. Throws InputError when the registry cannot be loaded.
    static Library open(const std::filesystem::path& dir, const std::filesystem::path& registry_file);

    // Loads and resolves the rulebook file at `path` (parents are looked up beside it first, then in this
    // library). Throws InputError at the first problem.
    Rulebook load_file(const std::filesystem::path& path) const;

    const Rulebook* find(std::string_view id) const;
    // Rulebooks sorted by id.
    std::vector<const Rulebook*> rulebooks() const;
    std::vector<std::string> ids() const;
    // Games with a definition under a folder's games/, plus chess, shogi and othello (in scope by design).
    const std::vector<std::string>& games() const { return games_; }
    const std::vector<InputError>& problems() const { return problems_; }
    // The error that kept rulebook `id` (indexed, so its file exists) out of the library, or null.
    const InputError* failure(std::string_view id) const;
    const Registry& registry() const { return *registry_; }
    // The folders searched, in order.
    const std::vector<std::filesystem::path>& folders() const { return folders_; }
    // The first folder with games/<game>.yaml (the last folder when none has it, so that the error names it).
    std::filesystem::path folder_of_game(std::string_view game) const;

private:
    static Library open_with(const std::vector<std::filesystem::path>& folders, const Registry* registry,
                             const std::function<const Registry&()>& load_registry,
                             const std::vector<std::string>* only = nullptr);

    std::vector<std::filesystem::path> folders_;
    const Registry* registry_ = nullptr;
    std::shared_ptr<const Registry> owned_registry_;  // set by open(dir, registry_file)
    std::map<std::string, std::filesystem::path, std::less<>> index_;
    std::map<std::string, Rulebook, std::less<>> resolved_;
    std::vector<std::string> games_;
    std::map<std::string, std::filesystem::path, std::less<>> game_folders_;  // folder_of_game, found once at open
    std::vector<InputError> problems_;
    std::map<std::string, InputError, std::less<>> failed_;
};

}  // namespace arbiter::rulebook
