// `arbiter audit FILE... [--rulebook ID | --rulebooks A,B] [--format text|jsonl]`: every game of many records ruled
// and set against what each record says. jsonl: one object per game and rulebook, streamed as it is ruled; text: a
// summary with the games whose ruling disagrees with their record and the games that could not be read.
#include "cli/command.h"
#include "cli/record_arg.h"
#include "rulebook/paths.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <sstream>

namespace arbiter::cli {

Command audit_command() {
    return {"audit", "Rule every game of many records and check each against its own result",
            "Reads each FILE (a game record: PGN, KIF, CSA, GGF, othello transcript, WTHOR .wtb) and rules every\n"
            "game under --rulebook, each of --rulebooks (comma-separated; those of another game than the record's\n"
            "are skipped), or the default for the game (fide-2009, csa-computer-shogi, joa-othello-2014).\n"
            "--format jsonl streams one object per game and rulebook: {file, game, rulebook, recorded, result,\n"
            "agrees, warnings} or {file, game, error}. Text: games, rulings (one per game and rulebook): agree,\n"
            "disagree, not comparable (no recorded result, or pending), errors; then each disagreement and error.\n"
            "Exit 0 when every game was read; 2 when any could not be.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto files = std::make_shared<std::vector<std::string>>();
                auto book = std::make_shared<std::string>();
                auto books = std::make_shared<std::string>();
                auto format = std::make_shared<std::string>("text");
                app.add_option("FILE", *files, "Game records")->required();
                auto* one = app.add_option("--rulebook", *book, "Rulebook id for every game");
                app.add_option("--rulebooks", *books, "Rulebook ids, comma-separated")->excludes(one);
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "jsonl"}));
                return std::function<int()>([&global, files, book, books, format] {
                    const auto library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
                    std::vector<std::string> ids;
                    std::stringstream list(!book->empty() ? *book : *books);
                    for (std::string id; std::getline(list, id, ',');)
                        if (!id.empty()) {
                            if (!library.find(id)) {
                                std::cerr << "arbiter: audit: no rulebook '" << id << "'\n";
                                return 2;
                            }
                            ids.push_back(id);
                        }
                    const bool jsonl = *format == "jsonl";
                    long games = 0, agree = 0, disagree = 0, open = 0, errors = 0;
                    std::vector<std::string> notes;
                    procedure::Runner runner(library);
                    auto error = [&](const std::string& file, int game, const InputError& e) {
                        ++errors;
                        if (jsonl)
                            std::cout << nlohmann::json{{"file", file}, {"game", game},
                                                        {"error", {{"file", e.where().file}, {"line", e.where().line},
                                                                   {"column", e.where().column}, {"message", e.message()}}}}
                                             .dump()
                                      << '\n';
                        else
                            notes.push_back(std::string("error: ") + e.what());
                    };
                    for (const std::string& file : *files) {
                        std::optional<procedure::RecordFile> record;
                        try {
                            if (!is_record(file))
                                throw InputError({file, 0, 0}, "not a game record (PGN, KIF, CSA, GGF, othello transcript, WTHOR .wtb)");
                            record.emplace(procedure::RecordFile::open(file));
                        } catch (const InputError& e) {
                            error(file, 0, e);
                            continue;
                        }
                        for (int n = 1; n <= record->games(); ++n) {
                            ++games;
                            try {
                                // The game's own rulebooks: the listed ones of its game, else its default.
                                const auto probe = record->game(n, library);
                                std::vector<std::string> mine;
                                for (const auto& id : ids)
                                    if (library.find(id)->game == probe.game) mine.push_back(id);
                                if (ids.empty()) mine.push_back(probe.rulebook);
                                if (mine.empty())
                                    throw InputError({file, 0, 0}, "game " + std::to_string(n) + " is " + probe.game +
                                                                       "; no rulebook of --rulebook(s) rules it");
                                for (const auto& id : mine) {
                                    const auto converted = id == probe.rulebook ? probe : record->game(n, library, id);
                                    const auto timeline = procedure::record_timeline(converted, library);
                                    const auto run = runner.run(timeline, *library.find(id));
                                    const auto a = procedure::agrees(converted.recorded, run);
                                    (!a ? open : *a ? agree : disagree) += 1;
                                    if (jsonl) {
                                        auto full = procedure::to_json(run);
                                        nlohmann::json line = {{"file", file}, {"game", n}, {"rulebook", id},
                                                               {"result", full["result"]}};
                                        procedure::add_record_keys(line, converted, run);
                                        std::cout << line.dump() << '\n' << std::flush;
                                    } else if (a && !*a) {
                                        notes.push_back("disagrees: " + file + " game " + std::to_string(n) + " under " + id + ": " +
                                                        recorded_line(converted, run).substr(0, recorded_line(converted, run).size() - 1) +
                                                        "; ruled " + std::string(procedure::status_name(run.result.status)) +
                                                        (run.result.topic.empty() ? "" : " (" + run.result.topic + ")"));
                                    }
                                }
                            } catch (const InputError& e) {
                                error(file, n, e);
                            }
                        }
                    }
                    if (!jsonl) {
                        const long rulings = agree + disagree + open;
                        std::cout << games << (games == 1 ? " game, " : " games, ") << rulings
                                  << (rulings == 1 ? " ruling: " : " rulings: ") << agree << " agree, " << disagree
                                  << " disagree, " << open << " not comparable, " << errors << (errors == 1 ? " error" : " errors")
                                  << '\n';
                        for (const auto& note : notes) std::cout << note << '\n';
                    }
                    return errors ? 2 : 0;
                });
            }};
}

}  // namespace arbiter::cli
