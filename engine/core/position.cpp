#include "core/position.h"

#include "core/perft_budget.h"

#include <cassert>
#include <optional>
#include <stdexcept>

namespace arbiter::core {

namespace zobrist {
std::uint64_t piece_square[33][max_board_squares];
std::uint64_t castling[256];
std::uint64_t en_passant[max_board_squares];
std::uint64_t side;
std::uint64_t hand[2][max_piece_types][64];

namespace {
// splitmix64 (https://prng.di.unimi.it/splitmix64.c) from a fixed seed: deterministic keys.
struct Init {
    Init() {
        std::uint64_t s = 0x61726269746572ULL;  // "arbiter"
        auto next = [&s] {
            std::uint64_t z = (s += 0x9E3779B97F4A7C15ULL);
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
            return z ^ (z >> 31);
        };
        // Squares 0-63 first, in the order of the 64-square tables that came before, so that chess keys
        // did not change when boards grew to 144 squares; the other squares' keys come last.
        for (auto& row : piece_square)
            for (int sq = 0; sq < 64; ++sq) row[sq] = next();
        // Castling keys are per right, combined by XOR so that any subset has its key.
        std::uint64_t per_right[8];
        for (auto& k : per_right) k = next();
        for (int r = 0; r < 256; ++r) {
            castling[r] = 0;
            for (int i = 0; i < 8; ++i)
                if (r & (1 << i)) castling[r] ^= per_right[i];
        }
        for (int sq = 0; sq < 64; ++sq) en_passant[sq] = next();
        side = next();
        for (auto& c : hand)
            for (auto& t : c)
                for (auto& k : t) k = next();
        for (auto& row : piece_square)
            for (int sq = 64; sq < max_board_squares; ++sq) row[sq] = next();
        for (int sq = 64; sq < max_board_squares; ++sq) en_passant[sq] = next();
    }
};
const Init init;
}  // namespace
}  // namespace zobrist

template <class BB>
BasicPosition<BB>::BasicPosition(GameDefinitionPtr def) : owner_(std::move(def)), def_(owner_.get()) {
    if (def_->bitboard_words * 8 != int(sizeof(BB)))
        throw std::invalid_argument("game '" + def_->id + "' has " + std::to_string(def_->squares) +
                                    " squares: it is played by another position width");
    tables_ = &def_->tables<BB>();
}

template <class BB>
BasicPosition<BB> BasicPosition<BB>::start(GameDefinitionPtr def) {
    // Read once per thread and definition: an audit sets the start position up twice for every game (converter and
    // runner). The position kept holds its definition, so no other definition can take that address meanwhile.
    thread_local std::optional<BasicPosition> last;
    if (last && last->def_ == def.get()) return *last;
    std::string text = def->start_fen;
    last = def->hands ? from_sfen(std::move(def), text, "start position") : from_fen(std::move(def), text, "start position");
    return *last;
}

template <class BB>
void BasicPosition<BB>::put_piece(int sq, Piece p) {
    assert(board_[sq] == no_piece);
    board_[sq] = p;
    by_type_[type_of(p)] |= bit<BB>(sq);
    by_color_[color_of(p)] |= bit<BB>(sq);
    key_ ^= zobrist::piece_square[p][sq];
}

template <class BB>
void BasicPosition<BB>::remove_piece(int sq) {
    Piece p = board_[sq];
    board_[sq] = no_piece;
    by_type_[type_of(p)] ^= bit<BB>(sq);
    by_color_[color_of(p)] ^= bit<BB>(sq);
    key_ ^= zobrist::piece_square[p][sq];
}

template <class BB>
void BasicPosition<BB>::set_hand(Color c, int type, int count) {
    key_ ^= zobrist::hand[c][type][hand_[c][type] & 63] ^ zobrist::hand[c][type][count & 63];
    hand_[c][type] = std::uint8_t(count);
}

template <class BB>
void BasicPosition<BB>::move_piece(int from, int to) {
    Piece p = board_[from];
    Bitboard ft = bit<BB>(from) | bit<BB>(to);
    board_[from] = no_piece;
    board_[to] = p;
    by_type_[type_of(p)] ^= ft;
    by_color_[color_of(p)] ^= ft;
    key_ ^= zobrist::piece_square[p][from] ^ zobrist::piece_square[p][to];
}

template <class BB>
std::uint64_t BasicPosition<BB>::compute_key() const {
    std::uint64_t k = 0;
    for (int sq = 0; sq < def_->squares; ++sq)
        if (board_[sq]) k ^= zobrist::piece_square[board_[sq]][sq];
    k ^= zobrist::castling[castling_];
    if (side_ == second) k ^= zobrist::side;
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < max_piece_types; ++t) k ^= zobrist::hand[c][t][hand_[c][t] & 63];
    return k;
}

template <class BB>
void BasicPosition<BB>::refresh() {
    royal_[0] = royal_[1] = no_square;
    if (def_->royal_type >= 0)
        for (int c = 0; c < 2; ++c) {
            Bitboard r = pieces(Color(c), def_->royal_type);
            if (r) royal_[c] = Square(lsb(r));
        }
    key_ = compute_key();
}

template <class BB>
std::uint64_t BasicPosition<BB>::en_passant_key() const {
    return ep_ != no_square && def_->repetition.en_passant_legal && has_legal_en_passant() ? zobrist::en_passant[ep_] : 0;
}

template <class BB>
std::uint64_t BasicPosition<BB>::repetition_key_without_en_passant() const {
    const RepetitionIdentity& id = def_->repetition;
    std::uint64_t k = key_;
    if (!id.castling_rights) k ^= zobrist::castling[castling_];
    if (!id.side_to_move && side_ == second) k ^= zobrist::side;
    if (!id.hands && def_->hands)  // hands are in key_; take them out when they do not count
        for (int c = 0; c < 2; ++c)
            for (int t = 0; t < max_piece_types; ++t) k ^= zobrist::hand[c][t][hand_[c][t] & 63] ^ zobrist::hand[c][t][0];
    return k;
}

template <class BB>
void BasicPosition<BB>::make(Move m, Undo& u) {
    const GameDefinition& g = *def_;
    if (g.placement.enabled) return make_placement(m, u);  // placements and passes only (placement_moves.cpp)
    u.key = key_;
    u.castling = castling_;
    u.en_passant = ep_;
    u.en_passant_victim = ep_victim_;
    u.halfmove = std::uint16_t(halfmove_);
    u.passes = std::uint8_t(passes_);
    passes_ = m.kind() == MoveKind::pass ? passes_ + 1 : 0;
    u.royal[0] = royal_[0];
    u.royal[1] = royal_[1];
    u.captured = no_piece;
    u.moved = board_[m.from()];

    const int from = m.from(), to = m.to();
    ep_ = ep_victim_ = no_square;
    int moved_type = -1;
    switch (m.kind()) {
    case MoveKind::normal:
    case MoveKind::double_step:
    case MoveKind::promotion:
        moved_type = type_of(board_[from]);
        if (board_[to]) {
            u.captured = board_[to];
            remove_piece(to);
            if (g.hands) {  // the captured piece joins the mover's hand, unpromoted
                int h = g.pieces[type_of(u.captured)].hand_type;
                set_hand(side_, h, hand_[side_][h] + 1);
            }
        }
        move_piece(from, to);
        if (m.kind() == MoveKind::promotion) {
            remove_piece(to);
            put_piece(to, make_piece(side_, m.promotion_type()));
        } else if (m.kind() == MoveKind::double_step) {
            ep_ = g.double_step_over[side_][from];
            ep_victim_ = Square(to);
        }
        if (moved_type == g.royal_type) royal_[side_] = Square(to);
        break;
    case MoveKind::en_passant:
        moved_type = type_of(board_[from]);
        u.captured = board_[u.en_passant_victim];
        remove_piece(u.en_passant_victim);
        move_piece(from, to);
        break;
    case MoveKind::castling: {
        const CastlingRule& c = g.castling[m.extra()];
        Piece king = board_[c.king_from], rook = board_[c.rook_from];
        remove_piece(c.king_from);
        remove_piece(c.rook_from);
        put_piece(c.king_to, king);
        put_piece(c.rook_to, rook);
        royal_[side_] = c.king_to;
        moved_type = type_of(king);
        break;
    }
    case MoveKind::drop:  // `from` is the piece type taken from the hand
        set_hand(side_, from, hand_[side_][from] - 1);
        put_piece(to, make_piece(side_, from));
        u.moved = board_[to];
        break;
    case MoveKind::pass:
        break;
    }

    if (u.captured || (moved_type >= 0 && g.pieces[moved_type].resets_move_counter))
        halfmove_ = 0;
    else
        ++halfmove_;
    std::uint8_t rights = castling_ & g.castling_rights_kept[from] & g.castling_rights_kept[to];
    if (m.kind() == MoveKind::drop || m.kind() == MoveKind::pass) rights = castling_;
    key_ ^= zobrist::castling[castling_] ^ zobrist::castling[rights];
    castling_ = rights;
    if (side_ == second) ++fullmove_;
    ++move_number_;
    side_ = ~side_;
    key_ ^= zobrist::side;
}

template <class BB>
void BasicPosition<BB>::unmake(Move m, const Undo& u) {
    const GameDefinition& g = *def_;
    if (g.placement.enabled) return unmake_placement(m, u);
    side_ = ~side_;
    if (side_ == second) --fullmove_;
    --move_number_;
    const int from = m.from(), to = m.to();
    switch (m.kind()) {
    case MoveKind::normal:
    case MoveKind::double_step:
    case MoveKind::promotion:
        if (m.kind() == MoveKind::promotion) {
            remove_piece(to);
            put_piece(to, u.moved);
        }
        move_piece(to, from);
        if (u.captured) {
            put_piece(to, u.captured);
            if (g.hands) --hand_[side_][g.pieces[type_of(u.captured)].hand_type];  // the key is restored below
        }
        break;
    case MoveKind::en_passant:
        move_piece(to, from);
        put_piece(u.en_passant_victim, u.captured);
        break;
    case MoveKind::castling: {
        const CastlingRule& c = g.castling[m.extra()];
        Piece king = board_[c.king_to], rook = board_[c.rook_to];
        remove_piece(c.king_to);
        remove_piece(c.rook_to);
        put_piece(c.king_from, king);
        put_piece(c.rook_from, rook);
        break;
    }
    case MoveKind::drop:
        remove_piece(to);
        ++hand_[side_][from];
        break;
    case MoveKind::pass:
        break;
    }
    key_ = u.key;
    castling_ = u.castling;
    ep_ = u.en_passant;
    ep_victim_ = u.en_passant_victim;
    halfmove_ = u.halfmove;
    passes_ = u.passes;
    royal_[0] = u.royal[0];
    royal_[1] = u.royal[1];
}

template <class BB>
bool BasicPosition<BB>::gives_check(Move m) const {
    BasicPosition copy = *this;
    Undo u;
    copy.make(m, u);
    return copy.is_check();
}

namespace {
thread_local PerftBudget* active_budget = nullptr;
}  // namespace

PerftBudgetScope::PerftBudgetScope(PerftBudget& budget) : outer_(active_budget) { active_budget = &budget; }
PerftBudgetScope::~PerftBudgetScope() { active_budget = outer_; }

template <class BB>
template <bool Bulk>
std::uint64_t BasicPosition<BB>::perft_rec(int depth) {
    MoveList list;
    generate_legal(list);
    if (list.empty()) return std::uint64_t(def_->perft_finished_game_leaves);
    if (Bulk && depth == 1) return std::uint64_t(list.size());
    std::uint64_t nodes = 0;
    Undo u;
    PerftBudget* const budget = active_budget;
    for (Move m : list) {
        if (budget) {
            if (budget->moves_left == 0) {  // every level above stops at its next move; the caller discards the count
                budget->spent = true;
                return nodes;
            }
            --budget->moves_left;
        }
        make(m, u);
        nodes += depth == 1 ? 1 : perft_rec<Bulk>(depth - 1);
        unmake(m, u);
    }
    return nodes;
}

template <class BB>
std::uint64_t BasicPosition<BB>::perft(int depth, bool bulk) {
    if (depth <= 0) return 1;
    return bulk ? perft_rec<true>(depth) : perft_rec<false>(depth);
}

template class BasicPosition<Bitboard>;
template class BasicPosition<WideBitboard<2>>;
template class BasicPosition<WideBitboard<3>>;

}  // namespace arbiter::core
