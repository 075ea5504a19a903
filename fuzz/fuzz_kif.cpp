// layer: core
// KIF shogi records (core/record/kif.h): bytes (UTF-8 or Shift_JIS) to a game record or an InputError.
#include "core/error.h"
#include "core/record/kif.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 65536) return 0;
    try {
        (void)arbiter::core::record::read_kif({reinterpret_cast<const char*>(data), size}, "fuzz.kif");
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
