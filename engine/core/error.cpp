#include "core/error.h"

namespace arbiter {

std::string SourceLocation::to_string() const {
    std::string out = file.empty() ? "<input>" : file;
    if (line > 0) {
        out += ':' + std::to_string(line);
        if (column > 0) out += ':' + std::to_string(column);
    }
    return out;
}

static std::string with_location(const SourceLocation& where, const std::string& message) {
    return where.to_string() + ": " + message;
}

InputError::InputError(SourceLocation where, const std::string& message)
    : std::runtime_error(with_location(where, message)), where_(std::move(where)), message_(message) {}

}  // namespace arbiter
