// Placeholder until the command lands: refuses with exit 2.
#include "cli/command.h"

#include <iostream>

namespace arbiter::cli {

Command analyze_command() {
    return {"analyze", "(not yet available)", "", [](CLI::App&, const GlobalOptions&) {
                return std::function<int()>([] {
                    std::cerr << "arbiter: analyze is not available yet\n";
                    return 2;
                });
            }};
}

}  // namespace arbiter::cli
