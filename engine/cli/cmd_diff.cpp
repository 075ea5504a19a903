// arbiter diff: rulebooks compared topic by topic (base rules, categories, modes), with both articles and what a
// child changed.
#include "cli/command.h"
#include "cli/terminal_output.h"
#include "report/diff_report.h"
#include "rulebook/paths.h"
#include "rulebook/warnings.h"
#include "rulebook/suggest.h"
#include "report/json_stream.h"

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
            "own, or the rulebook's base rule. --format text|md|json|html.\n"
            "Text opens with an overview: the topics that differ grouped by chapter in article order, one line each\n"
            "(articles, and which aspects differ); --overview prints only that. Tables fit the terminal's width\n"
            "(80 columns when not a terminal, or --width N), Japanese counted double; headings are bold on a\n"
            "terminal (--color auto|always|never); output longer than the terminal goes through $PAGER (less -R).",
            [](CLI::App& app, const GlobalOptions& global) {
                auto ids = std::make_shared<std::vector<std::string>>();
                auto format = std::make_shared<std::string>("text");
                auto lang = std::make_shared<std::string>("en");
                app.add_option("IDS", *ids, "Two or more rulebook ids (see arbiter list)")->required()->expected(2, 64);
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "md", "json", "html"}));
                app.add_option("--lang", *lang, "Language of summaries and labels")->check(CLI::IsMember({"en", "ja"}));
                auto width = std::make_shared<int>(0);
                auto color = std::make_shared<std::string>("auto");
                auto overview = std::make_shared<bool>(false);
                app.add_option("--width", *width, "Text width in columns (default: the terminal's, else 80)")
                    ->check(CLI::Range(20, 1000));
                app.add_option("--color", *color, "Bold headings: auto (on a terminal), always, never")
                    ->check(CLI::IsMember({"auto", "always", "never"}));
                app.add_flag("--overview", *overview, "Text: only the overview (topics by chapter, one line each)");
                return std::function<int()>([&global, ids, format, lang, width, color, overview] {
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
                    RulebookDiff diff = diff_rulebooks(books);
                    diff.registry = &library.registry();
                    const Lang language = *lang == "ja" ? Lang::ja : Lang::en;
                    if (*format == "json") std::cout << report::json_stream::dump(report::diff_json(diff), 2) << '\n';
                    else if (*format == "md") write_paged(report::diff_markdown(diff, language));
                    else if (*format == "html") std::cout << report::diff_html(diff, language);
                    else {
                        const report::TextStyle style{output_width(*width), use_color(*color)};
                        write_paged(*overview ? report::diff_overview_text(diff, language, style)
                                              : report::diff_text(diff, language, style));
                    }
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
