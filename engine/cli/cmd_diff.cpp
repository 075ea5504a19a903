// arbiter diff: rulebooks compared topic by topic (base rules, categories, modes), with both articles and what a
// child changed.
#include "cli/command.h"
#include "report/diff_report.h"
#include "rulebook/paths.h"
#include "rulebook/warnings.h"
#include "rulebook/suggest.h"

#include <iostream>

namespace arbiter::cli {

using namespace arbiter::rulebook;

Command diff_command() {
    return {"diff", "Compare rulebooks topic by topic, with both articles",
            "arbiter diff A B [C ...]: aligns the rules of the rulebooks by topic and prints, for every topic\n"
            "where they differ, the rule's presence, article, parameters (value, whether an event may set\n"
            "it, range), effects, cases, ladder and discretion in each. Rulebooks linked by `extends` say\n"
            "whether the child changed, added, removed or inherited the rule. Categories (rapid, blitz, ...) and\n"
            "modes (team, individual, ...) follow, topic by topic, with the rule that applies under each: its\n"
            "own, or the rulebook's base rule. --format text|md|json|html.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto ids = std::make_shared<std::vector<std::string>>();
                auto format = std::make_shared<std::string>("text");
                auto lang = std::make_shared<std::string>("en");
                app.add_option("IDS", *ids, "Two or more rulebook ids (see arbiter list)")->required()->expected(2, 64);
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "md", "json", "html"}));
                app.add_option("--lang", *lang, "Language of summaries and labels")->check(CLI::IsMember({"en", "ja"}));
                return std::function<int()>([&global, ids, format, lang] {
                    const Library library = Library::open(rulesets_dir(global.rulesets_dir));
                    std::vector<const Rulebook*> books;
                    for (const std::string& id : *ids) {
                        const Rulebook* book = library.find(id);
                        if (!book) {
                            if (const InputError* failure = library.failure(id)) {
                                std::cerr << failure->what() << '\n';
                                return 2;
                            }
                            std::string known;
                            for (const auto& k : library.ids()) known += (known.empty() ? "" : ", ") + k;
                            std::cerr << "arbiter: diff: found the rulebook id '" << id << "'; expected one of: " << known
                                      << did_you_mean(id, library.ids()) << '\n';
                            return 2;
                        }
                        books.push_back(book);
                    }
                    warn_mixed_games(books);
                    const RulebookDiff diff = diff_rulebooks(books);
                    const Lang language = *lang == "ja" ? Lang::ja : Lang::en;
                    if (*format == "json") std::cout << report::diff_json(diff).dump(2) << '\n';
                    else if (*format == "md") std::cout << report::diff_markdown(diff, language);
                    else if (*format == "html") std::cout << report::diff_html(diff, language);
                    else std::cout << report::diff_text(diff, language);
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
