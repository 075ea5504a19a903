// Everything the program writes to std::cerr, made safe for the terminal that usually shows it. Messages quote what
// the user gave: a rulebook id, a topic, a file name from the command line, an argument CLI11 did not expect; written
// as they were, an escape sequence in one (a script passing names read from data) reached the terminal, and a
// 120 KB argument became a 120 KB message. Installed once in main: each line goes out through
// report::terminal_safe (control characters as \xNN), a line over MaxStderrLine bytes cut in its middle.
#pragma once

#include <cstddef>
#include <memory>
#include <ostream>
#include <streambuf>

namespace arbiter::cli {

inline constexpr std::size_t MaxStderrLine = 4096;

class SafeStderr {
public:
    SafeStderr();
    ~SafeStderr();  // writes a last line without its '\n' and puts std::cerr back as it was
    SafeStderr(const SafeStderr&) = delete;
    SafeStderr& operator=(const SafeStderr&) = delete;

private:
    std::streambuf* original_;
    std::unique_ptr<std::streambuf> filter_;
};

// The same for std::cout while a command writes text for a reader (`show`, `event check`) line by line, quoting the
// rulebook's or event's own words: lines are kept whole, control characters written as \xNN. Not for JSON, HTML or
// Markdown output, which escape in their own way.
class TerminalSafeStdout {
public:
    TerminalSafeStdout();
    ~TerminalSafeStdout();
    TerminalSafeStdout(const TerminalSafeStdout&) = delete;
    TerminalSafeStdout& operator=(const TerminalSafeStdout&) = delete;

private:
    std::streambuf* original_;
    std::unique_ptr<std::streambuf> filter_;
};

// std::cerr's own stream buffer, for the one writer whose control characters are its own (audit's progress line,
// which rewrites itself with "\r\x1b[K" on a terminal); whatever it quotes it passes through terminal_safe itself.
std::ostream& raw_stderr();

}  // namespace arbiter::cli
