// What the laws of a placement game (othello) say about a position: the board string, passes, the end of the
// game and the count. Move generation itself is Position::generate_legal (placement_moves.cpp).
#pragma once

#include "core/notation.h"
#include "core/position.h"

#include <optional>
#include <string>
#include <string_view>

namespace arbiter::core {

// Checks a board string of `g` (one cell a square in square order, a1 b1 ... then a2 ..., the cells of
// `board_string` in the data, a space, the first or second cell for the side to move) and returns the same
// position as a FEN. InputError at the offending column (line 1) otherwise.
std::string board_string_to_fen(const GameDefinition& g, std::string_view text, const std::string& source);
// Reads a board string (as above) into a position.
Position position_from_board_string(GameDefinitionPtr def, std::string_view text, const std::string& source);
// Writes the board string of a position of a placement game.
std::string board_string(const Position& pos);

struct PieceCount {
    int pieces[2] = {0, 0};
    int empty = 0;
};
PieceCount count_pieces(const Position& pos);

// The side to move has no placement and its only legal move is the pass.
bool must_pass(const Position& pos);
// Neither side can place: the game is over (with the pass rule, the side to move has no legal move).
bool is_placement_game_over(const Position& pos);

// The result of a finished placement game: the side with more pieces wins (equal counts draw); the score
// gives the empty squares to the winner when the data says so (empty_squares: to_winner); a draw keeps the
// counts as they are. Meaningful once is_placement_game_over(pos).
struct PlacementResult {
    std::optional<Color> winner;  // empty for a draw
    int score[2] = {0, 0};
};
PlacementResult placement_result(const Position& pos);

// "f5" for a placement, "pass" for a pass.
std::string placement_move_name(const Position& pos, Move m);
// Reads "f5" (either case) or "pass" / "--"; illegal when the game's rules do not allow it here.
ParsedMove parse_placement_move(const Position& pos, std::string_view text);

}  // namespace arbiter::core
