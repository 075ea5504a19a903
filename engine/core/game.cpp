#include "core/game.h"

#include "core/placement_game.h"

#include <algorithm>
#include <cassert>
#include <type_traits>

namespace arbiter::core {

const char* to_string(Termination t) {
    switch (t) {
    case Termination::checkmate: return "checkmate";
    case Termination::stalemate: return "stalemate";
    case Termination::insufficient_material: return "insufficient_material";
    case Termination::seventyfive_moves: return "seventyfive_moves";
    case Termination::fivefold_repetition: return "fivefold_repetition";
    case Termination::fifty_moves: return "fifty_moves";
    case Termination::threefold_repetition: return "threefold_repetition";
    case Termination::neither_side_can_move: return "neither_side_can_move";
    }
    return "?";
}

std::string Outcome::result() const {
    if (!winner) return "1/2-1/2";
    return *winner == first ? "1-0" : "0-1";
}

template <class BB>
BasicGame<BB>::BasicGame(Position start) : start_(start), pos_(std::move(start)) {
    // Room for a long game at once: the three histories grow with every move, and an audit plays two games per record.
    moves_.reserve(reserved_plies);
    undos_.reserve(reserved_plies);
    keys_.reserve(reserved_plies + 1);
    set_key(keys_.emplace_back(), pos_);
}

namespace {

// The castling rules (bit i = CastlingRule i) whose move could be made now by their side, as if it were that
// side's turn: the right is kept, the squares between are empty and no square the king stands on or crosses is
// attacked.
template <class BB>
int possible_castlings(const BasicPosition<BB>& p) {
    const GameDefinition& g = p.definition();
    const BoardTables<BB>& tb = g.tables<BB>();  // the rules' empty and safe squares as masks
    int possible = 0;
    for (int i = 0; i < g.castling_rule_count(); ++i) {
        if (!(p.castling_rights() & (1 << i)) || (p.occupied() & tb.castling_empty[i])) continue;
        bool safe = true;
        for (BB s = tb.castling_safe[i]; s && safe;) safe = !p.is_attacked(pop_lsb(s), ~g.castling[i].side);
        if (safe) possible |= 1 << i;
    }
    return possible;
}

}  // namespace

template <class BB>
void BasicGame<BB>::set_key(Key& k, const Position& p) const {
    // Field by field into its place: a Key built aside and copied in cost a stalled store forward with every move.
    k.base = p.repetition_key_without_en_passant();
    k.rest = 0;
    bool rest_zero = p.en_passant_square() == no_square;
    if (castling_identity_ == CastlingIdentity::possible_moves && p.definition().repetition.castling_rights) {
        // The castling part of the base is taken out; the possible castlings go into the rest. Without a right
        // left no castling is possible, and its part is zobrist::castling[0] = 0.
        k.base ^= zobrist::castling[p.castling_rights()];
        rest_zero = rest_zero && p.castling_rights() == 0;
    }
    k.rest_known = rest_zero;
}

template <class BB>
std::uint64_t BasicGame<BB>::rest_of(const Position& p) const {
    std::uint64_t rest = p.en_passant_key();
    if (castling_identity_ == CastlingIdentity::possible_moves && p.definition().repetition.castling_rights)
        rest ^= zobrist::castling[possible_castlings(p)];
    return rest;
}

template <class BB>
std::uint64_t BasicGame<BB>::rest_at(int ply) const {
    Key& k = keys_[std::size_t(ply)];
    if (!k.rest_known) {
        // An earlier position is found by taking moves back on a copy of the current one.
        if (ply == this->ply()) {
            k.rest = rest_of(pos_);
        } else {
            Position p = pos_;
            for (int i = this->ply() - 1; i >= ply; --i) p.unmake(moves_[std::size_t(i)], undos_[std::size_t(i)]);
            k.rest = rest_of(p);
        }
        k.rest_known = true;
    }
    return k.rest;
}

template <class BB>
void BasicGame<BB>::know_rests(int oldest, std::uint64_t base) const {
    const int now = this->ply();
    int deepest = now;
    for (int i = now - 1; i >= std::max(oldest, 0); --i)
        if (keys_[std::size_t(i)].base == base && !keys_[std::size_t(i)].rest_known) deepest = i;
    if (deepest == now) return;
    Position p = pos_;
    for (int i = now - 1; i >= deepest; --i) {
        p.unmake(moves_[std::size_t(i)], undos_[std::size_t(i)]);
        Key& k = keys_[std::size_t(i)];
        if (k.base == base && !k.rest_known) k = {base, rest_of(p), true};
    }
}

template <class BB>
void BasicGame<BB>::set_castling_identity(CastlingIdentity identity) {
    castling_identity_ = identity;
    // Re-key the history by replaying it from the start.
    Position p = start_;
    keys_.clear();
    set_key(keys_.emplace_back(), p);
    for (Move m : moves_) {
        Undo u;
        p.make(m, u);
        set_key(keys_.emplace_back(), p);
    }
}

template <class BB>
void BasicGame<BB>::play(Move m) {
    assert(pos_.is_legal(m));
    record(m);
}

template <class BB>
void BasicGame<BB>::record(Move m) {
    undos_.emplace_back();
    pos_.make(m, undos_.back());
    moves_.push_back(m);
    set_key(keys_.emplace_back(), pos_);
}

template <class BB>
bool BasicGame<BB>::play_if_legal(Move m) {
    if (!pos_.is_legal(m)) return false;
    play(m);
    return true;
}

template <class BB>
ParsedMove BasicGame<BB>::play(std::string_view text)
    requires std::is_same_v<BB, Bitboard>
{
    ParsedMove p = parse_move(pos_, text);
    if (p.ok()) play(p.move);
    return p;
}

template <class BB>
void BasicGame<BB>::undo() {
    assert(!moves_.empty());
    pos_.unmake(moves_.back(), undos_.back());
    moves_.pop_back();
    undos_.pop_back();
    keys_.pop_back();
}

template <class BB>
int BasicGame<BB>::recurrence_window(int plies_after) const {
    if (pos_.definition().hands) return int(keys_.size());
    // Positions before the last capture or counter-resetting move cannot recur: scan back that far only.
    return plies_after + 1;
}

template <class BB>
int BasicGame<BB>::first_occurrence_ply() const {
    const int now = ply(), window = recurrence_window(pos_.halfmove_clock());
    know_rests(now - window, keys_[std::size_t(now)].base);
    int first = now;
    for (int i = now - 1; i >= 0 && now - i <= window; --i)
        if (same_position(i, now)) first = i;
    return first;
}

template <class BB>
bool BasicGame<BB>::every_move_checked_since(int from, Color side) const {
    // Whether a move gave check is found here by replaying the record from the start, not kept for every move:
    // only a repetition asks (perpetual check), and a check test after every move cost more than these replays.
    // Move i is made by the side to move before it: the start position's side on even offsets.
    Position p = start_;
    bool any = false;
    for (int i = 0; i < int(moves_.size()); ++i) {
        Undo u;
        p.make(moves_[std::size_t(i)], u);
        const Color mover = (i % 2 == 0) ? start_.side_to_move() : ~start_.side_to_move();
        if (i < from || mover != side) continue;
        if (!p.is_check()) return false;
        any = true;
    }
    return any;
}

template <class BB>
int BasicGame<BB>::repetition_count() const {
    const int now = ply(), window = recurrence_window(pos_.halfmove_clock());
    know_rests(now - window, keys_[std::size_t(now)].base);
    int n = 1;
    for (int i = now - 1; i >= 0 && now - i <= window; --i)
        if (same_position(i, now)) ++n;
    return n;
}

template <class BB>
bool BasicGame<BB>::can_claim_repetition() const {
    const int claim = pos_.definition().repetition_claim;
    return claim > 0 && (repetition_count() >= claim || repetition_claim_move());
}

template <class BB>
std::optional<Move> BasicGame<BB>::repetition_claim_move() const {
    const int claim = pos_.definition().repetition_claim;
    if (claim <= 0 || repetition_count() >= claim) return std::nullopt;
    // A move brings a position back `claim` times only if its base stands claim - 1 times within the reach of the
    // position after the move (one ply more than the current one's): without such a base no move is tried.
    if (claim > 2) {
        const int now = ply(), reach = recurrence_window(pos_.halfmove_clock() + 1) - 1;
        std::vector<std::uint64_t> bases;
        for (int i = now; i >= 0 && now - i <= reach; --i) bases.push_back(keys_[std::size_t(i)].base);
        std::sort(bases.begin(), bases.end());
        bool enough = false;
        for (std::size_t i = 0; i + std::size_t(claim - 2) < bases.size() && !enough; ++i)
            enough = bases[i] == bases[i + std::size_t(claim - 2)];
        if (!enough) return std::nullopt;
    }
    // The moves are the legal ones: each is looked at without generating the list again to check it.
    for (Move m : pos_.legal_moves())
        if (repeats_after(m, claim)) return m;
    return std::nullopt;
}

template <class BB>
bool BasicGame<BB>::can_claim_repetition_with(Move move) const {
    const int claim = pos_.definition().repetition_claim;
    if (claim <= 0 || !pos_.is_legal(move)) return false;
    return repeats_after(move, claim);
}

template <class BB>
bool BasicGame<BB>::repeats_after(Move move, int claim) const {
    Position after = pos_;
    Undo u;
    after.make(move, u);
    Key key;
    set_key(key, after);
    const int now = ply(), window = recurrence_window(after.halfmove_clock());
    know_rests(now - window + 1, key.base);
    int n = 1;
    for (int i = now; i >= 0 && now - i <= window - 1; --i) {
        if (keys_[std::size_t(i)].base != key.base) continue;
        if (!key.rest_known) key = {key.base, rest_of(after), true};
        if (rest_at(i) == key.rest) ++n;
    }
    return n >= claim;
}

template <class BB>
bool BasicGame<BB>::can_claim_fifty_moves() const {
    const int plies = pos_.definition().move_rule_claim_plies;
    if (plies <= 0 || !pos_.has_legal_move()) return false;
    return pos_.halfmove_clock() >= plies || fifty_moves_claim_move();
}

template <class BB>
std::optional<Move> BasicGame<BB>::fifty_moves_claim_move() const {
    const int plies = pos_.definition().move_rule_claim_plies;
    if (plies <= 0 || pos_.halfmove_clock() >= plies || pos_.halfmove_clock() + 1 < plies) return std::nullopt;
    // A move that completes the count may be announced with the claim (9.3a).
    for (Move m : pos_.legal_moves()) {
        Position after = pos_;
        Undo u;
        after.make(m, u);
        if (after.halfmove_clock() >= plies) return m;
    }
    return std::nullopt;
}

template <class BB>
bool BasicGame<BB>::is_fivefold_repetition() const {
    const int n = pos_.definition().repetition_automatic;
    return n > 0 && repetition_count() >= n;
}

template <class BB>
bool BasicGame<BB>::is_seventyfive_moves() const {
    const int plies = pos_.definition().move_rule_automatic_plies;
    return plies > 0 && pos_.halfmove_clock() >= plies && !pos_.is_checkmate();
}

template <class BB>
std::optional<Outcome> BasicGame<BB>::outcome(bool claim_draw) const {
    const GameDefinition& g = pos_.definition();
    const Color us = pos_.side_to_move();
    auto result = [&](Termination t, NoMovesResult r) {
        Outcome o{t, std::nullopt};
        if (r == NoMovesResult::loss) o.winner = ~us;
        if (r == NoMovesResult::win) o.winner = us;
        return o;
    };
    // Game ended on the board.
    if constexpr (std::is_same_v<BB, Bitboard>)  // placement boards are at most 64 squares
        if (g.placement.enabled && !pos_.has_legal_move())
            return Outcome{Termination::neither_side_can_move, placement_result(pos_).winner};
    if (!pos_.has_legal_move())
        return pos_.is_check() ? result(Termination::checkmate, g.no_moves_in_check)
                               : result(Termination::stalemate, g.no_moves_not_in_check);
    // Automatic draws.
    if (pos_.is_insufficient_material()) return Outcome{Termination::insufficient_material, std::nullopt};
    if (is_seventyfive_moves()) return Outcome{Termination::seventyfive_moves, std::nullopt};
    if (is_fivefold_repetition()) return Outcome{Termination::fivefold_repetition, std::nullopt};
    // Claimable draws.
    if (claim_draw) {
        if (can_claim_fifty_moves()) return Outcome{Termination::fifty_moves, std::nullopt};
        if (can_claim_repetition()) return Outcome{Termination::threefold_repetition, std::nullopt};
    }
    return std::nullopt;
}

template class BasicGame<Bitboard>;
template class BasicGame<WideBitboard<2>>;
template class BasicGame<WideBitboard<3>>;

}  // namespace arbiter::core
