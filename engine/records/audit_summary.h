// What an audit found, counted game by game in input order (so the same input gives the same summary whatever the
// number of jobs): games read and rejected with their reasons, each rulebook's agreeing and disagreeing rulings,
// the disagreements grouped by a short readable kind, and with several rulebooks the games they rule differently,
// with a few examples of each group.
#pragma once

#include "records/audit_game.h"
#include "rulebook/registry.h"
#include "rulebook/text.h"

#include <iosfwd>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::procedure::audit {

// How many examples each group of the summary shows.
inline constexpr std::size_t ExamplesPerGroup = 3;

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
    std::vector<Group> disagreements_, editions_, rejections_;

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

// The reason a game was rejected, without the place and the game's own details, for grouping.
std::string rejection_reason(const InputError& error);

}  // namespace arbiter::procedure::audit
