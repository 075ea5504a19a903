// The move texts read last on each thread (move_memo.h): a table of slots indexed by a hash of the position and the
// text; a slot is taken as the answer only when it holds exactly this position's reading-relevant state and this text,
// so a hash collision can only make a slot miss, never give another position's move.
#include "core/move_memo.h"

#include <functional>
#include <string>
#include <vector>

namespace arbiter::core::memo {

namespace {

// A power of two, a few long games' moves: the converter's reading of a move and the runner's (one per rulebook) come
// a game apart at most. About 300 bytes each.
constexpr std::size_t Slots = 1024;

struct Slot {
    GameDefinitionPtr def;  // held, so that no other definition can take its address while the slot names it
    Bitboard colours[2] = {};
    Bitboard types[max_piece_types] = {};
    int side = -1, castling = 0, en_passant = no_square, victim = no_square;
    std::string text;
    ParsedMove reading;
};

std::vector<Slot>& table() {
    thread_local std::vector<Slot> slots(Slots);
    return slots;
}

std::size_t slot_of(const Position& pos, std::string_view text) {
    const std::size_t h = std::hash<std::string_view>{}(text) ^ pos.key() ^ (std::size_t(pos.en_passant_square() + 1) << 20);
    return h & (Slots - 1);
}

bool holds(const Slot& s, const Position& pos, std::string_view text) {
    const GameDefinition& g = pos.definition();
    if (s.def.get() != &g || s.side != int(pos.side_to_move()) || s.castling != pos.castling_rights() ||
        s.en_passant != pos.en_passant_square() || s.victim != pos.en_passant_victim() || s.text != text)
        return false;
    for (int c = 0; c < 2; ++c)
        if (s.colours[c] != pos.pieces(Color(c))) return false;
    for (int t = 0; t < int(g.pieces.size()); ++t)
        if (s.types[t] != pos.pieces(t)) return false;
    return true;
}

}  // namespace

const ParsedMove* recall(const Position& pos, std::string_view text) {
    if (pos.definition().hands) return nullptr;
    const Slot& s = table()[slot_of(pos, text)];
    return holds(s, pos, text) ? &s.reading : nullptr;
}

void remember(const Position& pos, std::string_view text, const ParsedMove& reading) {
    const GameDefinition& g = pos.definition();
    if (g.hands || !reading.ok()) return;
    Slot& s = table()[slot_of(pos, text)];
    if (s.def.get() != &g) s.def = pos.definition_ptr();
    s.side = int(pos.side_to_move());
    s.castling = pos.castling_rights();
    s.en_passant = pos.en_passant_square();
    s.victim = pos.en_passant_victim();
    for (int c = 0; c < 2; ++c) s.colours[c] = pos.pieces(Color(c));
    for (int t = 0; t < int(g.pieces.size()); ++t) s.types[t] = pos.pieces(t);
    s.text.assign(text);
    s.reading = reading;
}

}  // namespace arbiter::core::memo
