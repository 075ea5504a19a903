// arbiter validate: checks YAML files of any kind (rulebook, game, event, timeline, registry) and game records (every
// game, or --game N, converted to a timeline and read through the same checks).
#include "cli/command.h"
#include "cli/memory_reserve.h"
#include "cli/record_arg.h"
#include "cli/safe_stderr.h"
#include "procedure/procedure.h"
#include "records/record_timeline.h"
#include "rulebook/input_errors.h"
#include "rulebook/paths.h"
#include "rulebook/validate.h"
#include "report/json_stream.h"

#include <new>
#include <nlohmann/json.hpp>

#include <iostream>
#include <optional>

namespace arbiter::cli {

namespace {

// A file's kind as a Japanese organiser names it.
std::string_view kind_words_ja(rulebook::Kind kind) {
    switch (kind) {
        case rulebook::Kind::rulebook: return "規則集";
        case rulebook::Kind::game: return "ゲーム定義";
        case rulebook::Kind::event: return "大会設定";
        case rulebook::Kind::timeline: return "タイムライン";
        case rulebook::Kind::registry: return "語彙の登録簿";
    }
    return "";
}

}  // namespace

Command validate_command() {
    return {"validate", "Check YAML files (rulebook, event, timeline...) and game records",
            "Checks each FILE: its kind comes from its top key; its schema (schemas/<kind>.schema.json) and its\n"
            "meaning are checked (topics and names against schemas/topics.yaml, extends, references, times that\n"
            "never go back, start positions, every move replayed). Prints `FILE: ok (<kind>)` per valid file and each error as\n"
            "file:line:column. A game record (PGN, KIF, CSA, GGF, othello transcript, WTHOR) is checked game by game\n"
            "(or only --game N): every move replayed, clocks read, the timeline it makes checked as above; it prints\n"
            "`FILE: ok (record: <format>, <n> games)`; errors name the game and the ply. A rulebook's errors of meaning\n"
            "are all reported in one run (its schema errors first, alone, since the rest relies on the shapes).\n"
            "With --lang ja the lines and the records' warnings are in Japanese (`FILE: 問題なし（規則集）`).\n"
            "Exit 2 if any file is invalid.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto files = std::make_shared<std::vector<std::string>>();
                auto format = std::make_shared<std::string>("text");
                auto rulebook_id = std::make_shared<std::string>();
                app.add_option("FILE", *files, "Files to check")->required();
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "json"}));
                app.add_option("--rulebook", *rulebook_id, "Rulebook for timelines and events (overrides event.rulebook)")
                    ->check(NonEmpty);
                auto game = std::make_shared<int>(0);
                app.add_option("--game", *game, "Only this game of a record, 1-based (default: every game)")->check(GameNumber);
                auto lang = std::make_shared<std::string>("en");
                app.add_option("--lang", *lang, "Language of the lines and warnings (text format)")->check(CLI::IsMember({"en", "ja"}));
                return std::function<int()>([&global, files, format, rulebook_id, game, lang] {
                    const bool ja = *lang == "ja";
                    using namespace arbiter::rulebook;
                    const Library library = Library::open(rulesets_dir(global.rulesets_dir));
                    nlohmann::json out = nlohmann::json::array();
                    bool all_ok = true;
                    // The text lines quote file names, which may hold control characters (ESC reached the terminal).
                    std::optional<TerminalSafeStdout> safe_text;
                    if (*format != "json") safe_text.emplace();
                    for (const std::string& file : *files) {
                        try {
                            if (arbiter::cli::is_record(file)) {
                                const auto record = procedure::RecordFile::open(file);
                                const int first = *game > 0 ? *game : 1, last = *game > 0 ? *game : record.games();
                                std::vector<rulebook::Text> warnings;
                                for (int n = first; n <= last; ++n) {
                                    const auto converted = record.game(n, library, *rulebook_id);
                                    const auto t = procedure::record_timeline(converted, library);
                                    warnings.insert(warnings.end(), converted.warnings.begin(), converted.warnings.end());
                                    const auto& aside = t.event.declared_aside;
                                    warnings.insert(warnings.end(), aside.begin(), aside.end());
                                    if (*format != "json") {
                                        print_record_warnings(file, converted.warnings);
                                        print_record_warnings(file, t.event.declared_aside);
                                    }
                                }
                                const std::string fmt(procedure::record_format_name(record.format()));
                                const int checked = last - first + 1;
                                if (*format == "json") {
                                    nlohmann::json one = {{"file", file}, {"ok", true}, {"kind", "record"}, {"format", fmt},
                                                          {"games", record.games()}, {"checked", checked}};
                                    procedure::add_warnings(one, warnings);
                                    out.push_back(std::move(one));
                                } else if (ja) {
                                    std::cout << file << ": 問題なし（棋譜：" << fmt << "、" << checked << "局）\n";
                                } else {
                                    std::cout << file << ": ok (record: " << fmt << ", " << checked
                                              << (checked == 1 ? " game" : " games") << ")\n";
                                }
                                continue;
                            }
                            Validation result = validate_file(file, library, *rulebook_id);
                            // A timeline's moves are read only by playing them: an ambiguous move, or one no piece
                            // can make, is the writer's error that only the runner finds. Its rulings are dropped.
                            if (result.kind == Kind::timeline) {
                                const auto timeline = procedure::load_timeline(file, library, *rulebook_id);
                                if (*format != "json") print_record_warnings(file, timeline.event.declared_aside);
                                if (const auto* book = library.find(timeline.event.rulebook))
                                    (void)procedure::Runner(library).run(timeline, *book);
                            }
                            const std::string kind(kind_name(result.kind));
                            if (*format == "json")
                                out.push_back({{"file", file}, {"ok", true}, {"kind", kind}, {"schema_checked", result.schema_checked}});
                            else if (ja)
                                std::cout << file << ": 問題なし（" << kind_words_ja(result.kind)
                                          << (result.schema_checked ? "" : "、スキーマ未定") << "）\n";
                            else
                                std::cout << file << ": ok (" << kind << (result.schema_checked ? "" : "; no schema yet") << ")\n";
                        } catch (const InputError& e) {
                            all_ok = false;
                            // Every error of the file (a rulebook's are collected, rulebook/input_errors.h); "error"
                            // stays the first of them for readers of the older output.
                            const auto* several = dynamic_cast<const InputErrors*>(&e);
                            const std::vector<InputError> all = several ? several->errors() : std::vector<InputError>{e};
                            nlohmann::json errors = nlohmann::json::array();
                            for (const auto& one : all)
                                errors.push_back({{"file", one.where().file},
                                                  {"line", one.where().line},
                                                  {"column", one.where().column},
                                                  {"message", one.message()}});
                            if (*format == "json")
                                out.push_back({{"file", file}, {"ok", false}, {"error", errors[0]}, {"errors", errors}});
                            else
                                std::cerr << e.what() << '\n';
                        } catch (const std::exception& e) {  // a bug, not the input's fault: still exit 2, never crash
                            all_ok = false;
                            // Out of memory under a process limit is the input's size, not a bug: said plainly.
                            const bool memory = dynamic_cast<const std::bad_alloc*>(&e) != nullptr;
                            if (memory) keep_memory_reserve(16u << 20);  // spent by this failure; the next file's
                            const std::string message =
                                memory ? "out of memory reading the file (the process's memory limit was reached)"
                                       : e.what();
                            if (*format == "json")
                                out.push_back({{"file", file}, {"ok", false}, {"error", {{"file", file}, {"message", message}}}});
                            else
                                std::cerr << file << (memory ? ": " : ": internal error: ") << message << '\n';
                        }
                    }
                    if (*format == "json") std::cout << report::json_stream::dump(out, 2) << '\n';
                    return all_ok ? 0 : 2;
                });
            }};
}

}  // namespace arbiter::cli
