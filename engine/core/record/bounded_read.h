// Reading an input file with the checks every reader needs: only a regular file is opened (a FIFO would block,
// /dev/zero never ends), and never more than a byte limit is read. Used by every reader of files the user names.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace arbiter::core::record {

// The default limit of read_whole_file: far above any game record, rulebook or timeline.
inline constexpr std::size_t MaxInputFileBytes = std::size_t{64} << 20;  // 64 MiB

// The bytes of `path`. Throws InputError at `path` (line 0) when it cannot be opened, is a folder, is not a regular
// file (a FIFO, device or socket: opened without blocking and refused before any read), or holds more than
// `max_bytes` (read stops at max_bytes + 1). `expected` ends each message: "expected <expected>".
std::string read_regular_file(const std::string& path, std::size_t max_bytes, std::string_view expected);

}  // namespace arbiter::core::record
