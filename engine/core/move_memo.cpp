// The move texts read last on each thread (move_memo.h): a table of slots indexed by a hash of the position and the
// text; a slot is taken as the answer only when it holds exactly this position's reading-relevant state and this text,
// so a hash collision can only make a slot miss, never give another position's move.
#include "core/move_memo.h"

#include <algorithm>
#include <cstdint>
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

// The hash of each slot's state and text, apart from the slots (8 KiB, against 300 KiB of slots, and plain arrays that
// need no construction on first use): on distinct games almost every lookup misses, and a miss is told by this word
// alone without bringing a slot into the cache. A reading fills its slot only when it was looked up before
// (`offered`: the hash of the last lookup that missed at each index), so that the moves of distinct games, met once,
// cost no slot's writing; a repeated one is recalled from its third time.
thread_local std::uint64_t hashes[Slots];
thread_local std::uint64_t offered[Slots];

std::vector<Slot>& slots() {
    thread_local std::vector<Slot> s(Slots);
    return s;
}

// The text's bytes eight at a time, gathered in a register (a copy through memory stalls on the load that follows)
// and multiplied in: almost every lookup of a distinct game's move misses, so the hash is most of a lookup's cost.
std::uint64_t hash_of(const Position& pos, std::string_view text) {
    std::uint64_t h = pos.key() ^ (std::uint64_t(pos.en_passant_square() + 1) << 20) ^ text.size();
    for (std::size_t i = 0; i < text.size(); i += 8) {
        std::uint64_t word = 0;
        for (std::size_t k = i; k < std::min(i + 8, text.size()); ++k)
            word |= std::uint64_t(static_cast<unsigned char>(text[k])) << (8 * (k - i));
        h = (h ^ word) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    return h;
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

Lookup recall(const Position& pos, std::string_view text) {
    if (pos.definition().hands) return {};
    Lookup l;
    l.hash = hash_of(pos, text);
    const std::size_t i = l.hash & (Slots - 1);
    if (hashes[i] == l.hash) {
        const Slot& s = slots()[i];
        if (holds(s, pos, text)) {
            l.known = &s.reading;
            return l;
        }
    }
    l.offered_before = offered[i] == l.hash;
    offered[i] = l.hash;
    return l;
}

void remember(const Lookup& lookup, const Position& pos, std::string_view text, const ParsedMove& reading) {
    const GameDefinition& g = pos.definition();
    if (g.hands || !reading.ok() || !lookup.offered_before) return;
    const std::size_t i = lookup.hash & (Slots - 1);
    const std::uint64_t hash = lookup.hash;
    hashes[i] = hash;
    Slot& s = slots()[i];
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
