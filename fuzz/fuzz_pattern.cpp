// layer: rulebook
// Schema patterns (rulebook/pattern_match.h): the input's first line compiled as a pattern, the rest searched with
// it; a PatternError is an answer, anything else (a crash, a hang, a program past its bound) is a finding.
#include "rulebook/pattern_match.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 65536) return 0;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const std::size_t newline = input.find('\n');
    const std::string_view pattern = input.substr(0, newline);
    const std::string_view text = newline == std::string_view::npos ? std::string_view() : input.substr(newline + 1);
    try {
        const arbiter::rulebook::Pattern compiled(pattern);
        if (compiled.size() > arbiter::rulebook::Pattern::MaxProgram) __builtin_trap();
        (void)compiled.search(text);
    } catch (const arbiter::rulebook::PatternError&) {
    }
    return 0;
}
