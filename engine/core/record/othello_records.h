// Othello records: the board string (64 cells X / O / -, rows 1 to 8 and files a to h, a space, the side to
// move X or O), the plain transcript ("f5d6c3d3...", with optional "pass" / "--"), GGF (the GGS server's
// format, several games per file, clocks in TI and per-move times after '/') and WTHOR databases (.wtb,
// binary). Moves are written "f5" or "pass"; black (X) moves first in the standard start.
#pragma once

#include "core/record/game_record.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::core::record {

// The standard start as a board string: d4 and e5 white, e4 and d5 black, black to move.
inline constexpr std::string_view OthelloStart =
    "---------------------------OX------XO--------------------------- X";

// Checks a board string (exactly 64 cells of X, O or -, one space, X or O) and returns it; InputError at the
// offending column (line 1) otherwise.
std::string parse_othello_board(std::string_view text, const std::string& file);

// Reads a transcript: squares a1-h8 in either case, optionally separated by spaces or line breaks, "pass" or
// "--" for a pass; lines starting with '#' are comments. The start is "startpos".
GameRecord read_othello_transcript(std::string_view text, const std::string& file);
GameRecord read_othello_transcript_file(const std::string& path);

// Reads every game "(;GM[Othello]...;)" of a GGF file. Headers keep each property except the moves B[] / W[]
// and the start BO[] (which becomes `start`: "startpos" or a board string). RE gives black_margin and, with a
// ":r" / ":t" suffix, a resignation or time loss.
// A property's value is at most MaxGgfValue bytes (as a PGN tag's, core/pgn.h MaxPgnTagValue: far above any real
// name, board or comment), refused at its '[' past that rather than carried into the timeline.
inline constexpr std::size_t MaxGgfValue = std::size_t{64} << 10;
std::vector<GameRecord> read_ggf(std::string_view text, const std::string& file);
std::vector<GameRecord> read_ggf_file(const std::string& path);
// The same a game at a time, as the PGN reader does (core/pgn.h read_pgn_places): every game read and checked (the
// same errors as read_ggf), only where each starts kept (read_ggf_places); then the game at a place, read again
// alone (read_ggf_at), so that a file of many games is held as its text and a place per game.
struct GgfPlace {
    std::size_t offset = 0;      // the game's "(;" in the text
    std::size_t line_start = 0;  // the first byte of that line (columns count from it)
    int line = 1;
};
std::vector<GgfPlace> read_ggf_places(std::string_view text, const std::string& file);
GameRecord read_ggf_at(std::string_view text, const std::string& file, const GgfPlace& place);

// Reads a WTHOR database: a 16-byte header (game count at bytes 4-7, year at 10-11, board size at 12) then
// 68-byte records (tournament, black and white player ids, black's recorded disc count, the theoretical
// score, 60 move bytes 10 * row + column, 0 after the last move). WTHOR leaves passes out: the moves are
// the squares played in order, and the replay must insert a pass whenever the side to move has no move.
// Sizes are checked before any read; InputError names the byte offset of the problem.
std::vector<GameRecord> read_wthor(std::string_view bytes, const std::string& file);
// The same a game at a time: the header checked and the game count (wthor_games), then game `index` (0-based) of
// those bytes (read_wthor_game), so that a database of 200,000 games is held as its bytes, not as 200,000 records.
// Whether a file's first bytes open a WTHOR database, for a file whose name does not say so: the header's date
// (century 19-21, year, month 1-12, day 1-31), a board size byte of 0 or 8, and a game count whose records fit in
// the largest file read. Text never passes (that count keeps bytes 6-7 NUL); the reader then checks the whole file.
bool looks_like_wthor(std::string_view head);
// A WTHOR players (.JOU) or tournaments (.TRN) list: the games header, then names instead of games.
bool looks_like_wthor_list(std::string_view bytes);
std::size_t wthor_games(std::string_view bytes, const std::string& file);
GameRecord read_wthor_game(std::string_view bytes, const std::string& file, std::size_t index);
std::vector<GameRecord> read_wthor_file(const std::string& path);

}  // namespace arbiter::core::record
