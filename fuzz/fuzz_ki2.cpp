// layer: core
// KI2 shogi records (core/record/ki2.h): bytes (UTF-8 or Shift_JIS) to a game record or an InputError, and then each
// move read on the board from the record's start as far as the moves can be found (read_ki2_move), with the piece
// names and words of the bundled shogi game file.
#include "core/error.h"
#include "core/game_files.h"
#include "core/record/ki2.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace arbiter::core;
    static const GameDefinitionPtr shogi = load_game("shogi");
    static const record::KifPieces pieces = record::kif_pieces(*shogi);
    if (size > 65536) return 0;
    try {
        const record::GameRecord r = record::read_ki2({reinterpret_cast<const char*>(data), size}, "fuzz.ki2");
        auto pos = BasicPosition<WideBitboard<2>>::start(shogi);
        if (r.start != "startpos") pos = BasicPosition<WideBitboard<2>>::from_sfen(shogi, r.start, "fuzz.ki2");
        int previous_to = -1;
        for (const auto& m : r.moves) {
            const record::Ki2Move k = record::read_ki2_move(pos, m.move, previous_to, pieces);
            if (!k.ok) break;
            previous_to = int(k.move.to());
            Undo u;
            pos.make(k.move, u);
        }
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
