// The moves of the pieces on the board for generate_some (movegen.cpp): the checks and pins found by reverse scans
// from the royal piece, each piece's targets masked by them, the royal piece's steps to squares no opponent's piece
// attacks, castling. Internal to movegen.cpp, which compiles generate_pieces twice: once for any x86-64 CPU and once
// for the rider tables' instructions (movegen_targets.h), each inlining it.
#pragma once

#include "core/movegen_fast.h"
#include "core/movegen_targets.h"
#include "core/position.h"

namespace arbiter::core::movegen_pieces {

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
inline BB types_mask(const BasicPosition<BB>& pos, std::uint16_t types) {
    BB m = 0;
    while (types) {
        int t = std::countr_zero(types);
        types &= std::uint16_t(types - 1);
        m |= pos.pieces(t);
    }
    return m;
}

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

// The moves of the pieces on the board (generate_some less drops and placements), with the check mask and whether the
// side to move is in double check, which the drops need. With Slides, the rider tables where the definition has them;
// with Compress, each piece's moves written at once (fast_moves::write_moves).
template <bool Slides, bool Compress, class BB>
[[gnu::always_inline]] inline void generate_pieces(const BasicPosition<BB>& pos, MoveList& list, std::uint16_t types,
                                                   BB targets, bool first_only, BB& check_mask_out,
                                                   bool& double_check_out) {
    const GameDefinition& g = pos.definition();
    const BoardTables<BB>& tb = g.template tables<BB>();
    const Color us = pos.side_to_move(), them = ~us;
    const BB occ = pos.occupied(), own = pos.pieces(us);
    // The moves are written through `out` (fast_moves::write_moves), the list's count set at the end.
    Move* const begin = list.data();
    Move* out = begin;
    auto end_list = [&] { list.resize(int(out - begin)); };
    // No move captures a royal piece. A legal position never offers one; a position after an illegal move into check
    // that was allowed to stand (FIDE 2009 A.4c) does, and play and analysis go on from it.
    const BB their_king = pos.royal_square(them) == no_square ? BB{0} : bit<BB>(pos.royal_square(them));
    const BB enemy = pos.pieces(them) & ~their_king, not_target = own | their_king;
    const int ksq = pos.royal_square(us);

    BB checkers = 0, check_mask = ~BB{0}, pinned = 0;
    BB pin_line[bitboard_squares<BB>];
    if (ksq != no_square) {
        for (std::uint16_t types = g.leaper_capture_types[them]; types; types &= std::uint16_t(types - 1)) {
            int t = std::countr_zero(types);
            checkers |= tb.leap_attackers[t][them][ksq] & pos.pieces(t);
        }
        checkers &= enemy;
        BB mask = checkers;
        int rays = g.attack_ray_count[them];
#ifdef ARBITER_SLIDE_TABLES
        if constexpr (Slides && std::is_same_v<BB, std::uint64_t>) {
            if (g.slide_group_count) {
                // No rider of theirs on a line through the king (on the empty board): no check or pin by one, and no
                // ray to scan.
                BB lines = 0;
                for (int i = 0; i < g.slide_attacker_count[them]; ++i) {
                    const GameDefinition::SlideAttack sa = g.slide_attackers[them][i];
                    lines |= g.slide_square[sa.group][ksq].reach & types_mask(pos, sa.types);
                }
                if (!(lines & enemy)) rays = 0;
            }
        }
#endif
        for (int i = 0; i < rays; ++i) {
            const auto& ar = g.attack_rays[them][i];
            BB r = tb.ray_mask[ar.ray][ksq];
            BB cand = types_mask(pos, ar.types) & enemy;
            if (!(r & cand)) continue;
            BB blockers = r & occ;
            int b = first_blocker(g, ar.ray, blockers);
            if (bit<BB>(b) & cand) {
                checkers |= bit<BB>(b);
                mask |= between(g, tb, ar.ray, ksq, b) | bit<BB>(b);
            } else if (bit<BB>(b) & own) {
                BB rest = blockers ^ bit<BB>(b);
                if (!rest) continue;
                int b2 = first_blocker(g, ar.ray, rest);
                if (bit<BB>(b2) & cand) {
                    BB line = between(g, tb, ar.ray, ksq, b2) | bit<BB>(b2);
                    pin_line[b] = (pinned & bit<BB>(b)) ? (pin_line[b] & line) : line;
                    pinned |= bit<BB>(b);
                }
            }
        }
        if (checkers) check_mask = mask;
    }
    const bool double_check = more_than_one(checkers);
    check_mask_out = check_mask;
    double_check_out = double_check;

    // Adds the promotions of `type` from `from` to squares of `targets`, and returns the squares where it may arrive
    // unpromoted (the caller writes those moves: write_moves is inlined only into a function of its own instructions).
    auto promote = [&](int type, int from, BB targets) {
        const PieceType& p = g.pieces[type];
        if (p.promotes()) {
            const Promotion& pr = p.promotion;
            const BB zone = tb.promotion_zone[type][us];
            BB promo = pr.on_leaving_zone && (zone & bit<BB>(from)) ? targets : targets & zone;
            targets &= tb.stay[type][us];
            while (promo) {
                int to = pop_lsb(promo);
                for (int choice : pr.to) *out++ = Move(from, to, MoveKind::promotion, choice);
            }
        }
        return targets;
    };
    auto targets_of = [&](int type, int from, BB allowed) {
        return piece_targets<BB, Slides>(g, tb, type, us, from, occ, enemy, not_target, allowed);
    };

    // One target square (a move being read): only the pieces that reach it on the empty board can move there.
    const int target = targets && !more_than_one(targets) ? lsb(targets) : no_square;
    if (!double_check) {
        // The asked types but the royal one, in type order (reading a move asks for one).
        const unsigned royal_bit = g.royal_type >= 0 ? 1u << g.royal_type : 0u;
        for (unsigned left = types & ~royal_bit & ((1u << g.pieces.size()) - 1); left; left &= left - 1) {
            const int type = std::countr_zero(left);
            BB bb = pos.pieces(type) & own;
            if (target != no_square) bb &= tb.reach_to[type][us][target];
            if (!bb) continue;
            const PieceType& p = g.pieces[type];
            while (bb) {
                if (first_only && out != begin) return end_list();
                int from = pop_lsb(bb);
                BB allowed = check_mask & targets;
                if (pinned & bit<BB>(from)) allowed &= pin_line[from];
                const BB unpromoted = promote(type, from, targets_of(type, from, allowed));
                out = fast_moves::write_moves<Compress>(out, from, unpromoted);
                if (p.has_double_step) {
                    int to = g.double_step_to[us][from];
                    if (to != no_square && (allowed & bit<BB>(to)) &&
                        !(occ & (bit<BB>(to) | bit<BB>(g.double_step_over[us][from]))))
                        *out++ = Move(from, to, MoveKind::double_step);
                }
                const int ep = pos.en_passant_square();
                if (p.en_passant && ep != no_square && (targets & bit<BB>(ep)) &&
                    (tb.leap_capture[type][us][from] & bit<BB>(ep))) {
                    // Two pieces leave one line: test the king's safety on the resulting occupancy.
                    BB after = (occ ^ bit<BB>(from) ^ bit<BB>(pos.en_passant_victim())) | bit<BB>(ep);
                    // The victim is off the board in `after`, so masking by it drops the victim too.
                    bool safe = ksq == no_square || !(pos.attackers_to(ksq, them, after) & after);
                    if (safe) *out++ = Move(from, ep, MoveKind::en_passant);
                }
            }
        }
    }

    if (first_only && out != begin) return end_list();
    if (ksq != no_square && (types & (1u << g.royal_type))) {
        const int type = g.royal_type;
        BB t = targets_of(type, ksq, targets);
        if (t) {
            const BB without_king = occ ^ bit<BB>(ksq);
            bool done = false;
#ifdef ARBITER_SLIDE_TABLES
            if constexpr (Slides && std::is_same_v<BB, std::uint64_t>) {
                if (g.slide_group_count) {
                    const BB safe = t & ~fast_moves::attacked_squares(pos, them, without_king);
                    out = fast_moves::write_moves<Compress>(out, ksq, safe);
                    done = true;
                }
            }
#endif
            if (!done) {
                const SquareGuard<BB> guard(pos, tb, them, without_king);
                while (t) {
                    int to = pop_lsb(t);
                    if (!guard.attacked(to)) *out++ = Move(ksq, to);
                }
            }
        }
        if (!checkers && pos.castling_rights()) {
            for (int i = 0; i < int(g.castling.size()); ++i) {
                const CastlingRule& c = g.castling[i];
                if (c.side != us || !(pos.castling_rights() & (1u << i)) || ksq != c.king_from) continue;
                if (!(targets & bit<BB>(c.king_to))) continue;
                if (pos.piece_on(c.rook_from) == no_piece || color_of(pos.piece_on(c.rook_from)) != us) continue;
                if (occ & tb.castling_empty[i]) continue;
                // Without the castling rook, which may stand between an attacker and the king's path (Chess960).
                const BB occ_after = occ ^ bit<BB>(c.rook_from);
                bool attacked = false;
                for (BB s = tb.castling_safe[i]; s && !attacked;)
                    attacked = pos.attackers_to(pop_lsb(s), them, occ_after) != 0;
                if (!attacked) *out++ = Move(c.king_from, c.king_to, MoveKind::castling, i);
            }
        }
    }
    end_list();
}

}  // namespace arbiter::core::movegen_pieces
