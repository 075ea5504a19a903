// CSA shogi records (standard file format V2 / V2.2 / V3.0): V line, N+/N- names, $KEY:value metadata, the start
// position (PI with removals, P1-P9 rows, P+/P- pieces, then "+" or "-"), moves "+7776FU" with times "T12" or
// "T12.345" (after a comma or on their own line), endings %TORYO %SENNICHITE %KACHI %TIME_UP %ILLEGAL_MOVE
// %CHUDAN %MAX_MOVES %JISHOGI %+ILLEGAL_ACTION %-ILLEGAL_ACTION ..., comments "'". A light 9x9 array of CSA piece
// codes (no legality) tells which moves promote, so "+2822UM" after a KA on 28 becomes "2h2b+".
#pragma once

#include "core/record/game_record.h"

#include <string>
#include <string_view>

namespace arbiter::core::record {

// Reads the first game of a CSA file (UTF-8 or Shift_JIS). Throws InputError at file:line:column for every
// statement it cannot read, and for moves that do not fit the tracked board (no piece of the mover on the
// source square, a piece code that is neither the piece nor its promotion, a drop of a piece not in hand).
GameRecord read_csa(std::string_view bytes, const std::string& file);
GameRecord read_csa_file(const std::string& path);

}  // namespace arbiter::core::record
