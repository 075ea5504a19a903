// KI2 (Kakinoki's move-text form) shogi records, UTF-8 or Shift_JIS: KIF's header lines, then moves several to a
// line, each after its side's mark ("▲７六歩    △３四歩", "△同　銀", "▲５八金右", "▲２二角成", "△５五角打"), comments
// (*), and the summary line that states the ending ("まで77手で先手の勝ち", "まで105手で時間切れにより先手の勝ち").
// A KI2 move names only its destination and piece, with the words that tell it from the other pieces of its kind
// that could go there (右 左 直, 上 引 寄: the JSA's 棋譜の表記方法), so the moves are read on the board: read_ki2
// keeps each move's text, and read_ki2_move finds the move on the position it is played from.
#pragma once

#include "core/position.h"
#include "core/record/game_record.h"
#include "core/record/kif.h"
#include "core/text.h"

#include <string>
#include <string_view>

namespace arbiter::core::record {

// Reads one KI2 game: headers, each move's text as written (mark included: RecordMove::move) with its line and
// column, comments, and the ending the summary line (or an ending written in the moves' place, "△投了") states.
// Throws InputError at file:line:column for what it cannot read.
GameRecord read_ki2(std::string_view bytes, const std::string& file);

// A KI2 move found on a position, or why not: `error` with `column`, the character in the move's text it names.
struct Ki2Move {
    Move move;
    bool ok = false;
    Text error;
    int column = 0;
};

// The move of `pos` that `text` ("▲同　歩", "５八金右", "２二角成") names; `previous_to` is the square the move before
// went to (its 同), -1 for none. The piece names are the game file's (kif_pieces), the words its
// notation.traditional words. Exactly one legal move must fit what is written: a move that fits several (a word
// missing) or none (a word that fits no piece, a piece that cannot go there) is an error. `illegal_drop`: a drop no
// legal move makes, of a piece in hand on an empty square, is returned as written (a record that ends on its
// mover's illegal move: the converter holds it on the board and the rulebook rules it).
template <class BB>
Ki2Move read_ki2_move(const BasicPosition<BB>& pos, std::string_view text, int previous_to, const KifPieces& pieces,
                      bool illegal_drop = false);

}  // namespace arbiter::core::record
