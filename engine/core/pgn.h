// PGN reading (PGN standard 1994, with the [%clk] and [%emt] comment commands of PGN-spec extensions
// used by lichess, chess.com and DGT boards): tags, movetext, comments, NAGs, variations (skipped),
// results, several games per file. Errors say file:line:column and what was expected.
#pragma once

#include "core/game.h"

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::core {

struct PgnMove {
    // The reader's one way to make a move: the text copied once into `san` (a string built and then moved in copies
    // it twice: a short string's move copies its bytes), the other fields set one by one.
    PgnMove(std::string_view text, int at_line, int at_column) : san(text), line(at_line), column(at_column) {}

    std::string san;  // as written, without move number and without !? suffixes
    int line = 0;     // 1-based place of the move text in the file
    int column = 0;
    std::optional<std::chrono::milliseconds> clock;    // [%clk h:mm:ss]: time left after the move
    std::optional<std::chrono::milliseconds> elapsed;  // [%emt h:mm:ss]: time the move took
    std::vector<int> nags;                             // $n, and !, ?, !!, ??, !?, ?! as $1..$6
    // Comment text is not kept: only its [%clk] and [%emt] commands are read (no caller used the text, and building
    // it was a heap string per move).
};

struct PgnGame {
    std::vector<std::pair<std::string, std::string>> tags;  // in file order
    std::vector<PgnMove> moves;
    std::string result = "*";  // the movetext's termination marker
    // The text of a comment standing right before the termination marker, after the last move ("White resigns",
    // "Black forfeits on time": how FICS and ICC write the ending); empty when there is none.
    std::string result_comment;
    int line = 0;              // where the game starts

    // Value of a tag, or empty.
    std::string tag(std::string_view name) const;
};

// The longest tag value read (PGN 8.1.1 bounds none): 64 KiB, the line bound of the other line readers, is a
// thousand times the longest real value (a FEN, an event or opening name, a player's name), so no real file is
// refused, while a file of one huge value is refused at its tag rather than carried, copied, into the timeline.
inline constexpr std::size_t MaxPgnTagValue = std::size_t{64} << 10;

// Reads every game of `text`; `file` names it in errors, where `text` starts line `first_line` (one game cut out of a
// longer file keeps the file's line numbers). Throws InputError on malformed PGN.
std::vector<PgnGame> read_pgn(std::string_view text, const std::string& file, int first_line = 1);
std::vector<PgnGame> read_pgn_file(const std::string& path);

// Where a game starts in a PGN text: what read_pgn_at needs to read it again alone.
struct PgnPlace {
    std::size_t offset = 0;      // its first byte in the text
    std::size_t line_start = 0;  // the first byte of that line (columns count from it)
    int line = 1;
};
// Reads every game of `text` as read_pgn does (the same errors), keeping none of them: where each starts. A file of
// many games is then held as its text and these places, and each game read when it is used (records/).
std::vector<PgnPlace> read_pgn_places(std::string_view text, const std::string& file, int first_line = 1);
// The game of `text` at `place` (from read_pgn_places on the same text), as read_pgn reads it.
PgnGame read_pgn_at(std::string_view text, const std::string& file, const PgnPlace& place);

// Parses "h:mm:ss", "m:ss" or "s" with an optional fraction (".5") into milliseconds; nullopt if malformed.
std::optional<std::chrono::milliseconds> parse_clock_time(std::string_view text);

// Plays every move of `pgn` from its start (the FEN tag if SetUp is 1, else the game's start position).
// Throws InputError at the first move that is illegal, ambiguous or unreadable, at the move's line:column.
Game replay(const GameDefinitionPtr& def, const PgnGame& pgn, const std::string& file);

}  // namespace arbiter::core
