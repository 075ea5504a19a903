// `arbiter run TIMELINE|RECORD [--game N] [--rulebook ID] [--format text|json] [--lang en|ja]`: rules a timeline or
// one game of a record under one rulebook (the event's, or --rulebook). Exits 0 whatever the result; 2 for input
// that cannot be read.
#include "cli/command.h"
#include "cli/rulebook_list.h"
#include "rulebook/suggest.h"
#include "cli/record_arg.h"
#include "procedure/procedure.h"
#include "records/record_words.h"
#include "report/ruling_text.h"
#include "rulebook/paths.h"
#include "report/json_stream.h"

#include <spdlog/spdlog.h>

#include <iostream>
#include <memory>

namespace arbiter::cli {

Command run_command() {
    return {"run", "Rule a timeline or a game record under one rulebook",
            "Reads TIMELINE (docs/TIMELINES.md) and rules each entry under the event's rulebook, or --rulebook:\n"
            "rulings with topic, article, effects and clocks after; the result (score, rated); decisions the\n"
            "rulebook leaves to the arbiter as pending, with the options it allows. Exit 0 whatever the\n"
            "result; 2 for a timeline that cannot be read or a decision the rulebook does not allow.\n" +
                std::string(record_help()),
            [](CLI::App& app, const GlobalOptions& global) {
                auto file = std::make_shared<std::string>();
                auto book_id = std::make_shared<std::string>();
                auto lang = std::make_shared<std::string>("en");
                auto format = std::make_shared<std::string>("text");
                auto game = std::make_shared<int>(0);
                app.add_option("TIMELINE", *file, "Timeline file (YAML) or game record")->required();
                app.add_option("--game", *game, "Game of a record, 1-based (default: the first)")->check(GameNumber);
                app.add_option("--rulebook", *book_id, "Rulebook id, instead of the event's")->check(NonEmpty);
                app.add_option("--lang", *lang, "Language of labels and summaries")->check(CLI::IsMember({"en", "ja"}));
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "json"}));
                return std::function<int()>([&global, file, book_id, lang, format, game] {
                    const auto library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
                    const auto l = *lang == "ja" ? rulebook::Lang::ja : rulebook::Lang::en;
                    if (is_record(*file)) {
                        auto record = convert_record(*file, *game > 0 ? *game : 1, library, *book_id);
                        const auto timeline = procedure::record_timeline(record, library);
                        take_declared_warnings(*file, record, timeline);
                        procedure::Runner runner(library);
                        const auto run = runner.run(timeline, *library.find(record.rulebook));
                        if (*format == "json") {
                            auto out = procedure::to_json(run);
                            procedure::add_record_keys(out, record, run);
                            std::cout << report::json_stream::dump(out, 2) << '\n';
                        } else {
                            report::write_run_text(std::cout, timeline, run, l, &library.registry());
                            std::cout << procedure::recorded_line(record, run, l, &library.registry());
                        }
                        return 0;
                    }
                    if (*game > 0) {
                        std::cerr << "arbiter: run: --game applies to game records; " << *file << " is a timeline\n";
                        return 2;
                    }
                    const auto timeline = procedure::load_timeline(*file, library, *book_id);
                    // A `declared:` value the rulebook does not take is left aside with a warning (as for a record).
                    print_record_warnings(*file, timeline.event.declared_aside);
                    const auto* book = library.find(timeline.event.rulebook);
                    if (!book) {
                        print_missing_rulebook("run", timeline.event.rulebook, library);
                        return 2;
                    }
                    spdlog::debug("rulebook {} ({}), from {}", book->id, book_id->empty() ? "named by the timeline's event" : "given by --rulebook", book->file);
                    procedure::Runner runner(library);
                    const auto run = runner.run(timeline, *book);
                    if (*format == "json")
                        std::cout << report::json_stream::dump(procedure::to_json(run), 2) << '\n';
                    else
                        report::write_run_text(std::cout, timeline, run, l, &library.registry());
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
