// `arbiter run TIMELINE [--rulebook ID] [--format text|json] [--lang en|ja]`: rules a timeline under one
// rulebook (the event's, or --rulebook). Exits 0 whatever the result; 2 for a timeline that cannot be read.
#include "cli/command.h"
#include "procedure/procedure.h"
#include "report/ruling_text.h"
#include "rulebook/paths.h"

#include <iostream>
#include <memory>

namespace arbiter::cli {

Command run_command() {
    return {"run", "Rule a timeline (moves, claims, arrivals, phones) under one rulebook",
            "Reads TIMELINE (docs/TIMELINES.md) and rules each entry under the event's rulebook, or --rulebook:\n"
            "rulings with topic, article, effects and clocks after; the result (score, rated); decisions the\n"
            "rulebook leaves to the arbiter as pending, with the options it allows. Exit 0 whatever the\n"
            "result; 2 for a timeline that cannot be read or a decision the rulebook does not allow.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto file = std::make_shared<std::string>();
                auto book_id = std::make_shared<std::string>();
                auto lang = std::make_shared<std::string>("en");
                auto format = std::make_shared<std::string>("text");
                app.add_option("TIMELINE", *file, "Timeline file (YAML)")->required();
                app.add_option("--rulebook", *book_id, "Rulebook id, instead of the event's");
                app.add_option("--lang", *lang, "Language of labels and summaries")->check(CLI::IsMember({"en", "ja"}));
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "json"}));
                return std::function<int()>([&global, file, book_id, lang, format] {
                    const auto library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
                    const auto timeline = procedure::load_timeline(*file, library, *book_id);
                    const auto* book = library.find(timeline.event.rulebook);
                    if (!book) {
                        std::cerr << "arbiter: run: no rulebook '" << timeline.event.rulebook << "'\n";
                        return 2;
                    }
                    procedure::Runner runner(library);
                    const auto run = runner.run(timeline, *book);
                    if (*format == "json")
                        std::cout << procedure::to_json(run).dump(2) << '\n';
                    else
                        std::cout << report::run_text(timeline, run, *lang == "ja" ? rulebook::Lang::ja : rulebook::Lang::en);
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
