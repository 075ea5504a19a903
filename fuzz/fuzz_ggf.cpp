// layer: core
// GGF othello records (core/record/othello_records.h): text to game records or an InputError; and where read_ggf
// reads, each game read again alone from its place (read_ggf_places, read_ggf_at) gives the same moves at the same
// lines and columns, or the harness stops.
#include "core/error.h"
#include "core/record/othello_records.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

using namespace arbiter::core::record;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size > 65536) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string file = "fuzz.ggf";
    try {
        const auto games = read_ggf(text, file);
        const auto places = read_ggf_places(text, file);
        if (places.size() != games.size()) __builtin_trap();
        for (std::size_t g = 0; g < games.size(); ++g) {
            const GameRecord again = read_ggf_at(text, file, places[g]);
            if (again.line != games[g].line || again.moves.size() != games[g].moves.size()) __builtin_trap();
            for (std::size_t m = 0; m < again.moves.size(); ++m)
                if (again.moves[m].move != games[g].moves[m].move || again.moves[m].line != games[g].moves[m].line ||
                    again.moves[m].column != games[g].moves[m].column)
                    __builtin_trap();
        }
    } catch (const arbiter::InputError&) {
    }
    return 0;
}
