// The K+P v K table (core/kpk.h). Positions are normalised so that the pawn is white's and moves up the board; every
// position is indexed by (side to move, white king, black king, pawn square). Retrograde analysis: the positions
// whose outcome is immediate (a safe promotion, a capture of the pawn, stalemate, mate) are marked first; then, until
// nothing changes, a position with white to move is won if some move reaches a won position, and one with black to
// move is won if every move does, and drawn if some move reaches a drawn one. What is left undecided is a draw: white
// can never force a result there.
#include "core/kpk.h"

#include <cstdint>
#include <cstdlib>
#include <vector>

namespace arbiter::core {

namespace {

enum Outcome : std::uint8_t { unknown, invalid, draw, win };
constexpr int white = 0, black = 1;

int file(int sq) { return sq & 7; }
int rank(int sq) { return sq >> 3; }
bool adjacent(int a, int b) { return a != b && std::abs(file(a) - file(b)) <= 1 && std::abs(rank(a) - rank(b)) <= 1; }
// The white pawn on `pawn` attacks `sq`.
bool pawn_attacks(int pawn, int sq) { return rank(sq) == rank(pawn) + 1 && std::abs(file(sq) - file(pawn)) == 1; }
int index(int to_move, int wk, int bk, int pawn) { return ((to_move * 64 + wk) * 64 + bk) * 64 + pawn; }

// The squares next to `sq`.
template <class F>
void each_neighbour(int sq, F&& f) {
    for (int df = -1; df <= 1; ++df)
        for (int dr = -1; dr <= 1; ++dr) {
            if (!df && !dr) continue;
            const int f2 = file(sq) + df, r2 = rank(sq) + dr;
            if (f2 >= 0 && f2 < 8 && r2 >= 0 && r2 < 8) f(r2 * 8 + f2);
        }
}

// A rook (queen: `diagonals` too) on `from` attacks `sq`, with the white king on `wk` the only blocker (the black
// king is the piece attacked, so it does not shield the squares behind it).
bool slider_attacks(int from, int sq, int wk, bool diagonals) {
    const int df = file(sq) - file(from), dr = rank(sq) - rank(from);
    if (from == sq || (df && dr && (!diagonals || std::abs(df) != std::abs(dr)))) return false;
    const int step_f = (df > 0) - (df < 0), step_r = (dr > 0) - (dr < 0);
    for (int f = file(from) + step_f, r = rank(from) + step_r; f != file(sq) || r != rank(sq); f += step_f, r += step_r)
        if (r * 8 + f == wk) return false;
    return true;
}

// After white promotes on `q` to a queen (or a rook), black to move: false if black is stalemated.
bool black_can_move_or_is_in_check(int wk, int bk, int q, bool diagonals) {
    if (slider_attacks(q, bk, wk, diagonals)) return true;
    bool can_move = false;
    each_neighbour(bk, [&](int to) {
        if (to == wk || adjacent(to, wk)) return;
        if (to == q) can_move = true;  // the piece stands undefended next to the king: it is taken
        else if (!slider_attacks(q, to, wk, diagonals)) can_move = true;
    });
    return can_move;
}

// White to move pushes the pawn from rank 7 to `q`: a win when the new queen (or, if a queen stalemates, a rook)
// cannot be taken: K+Q v K and K+R v K are forced wins. Otherwise a draw (taken, or only a stalemate or a minor).
Outcome promotion(int wk, int bk, int q) {
    if (adjacent(q, bk) && !adjacent(q, wk)) return draw;
    return black_can_move_or_is_in_check(wk, bk, q, true) || black_can_move_or_is_in_check(wk, bk, q, false) ? win : draw;
}

bool legal(int to_move, int wk, int bk, int pawn) {
    if (wk == bk || wk == pawn || bk == pawn || adjacent(wk, bk)) return false;
    if (rank(pawn) == 0 || rank(pawn) == 7) return false;
    return !(to_move == white && pawn_attacks(pawn, bk));
}

// White to move: the outcome over white's moves.
Outcome white_moves(const std::vector<Outcome>& t, int wk, int bk, int pawn) {
    bool all_draw = true, any_win = false;
    auto consider = [&](Outcome o) {
        if (o == win) any_win = true;
        if (o != draw) all_draw = false;
    };
    each_neighbour(wk, [&](int to) {
        if (to != pawn && !adjacent(to, bk)) consider(t[std::size_t(index(black, to, bk, pawn))]);
    });
    const int one = pawn + 8;
    if (one != wk && one != bk) {
        if (rank(one) == 7) consider(promotion(wk, bk, one));
        else consider(t[std::size_t(index(black, wk, bk, one))]);
        const int two = pawn + 16;
        if (rank(pawn) == 1 && two != wk && two != bk) consider(t[std::size_t(index(black, wk, bk, two))]);
    }
    return any_win ? win : all_draw ? draw : unknown;
}

// Black to move: the outcome over black's moves (a capture of the pawn, or no move at all, is settled at once).
Outcome black_moves(const std::vector<Outcome>& t, int wk, int bk, int pawn) {
    bool all_win = true, any_draw = false, any_move = false;
    each_neighbour(bk, [&](int to) {
        if (adjacent(to, wk) || pawn_attacks(pawn, to)) return;
        any_move = true;
        if (to == pawn) {
            any_draw = true;  // the pawn taken: king against king
            return;
        }
        const Outcome o = t[std::size_t(index(white, wk, to, pawn))];
        if (o == draw) any_draw = true;
        if (o != win) all_win = false;
    });
    if (!any_move) return pawn_attacks(pawn, bk) ? win : draw;  // mate, or stalemate
    return any_draw ? draw : all_win ? win : unknown;
}

std::vector<Outcome> solve() {
    std::vector<Outcome> t(std::size_t(2 * 64 * 64 * 64), unknown);
    for (int i = 0; i < int(t.size()); ++i)
        if (!legal(i >> 18, (i >> 12) & 63, (i >> 6) & 63, i & 63)) t[std::size_t(i)] = invalid;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < int(t.size()); ++i) {
            if (t[std::size_t(i)] != unknown) continue;
            const int wk = (i >> 12) & 63, bk = (i >> 6) & 63, pawn = i & 63;
            const Outcome o = (i >> 18) == white ? white_moves(t, wk, bk, pawn) : black_moves(t, wk, bk, pawn);
            if (o != unknown) {
                t[std::size_t(i)] = o;
                changed = true;
            }
        }
    }
    for (auto& o : t)
        if (o == unknown) o = draw;
    return t;
}

const std::vector<Outcome>& table() {
    static const std::vector<Outcome> solved = solve();
    return solved;
}

// The position with the pawn made white's: a black pawn's position is mirrored top to bottom, colours swapped.
int normalised_index(int pawn_side, int to_move, int strong_king, int weak_king, int pawn) {
    if (pawn_side == white) return index(to_move, strong_king, weak_king, pawn);
    return index(1 - to_move, strong_king ^ 56, weak_king ^ 56, pawn ^ 56);
}

bool in_range(int pawn_side, int to_move, int a, int b, int c) {
    return (pawn_side == 0 || pawn_side == 1) && (to_move == 0 || to_move == 1) && a >= 0 && a < 64 && b >= 0 &&
           b < 64 && c >= 0 && c < 64;
}

}  // namespace

bool kpk_legal(int pawn_side, int to_move, int strong_king, int weak_king, int pawn) {
    if (!in_range(pawn_side, to_move, strong_king, weak_king, pawn)) return false;
    const int i = normalised_index(pawn_side, to_move, strong_king, weak_king, pawn);
    return legal(i >> 18, (i >> 12) & 63, (i >> 6) & 63, i & 63);
}

bool kpk_win(int pawn_side, int to_move, int strong_king, int weak_king, int pawn) {
    if (!kpk_legal(pawn_side, to_move, strong_king, weak_king, pawn)) return false;
    return table()[std::size_t(normalised_index(pawn_side, to_move, strong_king, weak_king, pawn))] == win;
}

}  // namespace arbiter::core
