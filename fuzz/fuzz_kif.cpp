// layer: core
// KIF shogi records (core/record/kif.h): bytes (UTF-8 or Shift_JIS) to a game record or an InputError, read with
// the piece names of the bundled shogi game file.
#include "core/error.h"
#include "core/game_files.h"
#include "core/record/kif.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const arbiter::core::record::KifPieces pieces =
        arbiter::core::record::kif_pieces(*arbiter::core::load_game("shogi"));
    if (size > 65536) return 0;
    try {
        (void)arbiter::core::record::read_kif({reinterpret_cast<const char*>(data), size}, "fuzz.kif", pieces);
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
