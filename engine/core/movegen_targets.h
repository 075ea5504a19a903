// The squares one piece reaches from its square, for both move generators: generate_some (movegen.cpp) and
// read_legal_to (movegen_read.cpp). Internal to them.
#pragma once

#include "core/game_def.h"

// The rider tables (GameDefinition::slide_sets) are read with PEXT and PDEP (BMI2). A build for the machine it runs on
// (ARBITER_NATIVE) may use them everywhere; a portable x86-64 build builds the tables only where the CPU has them
// (game_def_slides.cpp) and reads them in functions compiled for them alone (ARBITER_SLIDES_TARGET), which the move
// generator calls where the tables exist (movegen.cpp): the same code either way, the ray scans answering otherwise.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define ARBITER_SLIDE_TABLES 1
#if defined(__BMI2__) && defined(__BMI__) && defined(__POPCNT__)
#define ARBITER_SLIDES_TARGET
#else
#define ARBITER_SLIDES_TARGET __attribute__((target("bmi,bmi2,popcnt")))
#endif
#endif

namespace arbiter::core {

#ifdef ARBITER_SLIDE_TABLES
// Whether this CPU runs ARBITER_SLIDES_TARGET's instructions (always, where the build requires them).
inline bool slide_tables_here() {
#if defined(__BMI2__) && defined(__BMI__) && defined(__POPCNT__)
    return true;
#else
    static const bool here = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
    }();
    return here;
#endif
}

// A group's attacks from a square with occupancy `occupied` (each ray up to and including its first piece), by table.
ARBITER_SLIDES_TARGET inline Bitboard slide_attacks(const GameDefinition& g, const GameDefinition::SlideSquare& e,
                                                    Bitboard occupied) {
    return __builtin_ia32_pdep_di(g.slide_sets[e.offset + __builtin_ia32_pext_di(occupied, e.mask)], e.reach);
}
#endif

// Whether the callers below read the rider tables by default: where the whole build may (native), else only in the
// functions compiled for them, which ask for them (Slides = true).
#if defined(ARBITER_SLIDE_TABLES) && defined(__BMI2__) && defined(__BMI__) && defined(__POPCNT__)
inline constexpr bool slides_everywhere = true;
#else
inline constexpr bool slides_everywhere = false;
#endif

// The squares of `allowed` that a piece of `type` of side `us` on `from` reaches with occupancy `occ`: its leaps that
// move onto an empty square or capture one of `enemy`, and its rides (any: up to and onto the first piece, unless it
// is in `not_target`; move: the empty squares; capture: the first piece when in `enemy`). A ride that misses `allowed`
// on the empty board is not followed: reading one move (one target square) looks along one ray of a queen instead
// of eight.
// With Slides, the rider tables where the definition has them (slide_group_count).
template <class BB, bool Slides = slides_everywhere>
inline BB piece_targets(const GameDefinition& g, const BoardTables<BB>& tb, int type, Color us, int from, BB occ,
                        BB enemy, BB not_target, BB allowed) {
    BB t = (tb.leap_move[type][us][from] & ~occ) | (tb.leap_capture[type][us][from] & enemy);
#ifdef ARBITER_SLIDE_TABLES
    if constexpr (Slides && std::is_same_v<BB, Bitboard>) {
        if (g.slide_group_count) {
            for (int i = 0; i < g.slide_use_count[type][us]; ++i) {
                const GameDefinition::SlideUse u = g.slide_uses[type][us][i];
                const GameDefinition::SlideSquare& e = g.slide_square[u.group][from];
                if (!(e.reach & allowed)) continue;
                const BB a = slide_attacks(g, e, occ);
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
