// Legal move generation where a move's legality is tested against the attacks after it: games with lame leaps (a
// piece on the leg square blocks them), hops (a ride that passes exactly one piece: moving a piece onto or off a line
// can give or take away a check) or royal pieces that may not face each other. The check and pin lines of
// generate_some (movegen.cpp) do not describe those, so each move is tested here unless it can change nothing: a move
// that neither starts nor ends on a square whose occupancy decides an attack on the royal piece (its lines up to the
// second piece, the legs of the lame leaps onto it), made while not in check, is legal as it stands. En passant and
// castling, which move or take a second piece, are tested along every line after they are made.
#include "core/movegen_targets.h"
#include "core/position.h"

#include <algorithm>

namespace arbiter::core {

namespace {

template <class BB>
inline int nearest(const GameDefinition& g, int ray, const BB& pieces) {
    return g.ray_ascending[ray] ? lsb(pieces) : msb(pieces);
}

template <class BB>
inline BB of_types(const BB* by_type, std::uint16_t types) {
    BB m = 0;
    for (; types; types &= std::uint16_t(types - 1)) m |= by_type[std::countr_zero(types)];
    return m;
}

// Whether a path of a lame leap or of movement within a region is open: its squares all empty, or for a hop exactly
// one piece on them, which the type may pass over (`at` names what stands on a square).
template <class BB, class At>
inline bool path_open(const GameDefinition& g, const typename BoardTables<BB>::LameLeg& e, BB occ, At at) {
    const BB on = occ & e.legs;
    if (!e.screen) return !on;
    if (!on || more_than_one(on)) return false;
    const Piece screen = at(lsb(on));
    return screen == no_piece || !(g.pieces[e.type].hops_not_over & (1u << type_of(screen)));
}

// Whether a hopper may pass over the screen (`hops_not_over`); an empty square (no piece known) does not forbid it.
inline bool passes_over(const GameDefinition& g, Piece hopper, Piece screen) {
    return hopper == no_piece || screen == no_piece ||
           !(g.pieces[type_of(hopper)].hops_not_over & (1u << type_of(screen)));
}

// Whether the royal piece on k faces the one on `other` along a royals_facing_must_break ray, with occupancy occ.
template <class BB>
inline bool faces(const GameDefinition& g, const BoardTables<BB>& tb, int k, int other, const BB& occ) {
    for (int i = 0; i < g.facing_break_ray_count; ++i) {
        const int ray = g.facing_break_rays[i];
        const BB blockers = tb.ray_mask[ray][k] & occ;
        if (blockers && nearest(g, ray, blockers) == other) return true;
    }
    return false;
}

}  // namespace

template <class BB>
bool BasicPosition<BB>::royals_must_part() const {
    if (!def_->facing_break_ray_count || royal_[first] == no_square || royal_[second] == no_square) return false;
    return faces(*def_, tables(), royal_[side_], royal_[~side_], occupied());
}

// Hops onto sq (the second piece along a line), lame leaps whose leg is empty, and the opposing royal piece facing
// sq along an open line when sq holds a royal piece: what attackers_to adds in such a game.
template <class BB>
BB BasicPosition<BB>::blocked_attackers(int sq, Color by, BB occ) const {
    const GameDefinition& g = *def_;
    const BoardTables<BB>& tb = tables();
    const BB theirs = by_color_[by] & occ;
    const bool royal_target = g.royal_type >= 0 && board_[sq] == make_piece(~by, g.royal_type);
    BB att = 0;
    for (int i = 0; i < g.line_attack_count[by]; ++i) {
        const GameDefinition::LineAttack& la = g.line_attacks[by][i];
        const std::uint16_t first = royal_target ? la.first_royal : 0;  // the riders are attackers_to's own
        if (!first && !la.second) continue;
        BB blockers = tb.ray_mask[la.ray][sq] & occ;
        if (!blockers) continue;
        const int b1 = nearest(g, la.ray, blockers);
        if (first) att |= bit<BB>(b1) & theirs & of_types(by_type_, first);
        if (!la.second || !(blockers ^= bit<BB>(b1))) continue;
        const int b2 = nearest(g, la.ray, blockers);
        if (g.screened_types && !passes_over(g, board_[b2], board_[b1])) continue;
        att |= bit<BB>(b2) & theirs & of_types(by_type_, la.second);
    }
    const auto at = [&](int s) { return board_[s]; };
    for (int i = 0; i < tb.lame_attack_count[by][sq]; ++i) {
        const auto& e = tb.lame_attacks[std::size_t(tb.lame_attack_first[by][sq] + i)];
        if (path_open<BB>(g, e, occ, at)) att |= e.move & by_type_[e.type] & theirs;
    }
    for (int i = 0; i < int(g.first_moves.size()); ++i) {
        const FirstMove& f = g.first_moves[i];
        if (f.side == by && f.capture && (castling_ & (1u << g.first_move_bit(i))) && (theirs & bit<BB>(f.from)) &&
            board_[f.from] == make_piece(by, f.type) && std::find(f.to.begin(), f.to.end(), sq) != f.to.end())
            att |= bit<BB>(f.from);
    }
    return att;
}

template <class BB>
void BasicPosition<BB>::generate_tested(MoveList& list, std::uint16_t types, BB targets, bool first_only) const {
    list.clear();
    const GameDefinition& g = *def_;
    const BoardTables<BB>& tb = tables();
    const Color us = side_, them = ~us;
    const BB occ = occupied(), own = by_color_[us], theirs = by_color_[them];
    const BB their_king = royal_[them] == no_square ? BB{0} : bit<BB>(royal_[them]);
    const BB enemy = theirs & ~their_king, not_target = own | their_king;
    const int ksq = royal_[us];

    // The opponent's pieces that can attack along each line (the first piece met, the second), once per generation;
    // `near` lists the lines through the royal square that hold such a piece on the empty board.
    BB first_cand[max_rays], second_cand[max_rays];
    int near[max_rays], near_count = 0, all[max_rays];
    const int lines = g.line_attack_count[them];
    BB sensitive = 0;
    bool in_check = false;
    for (int i = 0; i < lines; ++i) {
        const GameDefinition::LineAttack& la = g.line_attacks[them][i];
        first_cand[i] = of_types(by_type_, std::uint16_t(la.first | la.first_royal)) & theirs;
        second_cand[i] = of_types(by_type_, la.second) & theirs;
        all[i] = i;
    }
    // The opponent's first moves that capture, with their right kept: each attacks its squares (`first_moves`).
    BB first_from[max_castling_rules], first_to[max_castling_rules];
    int first_count = 0;
    for (int i = 0; castling_ && i < int(g.first_moves.size()); ++i) {
        const FirstMove& f = g.first_moves[i];
        if (f.side != them || !f.capture || !(castling_ & (1u << g.first_move_bit(i)))) continue;
        if (board_[f.from] != make_piece(them, f.type)) continue;
        first_from[first_count] = bit<BB>(f.from);
        first_to[first_count] = 0;
        for (int sq : f.to) first_to[first_count] |= bit<BB>(sq);
        ++first_count;
    }
    // What stands on a square after the move being tested (the piece moved or dropped onto moved_to).
    int moved_to = no_square;
    Piece moved_piece = no_piece;
    const auto at = [&](int s) { return s == moved_to ? moved_piece : board_[s]; };
    // Whether the royal piece on k is attacked with occupancy o by the opponent's pieces `alive` (a captured one is
    // gone), along the lines `ls`.
    const auto attacked = [&](int k, BB o, BB alive, const int* ls, int n) {
        for (std::uint16_t t = g.leaper_capture_types[them]; t; t &= std::uint16_t(t - 1)) {
            const int type = std::countr_zero(t);
            if (tb.leap_attackers[type][them][k] & by_type_[type] & alive) return true;
        }
        for (int j = 0; j < n; ++j) {
            const int i = ls[j];
            const int ray = g.line_attacks[them][i].ray;
            const BB r = tb.ray_mask[ray][k];
            if (!(r & (first_cand[i] | second_cand[i]) & alive)) continue;
            BB blockers = r & o;
            const int b1 = nearest(g, ray, blockers);
            if (bit<BB>(b1) & first_cand[i] & alive) return true;
            if (!second_cand[i] || !(blockers ^= bit<BB>(b1))) continue;
            const int b2 = nearest(g, ray, blockers);
            if (!(bit<BB>(b2) & second_cand[i] & alive)) continue;
            if (!g.screened_types || passes_over(g, at(b2), at(b1))) return true;
        }
        for (int j = 0; j < tb.lame_attack_count[them][k]; ++j) {
            const auto& e = tb.lame_attacks[std::size_t(tb.lame_attack_first[them][k] + j)];
            if ((e.move & by_type_[e.type] & alive) && path_open<BB>(g, e, o, at)) return true;
        }
        for (int j = 0; j < first_count; ++j)
            if ((first_to[j] & bit<BB>(k)) && (first_from[j] & alive)) return true;
        return false;
    };
    if (ksq != no_square) {
        for (int i = 0; i < lines; ++i) {
            const int ray = g.line_attacks[them][i].ray;
            BB r = tb.ray_mask[ray][ksq];
            if (!(r & (first_cand[i] | second_cand[i]))) continue;
            near[near_count++] = i;
            // The squares up to the first piece (riders) or the second (hops) decide the attack along the line.
            if (BB blockers = r & occ) {
                int last = nearest(g, ray, blockers);
                if (second_cand[i] && (blockers ^= bit<BB>(last))) last = nearest(g, ray, blockers);
                r &= ~tb.ray_mask[ray][last];
            }
            sensitive |= r;
        }
        for (int j = 0; j < tb.lame_attack_count[them][ksq]; ++j) {
            const auto& e = tb.lame_attacks[std::size_t(tb.lame_attack_first[them][ksq] + j)];
            if (e.move & by_type_[e.type] & theirs) sensitive |= e.legs;
        }
        in_check = attacked(ksq, occ, theirs, near, near_count);
    }
    // Royal pieces facing at the start of the turn must be parted by it: every move is then tested for that too.
    const bool part = royals_must_part();
    const auto parted = [&](int k, BB o) { return !part || !faces(g, tb, k, royal_[them], o); };

    Move* const begin = list.data();
    Move* out = begin;
    const auto legal_after = [&](int from, int to) {
        const BB o = (occ ^ bit<BB>(from)) | bit<BB>(to);
        moved_to = to;
        moved_piece = board_[from];
        return !attacked(ksq, o, theirs & ~bit<BB>(to), near, near_count) && parted(ksq, o);
    };
    const auto emit = [&](int type, int from, BB to) {
        const PieceType& p = g.pieces[type];
        if (p.promotes()) {
            const BB zone = tb.promotion_zone[type][us];
            BB promo = p.promotion.on_leaving_zone && (zone & bit<BB>(from)) ? to : to & zone;
            to &= tb.stay[type][us];
            while (promo) {
                const int sq = pop_lsb(promo);
                for (int choice : p.promotion.to) *out++ = Move(from, sq, MoveKind::promotion, choice);
            }
        }
        while (to) *out++ = Move(from, pop_lsb(to));
    };
    // The squares a piece reaches: its leaps and rides, its lame leaps with an empty leg, its hops.
    const auto reached = [&](int type, int from) {
        BB to = piece_targets<BB>(g, tb, type, us, from, occ, enemy, not_target, targets);
        const auto now = [&](int s) { return board_[s]; };
        for (int i = 0; i < tb.lame_count[type][us][from]; ++i) {
            const auto& e = tb.lame_legs[std::size_t(tb.lame_first[type][us][from] + i)];
            if (path_open<BB>(g, e, occ, now)) to |= ((e.move & ~occ) | (e.capture & enemy)) & targets;
        }
        const std::uint16_t not_over = g.pieces[type].hops_not_over;
        for (int i = 0; i < g.hopper_count[type][us]; ++i) {
            const RiderRay h = g.hoppers[type][us][i];
            const BB blockers = tb.ray_mask[h.ray][from] & occ;
            if (!blockers) continue;
            const int screen = nearest(g, h.ray, blockers);
            if (not_over && !passes_over(g, board_[from], board_[screen])) continue;
            BB beyond = tb.ray_mask[h.ray][screen];
            if (const BB more = beyond & occ) {
                const int b2 = nearest(g, h.ray, more);
                if (h.mode != MoveMode::move) to |= bit<BB>(b2) & enemy & targets;
                beyond &= ~tb.ray_mask[h.ray][b2];
            }
            if (h.mode != MoveMode::capture) to |= beyond & ~occ & targets;
        }
        if (const std::uint16_t spared = g.pieces[type].never_captures) to &= ~of_types(by_type_, spared);
        return to;
    };
    // The asked types but the royal one, in type order, then the royal piece (generate_some's order).
    const int target = targets && !more_than_one(targets) ? lsb(targets) : no_square;
    const unsigned royal_bit = g.royal_type >= 0 ? 1u << g.royal_type : 0u;
    for (unsigned left = types & ~royal_bit & ((1u << g.pieces.size()) - 1); left; left &= left - 1) {
        const int type = std::countr_zero(left);
        const PieceType& p = g.pieces[type];
        BB movers = by_type_[type] & own;
        if (target != no_square) movers &= tb.reach_to[type][us][target];
        while (movers) {
            if (first_only && out != begin) break;
            const int from = pop_lsb(movers);
            BB to = reached(type, from);
            if (p.has_double_step) {
                const int sq = g.double_step_to[us][from];
                if (sq != no_square && (targets & bit<BB>(sq)) &&
                    !(occ & (bit<BB>(sq) | bit<BB>(g.double_step_over[us][from]))) &&
                    (ksq == no_square || legal_after(from, sq)))
                    *out++ = Move(from, sq, MoveKind::double_step);
            }
            if (p.en_passant && ep_ != no_square && (targets & bit<BB>(ep_)) &&
                (tb.leap_capture[type][us][from] & bit<BB>(ep_))) {
                // Two pieces leave their squares: the royal piece is tested along every line after the capture.
                const BB o = (occ ^ bit<BB>(from) ^ bit<BB>(ep_victim_)) | bit<BB>(ep_);
                moved_to = ep_;
                moved_piece = board_[from];
                if (ksq == no_square ||
                    (!attacked(ksq, o, theirs & ~bit<BB>(ep_victim_), all, lines) && parted(ksq, o)))
                    *out++ = Move(from, ep_, MoveKind::en_passant);
            }
            if (ksq != no_square) {
                if (!in_check && !part && !(sensitive & bit<BB>(from))) {
                    emit(type, from, to & ~sensitive);
                    to &= sensitive;
                }
                for (BB left_to = to; left_to;) {
                    const int sq = pop_lsb(left_to);
                    if (!legal_after(from, sq)) to &= ~bit<BB>(sq);
                }
            }
            emit(type, from, to);
        }
    }
    if (ksq != no_square && (types & royal_bit) && !(first_only && out != begin)) {
        // The royal piece itself: every line through its new square may attack it.
        BB to = reached(g.royal_type, ksq);
        moved_piece = board_[ksq];
        for (BB left_to = to; left_to;) {
            const int sq = pop_lsb(left_to);
            moved_to = sq;
            const BB o = (occ ^ bit<BB>(ksq)) | bit<BB>(sq);
            if (attacked(sq, o, theirs & ~bit<BB>(sq), all, lines) || !parted(sq, o)) to &= ~bit<BB>(sq);
        }
        emit(g.royal_type, ksq, to);
        for (int i = 0; castling_ && !in_check && i < int(g.castling.size()); ++i) {
            const CastlingRule& c = g.castling[i];
            if (c.side != us || !(castling_ & (1u << i)) || ksq != c.king_from) continue;
            const Piece rook = board_[c.rook_from];
            if (!(targets & bit<BB>(c.king_to)) || rook == no_piece || color_of(rook) != us) continue;
            if (occ & tb.castling_empty[i]) continue;
            // The squares the king stands on, crosses and reaches, attacked as the position stands (FIDE 3.8.2: the
            // rook in its place, which may be a hop's screen), then the royal piece after both pieces moved (the rook
            // may have shielded it from a line, or be a screen now).
            bool unsafe = false;
            for (BB sq = tb.castling_safe[i]; sq && !unsafe;) unsafe = attackers_to(pop_lsb(sq), them, occ) != 0;
            if (unsafe) continue;
            const BB o = (occ ^ bit<BB>(c.king_from) ^ bit<BB>(c.rook_from)) | bit<BB>(c.king_to) | bit<BB>(c.rook_to);
            moved_to = c.rook_to;
            moved_piece = rook;
            if (attacked(c.king_to, o, theirs, all, lines) || !parted(c.king_to, o)) continue;
            *out++ = Move(c.king_from, c.king_to, MoveKind::castling, i);
        }
    }
    // First moves (`first_moves`), last: leaps whose right is kept, tested as the other moves are.
    for (int i = 0; castling_ && i < int(g.first_moves.size()) && !(first_only && out != begin); ++i) {
        const FirstMove& f = g.first_moves[i];
        if (f.side != us || !(castling_ & (1u << g.first_move_bit(i))) || !(types & (1u << f.type))) continue;
        if (board_[f.from] != make_piece(us, f.type) || (in_check && !f.in_check)) continue;
        for (int sq : f.to) {
            const BB b = bit<BB>(sq);
            if (!(targets & b) || (not_target & b) || ((occ & b) && !f.capture)) continue;
            if (ksq == f.from) {
                const BB o = (occ ^ bit<BB>(ksq)) | b;
                moved_to = sq;
                moved_piece = board_[ksq];
                if (attacked(sq, o, theirs & ~b, all, lines) || !parted(sq, o)) continue;
            } else if (ksq != no_square && !legal_after(f.from, sq)) {
                continue;
            }
            emit(f.type, f.from, b);
        }
    }
    list.resize(int(out - begin));
    if (first_only && !list.empty()) return;
    if (g.hands && (types & g.hand_types)) {
        // A dropped piece can block a check or become the piece a hop passes over: tested where it lands on a line.
        MoveList drops;
        generate_drops(drops, ~occ & tb.all_squares & targets);
        for (Move m : drops) {
            if (!(types & (1u << m.from()))) continue;
            moved_to = m.to();
            moved_piece = make_piece(us, m.from());
            if (ksq != no_square && (in_check || (sensitive & bit<BB>(m.to()))) &&
                attacked(ksq, occ | bit<BB>(m.to()), theirs, near, near_count))
                continue;
            if (!parted(ksq, occ | bit<BB>(m.to()))) continue;
            list.push(m);
        }
    }
}

#define ARBITER_TESTED_FOR(BB)                                              \
    template BB BasicPosition<BB>::blocked_attackers(int, Color, BB) const; \
    template bool BasicPosition<BB>::royals_must_part() const;              \
    template void BasicPosition<BB>::generate_tested(MoveList&, std::uint16_t, BB, bool) const;
ARBITER_TESTED_FOR(Bitboard)
ARBITER_TESTED_FOR(WideBitboard<2>)
ARBITER_TESTED_FOR(WideBitboard<3>)
#undef ARBITER_TESTED_FOR

}  // namespace arbiter::core
