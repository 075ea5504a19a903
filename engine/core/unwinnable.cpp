// can_checkmate and dead positions: the order in which the proofs and searches are tried, and how the
// node budget is shared between them.
#include "core/unwinnable.h"

namespace arbiter::core {

namespace {

// Adds the nodes of a finished phase to the report and returns the options left for the next one.
WinnabilityOptions share(const WinnabilityOptions& options, std::uint64_t used, std::uint64_t fraction_percent) {
    WinnabilityOptions o = options;
    const std::uint64_t left = options.node_limit > used ? options.node_limit - used : 0;
    o.node_limit = fraction_percent >= 100 ? left : std::min(left, options.node_limit * fraction_percent / 100);
    return o;
}

}  // namespace

// Tries, in order: the insufficient-material table; frozen pawns; a one-move-wide helpmate search on
// a hundredth of the budget; a short helpmate search (open positions mate quickly); the exhaustive walk
// (closed positions, proofs of "cannot"); a narrow deep helpmate search (long helpmates such as
// K+N v K+P, the pawn promoting to a blocker); a full-width helpmate search with what is left.
WinnabilityReport analyze_checkmate(const Position& pos, Color side, const WinnabilityOptions& options) {
    WinnabilityReport r;
    if (pos.has_insufficient_material(side)) {
        r.answer = Winnability::cannot_checkmate;
        r.proof = WinnabilityProof::insufficient_material;
        return r;
    }
    if (frozen_pawns_prevent_checkmate(pos, side)) {
        r.answer = Winnability::cannot_checkmate;
        r.proof = WinnabilityProof::frozen_pawns;
        return r;
    }
    std::uint64_t used = 0;
    auto run = [&](WinnabilityReport phase) {
        used += phase.nodes;
        phase.nodes = used;
        phase.positions = std::max(phase.positions, r.positions);
        r = std::move(phase);
        return r.answer != Winnability::unknown;
    };
    // Shares of the node limit, tuned on the CHA vectors (tests/bench/core_unwinnable.cpp). First a very narrow
    // search on a sliver of the budget: in open positions (most positions a timeline reaches) a helpmate along
    // the best-ordered move is found in a few hundred nodes, long before the full-width search would.
    if (run(find_helpmate(pos, side, 12, share(options, used, 1), 1))) return r;
    if (run(find_helpmate(pos, side, 5, share(options, used, 10)))) return r;
    if (run(explore_reachable(pos, side, share(options, used, 50)))) return r;
    if (run(find_helpmate(pos, side, 60, share(options, used, 30), 2))) return r;  // two best moves per position
    if (run(find_helpmate(pos, side, 64, share(options, used, 100)))) return r;
    return r;
}

// The answer alone (no witness or proof is returned) starts with a short probe of the depth-first walk: in the open
// positions a game reaches after a capture or a pawn move, the walk's ordering finds a helpmate in a few hundred nodes
// (a median of 71 for White and 94 for Black at the last such position of 7,418 real master games), where the narrow
// and the 5-ply searches that analyze_checkmate tries first spend their 44,000 nodes in vain. A helpmate found is a
// proof, so the probe can only settle positions whose answer is can_checkmate; everything else goes on to
// analyze_checkmate with the whole budget, untouched, so its answers and their determinism are the same as without the
// probe (except that a position where the full search ran out of budget may now be proven can_checkmate by the probe's
// witness).
namespace {

// Settled without a walk: the side has not the material, or frozen pawns prevent its checkmate.
bool nothing_to_walk(const Position& pos, Color side) {
    return pos.has_insufficient_material(side) || frozen_pawns_prevent_checkmate(pos, side);
}

// The probe's walk for `side` with at most `nodes` nodes: can_checkmate with a witness, cannot_checkmate when the
// walk ended before its budget (it ends the same way with a larger one), unknown when the budget ran out.
Winnability walk(const Position& pos, Color side, const WinnabilityOptions& options, std::uint64_t nodes) {
    WinnabilityOptions probe = options;
    probe.node_limit = std::min<std::uint64_t>(options.node_limit, nodes);
    probe.prune_frozen = false;  // the probe only looks for a helpmate
    return explore_reachable(pos, side, probe).answer;
}

}  // namespace

bool quick_helpmate(const Position& pos, Color side, const WinnabilityOptions& options) {
    return !nothing_to_walk(pos, side) && walk(pos, side, options, quick_probe_nodes) == Winnability::can_checkmate;
}

std::optional<Color> quick_helpmate_of(const Position& pos, Color a, Color b, const WinnabilityOptions& options) {
    const bool walk_a = !nothing_to_walk(pos, a), walk_b = !nothing_to_walk(pos, b);
    constexpr auto can = Winnability::can_checkmate;
    Winnability short_a = Winnability::cannot_checkmate, short_b = Winnability::cannot_checkmate;
    if (walk_a && (short_a = walk(pos, a, options, quick_first_nodes)) == can) return a;
    if (walk_b && (short_b = walk(pos, b, options, quick_first_nodes)) == can) return b;
    if (short_a == Winnability::unknown && walk(pos, a, options, quick_probe_nodes) == can) return a;
    if (short_b == Winnability::unknown && walk(pos, b, options, quick_probe_nodes) == can) return b;
    return std::nullopt;
}

Winnability can_checkmate(const Position& pos, Color side, const WinnabilityOptions& options) {
    if (quick_helpmate(pos, side, options)) return Winnability::can_checkmate;
    return analyze_checkmate(pos, side, options).answer;
}

// Both sides' probes come before either full analysis: in a won endgame the loser's probe often fails where the
// winner's succeeds at once, and the loser's full analysis would run first. The answer is the same as asking
// can_checkmate of each side in turn: "can" if any of the four steps finds a helpmate, each step being the same.
Winnability is_dead_position(const Position& pos, const WinnabilityOptions& options) {
    if (quick_helpmate_of(pos, first, second, options)) return Winnability::can_checkmate;
    const Winnability first_side = analyze_checkmate(pos, first, options).answer;
    if (first_side == Winnability::can_checkmate) return first_side;
    const Winnability second_side = analyze_checkmate(pos, second, options).answer;
    if (second_side == Winnability::can_checkmate) return second_side;
    return first_side == Winnability::cannot_checkmate && second_side == Winnability::cannot_checkmate
               ? Winnability::cannot_checkmate
               : Winnability::unknown;
}

const char* to_string(Winnability w) {
    switch (w) {
    case Winnability::can_checkmate: return "can_checkmate";
    case Winnability::cannot_checkmate: return "cannot_checkmate";
    case Winnability::unknown: break;
    }
    return "unknown";
}

const char* to_string(WinnabilityProof p) {
    switch (p) {
    case WinnabilityProof::insufficient_material: return "insufficient_material";
    case WinnabilityProof::frozen_pawns: return "frozen_pawns";
    case WinnabilityProof::reachable_exhausted: return "reachable_exhausted";
    case WinnabilityProof::helpmate: return "helpmate";
    case WinnabilityProof::none: break;
    }
    return "none";
}

std::string witness_uci(const Position& start, const std::vector<Move>& line) {
    const GameDefinition& g = start.definition();
    std::string text;
    for (Move m : line) {
        if (!text.empty()) text += ' ';
        text += g.square_name(m.from()) + g.square_name(m.to());
        if (m.is_promotion()) text += char(g.pieces[m.promotion_type()].letter | 0x20);
    }
    return text;
}

}  // namespace arbiter::core
