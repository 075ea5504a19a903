// The man page and the bash completion, written from the parsed command table (the CLI::App that main builds
// from command_table()), so that they list exactly the commands and options the program accepts.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace arbiter::cli {

// The manual page arbiter(1) in roff (man -l reads it): global options, each command with its summary, long
// help and options, the data folders and their search order, exit codes.
std::string man_page(const CLI::App& app);

// A bash completion script: command names, then each command's (and sub-command's) options, folders after
// --rulesets and --schemas, the choices of options that have a fixed set of values.
std::string bash_completion(const CLI::App& app);

// The text, shared by --help and the man page, that says where data is looked for.
extern const char* const DataSearchHelp;

}  // namespace arbiter::cli
