// layer: records
// The compressed input of `audit` (records/audit_input.h ByteSource, records/audit_games.h GameStream): the first
// byte chooses the file's name (.pgn.gz, .pgn.zst, .kif.gz, .csa.zst, .ggf.gz, .pgn), the rest is its bytes. Every
// game the stream hands out is read; a file or game that cannot be read must be a task carrying an InputError,
// never a crash, a hang or memory beyond the readers' bounds. Seeds (tests/data/fuzz/archive/): the name byte, then
// tests/data/games/compressed/*.gz/.zst, or tests/data/fuzz/{kif,csa,ggf} files compressed with gzip or zstd.
#include "core/error.h"
#include "records/audit_games.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > 65536) return 0;
    static const std::array<const char*, 6> names = {".pgn.gz", ".pgn.zst", ".kif.gz", ".csa.zst", ".ggf.gz", ".pgn"};
    static const std::string base =
        (std::filesystem::temp_directory_path() / ("arbiter-fuzz-archive-" + std::to_string(::getpid()))).string();
    const std::string path = base + names[data[0] % names.size()];
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
    }
    try {
        arbiter::procedure::audit::GameStream stream({path});
        arbiter::procedure::audit::GameTask task;
        for (int n = 0; n < 100000 && stream.next(task); ++n) {
        }
    } catch (const arbiter::InputError&) {
    }
    std::remove(path.c_str());
    return 0;
}
