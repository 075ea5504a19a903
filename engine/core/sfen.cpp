// SFEN (the position string of the USI protocol) for games with hands: placement ranks from the far
// edge of the first side with '+' before a promoted piece's unpromoted letter, side to move b (first) or
// w (second), pieces in hand as [count]letter or '-', and an optional move number.
#include "core/error.h"
#include "core/position.h"
#include "core/position_text.h"

#include <cctype>
#include <vector>

namespace arbiter::core {

namespace {

// The promoted type whose unpromoted type is `base`, or -1.
int promoted_of(const GameDefinition& g, int base) {
    for (int t = 0; t < int(g.pieces.size()); ++t)
        if (g.pieces[t].promoted && g.pieces[t].hand_type == base) return t;
    return -1;
}

}  // namespace

template <class BB>
BasicPosition<BB> BasicPosition<BB>::from_sfen(GameDefinitionPtr def, std::string_view sfen, const std::string& source) {
    const GameDefinition& g = *def;
    const PositionText text("SFEN", {"piece placement", "side to move", "pieces in hand", "move number"}, source, sfen);
    auto fail = [&](int field, int column, const std::string& what) { text.fail(field, column, what); };
    if (!g.hands) fail(0, 0, "game '" + g.id + "' has no hands; write its positions as FEN");
    if (text.fields().size() != 3 && text.fields().size() != 4)
        fail(0, 0, "expected 3 or 4 fields (placement, side to move, pieces in hand, move number), got " +
                       std::to_string(text.fields().size()));

    BasicPosition pos(def);
    // 1. Placement: '+' before a promoted piece's unpromoted letter. A piece where it could never move is accepted
    // (published test positions have them): it just has no moves, like a side without a king has no check.
    text.placement(
        g, 0,
        [&](std::string_view f, int& i) {
            int col = text.field(1).column + i;
            char c = f[i];
            bool plus = c == '+';
            if (plus) {
                if (i + 1 == int(f.size())) fail(1, col, "'+' must be followed by a piece letter");
                c = f[++i];
            }
            int type = std::isalpha(static_cast<unsigned char>(c)) ? g.piece_by_letter(c) : -1;
            if (type >= 0 && g.pieces[type].promoted) type = -1;  // promoted pieces are written +<letter>
            if (type < 0) fail(1, col, std::string("unknown piece letter '") + c + "'");
            if (plus) {
                int promoted = promoted_of(g, type);
                if (promoted < 0) fail(1, col, std::string("'") + c + "' (" + g.pieces[type].name + ") does not promote");
                type = promoted;
            }
            return PositionText::Piece{type, c};
        },
        [&](int square, Color side, int type) { pos.put_piece(square, make_piece(side, type)); });
    // 2. Side to move.
    {
        const TextField& f = text.field(2);
        if (f.text == "b") pos.side_ = first;
        else if (f.text == "w") pos.side_ = second;
        else fail(2, f.column, "expected 'b' or 'w', got '" + std::string(f.text) + "'");
    }
    pos.refresh();
    // 3. Pieces in hand.
    {
        const TextField& f = text.field(3);
        if (f.text != "-") {
            for (int i = 0; i < int(f.text.size()); ++i) {
                int col = f.column + i;
                int count = 0;
                bool counted = false;
                while (i < int(f.text.size()) && std::isdigit(static_cast<unsigned char>(f.text[i]))) {
                    count = count * 10 + (f.text[i++] - '0');
                    counted = true;
                    if (count > 63) fail(3, col, "more than 63 pieces of one kind in hand");
                }
                if (i == int(f.text.size())) fail(3, col, "a count must be followed by a piece letter");
                if (!counted) count = 1;
                if (count == 0) fail(3, col, "a count must be at least 1");
                char c = f.text[i];
                int type = std::isalpha(static_cast<unsigned char>(c)) ? g.piece_by_letter(c) : -1;
                if (type < 0 || !(g.hand_types & (1u << type)))
                    fail(3, f.column + i, std::string("'") + c + "' is not a piece that can be in hand");
                Color color = std::isupper(static_cast<unsigned char>(c)) ? first : second;
                int total = pos.hand_[color][type] + count;
                if (total > 63) fail(3, col, "more than 63 pieces of one kind in hand");
                pos.set_hand(color, type, total);
            }
        }
    }
    // 4. Move number (optional).
    if (text.fields().size() == 4) pos.move_number_ = text.number(4, 1);
    pos.refresh();
    if (int k = pos.royal_[~pos.side_]; k != no_square && pos.is_attacked(k, pos.side_))
        fail(2, text.field(2).column, "the side not to move (" + g.side_names[~pos.side_] + ") is in check");
    return pos;
}

template <class BB>
std::string BasicPosition<BB>::sfen() const {
    const GameDefinition& g = *def_;
    auto letter = [](char l, Color c) { return c == first ? l : char(std::tolower(static_cast<unsigned char>(l))); };
    std::string out = placement_text(g, board_, [&](std::string& text, Piece p) {
        const PieceType& pt = g.pieces[type_of(p)];
        if (pt.promoted) text += '+';
        text += letter(g.pieces[pt.hand_type].letter, color_of(p));
    });
    out += side_ == first ? " b " : " w ";
    std::string hands;
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < int(g.pieces.size()); ++t) {
            int n = hand_[c][t];
            if (!n) continue;
            if (n > 1) hands += std::to_string(n);
            hands += letter(g.pieces[t].letter, Color(c));
        }
    out += hands.empty() ? "-" : hands;
    out += ' ' + std::to_string(move_number_);
    return out;
}

#define ARBITER_SFEN_FOR(BB)                                                                                      \
    template BasicPosition<BB> BasicPosition<BB>::from_sfen(GameDefinitionPtr, std::string_view, const std::string&); \
    template std::string BasicPosition<BB>::sfen() const;
ARBITER_SFEN_FOR(Bitboard)
ARBITER_SFEN_FOR(WideBitboard<2>)
ARBITER_SFEN_FOR(WideBitboard<3>)
#undef ARBITER_SFEN_FOR

}  // namespace arbiter::core
