// layer: core
// Othello board strings (core/placement_game.h): read, written back, moves generated.
#include "core/error.h"
#include "core/game_files.h"
#include "core/placement_game.h"
#include "core/position.h"

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

using namespace arbiter::core;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const GameDefinitionPtr othello = load_game("othello");
    if (size > 4096) return 0;
    try {
        Position pos = position_from_board_string(othello, {reinterpret_cast<const char*>(data), size}, "fuzz");
        std::string text = board_string(pos);
        if (board_string(position_from_board_string(othello, text, "fuzz")) != text)
            throw std::logic_error("board string does not read back: " + text);
        (void)pos.legal_moves();
        (void)count_pieces(pos);
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
