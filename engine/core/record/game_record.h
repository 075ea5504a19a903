// A neutral game record: what a shogi or othello record file says, without any board rules.
// The readers (kif.h, csa.h, othello_records.h) fill it; the board code of each game replays it later.
// Moves are text in the game's canonical notation: USI for shogi ("7g7f", "8h2b+", "B*5e"),
// "f5" / "pass" for othello. Sides are numbered as the games number them: 0 = sente / black
// (moves first in an even game), 1 = gote / white.
#pragma once

#include <array>
#include <chrono>
#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::core::record {

// The most plies one game of a record may have. Far above any game played (the fifty-move rule bounds a chess game
// near 12,000 plies), it bounds what ruling one game holds: about 480 bytes a ply between the record's moves, the
// timeline's entries and the board's history, so 1,000,000 plies took 500 MB; a longer game is refused, naming the
// file, the game and the line or byte where the limit was passed.
inline constexpr std::size_t MaxRecordPlies = 250000;

// How a recorded game ended, named after what happened (not after who won).
enum class Termination {
    unknown,       // the record stops without saying why (or says something this reader does not know)
    resign,        // KIF 投了, CSA %TORYO, GGF RE[...:r]
    checkmate,     // KIF 詰み, CSA %TSUMI
    sennichite,    // fourfold repetition: KIF 千日手, CSA %SENNICHITE / %OUTE_SENNICHITE
    impasse,       // jishogi: KIF 持将棋 / 入玉勝ち, CSA %JISHOGI / %KACHI (declaration)
    time_up,       // KIF 切れ負け / Time-up, CSA %TIME_UP, GGF RE[...:t]
    illegal_move,  // KIF 反則負け / 反則勝ち, CSA %ILLEGAL_MOVE, %+ILLEGAL_ACTION, %-ILLEGAL_ACTION
    abort,         // KIF 中断, CSA %CHUDAN
    max_moves,     // CSA %MAX_MOVES
    draw_agreed,   // CSA %HIKIWAKE
    game_over,     // othello: neither side can move (the board rules give the score)
};

// Lower-case name of a termination ("time_up"), for messages and JSON.
std::string_view to_string(Termination t);
std::ostream& operator<<(std::ostream& out, Termination t);

struct RecordMove {
    std::string move;  // canonical notation (USI / othello square or "pass")
    int line = 0;      // 1-based place of the move in the file (0 = binary input: column holds the byte offset)
    int column = 0;
    std::optional<std::chrono::milliseconds> elapsed;  // time the move took (KIF first time, CSA T, GGF /time)
    std::optional<std::chrono::milliseconds> total;    // the mover's cumulative time used after it (KIF second time)
    std::string comment;                               // comment lines after the move, joined by '\n'
};

struct GameRecord {
    std::string game;   // what the record calls its game ("shogi" in CSA, "othello"; "" in KIF, which names none)
    std::string format; // "kif", "csa", "ggf", "transcript", "board", "wthor"
    std::vector<std::pair<std::string, std::string>> headers;  // in file order, UTF-8
    std::string start = "startpos";  // "startpos", an SFEN (shogi) or an othello board string
    std::vector<RecordMove> moves;
    Termination termination = Termination::unknown;
    int terminated_by = -1;   // side that resigned / ran out of time / declared / acted illegally; -1 = none or unknown
    std::string termination_text;  // the ending as written ("投了", "%TORYO", "+8.500")
    int termination_line = 0;
    std::string comment;     // comment lines before the first move
    // Othello results where the record gives them.
    std::optional<int> black_discs;       // WTHOR: black's final disc count as recorded
    std::optional<double> black_margin;   // GGF RE: black's disc difference (komi included, as GGS writes it)
    int line = 0;                         // where the game starts in its file
    // What the reader passed over and the converter warns of: {English, Japanese} (a KIF's second ending line).
    std::vector<std::array<std::string, 2>> notes;

    // Value of the first header named `key`, or empty.
    std::string header(std::string_view key) const;
};

// Converts a record file's bytes to UTF-8: a UTF-8 BOM is dropped; valid UTF-8 is kept as is; anything else is
// decoded as Shift_JIS (CP932) with iconv. Throws InputError (at `file`) if neither works.
std::string decode_japanese_text(std::string_view bytes, const std::string& file);

// Whole contents of a file; throws InputError if it cannot be read.
std::string read_whole_file(const std::string& path);

}  // namespace arbiter::core::record
