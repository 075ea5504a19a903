// File-relative moves (relative_notation.h). A text is read by splitting it into four words (UTF-8 code points or
// ASCII signs) and comparing each legal move's description with them, so that the rules of writing live in one place
// (describe) and reading is their inverse.
#include "core/relative_notation.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <vector>

namespace arbiter::core {

namespace {

// A move as the notation sees it: its piece, its file from the mover's right (1..9), the front or back piece of two
// on that file, its direction and its last number.
struct Described {
    int type = -1;
    int file = 0;
    int rank_place = 0;  // 0: alone on its file; 1: the front one; 2: the back one
    int direction = 0;   // 1 forward, 2 backward, 3 sideways
    int number = 0;
};

template <class BB>
Described describe(const BasicPosition<BB>& pos, Move m) {
    const GameDefinition& g = pos.definition();
    const Color us = pos.side_to_move();
    const auto from_right = [&](int sq) { return us == first ? g.files - g.file_of(sq) : g.file_of(sq) + 1; };
    const auto ahead = [&](int sq) { return us == first ? g.rank_of(sq) : g.ranks - 1 - g.rank_of(sq); };
    Described d;
    d.type = type_of(pos.piece_on(m.from()));
    d.file = from_right(m.from());
    // Another piece of the kind on the same file: front (further ahead) or back.
    for (int sq = g.file_of(m.from()); sq < g.files * g.ranks; sq += g.files)
        if (sq != int(m.from()) && pos.piece_on(sq) == pos.piece_on(m.from()))
            d.rank_place = ahead(m.from()) > ahead(sq) ? 1 : 2;
    const int dy = ahead(m.to()) - ahead(m.from());
    d.direction = dy > 0 ? 1 : dy < 0 ? 2 : 3;
    d.number = d.direction != 3 && g.file_of(m.to()) == g.file_of(m.from()) ? (dy > 0 ? dy : -dy) : from_right(m.to());
    return d;
}

// The text's code points (a UTF-8 sequence each).
std::vector<std::string> code_points(std::string_view text) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < text.size();) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 1;
        if (c != ' ') out.emplace_back(text.substr(i, n));
        i += n;
    }
    return out;
}

bool listed(const std::vector<std::string>& words, const std::string& w) {
    return std::find(words.begin(), words.end(), w) != words.end();
}

// The value 1..9 of a numeral of either side or an ASCII digit; 0 for none.
int numeral(const RelativeNotation& r, const std::string& w) {
    if (w.size() == 1 && w[0] >= '1' && w[0] <= '9') return w[0] - '0';
    for (const auto& side : r.numerals)
        for (std::size_t i = 0; i < side.size(); ++i)
            if (side[i] == w) return int(i) + 1;
    return 0;
}

int piece_named(const RelativeNotation& r, const std::string& w) {
    // WXF writes the second side's letters in lower case (the Asian rules' diagrams: "Red in capital").
    std::string upper = w;
    if (upper.size() == 1) upper[0] = char(std::toupper(static_cast<unsigned char>(upper[0])));
    for (int t = 0; t < max_relative_types; ++t)
        if (r.letter_of[std::size_t(t)] == upper || listed(r.names_of[std::size_t(t)], w)) return t;
    return -1;
}

}  // namespace

template <class BB>
std::string to_relative(const BasicPosition<BB>& pos, Move m, RelativeStyle style) {
    const RelativeNotation& r = pos.definition().profile.relative;
    const Described d = describe(pos, m);
    const int side = int(pos.side_to_move());
    const auto number = [&](int n) {
        return style == RelativeStyle::letters ? std::to_string(n) : r.numerals[std::size_t(side)][std::size_t(n - 1)];
    };
    const auto pick = [&](const std::vector<std::string>& words, bool letters) {
        // The letters style writes the ASCII sign (+, -, .), the names style the first word that is not one.
        for (const auto& w : words)
            if ((w.size() == 1 && !std::isalnum(static_cast<unsigned char>(w[0]))) == letters) return w;
        return words[0];
    };
    const auto& direction_words = d.direction == 1 ? r.forward : d.direction == 2 ? r.backward : r.sideways;
    if (style == RelativeStyle::letters) {
        const std::string place =
            d.rank_place == 0 ? std::to_string(d.file) : pick(d.rank_place == 1 ? r.front : r.back, true);
        return r.letter_of[std::size_t(d.type)] + place + pick(direction_words, true) + number(d.number);
    }
    const std::string& name = r.names_of[std::size_t(d.type)][std::size_t(side)];
    const std::string word = pick(direction_words, false);
    if (d.rank_place != 0) return pick(d.rank_place == 1 ? r.front : r.back, false) + name + word + number(d.number);
    return name + number(d.file) + word + number(d.number);
}

template <class BB>
ParsedMove read_relative(const BasicPosition<BB>& pos, std::string_view text) {
    const RelativeNotation& r = pos.definition().profile.relative;
    ParsedMove out;
    const auto fail = [&](int column, const std::string& what) {
        out.status = MoveParseStatus::syntax_error;
        out.message = "column " + std::to_string(column) + ": " + what +
                      "; expected a file-relative move (C2.5, 炮二平五) or coordinates (h2e2)";
        return out;
    };
    const std::vector<std::string> w = code_points(text);
    if (w.size() != 4) return fail(1, "found " + std::to_string(w.size()) + " signs where a relative move has four");
    // Piece first (C2.5, C+.5) or front/back first (前炮平五, +C.5).
    Described want;
    std::size_t dir_at = 2;
    if (const int t = piece_named(r, w[0]); t >= 0) {
        want.type = t;
        if (const int n = numeral(r, w[1])) want.file = n;
        else if (listed(r.front, w[1])) want.rank_place = 1;
        else if (listed(r.back, w[1])) want.rank_place = 2;
        else return fail(2, "'" + w[1] + "' is neither a file nor a front or back sign");
    } else if (listed(r.front, w[0]) || listed(r.back, w[0])) {
        want.rank_place = listed(r.front, w[0]) ? 1 : 2;
        want.type = piece_named(r, w[1]);
        if (want.type < 0) return fail(2, "'" + w[1] + "' names no piece");
    } else {
        return fail(1, "'" + w[0] + "' names no piece");
    }
    const std::string& dir = w[dir_at];
    want.direction = listed(r.forward, dir) ? 1 : listed(r.backward, dir) ? 2 : listed(r.sideways, dir) ? 3 : 0;
    if (want.direction == 0) return fail(int(dir_at) + 1, "'" + w[dir_at] + "' is no direction");
    want.number = numeral(r, w[3]);
    if (want.number == 0) return fail(4, "'" + w[3] + "' is no numeral");
    std::optional<Move> found;
    for (Move m : pos.legal_moves()) {
        const Described d = describe(pos, m);
        if (d.type != want.type || d.direction != want.direction || d.number != want.number) continue;
        if (want.rank_place ? d.rank_place != want.rank_place : d.file != want.file) continue;
        if (found) return fail(1, "more than one legal move fits");
        found = m;
    }
    if (!found) {
        out.status = MoveParseStatus::illegal;
        out.message = "no legal move fits '" + std::string(text) + "'";
        return out;
    }
    out.status = MoveParseStatus::ok;
    out.move = *found;
    out.attempted = AttemptedMove{want.type, int(found->from()), int(found->to()), -1, false};
    return out;
}

template std::string to_relative(const BasicPosition<Bitboard>&, Move, RelativeStyle);
template std::string to_relative(const BasicPosition<WideBitboard<2>>&, Move, RelativeStyle);
template std::string to_relative(const BasicPosition<WideBitboard<3>>&, Move, RelativeStyle);
template ParsedMove read_relative(const BasicPosition<Bitboard>&, std::string_view);
template ParsedMove read_relative(const BasicPosition<WideBitboard<2>>&, std::string_view);
template ParsedMove read_relative(const BasicPosition<WideBitboard<3>>&, std::string_view);

}  // namespace arbiter::core
