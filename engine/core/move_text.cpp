#include "core/move_text.h"

#include "core/error.h"
#include "core/notation.h"

#include <cctype>

namespace arbiter::core {

namespace {

char side_letter(char upper, bool lower) { return lower ? char(std::tolower(static_cast<unsigned char>(upper))) : upper; }

}  // namespace

template <class BB>
std::string to_usi(const BasicPosition<BB>& pos, Move m) {
    const GameDefinition& g = pos.definition();
    if (m.kind() == MoveKind::pass) return "pass";
    if (m.kind() == MoveKind::drop) return std::string(1, g.pieces[m.from()].letter) + "*" + g.square_name(m.to());
    std::string out = g.square_name(m.from()) + g.square_name(m.to());
    if (m.is_promotion()) {
        if (g.hands) out += '+';
        else out += side_letter(g.pieces[m.promotion_type()].letter, true);
    }
    return out;
}

template <class BB>
ParsedMove read_usi(const BasicPosition<BB>& pos, std::string_view text) {
    const GameDefinition& g = pos.definition();
    ParsedMove out;
    auto fail = [&](int column, const std::string& what) {
        out.status = MoveParseStatus::syntax_error;
        out.message = "column " + std::to_string(column) + ": " + what;
        return out;
    };
    // The move as written; it is held on the board only if the mover has the piece (on `from`, or in hand) and
    // `to` holds neither an own piece nor a royal one, so that an unnoticed illegal move can stand.
    Move written;
    bool holdable = false;
    if (text.size() >= 2 && text[1] == '*') {
        int type = std::isalpha(static_cast<unsigned char>(text[0])) ? g.piece_by_letter(text[0]) : -1;
        if (type < 0 || !(g.hand_types & (1u << type))) return fail(1, std::string("'") + text[0] + "' is not a piece that can be dropped");
        int len = 0;
        int to = g.parse_square(text.substr(2), &len);
        if (to < 0 || 2 + len != int(text.size())) return fail(3, "expected a square such as 5e after '*'");
        written = Move(type, to, MoveKind::drop);
        out.attempted = {type, -1, to, -1, -1};
        holdable = pos.hand_count(pos.side_to_move(), type) > 0 && pos.piece_on(to) == no_piece;
    } else {
        int len1 = 0, len2 = 0;
        const int from = g.parse_square(text, &len1);
        if (from < 0) return fail(1, "expected a square such as 7g, or a drop such as P*5e");
        const int to = g.parse_square(text.substr(len1), &len2);
        if (to < 0) return fail(1 + len1, "expected the destination square");
        std::string_view rest = text.substr(len1 + len2);
        int promotion = -1;  // -1: none written
        if (!rest.empty()) {
            if (g.hands && rest == "+") promotion = 0;
            else if (!g.hands && rest.size() == 1 && std::islower(static_cast<unsigned char>(rest[0])))
                promotion = g.piece_by_letter(rest[0]);
            if (promotion < 0) return fail(1 + len1 + len2, "unexpected '" + std::string(rest) + "' after the squares");
        }
        const Piece moved = pos.piece_on(from), target = pos.piece_on(to);
        out.attempted = {moved ? type_of(moved) : -1, from, to, promotion, -1};
        for (Move m : pos.legal_moves()) {
            if (m.kind() == MoveKind::drop || m.kind() == MoveKind::pass) continue;
            if (m.from() != from || m.to() != to) continue;
            if (m.is_promotion() != (promotion >= 0)) continue;
            if (m.is_promotion() && !g.hands && m.promotion_type() != promotion) continue;
            out.status = MoveParseStatus::ok;
            out.move = m;
            return out;
        }
        const auto& promotes_to = moved ? g.pieces[type_of(moved)].promotion.to : std::vector<int>{};
        if (promotion >= 0 && g.hands) promotion = promotes_to.empty() ? -1 : promotes_to.front();
        written = promotion >= 0 ? Move(from, to, MoveKind::promotion, promotion) : Move(from, to);
        holdable = moved && color_of(moved) == pos.side_to_move() && from != to &&
                   (!target || (color_of(target) != pos.side_to_move() && type_of(target) != g.royal_type)) &&
                   (promotion >= 0 || out.attempted.promotion < 0);
    }
    if (written.kind() == MoveKind::drop && pos.legal_moves().contains(written)) {
        out.status = MoveParseStatus::ok;
        out.move = written;
        return out;
    }
    out.status = MoveParseStatus::illegal;
    out.message = written.kind() == MoveKind::drop ? "not a legal drop in this position" : "not a legal move in this position";
    if (holdable) out.move = written;
    return out;
}

template <class BB>
Move parse_usi(const BasicPosition<BB>& pos, std::string_view text, const std::string& source) {
    const ParsedMove p = read_usi(pos, text);
    if (!p.ok()) {
        // The message starts "column N: ..."; an illegal move is reported at column 1.
        const std::string what = p.status == MoveParseStatus::illegal ? "column 1: " + p.message : p.message;
        throw InputError({source, 0, 0}, "move '" + std::string(text) + "' at " + what);
    }
    return p.move;
}

template <class BB>
ImpasseCount impasse_count(const BasicPosition<BB>& pos, Color side) {
    const GameDefinition& g = pos.definition();
    ImpasseCount out;
    for (int t = 0; t < int(g.pieces.size()); ++t)
        if (t != g.royal_type) out.points += pos.hand_count(side, t) * g.pieces[t].impasse_points;
    for (int sq = 0; sq < g.squares; ++sq) {
        Piece p = pos.piece_on(sq);
        if (!p || color_of(p) != side || !(g.impasse_ranks[side] & (1u << g.rank_of(sq)))) continue;
        if (type_of(p) == g.royal_type) {
            out.royal_in_zone = true;
            continue;
        }
        ++out.pieces_in_zone;
        out.points += g.pieces[type_of(p)].impasse_points;
    }
    return out;
}

#define ARBITER_MOVE_TEXT_FOR(BB)                                                                   \
    template std::string to_usi(const BasicPosition<BB>&, Move);                                    \
    template Move parse_usi(const BasicPosition<BB>&, std::string_view, const std::string&);        \
    template ParsedMove read_usi(const BasicPosition<BB>&, std::string_view);                       \
    template ImpasseCount impasse_count(const BasicPosition<BB>&, Color);
ARBITER_MOVE_TEXT_FOR(Bitboard)
ARBITER_MOVE_TEXT_FOR(WideBitboard<2>)
ARBITER_MOVE_TEXT_FOR(WideBitboard<3>)
#undef ARBITER_MOVE_TEXT_FOR

}  // namespace arbiter::core
