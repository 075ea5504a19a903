// layer: records
// audit --from-jsonl (records/audit_game.h, audit_from_json): each line parsed as JSON, as cmd_audit's reader does,
// and read back as an audited game; a line that is not one must be an InputError, never a crash or a hang.
#include "core/error.h"
#include "records/audit_game.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 65536) return 0;
    std::string_view text(reinterpret_cast<const char*>(data), size);
    int line_number = 0;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        ++line_number;
        nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        if (j.is_discarded()) continue;
        try {
            (void)arbiter::procedure::audit::audit_from_json(j, arbiter::SourceLocation{"fuzz.jsonl", line_number, 1});
        } catch (const arbiter::InputError&) {
        }
    }
    return 0;
}
