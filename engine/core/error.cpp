#include "core/error.h"

#include <algorithm>
#include <string_view>

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

// A message as it can be shown whole: a NUL byte (which what()'s reader would take for the end) written as \x00,
// and a message longer than MaxMessageBytes (one quoting a 2 MB move or header) cut in its middle, at a UTF-8
// character's start, saying how much was left out.
static std::string showable(const std::string& message) {
    constexpr std::size_t MaxMessageBytes = 2048, Kept = 1000;
    std::string out;
    out.reserve(std::min(message.size(), MaxMessageBytes + 64));
    auto append = [&out](std::string_view part) {
        for (char c : part) {
            if (c == '\0') out += "\\x00";
            else out += c;
        }
    };
    if (message.size() <= MaxMessageBytes) {
        append(message);
        return out;
    }
    // Back over at most three continuation bytes (a UTF-8 character has no more): bytes that are not UTF-8, a run
    // of 0x80-0xBF, would otherwise take the cut back to the run's start and keep the whole message.
    auto start_of_char = [&message](std::size_t i) {
        for (int back = 0; back < 3 && i > 0 && (static_cast<unsigned char>(message[i]) & 0xC0) == 0x80; ++back) --i;
        return i;
    };
    const std::size_t head = start_of_char(Kept), tail = start_of_char(message.size() - Kept);
    append(std::string_view(message).substr(0, head));
    out += " [... " + std::to_string(tail - head) + " bytes left out ...] ";
    append(std::string_view(message).substr(tail));
    return out;
}

InputError::InputError(SourceLocation where, const std::string& message)
    : std::runtime_error(with_location(where, showable(message))), where_(std::move(where)), message_(showable(message)) {}

InputError::InputError(SourceLocation where, const Text& message) : InputError(std::move(where), message.en) {
    message_ja_ = showable(message.ja);
}

InputError with_prefix(const InputError& e, const Text& prefix) {
    return InputError(
        e.where(), Text{prefix.en + e.message(), e.message_ja().empty() ? std::string() : prefix.ja + e.message_ja()});
}

}  // namespace arbiter
