// Compressed test input made on the spot for the audit reader's tests (audit_stream_test, compressed_limits_test):
// gzip and zstd of given bytes, the bundled three-game PGN, files in the temporary folder, and the games a GameStream cuts from a file.
#pragma once

#include "records/audit_games.h"

#include <boost/test/unit_test.hpp>
#include <zlib.h>
#include <zstd.h>

#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>
#include <unistd.h>

namespace arbiter::test::compressed {

// tests/data/games/compressed/three-games.pgn: 63 lines, three games (compressed/SOURCES.md).
inline std::string three_games() {
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/tests/data/games/compressed/three-games.pgn",
                     std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// One gzip member of `head`, then `repeat` times `block`, then `tail`, deflated a block at a time, so that a bomb's
// gigabytes are never held.
inline std::string gzip(const std::string& head, const std::string& block = {}, long repeat = 0,
                        const std::string& tail = {}) {
    z_stream z{};
    BOOST_REQUIRE(deflateInit2(&z, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string out;
    char buffer[1 << 16];
    const auto feed = [&](const std::string& bytes, int flush) {
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
        z.avail_in = uInt(bytes.size());
        do {
            z.next_out = reinterpret_cast<Bytef*>(buffer);
            z.avail_out = sizeof buffer;
            deflate(&z, flush);
            out.append(buffer, sizeof buffer - z.avail_out);
        } while (z.avail_out == 0);
    };
    feed(head, Z_NO_FLUSH);
    for (long k = 0; k < repeat; ++k) feed(block, Z_NO_FLUSH);
    feed(tail, Z_FINISH);
    deflateEnd(&z);
    return out;
}

// One zstd frame of `bytes`.
inline std::string zstd(const std::string& bytes) {
    std::string out(ZSTD_compressBound(bytes.size()), '\0');
    const std::size_t n = ZSTD_compress(out.data(), out.size(), bytes.data(), bytes.size(), 3);
    BOOST_REQUIRE(!ZSTD_isError(n));
    out.resize(n);
    return out;
}

// A file of the test's own in the temporary folder (the process id in its name), removed when it goes out of scope.
struct TempFile {
    std::string path;
    TempFile(const std::string& name, const std::string& bytes)
        : path((std::filesystem::temp_directory_path() / ("arbiter-" + std::to_string(::getpid()) + "-" + name))
                   .string()) {
        std::ofstream(path, std::ios::binary) << bytes;
    }
    ~TempFile() { std::remove(path.c_str()); }
    TempFile(const TempFile&) = delete;
    TempFile& operator=(const TempFile&) = delete;
};

// The games the audit's reader cuts from `path`, at most `limit` of them.
inline std::vector<procedure::audit::GameTask> tasks_in(const std::string& path, std::size_t limit = std::size_t(-1)) {
    procedure::audit::GameStream stream({path});
    std::vector<procedure::audit::GameTask> tasks;
    for (procedure::audit::GameTask t; tasks.size() < limit && stream.next(t);) tasks.push_back(t);
    return tasks;
}

}  // namespace arbiter::test::compressed
