// The --position argument of perft and analyze: `startpos`, a FEN, an SFEN or the board string of a placement game,
// as the game file's notation.position says; and how each command writes a position back. Templates on the bitboard
// width, like the position (placement games fit in 64 bits).
#pragma once

#include "core/placement_game.h"
#include "core/position.h"

#include <string>
#include <string_view>
#include <type_traits>

namespace arbiter::cli {

// Reads `text` for the game of `def` as written, whether or not a game can reach it (perft counts any position it
// can represent); InputError (naming `source` and the column) when it does not read.
template <class BB>
core::BasicPosition<BB> represented_position(const core::GameDefinitionPtr& def, std::string_view text,
                                             const std::string& source) {
    using Pos = core::BasicPosition<BB>;
    if (text == "startpos") return Pos::start(def);
    if constexpr (std::is_same_v<BB, core::Bitboard>)
        if (def->profile.position == core::PositionNotation::board)
            return core::position_from_board_string(def, text, source);
    return def->profile.position == core::PositionNotation::sfen ? Pos::from_sfen(def, text, source)
                                                                 : Pos::from_fen(def, text, source);
}

// The same, refused (InputError) where no game reaches it: a position to analyse as if the rules could reach it.
template <class BB>
core::BasicPosition<BB> position_from_argument(const core::GameDefinitionPtr& def, std::string_view text,
                                               const std::string& source) {
    auto pos = represented_position<BB>(def, text, source);
    core::require_possible_position(pos, source);
    return pos;
}

// The position as notation.position writes it: FEN, SFEN, or a placement game's board string.
template <class BB>
std::string position_argument(const core::BasicPosition<BB>& pos) {
    if constexpr (std::is_same_v<BB, core::Bitboard>)
        if (pos.definition().profile.position == core::PositionNotation::board) return core::board_string(pos);
    return pos.definition().profile.position == core::PositionNotation::sfen ? pos.sfen() : pos.fen();
}

}  // namespace arbiter::cli
