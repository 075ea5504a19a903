// FEN (Forsyth-Edwards Notation, PGN standard 16.1) for any rectangular game definition: piece letters,
// castling letters and square names come from the definition.
#include "core/castling_from_position.h"
#include "core/error.h"
#include "core/position.h"
#include "core/position_text.h"

#include <cctype>
#include <vector>

namespace arbiter::core {

template <class BB>
BasicPosition<BB> BasicPosition<BB>::from_fen(GameDefinitionPtr def, std::string_view fen, const std::string& source) {
    const GameDefinition& g = *def;
    const PositionText text("FEN",
                            {"piece placement", "side to move", "castling", "en passant", "halfmove clock",
                             "fullmove number"},
                            source, fen);
    auto fail = [&](int field, int column, const std::string& what) { text.fail(field, column, what); };
    if (text.fields().size() != 6)
        fail(0, 0, "expected 6 fields (placement, side to move, castling, en passant, halfmove clock, fullmove number), got " +
                       std::to_string(text.fields().size()));

    BasicPosition pos(def);
    // 1. Placement.
    text.placement(
        g, 1,
        [&](std::string_view f, int& i) {
            char c = f[i];
            int type = std::isalpha(static_cast<unsigned char>(c)) ? g.piece_by_letter(c) : -1;
            if (type < 0) fail(1, text.field(1).column + i, std::string("unknown piece letter '") + c + "'");
            return PositionText::Piece{type, c};
        },
        [&](int square, Color side, int type) { pos.put_piece(square, make_piece(side, type)); });
    // 2. Side to move.
    {
        const TextField& f = text.field(2);
        if (f.text == "w") pos.side_ = first;
        else if (f.text == "b") pos.side_ = second;
        else fail(2, f.column, "expected 'w' or 'b', got '" + std::string(f.text) + "'");
    }
    pos.refresh();
    // 3. Castling rights: a letter per castling rule, or '-'.
    {
        const TextField& f = text.field(3);
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
                for (int r = 0; r < int(g.first_moves.size()); ++r)
                    if (g.first_moves[r].fen == f.text[i]) rule = g.first_move_bit(r);
                if (rule < 0) fail(3, f.column + i, std::string("unknown castling letter '") + f.text[i] + "'");
                if (pos.castling_ & (1u << rule)) fail(3, f.column + i, std::string("castling letter '") + f.text[i] + "' repeated");
                if (rule >= int(g.castling.size())) {
                    // A first move's right (`first_moves`): its piece on its square.
                    const FirstMove& m = g.first_moves[std::size_t(rule) - g.castling.size()];
                    if (pos.board_[m.from] != make_piece(m.side, m.type))
                        fail(3, f.column + i, std::string("right '") + f.text[i] + "' needs the " +
                                                  g.side_names[m.side] + " " + g.pieces[m.type].name + " on " +
                                                  g.square_name(m.from));
                    pos.castling_ |= std::uint8_t(1u << rule);
                    continue;
                }
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
        const TextField& f = text.field(4);
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
    pos.halfmove_ = text.number(5, 0);
    pos.fullmove_ = text.number(6, 1);
    pos.refresh();
    // The side not to move may not be in check (it would be its royal piece to capture).
    if (int k = pos.royal_[~pos.side_]; k != no_square && pos.is_attacked(k, pos.side_))
        fail(2, text.field(2).column, "the side not to move (" + g.side_names[~pos.side_] + ") is in check");
    return pos;
}

template <class BB>
std::string BasicPosition<BB>::fen(bool shredder) const {
    const GameDefinition& g = *def_;
    std::string out = placement_text(g, board_, [&](std::string& text, Piece p) {
        char l = g.pieces[type_of(p)].letter;
        text += color_of(p) == first ? l : char(std::tolower(static_cast<unsigned char>(l)));
    });
    out += side_ == first ? " w " : " b ";
    bool any = false;
    for (int i = 0; i < int(g.castling.size()); ++i)
        if (castling_ & (1u << i)) {
            out += castling_letter(g, board_, g.castling[i], shredder);
            any = true;
        }
    for (int i = 0; i < int(g.first_moves.size()); ++i)
        if (castling_ & (1u << g.first_move_bit(i))) {
            out += g.first_moves[i].fen;
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
