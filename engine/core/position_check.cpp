// Positions that no game of the definition can reach from its start position (impossible_position, position.h):
// read from the definition's data, nothing about one game written here.
#include "core/error.h"
#include "core/position.h"

#include <algorithm>
#include <cctype>
#include <string_view>
#include <vector>

namespace arbiter::core {

namespace {

// What the start position holds: pieces per side and type (on the board and in hand), and for each type the lowest
// rank it stands on, counted from its own side's edge (ranks - 1 when it is not on the board at all).
struct StartLayout {
    std::vector<bool> occupied;  // by square
    int on_board[2][max_piece_types] = {};
    int in_hand[2][max_piece_types] = {};
    int lowest_rank[2][max_piece_types] = {};
};

// Reads the start text's placement (and, for an SFEN, its hands) without any check: the definition's loader
// already read it as a position.
StartLayout start_layout(const GameDefinition& g) {
    StartLayout s;
    for (auto& side : s.lowest_rank) std::fill(std::begin(side), std::end(side), g.ranks);
    std::string_view text = g.start_fen;
    std::size_t i = 0;
    s.occupied.assign(std::size_t(g.squares), false);
    int rank = g.ranks - 1, file = 0;
    bool promoted = false;
    for (; i < text.size() && text[i] != ' '; ++i) {
        char c = text[i];
        if (c == '/') {
            --rank;
            file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            int n = 0;
            while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && n <= g.files)
                n = n * 10 + (text[i++] - '0');
            --i;
            file += n;
        } else if (c == '+') {
            promoted = true;
        } else {
            int type = g.piece_by_letter(c);
            if (type >= 0 && promoted)
                for (int t = 0; t < int(g.pieces.size()); ++t)
                    if (g.pieces[t].promoted && g.pieces[t].hand_type == type) type = t;
            promoted = false;
            if (type >= 0) {
                int side = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
                ++s.on_board[side][type];
                int own_rank = side == 0 ? rank : g.ranks - 1 - rank;
                s.lowest_rank[side][type] = std::min(s.lowest_rank[side][type], own_rank);
            }
            if (file >= 0 && file < g.files && rank >= 0 && rank < g.ranks) s.occupied[std::size_t(g.square(file, rank))] = true;
            ++file;
        }
    }
    if (g.hands) {  // SFEN: placement, side, hands
        int field = 0;
        for (; i < text.size() && field < 2; ++i)
            if (text[i] == ' ' && i + 1 < text.size() && text[i + 1] != ' ') ++field;
        int count = 0;
        for (; i < text.size() && text[i] != ' '; ++i) {
            char c = text[i];
            if (std::isdigit(static_cast<unsigned char>(c))) {
                count = count * 10 + (c - '0');
            } else if (c != '-') {
                int type = g.piece_by_letter(c);
                if (type >= 0) s.in_hand[std::isupper(static_cast<unsigned char>(c)) ? 0 : 1][type] += count ? count : 1;
                count = 0;
            }
        }
    }
    return s;
}

// Every vector of the type moves it towards the far edge (dy > 0 in its own side's view).
bool only_forward(const PieceType& p) {
    return !p.vectors.empty() &&
           std::all_of(p.vectors.begin(), p.vectors.end(), [](const Vector& v) { return v.dy > 0; });
}

// Every vector of the type keeps it on its file.
bool keeps_file(const PieceType& p) {
    return !p.vectors.empty() &&
           std::all_of(p.vectors.begin(), p.vectors.end(), [](const Vector& v) { return v.dx == 0; });
}

std::string plural(int n, const std::string& name) { return std::to_string(n) + " " + name + (n == 1 ? "" : "s"); }

}  // namespace

template <class BB>
std::string impossible_position(const BasicPosition<BB>& pos) {
    const GameDefinition& g = pos.definition();
    const StartLayout start = start_layout(g);
    if (g.placement.enabled) {
        // Pieces come from an unlimited supply, never move and are never taken (a flip turns them over): a square
        // occupied at the start stays occupied. Nothing else here applies.
        for (int sq = 0; sq < g.squares; ++sq)
            if (start.occupied[std::size_t(sq)] && !pos.piece_on(sq))
                return "an empty " + g.square_name(sq) + ", occupied from the start (pieces are never taken)";
        return {};
    }
    const BoardTables<BB>& tables = g.template tables<BB>();
    const int types = int(g.pieces.size());

    // 1. Each piece where it can stand: not where it must have promoted, not where it could never move again, not
    //    behind the ranks a forward-only piece starts from (unless it could have been dropped there).
    int on_file[2][max_piece_types][16] = {};
    for (int sq = 0; sq < g.squares; ++sq) {
        Piece piece = pos.piece_on(sq);
        if (!piece) continue;
        const int type = type_of(piece);
        const Color side = color_of(piece);
        const PieceType& p = g.pieces[type];
        // Written only for the answer: a position is checked at the start of every game an audit rules.
        const auto who = [&] { return "a " + g.side_names[side] + " " + p.name + " on " + g.square_name(sq); };
        if (p.confined >= 0 && !(tables.region[p.confined][side] & bit<BB>(sq)))
            return who() + ", outside the " + g.region_names[std::size_t(p.confined)] + " it never leaves";
        if (!(tables.stay[type][side] & bit<BB>(sq))) {
            if (p.promotes() && p.promotion.mandatory && (tables.promotion_zone[type][side] & bit<BB>(sq)))
                return who() + ", where it must have promoted";
            return who() + ", where it could never move again";
        }
        const int own_rank = side == first ? g.rank_of(sq) : g.ranks - 1 - g.rank_of(sq);
        const bool droppable = g.hands && (g.hand_types & (1u << type));
        if (only_forward(p) && !droppable && start.on_board[side][type] > 0 && own_rank < start.lowest_rank[side][type])
            return who() + ": a " + p.name + " moves only forward and starts on rank " +
                   g.rank_names[side == first ? start.lowest_rank[side][type] : g.ranks - 1 - start.lowest_rank[side][type]] +
                   ", so it can never stand on rank " + g.rank_names[g.rank_of(sq)];
        if (g.file_of(sq) < 16) ++on_file[side][type][g.file_of(sq)];
    }

    // 2. One per file (nifu): a piece that never leaves its file and may not be dropped beside another of its
    //    kind can never stand two on one file.
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < types; ++t) {
            if (!g.pieces[t].drop_one_per_file || !keeps_file(g.pieces[t])) continue;
            for (int f = 0; f < std::min(g.files, 16); ++f)
                if (on_file[c][t][f] > 1)
                    return plural(on_file[c][t][f], g.side_names[c] + " " + g.pieces[t].name) + " on the " +
                           g.file_names[f] + " file: its drops allow one per file and it never leaves its file";
        }

    // 3. Material.
    if (g.hands) {
        // Nothing leaves the game: of each kind (a promoted piece counts as its unpromoted kind, in hand or on the
        // board) there are at most as many as the start position holds.
        int total[max_piece_types] = {}, at_start[max_piece_types] = {};
        for (int c = 0; c < 2; ++c)
            for (int t = 0; t < types; ++t) {
                int base = g.pieces[t].hand_type >= 0 ? g.pieces[t].hand_type : t;
                total[base] += popcount(pos.pieces(Color(c), t)) + pos.hand_count(Color(c), t);
                at_start[base] += start.on_board[c][t] + start.in_hand[c][t];
            }
        for (int t = 0; t < types; ++t)
            if (total[t] > at_start[t])
                return plural(total[t], g.pieces[t].name) +
                       " on the board and in hand (promoted ones included), more than the " +
                       std::to_string(at_start[t]) + " the game has";
    } else {
        // Pieces are only lost: per side, no more promoting pieces than at the start, and each piece beyond the
        // start's count of its kind needs a promoting piece that is gone.
        for (int c = 0; c < 2; ++c) {
            int promoters = 0, promoters_at_start = 0, extra = 0;
            std::string extra_text;
            for (int t = 0; t < types; ++t) {
                int n = popcount(pos.pieces(Color(c), t));
                if (g.pieces[t].promotes()) {
                    promoters += n;
                    promoters_at_start += start.on_board[c][t];
                    if (n > start.on_board[c][t])
                        return g.side_names[c] + " has " + plural(n, g.pieces[t].name) + ", more than the " +
                               std::to_string(start.on_board[c][t]) + " it starts with";
                } else if (!g.pieces[t].royal && n > start.on_board[c][t]) {
                    extra += n - start.on_board[c][t];
                    if (extra_text.empty()) extra_text = plural(n, g.pieces[t].name);
                }
            }
            if (extra > promoters_at_start - promoters)
                return g.side_names[c] + " has " + std::to_string(extra) + " piece" + (extra == 1 ? "" : "s") +
                       " beyond the start position's (" + extra_text + "), but only " +
                       std::to_string(promoters_at_start - promoters) + " missing piece" +
                       (promoters_at_start - promoters == 1 ? "" : "s") + " that could have promoted";
        }
    }
    return {};
}

template <class BB>
void require_possible_position(const BasicPosition<BB>& pos, const std::string& source) {
    if (std::string why = impossible_position(pos); !why.empty())
        throw InputError({source, 0, 0}, "impossible position: " + why + "; expected a position a game can reach");
}

template void require_possible_position(const BasicPosition<Bitboard>&, const std::string&);
template void require_possible_position(const BasicPosition<WideBitboard<2>>&, const std::string&);
template void require_possible_position(const BasicPosition<WideBitboard<3>>&, const std::string&);
template std::string impossible_position(const BasicPosition<Bitboard>&);
template std::string impossible_position(const BasicPosition<WideBitboard<2>>&);
template std::string impossible_position(const BasicPosition<WideBitboard<3>>&);

}  // namespace arbiter::core
