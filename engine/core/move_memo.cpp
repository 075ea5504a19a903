// The move texts read last on each thread (move_memo.h): a table of slots indexed by a hash of the position and the
// text; a slot is taken as the answer only when it holds exactly this position's reading-relevant state and this text,
// so a hash collision can only make a slot miss, never give another position's move.
#include "core/move_memo.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace arbiter::core::memo {

namespace {

// A power of two, a few long games' moves: the converter's reading of a move and the runner's (one per rulebook) come
// a game apart at most. About 300 bytes each.
constexpr std::size_t Slots = 1024;

struct Slot {
    std::uint64_t hash = 0;  // hash_of the state and text it holds: a slot of another state is told by this word alone
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

// The text's bytes eight at a time, multiplied in: a move text is a few bytes, and almost every lookup of a distinct
// game's move misses, so the hash is most of a lookup's cost.
std::uint64_t hash_of(const Position& pos, std::string_view text) {
    std::uint64_t h = pos.key() ^ (std::uint64_t(pos.en_passant_square() + 1) << 20) ^ text.size();
    for (std::size_t i = 0; i < text.size(); i += 8) {
        std::uint64_t word = 0;
        std::memcpy(&word, text.data() + i, std::min<std::size_t>(8, text.size() - i));
        h = (h ^ word) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    return h;
}

bool holds(const Slot& s, std::uint64_t hash, const Position& pos, std::string_view text) {
    const GameDefinition& g = pos.definition();
    if (s.hash != hash || s.def.get() != &g || s.side != int(pos.side_to_move()) || s.castling != pos.castling_rights() ||
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
    const std::uint64_t hash = hash_of(pos, text);
    const Slot& s = table()[hash & (Slots - 1)];
    return holds(s, hash, pos, text) ? &s.reading : nullptr;
}

void remember(const Position& pos, std::string_view text, const ParsedMove& reading) {
    const GameDefinition& g = pos.definition();
    if (g.hands || !reading.ok()) return;
    const std::uint64_t hash = hash_of(pos, text);
    Slot& s = table()[hash & (Slots - 1)];
    s.hash = hash;
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
