// What the laws of a placement game (othello) say about a position: the board string, passes, the end of the
// game and the count. Move generation itself is Position::generate_legal (placement_moves.cpp).
#pragma once

#include "core/notation.h"
#include "core/position.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// Why the rules refuse a placement or a pass that reads well.
enum class PlacementRefusal : std::uint8_t {
    none,                 // not refused
    square_occupied,      // the named square already holds a piece
    encloses_nothing,     // placement rule (must_flip): the piece would turn nothing over
    pass_with_placement,  // pass rule: the side to move has a placement, so it may not pass
    game_over,            // neither side can move: nothing is legal any more
};
// "square_occupied", "encloses_nothing", "pass_with_placement", "game_over" ("none" for none).
const char* to_string(PlacementRefusal r);

// A move text read in a placement game's position.
struct PlacementParse {
    MoveParseStatus status = MoveParseStatus::syntax_error;  // ok, syntax_error or illegal (never ambiguous)
    PlacementRefusal refusal = PlacementRefusal::none;        // why, when illegal
    Move move;           // the legal move, when ok
    bool pass = false;   // the text named a pass (whether or not it is legal)
    int square = -1;     // the square a placement names (also when illegal); -1 for a pass or a syntax error
    std::string message; // for anything but ok
    bool ok() const { return status == MoveParseStatus::ok; }
};
// Reads "f5" (either case; the square names of the data) or "pass" / "--" / "pa" (GGF) and says whether the
// game's rules allow it in `pos`, and if not, why: an occupied square first, then a finished game, then a
// placement that encloses nothing or a pass while a placement exists.
PlacementParse parse_placement(const Position& pos, std::string_view text);
// The same as a ParsedMove (what parse_move and Game::play use for a placement game).
ParsedMove parse_placement_move(const Position& pos, std::string_view text);

// A placement game being played (what a timeline runner needs, in plain types): the position, the moves
// played, whose turn it is, reading and playing "f5" / "pass", the end of the game and the counts.
// Sides: first (0) = black in othello, moves first from the standard start; second (1) = white.
class PlacementGame {
public:
    // The game's start position. Throws std::invalid_argument if `def` has no placement section.
    explicit PlacementGame(GameDefinitionPtr def);
    // A position given as a board string (board_string_to_fen); InputError naming `source` and the column.
    PlacementGame(GameDefinitionPtr def, std::string_view board, const std::string& source);

    Color side_to_move() const { return pos_.side_to_move(); }
    // Reads a move in the current position; plays nothing.
    PlacementParse parse(std::string_view text) const { return parse_placement(pos_, text); }
    // Reads a move and plays it when it is legal; returns what was read either way.
    PlacementParse play(std::string_view text);
    // Plays a legal move (from parse(); the caller guarantees legality).
    void play(Move m);
    // The side to move has no placement but may pass (its only legal move).
    bool must_pass() const { return core::must_pass(pos_); }
    // Neither side can move (the game is over and result() is set).
    bool is_over() const { return is_placement_game_over(pos_); }
    int pieces(Color c) const { return popcount(pos_.pieces(c)); }  // discs of a side on the board
    int empty_squares() const { return pos_.definition().squares - pieces(first) - pieces(second); }
    // The board string: one cell a square a1..h1, a2..h2, ... (X, O, - in othello), a space, the side to move.
    std::string board() const { return board_string(pos_); }
    // Winner and score (empty squares to the winner when the data says so); nullopt while the game goes on.
    std::optional<PlacementResult> result() const;
    // Moves played since the start given to the constructor, passes included.
    const std::vector<Move>& moves() const { return moves_; }
    const Position& position() const { return pos_; }

private:
    Position pos_;
    std::vector<Move> moves_;
};

}  // namespace arbiter::core
