// Check and chase facts of a repetition cycle (cycle_facts.h). Computed only when a repetition asks, by replaying the
// record: each chase test plays the position with the other side to move, which no move generation here needs.
#include "core/cycle_facts.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::core {

std::string_view pattern_name(CyclePattern p) {
    constexpr std::string_view names[] = {"idle", "check", "chase", "mixed", "mate_threat", "chase_several"};
    return names[int(p)];
}

namespace {

// The position with `c` to move and nothing else changed (through the FEN's side field, which every FEN game has).
template <class BB>
BasicPosition<BB> with_side(const BasicPosition<BB>& p, Color c) {
    if (p.side_to_move() == c) return p;
    std::string f = p.fen();
    const auto space = f.find(' ');
    if (space == std::string::npos || space + 1 >= f.size()) return p;
    f[space + 1] = c == first ? 'w' : 'b';
    return BasicPosition<BB>::from_fen(p.definition_ptr(), f);
}

// The opponent's pieces that `p`'s side to move can capture legally.
template <class BB>
std::vector<int> capturable(const BasicPosition<BB>& p) {
    std::vector<int> out;
    for (Move m : p.legal_moves()) {
        const Piece victim = p.piece_on(m.to());
        if (victim != no_piece && color_of(victim) != p.side_to_move() &&
            std::find(out.begin(), out.end(), int(m.to())) == out.end())
            out.push_back(m.to());
    }
    return out;
}

// Whether `m` (a capture in `p`) offers an exchange: the victim is of the attacker's kind, named in
// roles.offers_exchange, and could legally take the attacker back were it its side's turn (AXF 4.4 rules 27, 40).
// A side in check offers nothing: the victim's side cannot be to move while it gives check (CXA 图 13: the answer
// to a chariot's check, which a chariot could take).
template <class BB>
bool offers_exchange(const BasicPosition<BB>& p, Move m) {
    const Piece attacker = p.piece_on(m.from()), victim = p.piece_on(m.to());
    if (type_of(attacker) != type_of(victim) || p.is_check()) return false;
    if (!(p.definition().profile.exchange_mask & (1u << unsigned(type_of(attacker))))) return false;
    const BasicPosition<BB> back = with_side(p, color_of(victim));
    for (Move r : back.legal_moves())
        if (r.from() == m.to() && r.to() == m.from()) return true;
    return false;
}

// A piece's worth in the exchanges (the game file's material_values; 0 for a piece it does not value).
template <class BB>
int worth(const BasicPosition<BB>& p, Piece piece) {
    const auto& values = p.definition().profile.material_value;
    const auto it = values.find(type_of(piece));
    return it == values.end() ? 0 : it->second;
}

// What `p`'s side to move wins at most by captures on `sq`, free to stop before any capture (so never below 0). The
// captures are legal moves (screens, legs and pins count) and the cheapest capturer goes first, as exchanges are
// played; each capture removes a piece, so the series ends.
template <class BB>
int exchange_gain(const BasicPosition<BB>& p, int sq) {
    std::optional<Move> cheapest;
    for (Move m : p.legal_moves())
        if (int(m.to()) == sq && (!cheapest || worth(p, p.piece_on(m.from())) < worth(p, p.piece_on(cheapest->from()))))
            cheapest = m;
    if (!cheapest) return 0;
    BasicPosition<BB> next = p;
    Undo u;
    next.make(*cheapest, u);
    return std::max(0, worth(p, p.piece_on(sq)) - exchange_gain(next, sq));
}

// Whether `p`'s side to move reaches `done` by a series of at most `checks` checks whatever the replies: a checking
// move that mates, or after which every reply leaves a position that is `done` or, checks left, another such series.
template <class BB, class Done>
bool forces_by_checks(const BasicPosition<BB>& p, int checks, const Done& done) {
    for (Move m : p.legal_moves()) {
        BasicPosition<BB> next = p;
        Undo u;
        next.make(m, u);
        if (!next.is_check()) continue;
        const auto replies = next.legal_moves();
        if (replies.empty()) return true;
        bool forced = true;
        for (Move r : replies) {
            BasicPosition<BB> reply = next;
            Undo ur;
            reply.make(r, ur);
            if (done(reply)) continue;
            if (checks <= 1 || !forces_by_checks(reply, checks - 1, done)) {
                forced = false;
                break;
            }
        }
        if (forced) return true;
    }
    return false;
}

// Whether `p`'s side to move mates by a series of at most `checks` checks whatever the replies.
template <class BB>
bool mates_by_checks(const BasicPosition<BB>& p, int checks) {
    return forces_by_checks(p, checks, [](const BasicPosition<BB>&) { return false; });
}

// Whether `m` in `p` is a capture that chases (the conditions chase_targets lists).
template <class BB>
bool chases_by(const BasicPosition<BB>& p, Move m, ChaseReading reading) {
    const GameProfile& profile = p.definition().profile;
    const Piece victim = p.piece_on(m.to()), attacker = p.piece_on(m.from());
    if (victim == no_piece || color_of(victim) == p.side_to_move()) return false;
    if (type_of(victim) == p.definition().royal_type) return false;
    if (profile.never_chases_mask & (1u << unsigned(type_of(attacker)))) return false;
    if (const auto in = profile.unchased_region.find(type_of(victim)); in != profile.unchased_region.end() &&
        p.definition().region_squares[color_of(victim)][std::size_t(in->second)][std::size_t(m.to())])
        return false;
    if (offers_exchange(p, m)) return false;
    bool chase = false;
    const auto it = profile.outranking_attackers.find(type_of(victim));
    if (it != profile.outranking_attackers.end()) chase = it->second & (1u << unsigned(type_of(attacker)));
    BasicPosition<BB> taken = p;
    Undo u;
    taken.make(m, u);
    if (!chase) {
        const auto recaptures = capturable(taken);
        chase = std::find(recaptures.begin(), recaptures.end(), int(m.to())) == recaptures.end();
        if (!chase && reading.material_gain) chase = worth(p, victim) - exchange_gain(taken, m.to()) > 0;
    }
    // A capture the opponent answers at once with mate takes nothing it could keep (CXA 2011 24.3).
    if (chase && reading.capture_into_mate_never_chases && mates_by_checks(taken, 1)) return false;
    return chase;
}

// Whether `p`'s side to move wins the opponent's piece on `sq` by a series of checks (reading.chase_through_checks
// at most) ending, after the last reply, in a capture of it on `sq` that chases by chases_by. The piece is not
// followed: a reply that moves it away saves it.
template <class BB>
bool won_through_checks(const BasicPosition<BB>& p, int sq, ChaseReading reading) {
    const Color mover = p.side_to_move();
    return forces_by_checks(p, reading.chase_through_checks, [&](const BasicPosition<BB>& reply) {
        const Piece victim = reply.piece_on(sq);
        if (victim == no_piece || color_of(victim) == mover) return false;
        for (Move m : reply.legal_moves())
            if (int(m.to()) == sq && chases_by(reply, m, reading)) return true;
        return false;
    });
}

// The squares of the opponent's pieces that `p`'s side to move holds chased there: a legal capture by a piece not in
// roles.never_chases, of a piece not royal and not standing in its roles.never_chased_in region, that is no offer to
// exchange, and whose victim has no legal recapture on its square (a protector pinned to its royal piece cannot
// recapture, so it does not protect), is attacked by one of its roles.chased_even_protected_by pieces, or (where the
// reading counts material) is lost with a gain by the exchanges on its square that this capture opens; where the
// reading says so, not a capture after which the victim's side mates in one move.
template <class BB>
std::vector<int> chase_targets(const BasicPosition<BB>& p, ChaseReading reading) {
    std::vector<int> out;
    for (Move m : p.legal_moves())
        if (std::find(out.begin(), out.end(), int(m.to())) == out.end() && chases_by(p, m, reading))
            out.push_back(m.to());
    return out;
}

// Where the reading says so, the squares of the opponent's pieces (not royal, not in `skip`) that `p`'s side to move
// wins through a series of checks.
template <class BB>
std::vector<int> won_targets(const BasicPosition<BB>& p, ChaseReading reading, const std::vector<int>& skip) {
    std::vector<int> out;
    if (reading.chase_through_checks <= 0) return out;
    for (int sq = 0; sq < p.definition().squares; ++sq) {
        const Piece piece = p.piece_on(sq);
        if (piece == no_piece || color_of(piece) == p.side_to_move() || type_of(piece) == p.definition().royal_type ||
            std::find(skip.begin(), skip.end(), sq) != skip.end())
            continue;
        if (won_through_checks(p, sq, reading)) out.push_back(sq);
    }
    return out;
}

// The pieces `after` (the mover's move made, the opponent to move) chases: those it holds chased that it did not
// before the move. A piece attacked all along becomes chased when the move takes its protection away (AXF 4.4,
// appendix: a soldier's moves leave a horse unprotected against a chariot's standing attack). A piece held chased
// before the move is not chased again by a new attacker: the opponent left it to be taken instead of answering the
// chase, and a perpetual chase is one the opponent answers move after move (AXF 4.4's definition of perpetual
// chase; its appendix's example of a non-perpetual chase and rule 19, diagrams 39-41: a piece that is not moved
// away is not perpetually chased; CXA 2011 捉: a move that makes a capture possible). Where the reading counts them,
// the pieces won through checks that were not held before are chased too (CXA 2011 24.3, 图 2-3).
// Where the reading says so, a move of the royal piece chases nothing (AXF 4.4 rule 28).
template <class BB>
std::vector<int> chased(const BasicPosition<BB>& before, const BasicPosition<BB>& after, Move m, Color mover,
                        ChaseReading reading) {
    if (reading.royal_moves_never_chase && type_of(after.piece_on(m.to())) == after.definition().royal_type) return {};
    const BasicPosition<BB> next = with_side(after, mover);
    std::vector<int> old = chase_targets(before, reading);
    std::vector<int> out = chase_targets(next, reading);
    // A piece won through checks is chased where it was held neither so nor by a capture open at once before the
    // move; a capture opened at once is compared with those before it only, so a threat through checks made into a
    // capture chases (its piece then pressed harder).
    std::vector<int> won = won_targets(next, reading, out);
    std::erase_if(out, [&](int sq) { return std::find(old.begin(), old.end(), sq) != old.end(); });
    const std::vector<int> won_before = won_targets(before, reading, old);
    old.insert(old.end(), won_before.begin(), won_before.end());
    std::erase_if(won, [&](int sq) { return std::find(old.begin(), old.end(), sq) != old.end(); });
    out.insert(out.end(), won.begin(), won.end());
    return out;
}

// Whether the mover of `after` (the opponent now to move) would mate by a series of checks (game file:
// mate_threat_checks, the mating move counted) were it its turn again.
template <class BB>
bool threatens_mate(const BasicPosition<BB>& after, Color mover) {
    return mates_by_checks(with_side(after, mover), after.definition().profile.mate_threat_checks);
}

}  // namespace

template <class BB>
CyclePattern cycle_pattern(const BasicGame<BB>& game, int from, Color side, ChaseReading reading) {
    BasicPosition<BB> p = game.start_position();
    const auto& moves = game.moves();
    int checks = 0, threats = 0, chases = 0, count = 0;
    std::vector<int> followed;  // the squares of the pieces chased all along so far
    bool first_chase = true;
    for (int i = 0; i < int(moves.size()); ++i) {
        const Move m = moves[std::size_t(i)];
        const Color mover = p.side_to_move();
        const BasicPosition<BB> before = p;
        Undo u;
        p.make(m, u);
        if (i < from) continue;
        if (mover != side) {
            // The opponent's move carries a followed piece along (or takes nothing of it).
            for (int& sq : followed)
                if (sq == int(m.from())) sq = m.to();
            continue;
        }
        ++count;
        if (p.is_check()) {
            ++checks;
            continue;
        }
        if (threatens_mate(p, mover)) {
            ++threats;
            continue;
        }
        const std::vector<int> now = chased(before, p, m, mover, reading);
        if (now.empty()) return CyclePattern::idle;
        ++chases;
        if (first_chase) followed = now;
        else
            std::erase_if(followed, [&](int sq) { return std::find(now.begin(), now.end(), sq) == now.end(); });
        first_chase = false;
    }
    if (count == 0) return CyclePattern::idle;
    if (checks == count) return CyclePattern::check;
    if (threats == count) return CyclePattern::mate_threat;
    // Every move chased, but not one piece all along (pieces chased in turn): the rulebooks differ on it.
    if (chases == count) return followed.empty() ? CyclePattern::chase_several : CyclePattern::chase;
    return CyclePattern::mixed;
}

template CyclePattern cycle_pattern(const BasicGame<Bitboard>&, int, Color, ChaseReading);
template CyclePattern cycle_pattern(const BasicGame<WideBitboard<2>>&, int, Color, ChaseReading);
template CyclePattern cycle_pattern(const BasicGame<WideBitboard<3>>&, int, Color, ChaseReading);

}  // namespace arbiter::core
