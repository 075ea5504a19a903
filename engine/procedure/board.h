// The board as the timeline runner sees it, whatever the game: whose turn it is, whether a move text is legal,
// what the board says after a move (mate, stalemate, dead position), how often the position has occurred and
// whether one side checked all along, and the counts that rules read (material, impasse points). The runner asks
// these questions in the rulebook's terms; one implementation answers them from the core's game record for any
// bitboard width (chess, shogi, wide boards), so the runner has no game-specific branch.
#pragma once

#include "core/cycle_facts.h"
#include "core/game.h"
#include "core/game_def.h"
#include "core/move_text.h"
#include "core/notation.h"
#include "core/unwinnable.h"

#include <yaml-cpp/yaml.h>

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace arbiter::procedure {

// How a game stands on the board right after a move, in the order a rulebook's topics are raised.
// neither_can_move: a placement game (othello) is over and is decided by counting the pieces.
enum class BoardEnd { none, checkmate, stalemate, dead_position, neither_can_move };

// A placement made otherwise than the rules say (othello's illegal acts, joa-othello 「直前の相手番に不正着手が
// あった場合の指摘」): by the side not to move, with a piece of the other colour, with pieces left unturned or
// turned that the move did not enclose, or with pieces knocked out of place. Squares as the game names them.
struct Irregularity {
    int by = -1;      // the side that placed, when it was not its turn; -1: the side to move
    int colour = -1;  // the colour the placed piece shows, when not the placer's; -1: the placer's
    std::vector<std::string> unturned;    // enclosed by the move but left as they were
    std::vector<std::string> overturned;  // turned although the move did not enclose them
    std::vector<std::string> displaced;   // knocked out of place (the colours are unchanged)
    bool any() const { return by >= 0 || colour >= 0 || !unturned.empty() || !overturned.empty() || !displaced.empty(); }
};

// Pieces per side and empty squares, for a game decided by counting (othello).
struct PieceCount {
    std::array<int, 2> pieces{0, 0};
    int empty = 0;
};

// What a board answers beyond the moves, one small interface per analysis a game file can name (`analyses:` in
// rulesets/games/*.yaml, core::Analysis). A board hands one out (Board::capability) only where its game offers
// the analysis, so a rulebook word that needs one is refused when the rulebook is checked against its game
// (rulebook::check_for_game, EngineWords::analysis_words) instead of being answered "no" at run time.
struct Capability {
    virtual ~Capability() = default;
};

// dead_position (FIDE 5.2.2, 6.9): whether a side can still checkmate, whether the position is dead, and the
// material property wrong_rook_pawn that a book draw reads beside it.
struct DeadPositionFacts : Capability {
    static constexpr core::Analysis analysis = core::Analysis::dead_position;
    // Can `side` no longer checkmate by any series of legal moves? nullopt: not settled within the search budget.
    virtual std::optional<bool> cannot_checkmate(int side) const = 0;
    virtual bool is_dead_position() const = 0;
    // The material property wrong_rook_pawn (JCA 15.1 item 5): `side` has pawns (the game file's roles.pawn), all on
    // one edge file, and its bishops (its colour-bound pieces) all stand on squares of the other colour than that
    // file's square on the far rank, where the pawns promote. False in games without a pawn role.
    virtual bool wrong_rook_pawn(int side) const = 0;
};

// king_and_pawn: the material property drawn_king_and_pawn (JCA 15.1 item 3): `side` has its king and one pawn
// against the lone king, and with best play from this position it cannot force a win (core/kpk.h).
struct KingAndPawnFacts : Capability {
    static constexpr core::Analysis analysis = core::Analysis::king_and_pawn;
    virtual bool drawn_king_and_pawn(int side) const = 0;
};

// impasse_count: the impasse tally (shogi jishogi) of one side, king excluded: major pieces (those the game values
// above 1) and minor ones, in hand plus in the zone and over all the side's pieces; pieces in the zone; the king in it.
struct Impasse {
    int zone_major = 0, zone_minor = 0;  // in hand or standing in the zone
    int all_major = 0, all_minor = 0;    // in hand or anywhere on the board
    int pieces_in_zone = 0;
    bool royal_in_zone = false;
};
struct ImpasseFacts : Capability {
    static constexpr core::Analysis analysis = core::Analysis::impasse_count;
    virtual Impasse impasse(int side) const = 0;
};

// disc_count: the count a placement game is decided by, and whether neither side can move on the board as it stands
// (whatever held act put it there).
struct DiscFacts : Capability {
    static constexpr core::Analysis analysis = core::Analysis::disc_count;
    virtual PieceCount piece_count() const = 0;
    virtual bool neither_can_move() const = 0;
};

// cycle_facts: what `side`'s moves since the current position first occurred were (core/cycle_facts.h: idle, check,
// mate_threat, chase, chase_several, mixed), chases read as the rule's parameters say (core::ChaseReading).
struct CycleFacts : Capability {
    static constexpr core::Analysis analysis = core::Analysis::cycle_facts;
    virtual std::string_view cycle_pattern(int side, core::ChaseReading reading) const = 0;
};

// Every analysis a game file can name, for code that walks them all (a wrapping board's test).
inline constexpr core::Analysis all_analyses[] = {core::Analysis::dead_position, core::Analysis::king_and_pawn,
                                                  core::Analysis::impasse_count, core::Analysis::disc_count,
                                                  core::Analysis::cycle_facts};

// The core every game's board answers; each virtual is pure, so a board that wraps another (the audit's) states what
// it does with each, and passes on the capabilities through the one accessor.
class Board {
public:
    virtual ~Board() = default;

    virtual int side_to_move() const = 0;
    virtual int ply() const = 0;
    // The position in the game's own notation, as its game file's notation.position says: FEN or SFEN.
    virtual std::string position_text() const = 0;

    // Reads a move in the notations the game file names (notation.moves: SAN or UCI; USI or KIF-style). For an illegal move, `move` is
    // the move as written when the board can hold it (see core::read_usi), else none.
    virtual core::ParsedMove read(std::string_view text) const = 0;
    // Plays a move `read` returned: a legal one (status ok: `read` has already checked it, so it is not checked
    // again), or an illegal one the rulebook lets stand.
    virtual void play(const core::ParsedMove& parsed) = 0;
    // The move `read` returned, as Japanese output prints it where the game file gives notation.traditional
    // (core/traditional_notation.h: ▲７六歩, △同　歩); "" elsewhere. Asked before `play`.
    virtual std::string traditional_text(const core::ParsedMove& parsed) const = 0;
    // `can_move`: the caller knows that the side to move has a legal move (it read one), so mate and stalemate are
    // out and need no search for a move.
    virtual BoardEnd end_after_move(bool can_move = false) const = 0;
    // The position on a board of up to 64 squares that moves pieces, for a caller that analyses positions itself (a
    // board that wraps this one: the WrapBoard of Runner::run); nullptr on other boards.
    virtual const core::Position* position() const = 0;
    // Back to the start position with no moves (a game played again, e.g. after sennichite).
    virtual void restart() = 0;

    // Occurrences of the current position (FIDE 9.2, shogi's sennichite), counting this one.
    virtual int repetition_count() const = 0;
    // Would `move` make the position occur `occurrences` times? (FIDE 9.2a: a claim with the intended move)
    virtual bool repeats_with(core::Move move, int occurrences) const = 0;
    // Perpetual check: every move `side` made since the current position first occurred gave check.
    virtual bool checked_all_along(int side) const = 0;
    virtual void set_castling_identity(core::CastlingIdentity identity) = 0;
    // Plies since the last capture or counter-resetting move, after `move` when one is given (FIDE 9.3).
    virtual int reversible_plies(std::optional<core::Move> after = std::nullopt) const = 0;

    // A side's pieces as upper-case letters in the game's piece order (chess: K Q R B N P), e.g. "KNN".
    virtual std::string material(int side) const = 0;
    virtual bool in_check() const = 0;
    // The board shows a position that no series of legal moves reaches: the side not to move is in check (both
    // royal pieces in check among these), or a piece stands where the game's rules never leave one (a pawn where
    // it must have promoted: core::impossible_position). Only an illegal move that stood leaves one.
    virtual bool illegal_position() const = 0;
    // The owner of the piece on a square named as the game names it: 0 or 1, -1 for an empty square; nullopt for a
    // name that is not a square of the board.
    virtual std::optional<int> owner_at(std::string_view square) const = 0;
    // The legal moves of the side to move as square numbers of the game definition, drops and passes left out: what
    // a touched piece can do (touch-move, FIDE 4.3-4.5). `takes` is the square of the piece the move removes (its
    // `to`, or the one taken en passant; -1 none), `also` the square of a second own piece it moves (the rook of a
    // castling, which is a move of the king, FIDE 3.8a; -1 none). Empty on a board of placements.
    struct MoveSquares {
        int from = -1, to = -1, takes = -1, also = -1;
        core::Move move;
    };
    virtual std::vector<MoveSquares> legal_from_to() const = 0;

    // Puts an irregular act on the board as it was done (`move` is a square or "pass"); returns why it cannot
    // stand on this board, "" when it does. The act is then held like an illegal move the board can hold.
    virtual std::string hold_irregular(std::string_view move, const Irregularity& act) = 0;
    // Goes back to the position before ply `ply` (0 = the start): an illegal act pointed out and corrected.
    // False where the board cannot (it never holds what it could not take back).
    virtual bool take_back_to(int ply) = 0;

    // The board's answers to the analysis `a` (a DeadPositionFacts for dead_position, ...), null where the game file
    // does not name it. Valid until the board next changes (a move, a restart, a take-back).
    virtual const Capability* capability(core::Analysis a) const = 0;
    template <class T>
    const T* capability() const {
        return static_cast<const T*>(capability(T::analysis));
    }
};

// Answers of the unwinnability analysis (core/unwinnable.h) by position, kept across runs: a timeline compared under
// several rulebooks, or many timelines from one opening, ask about the same positions, and an answer costs up to a
// few milliseconds of search. Keyed by the game and the position without its move counters (exact: a key holds
// every square of every piece, so positions that share a hash only share a bucket); emptied when it grows past
// `capacity` entries. Not thread-safe, like the Runner that owns it.
class AnalysisMemo {
public:
    static constexpr std::size_t capacity = 1 << 16;
    enum class Answer : std::int8_t { unknown, yes, no };
    enum class Question : std::uint8_t { dead, first_cannot_mate, second_cannot_mate };
    // One question about a position on a board of up to 64 squares. Each side's squares and each piece type's
    // squares tell what stands where (types the game lacks stay empty); the Zobrist key, a function of the rest,
    // is the hash.
    struct Key {
        std::uint64_t zobrist = 0;
        std::uint32_t game = 0;  // game_index of the definition's id
        Question question = Question::dead;
        std::uint8_t side = 0, castling = 0, en_passant = 0;
        std::array<std::uint64_t, 2 + core::max_piece_types> squares{};
        bool operator==(const Key&) const = default;
    };
    // The number this memo's keys give the game `id`: the same for the same id.
    std::uint32_t game_index(const std::string& id) {
        for (std::size_t i = 0; i < games_.size(); ++i)
            if (games_[i] == id) return std::uint32_t(i);
        games_.push_back(id);
        return std::uint32_t(games_.size() - 1);
    }
    // nullptr: not asked yet.
    const Answer* find(const Key& question) const;
    // Keeps the answer to a question not asked yet (find() gives nullptr for it: the caller has just asked).
    void store(const Key& question, Answer answer);

private:
    static std::uint64_t hash(const Key& k) {
        return k.zobrist ^ (std::uint64_t(k.en_passant) << 48) ^ (std::uint64_t(k.question) << 56) ^ k.game;
    }
    std::vector<std::string> games_;
    std::vector<std::pair<Key, Answer>> answers_;  // in the order they were stored
    // Open addressing over answers_: a power of two at least twice its size; each slot 0 (empty) or the high half of
    // the key's hash and the answer's index + 1, so that most slots of other keys are passed over unread.
    std::vector<std::uint64_t> slots_;
};

// "Cannot checkmate" (true), "can" (false) or not settled (nullopt) for `p` (the memo's `question` about it), from
// `memo` when it has the answer, else from `analyze` (a core::Winnability), kept in `memo`; with `analyze` null,
// nullopt also where the memo has none. `game`: AnalysisMemo::game_index of p's game. `memo` may be null.
template <class Analyze>
std::optional<bool> remembered(AnalysisMemo* memo, std::uint32_t game, const core::Position& p,
                               AnalysisMemo::Question question, Analyze analyze) {
    using Answer = AnalysisMemo::Answer;
    AnalysisMemo::Key key;
    if (memo) {
        // The game, the question and the position without its two move counters (the answer does not depend on
        // them): exact like a FEN but without formatting one, which cost more than most analyses (an audit asks
        // after every capture and pawn move).
        key.zobrist = p.key();
        key.game = game;
        key.question = question;
        key.side = std::uint8_t(p.side_to_move());
        key.castling = std::uint8_t(p.castling_rights());
        key.en_passant = std::uint8_t(p.en_passant_square());
        for (int c = 0; c < 2; ++c) key.squares[std::size_t(c)] = p.pieces(core::Color(c));
        for (int t = 0; t < int(p.definition().pieces.size()); ++t) key.squares[std::size_t(2 + t)] = p.pieces(t);
        if (const Answer* a = memo->find(key)) {
            if (*a == Answer::unknown) return std::nullopt;
            return *a == Answer::yes;
        }
    }
    if constexpr (std::is_null_pointer_v<Analyze>) {
        return std::nullopt;
    } else {
        const core::Winnability w = analyze();
        const Answer a = w == core::Winnability::unknown            ? Answer::unknown
                         : w == core::Winnability::cannot_checkmate ? Answer::yes
                                                                     : Answer::no;
        if (memo) memo->store(key, a);
        if (a == Answer::unknown) return std::nullopt;
        return a == Answer::yes;
    }
}

// The board for `def`, chosen by what its game file declares: a placement game (its `placement` section, positions
// written as notation.position board) gets the placement board (procedure/placement_board.h) and reads {board: ...};
// any other the core's board, set up from a timeline's `start` (null or "startpos", {fen: ...} or {sfen: ...}).
// Throws InputError at `file` for a position that cannot be read. `memo`, when given, outlives the board.
std::unique_ptr<Board> make_board(const core::GameDefinitionPtr& def, const YAML::Node& start, const std::string& file,
                                  AnalysisMemo* memo = nullptr);
// The core's board set up at `position` (on a board of up to 64 squares), with no moves before it: for the questions
// a wrapping board asks of a position it has (the WrapBoard of Runner::run). `memo`, when given, outlives the board.
std::unique_ptr<Board> make_board_at(const core::Position& position, AnalysisMemo* memo = nullptr);

}  // namespace arbiter::procedure
