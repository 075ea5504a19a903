// Legal move generation for any game definition: checkers and pins found by reverse scans from the
// royal piece along the rays the opponent's riders use, then each piece's targets from the compiled
// tables, masked by the check and pin lines. Only en passant (which removes two pieces from a line)
// is tested by replaying the occupancy, and only a drop that gives check with a piece whose drop may not
// mate (shogi's pawn, uchifuzume) by looking at the reply.
#include "core/movegen_fast.h"
#include "core/movegen_targets.h"
#include "core/position.h"

namespace arbiter::core {

namespace {

template <class BB>
inline BB between(const GameDefinition& g, const BoardTables<BB>& tb, int ray, int a, int b) {
    int u = g.ray_unlimited[ray];
    return tb.ray_mask[u][a] & ~tb.ray_mask[u][b] & ~bit<BB>(b);
}

template <class BB>
inline int first_blocker(const GameDefinition& g, int ray, const BB& blockers) {
    return g.ray_ascending[ray] ? lsb(blockers) : msb(blockers);
}

template <class BB>
inline BB types_mask(const BB* by_type, std::uint16_t types) {
    BB m = 0;
    while (types) {
        int t = std::countr_zero(types);
        types &= std::uint16_t(types - 1);
        m |= by_type[t];
    }
    return m;
}

}  // namespace

template <class BB>
BB BasicPosition<BB>::attackers_to(int sq, Color by, BB occ) const {
    const GameDefinition& g = *def_;
    const BoardTables<BB>& tb = tables();
    Bitboard theirs = by_color_[by];
    Bitboard att = 0;
    for (std::uint16_t types = g.leaper_capture_types[by]; types; types &= std::uint16_t(types - 1)) {
        int t = std::countr_zero(types);
        att |= tb.leap_attackers[t][by][sq] & by_type_[t];
    }
    att &= theirs;
    if (g.legality_by_test) [[unlikely]]
        att |= blocked_attackers(sq, by, occ);
#ifdef __BMI2__
    if constexpr (std::is_same_v<BB, std::uint64_t>) {
        if (g.slide_group_count) {
            for (int i = 0; i < g.slide_attacker_count[by]; ++i) {
                const GameDefinition::SlideAttack sa = g.slide_attackers[by][i];
                const GameDefinition::SlideSquare& e = g.slide_square[sa.group][sq];
                const Bitboard cand = e.reach & types_mask(by_type_, sa.types) & theirs & occ;
                if (cand) att |= g.slide_attacks(e, occ) & cand;
            }
            return att;
        }
    }
#endif
    for (int i = 0; i < g.attack_ray_count[by]; ++i) {
        const auto& ar = g.attack_rays[by][i];
        Bitboard r = tb.ray_mask[ar.ray][sq];
        Bitboard cand = types_mask(by_type_, ar.types) & theirs & occ;
        if (!(r & cand)) continue;
        int b = first_blocker(g, ar.ray, r & occ);
        att |= bit<BB>(b) & cand;
    }
    return att;
}

template <class BB>
BB BasicPosition<BB>::checkers() const {
    int k = royal_[side_];
    return k == no_square ? BB{} : attackers_to(k, ~side_, occupied());
}

template <class BB>
void BasicPosition<BB>::generate_legal(MoveList& list) const {
    if (def_->end_passes && passes_ >= def_->end_passes) [[unlikely]]
        return list.clear();  // the game is over (end.passes_in_a_row)
    if (def_->legality_by_test) [[unlikely]]
        generate_tested(list, all_types, ~Bitboard{0}, false);
    else
        generate_some(list, all_types, ~Bitboard{0}, false);
    if (def_->pass && !checkers()) [[unlikely]]  // a pass, last (the game's `pass`: not in check)
        list.push(Move::pass());
}

template <class BB>
void BasicPosition<BB>::generate_legal_to(MoveList& list, int type, int to) const {
    if (def_->legality_by_test) [[unlikely]]
        return generate_tested(list, std::uint16_t(1u << type), bit<BB>(to), false);
    generate_some(list, std::uint16_t(1u << type), bit<BB>(to), false);
}

template <class BB>
bool BasicPosition<BB>::has_legal_move() const {
    if (def_->end_passes && passes_ >= def_->end_passes) [[unlikely]]
        return false;
    MoveList list;
    if (def_->legality_by_test) [[unlikely]]
        generate_tested(list, all_types, ~Bitboard{0}, true);
    else
        generate_some(list, all_types, ~Bitboard{0}, true);
    return !list.empty() || (def_->pass && !checkers());
}

// The legal moves of the piece types in `types` (bit t: type t; drops by the type dropped) that end on a square of
// `targets`, in generate_legal's order: generate_legal with two masks, so that a part of the list is the same as the
// same part of the whole. With `first_only`, it stops after the first piece that has a move (has_legal_move).
namespace {

// Without the slide tables (wider boards, no BMI2; attacked_squares otherwise):
// attackers_to(sq, by, occ) != 0 for the several squares a king may step to: the attackers' sets (each leaper type's
// pieces, each ray's riders) are gathered once, and a ray with no rider of `by` is never looked at again.
template <class BB>
class SquareGuard {
public:
    SquareGuard(const BasicPosition<BB>& pos, const BoardTables<BB>& tb, Color by, BB occ)
        : g_(pos.definition()), tb_(tb), by_(by), occ_(occ) {
        const BB theirs = pos.pieces(by);
        for (std::uint16_t types = g_.leaper_capture_types[by]; types; types &= std::uint16_t(types - 1)) {
            const int t = std::countr_zero(types);
            if (const BB b = pos.pieces(t) & theirs) leapers_[leaper_count_++] = {t, b};
        }
        for (int i = 0; i < g_.attack_ray_count[by]; ++i) {
            const auto& ar = g_.attack_rays[by][i];
            BB cand = 0;
            for (std::uint16_t types = ar.types; types; types &= std::uint16_t(types - 1))
                cand |= pos.pieces(std::countr_zero(types));
            if ((cand &= theirs & occ)) rays_[ray_count_++] = {ar.ray, cand};
        }
    }
    bool attacked(int sq) const {
        for (int i = 0; i < leaper_count_; ++i)
            if (tb_.leap_attackers[leapers_[i].type][by_][sq] & leapers_[i].pieces) return true;
        for (int i = 0; i < ray_count_; ++i) {
            const BB line = tb_.ray_mask[rays_[i].ray][sq];
            if (!(line & rays_[i].riders)) continue;
            if (bit<BB>(first_blocker(g_, rays_[i].ray, line & occ_)) & rays_[i].riders) return true;
        }
        return false;
    }

private:
    struct Leaper {
        int type;
        BB pieces;
    };
    struct Ray {
        int ray;
        BB riders;
    };
    const GameDefinition& g_;
    const BoardTables<BB>& tb_;
    Color by_;
    BB occ_;
    Leaper leapers_[max_piece_types];
    Ray rays_[max_rays];
    int leaper_count_ = 0, ray_count_ = 0;
};

}  // namespace

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
    const BoardTables<BB>& tb = tables();
    const Color us = side_, them = ~us;
    const Bitboard occ = occupied(), own = by_color_[us];
    // The moves are written through `out` (fast_moves::write_moves), the list's count set at the end.
    Move* const begin = list.data();
    Move* out = begin;
    auto end_list = [&] { list.resize(int(out - begin)); };
    // No move captures a royal piece. A legal position never offers one; a position after an illegal move into check
    // that was allowed to stand (FIDE 2009 A.4c) does, and play and analysis go on from it.
    const Bitboard their_king = royal_[them] == no_square ? Bitboard{0} : bit<BB>(royal_[them]);
    const Bitboard enemy = by_color_[them] & ~their_king, not_target = own | their_king;
    const int ksq = royal_[us];

    Bitboard checkers = 0, check_mask = ~Bitboard{0}, pinned = 0;
    Bitboard pin_line[capacity];
    if (ksq != no_square) {
        for (std::uint16_t types = g.leaper_capture_types[them]; types; types &= std::uint16_t(types - 1)) {
            int t = std::countr_zero(types);
            checkers |= tb.leap_attackers[t][them][ksq] & by_type_[t];
        }
        checkers &= enemy;
        Bitboard mask = checkers;
        int rays = g.attack_ray_count[them];
#ifdef __BMI2__
        if constexpr (std::is_same_v<BB, std::uint64_t>) {
            if (g.slide_group_count) {
                // No rider of theirs on a line through the king (on the empty board): no check or pin by one, and no
                // ray to scan.
                Bitboard lines = 0;
                for (int i = 0; i < g.slide_attacker_count[them]; ++i) {
                    const GameDefinition::SlideAttack sa = g.slide_attackers[them][i];
                    lines |= g.slide_square[sa.group][ksq].reach & types_mask(by_type_, sa.types);
                }
                if (!(lines & enemy)) rays = 0;
            }
        }
#endif
        for (int i = 0; i < rays; ++i) {
            const auto& ar = g.attack_rays[them][i];
            Bitboard r = tb.ray_mask[ar.ray][ksq];
            Bitboard cand = types_mask(by_type_, ar.types) & enemy;
            if (!(r & cand)) continue;
            Bitboard blockers = r & occ;
            int b = first_blocker(g, ar.ray, blockers);
            if (bit<BB>(b) & cand) {
                checkers |= bit<BB>(b);
                mask |= between(g, tb, ar.ray, ksq, b) | bit<BB>(b);
            } else if (bit<BB>(b) & own) {
                Bitboard rest = blockers ^ bit<BB>(b);
                if (!rest) continue;
                int b2 = first_blocker(g, ar.ray, rest);
                if (bit<BB>(b2) & cand) {
                    Bitboard line = between(g, tb, ar.ray, ksq, b2) | bit<BB>(b2);
                    pin_line[b] = (pinned & bit<BB>(b)) ? (pin_line[b] & line) : line;
                    pinned |= bit<BB>(b);
                }
            }
        }
        if (checkers) check_mask = mask;
    }
    const bool double_check = more_than_one(checkers);

    // Adds the moves of `type` from `from` to each square of `targets`, with promotions.
    auto emit = [&](int type, int from, Bitboard targets) {
        const PieceType& p = g.pieces[type];
        if (p.promotes()) {
            const Promotion& pr = p.promotion;
            const Bitboard zone = tb.promotion_zone[type][us];
            Bitboard promo = pr.on_leaving_zone && (zone & bit<BB>(from)) ? targets : targets & zone;
            targets &= tb.stay[type][us];
            while (promo) {
                int to = pop_lsb(promo);
                for (int choice : pr.to) *out++ = Move(from, to, MoveKind::promotion, choice);
            }
        }
        out = fast_moves::write_moves(out, from, targets);
    };
    auto targets_of = [&](int type, int from, Bitboard allowed) {
        return piece_targets<BB>(g, tb, type, us, from, occ, enemy, not_target, allowed);
    };

    // One target square (a move being read): only the pieces that reach it on the empty board can move there.
    const int target = targets && !more_than_one(targets) ? lsb(targets) : no_square;
    if (!double_check) {
        // The asked types but the royal one, in type order (reading a move asks for one).
        const unsigned royal_bit = g.royal_type >= 0 ? 1u << g.royal_type : 0u;
        for (unsigned left = types & ~royal_bit & ((1u << g.pieces.size()) - 1); left; left &= left - 1) {
            const int type = std::countr_zero(left);
            Bitboard bb = by_type_[type] & own;
            if (target != no_square) bb &= tb.reach_to[type][us][target];
            if (!bb) continue;
            const PieceType& p = g.pieces[type];
            while (bb) {
                if (first_only && out != begin) return end_list();
                int from = pop_lsb(bb);
                Bitboard allowed = check_mask & targets;
                if (pinned & bit<BB>(from)) allowed &= pin_line[from];
                emit(type, from, targets_of(type, from, allowed));
                if (p.has_double_step) {
                    int to = g.double_step_to[us][from];
                    if (to != no_square && (allowed & bit<BB>(to)) &&
                        !(occ & (bit<BB>(to) | bit<BB>(g.double_step_over[us][from]))))
                        *out++ = Move(from, to, MoveKind::double_step);
                }
                if (p.en_passant && ep_ != no_square && (targets & bit<BB>(ep_)) &&
                    (tb.leap_capture[type][us][from] & bit<BB>(ep_))) {
                    // Two pieces leave one line: test the king's safety on the resulting occupancy.
                    Bitboard after = (occ ^ bit<BB>(from) ^ bit<BB>(ep_victim_)) | bit<BB>(ep_);
                    // The victim is off the board in `after`, so masking by it drops the victim too.
                    bool safe = ksq == no_square || !(attackers_to(ksq, them, after) & after);
                    if (safe) *out++ = Move(from, ep_, MoveKind::en_passant);
                }
            }
        }
    }

    if (first_only && out != begin) return end_list();
    if (ksq != no_square && (types & (1u << g.royal_type))) {
        const int type = g.royal_type;
        Bitboard t = targets_of(type, ksq, targets);
        if (t) {
            const Bitboard without_king = occ ^ bit<BB>(ksq);
            bool done = false;
#ifdef __BMI2__
            if constexpr (std::is_same_v<BB, std::uint64_t>) {
                if (g.slide_group_count) {
                    const Bitboard safe = t & ~fast_moves::attacked_squares(*this, them, without_king);
                    out = fast_moves::write_moves(out, ksq, safe);
                    done = true;
                }
            }
#endif
            if (!done) {
                const SquareGuard<BB> guard(*this, tb, them, without_king);
                while (t) {
                    int to = pop_lsb(t);
                    if (!guard.attacked(to)) *out++ = Move(ksq, to);
                }
            }
        }
        if (!checkers && castling_) {
            for (int i = 0; i < int(g.castling.size()); ++i) {
                const CastlingRule& c = g.castling[i];
                if (c.side != us || !(castling_ & (1u << i)) || ksq != c.king_from) continue;
                if (!(targets & bit<BB>(c.king_to))) continue;
                if (board_[c.rook_from] == no_piece || color_of(board_[c.rook_from]) != us) continue;
                if (occ & tb.castling_empty[i]) continue;
                // Without the castling rook, which may stand between an attacker and the king's path (Chess960).
                const Bitboard occ_after = occ ^ bit<BB>(c.rook_from);
                bool attacked = false;
                for (Bitboard s = tb.castling_safe[i]; s && !attacked;)
                    attacked = attackers_to(pop_lsb(s), them, occ_after) != 0;
                if (!attacked) *out++ = Move(c.king_from, c.king_to, MoveKind::castling, i);
            }
        }
    }
    end_list();
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
