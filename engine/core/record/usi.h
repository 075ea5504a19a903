// USI text for shogi timelines and records: move shape ("7g7f", "8h2b+", "B*5e") and SFEN shape checks.
// No board: whether a move is legal is the shogi position's business.
#pragma once

#include <string>
#include <string_view>

namespace arbiter::core::record {

// Tests whether `move` is written as a USI move: a board move <file 1-9><rank a-i> twice plus an optional
// "+", or a drop <P L N S G B R>*<square>.
bool is_usi_move(std::string_view move);

// Checks the shape of an SFEN (9 ranks of 9 files, pieces KRBGSNLP in either case with an optional '+' on
// promotable ones, side b or w, hands "-" or counts+letters, an optional move number) or accepts "startpos";
// returns it unchanged. Throws InputError at `file`:1:column otherwise.
std::string parse_sfen(std::string_view sfen, const std::string& file);

}  // namespace arbiter::core::record
