// Errors about input, shared by every layer: a place in a file and what was wrong there.
#pragma once

#include "core/text.h"

#include <stdexcept>
#include <string>

namespace arbiter {

// A place in an input: file name (or "<stdin>", "<position>"), 1-based line and column; 0 = unknown.
struct SourceLocation {
    std::string file;
    int line = 0;
    int column = 0;

    // Formats as a compiler does: "file:line:column", omitting unknown parts.
    std::string to_string() const;
};

// Input that cannot be read or does not conform. The CLI prints what() and exits 2.
// Thrown only at boundaries (parsers, loaders), never through a hot loop. what() is English; a refusal a reader of
// Japanese is shown (the record readers', listed by `audit --lang ja`) carries its Japanese too, written where it
// is raised.
class InputError : public std::runtime_error {
public:
    InputError(SourceLocation where, const std::string& message);
    InputError(SourceLocation where, const Text& message);

    const SourceLocation& where() const { return where_; }
    // The message without the location prefix.
    const std::string& message() const { return message_; }
    // The message in Japanese without the location prefix; empty where the raiser gave none.
    const std::string& message_ja() const { return message_ja_; }

private:
    SourceLocation where_;
    std::string message_;
    std::string message_ja_;
};

// `e` with `prefix` before its message in both languages (a reader's refusal placed in its game: "game 3: "); the
// Japanese stays empty where `e` had none.
InputError with_prefix(const InputError& e, const Text& prefix);

}  // namespace arbiter
