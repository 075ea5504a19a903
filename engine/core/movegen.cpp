// Legal move generation for any game definition: checkers and pins found by reverse scans from the
// royal piece along the rays the opponent's riders use, then each piece's targets from the compiled
// tables, masked by the check and pin lines. Only en passant (which removes two pieces from a line)
// is tested by replaying the occupancy, and only a drop that gives check with a piece whose drop may not
// mate (shogi's pawn, uchifuzume) by looking at the reply.
#include "core/movegen_pieces.h"

namespace arbiter::core {

namespace {

using movegen_pieces::first_blocker;
using movegen_pieces::types_mask;

// attackers_to without the blocked attackers of a game whose legality is tested; with Slides, the rider tables where
// the definition has them. Inlined into the two callers below, each compiled for its own instructions.
template <bool Slides, class BB>
[[gnu::always_inline]] inline BB attackers_of(const BasicPosition<BB>& pos, int sq, Color by, BB occ) {
    const GameDefinition& g = pos.definition();
    const BoardTables<BB>& tb = g.template tables<BB>();
    const BB theirs = pos.pieces(by);
    BB att = 0;
    for (std::uint16_t types = g.leaper_capture_types[by]; types; types &= std::uint16_t(types - 1)) {
        int t = std::countr_zero(types);
        att |= tb.leap_attackers[t][by][sq] & pos.pieces(t);
    }
    att &= theirs;
#ifdef ARBITER_SLIDE_TABLES
    if constexpr (Slides && std::is_same_v<BB, std::uint64_t>) {
        if (g.slide_group_count) {
            for (int i = 0; i < g.slide_attacker_count[by]; ++i) {
                const GameDefinition::SlideAttack sa = g.slide_attackers[by][i];
                const GameDefinition::SlideSquare& e = g.slide_square[sa.group][sq];
                const BB cand = e.reach & types_mask(pos, sa.types) & theirs & occ;
                if (cand) att |= slide_attacks(g, e, occ) & cand;
            }
            return att;
        }
    }
#endif
    for (int i = 0; i < g.attack_ray_count[by]; ++i) {
        const auto& ar = g.attack_rays[by][i];
        BB r = tb.ray_mask[ar.ray][sq];
        BB cand = types_mask(pos, ar.types) & theirs & occ;
        if (!(r & cand)) continue;
        int b = first_blocker(g, ar.ray, r & occ);
        att |= bit<BB>(b) & cand;
    }
    return att;
}

template <class BB>
BB attackers_plain(const BasicPosition<BB>& pos, int sq, Color by, BB occ) {
    return attackers_of<slides_everywhere>(pos, sq, by, occ);
}

#ifdef ARBITER_SLIDE_TABLES
ARBITER_SLIDES_TARGET Bitboard attackers_by_slides(const BasicPosition<Bitboard>& pos, int sq, Color by, Bitboard occ) {
    return attackers_of<true>(pos, sq, by, occ);
}
#endif

// Whether the position's definition has the rider tables (only where this CPU reads them: game_def_slides.cpp).
template <class BB>
inline bool has_slides(const GameDefinition& g) {
#ifdef ARBITER_SLIDE_TABLES
    return std::is_same_v<BB, Bitboard> && !slides_everywhere && g.slide_group_count;
#else
    (void)g;
    return false;
#endif
}

// `royal_only_captures_in_check` (makpong): in check, the royal piece's moves that take no checking piece go.
template <class BB>
void keep_royal_captures_of_checkers(const BasicPosition<BB>& pos, MoveList& list) {
    const int k = pos.royal_square(pos.side_to_move());
    const BB checkers = k == no_square ? BB{} : pos.checkers();
    if (!checkers) return;
    MoveList kept;
    for (Move m : list) {
        const bool royal_move = m.kind() != MoveKind::drop && m.kind() != MoveKind::pass && m.from() == k;
        if (!royal_move || (checkers & bit<BB>(m.to()))) kept.push(m);
    }
    list = kept;
}

}  // namespace

template <class BB>
BB BasicPosition<BB>::attackers_to(int sq, Color by, BB occ) const {
    BB att;
#ifdef ARBITER_SLIDE_TABLES
    if constexpr (std::is_same_v<BB, std::uint64_t>) {
        if (has_slides<BB>(*def_)) att = attackers_by_slides(*this, sq, by, occ);
        else att = attackers_plain(*this, sq, by, occ);
    } else {
        att = attackers_plain(*this, sq, by, occ);
    }
#else
    att = attackers_plain(*this, sq, by, occ);
#endif
    if (def_->legality_by_test) [[unlikely]]
        att |= blocked_attackers(sq, by, occ);
    return att;
}

template <class BB>
BB BasicPosition<BB>::checkers() const {
    int k = royal_[side_];
    return k == no_square ? BB{} : attackers_to(k, ~side_, occupied());
}

template <class BB>
void BasicPosition<BB>::generate_legal(MoveList& list) const {
    if (passes_ && ended_by_pass()) [[unlikely]] return list.clear();
    if (def_->legality_by_test) [[unlikely]]
        generate_tested(list, all_types, ~Bitboard{0}, false);
    else
        generate_some(list, all_types, ~Bitboard{0}, false);
    // A pass, last: the game's `pass`, not in check unless the royal pieces face (royals_facing_must_break).
    if (def_->pass && (!checkers() || royals_must_part())) [[unlikely]]
        list.push(Move::pass());
    if (def_->royal_only_captures_in_check) [[unlikely]]
        keep_royal_captures_of_checkers(*this, list);
}

template <class BB>
void BasicPosition<BB>::generate_legal_to(MoveList& list, int type, int to) const {
    if (def_->legality_by_test) [[unlikely]]
        generate_tested(list, std::uint16_t(1u << type), bit<BB>(to), false);
    else
        generate_some(list, std::uint16_t(1u << type), bit<BB>(to), false);
    if (def_->royal_only_captures_in_check) [[unlikely]]
        keep_royal_captures_of_checkers(*this, list);
}

template <class BB>
void BasicPosition<BB>::generate_legal_of(MoveList& list, std::uint16_t types) const {
    if (passes_ && ended_by_pass()) [[unlikely]] return list.clear();
    if (def_->legality_by_test) [[unlikely]]
        generate_tested(list, types, ~Bitboard{0}, false);
    else
        generate_some(list, types, ~Bitboard{0}, false);
    if (def_->royal_only_captures_in_check) [[unlikely]]
        keep_royal_captures_of_checkers(*this, list);
}

template <class BB>
bool BasicPosition<BB>::has_legal_move() const {
    if (passes_ && ended_by_pass()) [[unlikely]] return false;
    MoveList list;
    // The first piece with a move may be a royal piece whose moves the rule takes away: the whole list then.
    if (def_->royal_only_captures_in_check) [[unlikely]]
        return generate_legal(list), !list.empty();
    if (def_->legality_by_test) [[unlikely]]
        generate_tested(list, all_types, ~Bitboard{0}, true);
    else
        generate_some(list, all_types, ~Bitboard{0}, true);
    return !list.empty() || (def_->pass && (!checkers() || royals_must_part()));
}

namespace {

template <class BB>
void generate_plain(const BasicPosition<BB>& pos, MoveList& list, std::uint16_t types, BB targets, bool first_only,
                    BB& check_mask, bool& double_check) {
    movegen_pieces::generate_pieces<slides_everywhere, fast_moves::compress_everywhere>(pos, list, types, targets,
                                                                                        first_only, check_mask,
                                                                                        double_check);
}

#ifdef ARBITER_SLIDE_TABLES
ARBITER_SLIDES_TARGET void generate_by_slides(const BasicPosition<Bitboard>& pos, MoveList& list, std::uint16_t types,
                                              Bitboard targets, bool first_only, Bitboard& check_mask,
                                              bool& double_check) {
    movegen_pieces::generate_pieces<true, fast_moves::compress_everywhere>(pos, list, types, targets, first_only,
                                                                           check_mask, double_check);
}
#endif

// A portable build's copy of generate_by_slides for CPUs that write a piece's moves at once (movegen_fast.h).
#if defined(ARBITER_SLIDE_TABLES) && defined(ARBITER_COMPRESS_MOVES)
constexpr bool compress_copy = !fast_moves::compress_everywhere && !slides_everywhere;
ARBITER_COMPRESS_TARGET void generate_by_compress(const BasicPosition<Bitboard>& pos, MoveList& list,
                                                  std::uint16_t types, Bitboard targets, bool first_only,
                                                  Bitboard& check_mask, bool& double_check) {
    movegen_pieces::generate_pieces<true, true>(pos, list, types, targets, first_only, check_mask, double_check);
}
#else
constexpr bool compress_copy = false;
#endif

}  // namespace

// The legal moves of the piece types in `types` (bit t: type t; drops by the type dropped) that end on a square of
// `targets`, in generate_legal's order: generate_legal with two masks, so that a part of the list is the same as the
// same part of the whole. With `first_only`, it stops after the first piece that has a move (has_legal_move).
template <class BB>
void BasicPosition<BB>::generate_some(MoveList& list, std::uint16_t types, Bitboard targets, bool first_only) const {
    list.clear();
    const GameDefinition& g = *def_;
    if (g.placement.enabled) {
        // Placements are few and cheap: the whole list, then the masks.
        MoveList all;
        generate_placements(all);
        for (Move m : all)
            if (m.kind() == MoveKind::pass || (targets & bit<BB>(m.to()))) list.push(m);
        return;
    }
    Bitboard check_mask = ~Bitboard{0};
    bool double_check = false;
#ifdef ARBITER_SLIDE_TABLES
    if constexpr (std::is_same_v<BB, std::uint64_t>) {
        if (!has_slides<BB>(g)) generate_plain(*this, list, types, targets, first_only, check_mask, double_check);
#if defined(ARBITER_SLIDE_TABLES) && defined(ARBITER_COMPRESS_MOVES)
        else if (compress_copy && fast_moves::compress_moves_here())
            generate_by_compress(*this, list, types, targets, first_only, check_mask, double_check);
#endif
        else generate_by_slides(*this, list, types, targets, first_only, check_mask, double_check);
    } else {
        generate_plain(*this, list, types, targets, first_only, check_mask, double_check);
    }
#else
    generate_plain(*this, list, types, targets, first_only, check_mask, double_check);
#endif
    const BoardTables<BB>& tb = tables();
    const Bitboard occ = occupied();
    // Without a royal piece every pseudo-legal move is legal: games without check need nothing more here.
    // Drops go onto empty squares that block a single check (none under double check).
    if (first_only && !list.empty()) return;
    if (g.hands && !double_check) {
        if ((types & g.hand_types) == g.hand_types)
            return generate_drops(list, ~occ & check_mask & tb.all_squares & targets);
        MoveList drops;
        generate_drops(drops, ~occ & check_mask & tb.all_squares & targets);
        for (Move m : drops)
            if (types & (1u << m.from())) list.push(m);
    }
}

// Adds the drops of every piece type in hand onto `targets`, less the squares where the piece could never
// move, the files of nifu, and the mating drops of a piece whose drop may not mate.
template <class BB>
void BasicPosition<BB>::generate_drops(MoveList& list, BB targets) const {
    const GameDefinition& g = *def_;
    const BoardTables<BB>& tb = tables();
    const Color us = side_;
    for (std::uint16_t types = g.hand_types; types; types &= std::uint16_t(types - 1)) {
        const int type = std::countr_zero(types);
        if (!hand_[us][type]) continue;
        const PieceType& p = g.pieces[type];
        Bitboard to = targets & tb.drop_to[type][us];
        if (p.drop_one_per_file)
            for (Bitboard own = pieces(us, type); own;) to &= ~tb.file_mask[g.file_of(pop_lsb(own))];
        if (!p.drop_may_mate && royal_[~us] != no_square) {
            // Only a drop that gives check can mate: test those by the reply (rare, so a copy is fine).
            Bitboard checking = to & tb.leap_attackers[type][us][royal_[~us]];
            to &= ~checking;
            while (checking) {
                int sq = pop_lsb(checking);
                if (!drop_gives_mate(type, sq)) list.push(Move(type, sq, MoveKind::drop));
            }
        }
        while (to) list.push(Move(type, pop_lsb(to), MoveKind::drop));
    }
}

// Tests whether dropping `type` on `to` leaves the opponent without a legal move (the drop checks).
template <class BB>
bool BasicPosition<BB>::drop_gives_mate(int type, int to) const {
    BasicPosition after = *this;
    Undo u;
    after.make(Move(type, to, MoveKind::drop), u);
    MoveList replies;
    after.generate_legal(replies);  // in check from an adjacent-or-leaping piece: no drop can answer it
    return replies.empty();
}

template <class BB>
bool BasicPosition<BB>::has_legal_en_passant() const {
    if (ep_ == no_square) return false;
    // Most double steps leave no capturer beside them: settle that without generating every move.
    const GameDefinition& g = *def_;
    const BoardTables<BB>& tb = tables();
    bool capturer = false;
    std::uint16_t capturers = 0;  // the types that take en passant
    for (int t = 0; t < int(g.pieces.size()); ++t) {
        if (!g.pieces[t].en_passant) continue;
        capturers |= std::uint16_t(1u << t);
        for (Bitboard from = by_type_[t] & by_color_[side_]; from && !capturer;)
            capturer = bool(tb.leap_capture[t][side_][pop_lsb(from)] & bit<BB>(ep_));
    }
    if (!capturer) return false;
    // An en passant capture ends on the square passed over: only the capturers' moves there are needed.
    MoveList list;
    generate_some(list, capturers, bit<BB>(ep_), false);
    for (Move m : list)
        if (m.kind() == MoveKind::en_passant) return true;
    return false;
}

template <class BB>
void BasicPosition<BB>::generate_unchecked(MoveList& list) const {
    const int ksq = royal_[side_];
    // Without a royal square generate_legal filters nothing for check; the king's own moves are added below.
    BasicPosition copy = *this;
    copy.royal_[side_] = no_square;
    copy.generate_legal(list);
    if (ksq == no_square) return;
    const GameDefinition& g = *def_;
    const BoardTables<BB>& tb = tables();
    const int type = g.royal_type;
    const int their = royal_[~side_];
    const Bitboard occ = occupied(), their_king = their == no_square ? Bitboard{0} : bit<BB>(their);
    const Bitboard own = by_color_[side_] | their_king, enemy = by_color_[~side_] & ~their_king;  // no king is taken
    Bitboard t = (tb.leap_move[type][side_][ksq] & ~occ) | (tb.leap_capture[type][side_][ksq] & enemy);
    for (int i = 0; i < g.rider_count[type][side_]; ++i) {
        const RiderRay rr = g.riders[type][side_][i];
        const Bitboard a = g.ray_attacks(rr.ray, ksq, occ);
        t |= rr.mode == MoveMode::any ? (a & ~own) : rr.mode == MoveMode::move ? (a & ~occ) : (a & enemy);
    }
    while (t) list.push(Move(ksq, pop_lsb(t)));
    for (int i = 0; i < int(g.castling.size()); ++i) {
        const CastlingRule& c = g.castling[i];
        if (c.side != side_ || !(castling_ & (1u << i)) || ksq != c.king_from) continue;
        if (board_[c.rook_from] == no_piece || color_of(board_[c.rook_from]) != side_) continue;
        if (!(occ & tb.castling_empty[i])) list.push(Move(c.king_from, c.king_to, MoveKind::castling, i));
    }
}

// The members defined in this file, for each width (position.cpp instantiates the class itself).
#define ARBITER_MOVEGEN_FOR(BB)                                                     \
    template BB BasicPosition<BB>::attackers_to(int, Color, BB) const;              \
    template BB BasicPosition<BB>::checkers() const;                                \
    template void BasicPosition<BB>::generate_legal(MoveList&) const;               \
    template void BasicPosition<BB>::generate_legal_to(MoveList&, int, int) const;  \
    template void BasicPosition<BB>::generate_legal_of(MoveList&, std::uint16_t) const; \
    template bool BasicPosition<BB>::has_legal_move() const;                        \
    template void BasicPosition<BB>::generate_some(MoveList&, std::uint16_t, BB, bool) const; \
    template void BasicPosition<BB>::generate_unchecked(MoveList&) const;           \
    template void BasicPosition<BB>::generate_drops(MoveList&, BB) const;           \
    template bool BasicPosition<BB>::drop_gives_mate(int, int) const;               \
    template bool BasicPosition<BB>::has_legal_en_passant() const;
ARBITER_MOVEGEN_FOR(Bitboard)
ARBITER_MOVEGEN_FOR(WideBitboard<2>)
ARBITER_MOVEGEN_FOR(WideBitboard<3>)
#undef ARBITER_MOVEGEN_FOR

}  // namespace arbiter::core
