// arbiter help [COMMAND]: what `arbiter --help` and `arbiter COMMAND --help` print, for those who type it the way
// git and cargo take it.
#include "cli/command.h"
#include "rulebook/suggest.h"

#include <iostream>

namespace arbiter::cli {

Command help_command() {
    return {"help", "Print the list of commands, or one command's help",
            "arbiter help: the commands and the global options (as arbiter --help).\n"
            "arbiter help COMMAND: that command's options and description (as arbiter COMMAND --help).",
            [](CLI::App& app, const GlobalOptions&) {
                auto name = std::make_shared<std::string>();
                app.add_option("COMMAND", *name, "The command to describe");
                CLI::App* parent = app.get_parent();
                return std::function<int()>([parent, name] {
                    if (name->empty()) {
                        // Not parent->help(), which describes the parsed subcommand (this one) instead.
                        std::cout << parent->get_formatter()->make_help(parent, parent->get_name(),
                                                                        CLI::AppFormatMode::Normal);
                        return 0;
                    }
                    std::vector<std::string> names;
                    for (const CLI::App* sub :
                         parent->get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); })) {
                        if (sub->get_name() == *name) {
                            std::cout << sub->help();
                            return 0;
                        }
                        names.push_back(sub->get_name());
                    }
                    std::cerr << "arbiter: help: found the command '" << *name
                              << "'; expected one of the commands arbiter help lists"
                              << rulebook::did_you_mean(*name, names) << '\n';
                    return 2;
                });
            }};
}

}  // namespace arbiter::cli
