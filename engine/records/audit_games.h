// The games of an audit's input files, one after the other in file order, read so that memory does not grow with
// the archive: a PGN file (plain, .gz or .zst) is cut into games as its bytes arrive and each game's text is handed
// on alone; the other formats hold few games per file (one KIF or CSA game, a WTHOR year) and are read whole, up to
// core::record::MaxInputFileBytes. A file or a game that cannot be read becomes a task carrying its error, so the
// audit counts it and goes on.
#pragma once

#include "records/audit_input.h"
#include "records/record_timeline.h"

#include "core/error.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::procedure::audit {

// The most text one PGN game may take; a longer "game" (a 100 MB file of one game, binary data without a newline)
// is rejected with its file, game number and line, and the audit goes on at the next game's tags. Together with
// the reader's 256 KiB blocks this bounds what reading a PGN stream holds at once.
inline constexpr std::size_t MaxPgnGameBytes = std::size_t{16} << 20;  // 16 MiB

// One game of the input, as the reader hands it to a worker.
struct GameTask {
    std::string file;  // the name as given on the command line
    int index = 0;     // 1-based within its file; 0 for a file that could not be read at all
    std::shared_ptr<const RecordFile> record;  // the file's games (every format but PGN), or
    std::string pgn;                           // one PGN game's text,
    int first_line = 1;                        // starting at this line of the file
    std::optional<InputError> error;           // or why it could not be read
};

// Reads the games of `files` in order.
class GameStream {
public:
    explicit GameStream(std::vector<std::string> files);
    ~GameStream();
    GameStream(const GameStream&) = delete;
    GameStream& operator=(const GameStream&) = delete;

    // Fills `task` with the next game; false after the last game of the last file.
    bool next(GameTask& task);
    // The file being read ("" before the first and after the last).
    const std::string& current_file() const;

private:
    struct Reader;
    std::vector<std::string> files_;
    std::size_t next_file_ = 0;
    std::unique_ptr<Reader> reader_;
    std::string current_;
    bool open_next(GameTask& task);
};

}  // namespace arbiter::procedure::audit
