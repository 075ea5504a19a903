// The move ordering of the helpmate searches (core/unwinnable_search.cpp): the winner's pawns advance and promote,
// its pieces approach the loser's king, the loser's king walks to an edge and a corner and the loser's pieces gather
// round it (so that they block its flight squares). Internal to those searches.
#pragma once

#include "core/position.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <cstdint>
#include <limits>

// The keys sixteen moves at a time (Scorer::keys_at_once) need AVX-512 (F, BW, VBMI). A build for the machine it runs
// on (ARBITER_NATIVE) takes them where the compiler may use them everywhere; a portable x86-64 build compiles that one
// function for them alone and asks the CPU once whether it has them, the scalar loop answering otherwise.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define ARBITER_VECTOR_KEYS 1
#if defined(__AVX512VBMI__) && defined(__AVX512BW__) && defined(__AVX512F__)
#define ARBITER_VECTOR_KEYS_TARGET
#else
#define ARBITER_VECTOR_KEYS_TARGET __attribute__((target("avx512f,avx512bw,avx512vbmi")))
#endif
#endif

namespace arbiter::core::helpmate_order {

#ifdef ARBITER_VECTOR_KEYS
// Whether this CPU runs keys_at_once's instructions (always, where the build requires them).
inline bool vector_keys_here() {
#if defined(__AVX512VBMI__) && defined(__AVX512BW__) && defined(__AVX512F__)
    return true;
#else
    static const bool here = [] {
        __builtin_cpu_init();
        return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
               __builtin_cpu_supports("avx512vbmi");
    }();
    return here;
#endif
}
#endif

// The ordering's weights, each defined here once: the scalar score (Roles::Scorer::winner, loser), the per-piece
// tables it reads and the vector path behind Roles::key_all all take them from here. How they were chosen is in
// docs/ARCHITECTURE.md ("Records", the helpmate walk).
struct Weights {
    // The winner (the side to checkmate).
    static constexpr int promotion = 800;           // less promotion_per_type for each type index: the queen first
    static constexpr int promotion_per_type = 10;
    static constexpr int capture = 200;
    static constexpr int pawn_move = 260;           // a move of a promoting piece other than a promotion
    static constexpr int pawn_rank = 10;            // and per rank advanced on arrival
    static constexpr int king_step = 90;            // per step nearer the loser's king
    static constexpr int piece_step = 12;
    static constexpr int aim = 18;                  // the piece would reach the loser's king from its new square
    // The loser (the side to be checkmated).
    static constexpr int loser_promotion = 100;
    static constexpr int loser_minor_promotion = 20;  // more for a minor piece, which blocks rather than takes
    static constexpr int loser_gather = 8;          // per step nearer its own king
    static constexpr int loser_pawn_gather = 20;    // a move of a promoting piece
    static constexpr int loser_takes_pawn = 60;     // the penalty for taking a promoting piece
    static constexpr int loser_takes_piece = 400;   // and any other but the royal one
};

// Square distances of one board shape: the scores read two per move. Worked out once per thread and shape (the
// searches of an archive ask once or twice per game), where a division by the board's width at run time cost more
// than the rest of the score.
struct Geometry {
    int files = 0, ranks = 0, squares = 0;
    std::array<std::uint8_t, max_board_squares * max_board_squares> chebyshev{};  // [a * squares + b]
    // The loser's king's distance from shelter: 2 a king step to the nearest corner, 5 a step to the nearest edge.
    std::array<std::uint8_t, max_board_squares> shelter{};
    std::array<std::array<std::uint8_t, max_board_squares>, 2> forward{};  // [side] ranks advanced from its first

    static const Geometry& of(const GameDefinition& g) {
        static thread_local Geometry cached;
        if (cached.files != g.files || cached.ranks != g.ranks) {
            cached.files = g.files;
            cached.ranks = g.ranks;
            cached.squares = g.squares;
            for (int a = 0; a < g.squares; ++a) {
                const int fa = g.file_of(a), ra = g.rank_of(a);
                const int file_edge = std::min(fa, g.files - 1 - fa), rank_edge = std::min(ra, g.ranks - 1 - ra);
                cached.forward[first][std::size_t(a)] = std::uint8_t(ra);
                cached.forward[second][std::size_t(a)] = std::uint8_t(g.ranks - 1 - ra);
                cached.shelter[std::size_t(a)] =
                    std::uint8_t(2 * std::max(file_edge, rank_edge) + 5 * std::min(file_edge, rank_edge));
                for (int b = 0; b < g.squares; ++b)
                    cached.chebyshev[std::size_t(a * g.squares + b)] =
                        std::uint8_t(std::max(std::abs(fa - g.file_of(b)), std::abs(ra - g.rank_of(b))));
            }
        }
        return cached;
    }
};

// Per-call view of the two sides, with what the scores read of the piece types.
class Roles {
public:
    Roles(const GameDefinition& def, Color w, Color l) : g_(def), geometry_(Geometry::of(def)), winner_(w), loser_(l) {
        for (int t = 0; t < int(g_.pieces.size()); ++t) {
            const PieceType& p = g_.pieces[std::size_t(t)];
            if (p.promotes()) promotes_ |= std::uint16_t(1u << t);
            if (p.minor) minor_ |= std::uint16_t(1u << t);
            const std::size_t code = std::size_t(t + 1);
            step_weight_[code] = t == g_.royal_type ? Weights::king_step : Weights::piece_step;
            taking_penalty_[code] = t == g_.royal_type ? 0 : p.promotes() ? Weights::loser_takes_pawn
                                                                          : Weights::loser_takes_piece;
            gathering_bonus_[code] = p.promotes() ? Weights::loser_pawn_gather : 0;
            advance_bonus_[code] = p.promotes() ? Weights::pawn_move : 0;
            advance_weight_[code] = p.promotes() ? Weights::pawn_rank : 0;
            longest_move_[code] = longest_move(t);
        }
    }
    Color winner() const { return winner_; }
    Color loser() const { return loser_; }
    std::uint16_t promoting_types() const { return promotes_; }

    // At least the winner's score of any move, in `pos` with the winner to move, by a piece of a type that does not
    // promote (not bounded in a game with drops): a capture, as many steps nearer the loser's king as the piece's
    // longest move allows (it cannot end on that king's square, so at most its distance less one; a royal piece's
    // castling that the position still allows counts too) and an aim. A promoting piece's move scoring above it is the
    // best of all the moves (the helpmate walk's first pick, explore_reachable).
    int others_bound(const Position& pos) const {
        const int king = pos.royal_square(loser_);
        // Without the loser's king the scores take other branches; a drop comes from no square.
        if (king == no_square || g_.hands) return std::numeric_limits<int>::max();
        const std::uint8_t* distance = &geometry_.chebyshev[std::size_t(king * geometry_.squares)];
        int bound = std::numeric_limits<int>::min();
        for (int t = 0; t < int(g_.pieces.size()); ++t) {
            if (promotes_ >> t & 1) continue;
            const std::size_t code = std::size_t(t + 1);
            const int aim = t == g_.royal_type ? 0 : Weights::aim;
            int longest = longest_move_[code];
            if (t == g_.royal_type && pos.castling_rights())
                for (std::size_t i = 0; i < g_.castling.size(); ++i)
                    if ((pos.castling_rights() >> i & 1) && g_.castling[i].king_from != no_square &&
                        g_.castling[i].king_to != no_square)
                        longest = std::max(longest, int(geometry_.chebyshev[std::size_t(
                                                        g_.castling[i].king_from * geometry_.squares +
                                                        g_.castling[i].king_to)]));
            for (Bitboard on = pos.pieces(t) & pos.pieces(winner_); on;) {
                const int nearer = std::min(distance[pop_lsb(on)] - 1, longest);
                bound = std::max(bound, Weights::capture + step_weight_[code] * nearer + aim);
            }
        }
        return bound;
    }

    // The keys pick_best orders `moves[0..n)` by: the score, then the generation order (an earlier move first among
    // equal scores), packed into one int so that the best is the largest key.
    static constexpr int index_span = 1024;
    static_assert(max_moves <= index_span);
    static constexpr int key(int score, int index) { return score * index_span + (index_span - 1 - index); }
    static constexpr int score_of(int key) { return key >> std::countr_zero(unsigned(index_span)); }  // floor
    static_assert(std::has_single_bit(unsigned(index_span)));
    void key_all(const Position& pos, const Move* moves, int* keys, int n) const {
        const Scorer score(*this, pos);
#ifdef ARBITER_VECTOR_KEYS
        if (vector_keys_here() && score.keys_at_once(moves, nullptr, keys, n) >= 0) return;
#endif
        key_one_by_one(score, moves, keys, n);
    }
    // key_all with the moves copied to `out` on the way, then pick_best's first pick made: how the walk's frames take
    // their moves (n > 0), the largest key found as the keys are made rather than by a scan of its own.
    void key_all_best_first(const Position& pos, const Move* moves, Move* out, int* keys, int n) const {
        const Scorer score(*this, pos);
#ifdef ARBITER_VECTOR_KEYS
        if (vector_keys_here() && score.keys_at_once(moves, out, keys, n) >= 0) return;
#endif
        std::copy(moves, moves + n, out);
        key_one_by_one(score, out, keys, n);
        pick_best(out, keys, n);
    }
    // One move's score (Scorer below), for tests.
    int score(const Position& pos, Move m) const { return Scorer(*this, pos)(m); }

    // Swaps the move with the largest key to the front. The keys carry each move's generation order, so picking the
    // front each time gives the order of a stable sort, best first, however the swaps reorder the rest; a walk that
    // goes deep pays only for the moves it tries (most frames of a probe try one or two of their thirty-odd moves).
    // The maximum is found without a branch per move, and the best is swapped rather than shifted.
    static void pick_best(Move* moves, int* keys, int n) {
        int top = keys[0];
        for (int i = 1; i < n; ++i) top = std::max(top, keys[i]);
        int best = 0;
        while (keys[best] != top) ++best;
        std::swap(moves[0], moves[best]);
        std::swap(keys[0], keys[best]);
    }

    // Orders `moves[0..n)` by score, best first (stable: equal scores keep generation order). An insertion sort: the
    // lists are short and mostly in order already.
    void order(const Position& pos, Move* moves, int n) const {
        const Scorer score(*this, pos);
        int scores[max_moves];
        for (int i = 0; i < n; ++i) scores[i] = score(moves[i]);
        for (int i = 1; i < n; ++i) {
            Move m = moves[i];
            int s = scores[i], j = i - 1;
            for (; j >= 0 && scores[j] < s; --j) {
                moves[j + 1] = moves[j];
                scores[j + 1] = scores[j];
            }
            moves[j + 1] = m;
            scores[j + 1] = s;
        }
    }

private:
    class Scorer;
    // The most squares (Chebyshev distance) one move of the type goes on the empty board by its vectors (castling is
    // bounded by others_bound where it may still be made); a ride to the board's edge or a hop goes as far as the
    // board allows.
    int longest_move(int t) const {
        const PieceType& p = g_.pieces[std::size_t(t)];
        const int across = std::max(g_.files, g_.ranks) - 1;
        if (!p.hops.empty() || !p.within_rides.empty() || !p.within_hops.empty()) return across;
        int longest = 0;
        for (const auto* vectors : {&p.vectors, &p.lame_leaps, &p.region_leaps, &p.within_leaps})
            for (const Vector& v : *vectors)
                longest = std::max(longest,
                                   std::max(std::abs(v.dx), std::abs(v.dy)) * (v.range == 0 ? across : v.range));
        return std::min(longest, across);
    }
    static void key_one_by_one(const Scorer& score, const Move* moves, int* keys, int n) {
        if (score.winner_moves())
            for (int i = 0; i < n; ++i) keys[i] = key(score.winner(moves[i]), i);
        else
            for (int i = 0; i < n; ++i) keys[i] = key(score.loser(moves[i]), i);
    }

    // Higher first: how promising a move of one position looks for a checkmate of the loser by the winner (Weights).
    // What depends on the position alone (whose move it is, the kings' rows of distances, the squares from which each
    // piece type reaches the loser's king) is read once per position, and what depends on the moving piece from the
    // per-piece tables of Roles, by the piece's code (type + 1, 0 for none), rather than with a branch per term.
    class Scorer {
    public:
        Scorer(const Roles& r, const Position& pos)
            : r_(r), pos_(pos), winner_moves_(pos.side_to_move() == r.winner_),
              advance_(r.geometry_.forward[std::size_t(r.winner_)].data()) {
            const int king = pos.royal_square(r.loser_);  // the winner's target, or the loser's own king
            if (king != no_square) distance_ = &r.geometry_.chebyshev[std::size_t(king * r.geometry_.squares)];
            if (winner_moves_ && king != no_square)
                for (int t = 0; t < int(r.g_.pieces.size()); ++t)
                    aims_[std::size_t(t + 1)] =
                        t == r.g_.royal_type ? Bitboard{0} : r.g_.reach_to[t][int(r.winner_)][king];
        }

        bool winner_moves() const { return winner_moves_; }
        int operator()(Move m) const { return winner_moves_ ? winner(m) : loser(m); }

        // The winner promotes (the strongest piece first), captures, moves its pawns (the farthest advanced first),
        // brings its king and pieces nearer the loser's king, and aims at it.
        int winner(Move m) const {
            const int from = m.from(), to = m.to();
            const int code = pos_.piece_on(from) & 15;
            const bool promotion = m.kind() == MoveKind::promotion;
            int s = captured(m) != no_piece ? Weights::capture : 0;
            if (promotion)
                s += Weights::promotion - Weights::promotion_per_type * m.promotion_type();
            else
                s += r_.advance_bonus_[std::size_t(code)] + r_.advance_weight_[std::size_t(code)] * advance_[to];
            if (distance_) {
                s += r_.step_weight_[std::size_t(code)] * (distance_[from] - distance_[to]);
                const int arriving = promotion ? m.promotion_type() + 1 : code;
                s += int(aims_[std::size_t(arriving)] >> to & 1) * Weights::aim;
            }
            return s;
        }

        // The loser takes nothing it needs not, promotes to a piece that blocks its own king rather than one that
        // takes the checker, walks its king to an edge and a corner (Geometry::shelter) and gathers its pieces round
        // it.
        int loser(Move m) const {
            const int from = m.from(), to = m.to();
            const int code = pos_.piece_on(from) & 15;
            int s = -r_.taking_penalty_[std::size_t(captured(m) & 15)];
            if (m.kind() == MoveKind::promotion)
                s += Weights::loser_promotion +
                     (r_.minor_ >> m.promotion_type() & 1 ? Weights::loser_minor_promotion : 0);
            if (code == r_.g_.royal_type + 1)
                return s + r_.geometry_.shelter[std::size_t(from)] - r_.geometry_.shelter[std::size_t(to)];
            if (distance_)
                s += Weights::loser_gather * (distance_[from] - distance_[to]) + r_.gathering_bonus_[std::size_t(code)];
            return s;
        }

#ifdef ARBITER_VECTOR_KEYS
        // winner's and loser's keys sixteen moves at a time, the same scores: the pieces, distances and shelter steps
        // read by byte permutes of the board's and the king's rows (64 squares), the per-piece weights by dword
        // permutes, the aims by qword permutes. Promotions and en passant, scored otherwise, are redone one by one.
        // The moves are copied to `out` unless it is null, and then the best is swapped to the front
        // (key_all_best_first) from values held in registers: a scalar load of what a vector store has just written
        // waits for the store.
        // Returns the index of the largest key (0 when n is 0), or -1 (nothing written) without the loser's king,
        // where the scalar loops take other branches.
#pragma GCC diagnostic push
        // GCC 12 takes the intrinsics' _mm512_undefined_epi32() for an uninitialised read (its bug 105593).
#ifndef __clang__
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
        ARBITER_VECTOR_KEYS_TARGET int keys_at_once(const Move* moves, Move* out, int* keys, int n) const {
            if (!distance_) return -1;
            const __m512i board = _mm512_loadu_si512(pos_.board()), dist = _mm512_loadu_si512(distance_);
            const __m512i byte = _mm512_set1_epi32(0xFF), nibble = _mm512_set1_epi32(15);
            const __m512i order = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
            const __m512i promotion = _mm512_set1_epi32(int(MoveKind::promotion));
            const __m512i en_passant = _mm512_set1_epi32(int(MoveKind::en_passant));
            // Each lane's byte 0 indexes the permute; the other three are cleared afterwards.
            auto read = [&](__m512i table, __m512i at) ARBITER_VECTOR_KEYS_TARGET {
                return _mm512_and_si512(_mm512_permutexvar_epi8(at, table), byte);
            };
            const __m512i weight = _mm512_loadu_si512(r_.step_weight_.data());
            const __m512i aims_low = _mm512_loadu_si512(aims_.data()), aims_high = _mm512_loadu_si512(aims_.data() + 8);
            const __m512i penalty = _mm512_loadu_si512(r_.taking_penalty_.data());
            const __m512i bonus = _mm512_loadu_si512(r_.gathering_bonus_.data());
            const __m512i shelter = _mm512_loadu_si512(r_.geometry_.shelter.data());
            const __m512i advance_bonus = _mm512_loadu_si512(r_.advance_bonus_.data());
            const __m512i advance_weight = _mm512_loadu_si512(r_.advance_weight_.data());
            const __m512i advanced = _mm512_loadu_si512(advance_);
            const __m512i royal = _mm512_set1_epi32(r_.g_.royal_type + 1);
            __m512i top = _mm512_set1_epi32(std::numeric_limits<int>::min());
            int first_key = 0;
            for (int k = 0; k < n; k += 16) {
                const __mmask16 live = n - k >= 16 ? __mmask16(0xFFFF) : __mmask16((1u << (n - k)) - 1);
                const __m512i m = _mm512_maskz_loadu_epi32(live, moves + k);
                if (out) _mm512_mask_storeu_epi32(out + k, live, m);
                const __m512i to = _mm512_and_si512(m, byte), from = _mm512_and_si512(_mm512_srli_epi32(m, 8), byte);
                const __m512i mover = _mm512_and_si512(_mm512_permutexvar_epi8(from, board), nibble);
                const __m512i taken = read(board, to);
                const __m512i nearer = _mm512_sub_epi32(read(dist, from), read(dist, to));
                __m512i s;
                if (winner_moves_) {
                    s = _mm512_mullo_epi32(_mm512_permutexvar_epi32(mover, weight), nearer);
                    s = _mm512_mask_add_epi32(s, _mm512_test_epi32_mask(taken, taken), s,
                                              _mm512_set1_epi32(Weights::capture));
                    s = _mm512_add_epi32(s, _mm512_permutexvar_epi32(mover, advance_bonus));
                    s = _mm512_add_epi32(
                        s, _mm512_mullo_epi32(_mm512_permutexvar_epi32(mover, advance_weight), read(advanced, to)));
                    // aims_[mover] >> to & 1, eight lanes of 64 bits at a time
                    const auto aimed = [&](__m256i code, __m256i square) ARBITER_VECTOR_KEYS_TARGET {
                        const __m512i a = _mm512_permutex2var_epi64(aims_low, _mm512_cvtepu32_epi64(code), aims_high);
                        return _mm512_cvtepi64_epi32(_mm512_srlv_epi64(a, _mm512_cvtepu32_epi64(square)));
                    };
                    const __m512i aim = _mm512_and_si512(
                        _mm512_inserti64x4(_mm512_castsi256_si512(aimed(_mm512_castsi512_si256(mover),
                                                                        _mm512_castsi512_si256(to))),
                                           aimed(_mm512_extracti64x4_epi64(mover, 1), _mm512_extracti64x4_epi64(to, 1)),
                                           1),
                        _mm512_set1_epi32(1));
                    s = _mm512_add_epi32(s, _mm512_mullo_epi32(aim, _mm512_set1_epi32(Weights::aim)));
                } else {
                    const __m512i taking = _mm512_permutexvar_epi32(_mm512_and_si512(taken, nibble), penalty);
                    const __m512i kept = _mm512_sub_epi32(_mm512_setzero_si512(), taking);
                    const __m512i sheltered = _mm512_sub_epi32(read(shelter, from), read(shelter, to));
                    const __m512i king = _mm512_add_epi32(kept, sheltered);
                    const __m512i other = _mm512_add_epi32(
                        _mm512_add_epi32(kept, _mm512_mullo_epi32(nearer, _mm512_set1_epi32(Weights::loser_gather))),
                        _mm512_permutexvar_epi32(mover, bonus));
                    s = _mm512_mask_blend_epi32(_mm512_cmpeq_epi32_mask(mover, royal), other, king);
                }
                __m512i packed = _mm512_sub_epi32(
                    _mm512_add_epi32(_mm512_slli_epi32(s, 10), _mm512_set1_epi32(index_span - 1 - k)), order);
                const __m512i kind = _mm512_srli_epi32(m, 24);
                const unsigned scored_otherwise =
                    _mm512_cmpeq_epi32_mask(kind, promotion) | _mm512_cmpeq_epi32_mask(kind, en_passant);
                for (unsigned odd = live & scored_otherwise; odd; odd &= odd - 1) {
                    const int lane = std::countr_zero(odd), i = k + lane;
                    const int redone = key(winner_moves_ ? winner(moves[i]) : loser(moves[i]), i);
                    packed = _mm512_mask_set1_epi32(packed, __mmask16(1u << lane), redone);
                }
                _mm512_mask_storeu_epi32(keys + k, live, packed);
                top = _mm512_mask_max_epi32(top, live, top, packed);
                if (k == 0) first_key = _mm_cvtsi128_si32(_mm512_castsi512_si128(packed));
            }
            // A key's low bits hold its index (key()): the largest names its move.
            const int largest = _mm512_reduce_max_epi32(top);
            const int best = n ? index_span - 1 - (largest & (index_span - 1)) : 0;
            if (out && best) {
                out[0] = moves[best];
                out[best] = moves[0];
                keys[0] = largest;
                keys[best] = first_key;
            }
            return best;
        }
#pragma GCC diagnostic pop
#endif

    private:
        Piece captured(Move m) const {
            return m.kind() == MoveKind::en_passant ? pos_.piece_on(pos_.en_passant_victim()) : pos_.piece_on(m.to());
        }

        const Roles& r_;
        const Position& pos_;
        bool winner_moves_;
        const std::uint8_t* distance_ = nullptr;  // from each square to the loser's king
        const std::uint8_t* advance_;             // the winner's ranks advanced on each square
        // By piece code (type + 1): the squares that reach the loser's king (none for the royal piece).
        std::array<Bitboard, max_piece_types + 1> aims_{};
    };

    const GameDefinition& g_;
    const Geometry& geometry_;
    Color winner_;
    Color loser_;
    std::uint16_t promotes_ = 0, minor_ = 0;  // bit per piece type
    // By piece code (type + 1, 0 for none), for the quick scores: the winner's step weight, the loser's penalty for
    // taking the piece and its bonus for moving it (promoting types gather round their king).
    // For the winner's pawns (promoting types) also the bonus for any move other than a promotion, and its weight per
    // rank advanced.
    std::array<int, max_piece_types + 1> step_weight_{}, taking_penalty_{}, gathering_bonus_{}, advance_bonus_{},
        advance_weight_{};
    std::array<int, max_piece_types + 1> longest_move_{};  // by piece code (longest_move)
};

}  // namespace arbiter::core::helpmate_order
