// The move texts read last on each thread (core::parse_move): an audit reads every move of a record twice, once
// converting the record and once ruling it under each rulebook, in the same positions. Private to engine/core.
#pragma once

#include "core/notation.h"

#include <cstdint>
#include <string_view>

namespace arbiter::core::memo {

// A lookup: the reading `parse_move(pos, text)` gave when it was last remembered for exactly this definition,
// placement of the pieces, side to move, castling rights and en passant squares (everything a reading depends on; not
// the move counters), or null; and what remember needs, so that the text is hashed once. Games with hands are never
// remembered.
struct Lookup {
    const ParsedMove* known = nullptr;
    std::uint64_t hash = 0;
    bool offered_before = false;  // the last lookup that missed at this text's slot was this one's
};
Lookup recall(const Position& pos, std::string_view text);
// Remembers a legal reading (status ok) of `text` in `pos` that `lookup` missed, in place of whatever its slot held,
// when the same text in the same position missed just before at its slot: a move met once (most of an archive of
// distinct games) is not written.
void remember(const Lookup& lookup, const Position& pos, std::string_view text, const ParsedMove& reading);

}  // namespace arbiter::core::memo
