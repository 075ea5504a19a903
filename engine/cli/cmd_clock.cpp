// Placeholder until the command lands: refuses with exit 2.
#include "cli/command.h"

#include <iostream>

namespace arbiter::cli {

Command clock_command() {
    return {"clock", "(not yet available)", "", [](CLI::App&, const GlobalOptions&) {
                return std::function<int()>([] {
                    std::cerr << "arbiter: clock is not available yet\n";
                    return 2;
                });
            }};
}

}  // namespace arbiter::cli
