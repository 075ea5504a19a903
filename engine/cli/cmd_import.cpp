// `arbiter import RECORD [--game N] [--rulebook ID]`: prints one game of a record as timeline YAML (the time control
// and the event filled in, the record's ending as the entry it stands for), for an arbiter to add what records
// never hold (arrivals, claims, phones) and run it.
#include "cli/command.h"
#include "core/record/bounded_read.h"
#include "cli/record_arg.h"
#include "rulebook/paths.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>

namespace arbiter::cli {

Command import_command() {
    return {"import", "Print one game of a record (PGN, KIF, CSA, GGF, WTHOR) as a timeline",
            "Reads RECORD and prints game --game N (1-based, the first by default) as a timeline (docs/TIMELINES.md,\n"
            "\"Game records\"): every move at the instant its clock reading or time used gives, the time control and\n"
            "the event from the record's headers, and its ending as an entry (a resignation, the opponent's flag\n"
            "claim for a time forfeit, an accepted draw offer, an impasse declaration). The output runs as it is\n"
            "(`arbiter run`) and is meant to be edited. Warnings about noisy data go to stderr and into comments.\n"
            "With --lang ja the comments and the warnings are in Japanese (the timeline's words stay the format's).\n"
            "Exit 0; 2 for a record that cannot be read (the message names file:line:column, the game and ply).\n" +
                std::string(record_help()),
            [](CLI::App& app, const GlobalOptions& global) {
                auto file = std::make_shared<std::string>();
                auto game = std::make_shared<int>(1);
                auto book_id = std::make_shared<std::string>();
                app.add_option("RECORD", *file, "Game record")->required();
                app.add_option("--game", *game, "Game of the record, 1-based")->check(GameNumber);
                app.add_option("--rulebook", *book_id, "Rulebook id written into the event (default: per game)")
                    ->check(NonEmpty);
                // Read by main(), which sets the language of the warnings and of import's comments from it.
                app.add_option("--lang", "Language of the comments and warnings")->check(CLI::IsMember({"en", "ja"}));
                return std::function<int()>([&global, file, game, book_id] {
                    const auto library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
                    // A missing or unreadable file is said to be so, not taken for a file of another kind.
                    if (std::error_code ec; !std::filesystem::exists(*file, ec)) {
                        std::cerr << "arbiter: import: " << *file << ": no such file\n";
                        return 2;
                    }
                    // The front door refuses a folder, a FIFO or a device (InputError, exit 2) without blocking.
                    core::record::InputFile{*file, "a game record (PGN, KIF, CSA, GGF, othello transcript, WTHOR .wtb)"};
                    if (!is_record(*file)) {
                        std::cerr << "arbiter: import: " << *file
                                  << ": not a game record (PGN, KIF, CSA, GGF, othello transcript, WTHOR .wtb)\n";
                        return 2;
                    }
                    const auto record = convert_record(*file, *game, library, *book_id);
                    // What is printed must read back: the same checks as `run`.
                    (void)procedure::record_timeline(record, library);
                    std::cout << record.yaml;
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
