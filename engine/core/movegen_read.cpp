// The legal moves of one piece type to one square, for reading a move's text (Position::read_legal_to): the pieces of
// the type that reach the square, each move kept when the mover's royal piece is not attacked after it. Reading one
// move needs that test for one piece, usually, where generate_some first finds every check and pin of the position.
#include "core/movegen_targets.h"
#include "core/position.h"

#include <bit>
#include <vector>

namespace arbiter::core {

namespace {

// The squares on the opponent's attack rays through each square, and the piece types that attack along them, for one
// definition: a royal piece with no such piece of the opponent on those lines can be attacked by leaps only, whatever
// stands between (most moves of real games are read in such a position). Kept for the last definition read on each
// thread.
template <class BB>
struct RiderLines {
    GameDefinitionPtr def;  // held, so that no other definition can take its address while these name it
    std::vector<BB> lines[2];
    std::uint16_t types[2] = {0, 0};
};

template <class BB>
const RiderLines<BB>& rider_lines(const GameDefinitionPtr& owner, const BoardTables<BB>& tb) {
    thread_local RiderLines<BB> r;
    const GameDefinition& g = *owner;
    if (r.def.get() == &g) return r;
    r.def = owner;
    for (int by = 0; by < 2; ++by) {
        r.lines[by].assign(std::size_t(g.squares), BB{0});
        r.types[by] = 0;
        for (int i = 0; i < g.attack_ray_count[by]; ++i) {
            r.types[by] |= g.attack_rays[by][i].types;
            const int ray = g.attack_rays[by][i].ray;
            for (int sq = 0; sq < g.squares; ++sq) r.lines[by][std::size_t(sq)] |= tb.ray_mask[ray][sq];
        }
    }
    return r;
}

}  // namespace

template <class BB>
bool BasicPosition<BB>::read_legal_to(MoveList& list, int type, int to) const {
    const GameDefinition& g = *def_;
    // Drops, placements, castling and en passant (two pieces leave one line) are generate_some's, and so is a game
    // whose royal piece in check only takes a checker (generate_legal_to applies that rule).
    if (g.placement.enabled || g.hands || g.legality_by_test || g.royal_only_captures_in_check) return false;
    const PieceType& p = g.pieces[type];
    if (p.en_passant && ep_ == to) return false;
    const BoardTables<BB>& tb = tables();
    const Color us = side_, them = ~us;
    const Bitboard occ = occupied(), target = bit<BB>(to);
    // As generate_some: no move captures a royal piece, and the opponent's royal piece gives no check.
    const Bitboard their_king = royal_[them] == no_square ? Bitboard{0} : bit<BB>(royal_[them]);
    const Bitboard enemy = by_color_[them] & ~their_king, not_target = by_color_[us] | their_king;
    const int ksq = royal_[us];
    // The square, if the piece of `type` on `from` reaches it with the board's occupancy.
    const auto reaches = [&](int from) {
        return piece_targets<BB>(g, tb, type, us, from, occ, enemy, not_target, target);
    };
    if (type == g.royal_type) {
        if (ksq == no_square) return false;
        for (int i = 0; i < int(g.castling.size()); ++i)
            if (g.castling[i].side == us && g.castling[i].king_to == to && (castling_ & (1u << i))) return false;
        // A step to a square no piece of the opponent attacks once the royal piece has left its own (SquareGuard).
        list.clear();
        if (reaches(ksq) && !attackers_to(to, them, occ ^ bit<BB>(ksq))) list.push(Move(ksq, to));
        return true;
    }
    // Whether the opponent attacks the royal piece after a move that leaves `from` for `to` (taking what stands there).
    const RiderLines<BB>& lines = rider_lines(owner_, tb);
    Bitboard riders = 0;
    for (std::uint16_t types = lines.types[them]; types; types &= std::uint16_t(types - 1))
        riders |= by_type_[std::countr_zero(types)];
    const bool leaps_only = ksq == no_square || !(riders & enemy & lines.lines[them][std::size_t(ksq)]);
    const auto attacked_after = [&](int from) {
        if (ksq == no_square) return false;
        if (!leaps_only) return (attackers_to(ksq, them, (occ ^ bit<BB>(from)) | target) & enemy & ~target) != 0;
        Bitboard leapers = 0;
        for (std::uint16_t types = g.leaper_capture_types[them]; types; types &= std::uint16_t(types - 1)) {
            const int t = std::countr_zero(types);
            leapers |= tb.leap_attackers[t][them][ksq] & by_type_[t];
        }
        return (leapers & enemy & ~target) != 0;
    };
    list.clear();
    for (Bitboard movers = by_type_[type] & by_color_[us] & tb.reach_to[type][us][to]; movers;) {
        const int from = pop_lsb(movers);
        const Bitboard reached = reaches(from);
        const bool double_step = p.has_double_step && g.double_step_to[us][from] == to &&
                                 !(occ & (target | bit<BB>(g.double_step_over[us][from])));
        if (!reached && !double_step) continue;
        // Legal when no piece of the opponent but the one taken attacks the royal piece on the board after the move.
        if (attacked_after(from)) continue;
        if (reached) {
            const Bitboard zone = tb.promotion_zone[type][us];
            const bool promotes =
                p.promotes() && ((zone & target) || (p.promotion.on_leaving_zone && (zone & bit<BB>(from))));
            if (promotes)
                for (int choice : p.promotion.to) list.push(Move(from, to, MoveKind::promotion, choice));
            if (!p.promotes() || (tb.stay[type][us] & target)) list.push(Move(from, to));
        }
        if (double_step) list.push(Move(from, to, MoveKind::double_step));
    }
    return true;
}

template bool BasicPosition<Bitboard>::read_legal_to(MoveList&, int, int) const;
template bool BasicPosition<WideBitboard<2>>::read_legal_to(MoveList&, int, int) const;
template bool BasicPosition<WideBitboard<3>>::read_legal_to(MoveList&, int, int) const;

}  // namespace arbiter::core
