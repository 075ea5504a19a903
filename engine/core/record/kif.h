// KIF (Kakinoki) shogi records, UTF-8 or Shift_JIS: header lines (開始日時：..., 手合割：平手, 先手：...), move lines
// "   1 ７六歩(77)   ( 0:01/00:00:01)", 「同　歩(78)」, drops 「５五角打」, 成 / 不成, ending lines (投了, 千日手,
// 持将棋, 切れ負け, 反則負け, 中断, 詰み, 入玉勝ち ...), comments (*), variations (変化：, skipped).
// Moves are converted to USI without a board: the source square is written in parentheses, a drop names its
// piece, 「同」 repeats the previous destination. The piece names are the game file's (kif_pieces): a variant's game
// file with other pieces or names reads its own records.
#pragma once

#include "core/record/game_record.h"

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::core {
class GameDefinition;
}

namespace arbiter::core::record {

// The piece names a KIF record of a game may write: each piece's glyphs and notation.traditional.other_names, with
// the USI letter a drop of it writes (0 where it is never dropped: a royal or promoted piece, a game without hands).
struct KifPieces {
    struct Name {
        std::string text;
        char drop = 0;
        int type = -1;  // the piece type it names
    };
    std::vector<Name> longest_first;
    std::string listed;  // the names in the game file's order, for the message that expects one
};
KifPieces kif_pieces(const GameDefinition& game);

// Reads one KIF game from the file's bytes (UTF-8, with or without BOM, or Shift_JIS). Throws InputError at
// file:line:column (column counted in characters) for every line it cannot read.
GameRecord read_kif(std::string_view bytes, const std::string& file, const KifPieces& pieces);
GameRecord read_kif_file(const std::string& path, const KifPieces& pieces);

// One KIF-style move ("７六歩(77)", "▲同　歩(78)", "５五角打") in USI, for timelines that accept KIF moves.
// `previous_usi` is the previous move in USI (its destination is what 「同」 means), empty if none.
// Throws InputError (line 1, column in characters) if the text is not one KIF move.
std::string kif_move_to_usi(std::string_view text, std::string_view previous_usi, const std::string& file,
                            const KifPieces& pieces);

// SFEN of a KIF handicap name (手合割), "startpos" for 平手; empty if unknown.
std::string kif_handicap_sfen(std::string_view name);

}  // namespace arbiter::core::record
