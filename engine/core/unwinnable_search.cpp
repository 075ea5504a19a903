// The two searches behind can_checkmate: an iterative-deepening helpmate search (finds short
// checkmates in open positions) and a depth-first walk over the whole reachable set (proves that no
// checkmate exists in closed positions, and finds the long ones there). Both share the node budget,
// a key set sized once per call, and move ordering that steers towards a checkmate by the winner:
// the winner's pieces approach the loser's king, the winner promotes, the loser's king walks to a
// corner and the loser's pieces gather round it (so that they block its flight squares).
#include "core/unwinnable.h"
#include "core/unwinnable_order.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>

namespace arbiter::core {

namespace {

using Clock = std::chrono::steady_clock;
using helpmate_order::Roles;

// Counts moves made against the node limit and, every 1024 nodes, the optional deadline.
class Budget {
public:
    explicit Budget(const WinnabilityOptions& o)
        : limit_(o.node_limit), timed_(o.time_budget.count() > 0), deadline_(Clock::now() + o.time_budget) {}
    bool spend() {
        if (out_) return false;
        if (++used_ > limit_) out_ = true;
        else if (timed_ && (used_ & 1023) == 0 && Clock::now() >= deadline_) out_ = true;
        return !out_;
    }
    void exhaust() { out_ = true; }
    bool out() const { return out_; }
    std::uint64_t used() const { return std::min(used_, limit_); }

private:
    std::uint64_t limit_;
    std::uint64_t used_ = 0;
    bool timed_;
    Clock::time_point deadline_;
    bool out_ = false;
};

// The key of everything that decides the future of a position (not the move counters).
std::uint64_t full_key(const Position& pos) {
    std::uint64_t k = pos.key();
    if (pos.en_passant_square() != no_square) k ^= zobrist::en_passant[pos.en_passant_square()];
    return k ? k : 1;  // 0 marks an empty slot
}

std::size_t table_size_for(std::uint64_t entries) {
    return std::bit_ceil(std::size_t(std::clamp<std::uint64_t>(entries, 1024, std::uint64_t{1} << 26)));
}

// Open-addressing set of keys (linear probing, at most half full). It starts small (8 KiB) and doubles
// when half full, up to room for `capacity` keys: a few allocations per search, none per node. Most
// searches are settled in a few hundred positions: a table of the full size, zeroed for each of them,
// cost a quarter of an archive's dead-position questions.
class KeySet {
public:
    explicit KeySet(std::uint64_t capacity)
        : slots_(std::min<std::size_t>(table_size_for(capacity * 2), 1 << 10)), max_slots_(table_size_for(capacity * 2)) {}
    // Inserts; false if present. The caller checks full() first.
    bool insert(std::uint64_t key) {
        if (2 * (size_ + 1) > slots_.size() && slots_.size() < max_slots_) grow();
        if (place(slots_, key)) {
            ++size_;
            return true;
        }
        return false;
    }
    bool full() const { return 2 * (size_ + 1) > max_slots_; }
    std::uint64_t size() const { return size_; }

private:
    static bool place(std::vector<std::uint64_t>& slots, std::uint64_t key) {
        const std::size_t mask = slots.size() - 1;
        for (std::size_t i = key & mask;; i = (i + 1) & mask) {
            if (slots[i] == key) return false;
            if (slots[i] == 0) {
                slots[i] = key;
                return true;
            }
        }
    }
    void grow() {
        std::vector<std::uint64_t> bigger(slots_.size() * 2);
        for (std::uint64_t k : slots_)
            if (k) place(bigger, k);
        slots_.swap(bigger);
    }

    std::vector<std::uint64_t> slots_;
    std::size_t max_slots_;
    std::uint64_t size_ = 0;
};

// Direct-mapped table of "no helpmate within `depth` plies from this position".
class DepthTable {
public:
    explicit DepthTable(std::uint64_t nodes) : entries_(std::min<std::size_t>(table_size_for(nodes / 4), 1 << 16)) {}
    bool refuted(std::uint64_t key, int depth) const {
        const Entry& e = entries_[key & (entries_.size() - 1)];
        return e.key == key && e.depth >= depth;
    }
    void store(std::uint64_t key, int depth) { entries_[key & (entries_.size() - 1)] = {key, depth}; }

private:
    struct Entry {
        std::uint64_t key = 0;
        int depth = -1;
    };
    std::vector<Entry> entries_;
};

class HelpmateSearch {
public:
    HelpmateSearch(Position& pos, Color winner, int breadth, Budget& budget, DepthTable& table, std::vector<Move>& line)
        : pos_(pos), roles_{pos.definition(), winner, ~winner}, breadth_(breadth), budget_(budget), table_(table),
          line_(line) {}

    // True if the loser is checkmated within `depth` plies; the moves are appended to line_ in reverse.
    bool search(int depth) {
        if (depth == 0) {
            if (pos_.side_to_move() != roles_.loser() || !pos_.is_check()) return false;
            MoveList list;
            pos_.generate_legal(list);
            return list.empty();
        }
        MoveList list;
        pos_.generate_legal(list);
        if (list.empty()) return false;  // a checkmate at depth 0 only: here the parity is wrong
        if (pos_.side_to_move() == roles_.winner() && pos_.has_insufficient_material(roles_.winner())) return false;
        const std::uint64_t key = full_key(pos_);
        if (table_.refuted(key, depth)) return false;
        Move moves[max_moves];
        int n = list.size();
        std::copy(list.begin(), list.end(), moves);
        roles_.order(pos_, moves, n);
        if (breadth_ && depth > 2) n = std::min(n, breadth_);  // the last two plies see every move
        for (int i = 0; i < n; ++i) {
            if (!budget_.spend()) return false;
            Undo u;
            pos_.make(moves[i], u);
            const bool found = search(depth - 1);
            pos_.unmake(moves[i], u);
            if (found) {
                line_.push_back(moves[i]);
                return true;
            }
        }
        table_.store(key, depth);
        return false;
    }

private:
    Position& pos_;
    Roles roles_;
    int breadth_;  // moves tried per position (best first), 0 = all
    Budget& budget_;
    DepthTable& table_;
    std::vector<Move>& line_;
};

bool is_checkmated(const Position& pos, Color c) {
    if (pos.side_to_move() != c || !pos.is_check()) return false;
    MoveList list;
    pos.generate_legal(list);
    return list.empty();
}

}  // namespace

WinnabilityReport find_helpmate(const Position& start, Color side, int max_plies, const WinnabilityOptions& options,
                                int breadth) {
    WinnabilityReport r;
    Budget budget(options);
    Position pos = start;
    if (is_checkmated(pos, ~side)) {
        r.answer = Winnability::can_checkmate;
        r.proof = WinnabilityProof::helpmate;
        return r;
    }
    DepthTable table(options.node_limit);
    r.witness.reserve(std::max(max_plies, 0) + 1);
    for (int depth = pos.side_to_move() == side ? 1 : 2; depth <= max_plies && !budget.out(); depth += 2) {
        HelpmateSearch search(pos, side, breadth, budget, table, r.witness);
        if (search.search(depth)) {
            std::reverse(r.witness.begin(), r.witness.end());
            r.answer = Winnability::can_checkmate;
            r.proof = WinnabilityProof::helpmate;
            break;
        }
        r.witness.clear();
    }
    r.nodes = budget.used();
    return r;
}

WinnabilityReport explore_reachable(const Position& start, Color side, const WinnabilityOptions& options) {
    WinnabilityReport r;
    Budget budget(options);
    Position pos = start;
    const Roles roles{pos.definition(), side, ~side};
    const Color loser = ~side;

    // One frame per position on the current path: the move that led there, its undo record, and the
    // moves still to try (a slice of `pool`, with their keys (Roles::key_all) at the same places in `keys`).
    struct Frame {
        Frame() {}  // filled by push_frame: no zeroing first
        Move via;
        bool picked;  // the best move is at `next` already (key_all_best_first), for the first pick
        bool partial;  // only that best move is on the pool (promoting_first): the rest are found when asked for
        Undo undo;
        std::uint32_t next, end;
    };
    // The stacks live as long as the thread: an archive asks this once per game, and allocating them for each
    // search cost more than the search in the open positions most games end in.
    static thread_local std::vector<Move> pool;
    static thread_local std::vector<int> keys;
    static thread_local std::vector<Frame> frames;
    const std::size_t pool_capacity = std::min<std::uint64_t>(options.node_limit * 8 + max_moves, 1u << 24);
    const std::size_t frame_capacity = std::min<std::uint64_t>(options.node_limit, 1u << 24) + 2;
    std::size_t used = 0;  // pool and keys entries in use: the vectors only grow, so a frame costs no fill
    frames.clear();
    KeySet seen(options.node_limit + 1);
    MoveList list;

    auto finish_found = [&](Move last) {
        for (std::size_t i = 1; i < frames.size(); ++i) r.witness.push_back(frames[i].via);
        if (!last.is_none()) r.witness.push_back(last);
        r.answer = Winnability::can_checkmate;
        r.proof = WinnabilityProof::helpmate;
    };
    // Puts `list`, the moves of the current position, on the pool from `at`, scored, the best first; false if it is
    // full.
    auto put = [&](std::size_t at) {
        const std::size_t end = at + std::size_t(list.size());
        if (end > pool_capacity) return false;
        if (pool.size() < end) {
            pool.resize(std::max<std::size_t>(end, 2 * pool.size()));
            keys.resize(pool.size());
        }
        roles.key_all_best_first(pos, list.begin(), pool.data() + at, keys.data() + at, int(list.size()));
        return true;
    };
    // Where the winner is to move, its promoting pieces' moves alone are generated first (`list` holds them when
    // `promoting` is true): when the best of them scores above every other piece's best (Roles::others_bound), it is
    // the best of all the moves, and the frame takes it alone; the frame's other moves are generated only if the walk
    // comes back to it (complete_frame), which a walk that goes straight to a helpmate seldom does. Otherwise, and
    // everywhere else, the frame takes every legal move. Either way the moves are tried in the same order.
    // Pushes the frame; false if the pool or the frame stack is full.
    auto push_frame = [&](Move via, const Undo& undo, bool promoting) {
        if (frames.size() == frame_capacity || !put(used)) return false;
        std::size_t end = used + std::size_t(list.size());
        const bool partial = promoting && Roles::score_of(keys[used]) > roles.others_bound(pos);
        if (partial) end = used + 1;
        else if (promoting) {
            pos.generate_legal(list);
            if (!put(used)) return false;
            end = used + std::size_t(list.size());
        }
        // Field by field: a frame built whole on the stack was read back with loads wider than its fields' stores,
        // which cannot be forwarded (a fifth of this lambda's time).
        Frame& f = frames.emplace_back();
        f.via = via;
        f.picked = true;
        f.partial = partial;
        f.undo = undo;
        f.next = std::uint32_t(used);
        f.end = std::uint32_t(end);
        used = end;
        return true;
    };
    // The walk is back at a partial frame's position, its best move tried: every legal move goes on the pool in its
    // place, scored as push_frame scores them, so the tried move is first again and the others follow as they would
    // have; false if the pool is full.
    auto complete_frame = [&](Frame& f) {
        const std::size_t at = f.end - 1;
        pos.generate_legal(list);
        if (!put(at)) return false;
        f.partial = false;
        f.picked = false;
        f.end = std::uint32_t(at + std::size_t(list.size()));
        used = f.end;
        return true;
    };
    const GameDefinition& g = pos.definition();
    // Where a promoting piece's move may be picked by generating those moves alone: not where a drop or a pass (no
    // piece's move, which others_bound does not bound) or a placement may be the best.
    const std::uint16_t promoting_first = g.hands || g.pass || g.placement.enabled ? 0 : roles.promoting_types();

    seen.insert(full_key(pos));
    pos.generate_legal(list);
    if (list.empty()) {
        if (pos.side_to_move() == loser && pos.is_check()) finish_found(Move::none());
        else r.answer = Winnability::cannot_checkmate, r.proof = WinnabilityProof::reachable_exhausted;
        r.positions = 1;
        return r;
    }
    if (pos.has_insufficient_material(side)) {
        r.answer = Winnability::cannot_checkmate;
        r.proof = WinnabilityProof::insufficient_material;
        r.positions = 1;
        return r;
    }
    push_frame(Move::none(), Undo{}, false);

    bool complete = true;
    while (!frames.empty()) {
        Frame& top = frames.back();
        if (top.next == top.end && top.partial) {
            if (!complete_frame(top)) {
                complete = false;
                break;
            }
            continue;
        }
        if (top.next == top.end) {
            // Unmade where it lies, then dropped: no copy of the whole frame (its Undo) on each return.
            if (!top.via.is_none()) pos.unmake(top.via, top.undo);
            frames.pop_back();
            used = frames.empty() ? 0 : frames.back().end;  // slices are contiguous
            continue;
        }
        if (!budget.spend() || seen.full()) {
            complete = false;
            break;
        }
        if (top.picked) top.picked = false;
        else Roles::pick_best(pool.data() + top.next, keys.data() + top.next, int(top.end - top.next));
        const Move m = pool[top.next++];
        Undo u;
        pos.make(m, u);
        if (!seen.insert(full_key(pos))) {
            pos.unmake(m, u);
            continue;
        }
        bool promoting = promoting_first && pos.side_to_move() == side;
        if (promoting) {
            pos.generate_legal_of(list, promoting_first);
            promoting = !list.empty();  // else the whole list says whether the position is mate or stalemate
        }
        if (!promoting) pos.generate_legal(list);
        if (list.empty()) {
            if (pos.side_to_move() == loser && pos.is_check()) {
                finish_found(m);
                break;
            }
            pos.unmake(m, u);  // stalemate, or the winner is checkmated: a dead end
            continue;
        }
        // Settled positions are not expanded: the proofs hold for every successor. The material changes only on
        // captures, promotions and drops (the walk starts where there is enough: the material table need not be asked
        // after every move), and pawn structures only on pawn moves and captures (the halfmove clock is then 0).
        const bool material_changed = u.captured != no_piece || m.is_promotion() || m.kind() == MoveKind::drop;
        if ((material_changed && pos.has_insufficient_material(side)) ||
            (options.prune_frozen && pos.halfmove_clock() == 0 && frozen_pawns_prevent_checkmate(pos, side))) {
            pos.unmake(m, u);
            continue;
        }
        if (!push_frame(m, u, promoting)) {
            complete = false;
            break;
        }
    }
    if (r.answer != Winnability::can_checkmate && complete) {
        r.answer = Winnability::cannot_checkmate;
        r.proof = WinnabilityProof::reachable_exhausted;
    }
    r.nodes = budget.used();
    r.positions = seen.size();
    return r;
}

}  // namespace arbiter::core
