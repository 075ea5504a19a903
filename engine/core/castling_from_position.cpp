// Castling whose start squares come from the position (FIDE Laws 2018 and 2023, Guidelines II.3: Chess960): the
// game file's `castling: {from_position: ...}`, the castling field of a FEN read against it (X-FEN and Shredder-FEN)
// and written back, and the definitions a position plays, which hold its castling moves as squares so that move
// generation reads them exactly as it reads a game whose castling squares are fixed (standard chess stays as fast).
#include "core/castling_from_position.h"

#include <yaml-cpp/yaml.h>

#include "core/game_def_reader.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <mutex>

namespace arbiter::core {

struct GameDefinition::CastlingCache {
    std::mutex mutex;
    std::map<std::string, std::weak_ptr<const GameDefinition>> by_rules;
};

void read_castling_from_position(GameDefinition& g, const YAML::Node& node, const GameDefinitionReader& r) {
    CastlingFromPosition& c = g.castling_from_position;
    c.enabled = true;
    if (g.files * g.ranks > 64) r.fail(node, "castling.from_position: boards of at most 64 squares");
    const auto index_of = [&](const std::vector<std::string>& names, const YAML::Node& n, const char* what) {
        const std::string name = r.text(n, what);
        auto it = std::find(names.begin(), names.end(), name);
        if (it == names.end()) r.fail(n, std::string(what) + ": unknown name '" + name + "'");
        return int(it - names.begin());
    };
    c.rook_type = g.piece_by_name(r.text(r.require(node, "rook"), "castling.from_position.rook"));
    if (c.rook_type < 0 || g.pieces[c.rook_type].royal)
        r.fail(node["rook"], "castling.from_position.rook: expected a non-royal piece name");
    if (g.royal_type < 0) r.fail(node, "castling.from_position: the game has no royal piece to castle");
    const YAML::Node home = r.require(node, "home_ranks");
    if (!home.IsSequence() || home.size() != 2)
        r.fail(home, "castling.from_position.home_ranks: expected [first, second]");
    for (int side = 0; side < 2; ++side)
        c.home_rank[side] = index_of(g.rank_names, home[side], "castling.from_position.home_ranks");
    const YAML::Node moves = r.require(node, "moves");
    if (!moves.IsSequence() || moves.size() < 1 || moves.size() > 2)
        r.fail(moves, "castling.from_position.moves: expected one or two moves (one toward each edge)");
    for (const YAML::Node& m : moves) {
        CastlingFromPosition::Kind k;
        const std::string toward = r.text(r.require(m, "toward"), "castling.from_position.moves.toward");
        if (toward != "last_file" && toward != "first_file")
            r.fail(m["toward"], "castling.from_position.moves.toward: expected last_file or first_file");
        k.toward = toward == "last_file" ? 1 : -1;
        for (const auto& other : c.kinds)
            if (other.toward == k.toward) r.fail(m["toward"], "castling.from_position.moves.toward: given twice");
        const std::string fen = r.text(r.require(m, "fen"), "castling.from_position.moves.fen");
        const std::string as_file(1, char(std::tolower(static_cast<unsigned char>(fen[0]))));
        if (fen.size() != 1 || !std::isupper(static_cast<unsigned char>(fen[0])) ||
            std::find(g.file_names.begin(), g.file_names.end(), as_file) != g.file_names.end())
            r.fail(m["fen"], "castling.from_position.moves.fen: expected one capital letter that names no file");
        k.fen = fen[0];
        k.san = r.text(r.require(m, "san"), "castling.from_position.moves.san");
        k.king_to_file = index_of(g.file_names, r.require(m, "king_to"), "castling.from_position.moves.king_to");
        k.rook_to_file = index_of(g.file_names, r.require(m, "rook_to"), "castling.from_position.moves.rook_to");
        if (k.king_to_file == k.rook_to_file)
            r.fail(m["rook_to"], "castling.from_position.moves.rook_to: the king and the rook end on one square");
        c.kinds.push_back(k);
    }
}

CastlingRule castling_rule(const GameDefinition& g, Color side, int kind, int king_from, int rook_from) {
    const CastlingFromPosition& cp = g.castling_from_position;
    const CastlingFromPosition::Kind& k = cp.kinds[kind];
    CastlingRule c;
    c.side = side;
    c.fen = side == first ? k.fen : char(std::tolower(static_cast<unsigned char>(k.fen)));
    c.san = k.san;
    c.uci_takes_rook = true;
    const int rank = cp.home_rank[side];
    c.king_from = Square(king_from);
    c.rook_from = Square(rook_from);
    c.king_to = Square(g.square(k.king_to_file, rank));
    c.rook_to = Square(g.square(k.rook_to_file, rank));
    // Guidelines II.3.2.7.4: every square between the king's start and end squares and between the rook's (both
    // end squares included) is vacant but for the castling king and rook; 3.8.2.2 (kept by II.3.1): no square the
    // king stands on or crosses, its start and end included, is attacked.
    const auto span = [&](int a, int b, std::vector<int>& out, bool skip_own) {
        for (int f = std::min(g.file_of(a), g.file_of(b)); f <= std::max(g.file_of(a), g.file_of(b)); ++f) {
            const int sq = g.square(f, rank);
            if (skip_own && (sq == king_from || sq == rook_from)) continue;
            if (std::find(out.begin(), out.end(), sq) == out.end()) out.push_back(sq);
        }
    };
    span(king_from, c.king_to, c.must_be_empty, true);
    span(rook_from, c.rook_to, c.must_be_empty, true);
    span(king_from, c.king_to, c.must_not_be_attacked, false);
    return c;
}

std::string read_castling_field(const GameDefinition& g, const Piece* board, const Square royal[2],
                                 std::string_view field, std::vector<CastlingRule>& rules, int& column) {
    const CastlingFromPosition& cp = g.castling_from_position;
    struct Right {
        Color side;
        int kind, rook;
    };
    std::vector<Right> rights;
    for (int i = 0; i < int(field.size()); ++i) {
        column = i;
        const char ch = field[i];
        const Color side = std::isupper(static_cast<unsigned char>(ch)) ? first : second;
        const char upper = char(std::toupper(static_cast<unsigned char>(ch)));
        const int rank = cp.home_rank[side], king = royal[side];
        const std::string letter(1, ch);
        if (king == no_square || g.rank_of(king) != rank)
            return "castling right '" + letter + "' needs the " + g.side_names[side] + " " +
                   g.pieces[g.royal_type].name +
                   " on rank " + g.rank_names[rank];
        const auto own_rook = [&](int file) {
            const Piece p = board[g.square(file, rank)];
            return p != no_piece && color_of(p) == side && type_of(p) == cp.rook_type;
        };
        int kind = -1, rook = -1;
        for (int k = 0; k < int(cp.kinds.size()); ++k)
            if (cp.kinds[k].fen == upper) kind = k;
        if (kind >= 0) {  // X-FEN K/Q: the outermost rook toward that edge
            const int step = cp.kinds[kind].toward;
            for (int f = step > 0 ? g.files - 1 : 0; f != g.file_of(king) && rook < 0; f -= step)
                if (own_rook(f)) rook = g.square(f, rank);
            if (rook < 0)
                return "castling right '" + letter + "' needs a " + g.side_names[side] + " " +
                       g.pieces[cp.rook_type].name +
                       " beside the " + g.pieces[g.royal_type].name + " toward the " +
                       (step > 0 ? "last" : "first") + " file";
        } else {  // Shredder-FEN (and X-FEN for an inner rook): the rook's file
            const int file = g.file_by_char(char(std::tolower(static_cast<unsigned char>(ch))));
            if (file < 0) return "unknown castling letter '" + letter + "'";
            if (!own_rook(file))
                return "castling right '" + letter + "' needs a " + g.side_names[side] + " " +
                       g.pieces[cp.rook_type].name + " on " + g.square_name(g.square(file, rank));
            const int toward = file > g.file_of(king) ? 1 : -1;
            for (int k = 0; k < int(cp.kinds.size()); ++k)
                if (cp.kinds[k].toward == toward) kind = k;
            if (kind < 0) return "castling right '" + letter + "': the game has no castling toward that rook";
            rook = g.square(file, rank);
        }
        for (const Right& r : rights)
            if (r.side == side && r.kind == kind) return "castling letter '" + letter + "' repeated";
        rights.push_back({side, kind, rook});
    }
    // One order whatever the field's: the first side's rights before the second's, each in the game file's order.
    std::sort(rights.begin(), rights.end(),
              [](const Right& a, const Right& b) { return a.side != b.side ? a.side < b.side : a.kind < b.kind; });
    rules.clear();
    for (const Right& r : rights) rules.push_back(castling_rule(g, r.side, r.kind, royal[r.side], r.rook));
    return "";
}

char castling_letter(const GameDefinition& g, const Piece* board, const CastlingRule& c, bool shredder) {
    const CastlingFromPosition& cp = g.castling_from_position;
    const auto cased = [&](char ch) {
        return c.side == first ? char(std::toupper(static_cast<unsigned char>(ch)))
                               : char(std::tolower(static_cast<unsigned char>(ch)));
    };
    const char file_letter = cased(g.file_names[g.file_of(c.rook_from)][0]);
    if (!cp.enabled) return c.fen;
    if (shredder) return file_letter;
    // X-FEN: K or Q while the castling rook is the outermost of its side toward that edge, else its file.
    const int rank = g.rank_of(c.rook_from), step = g.file_of(c.rook_from) > g.file_of(c.king_from) ? 1 : -1;
    for (int f = g.file_of(c.rook_from) + step; f >= 0 && f < g.files; f += step) {
        const Piece p = board[g.square(f, rank)];
        if (p != no_piece && color_of(p) == c.side && type_of(p) == cp.rook_type) return file_letter;
    }
    return c.fen;
}

void GameDefinition::compile_castling() {
    for (int sq = 0; sq < max_board_squares; ++sq) castling_rights_kept[sq] = 0xFF;
    for (int i = 0; i < max_castling_rules; ++i) castling_empty[i] = castling_safe[i] = 0;
    for (int i = 0; i < int(castling.size()); ++i) {
        castling_rights_kept[castling[i].king_from] &= std::uint8_t(~(1u << i));
        castling_rights_kept[castling[i].rook_from] &= std::uint8_t(~(1u << i));
        for (int sq : castling[i].must_be_empty) castling_empty[i] |= bit<Bitboard>(sq);
        for (int sq : castling[i].must_not_be_attacked) castling_safe[i] |= bit<Bitboard>(sq);
    }
}

std::shared_ptr<const GameDefinition> GameDefinition::with_castling(const std::vector<CastlingRule>& rules) const {
    std::string key;
    for (const CastlingRule& c : rules)
        key += std::to_string(int(c.side)) + ':' + std::to_string(int(c.king_from)) + ':' +
               std::to_string(int(c.rook_from)) + ':' + c.san + ';';
    std::lock_guard<std::mutex> lock(castling_cache_->mutex);
    std::weak_ptr<const GameDefinition>& slot = castling_cache_->by_rules[key];
    if (std::shared_ptr<const GameDefinition> found = slot.lock()) return found;
    auto made = std::make_shared<GameDefinition>(*this);
    made->castling = rules;
    made->compile_castling();
    slot = made;
    return made;
}

void GameDefinition::start_castling_cache() { castling_cache_ = std::make_shared<CastlingCache>(); }

}  // namespace arbiter::core
