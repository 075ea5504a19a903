// The rider attack tables of GameDefinition (slide_square, slide_sets): built from the compiled rays, so that a
// group's entry holds exactly the union of what ray_attacks gives for each of its rays.
#include "core/game_def.h"
#include "core/movegen_targets.h"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace arbiter::core {

#ifdef ARBITER_SLIDE_TABLES
namespace {

// Each occupancy of the entry's mask (PDEP) and the attacks it gives, packed onto the reach (PEXT).
template <class Attacks>
ARBITER_SLIDES_TARGET void fill_entries(std::vector<std::uint16_t>& sets, const GameDefinition::SlideSquare& e,
                                        Attacks&& attacks) {
    for (std::uint64_t index = 0; index < (std::uint64_t{1} << popcount(e.mask)); ++index)
        sets[e.offset + index] =
            std::uint16_t(__builtin_ia32_pext_di(attacks(Bitboard(__builtin_ia32_pdep_di(index, e.mask))), e.reach));
}

}  // namespace
#endif

void GameDefinition::compile_slides() {
    slide_group_count = 0;
#ifdef ARBITER_SLIDE_TABLES
    if (bitboard_words != 1 || !slide_tables_here()) return;
    // A group's table has 2^bits entries per square: 12 bits keep a rook's four rays on 8x8 in one group (the usual
    // 800 KiB of a PEXT table, here 200 KiB with entries of 16 bits packed onto the reach).
    constexpr int max_mask_bits = 12, max_reach_bits = 16;
    constexpr std::size_t max_entries = std::size_t{1} << 21;
    auto farthest = [&](int ray, int sq) {
        const Bitboard r = ray_mask[ray][sq];
        return r ? bit(ray_ascending[ray] ? msb(r) : lsb(r)) : Bitboard{0};
    };
    auto fits = [&](std::uint64_t rays) {
        for (int sq = 0; sq < squares; ++sq) {
            Bitboard mask = 0, reach = 0;
            for (std::uint64_t left = rays; left; left &= left - 1) {
                const int ray = std::countr_zero(left);
                reach |= ray_mask[ray][sq];
                mask |= ray_mask[ray][sq] & ~farthest(ray, sq);
            }
            if (popcount(mask) > max_mask_bits || popcount(reach) > max_reach_bits) return false;
        }
        return true;
    };
    std::vector<std::uint64_t> groups;  // the ray set of each group (bit per ray)
    bool failed = false;
    // Packs `rays` into groups, parallel directions together (orthogonal, diagonal, ...: a queen's groups are then a
    // rook's and a bishop's), reusing a group with the same rays; calls add(group) for each.
    auto pack = [&](std::vector<int> rays, auto&& add) {
        auto key = [&](int ray) {
            const Vector& v = ray_vector[ray];
            const int a = std::abs(v.dx), b = std::abs(v.dy);
            return std::array<int, 4>{std::min(a, b), std::max(a, b), v.range, ray};
        };
        std::sort(rays.begin(), rays.end(), [&](int x, int y) { return key(x) < key(y); });
        std::vector<std::uint64_t> sets;
        for (int ray : rays) {
            const std::uint64_t one = std::uint64_t{1} << ray;
            if (!sets.empty() && fits(sets.back() | one)) sets.back() |= one;
            else if (fits(one)) sets.push_back(one);
            else failed = true;
        }
        for (std::uint64_t set : sets) {
            auto it = std::find(groups.begin(), groups.end(), set);
            if (it == groups.end()) {
                if (int(groups.size()) == max_slide_groups) {
                    failed = true;
                    return;
                }
                it = groups.insert(groups.end(), set);
            }
            add(int(it - groups.begin()));
        }
    };
    for (int t = 0; t < int(pieces.size()); ++t)
        for (int c = 0; c < 2; ++c)
            for (MoveMode mode : {MoveMode::any, MoveMode::move, MoveMode::capture}) {
                std::vector<int> rays;
                for (int i = 0; i < rider_count[t][c]; ++i)
                    if (riders[t][c][i].mode == mode) rays.push_back(riders[t][c][i].ray);
                pack(rays, [&](int group) {
                    slide_uses[t][c][slide_use_count[t][c]++] = SlideUse{std::uint8_t(group), mode};
                });
            }
    for (int c = 0; c < 2; ++c) {
        std::vector<std::uint16_t> type_sets;
        for (int i = 0; i < attack_ray_count[c]; ++i)
            if (std::find(type_sets.begin(), type_sets.end(), attack_rays[c][i].types) == type_sets.end())
                type_sets.push_back(attack_rays[c][i].types);
        for (std::uint16_t types : type_sets) {
            std::vector<int> rays;
            for (int i = 0; i < attack_ray_count[c]; ++i)
                if (attack_rays[c][i].types == types) rays.push_back(attack_rays[c][i].ray);
            pack(rays, [&](int group) {
                slide_attackers[c][slide_attacker_count[c]++] = SlideAttack{std::uint8_t(group), types};
            });
        }
    }
    std::size_t entries = 0;
    for (std::size_t gi = 0; gi < groups.size() && !failed; ++gi)
        for (int sq = 0; sq < squares; ++sq) {
            SlideSquare& e = slide_square[gi][sq];
            e = SlideSquare{0, 0, std::uint32_t(entries)};
            for (std::uint64_t left = groups[gi]; left; left &= left - 1) {
                const int ray = std::countr_zero(left);
                e.reach |= ray_mask[ray][sq];
                e.mask |= ray_mask[ray][sq] & ~farthest(ray, sq);
            }
            entries += std::size_t{1} << popcount(e.mask);
            if (entries > max_entries) failed = true;
        }
    if (failed) {
        for (int t = 0; t < max_piece_types; ++t) slide_use_count[t][0] = slide_use_count[t][1] = 0;
        slide_attacker_count[0] = slide_attacker_count[1] = 0;
        return;
    }
    slide_sets.assign(entries, 0);
    for (std::size_t gi = 0; gi < groups.size(); ++gi)
        for (int sq = 0; sq < squares; ++sq) {
            fill_entries(slide_sets, slide_square[gi][sq], [&](Bitboard occ) {
                Bitboard a = 0;
                for (std::uint64_t left = groups[gi]; left; left &= left - 1)
                    a |= ray_attacks<Bitboard>(std::countr_zero(left), sq, occ);
                return a;
            });
        }
    slide_group_count = int(groups.size());
#endif
}

}  // namespace arbiter::core
