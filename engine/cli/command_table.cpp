#include "cli/command.h"

namespace arbiter::cli {

const std::vector<Command>& command_table() {
    static const std::vector<Command> table = {
        list_command(),  show_command(),    validate_command(),
        clock_command(), perft_command(),   analyze_command(),
        run_command(),   compare_command(), import_command(), audit_command(),
        event_command(), diff_command(),   vocabulary_command(),
        check_command(),
        history_command(),
        site_command(),
        help_command(),
    };
    return table;
}

}  // namespace arbiter::cli
