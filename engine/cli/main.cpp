// arbiter: board-game rulebooks as data. Parses the command line from the command table,
// runs the chosen command and maps every failure to the documented exit codes.
#include "cli/command.h"
#include "cli/generated_docs.h"
#include "cli/memory_reserve.h"
#include "cli/safe_stderr.h"
#include "core/error.h"
#include "procedure/vocabulary.h"
#include "report/text_table.h"
#include "rulebook/paths.h"
#include "rulebook/warnings.h"

#include <new>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <iostream>

namespace {

// Diagnostics go to stderr so that stdout stays data (JSON, tables) for scripts.
void configure_logging(const arbiter::cli::GlobalOptions& global) {
    // Through std::cerr, so that warnings pass SafeStderr as errors do (control characters escaped, a line over
    // MaxStderrLine cut): a warning quoting a 500 KB time control was written whole.
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(std::cerr, true);
    auto logger = std::make_shared<spdlog::logger>("arbiter", std::move(sink));
    // "arbiter: warning: ..."; in Japanese the messages carry their own 「警告:」 (spdlog names levels in English only).
    const bool ja = arbiter::rulebook::warnings_lang() == arbiter::rulebook::Lang::ja;
    logger->set_pattern(ja ? "arbiter: %v" : "arbiter: %l: %v");
    spdlog::set_default_logger(logger);
    spdlog::set_level(global.verbose ? spdlog::level::debug
                      : global.quiet ? spdlog::level::err
                                     : spdlog::level::warn);
}

// Adds the hidden commands that print the man page and the bash completion written from `app` (the build
// installs their output, so neither can drift from the command table).
void add_generated_docs(CLI::App& app, std::function<int()>& action) {
    CLI::App* man = app.add_subcommand("help-man", "Print the manual page arbiter(1) in roff")->group("");
    man->final_callback([&app, &action] {
        action = [&app] {
            std::cout << arbiter::cli::man_page(app);
            return 0;
        };
    });
    CLI::App* completion = app.add_subcommand("help-completion", "Print the bash completion script")->group("");
    completion->final_callback([&app, &action] {
        action = [&app] {
            std::cout << arbiter::cli::bash_completion(app);
            return 0;
        };
    });
}

int run(int argc, char** argv) {
    using namespace arbiter::cli;
    CLI::App app{"arbiter: board-game rulebooks as data, applied to games, clocks and claims.\n"
                 "Exit codes: 0 ok, 1 a well-formed input answered no, 2 input that cannot be read."};
    app.set_version_flag("--version", std::string("arbiter ") + ARBITER_VERSION);
    app.require_subcommand(1);
    app.fallthrough();
    app.footer(DataSearchHelp);

    GlobalOptions global;
    app.add_option("--rulesets", global.rulesets_dir,
                   "Folder of games and rulebooks searched before the bundled ones (repeatable; see the search order)")
        ->type_name("DIR")
        ->allow_extra_args(false);
    app.add_option("--schemas", global.schemas_dir, "Folder of schema and registry files searched before the bundled ones (repeatable)")
        ->type_name("DIR")
        ->allow_extra_args(false);
    auto* verbose = app.add_flag("-v,--verbose", global.verbose, "Print on stderr which files, rulebooks and categories were used, and timings");
    app.add_flag("-q,--quiet", global.quiet, "Print only errors on stderr (no warnings)")->excludes(verbose);

    std::function<int()> action;
    for (const Command& command : command_table()) {
        CLI::App* sub = app.add_subcommand(command.name, command.summary);
        sub->footer(command.description);
        auto run_command = command.define(*sub, global);
        sub->final_callback([&action, run_command] { action = run_command; });
    }
    add_generated_docs(app, action);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : 2;
    }
    // The chosen command's --lang (a per-command option) also sets the language of the warnings.
    for (const CLI::App* sub = &app; sub;) {
        const auto chosen = sub->get_subcommands();
        sub = chosen.empty() ? nullptr : chosen.front();
        if (const CLI::Option* lang = sub ? sub->get_option_no_throw("--lang") : nullptr; lang && lang->count() > 0 &&
                                                                                         lang->as<std::string>() == "ja")
            arbiter::rulebook::set_warnings_lang(arbiter::rulebook::Lang::ja);
    }
    configure_logging(global);
    arbiter::rulebook::set_schemas_dirs(global.schemas_dir);
    const auto started = std::chrono::steady_clock::now();
    int code = action ? action() : 2;
    // Output that could not be written (a full disk, a closed standard output) fails the command: it was exit 0
    // with nothing said, and a script took the empty result for the answer.
    if (!std::cout.flush()) {
        std::cerr << "arbiter: error: the output could not be written to the standard output (full, or closed); "
                     "expected a standard output that takes it\n";
        code = 2;
    }
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    spdlog::debug("finished with exit code {} in {} ms", code, took.count());
    return code;
}

}  // namespace

int main(int argc, char** argv) {
    // Every registry this process loads is held to the words the engine acts on (docs/VOCABULARY.md).
    arbiter::rulebook::set_engine_words(&arbiter::procedure::implemented_words());
    arbiter::cli::make_allocator_arenas();
    arbiter::cli::keep_memory_reserve(16u << 20);  // for the destructors of an out-of-memory failure
    const arbiter::cli::SafeStderr safe_stderr;      // every message quotes input: made safe for a terminal
    try {
        return run(argc, argv);
    } catch (const arbiter::InputError& e) {
        std::cerr << arbiter::report::terminal_safe(e.what()) << '\n';  // messages quote the input's own text
        return 2;
    } catch (const std::bad_alloc&) {
        // Under a process memory limit (ulimit -v, a container's cap): the input named, not a bare std::bad_alloc.
        std::string inputs;
        for (int k = 1; k < argc && inputs.size() < 200; ++k) inputs += std::string(k > 1 ? " " : "") + argv[k];
        if (inputs.size() > 200) inputs = inputs.substr(0, 200) + "...";
        std::cerr << "arbiter: error: out of memory running 'arbiter " << arbiter::report::terminal_safe(inputs)
                  << "': the process's memory limit was reached; expected inputs that fit in the memory allowed\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "arbiter: error: " << arbiter::report::terminal_safe(e.what()) << '\n';
        return 2;
    }
}
