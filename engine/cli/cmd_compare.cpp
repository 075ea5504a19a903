// `arbiter compare TIMELINE [--rulebooks a,b,...] [--format text|md|json|html] [--lang en|ja]`: the same timeline
// ruled under several rulebooks, side by side, differences marked. Without --rulebooks: the editions of the
// timeline's game (chess: the three the project compares; shogi, othello: every bundled rulebook of the game).
#include "cli/command.h"
#include "procedure/procedure.h"
#include "report/compare_report.h"
#include "rulebook/paths.h"

#include <iostream>
#include <memory>
#include <sstream>

namespace arbiter::cli {

namespace {

// The rulebooks a timeline is compared under when none are named: the three chess editions the project exists to
// compare, or every bundled rulebook of the timeline's game (its event's rulebook tells the game).
std::string default_rulebooks(const std::string& file, const rulebook::Library& library) {
    const auto timeline = procedure::load_timeline(file, library);
    const rulebook::Rulebook* own = library.find(timeline.event.rulebook);
    const std::string game = own ? own->game : "chess";
    if (game == "chess") return "jca-1997,fide-2001,fide-2009";
    std::string ids;
    for (const rulebook::Rulebook* book : library.rulebooks())
        if (book->game == game) ids += (ids.empty() ? "" : ",") + book->id;
    return ids;
}

}  // namespace

Command compare_command() {
    return {"compare", "Rule a timeline under several rulebooks side by side, differences marked",
            "Reads TIMELINE and rules it under each rulebook of --rulebooks (comma-separated ids of the same\n"
            "game; by default jca-1997,fide-2001,fide-2009 for a chess timeline, and every rulebook of the\n"
            "game for shogi or othello): one column per rulebook for every entry any of them rules on, '*' where they rule\n"
            "differently, final clocks and results at the bottom. --format html writes one self-contained page\n"
            "(inline CSS, no scripts, prints on A4) with a board diagram at each ruling. Exit 0; 2 for input\n"
            "that cannot be read.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto file = std::make_shared<std::string>();
                auto books = std::make_shared<std::string>();
                auto lang = std::make_shared<std::string>("en");
                auto format = std::make_shared<std::string>("text");
                app.add_option("TIMELINE", *file, "Timeline file (YAML)")->required();
                app.add_option("--rulebooks", *books, "Rulebook ids, comma-separated (default: the editions of the timeline's game)");
                app.add_option("--lang", *lang, "Language of labels")->check(CLI::IsMember({"en", "ja"}));
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "md", "json", "html"}));
                return std::function<int()>([&global, file, books, lang, format] {
                    const auto library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
                    std::vector<std::string> ids;
                    if (books->empty()) *books = default_rulebooks(*file, library);
                    std::stringstream list(*books);
                    for (std::string id; std::getline(list, id, ',');)
                        if (!id.empty()) ids.push_back(id);
                    procedure::Runner runner(library);
                    std::vector<procedure::Run> runs;
                    std::optional<procedure::Timeline> first;
                    for (const auto& id : ids) {
                        auto timeline = procedure::load_timeline(*file, library, id);
                        runs.push_back(runner.run(timeline, *library.find(id)));
                        if (!first) first = std::move(timeline);
                    }
                    if (!first) {
                        std::cerr << "arbiter: compare: --rulebooks names no rulebook\n";
                        return 2;
                    }
                    const auto l = *lang == "ja" ? rulebook::Lang::ja : rulebook::Lang::en;
                    if (*format == "json")
                        std::cout << report::compare_json(*first, runs).dump(2) << '\n';
                    else if (*format == "html")
                        std::cout << report::compare_html(*first, runs, l);
                    else
                        std::cout << report::compare_text(*first, runs, l, *format == "md");
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
