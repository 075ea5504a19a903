// The small value types every part of the board core shares: squares, sides, pieces, moves and
// fixed-capacity move lists. Nothing here allocates; everything fits in registers.
#pragma once

#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>

namespace arbiter::core {

// One bit per square, square index = rank * files + file. A 64-bit word covers boards up to 64
// squares (chess, othello); shogi's 9x9 and boards up to 12x12 need a wider word (a 128- or
// 256-bit type with the same operators), which is where a templated Position would plug in.
using Bitboard = std::uint64_t;
constexpr int max_squares = 64;
constexpr int max_piece_types = 16;

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
// exists) are encoded now so that Move needs no change when those games arrive; chess generates neither.
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
