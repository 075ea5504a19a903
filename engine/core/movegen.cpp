// Legal move generation for any game definition: checkers and pins found by reverse scans from the
// royal piece along the rays the opponent's riders use, then each piece's targets from the compiled
// tables, masked by the check and pin lines. Only en passant (which removes two pieces from a line)
// is tested by replaying the occupancy.
#include "core/position.h"

namespace arbiter::core {

namespace {

inline Bitboard between(const GameDefinition& g, int ray, int a, int b) {
    int u = g.ray_unlimited[ray];
    return g.ray_mask[u][a] & ~g.ray_mask[u][b] & ~bit(b);
}

inline int first_blocker(const GameDefinition& g, int ray, Bitboard blockers) {
    return g.ray_ascending[ray] ? lsb(blockers) : msb(blockers);
}

inline Bitboard types_mask(const Bitboard* by_type, std::uint16_t types) {
    Bitboard m = 0;
    while (types) {
        int t = std::countr_zero(types);
        types &= std::uint16_t(types - 1);
        m |= by_type[t];
    }
    return m;
}

}  // namespace

Bitboard Position::attackers_to(int sq, Color by, Bitboard occ) const {
    const GameDefinition& g = *def_;
    Bitboard theirs = by_color_[by];
    Bitboard att = 0;
    for (std::uint16_t types = g.leaper_capture_types[by]; types; types &= std::uint16_t(types - 1)) {
        int t = std::countr_zero(types);
        att |= g.leap_attackers[t][by][sq] & by_type_[t];
    }
    att &= theirs;
    for (int i = 0; i < g.attack_ray_count[by]; ++i) {
        const auto& ar = g.attack_rays[by][i];
        Bitboard r = g.ray_mask[ar.ray][sq];
        Bitboard cand = types_mask(by_type_, ar.types) & theirs & occ;
        if (!(r & cand)) continue;
        int b = first_blocker(g, ar.ray, r & occ);
        att |= bit(b) & cand;
    }
    return att;
}

Bitboard Position::checkers() const {
    int k = royal_[side_];
    return k == no_square ? 0 : attackers_to(k, ~side_, occupied());
}

void Position::generate_legal(MoveList& list) const {
    list.clear();
    const GameDefinition& g = *def_;
    const Color us = side_, them = ~us;
    const Bitboard occ = occupied(), own = by_color_[us], enemy = by_color_[them];
    const int ksq = royal_[us];

    Bitboard checkers = 0, check_mask = ~Bitboard{0}, pinned = 0;
    Bitboard pin_line[max_squares];
    if (ksq != no_square) {
        for (std::uint16_t types = g.leaper_capture_types[them]; types; types &= std::uint16_t(types - 1)) {
            int t = std::countr_zero(types);
            checkers |= g.leap_attackers[t][them][ksq] & by_type_[t];
        }
        checkers &= enemy;
        Bitboard mask = checkers;
        for (int i = 0; i < g.attack_ray_count[them]; ++i) {
            const auto& ar = g.attack_rays[them][i];
            Bitboard r = g.ray_mask[ar.ray][ksq];
            Bitboard cand = types_mask(by_type_, ar.types) & enemy;
            if (!(r & cand)) continue;
            Bitboard blockers = r & occ;
            int b = first_blocker(g, ar.ray, blockers);
            if (bit(b) & cand) {
                checkers |= bit(b);
                mask |= between(g, ar.ray, ksq, b) | bit(b);
            } else if (bit(b) & own) {
                Bitboard rest = blockers ^ bit(b);
                if (!rest) continue;
                int b2 = first_blocker(g, ar.ray, rest);
                if (bit(b2) & cand) {
                    Bitboard line = between(g, ar.ray, ksq, b2) | bit(b2);
                    pin_line[b] = (pinned & bit(b)) ? (pin_line[b] & line) : line;
                    pinned |= bit(b);
                }
            }
        }
        if (checkers) check_mask = mask;
    }
    const bool double_check = checkers & (checkers - 1);

    // Adds the moves of `type` from `from` to each square of `targets`, with promotions.
    auto emit = [&](int type, int from, Bitboard targets) {
        const PieceType& p = g.pieces[type];
        if (p.promotes()) {
            const Promotion& pr = p.promotion;
            Bitboard promo = targets & pr.zone[us];
            if (pr.mandatory) targets &= ~pr.zone[us];
            while (promo) {
                int to = pop_lsb(promo);
                for (int choice : pr.to) list.push(Move(from, to, MoveKind::promotion, choice));
            }
        }
        while (targets) list.push(Move(from, pop_lsb(targets)));
    };
    auto targets_of = [&](int type, int from) {
        Bitboard t = (g.leap_move[type][us][from] & ~occ) | (g.leap_capture[type][us][from] & enemy);
        for (int i = 0; i < g.rider_count[type][us]; ++i) {
            const RiderRay rr = g.riders[type][us][i];
            Bitboard a = g.ray_attacks(rr.ray, from, occ);
            t |= rr.mode == MoveMode::any ? (a & ~own) : rr.mode == MoveMode::move ? (a & ~occ) : (a & enemy);
        }
        return t;
    };

    if (!double_check) {
        for (int type = 0; type < int(g.pieces.size()); ++type) {
            if (type == g.royal_type) continue;
            Bitboard bb = by_type_[type] & own;
            if (!bb) continue;
            const PieceType& p = g.pieces[type];
            while (bb) {
                int from = pop_lsb(bb);
                Bitboard allowed = check_mask;
                if (pinned & bit(from)) allowed &= pin_line[from];
                emit(type, from, targets_of(type, from) & allowed);
                if (p.has_double_step) {
                    int to = g.double_step_to[us][from];
                    if (to != no_square && (allowed & bit(to)) &&
                        !(occ & (bit(to) | bit(g.double_step_over[us][from]))))
                        list.push(Move(from, to, MoveKind::double_step));
                }
                if (p.en_passant && ep_ != no_square && (g.leap_capture[type][us][from] & bit(ep_))) {
                    // Two pieces leave one line: test the king's safety on the resulting occupancy.
                    Bitboard after = (occ ^ bit(from) ^ bit(ep_victim_)) | bit(ep_);
                    // The victim is off the board in `after`, so masking by it drops the victim too.
                    bool safe = ksq == no_square || !(attackers_to(ksq, them, after) & after);
                    if (safe) list.push(Move(from, ep_, MoveKind::en_passant));
                }
            }
        }
    }

    if (ksq != no_square) {
        const int type = g.royal_type;
        Bitboard t = targets_of(type, ksq);
        Bitboard without_king = occ ^ bit(ksq);
        while (t) {
            int to = pop_lsb(t);
            if (!attackers_to(to, them, without_king)) list.push(Move(ksq, to));
        }
        if (!checkers && castling_) {
            for (int i = 0; i < int(g.castling.size()); ++i) {
                const CastlingRule& c = g.castling[i];
                if (c.side != us || !(castling_ & (1u << i)) || ksq != c.king_from) continue;
                if (board_[c.rook_from] == no_piece || color_of(board_[c.rook_from]) != us) continue;
                if (occ & c.must_be_empty) continue;
                bool attacked = false;
                for (Bitboard s = c.must_not_be_attacked; s && !attacked;)
                    attacked = attackers_to(pop_lsb(s), them, occ) != 0;
                if (!attacked) list.push(Move(c.king_from, c.king_to, MoveKind::castling, i));
            }
        }
    }
    // Without a royal piece every pseudo-legal move is legal: games without check need nothing more here.
    // Drops (shogi: hand pieces onto empty squares, with nifu and dead-piece masks) and placements with
    // flips (othello) will be generated here from tables the definition compiles for them.
}

bool Position::has_legal_en_passant() const {
    if (ep_ == no_square) return false;
    MoveList list;
    generate_legal(list);
    for (Move m : list)
        if (m.kind() == MoveKind::en_passant) return true;
    return false;
}

}  // namespace arbiter::core
