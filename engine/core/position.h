// A position of any game the core can play: pieces on squares, side to move, castling rights,
// en passant target, counters, hands; legal move generation and make/unmake with caller-owned
// undo records. No allocation, no strings, no virtual calls between make() and unmake().
#pragma once

#include "core/game_def.h"
#include "core/types.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace arbiter::core {

// What make() saves for unmake(): owned by the caller (a stack array in perft, a vector in Game).
struct Undo {
    std::uint64_t key;
    Piece captured;
    Piece moved;
    std::uint8_t castling;
    Square en_passant;
    Square en_passant_victim;
    std::uint16_t halfmove;
    std::uint8_t passes;  // passes in a row before the move (games with `pass`)
    Square royal[2];
    std::uint64_t flipped;  // placement games (64 squares at most): the pieces the placement turned over
};

// A position on a board whose squares fit in the bitboard type BB: std::uint64_t up to 64 squares
// (`Position`, every chess-facing API), WideBitboard<2> up to 128 (shogi), WideBitboard<3> up to 144.
// GameDefinition::bitboard_words says which one plays a game; with_bitboard() picks it at run time.
template <class BB>
class BasicPosition {
public:
    using Bitboard = BB;  // inside the class, "Bitboard" is this width
    static constexpr int capacity = bitboard_squares<BB>;

    // An empty board of the game, first side to move. Throws std::invalid_argument if the game's board
    // needs another bitboard width.
    explicit BasicPosition(GameDefinitionPtr def);
    // The game's start position (the `start` of its definition: a FEN, or an SFEN when it has hands).
    static BasicPosition start(GameDefinitionPtr def);
    // Reads a FEN (all six fields required). Throws InputError naming the field and the column
    // (1-based, in `fen`) of what is wrong; `source` names the input in the location.
    static BasicPosition from_fen(GameDefinitionPtr def, std::string_view fen, const std::string& source = "<position>");
    // Writes a FEN; the en passant field is written only when an en passant capture is legal (FIDE 9.2.3). A game
    // whose castling is read from the position writes X-FEN castling letters, or Shredder-FEN's file letters.
    std::string fen(bool shredder = false) const;
    // Reads an SFEN (USI: placement with '+' for promoted pieces, side b or w, hands or '-', an optional
    // move number) for games with hands; InputError with the column otherwise. At most one royal piece
    // per side (test positions without kings are accepted). Writes one (sfen()).
    static BasicPosition from_sfen(GameDefinitionPtr def, std::string_view sfen, const std::string& source = "<position>");
    std::string sfen() const;
    // The move number of an SFEN (plies + 1 counted from the record's start), for writing it back.
    int move_number() const { return move_number_; }

    const GameDefinition& definition() const { return *def_; }
    const GameDefinitionPtr& definition_ptr() const { return owner_; }

    Color side_to_move() const { return side_; }
    Piece piece_on(int sq) const { return board_[sq]; }
    const Piece* board() const { return board_; }  // every square's piece_on, for readers of many at once
    Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
    Bitboard pieces(Color c) const { return by_color_[c]; }
    Bitboard pieces(int type) const { return by_type_[type]; }
    Bitboard pieces(Color c, int type) const { return by_color_[c] & by_type_[type]; }
    int royal_square(Color c) const { return royal_[c]; }  // no_square if the side has none
    int castling_rights() const { return castling_; }       // bit i = CastlingRule i still possible
    int en_passant_square() const { return ep_; }           // the square passed over, or no_square
    int en_passant_victim() const { return ep_victim_; }
    int halfmove_clock() const { return halfmove_; }
    int fullmove_number() const { return fullmove_; }
    // Pieces in hand (shogi; always 0 in chess).
    int hand_count(Color c, int type) const { return hand_[c][type]; }

    // Zobrist key of pieces, side to move, castling rights and hands (not the en passant square).
    std::uint64_t key() const { return key_; }
    // The key under the game's repetition identity: FIDE 9.2.3 adds the en passant square only when an
    // en passant capture is legal.
    std::uint64_t repetition_key() const { return repetition_key_without_en_passant() ^ en_passant_key(); }
    // The two parts of repetition_key: the one read from the key, and the one that needs move generation (the
    // legal en passant capture's square, 0 when there is none or it does not count).
    std::uint64_t repetition_key_without_en_passant() const;
    std::uint64_t en_passant_key() const;

    // Fills `list` with every legal move (replaces its contents).
    void generate_legal(MoveList& list) const;
    // Fills `list` with the legal moves of pieces of `type` that end on `to` (castling: the royal type, to the
    // king's square; a drop: the type dropped), in the order generate_legal gives them: what reading one move's
    // text needs, without generating the others.
    void generate_legal_to(MoveList& list, int type, int to) const;
    bool read_legal_to(MoveList& list, int type, int to) const;  // the same where true (movegen_read.cpp), faster
    // Fills `list` with the legal moves of the piece types in `types` (bit t: type t; drops by the type dropped), in
    // the order generate_legal gives them: a part of the whole list (the helpmate walk asks for its pawns' first).
    void generate_legal_of(MoveList& list, std::uint16_t types) const;
    // Whether the side to move has a legal move: generation that stops at the first piece with one (the end of
    // the game after each move).
    bool has_legal_move() const;
    MoveList legal_moves() const {
        MoveList l;
        generate_legal(l);
        return l;
    }
    bool is_legal(Move m) const { return legal_moves().contains(m); }
    // Fills `list` with every move the pieces' own moves allow, whether or not it leaves or puts the mover's king in
    // check (castling through an attacked square included): the illegal moves a player can still make on a real
    // board, which some rules let stand (FIDE 2009 A.4c). Not for move generation proper: legal moves are above.
    void generate_unchecked(MoveList& list) const;
    // The two royal pieces face each other along a `royals_facing_must_break` line with no piece between (janggi's
    // bikjang): the side to move must part them or pass.
    bool royals_must_part() const;
    // The pass that led here ended the game: the last of `end.passes_in_a_row`, or one that kept the royal pieces
    // facing (`end.pass_while_facing`). For a position reached by a pass.
    bool ended_by_pass() const {
        return (def_->end_passes && passes_ >= def_->end_passes) || (def_->end_pass_while_facing && royals_must_part());
    }
    // Pieces of the side not to move that attack the side to move's royal piece.
    Bitboard checkers() const;
    // Pieces of `by` that capture onto `sq`, with the given occupancy.
    Bitboard attackers_to(int sq, Color by, Bitboard occupied) const;
    bool is_attacked(int sq, Color by) const { return attackers_to(sq, by, occupied()) != 0; }
    bool has_legal_en_passant() const;

    // FIDE 3.9: the royal piece is attacked.
    bool is_check() const { return checkers() != 0; }
    // FIDE 5.1a / 5.2a: no legal move, in check or not.
    bool is_checkmate() const { return is_check() && !has_legal_move(); }
    bool is_stalemate() const { return !is_check() && !has_legal_move(); }
    // The classic insufficient-material table (FIDE 5.2b/6.9 cases that need no search): `c` has only
    // its royal piece; or only one minor piece against a bare royal piece; or every non-royal piece on the
    // board is colour-bound on one square colour. True is a proof that `c` cannot checkmate; false is
    // not a proof that it can.
    bool has_insufficient_material(Color c) const;
    // Neither side can checkmate by the classic table.
    bool is_insufficient_material() const {
        return has_insufficient_material(first) && has_insufficient_material(second);
    }

    // Plays a legal move (the caller guarantees legality). `undo` must live until unmake().
    void make(Move m, Undo& undo);
    void unmake(Move m, const Undo& undo);
    // Would the move give check? (plays it on a copy; for notation, not for search)
    bool gives_check(Move m) const;

    // Leaf count of the legal move tree to `depth`; `bulk` counts the last ply by the size of the
    // legal move list (as Stockfish's perft does).
    std::uint64_t perft(int depth, bool bulk = true);

    // Board editing for loaders (FEN, SFEN, othello board strings).
    void put_piece(int sq, Piece p);
    void remove_piece(int sq);
    void set_hand(Color c, int type, int count);
    // Recomputes the key and the royal squares from scratch (after editing).
    void refresh();

private:
    static constexpr std::uint16_t all_types = 0xFFFF;
    void generate_some(MoveList& list, std::uint16_t types, Bitboard targets, bool first_only) const;
    // generate_some for a game whose legality is tested move by move (lame leaps, hops, facing royals), and the
    // attackers those add (movegen_tested.cpp).
    void generate_tested(MoveList& list, std::uint16_t types, Bitboard targets, bool first_only) const;
    Bitboard blocked_attackers(int sq, Color by, Bitboard occupied) const;
    template <bool Bulk>
    std::uint64_t perft_rec(int depth);
    // Placement games (placement_moves.cpp; boards of up to 64 squares, so only the 64-bit width plays one).
    void generate_placements(MoveList& list) const;
    void make_placement(Move m, Undo& undo);
    void unmake_placement(Move m, const Undo& undo);
    void move_piece(int from, int to);
    std::uint64_t compute_key() const;
    void generate_drops(MoveList& list, Bitboard targets) const;
    // The tables of this width: the definition itself for 64-bit boards (no extra load), else the wide set.
    const BoardTables<BB>& tables() const {
        if constexpr (std::is_same_v<BB, std::uint64_t>) return *def_;
        else return *tables_;
    }
    bool drop_gives_mate(int type, int to) const;

    GameDefinitionPtr owner_;
    const GameDefinition* def_;
    const BoardTables<BB>* tables_;
    Piece board_[capacity] = {};
    Bitboard by_type_[max_piece_types] = {};
    Bitboard by_color_[2] = {};
    Color side_ = first;
    std::uint8_t castling_ = 0;
    Square ep_ = no_square;
    Square ep_victim_ = no_square;
    Square royal_[2] = {no_square, no_square};
    int halfmove_ = 0;
    int passes_ = 0;  // passes in a row that led to this position (end.passes_in_a_row; not in a FEN)
    int fullmove_ = 1;
    std::uint8_t hand_[2][max_piece_types] = {};
    int move_number_ = 1;
    std::uint64_t key_ = 0;
};

// Why no game of the position's definition can reach it from the definition's start position, or "" when nothing
// rules it out: a piece where it must have promoted or could never move again, a forward-only piece behind the
// ranks it starts from, two pieces on one file that drops allow one per file and that never leave their file,
// more pieces of a kind than the game has (with hands: both sides, hands and promoted ones included) or than
// missing promoting pieces explain (without); in a placement game (othello), a square occupied at the start that
// is empty (pieces are never taken). The checks are read from the definition. from_fen and from_sfen do not apply them (perft suites and test vectors use such positions on
// purpose); a reader of positions to analyse or play calls require_possible_position after them.
template <class BB>
std::string impossible_position(const BasicPosition<BB>& pos);
// Throws InputError at `source` ("<source>: impossible position: <why>") if impossible_position names a problem.
template <class BB>
void require_possible_position(const BasicPosition<BB>& pos, const std::string& source);

using Position = BasicPosition<Bitboard>;
extern template class BasicPosition<Bitboard>;
extern template class BasicPosition<WideBitboard<2>>;
extern template class BasicPosition<WideBitboard<3>>;

// Zobrist keys from a fixed seed, so that keys are the same in every run.
namespace zobrist {
extern std::uint64_t piece_square[33][max_board_squares];
extern std::uint64_t castling[256];
extern std::uint64_t en_passant[max_board_squares];
extern std::uint64_t side;
extern std::uint64_t hand[2][max_piece_types][64];
}  // namespace zobrist

}  // namespace arbiter::core
