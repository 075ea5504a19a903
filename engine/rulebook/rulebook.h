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
#include <mutex>
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
    std::string by;  // a claimant word; for a claimant set, its words joined by ", " (what reports print)
    std::string deadline;
    std::vector<std::string> any_of;  // a claimant set (claim.by a list): anyone one of its words admits
    std::string article;  // the article that says who may claim and until when; "" the rule's own (a refusal cites it)
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
    Text title;  // the category's name in words (Quick rating / 早指しレーティング), printed in place of its id
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
    bool category_basis_delay = false;  // category_basis.delay: the delay is counted like an increment (US Chess 5C)
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
    // Opens every *.yaml under `dir` except dir/games/ (recursively) against the bundled registry. Nothing is read
    // at open but the folder listing: a rulebook's id is its file name, so find(id) reads, checks and resolves only
    // that file and the parents it extends, when first asked for; rulebooks() and problems() read every file (at
    // most MaxFullLoadFiles, else an InputError naming the folder).
    static Library open(const std::filesystem::path& dir);
    // The same over several folders in search order (rulebook/paths.h): where two folders hold a rulebook of
    // the same id, or a game of the same name, the earlier folder's is used; a rulebook in one folder may
    // extend a rulebook of another.
    static Library open(const std::vector<std::filesystem::path>& folders);
    // The same with the rulebooks `ids` resolved at once (an audit's start-up, before its threads ask for them).
    static Library open(const std::vector<std::filesystem::path>& folders, const std::vector<std::string>& ids);
    // The same against `registry`.
    static Library open(const std::filesystem::path& dir, const Registry& registry);
    // The same against the registry in `registry_file`, read at open; the library keeps it. Throws InputError
    // when the registry cannot be loaded.
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
    const std::vector<InputError>& problems() const;
    // The error that kept rulebook `id` (indexed, so its file exists) out of the library, or null.
    const InputError* failure(std::string_view id) const;
    const Registry& registry() const { return *registry_; }
    // The folders searched, in order.
    const std::vector<std::filesystem::path>& folders() const { return folders_; }
    // The first folder with games/<game>.yaml (the last folder when none has it, so that the error names it).
    std::filesystem::path folder_of_game(std::string_view game) const;

    // The most files rulebooks() and problems() read and resolve at once: each resolved rulebook holds its own copy
    // of every rule it inherits (docs/ARCHITECTURE.md, Lazy rulebook folders, has the memory measured).
    static constexpr std::size_t MaxFullLoadFiles = 1000;
    // Rulebook files read and checked so far (parse_rulebook), for tests and -v: find() reads only what it needs.
    std::size_t files_parsed() const;

private:
    static Library open_with(const std::vector<std::filesystem::path>& folders, const Registry* registry,
                             const std::function<const Registry&()>& load_registry);
    // These run with lock_ held.
    std::optional<std::filesystem::path> locate(std::string_view id) const;
    void resolve_lazily(std::string_view id) const;
    void index_all() const;
    void load_all() const;

    std::vector<std::filesystem::path> folders_;
    const Registry* registry_ = nullptr;
    std::shared_ptr<const Registry> owned_registry_;  // set by open(dir, registry_file)
    std::vector<std::string> games_;
    std::map<std::string, std::filesystem::path, std::less<>> game_folders_;  // folder_of_game, found once at open
    // The *.yaml files by name (= the id they would have), in search order; listed at open, read on demand.
    std::map<std::string, std::vector<std::filesystem::path>, std::less<>> candidates_;
    std::vector<std::filesystem::path> files_;  // the same files in search order
    std::vector<InputError> listing_problems_;  // folders that could not be listed
    // Filled as rulebooks are asked for, under lock_ (find() may be called from several threads). Entries of
    // resolved_ and failed_ never move once made: find() and failure() hand out pointers to them.
    std::shared_ptr<std::recursive_mutex> lock_ = std::make_shared<std::recursive_mutex>();
    mutable std::map<std::string, std::filesystem::path, std::less<>> index_;  // ids found to be rulebooks
    mutable std::map<std::string, bool, std::less<>> located_;  // ids whose candidates were read: found or not
    mutable std::map<std::string, Rulebook, std::less<>> resolved_;
    mutable std::vector<InputError> problems_;
    mutable std::map<std::string, InputError, std::less<>> failed_;
    mutable std::size_t files_parsed_ = 0;
    mutable bool all_indexed_ = false;
    mutable bool all_loaded_ = false;
};

}  // namespace arbiter::rulebook
