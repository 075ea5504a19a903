// SFEN (the position string of the USI protocol) for games with hands: placement ranks from the far
// edge of the first side with '+' before a promoted piece's unpromoted letter, side to move b (first) or
// w (second), pieces in hand as [count]letter or '-', and an optional move number.
#include "core/error.h"
#include "core/position.h"

#include <cctype>
#include <vector>

namespace arbiter::core {

namespace {

struct SfenField {
    std::string_view text;
    int column;  // 1-based
};

const char* const sfen_field_names[4] = {"piece placement", "side to move", "pieces in hand", "move number"};

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
    auto fail = [&](int field, int column, const std::string& what) -> void {
        std::string msg = "SFEN: ";
        if (field > 0) msg += "field " + std::to_string(field) + " (" + sfen_field_names[field - 1] + ") at column " +
                              std::to_string(column) + ": ";
        throw InputError({source, 0, 0}, msg + what);
    };
    if (!g.hands) fail(0, 0, "game '" + g.id + "' has no hands; write its positions as FEN");

    std::vector<SfenField> fields;
    for (int i = 0; i < int(sfen.size());) {
        if (std::isspace(static_cast<unsigned char>(sfen[i]))) {
            ++i;
            continue;
        }
        int start = i;
        while (i < int(sfen.size()) && !std::isspace(static_cast<unsigned char>(sfen[i]))) ++i;
        fields.push_back({sfen.substr(start, i - start), start + 1});
    }
    if (fields.size() != 3 && fields.size() != 4)
        fail(0, 0, "expected 3 or 4 fields (placement, side to move, pieces in hand, move number), got " +
                       std::to_string(fields.size()));

    BasicPosition pos(def);
    // 1. Placement: ranks from the last to the first, files from the first to the last.
    {
        const SfenField& f = fields[0];
        int rank = g.ranks - 1, file = 0;
        for (int i = 0; i < int(f.text.size()); ++i) {
            char c = f.text[i];
            int col = f.column + i;
            if (c == '/') {
                if (file != g.files)
                    fail(1, col, "rank " + g.rank_names[rank] + " has " + std::to_string(file) + " squares, expected " +
                                     std::to_string(g.files));
                if (rank == 0) fail(1, col, "more than " + std::to_string(g.ranks) + " ranks");
                --rank;
                file = 0;
            } else if (std::isdigit(static_cast<unsigned char>(c))) {
                int n = 0;
                while (i < int(f.text.size()) && std::isdigit(static_cast<unsigned char>(f.text[i])) && n <= 100)
                    n = n * 10 + (f.text[i++] - '0');
                --i;
                if (n == 0) fail(1, col, "an empty-square count must be at least 1");
                file += n;
                if (file > g.files) fail(1, col, "rank " + g.rank_names[rank] + " has more than " + std::to_string(g.files) + " squares");
            } else {
                bool plus = c == '+';
                if (plus) {
                    if (i + 1 == int(f.text.size())) fail(1, col, "'+' must be followed by a piece letter");
                    c = f.text[++i];
                }
                int type = std::isalpha(static_cast<unsigned char>(c)) ? g.piece_by_letter(c) : -1;
                if (type >= 0 && g.pieces[type].promoted) type = -1;  // promoted pieces are written +<letter>
                if (type < 0) fail(1, col, std::string("unknown piece letter '") + c + "'");
                if (plus) {
                    int promoted = promoted_of(g, type);
                    if (promoted < 0) fail(1, col, std::string("'") + c + "' (" + g.pieces[type].name + ") does not promote");
                    type = promoted;
                }
                if (file >= g.files) fail(1, col, "rank " + g.rank_names[rank] + " has more than " + std::to_string(g.files) + " squares");
                Color color = std::isupper(static_cast<unsigned char>(c)) ? first : second;
                // A piece where it could never move is accepted (published test positions have them): it
                // just has no moves, like a side without a king has no check.
                pos.put_piece(g.square(file, rank), make_piece(color, type));
                ++file;
            }
        }
        if (rank != 0 || file != g.files)
            fail(1, f.column + int(f.text.size()), "expected " + std::to_string(g.ranks) + " ranks of " + std::to_string(g.files) +
                                                       " squares");
        if (g.royal_type >= 0)
            for (int c = 0; c < 2; ++c) {
                int n = popcount(pos.pieces(Color(c), g.royal_type));
                if (n > 1)
                    fail(1, f.column, g.side_names[c] + " has " + std::to_string(n) + " " + g.pieces[g.royal_type].name +
                                          "s, expected at most 1");
            }
    }
    // 2. Side to move.
    {
        const SfenField& f = fields[1];
        if (f.text == "b") pos.side_ = first;
        else if (f.text == "w") pos.side_ = second;
        else fail(2, f.column, "expected 'b' or 'w', got '" + std::string(f.text) + "'");
    }
    pos.refresh();
    // 3. Pieces in hand.
    {
        const SfenField& f = fields[2];
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
    if (fields.size() == 4) {
        const SfenField& f = fields[3];
        long v = 0;
        for (char c : f.text) {
            if (!std::isdigit(static_cast<unsigned char>(c)) || v > 100000000)
                fail(4, f.column, "expected a number, got '" + std::string(f.text) + "'");
            v = v * 10 + (c - '0');
        }
        if (v < 1) fail(4, f.column, "expected a number of at least 1, got " + std::string(f.text));
        pos.move_number_ = int(v);
    }
    pos.refresh();
    if (int k = pos.royal_[~pos.side_]; k != no_square && pos.is_attacked(k, pos.side_))
        fail(2, fields[1].column, "the side not to move (" + g.side_names[~pos.side_] + ") is in check");
    return pos;
}

template <class BB>
std::string BasicPosition<BB>::sfen() const {
    const GameDefinition& g = *def_;
    auto letter = [](char l, Color c) { return c == first ? l : char(std::tolower(static_cast<unsigned char>(l))); };
    std::string out;
    for (int rank = g.ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < g.files; ++file) {
            Piece p = board_[g.square(file, rank)];
            if (!p) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            const PieceType& pt = g.pieces[type_of(p)];
            if (pt.promoted) out += '+';
            out += letter(g.pieces[pt.hand_type].letter, color_of(p));
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
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
