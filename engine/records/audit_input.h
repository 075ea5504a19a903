// The bytes of an audit's input files, plain or compressed (gzip through zlib, zstd through libzstd), read a block
// at a time so that an archive never has to fit in memory. The compression is found from the magic bytes first
// (1f 8b gzip, 28 b5 2f fd zstd) and from the extension (.gz, .zst) otherwise; a file whose extension promises a
// compression its bytes do not carry is refused.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace arbiter::procedure::audit {

enum class Compression { none, gzip, zstd };

// A gzip member or zstd frame that gives more than MaxCompressionRatio bytes for each compressed byte, once it has
// given MinRatioCheckBytes, is refused (InputError naming the file and the member's offset): game records compress
// about ten times, a bomb (gzip of spaces) a thousand. Both are compile-time limits; a file refused for them can be
// decompressed by hand and given plain, which has no ratio.
inline constexpr std::uint64_t MaxCompressionRatio = 100;
inline constexpr std::uint64_t MinRatioCheckBytes = std::uint64_t{64} << 20;  // 64 MiB

// "gzip", "zstd" or "" (none).
std::string_view compression_name(Compression c);

// The compression `head` (the file's first bytes) starts with; `none` when neither magic matches.
Compression compression_of_bytes(std::string_view head);
// The compression the name promises by its last extension (.gz, .zst).
Compression compression_of_name(const std::string& path);
// The name with a compression extension removed ("games.pgn.gz" -> "games.pgn"), so the record format is found
// from what remains.
std::string without_compression_extension(const std::string& path);

// Streams the decompressed bytes of one file. Only a regular file is opened (a FIFO would block, a device never
// ends). Every error is an InputError naming the file.
class ByteSource {
public:
    virtual ~ByteSource() = default;
    // Fills `out` with up to `capacity` bytes; 0 at the end of the data. Throws InputError on corrupt data.
    virtual std::size_t read(char* out, std::size_t capacity) = 0;
    // How the file is compressed.
    virtual Compression compression() const = 0;

    // Opens `path`, choosing the decompressor from its magic bytes and extension.
    static std::unique_ptr<ByteSource> open(const std::string& path);
};

// Reads everything `source` yields, refusing more than `max_bytes` (InputError naming `path`).
std::string read_all(ByteSource& source, const std::string& path, std::size_t max_bytes);

}  // namespace arbiter::procedure::audit
