// The squares one piece reaches from its square, for both move generators: generate_some (movegen.cpp) and
// read_legal_to (movegen_read.cpp). Internal to them.
#pragma once

#include "core/game_def.h"

namespace arbiter::core {

// The squares of `allowed` that a piece of `type` of side `us` on `from` reaches with occupancy `occ`: its leaps that
// move onto an empty square or capture one of `enemy`, and its rides (any: up to and onto the first piece, unless it
// is in `not_target`; move: the empty squares; capture: the first piece when in `enemy`). A ride that misses `allowed`
// on the empty board is not followed: reading one move (one target square) looks along one ray of a queen instead
// of eight.
template <class BB>
inline BB piece_targets(const GameDefinition& g, const BoardTables<BB>& tb, int type, Color us, int from, BB occ,
                        BB enemy, BB not_target, BB allowed) {
    BB t = (tb.leap_move[type][us][from] & ~occ) | (tb.leap_capture[type][us][from] & enemy);
#ifdef __BMI2__
    if constexpr (std::is_same_v<BB, Bitboard>) {
        if (g.slide_group_count) {
            for (int i = 0; i < g.slide_use_count[type][us]; ++i) {
                const GameDefinition::SlideUse u = g.slide_uses[type][us][i];
                const GameDefinition::SlideSquare& e = g.slide_square[u.group][from];
                if (!(e.reach & allowed)) continue;
                const BB a = g.slide_attacks(e, occ);
                t |= u.mode == MoveMode::any ? (a & ~not_target) : u.mode == MoveMode::move ? (a & ~occ) : (a & enemy);
            }
            return t & allowed;
        }
    }
#endif
    for (int i = 0; i < g.rider_count[type][us]; ++i) {
        const RiderRay rr = g.riders[type][us][i];
        if (!(tb.ray_mask[rr.ray][from] & allowed)) continue;
        const BB a = g.ray_attacks(rr.ray, from, occ);
        t |= rr.mode == MoveMode::any ? (a & ~not_target) : rr.mode == MoveMode::move ? (a & ~occ) : (a & enemy);
    }
    return t & allowed;
}

}  // namespace arbiter::core
