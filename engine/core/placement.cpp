// Reading and compiling the `placement` section of a game definition.
#include "core/placement.h"

#include <yaml-cpp/yaml.h>

#include "core/error.h"
#include "core/game_def.h"

#include <algorithm>
#include <cstdlib>
#include <utility>

namespace arbiter::core {

namespace {

[[noreturn]] void fail(const std::string& file, const YAML::Node& node, const std::string& message) {
    SourceLocation where{file, 0, 0};
    if (node.IsDefined() && node.Mark().line >= 0) {
        where.line = node.Mark().line + 1;
        where.column = node.Mark().column + 1;
    }
    throw InputError(where, "placement: " + message);
}

std::string scalar(const std::string& file, const YAML::Node& n, const char* what) {
    if (!n.IsScalar()) fail(file, n, std::string(what) + ": expected a string");
    return n.Scalar();
}

int integer(const std::string& file, const YAML::Node& n, const char* what) {
    const std::string s = scalar(file, n, what);
    char* end = nullptr;
    long v = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || *end != '\0' || v < -64 || v > 64)
        fail(file, n, std::string(what) + ": expected a small integer, got '" + s + "'");
    return int(v);
}

char cell(const std::string& file, const YAML::Node& n, const char* what) {
    const std::string s = scalar(file, n, what);
    if (s.size() != 1 || s[0] == ' ' || static_cast<unsigned char>(s[0]) > 126)
        fail(file, n, std::string(what) + ": expected one printable character, got '" + s + "'");
    return s[0];
}

// Adds direction (dx, dy): its one-step shift, the squares it may land on, and the ray from every square.
void add_direction(const GameDefinition& g, PlacementRule& r, int dx, int dy) {
    const int d = r.direction_count++;
    r.direction_dx[d] = dx;
    r.direction_dy[d] = dy;
    r.shift[d] = dy * g.files + dx;
    for (int sq = 0; sq < g.squares; ++sq) {
        const int f = g.file_of(sq), k = g.rank_of(sq);
        if (f - dx >= 0 && f - dx < g.files && k - dy >= 0 && k - dy < g.ranks) r.arrive[d] |= bit(sq);
        Bitboard line = 0;
        for (int nf = f + dx, nk = k + dy; nf >= 0 && nf < g.files && nk >= 0 && nk < g.ranks; nf += dx, nk += dy)
            line |= bit(g.square(nf, nk));
        r.ray[sq][d] = line;
    }
}

void swap_directions(PlacementRule& r, int a, int b) {
    std::swap(r.direction_dx[a], r.direction_dx[b]);
    std::swap(r.direction_dy[a], r.direction_dy[b]);
    std::swap(r.shift[a], r.shift[b]);
    std::swap(r.arrive[a], r.arrive[b]);
    for (auto& rays : r.ray) std::swap(rays[a], rays[b]);
}

}  // namespace

void load_placement(GameDefinition& g, const YAML::Node& s, const std::string& file) {
    PlacementRule& r = g.placement;
    if (!s.IsMap()) fail(file, s, "expected a mapping (piece, flip, must_flip, pass, scoring, board_string)");
    // The flip tables are 64-bit (placement_flips() is branch-free arithmetic on one word): othello's 8x8 and
    // anything up to 64 squares. A larger placement board would need them per bitboard width.
    if (g.squares > max_squares)
        fail(file, s, "a placement game has at most " + std::to_string(max_squares) + " squares, this board has " +
                          std::to_string(g.squares));
    r.enabled = true;
    r.all_squares = g.squares == 64 ? ~Bitboard{0} : bit(g.squares) - 1;

    const YAML::Node piece = s["piece"];
    if (!piece) fail(file, s, "missing 'piece' (the piece type placed)");
    r.piece = g.piece_by_name(scalar(file, piece, "piece"));
    if (r.piece < 0) fail(file, piece, "piece: unknown piece '" + piece.Scalar() + "'");

    if (const YAML::Node flip = s["flip"]) {
        if (!flip.IsSequence()) fail(file, flip, "flip: expected a list of [dx, dy] directions");
        if (flip.size() > std::size_t(PlacementRule::max_directions))
            fail(file, flip, "flip: at most " + std::to_string(PlacementRule::max_directions) + " directions");
        for (const YAML::Node& v : flip) {
            if (!v.IsSequence() || v.size() != 2) fail(file, v, "flip: expected [dx, dy]");
            const int dx = integer(file, v[0], "flip"), dy = integer(file, v[1], "flip");
            if (dx == 0 && dy == 0) fail(file, v, "flip: a direction must not be [0, 0]");
            if (std::abs(dx) >= g.files || std::abs(dy) >= g.ranks)
                fail(file, v, "flip: the direction leaves the board in one step from every square");
            for (int d = 0; d < r.direction_count; ++d)
                if (r.direction_dx[d] == dx && r.direction_dy[d] == dy) fail(file, v, "flip: direction given twice");
            add_direction(g, r, dx, dy);
        }
        // Ascending directions (shift > 0) first: placement_flips() runs them in a loop of their own.
        for (int d = 0; d < r.direction_count; ++d)
            if (r.shift[d] > 0) {
                for (int e = d; e > r.ascending_count; --e) swap_directions(r, e, e - 1);
                ++r.ascending_count;
            }
    }
    r.longest_run = std::max(g.files, g.ranks) - 2;
    if (const YAML::Node n = s["must_flip"]) {
        const std::string v = scalar(file, n, "must_flip");
        if (v != "true" && v != "false") fail(file, n, "must_flip: expected true or false");
        r.must_flip = v == "true";
    }
    if (r.must_flip && r.direction_count == 0) fail(file, s, "must_flip needs at least one flip direction");

    if (const YAML::Node n = s["pass"]) {
        const std::string v = scalar(file, n, "pass");
        if (v == "never") r.pass = PassRule::never;
        else if (v == "only_without_placement") r.pass = PassRule::only_without_placement;
        else fail(file, n, "pass: expected never or only_without_placement, got '" + v + "'");
    }
    if (const YAML::Node sc = s["scoring"]) {
        if (!sc.IsMap()) fail(file, sc, "scoring: expected a mapping (winner, empty_squares)");
        if (const YAML::Node w = sc["winner"]; w && scalar(file, w, "scoring.winner") != "most_pieces")
            fail(file, w, "scoring.winner: expected most_pieces");
        if (const YAML::Node e = sc["empty_squares"]) {
            const std::string v = scalar(file, e, "scoring.empty_squares");
            if (v == "uncounted") r.empty_squares = EmptySquares::uncounted;
            else if (v == "to_winner") r.empty_squares = EmptySquares::to_winner;
            else fail(file, e, "scoring.empty_squares: expected uncounted or to_winner, got '" + v + "'");
        }
    }
    if (const YAML::Node b = s["board_string"]) {
        if (!b.IsMap() || !b["first"] || !b["second"] || !b["empty"])
            fail(file, b, "board_string: expected {first: X, second: O, empty: \"-\"}");
        r.board_cell[0] = cell(file, b["first"], "board_string.first");
        r.board_cell[1] = cell(file, b["second"], "board_string.second");
        r.board_cell[2] = cell(file, b["empty"], "board_string.empty");
        if (r.board_cell[0] == r.board_cell[1] || r.board_cell[0] == r.board_cell[2] || r.board_cell[1] == r.board_cell[2])
            fail(file, b, "board_string: the three cells must differ");
    }
}

}  // namespace arbiter::core
