// A game definition: the board, the piece types and the special rules of one game, read from
// rulesets/games/<game>.yaml and compiled once into flat per-square tables that move generation reads.
// Nothing about chess is written here; chess.yaml says it.
#pragma once

namespace YAML {
class Node;  // the parsed document (yaml-cpp stays out of core's headers)
}

#include "core/game_profile.h"
#include "core/placement.h"
#include "core/types.h"


#include <cassert>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::core {

// Which moves a movement vector gives: a move to an empty square, a capture, or either.
enum class MoveMode : std::uint8_t { any, move, capture };

struct Vector {
    int dx = 0;
    int dy = 0;
    int range = 1;  // leapers 1; riders the longest run (0 = to the edge of the board)
    MoveMode mode = MoveMode::any;
    int region = -1;  // a leap that the piece has only while it stands in this region (`when_in`); -1 everywhere
};

// A rider's ray table index and what the ray may be used for.
struct RiderRay {
    std::uint8_t ray;
    MoveMode mode;
};

// A promotion: where it happens, to what, and whether the piece may stay as it is.
// Chess (FIDE 3.7e): arrival on the last rank, mandatory. Shogi: optional (`mandatory` false) on a move
// that enters, leaves or stays inside the zone (`on_leaving_zone` true); where the unpromoted piece could
// never move again the game's `no_immobile_pieces` makes it mandatory.
struct Promotion {
    std::uint16_t zone_ranks[2] = {0, 0};  // bit per rank index, per side
    Bitboard zone[2] = {0, 0};             // the same as squares, on boards of up to 64 squares
    std::vector<int> to;  // piece types, in the order of the data
    bool mandatory = true;
    bool on_leaving_zone = false;
};

struct PieceType {
    std::string name;
    char letter = '?';                 // FEN letter of the first side; the second side's is lower case
    bool royal = false;                // its capture ends the game: moves may not expose it (check)
    bool minor = false;                // cannot checkmate with only its royal piece against a bare royal piece
    bool san_letter = true;            // SAN names the piece (chess pawns are written without a letter)
    bool resets_move_counter = false;  // a move of this piece resets the halfmove clock (FIDE 9.3)
    bool en_passant = false;           // its capture-only leaps may take a piece that just double-stepped
    bool colour_bound = false;         // derived: every vector keeps the square colour (dx + dy even)
    bool has_double_step = false;
    std::uint16_t double_step_ranks[2] = {0, 0};  // bit per rank index, per side
    // Hands (shogi): the type a captured piece of this type joins the captor's hand as (itself, or the
    // unpromoted type a promoted piece reverts to; SFEN writes a promoted piece as '+' and that letter).
    int hand_type = -1;
    bool promoted = false;          // derived: it is some other type's promotion (hand_type != itself)
    bool drop_one_per_file = false; // nifu: no drop on a file that holds an own piece of this type
    bool drop_may_mate = true;      // false (uchifuzume): a drop of it may not give mate
    int impasse_points = 1;         // points in an impasse count (royal pieces count 0)
    std::string glyphs[2];          // what a board diagram shows for it, per side (default: the letter)
    std::vector<Vector> vectors;       // as written in the data, first side's view
    // Movement that the per-square leap and ride tables cannot hold (game_def_blocked.cpp), first side's view:
    // leaps blocked by a piece on the leg square (`lame_leap`), rides that pass exactly one piece (`hop`), and leaps
    // the piece has only in a region (`when_in`; each vector's `region` says where).
    std::vector<Vector> lame_leaps;
    std::vector<Vector> hops;
    std::vector<Vector> region_leaps;
    // `within: {<region>: {leap, ride, hop}}`: movement whose start, every square passed and end lie in the region
    // (each vector's `region`): xiangqi-family pieces along a palace's diagonal lines.
    std::vector<Vector> within_leaps, within_rides, within_hops;
    std::uint16_t hops_not_over = 0;   // types (bit t) its hops may not pass over, either side's (`hops_not_over`)
    std::uint16_t never_captures = 0;  // types (bit t) it never captures (`never_captures`)
    int confined = -1;  // the region the piece never leaves (`confined`), -1 none
    Promotion promotion;
    bool promotes() const { return !promotion.to.empty(); }
};

// One castling move (FIDE 3.8.2): the king and rook squares, what must be empty and what must not
// be attacked (the king's square included: no castling out of check).
struct CastlingRule {
    Color side = first;
    char fen = '?';   // letter in the FEN castling field
    std::string san;  // O-O, O-O-O
    Square king_from = no_square, king_to = no_square, rook_from = no_square, rook_to = no_square;
    std::vector<int> must_be_empty;         // squares (BoardTables::castling_empty holds them as a mask)
    std::vector<int> must_not_be_attacked;  // squares (BoardTables::castling_safe)
    bool uci_takes_rook = false;  // UCI writes it king-takes-rook (e1h1): rules read from a position (Chess960)
};

// A move a piece has only while no move has left or reached its square since the start (`first_moves`): Ouk
// Chatrang's king leaping to the rank ahead, its neang's two steps forward. Its right is bit castling.size() + i of
// the position's castling rights, written in the FEN's castling field by its letter; the squares between are not
// looked at. One that may capture attacks its squares while the right is kept (check, a square the king may not take).
struct FirstMove {
    Color side = first;
    char fen = '?';
    int type = -1;              // the piece that makes it, standing on `from`
    Square from = no_square;
    std::vector<int> to;        // the squares it may go to
    bool capture = true;        // may take an opponent's piece there
    bool in_check = true;       // may be made while in check
};

// Castling whose king and rook start squares are read from the position (FIDE Laws 2018 Guidelines II.3, Chess960):
// the king on its side's home rank and a rook of that side on the same rank; the end squares are files given as
// data. A FEN's castling field names the rooks (X-FEN K/Q for the outermost, or Shredder-FEN file letters); the
// position then plays a definition of its own whose `castling` holds the squares (castling_from_position.cpp).
struct CastlingFromPosition {
    struct Kind {
        int toward = 1;    // +1: a rook on the king's last-file side, -1: on its first-file side
        char fen = '?';    // X-FEN letter for the outermost such rook, first side's case (K, Q)
        std::string san;   // O-O, O-O-O
        int king_to_file = -1, rook_to_file = -1;
    };
    bool enabled = false;
    int rook_type = -1;
    int home_rank[2] = {0, 0};  // rank index per side
    std::vector<Kind> kinds;
};

constexpr int max_rays = 48;
constexpr int max_castling_rules = 8;

// The per-square tables move generation reads, for one bitboard width: GameDefinition is the 64-bit set
// (chess-facing code reads g.leap_move...), and holds a wider set for boards over 64 squares.
template <class BB>
struct BoardTables {
    static constexpr int capacity = bitboard_squares<BB>;
    BB all_squares{};
    BB light_squares{};
    BB leap_move[max_piece_types][2][capacity] = {};       // targets of move-only or any leaps
    BB leap_capture[max_piece_types][2][capacity] = {};    // targets of capture-only or any leaps
    BB leap_attackers[max_piece_types][2][capacity] = {};  // squares from which the piece captures onto sq
    // Squares from which the piece reaches sq on the empty board (leap, ray or double step, moving or capturing):
    // the moves to one square (reading a move) need look at no other piece of the type.
    BB reach_to[max_piece_types][2][capacity] = {};
    BB ray_mask[max_rays][capacity] = {};
    BB double_step_from[max_piece_types][2] = {};
    BB promotion_zone[max_piece_types][2] = {};
    // Squares where a piece that promotes may end a move without promoting: outside a mandatory zone and,
    // under no_immobile_pieces, where it could still move.
    BB stay[max_piece_types][2] = {};
    BB drop_to[max_piece_types][2] = {};  // squares a piece in hand may be dropped on (before nifu and check)
    BB file_mask[16] = {};
    BB castling_empty[max_castling_rules] = {};
    BB castling_safe[max_castling_rules] = {};
    // Lame leaps and movement within a region (game_def_blocked.cpp): from each square, the squares a path passes
    // (its legs) and the targets it opens while they are all empty (a screen entry: while exactly one of them holds a
    // piece, which the hop passes); and onto each square, the legs and the squares a side's pieces of one type
    // capture from.
    struct LameLeg {
        BB legs;
        std::uint8_t type;  // lame_attacks only: the capturing type
        bool screen;        // a hop within a region: exactly one piece on the legs
        BB move;            // lame_legs: targets of move-only or any leaps; lame_attacks: the pieces' squares
        BB capture;         // lame_legs: targets of capture-only or any leaps
    };
    std::vector<LameLeg> lame_legs;     // indexed by lame_first / lame_count
    std::vector<LameLeg> lame_attacks;  // indexed by lame_attack_first / lame_attack_count
    std::uint16_t lame_first[max_piece_types][2][capacity] = {};
    std::uint8_t lame_count[max_piece_types][2][capacity] = {};
    std::uint16_t lame_attack_first[2][capacity] = {};
    std::uint8_t lame_attack_count[2][capacity] = {};
    BB region[16][2] = {};  // the board's regions, per side
};

// What the side to move gets when it has no legal move.
enum class NoMovesResult : std::uint8_t { loss, draw, win };

// What makes two positions "the same" for repetition (FIDE 9.2.3 for chess).
struct RepetitionIdentity {
    bool side_to_move = true;
    bool castling_rights = true;
    bool en_passant_legal = true;  // only an en passant capture that is legal makes positions differ
    bool hands = false;            // shogi: pieces in hand
};

// Where the next game plugs in:
//   othello: the `placement` section (core/placement.h): placements with flips, passes, counting.
class GameDefinition : public BoardTables<Bitboard> {
public:
    // Compiles a parsed YAML document; `file` names it in error messages. Throws InputError with
    // file:line:column (1-based) on anything the core cannot play.
    static std::shared_ptr<const GameDefinition> from_yaml(const YAML::Node& root, const std::string& file);
    // Convenience for tests and the CLI: YAML::LoadFile then from_yaml.
    static std::shared_ptr<const GameDefinition> load_file(const std::string& path);

    std::string id;
    std::string title;
    std::string side_names[2] = {"white", "black"};
    std::string diagram_style = "western";  // how a report draws the board (game.schema.json diagram.style)
    int files = 0;
    int ranks = 0;
    int squares = 0;
    std::vector<std::string> file_names;
    std::vector<std::string> rank_names;
    std::vector<PieceType> pieces;
    std::vector<CastlingRule> castling;
    CastlingFromPosition castling_from_position;  // when enabled, `castling` is made per position (with_castling)
    std::vector<FirstMove> first_moves;  // rights after the castling rules' (FirstMove)
    std::string start_fen;          // FEN, or SFEN when the game has hands
    bool hands = false;             // captured pieces join the captor's hand; a turn may drop one instead
    bool no_immobile_pieces = false;  // no move or drop may leave a piece where it could never move
    std::uint16_t impasse_ranks[2] = {0, 0};  // the impasse count's zone, bit per rank index (0 = none)

    NoMovesResult no_moves_in_check = NoMovesResult::loss;      // checkmate
    NoMovesResult no_moves_not_in_check = NoMovesResult::draw;  // stalemate
    RepetitionIdentity repetition;
    int repetition_claim = 3;       // occurrences that let a player claim (0 = none)
    int repetition_automatic = 5;   // occurrences that end the game by themselves (0 = none)
    int move_rule_claim_plies = 100;
    int move_rule_automatic_plies = 150;
    // Placement, flip and pass rules (othello); placement.enabled is false for other games.
    PlacementRule placement;
    // Perft convention for a finished game with depth left: 0 leaves (chess: a mate ends the line), or 1
    // (the othello tables count a finished game as one leaf). YAML `perft: {finished_game_leaves: n}`.
    int perft_finished_game_leaves = 0;
    // What the game file says the game is beyond its moves (core/game_profile.h): notations, record formats,
    // analyses, default rulebook, side names, piece roles.
    GameProfile profile;

    // Geometry.
    int file_of(int sq) const { return sq % files; }
    int rank_of(int sq) const { return sq / files; }
    int square(int file, int rank) const { return rank * files + file; }
    std::string square_name(int sq) const;
    // Parses a square name such as "e4" at the start of `text`; returns the square and sets `length`,
    // or -1 when there is none.
    int parse_square(std::string_view text, int* length = nullptr) const;
    // Piece type by FEN letter (either case) or by name; -1 if none.
    int piece_by_letter(char c) const;
    int piece_by_name(std::string_view name) const;
    // Whether every file and rank name is one ASCII character (chess, USI); then the file and the rank a character
    // names, -1 for none (the first name that matches, as parse_square takes it). Both are -1 for every character
    // of a game with longer names.
    bool one_char_squares() const { return one_char_squares_; }
    int file_by_char(char c) const {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 128 ? file_by_char_[byte] : -1;
    }
    int rank_by_char(char c) const {
        const auto byte = static_cast<unsigned char>(c);
        return byte < 128 ? rank_by_char_[byte] : -1;
    }
    // Square colour for colour-bound pieces: 0 dark (a1), 1 light.
    int square_colour(int sq) const { return (file_of(sq) + rank_of(sq)) & 1; }

    // Compiled tables (read by Position in the hot path). The bitboard tables are inherited (64-bit
    // boards) or in wide2_ / wide3_ (wider boards); tables<BB>() hands move generation the right set.
    int bitboard_words = 1;  // 1, 2 or 3: the BasicPosition<BB> that plays this game
    int royal_type = -1;  // the royal piece type (at most one per side in the games supported)
    std::uint16_t hand_types = 0;  // bit per type that can be held in hand
    Square double_step_to[2][max_board_squares] = {};   // no_square where none
    Square double_step_over[2][max_board_squares] = {};
    static constexpr int max_riders_per_type = 16;
    int ray_count = 0;
    Vector ray_vector[max_rays] = {};
    bool ray_ascending[max_rays] = {};
    std::uint8_t ray_unlimited[max_rays] = {};  // the same direction without range limit
    RiderRay riders[max_piece_types][2][max_riders_per_type] = {};
    int rider_count[max_piece_types][2] = {};
    // Rays along which a side's riders capture, reversed (from the target back to the rider), with the
    // piece types that capture along them: attacks on a square are found by scanning these.
    struct AttackRay {
        std::uint8_t ray;     // reversed ray
        std::uint16_t types;  // bit per piece type
    };
    AttackRay attack_rays[2][max_rays] = {};
    int attack_ray_count[2] = {0, 0};
    std::uint16_t leaper_capture_types[2] = {0, 0};  // types with capturing leaps, per side
    std::uint8_t castling_rights_kept[max_board_squares] = {};  // rights that survive a move from or to sq
    // Bits of `rights` that exist: one per castling rule.
    int castling_rule_count() const { return int(castling.size()); }
    int first_move_bit(int i) const { return int(castling.size()) + i; }  // its bit in the castling rights
    // This definition with `rules` as its castling moves (castling_from_position games); the same rules give the
    // same definition while one is in use, so the positions of one game share it.
    std::shared_ptr<const GameDefinition> with_castling(const std::vector<CastlingRule>& rules) const;
    void start_castling_cache();  // by the reader of a from_position game, before with_castling is called

    // The tables for bitboard type BB (the caller plays this game with BasicPosition<BB>).
    template <class BB>
    const BoardTables<BB>& tables() const {
        if constexpr (std::is_same_v<BB, Bitboard>) {
            return *this;
        } else if constexpr (std::is_same_v<BB, WideBitboard<2>>) {
            assert(wide2_);
            return *wide2_;
        } else {
            assert(wide3_);
            return *wide3_;
        }
    }

    // Rider attacks by table, on boards of up to 64 squares when the CPU has BMI2 (PEXT, PDEP): the rays a piece
    // type rides in one mode (or along which one set of types captures) are packed into groups, and a group's
    // attacks from a square (each ray up to and including its first piece) are read from one table entry instead of
    // scanning ray by ray (built by game_def_slides.cpp, read by core/movegen_targets.h's slide_attacks, also in
    // portable builds). slide_group_count is 0 where the tables are not built: on wider boards, on a CPU without
    // BMI2, or when a group would need too large a table; the ray scans then answer alone.
    static constexpr int max_slide_groups = 32;
    struct SlideSquare {
        Bitboard mask;          // the squares whose occupancy decides the attacks (no ray's farthest square)
        Bitboard reach;         // the group's squares on the empty board (the entries are packed onto these)
        std::uint32_t offset;  // of the square's entries in slide_sets
    };
    struct SlideUse {  // one group of a piece type's rides, and what it rides it for
        std::uint8_t group;
        MoveMode mode;
    };
    struct SlideAttack {  // one group of a side's attack rays (reversed), and the types that capture along them
        std::uint8_t group;
        std::uint16_t types;
    };
    int slide_group_count = 0;
    SlideSquare slide_square[max_slide_groups][max_squares] = {};
    SlideUse slide_uses[max_piece_types][2][max_riders_per_type] = {};
    int slide_use_count[max_piece_types][2] = {};
    SlideAttack slide_attackers[2][max_rays] = {};
    int slide_attacker_count[2] = {0, 0};
    std::vector<std::uint16_t> slide_sets;  // per group and square: attacks by occupancy index, packed onto reach

    // Attacks of a rider along `ray` from `sq` given the occupancy.
    template <class BB>
    BB ray_attacks(int ray, int sq, BB occupied) const {
        const BoardTables<BB>& t = tables<BB>();
        BB r = t.ray_mask[ray][sq];
        BB blockers = r & occupied;
        if (blockers) {
            int b = ray_ascending[ray] ? lsb(blockers) : msb(blockers);
            r &= ~t.ray_mask[ray_unlimited[ray]][b];
        }
        return r;
    }

    // The words of game_def_blocked.cpp (kept after the tables the other games read in the hot path, whose places in
    // the object they leave as they were).
    // Regions of the board (`board.regions`), per side: the second side's mirror the ranks. Pieces may be confined
    // to one or move differently in one.
    std::vector<std::string> region_names;
    std::vector<std::vector<bool>> region_squares[2];
    // Directions along which the two royal pieces may not stand with no piece between them (`royals_may_not_face`).
    std::vector<Vector> royal_facing;
    // Whether move generation tests each move that could expose the royal piece by the attacks after it (lame leaps,
    // hops and facing royals break the check and pin lines of the usual generator): movegen_tested.cpp.
    bool legality_by_test = false;
    bool pass = false;  // a turn may be passed while not in check (`pass`)
    int end_passes = 0;  // passes in a row after which the game is over: no legal move remains (0 never)
    // Directions along which royal pieces that face each other at the start of a turn must be parted by that turn's
    // move or a pass (`royals_facing_must_break`, janggi's bikjang), and their rays both ways (compile_blocked_rays).
    std::vector<Vector> royal_facing_break;
    std::uint8_t facing_break_rays[8] = {};
    int facing_break_ray_count = 0;
    bool end_pass_while_facing = false;  // such a pass ends the game (`end.pass_while_facing`)
    // In check, the royal piece may move only to take a checking piece (`royal_only_captures_in_check`, makpong).
    bool royal_only_captures_in_check = false;
    std::uint16_t screened_types = 0;  // types whose hops may not pass over some types (hops_not_over)

    // Hops (rides over exactly one piece) per type and side, and the lines along which a side's royal piece is
    // attacked when legality is tested: reversed rays from the royal square with the types that capture at the
    // first piece (riders, and the opposing royal piece where royals may not face) and at the second (hops).
    RiderRay hoppers[max_piece_types][2][max_riders_per_type] = {};
    int hopper_count[max_piece_types][2] = {};
    struct LineAttack {
        std::uint8_t ray;
        std::uint16_t first;   // types that capture the first piece along the ray
        std::uint16_t second;  // types that capture the second piece (hops)
        std::uint16_t first_royal;  // types that take the first piece only when it is the royal one (facing royals)
    };
    LineAttack line_attacks[2][max_rays] = {};
    int line_attack_count[2] = {0, 0};
    std::uint16_t lame_types[2] = {0, 0};    // types with lame leaps that capture, per side
    std::uint16_t hopper_types[2] = {0, 0};  // types with capturing hops, per side

    // The points diagram's regions (`diagram.river`, `diagram.diagonals`; game_def_diagram.cpp), after the tables
    // above so that they leave the hot path's places as they were: the region of the first side whose far edge is the
    // river (-1 none) with the words written in it, and the regions drawn with their two diagonals.
    int diagram_river = -1;
    std::string diagram_river_labels[2];
    std::vector<int> diagram_diagonals;

private:
    bool ray_overflow = false;
    std::shared_ptr<BoardTables<WideBitboard<2>>> wide2_;
    std::shared_ptr<BoardTables<WideBitboard<3>>> wide3_;
    // with_castling's definitions by their rules, shared by a definition and those made from it (held weakly).
    struct CastlingCache;
    std::shared_ptr<CastlingCache> castling_cache_;
    // Square names of one character per file and rank (chess, USI): parse_square and piece_by_letter read them by
    // table, since an audit reads a square name for every move of an archive. -1: no name; built by compile_names.
    bool one_char_squares_ = false;
    std::int8_t file_by_char_[128] = {}, rank_by_char_[128] = {}, piece_by_char_[128] = {};
    void compile_names();
    int add_ray(int dx, int dy, int range);
    void compile();
    template <class BB>
    void compile_tables(BoardTables<BB>& t);
    void compile_slides();
    void compile_castling();  // castling_rights_kept, castling_empty and castling_safe from `castling`
    void compile_blocked_rays();  // hoppers and line_attacks (game_def_blocked.cpp)
    template <class BB>
    void compile_blocked(BoardTables<BB>& t);  // regions, region leaps, confinement, lame leaps, reach
};

// Calls f(BB{}) with the bitboard type that plays `g` (std::uint64_t, WideBitboard<2> or <3>), so that
// callers write one generic lambda for every board size.
template <class F>
decltype(auto) with_bitboard(const GameDefinition& g, F&& f) {
    if (g.bitboard_words == 1) return f(Bitboard{});
    if (g.bitboard_words == 2) return f(WideBitboard<2>{});
    return f(WideBitboard<3>{});
}

using GameDefinitionPtr = std::shared_ptr<const GameDefinition>;

// Reads nothing: checks the profile from_yaml read against the compiled game (the notations its rules can be written
// in, the analyses its board allows) and resolves its roles to piece types; InputError at the key (game_profile.cpp).
void check_profile(GameDefinition& g, const YAML::Node& root, const std::string& file);

}  // namespace arbiter::core
