// WTHOR databases (.wtb) and their players and tournaments lists: a fixed-size binary format, read by offsets
// checked against the file's size before each read (core/record/othello_records.h).
#include "core/error.h"
#include "core/record/bounded_read.h"
#include "core/record/othello_records.h"

#include <cstdint>

namespace arbiter::core::record {

namespace {

unsigned read_u16(std::string_view b, std::size_t at) {
    return unsigned(static_cast<unsigned char>(b[at])) | unsigned(static_cast<unsigned char>(b[at + 1])) << 8;
}

constexpr std::size_t WthorHeader = 16, WthorRecord = 68, WthorMoves = 60;

[[noreturn]] void wthor_fail(const std::string& file, std::size_t offset, const Text& message) {
    throw InputError({file, 0, 0}, Text{"WTHOR: byte " + std::to_string(offset) + ": " + message.en,
                                        "WTHOR：" + std::to_string(offset) + " バイト目：" + message.ja});
}

}  // namespace

bool looks_like_wthor(std::string_view b) {
    if (b.size() < WthorHeader) return false;
    const auto byte = [&](std::size_t k) { return unsigned(static_cast<unsigned char>(b[k])); };
    const std::uint64_t count = read_u16(b, 4) | std::uint64_t(read_u16(b, 6)) << 16;
    return byte(0) >= 19 && byte(0) <= 21 && byte(1) <= 99 && byte(2) >= 1 && byte(2) <= 12 && byte(3) >= 1 &&
           byte(3) <= 31 && (byte(12) == 0 || byte(12) == 8) && WthorHeader + count * WthorRecord <= MaxInputFileBytes;
}

// The WTHOR database ships its players (WTHOR.JOU, 20-byte names) and tournaments (WTHOR.TRN, 26-byte names) with
// the games, under the same 16-byte header; their record count is the header's bytes 8-9, where a games file keeps
// bytes 4-7. A file whose length is exactly that many names, and not that many games, is one of these lists.
bool looks_like_wthor_list(std::string_view b) {
    if (b.size() <= WthorHeader) return false;
    const std::uint64_t games = read_u16(b, 4) | std::uint64_t(read_u16(b, 6)) << 16;
    if (WthorHeader + games * WthorRecord == b.size()) return false;
    const std::uint64_t body = b.size() - WthorHeader;
    for (const std::uint64_t n : {std::uint64_t(read_u16(b, 8)), games})
        if (n > 0 && (body == n * 20 || body == n * 26)) return true;
    return false;
}

std::size_t wthor_games(std::string_view b, const std::string& file) {
    if (b.size() < WthorHeader)
        wthor_fail(file, b.size(), {"the file is shorter than the 16-byte header", "16 バイトの見出しより短い"});
    if (looks_like_wthor_list(b))
        throw InputError({file, 0, 0},
                         Text{"a WTHOR players (.JOU) / tournaments (.TRN) list, not a games file",
                              "WTHOR の対局者一覧（.JOU）または大会一覧（.TRN）で、対局のファイルではない"});
    std::uint64_t count = read_u16(b, 4) | std::uint64_t(read_u16(b, 6)) << 16;
    unsigned board_size = static_cast<unsigned char>(b[12]);
    if (board_size != 0 && board_size != 8)
        wthor_fail(file, 12,
                   {"only 8x8 databases are supported (board size byte is " + std::to_string(board_size) + ")",
                    "8x8 の盤のデータベースだけを読む（盤の大きさのバイトが " + std::to_string(board_size) + "）"});
    if (WthorHeader + count * WthorRecord != b.size())
        wthor_fail(file, 4,
                   {"the header announces " + std::to_string(count) + " games (" +
                        std::to_string(WthorHeader + count * WthorRecord) + " bytes) but the file has " +
                        std::to_string(b.size()) + " bytes",
                    "見出しにある対局数 " + std::to_string(count) + " とファイルの長さ（" + std::to_string(b.size()) +
                        " バイト）が合わない"});
    return std::size_t(count);
}

GameRecord read_wthor_game(std::string_view b, const std::string& file, std::size_t g) {
    const auto fail = [&](std::size_t offset, const Text& message) { wthor_fail(file, offset, message); };
    const unsigned year = read_u16(b, 10);
    std::size_t o = WthorHeader + g * WthorRecord;
    GameRecord r;
    r.game = "othello";
    r.format = "wthor";
    r.headers = {{"year", std::to_string(year)},
                 {"tournament_id", std::to_string(read_u16(b, o))},
                 {"black_id", std::to_string(read_u16(b, o + 2))},
                 {"white_id", std::to_string(read_u16(b, o + 4))},
                 {"theoretical_score", std::to_string(static_cast<unsigned char>(b[o + 7]))}};
    int discs = static_cast<unsigned char>(b[o + 6]);
    if (discs > 64)
        fail(o + 6, {"black's disc count " + std::to_string(discs) + " is above 64",
                     "黒の石数 " + std::to_string(discs) + " が 64 を超える"});
    r.black_discs = discs;
    bool ended = false;
    for (std::size_t k = 0; k < WthorMoves; ++k) {
        std::size_t at = o + 8 + k;
        int v = static_cast<unsigned char>(b[at]);
        if (v == 0) {
            ended = true;
            continue;
        }
        if (ended)
            fail(at, {"a move after the end of the game's moves (a 0 byte)", "手の終わり（0 のバイト）の後に手がある"});
        int row = v / 10, column = v % 10;
        if (row < 1 || row > 8 || column < 1 || column > 8)
            fail(at, {"expected a move 10 * row + column (11-88), found " + std::to_string(v),
                      "手（10 × 行 + 列、11-88）のはずが " + std::to_string(v)});
        RecordMove m;
        m.move = {char('a' + column - 1), char('0' + row)};
        m.column = int(at);  // binary input: the byte offset stands in for the place
        r.moves.push_back(std::move(m));
    }
    r.termination = Termination::game_over;
    return r;
}

std::vector<GameRecord> read_wthor(std::string_view b, const std::string& file) {
    const std::size_t count = wthor_games(b, file);
    std::vector<GameRecord> games;
    games.reserve(count);
    for (std::size_t g = 0; g < count; ++g) games.push_back(read_wthor_game(b, file, g));
    return games;
}

std::vector<GameRecord> read_wthor_file(const std::string& path) { return read_wthor(read_whole_file(path), path); }

}  // namespace arbiter::core::record
