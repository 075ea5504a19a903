#include "core/position.h"

#include <cassert>

namespace arbiter::core {

namespace zobrist {
std::uint64_t piece_square[33][max_squares];
std::uint64_t castling[256];
std::uint64_t en_passant[max_squares];
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
        for (auto& row : piece_square)
            for (auto& k : row) k = next();
        // Castling keys are per right, combined by XOR so that any subset has its key.
        std::uint64_t per_right[8];
        for (auto& k : per_right) k = next();
        for (int r = 0; r < 256; ++r) {
            castling[r] = 0;
            for (int i = 0; i < 8; ++i)
                if (r & (1 << i)) castling[r] ^= per_right[i];
        }
        for (auto& k : en_passant) k = next();
        side = next();
        for (auto& c : hand)
            for (auto& t : c)
                for (auto& k : t) k = next();
    }
};
const Init init;
}  // namespace
}  // namespace zobrist

Position::Position(GameDefinitionPtr def) : owner_(std::move(def)), def_(owner_.get()) {}

Position Position::start(GameDefinitionPtr def) {
    std::string fen = def->start_fen;
    return from_fen(std::move(def), fen, "start position");
}

void Position::put_piece(int sq, Piece p) {
    assert(board_[sq] == no_piece);
    board_[sq] = p;
    by_type_[type_of(p)] |= bit(sq);
    by_color_[color_of(p)] |= bit(sq);
    key_ ^= zobrist::piece_square[p][sq];
}

void Position::remove_piece(int sq) {
    Piece p = board_[sq];
    board_[sq] = no_piece;
    by_type_[type_of(p)] ^= bit(sq);
    by_color_[color_of(p)] ^= bit(sq);
    key_ ^= zobrist::piece_square[p][sq];
}

void Position::move_piece(int from, int to) {
    Piece p = board_[from];
    Bitboard ft = bit(from) | bit(to);
    board_[from] = no_piece;
    board_[to] = p;
    by_type_[type_of(p)] ^= ft;
    by_color_[color_of(p)] ^= ft;
    key_ ^= zobrist::piece_square[p][from] ^ zobrist::piece_square[p][to];
}

std::uint64_t Position::compute_key() const {
    std::uint64_t k = 0;
    for (int sq = 0; sq < def_->squares; ++sq)
        if (board_[sq]) k ^= zobrist::piece_square[board_[sq]][sq];
    k ^= zobrist::castling[castling_];
    if (side_ == second) k ^= zobrist::side;
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < max_piece_types; ++t) k ^= zobrist::hand[c][t][hand_[c][t] & 63];
    return k;
}

void Position::refresh() {
    royal_[0] = royal_[1] = no_square;
    if (def_->royal_type >= 0)
        for (int c = 0; c < 2; ++c) {
            Bitboard r = pieces(Color(c), def_->royal_type);
            if (r) royal_[c] = Square(lsb(r));
        }
    key_ = compute_key();
}

std::uint64_t Position::repetition_key() const {
    const RepetitionIdentity& id = def_->repetition;
    std::uint64_t k = key_;
    if (!id.castling_rights) k ^= zobrist::castling[castling_];
    if (!id.side_to_move && side_ == second) k ^= zobrist::side;
    if (id.en_passant_legal && has_legal_en_passant()) k ^= zobrist::en_passant[ep_];
    return k;
}

void Position::make(Move m, Undo& u) {
    const GameDefinition& g = *def_;
    u.key = key_;
    u.castling = castling_;
    u.en_passant = ep_;
    u.en_passant_victim = ep_victim_;
    u.halfmove = std::uint16_t(halfmove_);
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
    case MoveKind::drop:  // shogi: take from hand_, put on `to` (not generated yet)
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
    side_ = ~side_;
    key_ ^= zobrist::side;
}

void Position::unmake(Move m, const Undo& u) {
    const GameDefinition& g = *def_;
    side_ = ~side_;
    if (side_ == second) --fullmove_;
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
        if (u.captured) put_piece(to, u.captured);
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
    case MoveKind::pass:
        break;
    }
    key_ = u.key;
    castling_ = u.castling;
    ep_ = u.en_passant;
    ep_victim_ = u.en_passant_victim;
    halfmove_ = u.halfmove;
    royal_[0] = u.royal[0];
    royal_[1] = u.royal[1];
}

bool Position::gives_check(Move m) const {
    Position copy = *this;
    Undo u;
    copy.make(m, u);
    return copy.is_check();
}

template <bool Bulk>
std::uint64_t Position::perft_rec(int depth) {
    MoveList list;
    generate_legal(list);
    if (Bulk && depth == 1) return std::uint64_t(list.size());
    std::uint64_t nodes = 0;
    Undo u;
    for (Move m : list) {
        make(m, u);
        nodes += depth == 1 ? 1 : perft_rec<Bulk>(depth - 1);
        unmake(m, u);
    }
    return nodes;
}

std::uint64_t Position::perft(int depth, bool bulk) {
    if (depth <= 0) return 1;
    return bulk ? perft_rec<true>(depth) : perft_rec<false>(depth);
}

}  // namespace arbiter::core
