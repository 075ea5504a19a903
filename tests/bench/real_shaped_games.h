// Real-shaped chess games for the audit benchmark (scripts/bench-audit): distinct games with [%clk] clocks whose
// shape (length, endings, material left, clock readings) is that of an online blitz archive, so that a
// reader's per-position memos meet what they would meet in a real archive (an archive cut from a few source games
// repeats its positions and measures the memos instead).
//
// How a game is made: a line from a table of common openings, cut after a random ply; then each side picks its
// move with a weighted-random "plausible play" policy (no search: material won minus the risk of the square moved
// to, recaptures, checks, castling, development, a threatened piece saved, with noise), so that every game goes its
// own way after the opening. It ends as online games end: checkmate; a resignation when one side is clearly behind
// in material; an agreed draw in a level position; a time forfeit when a player in time trouble runs out; or a
// stalemate, insufficient material, the fifty moves or a repetition when play reaches one. The clocks follow a
// time-use model (each player has a pace; moves in the book are fast; time trouble makes moves fast and can
// flag), with the increment added after each move.
//
// A header, not a .cpp: tests/CMakeLists.txt makes one program of every tests/bench/*.cpp, and this is one mode of
// bench_core_chess.
#pragma once

#include "core/game.h"
#include "core/notation.h"
#include "core/position.h"
#include "core/unwinnable.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter::bench {

using namespace arbiter::core;

// Random numbers from a fully specified engine (std::mt19937_64), drawn without the library's distributions (whose
// algorithms differ between standard libraries), so that a seed writes the same archive everywhere the
// floating-point functions agree.
class Dice {
public:
    explicit Dice(std::uint64_t seed) : engine_(seed) {}
    double uniform() { return double(engine_() >> 11) * 0x1.0p-53; }  // [0, 1)
    int below(int n) { return int(engine_() % std::uint64_t(n)); }
    bool chance(double p) { return uniform() < p; }
    double exponential(double mean) { return -std::log(1.0 - uniform()) * mean; }
    // Roughly normal (the sum of four uniforms), mean 0 and standard deviation 1: enough for a player's pace.
    double roughly_normal() { return (uniform() + uniform() + uniform() + uniform() - 2.0) * std::sqrt(3.0); }
    // Gumbel noise: the move with the highest score + gumbel() * temperature is a softmax draw over the scores.
    double gumbel() { return -std::log(-std::log(uniform() * (1.0 - 2e-16) + 1e-16)); }
    // An index of `weights` drawn in proportion to its weight.
    template <std::size_t N>
    int weighted(const std::array<int, N>& weights) {
        int total = 0;
        for (int w : weights) total += w;
        int roll = below(total);
        for (std::size_t i = 0; i < N; ++i) {
            if (roll < weights[i]) return int(i);
            roll -= weights[i];
        }
        return int(N - 1);
    }

private:
    std::mt19937_64 engine_;
};

// Common opening lines (SAN, both sides), the book every game starts from before it is cut at a random ply.
inline const std::array<const char*, 32> opening_book = {
    "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3",  // Ruy Lopez, closed
    "e4 e5 Nf3 Nc6 Bb5 Nf6 O-O Nxe4 d4 Nd6 Bxc6 dxc6 dxe5 Nf5 Qxd8+ Kxd8",  // Berlin
    "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O",                    // Italian
    "e4 e5 Nf3 Nc6 Bc4 Nf6 Ng5 d5 exd5 Na5 Bb5+ c6",                  // Two Knights
    "e4 e5 Nf3 Nc6 d4 exd4 Nxd4 Bc5 Be3 Qf6 c3 Nge7",                 // Scotch
    "e4 e5 Nf3 Nf6 Nxe5 d6 Nf3 Nxe4 d4 d5 Bd3 Nc6",                   // Petroff
    "e4 e5 Nf3 d6 d4 exd4 Nxd4 Nf6 Nc3 Be7 Be2 O-O",                  // Philidor
    "e4 e5 Nc3 Nf6 f4 d5 fxe5 Nxe4 Nf3 Be7",                          // Vienna
    "e4 e5 f4 exf4 Nf3 g5 h4 g4 Ne5 Nf6",                             // King's Gambit
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 a6 Be3 e5 Nb3 Be6",            // Najdorf
    "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6 Nc3 e5 Ndb5 d6 Bg5 a6",           // Sveshnikov
    "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6 Nc3 Qc7 Be2 a6 O-O Nf6",           // Taimanov
    "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6 Nc3 g6 Be3 Bg7 f3 O-O Qd2 Nc6",    // Dragon
    "e4 c5 Nc3 Nc6 g3 g6 Bg2 Bg7 d3 d6 f4 e6 Nf3 Nge7",               // Closed Sicilian
    "e4 c5 c3 Nf6 e5 Nd5 d4 cxd4 Nf3 Nc6 cxd4 d6",                    // Alapin
    "e4 e6 d4 d5 Nc3 Bb4 e5 c5 a3 Bxc3+ bxc3 Ne7 Qg4",                // French, Winawer
    "e4 e6 d4 d5 e5 c5 c3 Nc6 Nf3 Qb6 a3 c4",                         // French, Advance
    "e4 c6 d4 d5 e5 Bf5 Nf3 e6 Be2 c5 Be3",                           // Caro-Kann, Advance
    "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5 Ng3 Bg6 h4 h6 Nf3 Nd7",            // Caro-Kann, Classical
    "e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6 Nf3 c6 Bc4 Bf5",                  // Scandinavian
    "e4 d6 d4 Nf6 Nc3 g6 f4 Bg7 Nf3 O-O Bd3",                         // Pirc, Austrian
    "e4 Nf6 e5 Nd5 d4 d6 Nf3 Bg4 Be2 e6 O-O Be7",                     // Alekhine
    "d4 d5 c4 e6 Nc3 Nf6 Bg5 Be7 e3 O-O Nf3 h6 Bh4 b6",               // Queen's Gambit Declined
    "d4 d5 c4 c6 Nf3 Nf6 Nc3 dxc4 a4 Bf5 e3 e6 Bxc4 Bb4",             // Slav
    "d4 d5 c4 dxc4 Nf3 Nf6 e3 e6 Bxc4 c5 O-O a6",                     // Queen's Gambit Accepted
    "d4 d5 Bf4 Nf6 e3 e6 Nf3 c5 c3 Nc6 Nbd2 Bd6 Bg3 O-O",             // London
    "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6 Nf3 O-O Be2 e5 O-O Nc6 d5 Ne7",       // King's Indian
    "d4 Nf6 c4 e6 Nc3 Bb4 e3 O-O Bd3 d5 Nf3 c5 O-O",                  // Nimzo-Indian
    "d4 Nf6 c4 g6 Nc3 d5 cxd5 Nxd5 e4 Nxc3 bxc3 Bg7 Nf3 c5",          // Gruenfeld
    "d4 f5 g3 Nf6 Bg2 e6 Nf3 Be7 O-O O-O c4 d6 Nc3 Qe8",              // Dutch
    "c4 e5 Nc3 Nf6 g3 d5 cxd5 Nxd5 Bg2 Nb6 Nf3 Nc6 O-O Be7",          // English
    "Nf3 d5 g3 Nf6 Bg2 e6 O-O Be7 d3 O-O Nbd2 c5 e4 Nc6",             // Reti / King's Indian Attack
};

// The time controls of the archive and how often each occurs (bullet, blitz, rapid as on a lichess export).
struct TimeControl {
    const char* tag;
    const char* event;
    int base_seconds;
    int increment_seconds;
};
inline const std::array<TimeControl, 6> time_controls = {{
    {"60+0", "Rated Bullet game", 60, 0},
    {"180+0", "Rated Blitz game", 180, 0},
    {"180+2", "Rated Blitz game", 180, 2},
    {"300+0", "Rated Blitz game", 300, 0},
    {"300+3", "Rated Blitz game", 300, 3},
    {"600+0", "Rated Rapid game", 600, 0},
}};
inline const std::array<int, 6> time_control_weights = {12, 24, 18, 22, 10, 14};

// What the policy and the endings know about the pieces: their values in pawns, by piece type of the definition.
class Material {
public:
    explicit Material(const GameDefinition& def) {
        for (std::size_t t = 0; t < def.pieces.size(); ++t) {
            switch (def.pieces[t].letter) {
                case 'P': value_[t] = 1; break;
                case 'N': case 'B': value_[t] = 3; break;
                case 'R': value_[t] = 5; break;
                case 'Q': value_[t] = 9; break;
                default: value_[t] = 0;  // the king: never captured, never counted
            }
        }
    }
    int of_type(int type) const { return value_[std::size_t(type)]; }
    int of(Piece p) const { return p == no_piece ? 0 : value_[std::size_t(type_of(p))]; }
    // The side's material (king excluded).
    int of_side(const Position& pos, Color side) const {
        int total = 0;
        for (Bitboard b = pos.pieces(side); b;) total += of(pos.piece_on(pop_lsb(b)));
        return total;
    }
    // The cheapest piece of the bitboard (a big number when it is empty).
    int cheapest(const Position& pos, Bitboard pieces) const {
        int low = 100;
        for (Bitboard b = pieces; b;) {
            Piece p = pos.piece_on(pop_lsb(b));
            low = std::min(low, type_of(p) == pos.definition().royal_type ? 50 : of(p));
        }
        return low;
    }

private:
    std::array<int, max_piece_types> value_{};
};

// The "plausible play" policy: a score per legal move in pawns, then a softmax draw (Gumbel noise) at a
// temperature, so that good moves are likely, and weaker ones (a blitz player's) still happen.
class PlausiblePlay {
public:
    explicit PlausiblePlay(const GameDefinition& def) : material_(def), def_(def) {}

    // The move played: the best by noisy score, unless the player (with probability `care`) looks at the replies
    // and sees that it loses material or walks into mate, and then takes the next best (three looks at most).
    Move choose(const Game& game, Dice& dice, double temperature, double care) const {
        Position scratch = game.position();
        const MoveList legal = scratch.legal_moves();
        const Ply here = look_around(scratch, game);
        std::vector<std::pair<double, Move>> ranked;
        ranked.reserve(std::size_t(legal.size()));
        for (Move m : legal) ranked.emplace_back(score_move(scratch, m, here) + dice.gumbel() * temperature, m);
        const std::size_t looks = std::min<std::size_t>(5, ranked.size());
        std::partial_sort(ranked.begin(), ranked.begin() + std::ptrdiff_t(looks), ranked.end(),
                          [](const auto& a, const auto& b) { return a.first > b.first; });
        for (std::size_t i = 0; i + 1 < looks; ++i)
            if (!dice.chance(care) || !blunders(scratch, ranked[i].second)) return ranked[i].second;
        return ranked[looks - 1].second;
    }

    const Material& material() const { return material_; }

private:
    // What the policy looks at once per ply: the last move's square (recaptures), what each of the mover's pieces
    // risks where it stands (worked out once, not once per move), and its valuable pieces, so that a move that
    // uncovers one (a line opened behind the piece moved) is seen.
    struct Ply {
        int ply;
        int last_to;
        std::array<double, max_squares> risk_before{};
        int guarded = 0;
        std::array<int, 16> valuable{};
    };

    Ply look_around(const Position& pos, const Game& game) const {
        Ply here{game.ply(), game.ply() > 0 ? game.moves().back().to() : -1};
        const Color mover = pos.side_to_move();
        for (Bitboard b = pos.pieces(mover); b;) {
            const int sq = pop_lsb(b);
            if (type_of(pos.piece_on(sq)) == def_.royal_type) continue;
            here.risk_before[std::size_t(sq)] = risk_on(pos, sq, mover);
            if (material_.of(pos.piece_on(sq)) >= 3) here.valuable[std::size_t(here.guarded++)] = sq;
        }
        return here;
    }

    // What the piece on `sq` risks there: its value if attacked and undefended, else what the cheapest attacker
    // gains by the exchange (nothing when the attacker is worth as much or more).
    double risk_on(const Position& pos, int sq, Color owner) const {
        const Bitboard occupied = pos.occupied();
        const Bitboard attackers = pos.attackers_to(sq, ~owner, occupied);
        if (!attackers) return 0;
        const int value = material_.of(pos.piece_on(sq));
        if (!pos.attackers_to(sq, owner, occupied)) return value;
        return std::max(0, value - material_.cheapest(pos, attackers));
    }

    // Whether the opponent's best reply to `m` (a mate, or a capture that wins material) costs more than `m` won.
    bool blunders(Position& pos, Move m) const {
        const double won = m.kind() == MoveKind::en_passant ? 1 : material_.of(pos.piece_on(m.to()));
        const Color mover = pos.side_to_move();
        Undo undo;
        pos.make(m, undo);
        const MoveList replies = pos.legal_moves();
        double worst = 0;
        for (Move r : replies) {
            const double taken = r.kind() == MoveKind::en_passant ? 1 : material_.of(pos.piece_on(r.to()));
            Undo reply_undo;
            pos.make(r, reply_undo);
            if (pos.is_check() && !pos.has_legal_move()) worst = 1000;
            else if (taken > 0) worst = std::max(worst, taken - (pos.attackers_to(r.to(), mover, pos.occupied()) ?
                                                          material_.of(pos.piece_on(r.to())) : 0));
            pos.unmake(r, reply_undo);
            if (worst >= 1000) break;
        }
        pos.unmake(m, undo);
        return worst >= won + 2;
    }

    // Whether the side to move has so few pieces that a stalemate is worth looking for (the test costs a move
    // generation, and a side with more pieces practically always has a move).
    static bool few_pieces(const Position& pos) { return popcount(pos.pieces(pos.side_to_move())) <= 4; }

    bool aligned(int a, int b) const {
        const int df = def_.file_of(a) - def_.file_of(b), dr = def_.rank_of(a) - def_.rank_of(b);
        return df == 0 || dr == 0 || df == dr || df == -dr;
    }

    // The most that leaving `from` exposes among the other valuable pieces (only those on a line through it can
    // lose a shield), beyond what they risked already.
    double uncovered(const Position& after, int from, int to, const Ply& here) const {
        double worst = 0;
        for (int i = 0; i < here.guarded; ++i) {
            const int sq = here.valuable[std::size_t(i)];
            if (sq == from || sq == to || !aligned(sq, from)) continue;
            const double now = risk_on(after, sq, ~after.side_to_move());
            worst = std::max(worst, now - here.risk_before[std::size_t(sq)]);
        }
        return worst;
    }

    double score_move(Position& pos, Move m, const Ply& here) const {
        const Color mover = pos.side_to_move();
        const Piece moved = pos.piece_on(m.from());
        const int moved_type = type_of(moved);
        const bool is_king = moved_type == def_.royal_type;
        const double threatened_before = here.risk_before[std::size_t(m.from())];
        double gain = m.kind() == MoveKind::en_passant ? 1 : material_.of(pos.piece_on(m.to()));
        if (m.is_promotion()) gain += material_.of_type(m.promotion_type()) - 1;

        Undo undo;
        pos.make(m, undo);
        double score = gain;
        if (pos.is_check()) score += pos.has_legal_move() ? 0.25 : 1000;  // a check, or checkmate
        else if (few_pieces(pos) && !pos.has_legal_move()) score -= 5;      // stalemate throws a game away
        const double risk = is_king ? 0 : risk_on(pos, m.to(), mover);
        score -= uncovered(pos, m.from(), m.to(), here);
        pos.unmake(m, undo);

        score -= risk;
        if (risk == 0) score += threatened_before;              // a threatened piece saved
        if (gain > 0 && m.to() == here.last_to) score += 0.3;   // recapture
        if (gain > 0 && gain >= risk) score += 0.3;              // trades simplify: games reach endings
        score += development_bonus(m, moved_type, is_king, mover, here.ply);
        return score;
    }

    // Habits of real players that material alone does not give: castle, bring the minor pieces out, do not walk
    // the king in the middlegame, push pawns.
    double development_bonus(Move m, int moved_type, bool is_king, Color mover, int ply) const {
        if (m.kind() == MoveKind::castling) return 0.8;
        const int home_rank = mover == first ? 0 : def_.ranks - 1;
        const int value = material_.of_type(moved_type);
        if (is_king) return ply < 60 ? -0.6 : 0.1;
        if (value == 3 && def_.rank_of(m.from()) == home_rank && ply < 30) return 0.35;
        if (value == 9 && ply < 16) return -0.3;  // the queen out early
        if (value == 1) return ply < 20 ? 0.1 : 0.15;
        return 0;
    }

    Material material_;
    const GameDefinition& def_;
};

// One side's clock in milliseconds and its player's habits.
struct PlayerClock {
    long left_ms;
    double pace;  // above 1: spends more than the time left allows, and meets time trouble more often
};

// The time a move takes, from what is left: fast in the book; in normal play a share of the time left for the
// moves still expected (spread wide), never more than 40% of it; in time trouble fast but possibly too slow: only
// there can a player overstep, so a flag falls while the player thinks with the last reading near 0:00:00 (a few
// seconds at most), as in an online game's record, which never holds the move the flag interrupted.
class TimeUse {
public:
    TimeUse(const TimeControl& tc) : base_ms_(tc.base_seconds * 1000L), increment_ms_(tc.increment_seconds * 1000L) {}

    long base_ms() const { return base_ms_; }
    long increment_ms() const { return increment_ms_; }

    // Whole seconds: the readings then say exactly what each move took, as a reader of the record works it out, so
    // that a reader never sees a flag fall where the model had a fraction of a second left (a reading of 2 s,
    // 2.5 s used and 2 s of increment would read as 2 s used of 2 s left).
    long think_ms(Dice& dice, const PlayerClock& clock, int ply, bool in_book) const {
        return (think_exactly_ms(dice, clock, ply, in_book) + 500) / 1000 * 1000;
    }

private:
    long think_exactly_ms(Dice& dice, const PlayerClock& clock, int ply, bool in_book) const {
        if (ply < 2) return 0;  // online clocks start after each side's first move
        const double scale = double(base_ms_) / 180000.0;
        if (in_book) return long(dice.exponential(900.0 * std::sqrt(scale)) + 150);
        if (clock.left_ms < time_trouble_ms()) return long(200 + dice.exponential(700.0 + 0.5 * double(increment_ms_)));
        const double moves_to_go = std::max(9.0, 30.0 - ply / 4.0);
        const double share = (double(clock.left_ms) + 20.0 * double(increment_ms_)) / moves_to_go;
        const double spread = 0.5 * dice.exponential(1.0) + 0.5 * dice.exponential(1.0);
        return std::min(long(share * clock.pace * spread), long(0.4 * double(clock.left_ms)));
    }

    long time_trouble_ms() const { return std::max(5000L, base_ms_ / 25); }
    long base_ms_;
    long increment_ms_;
};

// How a game ended, for its tags and the archive's summary.
enum class Ending { resignation, time_forfeit, checkmate, agreed_draw, board_draw, time_forfeit_draw };

inline const char* ending_name(Ending e) {
    switch (e) {
        case Ending::resignation: return "resignation";
        case Ending::time_forfeit: return "time forfeit";
        case Ending::checkmate: return "checkmate";
        case Ending::agreed_draw: return "agreed draw";
        case Ending::board_draw: return "draw on the board (stalemate/material/50 moves/repetition)";
        case Ending::time_forfeit_draw: return "time forfeit drawn (no mating material)";
    }
    return "?";
}

struct PlayedGame {
    std::vector<std::string> moves;  // "12. Nf3 { [%clk 0:01:23] }": a move with its number and clock reading
    std::string result;
    Ending ending = Ending::agreed_draw;
    int plies = 0;
    int pieces_left = 0;
};

// The decisions a player takes besides the move: resign when clearly behind in material (more readily the further
// behind), but not before the player is ready to give up (from move 20, often later: some fight on); agree a
// draw in a level position (more readily with little material left).
class Endings {
public:
    Endings(const Material& material, Dice& dice)
        : material_(material), resign_from_{40 + int(dice.exponential(24)), 40 + int(dice.exponential(24))} {}

    bool resigns(Dice& dice, const Position& pos, int ply) const {
        if (ply < resign_from_[pos.side_to_move()]) return false;
        const Color side = pos.side_to_move();
        const int behind = material_.of_side(pos, ~side) - material_.of_side(pos, side);
        if (behind < 3) return false;
        return dice.chance(behind < 5 ? 0.015 * (behind - 2) : std::min(0.25, 0.05 * (behind - 3)));
    }

    bool agree_draw(Dice& dice, const Position& pos, int ply) const {
        if (ply < 40) return false;
        const int white = material_.of_side(pos, first), black = material_.of_side(pos, second);
        if (std::abs(white - black) > 1) return false;
        const bool little_left = white + black <= 16;
        return dice.chance(little_left ? 0.05 : 0.008);
    }

private:
    const Material& material_;
    int resign_from_[2];  // the ply from which each side may resign
};

inline std::string clock_text(long ms) {
    const long s = std::max(0L, ms) / 1000;  // whole seconds (TimeUse keeps the clocks in whole seconds)
    char text[32];
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
    return text;
}

// The book line of a game: a line of the table cut after a random ply (a few games leave the book at once).
inline std::vector<Move> book_moves(const Position& start, Dice& dice) {
    std::istringstream line(opening_book[std::size_t(dice.below(int(opening_book.size())))]);
    std::vector<std::string> words{std::istream_iterator<std::string>(line), std::istream_iterator<std::string>()};
    const int keep = dice.chance(0.05) ? 0 : 2 + dice.below(int(words.size()) - 1);
    std::vector<Move> moves;
    Position pos = start;
    for (int i = 0; i < keep; ++i) {
        ParsedMove parsed = parse_san(pos, words[std::size_t(i)]);
        if (!parsed.ok()) throw std::logic_error("opening book: " + words[std::size_t(i)] + ": " + parsed.message);
        Undo undo;
        pos.make(parsed.move, undo);
        moves.push_back(parsed.move);
    }
    return moves;
}

// Plays one game to its end and writes its moves with clock readings.
// Whether `side` can still checkmate (FIDE 6.9), as a reader of the record works it out (core/unwinnable.h, which
// also sees positions the classic table does not): a resignation or a flag then loses; otherwise nobody resigns, and
// a flag draws.
inline bool can_win(const Position& pos, Color side) {
    return can_checkmate(pos, side) != Winnability::cannot_checkmate;
}

// How freely a player of `elo` departs from the policy's best move (the softmax temperature, in pawns), and how
// often the player looks at the replies before moving.
inline double strength_of(int elo) { return std::clamp(elo - 1000, 0, 1500) / 1500.0; }
inline double temperature_of(int elo) { return 0.35 - 0.2 * strength_of(elo); }
inline double care_of(int elo) { return 0.9 + 0.08 * strength_of(elo); }

inline PlayedGame play_game(const GameDefinitionPtr& def, const PlausiblePlay& policy, const TimeControl& tc,
                            const std::array<int, 2>& elo, Dice& dice) {
    Game game(Position::start(def));
    const std::vector<Move> book = book_moves(game.position(), dice);
    const Endings endings(policy.material(), dice);
    const TimeUse time_use(tc);
    PlayerClock clocks[2];
    for (PlayerClock& c : clocks) c = {time_use.base_ms(), std::exp(0.45 * dice.roughly_normal())};

    PlayedGame out;
    const auto finish = [&](Ending ending, const std::string& result) {
        out.ending = ending;
        out.result = result;
    };
    for (;;) {
        const Position& pos = game.position();
        const Color side = pos.side_to_move();
        const int ply = game.ply();
        const std::string win_for_opponent = side == first ? "0-1" : "1-0";
        if (std::optional<Outcome> o = game.outcome(true)) {
            finish(o->winner ? Ending::checkmate : Ending::board_draw, o->result());
            break;
        }
        const bool in_book = ply < int(book.size());
        if (!in_book && endings.resigns(dice, pos, ply) && can_win(pos, ~side)) {
            finish(Ending::resignation, win_for_opponent);
            break;
        }
        if (!in_book && endings.agree_draw(dice, pos, ply)) {
            finish(Ending::agreed_draw, "1/2-1/2");
            break;
        }
        PlayerClock& clock = clocks[side];
        const long used = time_use.think_ms(dice, clock, ply, in_book);
        if (used >= clock.left_ms) {  // the flag falls while the player thinks: the last reading (a few s) stands
            const bool can_mate = can_win(pos, ~side);
            finish(can_mate ? Ending::time_forfeit : Ending::time_forfeit_draw, can_mate ? win_for_opponent : "1/2-1/2");
            break;
        }
        clock.left_ms += time_use.increment_ms() - used;
        const Move m = in_book ? book[std::size_t(ply)] : policy.choose(game, dice, temperature_of(elo[side]), care_of(elo[side]));
        // Every move has a comment, so Black's moves are numbered too ("1... e5"), as lichess writes them.
        out.moves.push_back(std::to_string(pos.fullmove_number()) + (side == first ? ". " : "... ") + to_san(pos, m) +
                            " { [%clk " + clock_text(clock.left_ms) + "] }");
        game.play(m);
    }
    out.plies = game.ply();
    out.pieces_left = popcount(game.position().occupied());
    return out;
}

inline std::string random_site(Dice& dice) {
    static const char alphabet[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::string id;
    for (int i = 0; i < 8; ++i) id += alphabet[dice.below(62)];
    return "https://lichess.org/" + id;
}

// The movetext in lines of at most 80 columns (PGN export format), a move and its clock comment never split, the
// result last.
inline std::string wrapped(const std::vector<std::string>& moves, const std::string& result) {
    std::string out, line;
    const auto add = [&](const std::string& unit) {
        if (!line.empty() && line.size() + 1 + unit.size() > 80) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + unit;
    };
    for (const std::string& unit : moves) add(unit);
    add(result);
    return out + line + "\n";
}

// What the archive holds, printed by the generator (and compared with a real archive's by the benchmark's author).
struct ArchiveSummary {
    long games = 0;
    long plies = 0;
    long pieces_left = 0;
    std::vector<int> lengths;
    std::array<long, 6> endings{};
    long white_wins = 0, black_wins = 0, draws = 0;

    void add(const PlayedGame& g) {
        ++games;
        plies += g.plies;
        pieces_left += g.pieces_left;
        lengths.push_back(g.plies);
        ++endings[std::size_t(g.ending)];
        (g.result == "1-0" ? white_wins : g.result == "0-1" ? black_wins : draws) += 1;
    }

    std::string json() {
        std::sort(lengths.begin(), lengths.end());
        const auto at = [&](double q) { return lengths.empty() ? 0 : lengths[std::size_t(q * double(lengths.size() - 1))]; };
        std::ostringstream s;
        s << "{\"games\": " << games << ", \"plies\": " << plies << ", \"mean_plies\": "
          << (games ? double(plies) / double(games) : 0) << ", \"plies_p10_p50_p90\": [" << at(0.1) << ", " << at(0.5)
          << ", " << at(0.9) << "], \"results\": {\"1-0\": " << white_wins << ", \"0-1\": " << black_wins
          << ", \"1/2-1/2\": " << draws << "}, \"mean_pieces_left\": " << (games ? double(pieces_left) / double(games) : 0)
          << ", \"endings\": {";
        for (std::size_t e = 0; e < endings.size(); ++e)
            s << (e ? ", " : "") << '"' << ending_name(Ending(e)) << "\": " << endings[e];
        s << "}}";
        return s.str();
    }
};

// Writes `games` real-shaped games to `path` as a lichess export would (tags, [%clk] after every move); returns the
// summary as JSON. Deterministic from `seed`.
inline std::string write_real_shaped_archive(const GameDefinitionPtr& def, const std::string& path, int games,
                                             std::uint64_t seed) {
    Dice dice(seed);
    const PlausiblePlay policy(*def);
    std::ofstream out(path);
    if (!out) throw std::runtime_error("cannot write " + path);
    ArchiveSummary summary;
    for (int g = 0; g < games; ++g) {
        const TimeControl& tc = time_controls[std::size_t(dice.weighted(time_control_weights))];
        const std::string site = random_site(dice);
        const int white_elo = 1000 + dice.below(1500);
        const int black_elo = std::clamp(white_elo + dice.below(301) - 150, 800, 2900);
        const int white_id = dice.below(1000000), black_id = dice.below(1000000);
        const int day = 1 + dice.below(28);
        const PlayedGame game = play_game(def, policy, tc, {white_elo, black_elo}, dice);
        summary.add(game);
        const bool on_time = game.ending == Ending::time_forfeit || game.ending == Ending::time_forfeit_draw;
        out << "[Event \"" << tc.event << "\"]\n[Site \"" << site << "\"]\n[Date \"2026.01." << (day < 10 ? "0" : "")
            << day << "\"]\n[Round \"-\"]\n[White \"player" << white_id << "\"]\n[Black \"player" << black_id
            << "\"]\n[Result \"" << game.result << "\"]\n[WhiteElo \"" << white_elo << "\"]\n[BlackElo \"" << black_elo
            << "\"]\n[TimeControl \"" << tc.tag << "\"]\n[Termination \"" << (on_time ? "Time forfeit" : "Normal")
            << "\"]\n\n"
            << wrapped(game.moves, game.result) << "\n";
    }
    return summary.json();
}

}  // namespace arbiter::bench
