// The fast paths of generate_some (movegen.cpp) that need the CPU's vector and bit instructions: writing a piece's
// moves at once (AVX-512 VBMI2), and the squares a side captures onto by the slide tables (BMI2). Internal to it; the
// results are those of the plain loops they replace, in the same order.
#pragma once

#include "core/movegen_targets.h"
#include "core/position.h"

// Writing a piece's moves at once needs AVX-512 (F, BW, VBMI2) and BMI2. A build for the machine it runs on
// (ARBITER_NATIVE) writes them so everywhere; a portable x86-64 build compiles one more copy of the generator for those
// instructions (ARBITER_COMPRESS_TARGET, movegen.cpp) and calls it where the CPU has them (compress_moves_here).
#if defined(__AVX512VBMI2__) && defined(__AVX512BW__) && defined(__AVX512F__) && defined(__BMI2__)
#include <immintrin.h>
#define ARBITER_COMPRESS_MOVES 1
#define ARBITER_COMPRESS_TARGET
#elif defined(ARBITER_SLIDE_TABLES)
#include <immintrin.h>
#define ARBITER_COMPRESS_MOVES 1
#define ARBITER_COMPRESS_TARGET __attribute__((target("bmi,bmi2,popcnt,avx512f,avx512bw,avx512vbmi2")))
#endif

namespace arbiter::core::fast_moves {

// Whether write_moves compresses by default: where the whole build may (native), else only in the generator compiled
// for it, which asks for it (Compress = true).
#if defined(ARBITER_COMPRESS_MOVES) && defined(__AVX512VBMI2__) && defined(__AVX512BW__) && defined(__AVX512F__) && \
    defined(__BMI2__)
inline constexpr bool compress_everywhere = true;
#else
inline constexpr bool compress_everywhere = false;
#endif

#ifdef ARBITER_COMPRESS_MOVES
// Whether this CPU runs ARBITER_COMPRESS_TARGET's instructions (always, where the build requires them).
inline bool compress_moves_here() {
    if constexpr (compress_everywhere) {
        return true;
    } else {
        static const bool here = [] {
            __builtin_cpu_init();
            return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                   __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("bmi") &&
                   __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
        }();
        return here;
    }
}
#endif

// Writes Move(from, to) at `out` for each square of `targets`, lowest first (pop_lsb's order), and returns the end.
// The generator keeps its own end rather than the list's count, which it would read back from memory after each write
// (the moves could alias it). With AVX-512 the squares are compressed out of a vector of all 64 and widened into moves
// sixteen at a time: the loop's exit, a branch taken after a different number of moves for each piece, was
// mispredicted about once per piece. The bytes are widened from the compressed register itself, not stored and read
// back (a 64-byte store and a 16-byte reload per piece).
#ifdef ARBITER_COMPRESS_MOVES
ARBITER_COMPRESS_TARGET inline Move* write_moves_compressed(Move* out, int from, std::uint64_t targets) {
    alignas(64) static constexpr std::uint8_t all_squares[64] = {
        0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
        22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43,
        44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63};
    const __m512i squares = _mm512_maskz_compress_epi8(targets, _mm512_load_si512(all_squares));
    const __m512i base = _mm512_set1_epi32(int(Move(from, 0).raw()));
    const int n = popcount(targets);
    auto write = [&](int k, __m128i bytes) ARBITER_COMPRESS_TARGET {
        const __m512i moves = _mm512_or_si512(_mm512_maskz_cvtepu8_epi32(0xFFFF, bytes), base);
        _mm512_mask_storeu_epi32(out + k, __mmask16(_bzhi_u32(0xFFFF, unsigned(n - k))), moves);
    };
    // More than sixteen only for a rider on an open board.
    write(0, _mm512_maskz_extracti32x4_epi32(0xF, squares, 0));
    if (n > 16) {
        write(16, _mm512_maskz_extracti32x4_epi32(0xF, squares, 1));
        if (n > 32) {
            write(32, _mm512_maskz_extracti32x4_epi32(0xF, squares, 2));
            if (n > 48) write(48, _mm512_maskz_extracti32x4_epi32(0xF, squares, 3));
        }
    }
    return out + n;
}
#endif

// With Compress, write_moves_compressed (only in a function compiled for ARBITER_COMPRESS_TARGET).
template <bool Compress, class BB>
[[gnu::always_inline]] inline Move* write_moves(Move* out, int from, BB targets) {
#ifdef ARBITER_COMPRESS_MOVES
    if constexpr (Compress && std::is_same_v<BB, std::uint64_t>) return write_moves_compressed(out, from, targets);
#endif
    while (targets) *out++ = Move(from, pop_lsb(targets));
    return out;
}

#ifdef ARBITER_SLIDE_TABLES
// Every square `by` captures onto with occupancy `occ`, by table (64-bit boards with slide tables): the king's steps
// are masked by it at once, rather than each step asked of each attacker type. A rider captures onto the squares of
// its rays up to the first piece, so its forward sets hold every square from which the reverse scan would find it.
// (Skipping the riders whose rays miss the king's steps on the empty board slowed the quick probe.)
// Only where the definition has the slide tables (ARBITER_SLIDES_TARGET: movegen_targets.h).
ARBITER_SLIDES_TARGET inline Bitboard attacked_squares(const BasicPosition<Bitboard>& pos, Color by, Bitboard occ) {
    const GameDefinition& g = pos.definition();
    const Bitboard theirs = pos.pieces(by);
    Bitboard a = 0;
    for (std::uint16_t types = g.leaper_capture_types[by]; types; types &= std::uint16_t(types - 1)) {
        const int t = std::countr_zero(types);
        for (Bitboard b = pos.pieces(t) & theirs; b;) a |= g.leap_capture[t][by][pop_lsb(b)];
    }
    std::uint16_t riders = 0;
    for (int i = 0; i < g.slide_attacker_count[by]; ++i) riders |= g.slide_attackers[by][i].types;
    for (; riders; riders &= std::uint16_t(riders - 1)) {
        const int t = std::countr_zero(riders);
        for (Bitboard b = pos.pieces(t) & theirs; b;) {
            const int sq = pop_lsb(b);
            for (int i = 0; i < g.slide_use_count[t][by]; ++i) {
                const GameDefinition::SlideUse u = g.slide_uses[t][by][i];
                if (u.mode != MoveMode::move) a |= slide_attacks(g, g.slide_square[u.group][sq], occ);
            }
        }
    }
    return a;
}
#endif

}  // namespace arbiter::core::fast_moves
