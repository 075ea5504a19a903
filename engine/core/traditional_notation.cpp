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
    // Files counted from the mover's right, ranks counted forward from the mover's edge.
    const auto from_right = [&](int sq) { return us == first ? g.files - g.file_of(sq) : g.file_of(sq) + 1; };
    const auto ahead = [&](int sq) { return us == first ? g.rank_of(sq) : g.ranks - 1 - g.rank_of(sq); };
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
    // The other pieces of the kind that could go to the square, and whether this one could have promoted there.
    std::vector<int> origins{int(m.from())};
    bool could_promote = false;
    for (Move other : pos.legal_moves()) {
        if (other.kind() == MoveKind::drop || other.to() != m.to()) continue;
        if (other.from() == m.from()) {
            could_promote = could_promote || other.is_promotion();
            continue;
        }
        if (pos.piece_on(other.from()) == pos.piece_on(m.from()) &&
            std::find(origins.begin(), origins.end(), int(other.from())) == origins.end())
            origins.push_back(int(other.from()));
    }
    if (origins.size() > 1) {
        const auto moving = [&](int from) {
            const int dy = ahead(int(m.to())) - ahead(from);
            return dy > 0 ? &t.up : dy < 0 ? &t.down : &t.sideways;
        };
        const bool from_destination = (t.straight_mask >> unsigned(type)) & 1u;
        const auto place = [&](int from) -> const std::string* {
            if (from_destination) {
                const int dx = from_right(from) - from_right(int(m.to()));
                return dx < 0 ? &t.right : dx > 0 ? &t.left : moving(from) == &t.up ? &t.straight : nullptr;
            }
            // Told from each other: the rightmost or the leftmost of them as the mover sees the board.
            bool rightmost = true, leftmost = true;
            for (int o : origins)
                if (o != from) rightmost = rightmost && from_right(from) < from_right(o), leftmost = leftmost && from_right(from) > from_right(o);
            return rightmost ? &t.right : leftmost ? &t.left : nullptr;
        };
        const auto alone = [&](auto word) {
            const std::string* mine = word(int(m.from()));
            if (!mine) return false;
            for (std::size_t i = 1; i < origins.size(); ++i)
                if (word(origins[i]) == mine) return false;
            return true;
        };
        if (alone(moving)) out += *moving(int(m.from()));
        else if (alone(place)) out += *place(int(m.from()));
        else {
            if (const std::string* p = place(int(m.from()))) out += *p;
            out += *moving(int(m.from()));
        }
    }
    if (m.is_promotion()) out += t.promote;
    else if (could_promote) out += t.decline;
    return out;
}

template std::string to_traditional(const BasicPosition<Bitboard>&, Move, int);
template std::string to_traditional(const BasicPosition<WideBitboard<2>>&, Move, int);
template std::string to_traditional(const BasicPosition<WideBitboard<3>>&, Move, int);

}  // namespace arbiter::core
