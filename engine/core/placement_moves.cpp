// Position's moves in a placement game: placements (MoveKind::drop, from = the piece type placed) found by
// placement_targets(), their flips by placement_flips(), and the pass the pass rule allows. generate_legal(),
// make() and unmake() hand over to these when the definition has a placement section (such a game has no
// castling, en passant or captures, so the undo record keeps only the key, the counter and the flips).
// load_placement() refuses boards of more than 64 squares, so only BasicPosition<std::uint64_t> ever runs
// these; the wide instantiations exist for the class template and are never called.
#include "core/position.h"

#include <cassert>
#include <type_traits>

namespace arbiter::core {

template <class BB>
void BasicPosition<BB>::generate_placements(MoveList& list) const {
    if constexpr (std::is_same_v<BB, std::uint64_t>) {
        const PlacementRule& r = def_->placement;
        const Color us = side_;
        Bitboard targets = placement_targets(r, by_color_[us], by_color_[~us]);
        if (targets) {
            while (targets) list.push(Move(r.piece, pop_lsb(targets), MoveKind::drop));
            return;
        }
        // No placement: a pass if the rule allows one and the game goes on (the opponent can place).
        if (r.pass == PassRule::only_without_placement && placement_targets(r, by_color_[~us], by_color_[us]))
            list.push(Move::pass());
    } else {
        assert(!"placement games have at most 64 squares");
        (void)list;
    }
}

template <class BB>
void BasicPosition<BB>::make_placement(Move m, Undo& u) {
    const Color us = side_;
    u.key = key_;
    u.halfmove = std::uint16_t(halfmove_);
    u.flipped = 0;
    if constexpr (std::is_same_v<BB, std::uint64_t>) {
        if (m.kind() == MoveKind::drop) {
            const int to = m.to();
            const Bitboard flips = placement_flips(def_->placement, to, by_color_[us], by_color_[~us]);
            u.flipped = flips;
            // put_piece() written out: this is the hot path.
            const Piece placed = make_piece(us, m.from());
            board_[to] = placed;
            by_type_[m.from()] |= bit(to);
            key_ ^= zobrist::piece_square[placed][to];
            // A flip turns a piece over: same type, other side (the colour bit of Piece).
            by_color_[us] ^= flips | bit(to);
            by_color_[~us] ^= flips;
            for (Bitboard b = flips; b;) {
                const int sq = pop_lsb(b);
                const Piece before = board_[sq];
                const Piece after = Piece(before ^ (1u << 4));
                board_[sq] = after;
                key_ ^= zobrist::piece_square[before][sq] ^ zobrist::piece_square[after][sq];
            }
        }
    } else {
        assert(!"placement games have at most 64 squares");
    }
    ++halfmove_;  // nothing is captured: the counter only counts plies here
    if (us == second) ++fullmove_;
    ++move_number_;
    side_ = ~us;
    key_ ^= zobrist::side;
}

template <class BB>
void BasicPosition<BB>::unmake_placement(Move m, const Undo& u) {
    side_ = ~side_;
    const Color us = side_;
    if (us == second) --fullmove_;
    --move_number_;
    if constexpr (std::is_same_v<BB, std::uint64_t>) {
        if (m.kind() == MoveKind::drop) {
            const int to = m.to();
            by_color_[us] ^= u.flipped | bit(to);
            by_color_[~us] ^= u.flipped;
            for (Bitboard b = u.flipped; b;) board_[pop_lsb(b)] ^= Piece(1u << 4);
            by_type_[m.from()] ^= bit(to);
            board_[to] = no_piece;
        }
    }
    key_ = u.key;
    halfmove_ = u.halfmove;
}

// The members defined in this file, for each width (position.cpp instantiates the class itself).
#define ARBITER_PLACEMENT_FOR(BB)                                                   \
    template void BasicPosition<BB>::generate_placements(MoveList&) const;          \
    template void BasicPosition<BB>::make_placement(Move, Undo&);                   \
    template void BasicPosition<BB>::unmake_placement(Move, const Undo&);
ARBITER_PLACEMENT_FOR(Bitboard)
ARBITER_PLACEMENT_FOR(WideBitboard<2>)
ARBITER_PLACEMENT_FOR(WideBitboard<3>)
#undef ARBITER_PLACEMENT_FOR

}  // namespace arbiter::core
