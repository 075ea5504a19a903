// The move texts read last on each thread (core::parse_move): an audit reads every move of a record twice, once
// converting the record and once ruling it under each rulebook, in the same positions. Private to engine/core.
#pragma once

#include "core/notation.h"

#include <string_view>

namespace arbiter::core::memo {

// The reading `parse_move(pos, text)` gave when it was last remembered for exactly this definition, placement of the
// pieces, side to move, castling rights and en passant squares (everything a reading depends on; not the move
// counters), or null. Games with hands are never remembered.
const ParsedMove* recall(const Position& pos, std::string_view text);
// Remembers a legal reading (status ok) of `text` in `pos`, in place of whatever its slot held, when it is offered the
// second time in a row at its slot: a move met once (most of an archive of distinct games) is not written.
void remember(const Position& pos, std::string_view text, const ParsedMove& reading);

}  // namespace arbiter::core::memo
