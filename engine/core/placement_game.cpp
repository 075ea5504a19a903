#include "core/placement_game.h"

#include "core/error.h"

#include <cctype>

namespace arbiter::core {

std::string board_string_to_fen(const GameDefinition& g, std::string_view text, const std::string& source) {
    const PlacementRule& r = g.placement;
    const std::size_t n = std::size_t(g.squares);
    auto fail = [&](std::size_t i, const std::string& message) {
        throw InputError({source, 1, int(i) + 1}, "board string: " + message);
    };
    auto shown = [](char c) {
        return std::isprint(static_cast<unsigned char>(c)) ? std::string("'") + c + "'"
                                                           : "byte " + std::to_string(static_cast<unsigned char>(c));
    };
    const std::string cells = std::string("'") + r.board_cell[0] + "', '" + r.board_cell[1] + "' or '" + r.board_cell[2] + "'";
    for (std::size_t i = 0; i < n; ++i) {
        if (i >= text.size())
            fail(i, "expected " + std::to_string(n) + " cells, found " + std::to_string(text.size()));
        const char c = text[i];
        if (c != r.board_cell[0] && c != r.board_cell[1] && c != r.board_cell[2])
            fail(i, "expected " + cells + " for " + g.square_name(int(i)) + ", found " + shown(c));
    }
    if (text.size() == n || text[n] != ' ') fail(n, "expected a space after the " + std::to_string(n) + " cells");
    if (text.size() == n + 1 || (text[n + 1] != r.board_cell[0] && text[n + 1] != r.board_cell[1]))
        fail(n + 1, std::string("expected the side to move, '") + r.board_cell[0] + "' or '" + r.board_cell[1] + "'");
    if (text.size() > n + 2) fail(n + 2, "unexpected text after the side to move");

    // FEN placement: ranks from the last to the first; the placed piece's letter, upper case for the first side.
    const char letter = g.pieces[r.piece].letter;
    std::string fen;
    for (int rank = g.ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < g.files; ++file) {
            const char c = text[std::size_t(g.square(file, rank))];
            if (c == r.board_cell[2]) {
                ++empty;
                continue;
            }
            if (empty) fen += std::to_string(empty);
            empty = 0;
            fen += c == r.board_cell[0] ? letter : char(std::tolower(static_cast<unsigned char>(letter)));
        }
        if (empty) fen += std::to_string(empty);
        if (rank) fen += '/';
    }
    fen += text[n + 1] == r.board_cell[0] ? " w - - 0 1" : " b - - 0 1";
    return fen;
}

Position position_from_board_string(GameDefinitionPtr def, std::string_view text, const std::string& source) {
    std::string fen = board_string_to_fen(*def, text, source);
    return Position::from_fen(std::move(def), fen, source);
}

std::string board_string(const Position& pos) {
    const GameDefinition& g = pos.definition();
    const PlacementRule& r = g.placement;
    std::string out;
    out.reserve(std::size_t(g.squares) + 2);
    for (int sq = 0; sq < g.squares; ++sq) {
        const Piece p = pos.piece_on(sq);
        out += p == no_piece ? r.board_cell[2] : r.board_cell[color_of(p)];
    }
    out += ' ';
    out += r.board_cell[pos.side_to_move()];
    return out;
}

PieceCount count_pieces(const Position& pos) {
    PieceCount c;
    c.pieces[0] = popcount(pos.pieces(first));
    c.pieces[1] = popcount(pos.pieces(second));
    c.empty = pos.definition().squares - c.pieces[0] - c.pieces[1];
    return c;
}

bool must_pass(const Position& pos) {
    const MoveList legal = pos.legal_moves();
    return legal.size() == 1 && legal[0].kind() == MoveKind::pass;
}

bool is_placement_game_over(const Position& pos) {
    const PlacementRule& r = pos.definition().placement;
    return !placement_targets(r, pos.pieces(first), pos.pieces(second)) &&
           !placement_targets(r, pos.pieces(second), pos.pieces(first));
}

PlacementResult placement_result(const Position& pos) {
    const PieceCount c = count_pieces(pos);
    PlacementResult res;
    res.score[0] = c.pieces[0];
    res.score[1] = c.pieces[1];
    if (c.pieces[0] != c.pieces[1]) {
        res.winner = c.pieces[0] > c.pieces[1] ? first : second;
        if (pos.definition().placement.empty_squares == EmptySquares::to_winner) res.score[*res.winner] += c.empty;
    }
    return res;
}

std::string placement_move_name(const Position& pos, Move m) {
    if (m.kind() == MoveKind::pass) return "pass";
    return pos.definition().square_name(m.to());
}

ParsedMove parse_placement_move(const Position& pos, std::string_view text) {
    ParsedMove p;
    std::string t;
    for (char c : text) t += char(std::tolower(static_cast<unsigned char>(c)));
    const MoveList legal = pos.legal_moves();
    if (t == "pass" || t == "--" || t == "pa") {
        if (legal.size() == 1 && legal[0].kind() == MoveKind::pass) {
            p.status = MoveParseStatus::ok;
            p.move = legal[0];
        } else {
            p.status = MoveParseStatus::illegal;
            p.message = legal.empty() ? "pass: the game is over" : "pass: a placement is possible, so no pass is allowed";
        }
        return p;
    }
    const GameDefinition& g = pos.definition();
    int length = 0;
    const int sq = g.parse_square(t, &length);
    if (sq < 0 || length != int(t.size())) {
        p.message = "expected a square such as f5, or pass, got '" + std::string(text) + "'";
        return p;  // syntax_error
    }
    p.attempted.piece_type = g.placement.piece;
    p.attempted.to = sq;
    const Move m(g.placement.piece, sq, MoveKind::drop);
    if (legal.contains(m)) {
        p.status = MoveParseStatus::ok;
        p.move = m;
    } else {
        p.status = MoveParseStatus::illegal;
        p.message = "illegal placement " + g.square_name(sq) + (pos.piece_on(sq) ? ": the square is occupied"
                                                                                  : ": it encloses no line to turn");
    }
    return p;
}

}  // namespace arbiter::core
