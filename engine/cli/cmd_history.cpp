// arbiter history: one rule (a topic, a group of topics, or a chapter) across editions, each edition's article, what
// it rules and what changed from the edition before.
#include "cli/command.h"
#include "cli/rulebook_list.h"
#include "report/history_report.h"
#include "rulebook/paths.h"
#include "rulebook/suggest.h"
#include "report/json_stream.h"

#include <iostream>

namespace arbiter::cli {

using namespace arbiter::rulebook;

Command history_command() {
    return {
        "history", "A rule's history across editions: each one's article, what it rules, what changed",
        "arbiter history TOPIC --rulebooks a,b,...: for TOPIC (a topic id such as clock.late_arrival, a group\n"
        "such as draw for every draw.* topic, or a chapter such as 6 or A), each rulebook in the order given with\n"
        "its article, what it rules (summary and values) and what changed from the rulebook before it, in\n"
        "words. Any rulebook ids, linked by `extends` or not, each once. --format text|md|json|html, --lang en|ja.",
        [](CLI::App& app, const GlobalOptions& global) {
            auto topic = std::make_shared<std::string>();
            auto ids = std::make_shared<std::string>();
            auto format = std::make_shared<std::string>("text");
            auto lang = std::make_shared<std::string>("en");
            app.add_option("TOPIC", *topic, "A topic id, a group (draw) or a chapter (6, A)")->required();
            app.add_option("--rulebooks", *ids, "Rulebook ids in edition order, comma-separated")
                ->required()
                ->check(NonEmpty);
            app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "md", "json", "html"}));
            app.add_option("--lang", *lang, "Language of summaries and labels")->check(CLI::IsMember({"en", "ja"}));
            return std::function<int()>([&global, topic, ids, format, lang] {
                const Library library = Library::open(rulesets_dir(global.rulesets_dir));
                std::vector<const Rulebook*> books;
                const auto named = rulebook_ids(*ids, "history");
                if (!named) return 2;
                for (const std::string& id : *named) {
                    const Rulebook* book = library.find(id);
                    if (!book) {
                        if (const InputError* failure = library.failure(id)) {
                            std::cerr << failure->what() << '\n';
                            return 2;
                        }
                        std::cerr << "arbiter: history: found the rulebook id '" << id
                                  << "' in --rulebooks; expected one of "
                                  << "the ids `arbiter list` shows" << did_you_mean(id, library.ids()) << '\n';
                        return 2;
                    }
                    books.push_back(book);
                }
                if (books.empty()) {
                    std::cerr << "arbiter: history: --rulebooks names no rulebook\n";
                    return 2;
                }
                if (report::history_topics(*topic, books).empty()) {
                    std::cerr << "arbiter: history: found '" << *topic << "', which is no topic, group or chapter of "
                              << *ids << did_you_mean(*topic, report::history_candidates(books)) << '\n';
                    return 2;
                }
                const Lang language = *lang == "ja" ? Lang::ja : Lang::en;
                const report::History history = report::rule_history(*topic, books, library.registry(), language);
                if (*format == "json")
                    std::cout << report::json_stream::dump(report::history_json(history, language), 2) << '\n';
                else if (*format == "md")
                    std::cout << report::history_markdown(history, language);
                else if (*format == "html")
                    std::cout << report::history_html(history, language);
                else
                    std::cout << report::history_text(history, language);
                return 0;
            });
        }};
}

}  // namespace arbiter::cli
