// Who can still checkmate: FIDE 6.9 / 6.10 (a flag falls, or an illegal move is the last straw, but the
// opponent "cannot checkmate the player's king by any possible series of legal moves": draw instead of
// loss), 5.2b (a dead position: neither side can checkmate, the game is drawn at once) and 12.3b (a
// phone rings: loss unless the opponent cannot checkmate).
//
// "Can checkmate" means a helpmate: some series of legal moves of both sides, the opponent cooperating,
// ends with `side` checkmating. The answers are sound:
//   can_checkmate     comes with a witness, the legal move sequence that ends in the checkmate;
//   cannot_checkmate  comes with a proof: the insufficient-material table; frozen pawns (locked chains,
//                     see frozen_pawns_prevent_checkmate); or an exhaustive walk over every position
//                     reachable by legal moves (transpositions merged by their full key, castling
//                     rights and en passant square included) that meets no such checkmate;
//   unknown           only when the budget ran out first.
// The 50- and 75-move rules and repetitions are ignored, as the Laws' "any possible series" does.
// Positions are told apart by 64-bit Zobrist keys: two different positions with the same key would be
// merged (odds below 1e-8 per walk at the default budget). Chess-oriented: the ordering heuristics
// assume a game with one royal piece per side (the definition's royal type); the proofs do not.
#pragma once

#include "core/position.h"
#include "core/types.h"

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::core {

enum class Winnability : std::uint8_t { can_checkmate, cannot_checkmate, unknown };

// How an answer was reached (for the text of a ruling and for tests).
enum class WinnabilityProof : std::uint8_t {
    none,                   // unknown: the budget ran out
    insufficient_material,  // Position::has_insufficient_material (the classic table)
    frozen_pawns,           // frozen_pawns_prevent_checkmate
    reachable_exhausted,    // every reachable position was visited and none is such a checkmate (the
                            // walk stops at positions settled by the table or by frozen pawns)
    helpmate,               // a witness line ends in checkmate by the side asked about
};

// The budget. The node limit is the primary one and makes the answer deterministic (the same on
// every machine): a node is one move made (docs/ARCHITECTURE.md gives what the default costs in time).
// `time_budget`, when non-zero, is an extra wall-clock limit, checked every 1024 nodes:
// it makes "unknown" depend on the machine's speed and load, so rulings should not rely on it.
struct WinnabilityOptions {
    std::uint64_t node_limit = 400000;
    std::chrono::milliseconds time_budget{0};
    // explore_reachable does not expand a position after a pawn move or a capture where frozen pawns prevent the
    // checkmate: needed to prove "cannot", and a cost per node to a walk that only looks for a helpmate.
    bool prune_frozen = true;
};

// The answer with its evidence.
struct WinnabilityReport {
    Winnability answer = Winnability::unknown;
    WinnabilityProof proof = WinnabilityProof::none;
    std::vector<Move> witness;    // helpmate: the moves from the position to the checkmate
    std::uint64_t nodes = 0;      // moves made in the search
    std::uint64_t positions = 0;  // distinct positions visited by the exhaustive walk
};

// Can `side` deliver checkmate by some series of legal moves (the opponent cooperating)? FIDE 6.9.
// can_checkmate and is_dead_position first try a walk of at most `quick_probe_nodes` for a helpmate, outside the budget.
inline constexpr std::uint64_t quick_probe_nodes = 4096;
Winnability can_checkmate(const Position& pos, Color side, const WinnabilityOptions& options = {});
// That walk alone: true when it finds a helpmate by `side` (a proof that `side` can checkmate, the answer
// can_checkmate gives); false proves nothing.
bool quick_helpmate(const Position& pos, Color side, const WinnabilityOptions& options = {});
// The walks of two sides (is_dead_position: either can checkmate): which one finds a helpmate, if either does; the
// same answer as `a`'s walk then `b`'s. Both first walk at most `quick_first_nodes`, and only then does either go on
// to the whole quick_probe_nodes: most helpmates take a few dozen nodes by one side and many more by the other.
inline constexpr std::uint64_t quick_first_nodes = 256;
std::optional<Color> quick_helpmate_of(const Position& pos, Color a, Color b, const WinnabilityOptions& options = {});
WinnabilityReport analyze_checkmate(const Position& pos, Color side, const WinnabilityOptions& options = {});

// FIDE 5.2b: a dead position, neither side can checkmate. Returns cannot_checkmate when the position
// is dead, can_checkmate when some side can still checkmate, unknown when neither is proven (each side
// gets its own budget of `options`).
Winnability is_dead_position(const Position& pos, const WinnabilityOptions& options = {});

// Stable names for output and JSON: "can_checkmate", "cannot_checkmate", "unknown"; "none",
// "insufficient_material", "frozen_pawns", "reachable_exhausted", "helpmate".
const char* to_string(Winnability w);
const char* to_string(WinnabilityProof p);

// The witness line in UCI (e2e4 e7e8q ...), for rulings and debugging.
std::string witness_uci(const Position& pos, const std::vector<Move>& line);

// Building blocks, used by analyze_checkmate and exposed for tests and benchmarks.
//
// Iterative-deepening helpmate search up to `max_plies`, with move ordering towards a checkmate by
// `side`; with `breadth` > 0 only that many best-ordered moves are tried per position (except in the
// last two plies), which reaches long helpmates in few nodes. Returns can_checkmate with the witness,
// or unknown (it never proves "cannot").
WinnabilityReport find_helpmate(const Position& pos, Color side, int max_plies, const WinnabilityOptions& options,
                                int breadth = 0);
// A structural proof for locked pawn chains: no pawn can ever move or capture or be captured, and no
// square the loser's king can reach can be both attacked by one of `side`'s pieces and have each of
// its flight squares that `side` can never attack filled by a different piece of the loser. True is a
// proof that `side` cannot checkmate (in this position and every position reachable from it).
bool frozen_pawns_prevent_checkmate(const Position& pos, Color side);
// Depth-first walk over every position reachable from `pos`, looking for a checkmate by `side`;
// positions where `side` has insufficient material, or (after a pawn move or a capture) where frozen
// pawns prevent the checkmate, are not expanded (both proofs hold for all of their successors). Returns can_checkmate with the witness, cannot_checkmate when the reachable set was
// exhausted, or unknown.
WinnabilityReport explore_reachable(const Position& pos, Color side, const WinnabilityOptions& options);

}  // namespace arbiter::core
