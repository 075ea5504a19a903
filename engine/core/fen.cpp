// FEN (Forsyth-Edwards Notation, PGN standard 16.1) for any rectangular game definition: piece letters,
// castling letters and square names come from the definition.
#include "core/castling_from_position.h"
#include "core/error.h"
#include "core/position.h"

#include <cctype>
#include <vector>

namespace arbiter::core {

namespace {

struct Field {
    std::string_view text;
    int column;  // 1-based
};

const char* const field_names[6] = {"piece placement", "side to move", "castling", "en passant", "halfmove clock",
                                    "fullmove number"};

}  // namespace

template <class BB>
BasicPosition<BB> BasicPosition<BB>::from_fen(GameDefinitionPtr def, std::string_view fen, const std::string& source) {
    const GameDefinition& g = *def;
    auto fail = [&](int field, int column, const std::string& what) -> void {
        std::string msg = "FEN: ";
        if (field > 0) msg += "field " + std::to_string(field) + " (" + field_names[field - 1] + ") at column " +
                              std::to_string(column) + ": ";
        throw InputError({source, 0, 0}, msg + what);
    };

    std::vector<Field> fields;
    for (int i = 0; i < int(fen.size());) {
        if (std::isspace(static_cast<unsigned char>(fen[i]))) {
            ++i;
            continue;
        }
        int start = i;
        while (i < int(fen.size()) && !std::isspace(static_cast<unsigned char>(fen[i]))) ++i;
        fields.push_back({fen.substr(start, i - start), start + 1});
    }
    if (fields.size() != 6)
        fail(0, 0, "expected 6 fields (placement, side to move, castling, en passant, halfmove clock, fullmove number), got " +
                       std::to_string(fields.size()));

    BasicPosition pos(def);
    // 1. Placement: ranks from the last to the first, files from the first to the last.
    {
        const Field& f = fields[0];
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
                // The count saturates past the board's width (a longer run of digits can only be too many
                // squares), so it never overflows however many digits the text holds.
                int n = 0;
                while (i < int(f.text.size()) && std::isdigit(static_cast<unsigned char>(f.text[i]))) {
                    if (n <= g.files) n = n * 10 + (f.text[i] - '0');
                    ++i;
                }
                --i;
                if (n == 0) fail(1, col, "an empty-square count must be at least 1");
                if (n > g.files - file)
                    fail(1, col, "rank " + g.rank_names[rank] + " has more than " + std::to_string(g.files) + " squares");
                file += n;
                if (file > g.files) fail(1, col, "rank " + g.rank_names[rank] + " has more than " + std::to_string(g.files) + " squares");
            } else {
                int type = g.piece_by_letter(c);
                if (type < 0 || !std::isalpha(static_cast<unsigned char>(c)))
                    fail(1, col, std::string("unknown piece letter '") + c + "'");
                if (file >= g.files) fail(1, col, "rank " + g.rank_names[rank] + " has more than " + std::to_string(g.files) + " squares");
                Color color = std::isupper(static_cast<unsigned char>(c)) ? first : second;
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
                if (n != 1)
                    fail(1, f.column, g.side_names[c] + " has " + std::to_string(n) + " " + g.pieces[g.royal_type].name +
                                          "s, expected 1");
            }
    }
    // 2. Side to move.
    {
        const Field& f = fields[1];
        if (f.text == "w") pos.side_ = first;
        else if (f.text == "b") pos.side_ = second;
        else fail(2, f.column, "expected 'w' or 'b', got '" + std::string(f.text) + "'");
    }
    pos.refresh();
    // 3. Castling rights: a letter per castling rule, or '-'.
    {
        const Field& f = fields[2];
        if (g.castling_from_position.enabled) {
            // The castling moves are read from the position: the position plays a definition that holds them.
            std::vector<CastlingRule> rules;
            int column = 0;
            if (f.text != "-") {
                std::string wrong = read_castling_field(g, pos.board_, pos.royal_, f.text, rules, column);
                if (!wrong.empty()) fail(3, f.column + column, wrong);
            }
            pos.owner_ = g.with_castling(rules);
            pos.def_ = pos.owner_.get();
            pos.tables_ = &pos.def_->template tables<BB>();
            pos.castling_ = std::uint8_t((1u << rules.size()) - 1);
        } else if (f.text != "-") {
            for (int i = 0; i < int(f.text.size()); ++i) {
                int rule = -1;
                for (int r = 0; r < int(g.castling.size()); ++r)
                    if (g.castling[r].fen == f.text[i]) rule = r;
                if (rule < 0) fail(3, f.column + i, std::string("unknown castling letter '") + f.text[i] + "'");
                if (pos.castling_ & (1u << rule)) fail(3, f.column + i, std::string("castling letter '") + f.text[i] + "' repeated");
                const CastlingRule& c = g.castling[rule];
                Piece k = pos.board_[c.king_from], r = pos.board_[c.rook_from];
                if (pos.royal_[c.side] != c.king_from || r == no_piece || color_of(r) != c.side || type_of(r) == type_of(k))
                    fail(3, f.column + i, std::string("castling right '") + f.text[i] + "' needs the " +
                                              g.side_names[c.side] + " royal piece on " + g.square_name(c.king_from) +
                                              " and a piece on " + g.square_name(c.rook_from));
                pos.castling_ |= std::uint8_t(1u << rule);
            }
        }
    }
    // 4. En passant target: the square a double step just passed over.
    {
        const Field& f = fields[3];
        if (f.text != "-") {
            int len = 0;
            int sq = g.parse_square(f.text, &len);
            if (sq < 0 || len != int(f.text.size()))
                fail(4, f.column, "expected a square such as e3 or '-', got '" + std::string(f.text) + "'");
            Color mover = ~pos.side_;
            for (int from = 0; from < g.squares; ++from) {
                if (g.double_step_over[mover][from] != sq) continue;
                int to = g.double_step_to[mover][from];
                Piece p = pos.board_[to];
                if (p != no_piece && color_of(p) == mover && g.pieces[type_of(p)].has_double_step && !pos.board_[from] &&
                    !pos.board_[sq]) {
                    pos.ep_ = Square(sq);
                    pos.ep_victim_ = Square(to);
                }
            }
            if (pos.ep_ == no_square)
                fail(4, f.column, "no double step by " + g.side_names[mover] + " can have passed over " + std::string(f.text));
        }
    }
    // 5-6. Counters.
    auto number = [&](int field, int min) {
        const Field& f = fields[field - 1];
        long v = 0;
        for (char c : f.text) {
            if (!std::isdigit(static_cast<unsigned char>(c)) || v > 100000000)
                fail(field, f.column, "expected a number, got '" + std::string(f.text) + "'");
            v = v * 10 + (c - '0');
        }
        if (v < min) fail(field, f.column, "expected a number of at least " + std::to_string(min) + ", got " + std::string(f.text));
        return int(v);
    };
    pos.halfmove_ = number(5, 0);
    pos.fullmove_ = number(6, 1);
    pos.refresh();
    // The side not to move may not be in check (it would be its royal piece to capture).
    if (int k = pos.royal_[~pos.side_]; k != no_square && pos.is_attacked(k, pos.side_))
        fail(2, fields[1].column, "the side not to move (" + g.side_names[~pos.side_] + ") is in check");
    return pos;
}

template <class BB>
std::string BasicPosition<BB>::fen(bool shredder) const {
    const GameDefinition& g = *def_;
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
            char l = g.pieces[type_of(p)].letter;
            out += color_of(p) == first ? l : char(std::tolower(static_cast<unsigned char>(l)));
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    out += side_ == first ? " w " : " b ";
    bool any = false;
    for (int i = 0; i < int(g.castling.size()); ++i)
        if (castling_ & (1u << i)) {
            out += castling_letter(g, board_, g.castling[i], shredder);
            any = true;
        }
    if (!any) out += '-';
    out += ' ';
    out += has_legal_en_passant() ? g.square_name(ep_) : "-";
    out += ' ' + std::to_string(halfmove_) + ' ' + std::to_string(fullmove_);
    return out;
}

#define ARBITER_FEN_FOR(BB)                                                                                      \
    template BasicPosition<BB> BasicPosition<BB>::from_fen(GameDefinitionPtr, std::string_view, const std::string&); \
    template std::string BasicPosition<BB>::fen(bool) const;
ARBITER_FEN_FOR(Bitboard)
ARBITER_FEN_FOR(WideBitboard<2>)
ARBITER_FEN_FOR(WideBitboard<3>)
#undef ARBITER_FEN_FOR

}  // namespace arbiter::core
