#include "core/placement_game.h"

#include "core/error.h"

#include <cctype>
#include <stdexcept>
#include <utility>

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

const char* to_string(PlacementRefusal r) {
    switch (r) {
    case PlacementRefusal::none: return "none";
    case PlacementRefusal::square_occupied: return "square_occupied";
    case PlacementRefusal::encloses_nothing: return "encloses_nothing";
    case PlacementRefusal::pass_with_placement: return "pass_with_placement";
    case PlacementRefusal::game_over: return "game_over";
    }
    return "?";
}

PlacementParse parse_placement(const Position& pos, std::string_view text) {
    PlacementParse p;
    std::string t;
    for (char c : text) t += char(std::tolower(static_cast<unsigned char>(c)));
    const MoveList legal = pos.legal_moves();
    auto refuse = [&](PlacementRefusal why, std::string message) {
        p.status = MoveParseStatus::illegal;
        p.refusal = why;
        p.message = std::move(message);
        return p;
    };
    if (t == "pass" || t == "--" || t == "pa") {
        p.pass = true;
        if (legal.contains(Move::pass())) {
            p.status = MoveParseStatus::ok;
            p.move = Move::pass();
            return p;
        }
        if (legal.empty()) return refuse(PlacementRefusal::game_over, "pass: the game is over");
        return refuse(PlacementRefusal::pass_with_placement, "pass: a placement is possible, so no pass is allowed");
    }
    const GameDefinition& g = pos.definition();
    int length = 0;
    const int sq = g.parse_square(t, &length);
    if (sq < 0 || length != int(t.size())) {
        p.message = "expected a square such as f5, or pass, got '" + std::string(text) + "'";
        return p;  // syntax_error
    }
    p.square = sq;
    const Move m(g.placement.piece, sq, MoveKind::drop);
    if (legal.contains(m)) {
        p.status = MoveParseStatus::ok;
        p.move = m;
        return p;
    }
    const std::string name = "illegal placement " + g.square_name(sq);
    if (pos.piece_on(sq) != no_piece) return refuse(PlacementRefusal::square_occupied, name + ": the square is occupied");
    if (legal.empty()) return refuse(PlacementRefusal::game_over, name + ": the game is over");
    return refuse(PlacementRefusal::encloses_nothing, name + ": it encloses no line to turn");
}

ParsedMove parse_placement_move(const Position& pos, std::string_view text) {
    const PlacementParse r = parse_placement(pos, text);
    ParsedMove p;
    p.status = r.status;
    p.move = r.move;
    p.message = r.message;
    if (!r.pass && r.square >= 0) {
        p.attempted.piece_type = pos.definition().placement.piece;
        p.attempted.to = r.square;
    }
    return p;
}

namespace {

GameDefinitionPtr placement_definition(GameDefinitionPtr def) {
    if (!def || !def->placement.enabled) throw std::invalid_argument("PlacementGame: the game has no placement section");
    return def;
}

}  // namespace

PlacementGame::PlacementGame(GameDefinitionPtr def) : pos_(Position::start(placement_definition(std::move(def)))) {}

PlacementGame::PlacementGame(GameDefinitionPtr def, std::string_view board, const std::string& source)
    : pos_(position_from_board_string(placement_definition(std::move(def)), board, source)) {}

PlacementParse PlacementGame::play(std::string_view text) {
    PlacementParse p = parse(text);
    if (p.ok()) play(p.move);
    return p;
}

void PlacementGame::play(Move m) {
    Undo u;  // a placement game is never taken back here: the undo record is not kept
    pos_.make(m, u);
    moves_.push_back(m);
}

std::optional<PlacementResult> PlacementGame::result() const {
    if (!is_over()) return std::nullopt;
    return placement_result(pos_);
}

}  // namespace arbiter::core
