// layer: core
// PGN (core/pgn.h): games read, and each replayed on the chess definition (SAN, FEN tags).
#include "core/error.h"
#include "core/game_files.h"
#include "core/pgn.h"

#include <cstddef>
#include <cstdint>

using namespace arbiter::core;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const GameDefinitionPtr chess = load_game("chess");
    if (size > 65536) return 0;
    try {
        for (const PgnGame& g : read_pgn({reinterpret_cast<const char*>(data), size}, "fuzz.pgn")) {
            try {
                (void)replay(chess, g, "fuzz.pgn");
            } catch (const arbiter::InputError&) {
            }
        }
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
