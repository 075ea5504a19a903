// Move notation: UCI (long algebraic, e2e4, e7e8q, e1g1) and SAN (PGN standard 8.2.3: Nbd7, exd6,
// e8=Q+, O-O#). Reading tells a syntax error, an illegal move and an ambiguous move apart, and for an
// illegal move says what was attempted (piece, from, to) so that a ruling can name it.
#pragma once

#include "core/position.h"

#include <string>
#include <string_view>

namespace arbiter::core {

std::string to_uci(const Position& pos, Move m);
// `m` must be legal in `pos`. Adds '+' or '#'.
std::string to_san(const Position& pos, Move m);

enum class MoveParseStatus { ok, syntax_error, illegal, ambiguous };

// What a move text asked for, as far as it can be told without the move being legal.
struct AttemptedMove {
    int piece_type = -1;  // -1 = unknown
    int from = -1;        // -1 = not determined (several pieces, or none, could be meant)
    int to = -1;
    int promotion = -1;
    int castling = -1;    // index into GameDefinition::castling
};

struct ParsedMove {
    MoveParseStatus status = MoveParseStatus::syntax_error;
    Move move;                // set when status == ok (and by parse_move for an illegal move the pieces can make)
    AttemptedMove attempted;  // set for ok, illegal and ambiguous
    std::string message;      // why, for anything but ok
    bool only_check = false;  // illegal only for check: the pieces can make the move (see parse_move)
    bool ok() const { return status == MoveParseStatus::ok; }
};

// Why a move text was not read, in Japanese (`message` says it in English): by its status.
inline const char* parse_failure_ja(const ParsedMove& p) {
    switch (p.status) {
    case MoveParseStatus::ambiguous: return "当てはまる手が複数ある";
    case MoveParseStatus::illegal: return p.only_check ? "自玉が王手を受けたままになる反則手" : "反則手（その手は指せない）";
    default: return "手の書き方が読めない";
    }
}

ParsedMove parse_uci(const Position& pos, std::string_view text);
// Accepts the usual variants: 0-0 for O-O, a missing '=' before the promotion letter, a missing or
// superfluous 'x', and trailing +, #, !, ? annotations.
ParsedMove parse_san(const Position& pos, std::string_view text);
// SAN first, then UCI (timelines accept either). A text that no legal move fits but exactly one move the pieces can
// make does (one that leaves or puts the own king in check) is `illegal` with `move` set to it.
ParsedMove parse_move(const Position& pos, std::string_view text);
// The same without the memory of the texts read last (move_memo.h): for a reader that meets each text in its position
// once (an archive's converter, whose readings the runner takes).
ParsedMove read_move(const Position& pos, std::string_view text);
// The same with the position's legal moves already generated (`legal` must be pos.legal_moves()).
ParsedMove parse_move(const Position& pos, std::string_view text, const MoveList& legal);

}  // namespace arbiter::core
