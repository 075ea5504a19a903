// Errors about input, shared by every layer: a place in a file and what was wrong there.
#pragma once

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
// Thrown only at boundaries (parsers, loaders), never through a hot loop.
class InputError : public std::runtime_error {
public:
    InputError(SourceLocation where, const std::string& message);

    const SourceLocation& where() const { return where_; }
    // The message without the location prefix.
    const std::string& message() const { return message_; }

private:
    SourceLocation where_;
    std::string message_;
};

}  // namespace arbiter
