// Placement games (othello, and any game the data describes the same way): a move puts a piece from an
// unlimited supply on an empty square; a flip rule turns every line of opponent pieces the new piece
// encloses with one of its own; a pass rule says when a side may pass; the game ends when neither side can
// move and is scored by counting pieces. All of it is data (the `placement` section of
// rulesets/games/<game>.yaml), compiled here into per-direction shift masks and rays.
//
// The hot path is two bitboard functions, placement_targets() and placement_flips(): no allocation, no
// loop over squares, one iteration per direction of the data.
#pragma once

namespace YAML {
class Node;  // the parsed document (yaml-cpp stays out of core's headers)
}

#include "core/types.h"


#include <string>

namespace arbiter::core {

class GameDefinition;

// When a side may pass.
enum class PassRule : std::uint8_t {
    never,                   // no pass: a side without a placement has no legal move
    only_without_placement,  // othello: a pass is a move, legal (and forced) only when no placement is
};

// How the score of a finished game treats the empty squares (WOF/JOA scoring: empties go to the winner).
enum class EmptySquares : std::uint8_t { uncounted, to_winner };

struct PlacementRule {
    static constexpr int max_directions = 16;

    bool enabled = false;
    int piece = -1;                 // the piece type placed (and the only one in othello)
    bool must_flip = true;          // placement rule: legal only where at least one piece turns
    PassRule pass = PassRule::never;
    EmptySquares empty_squares = EmptySquares::uncounted;
    char board_cell[3] = {'X', 'O', '-'};  // board string: a first-side piece, a second-side piece, empty

    // Flip rule, compiled from the `flip` directions [dx, dy].
    int direction_count = 0;
    int ascending_count = 0;               // directions 0 .. ascending_count - 1 have shift > 0
    int direction_dx[max_directions] = {};
    int direction_dy[max_directions] = {};
    int shift[max_directions] = {};        // square index step (dy * files + dx); > 0 ascends
    Bitboard arrive[max_directions] = {};  // squares a one-step shift may land on (no wrap, on the board)
    // ray[sq][d]: from sq along direction d to the edge, sq excluded; a square's rays share cache lines.
    Bitboard ray[max_squares][max_directions] = {};
    int longest_run = 0;                   // most opponent pieces one line can hold between two ends
    Bitboard all_squares = 0;

    // One step of every piece of `b` along direction d.
    Bitboard step(int d, Bitboard b) const {
        const int s = shift[d];
        return (s > 0 ? b << s : b >> -s) & arrive[d];
    }
};

// Empty squares where the side owning `own` may place (a flip rule with must_flip: squares that enclose at
// least one line of `opp`). Dumb7fill per direction (https://www.chessprogramming.org/Dumb7Fill).
inline Bitboard placement_targets(const PlacementRule& r, Bitboard own, Bitboard opp) {
    const Bitboard empty = r.all_squares & ~(own | opp);
    if (!r.must_flip) return empty;
    Bitboard targets = 0;
    for (int d = 0; d < r.direction_count; ++d) {
        Bitboard run = r.step(d, own) & opp;
        for (int i = 1; i < r.longest_run; ++i) run |= r.step(d, run) & opp;
        targets |= r.step(d, run) & empty;
    }
    return targets;
}

// The pieces of `opp` that a piece placed on `sq` by the owner of `own` turns: along each direction, the
// run of `opp` pieces that starts next to sq and ends at a piece of `own`. Branch-free per direction (the
// outcome of each direction is data-dependent, so branches would be mispredicted): directions are stored
// ascending ones first, so that the first square that is not an opponent piece is the lowest or the highest
// bit of the ray without a test, and the run before it is a mask below or above that bit.
inline Bitboard placement_flips(const PlacementRule& r, int sq, Bitboard own, Bitboard opp) {
    Bitboard flips = 0;
    int d = 0;
    for (; d < r.ascending_count; ++d) {
        const Bitboard line = r.ray[sq][d];
        const Bitboard stop = line & ~opp;
        const Bitboard end = stop & (0 - stop);                   // lowest: 0 when the run reaches the edge
        const Bitboard closed = Bitboard{0} - ((own & end) != 0);  // all ones when an own piece ends the run
        flips |= line & (end - 1) & closed;
    }
    for (; d < r.direction_count; ++d) {
        const Bitboard line = r.ray[sq][d];
        const Bitboard stop = line & ~opp;
        const Bitboard end = std::bit_floor(stop);                // highest: 0 when the run reaches the edge
        const Bitboard closed = Bitboard{0} - ((own & end) != 0);
        flips |= line & ~(end | (end - 1)) & closed;
    }
    return flips;
}

// Reads the `placement` section of a game definition (the pieces and the board are already read) and
// compiles its tables into g.placement. Throws InputError with file:line:column.
void load_placement(GameDefinition& g, const YAML::Node& section, const std::string& file);

}  // namespace arbiter::core
