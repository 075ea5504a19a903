#include "cli/terminal_output.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string_view>

namespace arbiter::cli {

namespace {

winsize terminal_size() {
    winsize size{};
    if (!stdout_is_terminal() || ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) != 0) size = {};
    return size;
}

}  // namespace

bool stdout_is_terminal() { return ::isatty(STDOUT_FILENO) == 1; }

int output_width(int asked) {
    if (asked > 0) return asked;
    const winsize size = terminal_size();
    // The terminal's width within the range --width accepts: a window one column wide wrapped every cell to an
    // ellipsis and left the rulebooks' names out of the table.
    return size.ws_col > 0 ? std::clamp<int>(size.ws_col, 20, 1000) : 80;
}

bool use_color(const std::string& choice) {
    if (choice == "always") return true;
    if (choice == "never") return false;
    // The conventions of no-color.org (NO_COLOR set and not empty) and of terminals without escapes (TERM=dumb).
    const char* no_color = std::getenv("NO_COLOR");
    if (no_color && *no_color) return false;
    const char* term = std::getenv("TERM");
    if (term && std::string_view(term) == "dumb") return false;
    return stdout_is_terminal();
}

void write_paged(const std::string& text) {
    const winsize size = terminal_size();
    const auto lines = static_cast<long>(std::count(text.begin(), text.end(), '\n'));
    if (size.ws_row == 0 || lines < size.ws_row) {
        std::cout << text;
        return;
    }
    const char* pager = std::getenv("PAGER");
    const std::string command = pager && *pager ? pager : "less -R";
    std::cout.flush();
    FILE* pipe = ::popen(command.c_str(), "w");
    if (!pipe) {
        std::cout << text;
        return;
    }
    std::fwrite(text.data(), 1, text.size(), pipe);
    ::pclose(pipe);
}

}  // namespace arbiter::cli
