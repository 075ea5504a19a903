// The small value types every part of the board core shares: squares, sides, pieces, moves and
// fixed-capacity move lists. Nothing here allocates; everything fits in registers.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace arbiter::core {

// One bit per square, square index = rank * files + file. A 64-bit word covers boards up to 64
// squares (chess, othello); shogi's 9x9 and boards up to 12x12 use WideBitboard<2> or <3> below, and
// the position, the compiled tables and move generation are templates on the bitboard type
// (BasicPosition<BB>, BoardTables<BB>), so chess keeps its single 64-bit word.
using Bitboard = std::uint64_t;
constexpr int max_squares = 64;           // squares of a 64-bit board (Position, chess-facing code)
constexpr int max_board_squares = 144;    // the largest board the core plays (12x12)
constexpr int max_piece_types = 16;

// A bitboard of `Words` 64-bit words with the operators the move generator uses on std::uint64_t.
// Word 0 holds squares 0-63. Loops over a constant word count compile to straight-line code.
template <int Words>
struct WideBitboard {
    std::uint64_t w[Words] = {};

    constexpr WideBitboard() = default;
    constexpr WideBitboard(std::uint64_t low) : w{low} {}  // NOLINT: mirrors Bitboard{0} and Bitboard{1}
    constexpr explicit operator bool() const {
        for (int i = 0; i < Words; ++i)
            if (w[i]) return true;
        return false;
    }
    constexpr bool operator==(const WideBitboard&) const = default;
    constexpr WideBitboard operator~() const {
        WideBitboard r;
        for (int i = 0; i < Words; ++i) r.w[i] = ~w[i];
        return r;
    }
    constexpr WideBitboard& operator&=(const WideBitboard& o) {
        for (int i = 0; i < Words; ++i) w[i] &= o.w[i];
        return *this;
    }
    constexpr WideBitboard& operator|=(const WideBitboard& o) {
        for (int i = 0; i < Words; ++i) w[i] |= o.w[i];
        return *this;
    }
    constexpr WideBitboard& operator^=(const WideBitboard& o) {
        for (int i = 0; i < Words; ++i) w[i] ^= o.w[i];
        return *this;
    }
    friend constexpr WideBitboard operator&(WideBitboard a, const WideBitboard& b) { return a &= b; }
    friend constexpr WideBitboard operator|(WideBitboard a, const WideBitboard& b) { return a |= b; }
    friend constexpr WideBitboard operator^(WideBitboard a, const WideBitboard& b) { return a ^= b; }
};

// Number of squares a bitboard type holds, capped at the largest board.
template <class BB>
constexpr int bitboard_squares = 64;
template <int Words>
constexpr int bitboard_squares<WideBitboard<Words>> = 64 * Words < max_board_squares ? 64 * Words : max_board_squares;

template <class BB>
constexpr BB bit(int sq) {
    if constexpr (std::is_same_v<BB, std::uint64_t>) {
        return BB{1} << sq;
    } else {
        BB b;
        b.w[sq >> 6] = std::uint64_t{1} << (sq & 63);
        return b;
    }
}
template <int Words>
inline int lsb(const WideBitboard<Words>& b) {
    for (int i = 0; i < Words - 1; ++i)
        if (b.w[i]) return 64 * i + std::countr_zero(b.w[i]);
    return 64 * (Words - 1) + std::countr_zero(b.w[Words - 1]);
}
template <int Words>
inline int msb(const WideBitboard<Words>& b) {
    for (int i = Words - 1; i > 0; --i)
        if (b.w[i]) return 64 * i + 63 - std::countl_zero(b.w[i]);
    return 63 - std::countl_zero(b.w[0]);
}
template <int Words>
inline int pop_lsb(WideBitboard<Words>& b) {
    for (int i = 0; i < Words; ++i)
        if (b.w[i]) {
            int sq = 64 * i + std::countr_zero(b.w[i]);
            b.w[i] &= b.w[i] - 1;
            return sq;
        }
    return 64 * Words;  // empty: callers test the board first
}
template <int Words>
inline int popcount(const WideBitboard<Words>& b) {
    int n = 0;
    for (int i = 0; i < Words; ++i) n += std::popcount(b.w[i]);
    return n;
}
template <int Words>
inline bool more_than_one(const WideBitboard<Words>& b) {
    int n = 0;
    for (int i = 0; i < Words; ++i) {
        if (b.w[i] & (b.w[i] - 1)) return true;
        n += b.w[i] != 0;
    }
    return n > 1;
}

using Square = std::uint8_t;
constexpr Square no_square = 0xFF;

constexpr Bitboard bit(int sq) { return Bitboard{1} << sq; }
inline int lsb(Bitboard b) { return std::countr_zero(b); }
inline int msb(Bitboard b) { return 63 - std::countl_zero(b); }
inline int pop_lsb(Bitboard& b) {
    int sq = lsb(b);
    b &= b - 1;
    return sq;
}
inline int popcount(Bitboard b) { return std::popcount(b); }
inline bool more_than_one(Bitboard b) { return b & (b - 1); }

// The two sides, in move order of the game definition: chess white/black, shogi sente/gote.
enum Color : std::uint8_t { first = 0, second = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// A piece on a square: 0 = empty, else (color << 4) | (type + 1); type indexes GameDefinition::pieces.
using Piece = std::uint8_t;
constexpr Piece no_piece = 0;
constexpr Piece make_piece(Color c, int type) { return Piece((c << 4) | (type + 1)); }
constexpr int type_of(Piece p) { return (p & 15) - 1; }
constexpr Color color_of(Piece p) { return Color(p >> 4); }

// What a move does besides moving one piece from `from` to `to`.
// drop (shogi: from = dropped piece type, taken from the hand) and pass (othello, when no placement
// exists); chess generates neither.
enum class MoveKind : std::uint8_t { normal, double_step, en_passant, castling, promotion, drop, pass };

// A move in 32 bits: to | from << 8 | extra << 16 | kind << 24. `extra` is the promoted-to piece type
// for promotion, the castling table index for castling, unused otherwise.
class Move {
public:
    constexpr Move() = default;
    constexpr Move(int from, int to, MoveKind kind = MoveKind::normal, int extra = 0)
        : bits_(std::uint32_t(to) | std::uint32_t(from) << 8 | std::uint32_t(extra) << 16 |
                std::uint32_t(kind) << 24) {}
    static constexpr Move none() { return Move(); }
    static constexpr Move pass() { return Move(0, 0, MoveKind::pass); }

    constexpr int from() const { return (bits_ >> 8) & 0xFF; }
    constexpr int to() const { return bits_ & 0xFF; }
    constexpr int extra() const { return (bits_ >> 16) & 0xFF; }
    constexpr MoveKind kind() const { return MoveKind(bits_ >> 24); }
    constexpr bool is_promotion() const { return kind() == MoveKind::promotion; }
    constexpr int promotion_type() const { return extra(); }
    constexpr bool is_none() const { return bits_ == 0; }
    constexpr std::uint32_t raw() const { return bits_; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint32_t bits_ = 0;
};

// Fixed capacity, no allocation: 218 is the chess maximum, 593 the shogi maximum.
constexpr int max_moves = 600;

class MoveList {
public:
    MoveList() {}  // leaves moves_ uninitialised on purpose (a memset of 2400 bytes per node otherwise)
    void push(Move m) {
        assert(size_ < max_moves);
        moves_[size_++] = m;
    }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void clear() { size_ = 0; }
    Move operator[](int i) const { return moves_[i]; }
    const Move* begin() const { return moves_; }
    // For a generator that writes several moves at once (movegen.cpp): the buffer, then the new count.
    Move* data() { return moves_; }
    void resize(int n) {
        assert(n >= 0 && n <= max_moves);
        size_ = n;
    }
    const Move* end() const { return moves_ + size_; }
    bool contains(Move m) const {
        for (Move x : *this)
            if (x == m) return true;
        return false;
    }

private:
    int size_ = 0;
    union {
        Move moves_[max_moves];  // a union member is not default-initialised; filled before read
    };
};

}  // namespace arbiter::core
