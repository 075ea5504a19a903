// A structural proof that `side` cannot checkmate, for positions whose pawns can never move again
// (locked chains): if no pawn can advance (a pawn stands in front of each), no pawn can capture (no enemy
// pawn on its capture squares and no enemy piece can ever reach one) and no piece can ever capture a
// pawn, then the pawns are walls for ever. Each piece's reachable squares are then over-estimated by a
// flood fill that only pawns stop (kings also avoid squares the enemy pawns attack). A checkmate of the
// loser's king on a square k needs (1) a piece of the winner able to attack k and (2) every flight square
// of k that no piece of the winner can ever attack occupied by a different piece of the loser that can
// reach it. When no reachable k passes both tests, no checkmate exists in any reachable position.
// Colour-bound bishops, kings shut in behind their own chains and pieces that cannot cross a chain are
// all caught by this one test.
#include "core/unwinnable.h"

namespace arbiter::core {

namespace {

struct Reach {
    int type;
    Color colour;
    Bitboard squares;  // where the piece may ever stand
    Bitboard attacks;  // what it may ever attack from there
};

class FrozenPawns {
public:
    explicit FrozenPawns(const Position& pos) : pos_(pos), g_(pos.definition()) {}

    // True when the pawns provably never capture, are never captured and never promote; fills the
    // pieces' reaches. Stuck pawns (a stuck pawn in front) never move; the others only walk their trail,
    // the squares up to the next stuck pawn or enemy pawn on their file.
    bool analyse() {
        if (pos_.castling_rights() || pos_.en_passant_square() != no_square || g_.royal_type < 0 ||
            pos_.royal_square(first) == no_square || pos_.royal_square(second) == no_square)
            return false;
        Bitboard pawns[2] = {0, 0};
        for (int t = 0; t < int(g_.pieces.size()); ++t)
            if (g_.pieces[t].promotes()) {
                pawns[0] |= pos_.pieces(first, t);
                pawns[1] |= pos_.pieces(second, t);
            }
        // Greatest fixed point: a pawn is stuck when every square it could step to holds a stuck pawn
        // or a king that can never move (each of its neighbours holds a stuck pawn of its own or is
        // attacked by a stuck enemy pawn: an enemy pawn there is defended by one).
        Bitboard kings = bit(pos_.royal_square(first)) | bit(pos_.royal_square(second));
        Bitboard stuck = 0;
        for (bool kings_changed = true; kings_changed;) {
            stuck = pawns[0] | pawns[1];
            for (bool changed = true; changed;) {
                changed = false;
                for (Bitboard b = stuck; b;) {
                    const int sq = pop_lsb(b);
                    const Piece p = pos_.piece_on(sq);
                    if (step(type_of(p), color_of(p), sq) & ~(stuck | kings)) {
                        stuck ^= bit(sq);
                        changed = true;
                    }
                }
            }
            for (Color c : {first, second}) {
                stuck_[c] = pawns[c] & stuck;
                pawn_attacks_[c] = 0;
                for (Bitboard b = stuck_[c]; b;) {
                    const int sq = pop_lsb(b);
                    pawn_attacks_[c] |= captures(type_of(pos_.piece_on(sq)), c, sq);
                }
            }
            kings_changed = false;
            for (Color c : {first, second}) {
                const int k = pos_.royal_square(c);
                if (!(kings & bit(k))) continue;
                if (moves(g_.royal_type, c, k, false) & ~(stuck_[c] | pawn_attacks_[~c])) {
                    kings ^= bit(k);
                    kings_changed = true;
                }
            }
        }
        walls_ = stuck | kings;
        for (Color c : {first, second}) {
            trail_attacks_[c] = 0;
            for (Bitboard b = pawns[c] & ~stuck; b;) {
                const int sq = pop_lsb(b), t = type_of(pos_.piece_on(sq));
                Bitboard trail = 0;
                for (int s = sq;;) {
                    trail |= bit(s);
                    trail_attacks_[c] |= captures(t, c, s);
                    if (bit(s) & g_.pieces[t].promotion.zone[c]) return false;  // it may promote
                    const Bitboard next = step(t, c, s);
                    if (popcount(next) != 1) return false;  // a blocked end never meets a stuck pawn
                    // Without captures no pawn passes a stuck pawn or an enemy pawn on its file.
                    if (next & (walls_ | pawns[~c])) break;
                    s = lsb(next);
                }
                trail_[c] |= trail;
                if (trail_count_ == max_squares) return false;
                trails_[trail_count_++] = {t, c, trail, 0};
            }
        }
        for (Color c : {first, second}) {
            const Bitboard enemy_pawn_squares = stuck_[~c] | trail_[~c];
            if ((pawn_attacks_[c] | trail_attacks_[c]) & enemy_pawn_squares) return false;  // pawn takes pawn
        }
        for (Color c : {first, second}) {
            const int king = pos_.royal_square(c);
            if (king == no_square || (bit(king) & (pawn_attacks_[~c] | trail_attacks_[~c]))) return false;
            for (Bitboard b = pos_.pieces(c) & ~pawns[c]; b;) {
                const int sq = pop_lsb(b);
                if (!flood(type_of(pos_.piece_on(sq)), c, sq)) return false;
            }
        }
        return true;
    }

    // With the pawns frozen: can the loser's king be checkmated anywhere it may go?
    bool checkmate_possible(Color winner) const {
        const Color loser = ~winner;
        Bitboard checks = trail_attacks_[winner], covered = pawn_attacks_[winner] | trail_attacks_[winner];
        Bitboard king_squares = 0;
        const Reach* blockers[2 * max_squares];
        int blocker_count = 0;
        for (int i = 0; i < count_; ++i) {
            const Reach& r = reach_[i];
            const bool royal = r.type == g_.royal_type;
            if (r.colour == winner) {
                covered |= r.attacks;
                if (!royal) checks |= r.attacks;
            } else if (royal) {
                king_squares = r.squares;
            } else {
                blockers[blocker_count++] = &r;
            }
        }
        for (int i = 0; i < trail_count_; ++i)
            if (trails_[i].colour == loser) blockers[blocker_count++] = &trails_[i];
        if (!king_squares) return true;  // nothing proven without the loser's king
        for (Bitboard ks = king_squares & checks; ks;) {
            const int k = pop_lsb(ks);
            Bitboard open = moves(g_.royal_type, loser, k, false) & ~walls_ & ~covered;
            if (popcount(open) > blocker_count) continue;
            if (match(open, blockers, blocker_count)) return true;
        }
        return false;
    }

private:
    // Targets of a piece from `sq` with only the pawns on the board (move-only leaps when `quiet`).
    Bitboard moves(int t, Color c, int sq, bool quiet) const {
        Bitboard m = g_.leap_move[t][c][sq] | (quiet ? 0 : g_.leap_capture[t][c][sq]);
        for (int i = 0; i < g_.rider_count[t][c]; ++i) {
            const RiderRay rr = g_.riders[t][c][i];
            if (quiet && rr.mode == MoveMode::capture) continue;
            m |= g_.ray_attacks(rr.ray, sq, walls_);
        }
        return m;
    }
    Bitboard captures(int t, Color c, int sq) const {
        Bitboard m = g_.leap_capture[t][c][sq];
        for (int i = 0; i < g_.rider_count[t][c]; ++i) {
            const RiderRay rr = g_.riders[t][c][i];
            if (rr.mode != MoveMode::move) m |= g_.ray_attacks(rr.ray, sq, walls_);
        }
        return m;
    }

    // Squares a pawn may step to (quiet moves only), with only the pawns as obstacles ignored.
    Bitboard step(int t, Color c, int sq) const {
        Bitboard m = g_.leap_move[t][c][sq];
        for (int i = 0; i < g_.rider_count[t][c]; ++i)
            if (g_.riders[t][c][i].mode != MoveMode::capture) m |= g_.ray_mask[g_.riders[t][c][i].ray][sq];
        return m;
    }

    // Fills the squares a piece may reach (only stuck pawns stop it); false if it could ever capture a
    // pawn or be captured by one.
    bool flood(int t, Color c, int sq) {
        const bool royal = t == g_.royal_type;
        const Bitboard barred = stuck_[c] | (royal ? pawn_attacks_[~c] : 0);
        // A king takes only pawns no stuck pawn defends; any other piece takes any pawn it reaches.
        const Bitboard prey = (stuck_[~c] | trail_[~c]) & (royal ? ~pawn_attacks_[~c] : ~Bitboard{0});
        Bitboard squares = bit(sq), frontier = bit(sq), attacks = 0;
        while (frontier) {
            const int s = pop_lsb(frontier);
            attacks |= captures(t, c, s);
            const Bitboard targets = moves(t, c, s, false);
            if (targets & prey) return false;
            const Bitboard fresh = targets & ~walls_ & ~barred & ~squares;
            squares |= fresh;
            frontier |= fresh;
        }
        if (squares & prey) return false;
        if (!royal && (squares & (pawn_attacks_[~c] | trail_attacks_[~c]))) return false;  // a pawn takes it
        if (count_ == max_squares) return false;
        reach_[count_++] = {t, c, squares, attacks};
        return true;
    }

    // Can each square of `open` hold a different blocker that may reach it? (augmenting paths)
    static bool match(Bitboard open, const Reach* const* blockers, int n) {
        int assigned_to[2 * max_squares];  // the flight square each blocker fills, or -1
        for (int i = 0; i < n; ++i) assigned_to[i] = -1;
        for (Bitboard b = open; b;) {
            bool tried[2 * max_squares] = {};
            if (!augment(pop_lsb(b), blockers, n, assigned_to, tried)) return false;
        }
        return true;
    }
    static bool augment(int f, const Reach* const* blockers, int n, int* assigned_to, bool* tried) {
        for (int i = 0; i < n; ++i) {
            if (tried[i] || !(blockers[i]->squares & bit(f))) continue;
            tried[i] = true;
            if (assigned_to[i] < 0 || augment(assigned_to[i], blockers, n, assigned_to, tried)) {
                assigned_to[i] = f;
                return true;
            }
        }
        return false;
    }

    const Position& pos_;
    const GameDefinition& g_;
    Bitboard stuck_[2] = {0, 0};          // pawns that never move
    Bitboard trail_[2] = {0, 0};          // squares the other pawns may ever stand on
    Bitboard walls_ = 0;                  // stuck pawns and kings that never move
    Bitboard pawn_attacks_[2] = {0, 0};   // attacked by stuck pawns, for ever
    Bitboard trail_attacks_[2] = {0, 0};  // attacked by a moving pawn at some time
    Reach reach_[max_squares];
    int count_ = 0;
    Reach trails_[max_squares];  // one per moving pawn (as a blocker: any square of its trail)
    int trail_count_ = 0;
};

}  // namespace

bool frozen_pawns_prevent_checkmate(const Position& pos, Color side) {
    FrozenPawns f(pos);
    return f.analyse() && !f.checkmate_possible(side);
}

}  // namespace arbiter::core
