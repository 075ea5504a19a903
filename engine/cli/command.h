// The command table: every `arbiter <command>` is one row, and --help, the overview and dispatch
// all come from it (as ripgrep's FLAGS list does), so they cannot disagree.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <limits>
#include <string>
#include <vector>

namespace arbiter::cli {

// Options that every command sees (set before the command's action runs).
struct GlobalOptions {
    std::vector<std::string> rulesets_dir;  // --rulesets, repeatable: folders searched before the bundled one (rulebook/paths.h)
    std::vector<std::string> schemas_dir;   // --schemas, repeatable: the same for schema and registry files
    bool verbose = false;
    bool quiet = false;
};

// Declares a command's options on `app` and returns the action to run once parsing succeeded.
// The action returns the exit code: 0 ok, 1 a well-formed input answered "no", 2 bad input.
using CommandDefinition = std::function<std::function<int()>(CLI::App& app, const GlobalOptions& global)>;

struct Command {
    std::string name;
    std::string summary;      // one line, at most 79 columns with the name
    std::string description;  // the long help, shown by `arbiter <name> --help`
    CommandDefinition define;
};

// Refuses an empty string where an option or argument names a folder or a game (exit 2 like any bad argument): an
// empty DIR was the current folder to `site`, and an empty --game the default game to `perft` and `analyze`.
inline const CLI::Validator NonEmpty(
    [](const std::string& value) { return value.empty() ? std::string("found an empty string; expected a name") : ""; },
    "", "NON-EMPTY");

// Decimal digits only, for an option read into an unsigned integer: CLI11 took `--max-moves -1` as 2^64 - 1 (the
// count's whole range, without a word) where a negative budget is a mistake.
inline const CLI::Validator WholeNumber(
    [](const std::string& value) {
        const bool digits = !value.empty() && value.find_first_not_of("0123456789") == std::string::npos;
        return digits ? std::string() : "found '" + value + "'; expected a whole number written in digits";
    },
    "", "DIGITS");

// A game's number in a record, 1-based (--game): CLI::PositiveNumber refused 0 as "not in range 0.000000 to" a
// number of 309 digits, which named neither the bound nor the largest value.
inline const CLI::Range GameNumber(1, std::numeric_limits<int>::max());

// All commands in the order the overview lists them.
const std::vector<Command>& command_table();

// Commands, one per file (cmd_<name>.cpp).
Command list_command();
Command show_command();
Command validate_command();
Command perft_command();
Command analyze_command();
Command clock_command();
Command run_command();
Command compare_command();
Command event_command();
Command diff_command();
Command history_command();
Command help_command();
Command import_command();
Command audit_command();
Command vocabulary_command();
Command check_command();
Command site_command();

}  // namespace arbiter::cli
