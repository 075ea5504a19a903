// layer: core
// SFEN for shogi (core/sfen.cpp): read, checked for reachability, written back and read again, moves generated.
#include "core/error.h"
#include "core/game_files.h"
#include "core/position.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

using namespace arbiter::core;
using ShogiPosition = BasicPosition<WideBitboard<2>>;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const GameDefinitionPtr shogi = load_game("shogi");
    if (size > 4096) return 0;
    try {
        ShogiPosition pos = ShogiPosition::from_sfen(shogi, {reinterpret_cast<const char*>(data), size}, "fuzz");
        (void)impossible_position(pos);
        std::string text = pos.sfen();
        ShogiPosition again = ShogiPosition::from_sfen(shogi, text, "fuzz");
        if (again.sfen() != text) throw std::logic_error("SFEN does not read back: " + text);
        (void)pos.legal_moves();
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
