// `first_moves`: moves a piece has only while its square has been neither left nor reached since the start (Ouk
// Chatrang's king and neang, docs/GAMES.md). Each is a right of the position's castling field, after the castling
// moves' rights; a move that leaves or reaches its square takes it away (compile_castling).
#include "core/game_def.h"
#include "core/game_def_reader.h"

#include <algorithm>
#include <string>

namespace arbiter::core {

void read_first_moves(GameDefinition& g, const YAML::Node& root, const GameDefinitionReader& r) {
    const YAML::Node list = root["first_moves"];
    if (!list) return;
    if (!list.IsSequence() || list.size() == 0) r.fail(list, "first_moves: expected a list of moves");
    if (g.castling_from_position.enabled)
        r.fail(list, "first_moves: cannot be combined with castling.from_position (its rights are made per position)");
    if (g.castling.size() + list.size() > std::size_t(max_castling_rules))
        r.fail(list, "first_moves: at most " + std::to_string(max_castling_rules) +
                         " rights with the castling moves, got " + std::to_string(g.castling.size() + list.size()));
    const auto square_at = [&](const YAML::Node& n, const char* what) {
        const std::string s = r.text(n, what);
        int len = 0;
        const int sq = g.parse_square(s, &len);
        if (sq < 0 || len != int(s.size()))
            r.fail(n, std::string(what) + ": expected a square such as e1, got '" + s + "'");
        return sq;
    };
    for (const YAML::Node& n : list) {
        if (!n.IsMap()) r.fail(n, "first_moves: expected {side, fen, piece, from, to}");
        FirstMove f;
        const std::string side = r.text(r.require(n, "side"), "first_moves.side");
        if (side == g.side_names[0]) f.side = first;
        else if (side == g.side_names[1]) f.side = second;
        else r.fail(n["side"], "first_moves.side: expected " + g.side_names[0] + " or " + g.side_names[1]);
        const std::string fen = r.text(r.require(n, "fen"), "first_moves.fen");
        if (fen.size() != 1 || fen[0] == '-' || fen[0] == ' ') r.fail(n["fen"], "first_moves.fen: expected one letter");
        f.fen = fen[0];
        const auto same = [&](const auto& other) { return other.fen == f.fen; };
        const bool taken = std::any_of(g.castling.begin(), g.castling.end(), same) ||
                           std::any_of(g.first_moves.begin(), g.first_moves.end(), same);
        if (taken) r.fail(n["fen"], std::string("first_moves.fen: the letter '") + f.fen + "' already names a right");
        const std::string piece = r.text(r.require(n, "piece"), "first_moves.piece");
        for (int t = 0; t < int(g.pieces.size()); ++t)
            if (g.pieces[t].name == piece) f.type = t;
        if (f.type < 0) r.fail(n["piece"], "first_moves.piece: unknown piece '" + piece + "'");
        f.from = Square(square_at(r.require(n, "from"), "first_moves.from"));
        const YAML::Node to = r.require(n, "to");
        if (!to.IsSequence() || to.size() == 0) r.fail(to, "first_moves.to: expected a list of squares");
        for (const YAML::Node& s : to) {
            const int sq = square_at(s, "first_moves.to");
            if (sq == f.from) r.fail(s, "first_moves.to: the piece's own square");
            if (std::find(f.to.begin(), f.to.end(), sq) == f.to.end()) f.to.push_back(sq);
        }
        if (const YAML::Node c = n["capture"]) f.capture = r.boolean(c, "first_moves.capture");
        if (const YAML::Node c = n["in_check"]) f.in_check = r.boolean(c, "first_moves.in_check");
        g.first_moves.push_back(f);
    }
    // The check and pin lines of the usual generator know no such move or attack: each move is tested
    // (movegen_tested.cpp), and attackers_to adds the first moves that capture (blocked_attackers).
    g.legality_by_test = true;
}

}  // namespace arbiter::core
