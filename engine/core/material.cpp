// Insufficient material by the classic table (FIDE 5.2b / 6.9 cases that need no search). The piece
// classes come from the data: `minor` pieces, and colour-bound pieces (derived from their vectors).
#include "core/position.h"

namespace arbiter::core {

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
    if (own & other_minor)  // K+N v K: one minor that is not colour-bound, against a bare royal piece
        return popcount(own) == 1 && !(by_color_[~c] & ~royal);
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
