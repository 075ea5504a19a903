// arbiter: board-game rulebooks as data. Parses the command line from the command table,
// runs the chosen command and maps every failure to the documented exit codes.
#include "cli/command.h"
#include "core/error.h"
#include "procedure/vocabulary.h"
#include "report/text_table.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <iostream>

namespace {

// Diagnostics go to stderr so that stdout stays data (JSON, tables) for scripts.
void configure_logging(const arbiter::cli::GlobalOptions& global) {
    auto logger = spdlog::stderr_color_mt("arbiter");
    logger->set_pattern("arbiter: %l: %v");
    spdlog::set_default_logger(logger);
    spdlog::set_level(global.verbose ? spdlog::level::debug
                      : global.quiet ? spdlog::level::err
                                     : spdlog::level::warn);
}

int run(int argc, char** argv) {
    using namespace arbiter::cli;
    CLI::App app{"arbiter: board-game rulebooks as data, applied to games, clocks and claims.\n"
                 "Exit codes: 0 ok, 1 a well-formed input answered no, 2 input that cannot be read."};
    app.set_version_flag("--version", std::string("arbiter ") + ARBITER_VERSION);
    app.require_subcommand(1);
    app.fallthrough();

    GlobalOptions global;
    app.add_option("--rulesets", global.rulesets_dir, "Folder of games and rulebooks (default: the bundled rulesets/)");
    app.add_flag("-v,--verbose", global.verbose, "Print diagnostics on stderr");
    app.add_flag("-q,--quiet", global.quiet, "Print only errors on stderr");

    std::function<int()> action;
    for (const Command& command : command_table()) {
        CLI::App* sub = app.add_subcommand(command.name, command.summary);
        sub->footer(command.description);
        auto run_command = command.define(*sub, global);
        sub->final_callback([&action, run_command] { action = run_command; });
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : 2;
    }
    configure_logging(global);
    return action ? action() : 2;
}

}  // namespace

int main(int argc, char** argv) {
    // Every registry this process loads is held to the words the engine acts on (docs/VOCABULARY.md).
    arbiter::rulebook::set_engine_words(&arbiter::procedure::implemented_words());
    try {
        return run(argc, argv);
    } catch (const arbiter::InputError& e) {
        std::cerr << arbiter::report::terminal_safe(e.what()) << '\n';  // messages quote the input's own text
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "arbiter: error: " << arbiter::report::terminal_safe(e.what()) << '\n';
        return 2;
    }
}
