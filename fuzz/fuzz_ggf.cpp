// layer: core
// GGF othello records (core/record/othello_records.h): text to game records or an InputError.
#include "core/error.h"
#include "core/record/othello_records.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 65536) return 0;
    try {
        (void)arbiter::core::record::read_ggf({reinterpret_cast<const char*>(data), size}, "fuzz.ggf");
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
