// The one front door for the bytes of every input file the user names (rulebook, game, timeline, event, record,
// archive, JSON lines, hooks file): only a regular file is opened (a FIFO would block, /dev/zero never ends, a
// folder reads as nothing), and never more than a byte limit is read. Every reader of such a file goes through
// InputFile, read_regular_file or read_file_head; no parser opens a path itself.
#pragma once

#include "core/text.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter::core::record {

// The default limit of read_whole_file: far above any game record, rulebook or timeline.
inline constexpr std::size_t MaxInputFileBytes = std::size_t{64} << 20;  // 64 MiB

// A file opened for reading. Throws InputError at `path` (line 0) when it cannot be opened, is a folder or is not a
// regular file (a FIFO, device or socket: opened without blocking and refused before any read); `expected` ends
// each message: "expected <expected>". "-" with `stdin_allowed` is the standard input, a stream the user named.
class InputFile {
public:
    InputFile(const std::string& path, std::string_view expected, bool stdin_allowed = false);
    ~InputFile();
    InputFile(const InputFile&) = delete;
    InputFile& operator=(const InputFile&) = delete;

    // Up to `capacity` bytes; 0 at the end of the file.
    std::size_t read(char* out, std::size_t capacity);
    // The next line without its '\n' (and '\r'); false at the end of the file. A line longer than `max_line` bytes
    // is refused (InputError at its line number), so a file of no newlines cannot fill the memory.
    bool read_line(std::string& line, std::size_t max_line);
    int line_number() const { return line_; }
    // The size the file had when opened (0 for the standard input).
    std::size_t size() const { return size_; }
    const std::string& path() const { return path_; }
    // Refuses the file: `what` in both languages (the English then says what was expected).
    [[noreturn]] void fail(const Text& what, int line = 0) const;

private:
    std::string path_;
    std::string expected_;
    int fd_ = -1;
    bool owned_ = true;
    std::size_t size_ = 0;
    int line_ = 0;
    std::string buffer_;
    std::size_t used_ = 0;
    bool ended_ = false;
};

// The bytes of `path` through InputFile, never more than `max_bytes` (read stops at max_bytes + 1).
std::string read_regular_file(const std::string& path, std::size_t max_bytes, std::string_view expected);

// The first bytes of `path` through InputFile, from its first byte that is not white space (at most `max_skip`
// bytes of it skipped), up to `bytes` of them: what a format is decided from before any parser sees the file.
std::string read_file_head(const std::string& path, std::size_t bytes, std::size_t max_skip, std::string_view expected);

}  // namespace arbiter::core::record
