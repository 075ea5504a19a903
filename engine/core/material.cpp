// Insufficient material by the classic table (FIDE 5.2b / 6.9 cases that need no search). The piece
// classes come from the data: `minor` pieces, and colour-bound pieces (derived from their vectors).
#include "core/position.h"

namespace arbiter::core {

namespace {

// A knight: leaps of (1, 2) only. Its check cannot be blocked, and the squares next to both it and the king it
// checks are next to the king too.
bool is_knight(const PieceType& p) {
    if (p.vectors.empty()) return false;
    for (const Vector& v : p.vectors) {
        const int x = v.dx < 0 ? -v.dx : v.dx, y = v.dy < 0 ? -v.dy : v.dy;
        if (v.range != 1 || !((x == 1 && y == 2) || (x == 2 && y == 1))) return false;
    }
    return true;
}

// A queen: captures along all eight lines, more than one step. Placed next to a king, it sees every square a
// knight checks that king from, unless another such piece stands between (which then sees it).
bool is_queen(const PieceType& p) {
    for (int dx = -1; dx <= 1; ++dx)
        for (int dy = -1; dy <= 1; ++dy) {
            if (dx == 0 && dy == 0) continue;
            bool found = false;
            for (const Vector& v : p.vectors)
                found |= v.dx == dx && v.dy == dy && v.range != 1 && v.mode != MoveMode::move;
            if (!found) return false;
        }
    return true;
}

}  // namespace

template <class BB>
bool BasicPosition<BB>::has_insufficient_material(Color c) const {
    const GameDefinition& g = *def_;
    const BB light_squares = tables().light_squares;
    Bitboard royal = g.royal_type >= 0 ? by_type_[g.royal_type] : BB{};
    Bitboard own = by_color_[c] & ~royal;
    if (!own) return true;  // a lone royal piece can never give check
    Bitboard colour_bound = 0, other_minor = 0, strong = 0;
    for (int t = 0; t < int(g.pieces.size()); ++t) {
        if (t == g.royal_type) continue;
        const PieceType& p = g.pieces[t];
        if (p.minor && p.colour_bound) colour_bound |= by_type_[t];
        else if (p.minor) other_minor |= by_type_[t];
        else strong |= by_type_[t];
    }
    if (own & strong) return false;
    if (own & other_minor) {
        if (popcount(own) != 1) return false;
        const Bitboard theirs = by_color_[~c] & ~royal;
        if (!theirs) return true;  // K+N v K: one minor that is not colour-bound, against a bare royal piece
        // K+N v K+Q(s): a knight's mate needs the king's flight squares blocked by its own pieces, and a queen
        // blocking next to the king always guards the knight's checking square, so the check is answered by
        // taking the knight (K+N mates only against a rook, bishop, knight or pawn: scalachess's
        // InsufficientMatingMaterial says the same). No piece on the board may promote into something else.
        int own_type = -1;
        for (int t = 0; t < int(g.pieces.size()); ++t)
            if (own & by_type_[t]) own_type = t;
        if (!is_knight(g.pieces[own_type])) return false;
        for (int t = 0; t < int(g.pieces.size()); ++t) {
            if (t == g.royal_type || !(by_type_[t] & by_color_[~c])) continue;
            if (!is_queen(g.pieces[t]) || g.pieces[t].promotes()) return false;
        }
        return true;
    }
    // Only colour-bound minors (bishops): no checkmate while every colour-bound piece stands on one
    // square colour and no piece that could block on the other colour (a minor that is not colour-bound,
    // or a piece that promotes) is on the board. Pieces of the opponent that are neither may remain:
    // they can always interpose or capture (python-chess has_insufficient_material, same table).
    bool one_colour = !(colour_bound & light_squares) || !(colour_bound & ~light_squares);
    if (!one_colour || other_minor) return false;
    for (int t = 0; t < int(g.pieces.size()); ++t)
        if (g.pieces[t].promotes() && by_type_[t]) return false;
    return true;
}

template bool BasicPosition<Bitboard>::has_insufficient_material(Color) const;
template bool BasicPosition<WideBitboard<2>>::has_insufficient_material(Color) const;
template bool BasicPosition<WideBitboard<3>>::has_insufficient_material(Color) const;

}  // namespace arbiter::core
