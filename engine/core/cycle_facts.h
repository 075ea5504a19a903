// What each side's moves in a repetition cycle were (the game file's cycle_facts analysis): every move a check, a
// threat of mate, a chase of one and the same piece, or of pieces in turn; each move one of these in a mix; or not. The rulebooks decide what a
// pattern brings (the repetition.forcing_cycle topic); the core only states the facts, reading the roles the game
// file names (roles.never_chases, roles.never_chased_in, roles.chased_even_protected_by, roles.offers_exchange,
// mate_threat_checks).
#pragma once

#include "core/game.h"

#include <string_view>

namespace arbiter::core {

// idle: some move neither checked, threatened mate nor chased. check: every move gave check. mate_threat: every move
// threatened mate. chase: every move chased, and one piece was chased all along (followed as it moved). chase_several:
// every move chased, but no one piece all along (pieces chased in turn). mixed: every move did one of these, not all
// the same one.
enum class CyclePattern : std::uint8_t { idle, check, chase, mixed, mate_threat, chase_several };
std::string_view pattern_name(CyclePattern p);

// Where the rulebooks read a chase differently (the parameters of the repetition.forcing_cycle rule).
struct ChaseReading {
    // Whether a move of the royal piece chases nothing, whatever piece it lets attack (a leg or a line it leaves, a
    // second attacker it adds): AXF 4.4 rule 28 (the general working with another piece). false: only a
    // roles.never_chases piece's own attack is idle, and another piece's attack that its move makes possible chases,
    // as for any other move (CXA 2011 article 27; AXF 4.4 appendix, a soldier's moves unprotecting a horse).
    bool royal_moves_never_chase = false;
    // Whether a protected piece is chased where taking it wins material through the exchanges on its square, by the
    // game file's material_values (CXA 2011 24.3: a capture with a gain of material; a piece outnumbered). false:
    // a protected piece is chased only by its roles.chased_even_protected_by pieces (AXF 4.4 rule 15).
    bool material_gain = false;
    // Whether a capture after which the opponent mates at once (a checking move that leaves no legal reply) chases
    // nothing: the piece only seems attacked (CXA 2011 24.3, 图 7). false: such a capture chases like any other.
    bool capture_into_mate_never_chases = false;
    // The most checks in a series that wins a piece: a piece is chased too where the mover, were it its turn, could
    // give check, and after every reply check again, up to this many checks, until it captures the piece where it
    // stands as a chase (CXA 2011 24.3, 图 2-3: a capture won through a series of checks; a mate on the way wins it
    // too). 0: only captures open at once chase.
    int chase_through_checks = 0;
};

// The pattern of `side`'s moves from ply `from` (the cycle's first position) to the end of the record. A move
// threatens mate when, not giving check, it leaves the mover a mate by a series of at most mate_threat_checks checks
// (game file; the mating move counted) whatever the replies, were it the mover's turn again. A move chases the
// opponent's pieces (not the royal one) that the mover holds chased after it and did not before it: a legal capture
// by a piece not in roles.never_chases, that is no offer to exchange (roles.offers_exchange: a victim of the
// attacker's kind that could legally take it back), of a piece outside its roles.never_chased_in region and either
// not protected (no legal recapture on its square) or attacked by one of its roles.chased_even_protected_by pieces.
// So taking a protection away from a piece already attacked chases it, and a second attacker of a piece left
// attacked does not. A move is counted once, by the first of check, threat of mate and chase it is (the
// heavier kind). `reading` says whose a chase is and whether an outnumbered protected piece is chased.
template <class BB>
CyclePattern cycle_pattern(const BasicGame<BB>& game, int from, Color side, ChaseReading reading = {});

}  // namespace arbiter::core
