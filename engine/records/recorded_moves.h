// A record's moves as the audit's converter read them on its own replay of the record (convert::add_move), for the
// audit's board (audit_board.h), which takes a reading instead of reading the move's text again.
#pragma once

#include "core/notation.h"
#include "core/position.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace arbiter::procedure {

struct RecordedMoves {
    struct Reading {
        std::size_t entry = 0;  // the move's entry (RecordGame::parts, the audit timeline's entries)
        int ply = -1;           // the moves made on the converter's board before this one
        core::Move move;
        core::AttemptedMove attempted;  // what the text named
    };
    std::vector<Reading> readings;  // in the record's order (PGN only so far)
    // The converter's position after all its moves, where it has one (PGN): the audit's board asks the dead-position
    // question there without replaying the moves to reach it.
    std::shared_ptr<const core::Position> end;
};

}  // namespace arbiter::procedure
