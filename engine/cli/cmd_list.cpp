// arbiter list: the bundled rulebooks, one line each (or a JSON array for scripts).
#include "cli/command.h"
#include "report/text_table.h"
#include "rulebook/game_loader.h"
#include "rulebook/paths.h"
#include "rulebook/rulebook.h"
#include "report/json_stream.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace arbiter::cli {

Command list_command() {
    return {"list", "List the rulebooks (id, game, title, effective date, parent)",
            "Lists every rulebook under the rulesets folders (see arbiter --help) after resolving `extends`.\n"
            "--sources adds, under each rulebook, the text it was encoded from (file or address, and which part).\n"
            "--format json prints an array of objects with id, game, title (English), title_ja, extends,\n"
            "effective, file and source. A rulebook that fails to load is reported on stderr and the exit code is 2.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto format = std::make_shared<std::string>("text");
                auto lang = std::make_shared<std::string>("en");
                auto sources = std::make_shared<bool>(false);
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "json"}));
                app.add_option("--lang", *lang, "Language of the titles (text format)")->check(CLI::IsMember({"en", "ja"}));
                app.add_flag("--sources", *sources, "Show the text each rulebook was encoded from");
                return std::function<int()>([&global, format, lang, sources] {
                    using namespace arbiter::rulebook;
                    const Library library = Library::open(rulesets_dir(global.rulesets_dir));
                    const Lang language = *lang == "ja" ? Lang::ja : Lang::en;
                    if (*format == "json") {
                        nlohmann::json out = nlohmann::json::array();
                        for (const Rulebook* book : library.rulebooks())
                            out.push_back({{"id", book->id},
                                           {"game", book->game},
                                           {"title", book->title.en},
                                           {"title_ja", book->title.ja},
                                           {"extends", book->extends.empty() ? nlohmann::json(nullptr) : nlohmann::json(book->extends)},
                                           {"effective", book->effective},
                                           {"file", book->file},
                                           {"source", {{"file", book->source.file},
                                                       {"part", book->source.part},
                                                       {"lines", book->source.lines},
                                                       {"url", book->source.url}}}});
                        std::cout << report::json_stream::dump(out, 2) << '\n';
                    } else {
                        const bool ja = language == Lang::ja;
                        // English lists the game's id; Japanese its name as the game file gives it (names.ja).
                        auto game_words = [&library, ja](const std::string& game) -> std::string {
                            if (!ja) return game;
                            try {
                                const auto& names = game_profile(game, library.folder_of_game(game)).names;
                                if (auto it = names.find("ja"); it != names.end()) return it->second;
                            } catch (const InputError&) {  // a game file that does not load: its problem is listed
                            }
                            return game;
                        };
                        report::TextTable table(ja ? std::vector<std::string>{"ID", "種目", "名称", "施行", "継承元"}
                                                   : std::vector<std::string>{"id", "game", "title", "effective", "extends"});
                        for (const Rulebook* book : library.rulebooks())
                            table.add_row({book->id, game_words(book->game), book->title.in(language), book->effective, book->extends});
                        std::cout << table.render();
                        if (*sources) {
                            // Not a column: a source is a sentence, which would squeeze the titles.
                            std::cout << '\n' << (ja ? "出典" : "Sources") << '\n';
                            for (const Rulebook* book : library.rulebooks()) {
                                const Source& src = book->source;
                                std::cout << "  " << book->id << ": " << (src.file.empty() ? src.url : src.file);
                                if (!src.lines.empty()) std::cout << (ja ? "（" : " (lines ") << src.lines << (ja ? "行）" : ")");
                                if (!src.part.empty()) std::cout << (ja ? "：" : ": ") << src.part;
                                std::cout << '\n';
                            }
                        }
                    }
                    for (const InputError& problem : library.problems()) std::cerr << problem.what() << '\n';
                    return library.problems().empty() ? 0 : 2;
                });
            }};
}

}  // namespace arbiter::cli
