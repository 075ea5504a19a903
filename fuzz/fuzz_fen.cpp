// layer: core
// FEN for chess (core/fen.cpp): read, checked for reachability, written back and read again, moves generated.
#include "core/error.h"
#include "core/game_files.h"
#include "core/position.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

using namespace arbiter::core;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const GameDefinitionPtr chess = load_game("chess");
    if (size > 4096) return 0;
    try {
        Position pos = Position::from_fen(chess, {reinterpret_cast<const char*>(data), size}, "fuzz");
        (void)impossible_position(pos);
        std::string text = pos.fen();
        Position again = Position::from_fen(chess, text, "fuzz");
        if (again.fen() != text) throw std::logic_error("FEN does not read back: " + text);
        (void)pos.legal_moves();
        (void)pos.perft(2, true);
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
