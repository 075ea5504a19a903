// What an audit found, counted game by game in input order (so the same input gives the same summary whatever the
// number of jobs): games read and rejected with their reasons, each rulebook's agreeing and disagreeing rulings,
// the disagreements grouped by a short readable kind, and with several rulebooks the games they rule differently,
// with a few examples of each group.
#pragma once

#include "records/audit_game.h"
#include "rulebook/registry.h"
#include "rulebook/text.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::procedure::audit {

// How many examples each group of the summary shows.
inline constexpr std::size_t ExamplesPerGroup = 3;
// How many games the edition impact lists one by one (the rest are counted), so memory stays bounded.
inline constexpr std::size_t ImpactListed = 10000;

class Summary {
public:
    // `registry` gives the sides' Japanese words (先手, 黒); without it they stay the engine's names.
    Summary(std::vector<std::string> rulebooks, rulebook::Lang lang = rulebook::Lang::en,
            const rulebook::Registry* registry = nullptr);

    void add(const AuditedGame& game);

    long games() const { return games_; }
    long rejected() const { return rejected_; }
    long plies() const { return plies_; }

    void write_text(std::ostream& out) const;
    void write_markdown(std::ostream& out) const;
    // The same as one JSON object: the counts, the groups of each kind with their examples, and the edition impact
    // (the games the rulebooks rule differently, each with every rulebook's ruling and article).
    void write_json(std::ostream& out) const;
    // A standalone HTML page of the same: what a committee reads before adopting an edition.
    void write_html(std::ostream& out) const;

    // Counts and examples of one kind of finding.
    struct Group {
        std::string kind;
        long count = 0;
        std::vector<std::string> examples;
    };
    struct Tally {
        std::string rulebook;
        long agree = 0, disagree = 0, open = 0;
    };

private:
    rulebook::Lang lang_;
    const rulebook::Registry* registry_;
    long games_ = 0, rejected_ = 0, plies_ = 0;
    std::vector<std::string> files_;
    std::vector<Tally> tallies_;  // by rulebook, in the order given (or met, for default rulebooks)
    std::vector<Group> disagreements_, editions_, rejections_, not_comparable_;
    // The edition impact: every game the rulebooks rule differently (the first ImpactListed of them), as JSON.
    std::vector<nlohmann::json> impact_;
    long impact_count_ = 0;

    Tally& tally(const std::string& rulebook);
};

// The short kind of a disagreement between a record and a ruling: "lost on time but the opponent could not mate",
// "declaration below the rulebook's points or conditions", ... (the record's ending against the ruling).
std::string disagreement_kind(const AuditedGame& game, const RulingOutcome& ruling, rulebook::Lang lang,
                              const rulebook::Registry* registry = nullptr);

// What a ruling amounts to, in a few words: "white wins (result.checkmate)", "draw (clock.flag_fall)", "ongoing";
// in Japanese with the side's word and the article: "白の勝ち（根拠: 5.1a）".
std::string outcome_label(const AuditedGame& game, const RulingOutcome& ruling, rulebook::Lang lang,
                          const rulebook::Registry* registry = nullptr);

// One game of the edition impact as JSON: {file, index, game, sides, recorded: {ending, text}, rulings: [{rulebook,
// status, score, topic, article, outcome}]}, `outcome` in the language's words (outcome_label).
nlohmann::json impact_json(const AuditedGame& game, rulebook::Lang lang, const rulebook::Registry* registry);

// Why a ruling of `game` is not comparable with its record (agrees is nullopt): the record's own reason
// (RecordedEnding::not_comparable), no result recorded, or a ruling left to the arbiter.
std::string not_comparable_reason(const AuditedGame& game, const RulingOutcome& ruling, rulebook::Lang lang);

// The reason a game was rejected, without the place and the game's own details, for grouping.
std::string rejection_reason(const InputError& error);

// The same of a refusal's Japanese (InputError::message_ja): without "第 12 局：", quoted text as 「…」.
std::string rejection_reason_ja(const std::string& message_ja);

}  // namespace arbiter::procedure::audit
