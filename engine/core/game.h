// A game record: the start position, the moves played, and what the laws say about the current
// position (python-chess's split: what ends the game by itself vs what a player may claim).
// The procedure engine replays timelines through it.
#pragma once

#include "core/notation.h"
#include "core/position.h"

#include <optional>
#include <type_traits>
#include <string>
#include <vector>

namespace arbiter::core {

// How a game ended on the board, or could be claimed to have ended. The names are the data's names.
enum class Termination {
    checkmate,              // FIDE 5.1a
    stalemate,              // 5.2a
    insufficient_material,  // 5.2b, by the classic table only
    seventyfive_moves,      // 9.6.2
    fivefold_repetition,    // 9.6.1
    fifty_moves,            // 9.3 (claim)
    threefold_repetition,   // 9.2 (claim)
    neither_side_can_move,  // placement games (othello): the side with more pieces wins
};
const char* to_string(Termination t);

struct Outcome {
    Termination termination;
    std::optional<Color> winner;  // empty for a draw
    // "1-0", "0-1" or "1/2-1/2".
    std::string result() const;
};

// How castling enters "the same position" for repetition. FIDE 2001 9.2: a castling right that changed, even one
// that could not be used yet, makes positions differ. FIDE 2009 9.2 and JCA 9.2 compare the possible moves: only
// the castling moves that can actually be made (right kept, squares between empty, king not in check and not
// crossing an attacked square) count, for each side as if it were that side's turn.
enum class CastlingIdentity { rights, possible_moves };

// A game record on a board of any width: BasicGame<Bitboard> (`Game`) for chess and other boards up to 64
// squares, BasicGame<WideBitboard<2>> for shogi. Text moves (SAN/UCI) are read only on 64-square boards; other
// games parse their own notation (move_text.h) and play the Move.
template <class BB>
class BasicGame {
public:
    using Position = BasicPosition<BB>;
    explicit BasicGame(Position start);

    // Changes the castling part of the repetition identity (the game definition's is `rights`); the history is
    // re-keyed, so it may be called at any time.
    void set_castling_identity(CastlingIdentity identity);
    CastlingIdentity castling_identity() const { return castling_identity_; }

    const Position& position() const { return pos_; }
    const Position& start_position() const { return start_; }
    const std::vector<Move>& moves() const { return moves_; }
    int ply() const { return int(moves_.size()); }

    // Plays a legal move (the caller checked it: parse_move or Position::is_legal).
    void play(Move m);
    // Plays a move the board can hold although it is illegal (a shogi nifu nobody noticed, which then stands).
    void play_illegal(Move m) { record(m); }
    // Plays `m` if it is legal; returns false (and changes nothing) if not.
    bool play_if_legal(Move m);
    // Parses SAN or UCI and plays it if legal; the result says what was attempted otherwise.
    ParsedMove play(std::string_view text)
        requires std::is_same_v<BB, Bitboard>;
    // Takes back the last move (FIDE 7.5: the position before an illegal move is restored by the caller
    // never having played it; this is for analysis).
    void undo();

    // Times the current position has occurred under the game's repetition identity (FIDE 9.2.3),
    // counting this occurrence; occurrences need not be consecutive.
    int repetition_count() const;
    // The ply at which the current position first occurred (0 = the start position), under the same identity.
    int first_occurrence_ply() const;
    // Shogi's perpetual check (連続王手の千日手): every move `side` made from ply `from` on gave check. False when
    // `side` made no move in that stretch.
    bool every_move_checked_since(int from, Color side) const;
    // FIDE 9.2.2: the position has occurred `claim` (3) times, or `move` would make it so.
    bool can_claim_repetition() const;
    bool can_claim_repetition_with(Move move) const;
    // The move a claim must announce (FIDE 2009 9.2a): the first legal move, in generation order, that makes the
    // position occur `claim` times; none when the position already has, or when no move does.
    std::optional<Move> repetition_claim_move() const;
    // FIDE 9.3: the last 50 moves by each player (100 plies) had no capture and no pawn move, or a
    // legal move would complete them; not after a checkmate or stalemate (the game is over).
    bool can_claim_fifty_moves() const;
    // The move a claim must announce (FIDE 2009 9.3a): the first legal move that completes the count; none when the
    // count is complete already, or when no move completes it.
    std::optional<Move> fifty_moves_claim_move() const;
    // FIDE 9.6.1: the same position five times (automatic draw).
    bool is_fivefold_repetition() const;
    // FIDE 9.6.2: 75 moves by each player without capture or pawn move, unless the last move mated.
    bool is_seventyfive_moves() const;
    // The outcome in precedence order: checkmate, stalemate, insufficient material, 75 moves,
    // fivefold; with `claim_draw` also fifty moves and threefold repetition. Empty while the game goes on.
    std::optional<Outcome> outcome(bool claim_draw = false) const;

private:
    static constexpr std::size_t reserved_plies = 160;
    void record(Move m);
    // Whether the legal `move` makes the position occur `claim` times (can_claim_repetition_with without the check).
    bool repeats_after(Move move, int claim) const;
    // How far back a position can recur: to the last capture or pawn move in chess; the whole record in games
    // with hands, where a captured piece can come back by a drop.
    int recurrence_window(int plies_after) const;

    // A position's repetition key under this game's castling identity, in two parts whose XOR is the key. `base`
    // is read from the position's Zobrist key with every move. `rest` needs move generation (the legal en passant
    // capture, the castling moves that can be made): it is worked out only when two bases match, since positions
    // whose bases differ differ anyway, and most positions never meet an equal base in their window.
    struct Key {
        std::uint64_t base;
        std::uint64_t rest;
        bool rest_known;
    };
    void set_key(Key& k, const Position& p) const;
    std::uint64_t rest_of(const Position& p) const;
    // The rest of the key of the position before move `ply` (the current one at ply()), worked out once.
    std::uint64_t rest_at(int ply) const;
    // Works out, in one walk back from the current position, the rests not known yet of the positions from ply
    // `oldest` on whose base is `base`: asked one by one, each would walk back from the current position again, and
    // a scan of a long stretch with no capture or pawn move cost the square of its length.
    void know_rests(int oldest, std::uint64_t base) const;
    // Whether the positions before moves `i` and `j` are the same under the repetition identity.
    bool same_position(int i, int j) const {
        return keys_[std::size_t(i)].base == keys_[std::size_t(j)].base && rest_at(i) == rest_at(j);
    }

    Position start_;
    Position pos_;
    std::vector<Move> moves_;
    std::vector<Undo> undos_;
    // The key of the position before move i, and the current one's last; rests are filled in when asked (mutable:
    // a const question may write them, so one game is never asked from two threads at once; every caller's game is
    // its own thread's).
    mutable std::vector<Key> keys_;
    CastlingIdentity castling_identity_ = CastlingIdentity::rights;
};

using Game = BasicGame<Bitboard>;
extern template class BasicGame<Bitboard>;
extern template class BasicGame<WideBitboard<2>>;
extern template class BasicGame<WideBitboard<3>>;

}  // namespace arbiter::core
