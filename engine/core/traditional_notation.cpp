// Traditional moves (traditional_notation.h). The order of the words is the JSA's 棋譜の表記方法: destination (or
// 同), piece, then only where two pieces of the kind reach the square the move's word (上 寄 引) if it alone tells
// them apart, else the place's word (右 左 直) if it does, else both; then 成 / 不成 where the move could promote,
// or 打 for a drop.
#include "core/traditional_notation.h"

#include <algorithm>
#include <vector>

namespace arbiter::core {

namespace {

std::size_t code_points(const std::string& s) {
    return std::size_t(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

}  // namespace

template <class BB>
std::string to_traditional(const BasicPosition<BB>& pos, Move m, int previous_to) {
    const GameDefinition& g = pos.definition();
    const TraditionalNotation& t = g.profile.traditional;
    if (!t.given || m.is_none() || m.kind() == MoveKind::pass) return {};
    const Color us = pos.side_to_move();
    const bool drop = m.kind() == MoveKind::drop;
    const int type = drop ? int(m.from()) : type_of(pos.piece_on(m.from()));
    if (type < 0 || type >= int(g.pieces.size())) return {};
    const std::string& name = g.pieces[std::size_t(type)].glyphs[0];
    std::string out = t.marks[std::size_t(us)];
    if (int(m.to()) == previous_to) {
        // KIF's columns: 同 and the name fill as many places as 同 and the longest name (「同　歩」, 「同成銀」).
        std::size_t longest = 0;
        for (const auto& p : g.pieces) longest = std::max(longest, code_points(p.glyphs[0]));
        out += t.same;
        for (std::size_t n = code_points(name); n < longest; ++n) out += "\u3000";
    } else {
        out += t.files[std::size_t(g.files - 1 - g.file_of(m.to()))] + t.ranks[std::size_t(g.ranks - 1 - g.rank_of(m.to()))];
    }
    out += name;
    if (drop) return out + t.drop;
    bool could_promote = false;
    const std::vector<int> origins = traditional_origins(pos, int(m.from()), int(m.to()), could_promote);
    if (origins.size() > 1) {
        std::vector<std::array<const std::string*, 2>> words;
        for (int o : origins) words.push_back(traditional_words(pos, o, int(m.to()), origins));
        // A word tells the move apart when no other origin's move has it.
        const auto alone = [&](std::size_t k) {
            if (!words[0][k]) return false;
            for (std::size_t i = 1; i < words.size(); ++i)
                if (words[i][k] == words[0][k]) return false;
            return true;
        };
        if (alone(0)) out += *words[0][0];
        else if (alone(1)) out += *words[0][1];
        else {
            if (words[0][1]) out += *words[0][1];
            out += *words[0][0];
        }
    }
    if (m.is_promotion()) out += t.promote;
    else if (could_promote) out += t.decline;
    return out;
}

template <class BB>
std::vector<int> traditional_origins(const BasicPosition<BB>& pos, int from, int to, bool& could_promote) {
    std::vector<int> origins{from};
    could_promote = false;
    for (Move other : pos.legal_moves()) {
        if (other.kind() == MoveKind::drop || int(other.to()) != to) continue;
        if (int(other.from()) == from) {
            could_promote = could_promote || other.is_promotion();
            continue;
        }
        if (pos.piece_on(other.from()) == pos.piece_on(from) &&
            std::find(origins.begin(), origins.end(), int(other.from())) == origins.end())
            origins.push_back(int(other.from()));
    }
    return origins;
}

template <class BB>
std::array<const std::string*, 2> traditional_words(const BasicPosition<BB>& pos, int from, int to,
                                                    const std::vector<int>& origins) {
    const GameDefinition& g = pos.definition();
    const TraditionalNotation& t = g.profile.traditional;
    const Color us = pos.side_to_move();
    // Files counted from the mover's right, ranks counted forward from the mover's edge.
    const auto from_right = [&](int sq) { return us == first ? g.files - g.file_of(sq) : g.file_of(sq) + 1; };
    const auto ahead = [&](int sq) { return us == first ? g.rank_of(sq) : g.ranks - 1 - g.rank_of(sq); };
    const int dy = ahead(to) - ahead(from);
    const std::string* moving = dy > 0 ? &t.up : dy < 0 ? &t.down : &t.sideways;
    const int type = type_of(pos.piece_on(from));
    if (type >= 0 && (t.straight_mask >> unsigned(type)) & 1u) {
        // Gold-movers and silver: the place as seen from the destination, 直 where the piece steps straight forward.
        const int dx = from_right(from) - from_right(to);
        return {moving, dx < 0 ? &t.right : dx > 0 ? &t.left : moving == &t.up ? &t.straight : nullptr};
    }
    // Other pieces are told from each other: the rightmost or the leftmost of them as the mover sees the board.
    bool rightmost = true, leftmost = true;
    for (int o : origins) {
        if (o == from) continue;
        rightmost = rightmost && from_right(from) < from_right(o);
        leftmost = leftmost && from_right(from) > from_right(o);
    }
    return {moving, rightmost ? &t.right : leftmost ? &t.left : nullptr};
}

#define ARBITER_TRADITIONAL(BB)                                                                                       \
    template std::vector<int> traditional_origins(const BasicPosition<BB>&, int, int, bool&);                        \
    template std::array<const std::string*, 2> traditional_words(const BasicPosition<BB>&, int, int,                  \
                                                                 const std::vector<int>&);
ARBITER_TRADITIONAL(Bitboard)
ARBITER_TRADITIONAL(WideBitboard<2>)
ARBITER_TRADITIONAL(WideBitboard<3>)
#undef ARBITER_TRADITIONAL

template std::string to_traditional(const BasicPosition<Bitboard>&, Move, int);
template std::string to_traditional(const BasicPosition<WideBitboard<2>>&, Move, int);
template std::string to_traditional(const BasicPosition<WideBitboard<3>>&, Move, int);

}  // namespace arbiter::core
