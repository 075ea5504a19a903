// `arbiter compare TIMELINE [--rulebooks a,b,...] [--format text|md|json|html] [--lang en|ja]`: the same timeline
// ruled under several rulebooks, side by side, differences marked. Without --rulebooks: the editions of the
// timeline's game (its game file's compare_rulebooks, else every bundled rulebook of the game).
#include "cli/command.h"
#include "cli/rulebook_list.h"
#include "rulebook/suggest.h"
#include "cli/record_arg.h"
#include "procedure/procedure.h"
#include "records/record_words.h"
#include "report/compare_report.h"
#include "rulebook/game_loader.h"
#include "rulebook/paths.h"

#include <functional>
#include <iostream>
#include <memory>

namespace arbiter::cli {

namespace {

// The rulebooks a timeline is compared under when none are named: its game file's compare_rulebooks (chess.yaml
// names the three editions the project exists to compare), else every bundled rulebook of the timeline's game (its
// event's rulebook tells the game).
std::string rulebooks_of_game(const std::string& game, const rulebook::Library& library) {
    std::string ids;
    for (const std::string& id : rulebook::game_profile(game, library.folder_of_game(game)).compare_rulebooks)
        ids += (ids.empty() ? "" : ",") + id;
    if (!ids.empty()) return ids;
    for (const rulebook::Rulebook* book : library.rulebooks())
        if (book->game == game) ids += (ids.empty() ? "" : ",") + book->id;
    return ids;
}

std::string default_rulebooks(const std::string& file, const rulebook::Library& library) {
    const auto timeline = procedure::load_timeline(file, library);
    const rulebook::Rulebook* own = library.find(timeline.event.rulebook);
    return own ? rulebooks_of_game(own->game, library) : timeline.event.rulebook;
}

}  // namespace

Command compare_command() {
    return {"compare", "Rule a timeline or record under several rulebooks, differences marked",
            "Reads TIMELINE and rules it under each rulebook of --rulebooks (comma-separated ids of the same\n"
            "game; by default the game file's compare_rulebooks, jca-1997,fide-2001,fide-2009 for a chess\n"
            "timeline, else every rulebook of the game): one column per rulebook for every entry any of them rules on, '*' where they rule\n"
            "differently, final clocks and results at the bottom. --format html writes one self-contained page\n"
            "(inline CSS, no scripts, prints on A4) with a board diagram at each ruling. Exit 0; 2 for input\n"
            "that cannot be read.\n" +
                std::string(record_help()),
            [](CLI::App& app, const GlobalOptions& global) {
                auto file = std::make_shared<std::string>();
                auto books = std::make_shared<std::string>();
                auto lang = std::make_shared<std::string>("en");
                auto format = std::make_shared<std::string>("text");
                auto game = std::make_shared<int>(0);
                app.add_option("TIMELINE", *file, "Timeline file (YAML) or game record")->required();
                app.add_option("--game", *game, "Game of a record, 1-based (default: the first)")->check(GameNumber);
                app.add_option("--rulebooks", *books, "Rulebook ids, comma-separated (default: the editions of the timeline's game)")
                    ->check(NonEmpty);
                app.add_option("--lang", *lang, "Language of labels")->check(CLI::IsMember({"en", "ja"}));
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "md", "json", "html"}));
                return std::function<int()>([&global, file, books, lang, format, game] {
                    const auto library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
                    std::optional<procedure::RecordGame> record;
                    std::optional<procedure::RecordFile> record_file;
                    if (is_record(*file)) {
                        record_file.emplace(procedure::RecordFile::open(*file));
                        // The file read once (it was read twice), its game converted and its warnings printed.
                        record = record_file->game(*game > 0 ? *game : 1, library, {});
                        print_record_warnings(*file, record->warnings);
                        if (books->empty()) *books = rulebooks_of_game(record->game, library);
                    } else if (*game > 0) {
                        std::cerr << "arbiter: compare: --game applies to game records; " << *file << " is a timeline\n";
                        return 2;
                    }
                    if (books->empty()) *books = default_rulebooks(*file, library);
                    const auto named = rulebook_ids(*books, "compare");
                    if (!named) return 2;
                    const std::vector<std::string>& ids = *named;
                    procedure::Runner runner(library);
                    std::vector<procedure::Run> runs;
                    std::optional<procedure::Timeline> first;
                    for (const auto& id : ids) {
                        const rulebook::Rulebook* book = library.find(id);
                        if (!book) {
                            print_missing_rulebook("compare", id, library);
                            return 2;
                        }
                        if (record && book->game != record->game) {
                            std::cerr << "arbiter: compare: rulebook '" << id << "' is a " << book->game << " rulebook; "
                                      << *file << " records " << record->game << "\n";
                            return 2;
                        }
                        // A record is converted for each rulebook (what an event may set depends on it).
                        std::optional<procedure::RecordGame> converted;
                        if (record) converted = record_file->game(record->number, library, id);
                        auto timeline = converted ? procedure::record_timeline(*converted, library)
                                                  : procedure::load_timeline(*file, library, id);
                        // What each rulebook leaves aside of the event's `declared:` values (the record's settings).
                        print_record_warnings(*file + " (" + id + ")", timeline.event.declared_aside);
                        runs.push_back(runner.run(timeline, *book));
                        if (!first) first = std::move(timeline);
                    }
                    if (!first) {
                        std::cerr << "arbiter: compare: --rulebooks names no rulebook\n";
                        return 2;
                    }
                    const auto l = *lang == "ja" ? rulebook::Lang::ja : rulebook::Lang::en;
                    if (*format == "json") {
                        nlohmann::json top = nlohmann::json::object();
                        std::function<nlohmann::json(std::size_t)> run_keys;
                        if (record) {
                            // Each run gets the keys `run` adds; at the top, the record once and `agrees` per rulebook.
                            run_keys = [&](std::size_t i) {
                                nlohmann::json keys = nlohmann::json::object();
                                procedure::add_record_keys(keys, *record, runs[i]);
                                return keys;
                            };
                            procedure::add_record_keys(top, *record, runs.front());
                            nlohmann::json agree = nlohmann::json::object();
                            for (std::size_t i = 0; i < runs.size(); ++i)
                                agree[runs[i].rulebook] = run_keys(i)["agrees"];
                            top["agrees"] = agree;
                        }
                        report::write_compare_json(std::cout, *first, runs, top, run_keys);
                    }
                    else if (*format == "html")
                        report::write_compare_html(std::cout, *first, runs, l, &library.registry(), &library);
                    else {
                        report::write_compare_text(std::cout, *first, runs, l, *format == "md", &library.registry());
                        if (record)
                            for (const auto& run : runs)
                                std::cout << run.rulebook << ": " << procedure::recorded_line(*record, run, l, &library.registry());
                    }
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
