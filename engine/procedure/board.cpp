// The runner's board over the core's game record, for every bitboard width. It reads and answers what the game file
// declares (core/game_profile.h): moves in SAN/UCI or USI/KIF, positions as FEN or SFEN, the dead-position questions
// and the king-and-pawn table where the game offers them, the pawn-like piece from roles.pawn.
#include "procedure/board.h"

#include "core/cycle_facts.h"
#include "core/error.h"
#include "core/relative_notation.h"
#include "core/traditional_notation.h"
#include "core/kpk.h"
#include "core/record/kif.h"
#include "core/record/usi.h"
#include "core/unwinnable.h"
#include "procedure/placement_board.h"

#include <optional>

#include <algorithm>
#include <type_traits>

namespace arbiter::procedure {

namespace {

template <class BB>
class CoreBoard final : public Board,
                        public DeadPositionFacts,
                        public KingAndPawnFacts,
                        public ImpasseFacts,
                        public CycleFacts {
public:
    using Position = core::BasicPosition<BB>;
    // SAN and the analyses play boards of up to 64 squares (core::check_profile lets only those declare them).
    static constexpr bool narrow = std::is_same_v<BB, core::Bitboard>;

    CoreBoard(Position start, std::string file, AnalysisMemo* memo)
        : start_(start), game_(std::move(start)), file_(std::move(file)), memo_(memo),
          game_index_(memo ? memo->game_index(start_.definition().id) : 0) {
        const core::GameProfile& p = start_.definition().profile;
        reads_san_ = p.writes(core::MoveNotation::san) || p.writes(core::MoveNotation::uci);
        reads_kif_ = p.writes(core::MoveNotation::kif), writes_sfen_ = p.position == core::PositionNotation::sfen;
        dead_position_ = p.offers(core::Analysis::dead_position);
        reads_relative_ = p.writes(core::MoveNotation::relative);
    }

    int side_to_move() const override { return int(game_.position().side_to_move()); }
    int ply() const override { return game_.ply(); }
    std::string position_text() const override { return writes_sfen_ ? pos().sfen() : pos().fen(); }

    core::ParsedMove read(std::string_view text) const override {
        if constexpr (narrow)
            if (reads_san_) {
                // Reads the text against the moves of its piece type to its square only (core::parse_move).
                core::ParsedMove p = core::parse_move(pos(), text);
                // Only after an illegal move into check that stood can a king stand where a move captures it.
                const core::Piece victim = p.ok() ? pos().piece_on(p.move.to()) : core::no_piece;
                if (victim != core::no_piece && core::type_of(victim) == pos().definition().royal_type) {
                    p.status = core::MoveParseStatus::syntax_error;
                    p.message = "it captures the king, which no move may do; write the claim of the illegal move instead";
                }
                return p;
            }
        // File-relative (C2.5, 炮二平五) where the game file lists it; coordinates otherwise.
        if (reads_relative_) {
            core::ParsedMove coordinates = core::read_usi(pos(), text);
            if (coordinates.status != core::MoveParseStatus::syntax_error) return coordinates;
            return core::read_relative(pos(), text);  // its syntax error names both notations
        }
        if (core::record::is_usi_move(text) || !reads_kif_) return core::read_usi(pos(), text);
        // KIF-style ("７六歩(77)", "同　歩"): written in USI first; a text that is neither is a syntax error.
        try {
            // The game file's piece names, read at the first KIF-style move of the board.
            if (!kif_pieces_) kif_pieces_ = core::record::kif_pieces(start_.definition());
            return core::read_usi(pos(), core::record::kif_move_to_usi(text, previous_usi_, file_, *kif_pieces_));
        } catch (const InputError& e) {
            core::ParsedMove bad;
            bad.message = e.message() + "; expected a move in USI (7g7f, P*5e) or KIF style (７六歩(77))";
            return bad;
        }
    }

    const Capability* capability(core::Analysis a) const override {
        if (!start_.definition().profile.offers(a)) return nullptr;
        switch (a) {
            case core::Analysis::dead_position: return static_cast<const DeadPositionFacts*>(this);
            case core::Analysis::king_and_pawn: return static_cast<const KingAndPawnFacts*>(this);
            case core::Analysis::impasse_count: return static_cast<const ImpasseFacts*>(this);
            case core::Analysis::cycle_facts: return static_cast<const CycleFacts*>(this);
            case core::Analysis::disc_count: break;  // a placement game's (check_profile keeps it to those)
        }
        return nullptr;
    }

    std::string traditional_text(const core::ParsedMove& parsed) const override {
        return core::to_traditional(pos(), parsed.move, previous_to_);
    }

    void play(const core::ParsedMove& parsed) override {
        previous_to_ = parsed.move.is_none() ? -1 : int(parsed.move.to());
        // Only a KIF-style move (「同」) reads the previous one; a game read in SAN (chess) never does, and writing it
        // for every move of an archive cost more than reading the move.
        if (reads_kif_) previous_usi_ = core::to_usi(pos(), parsed.move);
        if (parsed.ok()) game_.play(parsed.move);
        else game_.play_illegal(parsed.move);
    }

    BoardEnd end_after_move(bool can_move) const override {
        if (!can_move && !pos().has_legal_move()) return pos().is_check() ? BoardEnd::checkmate : BoardEnd::stalemate;
        if (pos().halfmove_clock() == 0 && is_dead_position()) return BoardEnd::dead_position;
        return BoardEnd::none;
    }

    const core::Position* position() const override {
        if constexpr (narrow) return &pos();
        return nullptr;
    }

    void restart() override {
        const auto identity = game_.castling_identity();
        game_ = core::BasicGame<BB>(start_);
        game_.set_castling_identity(identity);
        previous_usi_.clear();
        previous_to_ = -1;
    }

    // Undoes the moves after `ply` (an illegal move into check that the board had played, now ruled).
    bool take_back_to(int ply) override {
        if (ply < 0 || ply > game_.ply()) return false;
        while (game_.ply() > ply) game_.undo();
        return true;
    }

    int repetition_count() const override { return game().repetition_count(); }

    bool repeats_with(core::Move move, int occurrences) const override {
        if (!pos().is_legal(move)) return false;
        core::BasicGame<BB> after = game();
        after.play(move);
        return after.repetition_count() >= occurrences;
    }

    bool checked_all_along(int side) const override {
        return game().every_move_checked_since(game().first_occurrence_ply(), core::Color(side));
    }

    std::string_view cycle_pattern(int side, core::ChaseReading reading) const override {
        return core::pattern_name(
            core::cycle_pattern(game(), game().first_occurrence_ply(), core::Color(side), reading));
    }

    void set_castling_identity(core::CastlingIdentity identity) override {
        game_.set_castling_identity(identity);
    }

    int reversible_plies(std::optional<core::Move> after) const override {
        if (!after) return pos().halfmove_clock();
        Position copy = pos();
        core::Undo undo;
        copy.make(*after, undo);
        return copy.halfmove_clock();
    }

    // The side not to move is in check: only an illegal move into check that the board played leaves this, and the
    // analyses below answer only of positions that arise in play.
    bool irregular() const {
        const int king = pos().royal_square(~pos().side_to_move());
        return king != core::no_square && pos().is_attacked(king, pos().side_to_move());
    }

    std::optional<bool> cannot_checkmate(int side) const override {
        if constexpr (narrow) {
            if (side < 0 || side > 1 || !dead_position_ || irregular()) return std::nullopt;
            return remembered(pos(), side == 0 ? AnalysisMemo::Question::first_cannot_mate : AnalysisMemo::Question::second_cannot_mate,
                              [&] { return core::can_checkmate(pos(), core::Color(side)); });
        }
        return std::nullopt;
    }

    bool is_dead_position() const override {
        // An irregular position is not analysed (false). Whether a position is irregular depends on nothing the
        // memo's key leaves out, so it is asked only when the memo has no answer for the position.
        if constexpr (narrow)
            if (dead_position_)
                return remembered(pos(), AnalysisMemo::Question::dead, [&] {
                           return irregular() ? core::Winnability::unknown : core::is_dead_position(pos());
                       }).value_or(false);
        return false;
    }

    std::string material(int side) const override {
        std::string letters;
        const auto& pieces = pos().definition().pieces;
        for (int t = 0; t < int(pieces.size()); ++t)
            letters.append(std::size_t(core::popcount(pos().pieces(core::Color(side), t))), pieces[t].letter);
        return letters;
    }

    // The game file's king_and_pawn analysis (8x8, checked at load): `side` has king and pawn, the other its king.
    bool drawn_king_and_pawn(int side) const override {
        if constexpr (narrow) {
            const auto& def = pos().definition();
            const int pawn = def.profile.pawn_type, king_type = def.royal_type;
            if (side < 0 || side > 1 || !def.profile.offers(core::Analysis::king_and_pawn)) return false;
            const core::Color own = core::Color(side), other = core::Color(1 - side);
            const auto count = [&](core::Color c, int type) { return core::popcount(pos().pieces(c, type)); };
            if (core::popcount(pos().pieces(own)) != 2 || core::popcount(pos().pieces(other)) != 1 ||
                count(own, pawn) != 1 || count(own, king_type) != 1 || count(other, king_type) != 1)
                return false;
            const int strong = core::lsb(pos().pieces(own, king_type)), pawn_sq = core::lsb(pos().pieces(own, pawn));
            const int weak = core::lsb(pos().pieces(other, king_type)), to_move = int(pos().side_to_move());
            return core::kpk_legal(side, to_move, strong, weak, pawn_sq) && !core::kpk_win(side, to_move, strong, weak, pawn_sq);
        }
        (void)side;
        return false;
    }

    // The pawns are the game file's roles.pawn; the bishops the side's colour-bound pieces (PieceType::colour_bound).
    bool wrong_rook_pawn(int side) const override {
        if constexpr (narrow) {
            const auto& def = pos().definition();
            const int pawn = def.profile.pawn_type;
            if (pawn < 0 || side < 0 || side > 1) return false;
            auto pawns = pos().pieces(core::Color(side), pawn);
            if (!pawns) return false;
            const int file = def.file_of(core::lsb(pawns));
            if (file != 0 && file != def.files - 1) return false;
            while (pawns)
                if (def.file_of(core::pop_lsb(pawns)) != file) return false;
            const int far_rank = side == 0 ? def.ranks - 1 : 0;
            const int corner_colour = (file + far_rank) & 1;
            for (int t = 0; t < int(def.pieces.size()); ++t) {
                if (t == pawn || !def.pieces[t].colour_bound) continue;
                auto bound = pos().pieces(core::Color(side), t);
                while (bound)
                    if (def.square_colour(core::pop_lsb(bound)) == corner_colour) return false;
            }
            return true;
        }
        (void)side;
        return false;
    }

    bool in_check() const override { return pos().is_check(); }
    std::string hold_irregular(std::string_view, const Irregularity&) override {
        return "this game has no irregular placements";
    }
    bool illegal_position() const override { return irregular() || !core::impossible_position(pos()).empty(); }

    std::optional<int> owner_at(std::string_view square) const override {
        int length = 0;
        const int sq = pos().definition().parse_square(square, &length);
        if (sq < 0 || length != int(square.size())) return std::nullopt;
        const core::Piece piece = pos().piece_on(sq);
        return piece == core::no_piece ? -1 : int(core::color_of(piece));
    }

    std::vector<MoveSquares> legal_from_to() const override {
        std::vector<MoveSquares> out;
        for (const core::Move m : pos().legal_moves()) {
            if (m.kind() == core::MoveKind::drop || m.kind() == core::MoveKind::pass) continue;
            MoveSquares s{int(m.from()), int(m.to()), -1, -1, m};
            if (m.kind() == core::MoveKind::en_passant) s.takes = int(pos().en_passant_victim());
            else if (m.kind() == core::MoveKind::castling)
                s.also = int(pos().definition().castling[std::size_t(m.extra())].rook_from);
            else if (pos().piece_on(m.to()) != core::no_piece) s.takes = int(m.to());
            out.push_back(s);
        }
        return out;
    }

    Impasse impasse(int side) const override {
        const core::GameDefinition& g = pos().definition();
        const core::Color c = core::Color(side);
        Impasse out;
        auto tally = [&](int type, int count, bool in_zone) {
            const bool major = g.pieces[type].impasse_points > 1;
            (major ? out.all_major : out.all_minor) += count;
            if (in_zone) (major ? out.zone_major : out.zone_minor) += count;
        };
        for (int t = 0; t < int(g.pieces.size()); ++t)
            if (t != g.royal_type) tally(t, pos().hand_count(c, t), true);
        for (int sq = 0; sq < g.squares; ++sq) {
            const core::Piece p = pos().piece_on(sq);
            if (!p || core::color_of(p) != c) continue;
            const bool in_zone = g.impasse_ranks[side] & (1u << g.rank_of(sq));
            if (core::type_of(p) == g.royal_type) {
                out.royal_in_zone = out.royal_in_zone || in_zone;
                continue;
            }
            out.pieces_in_zone += in_zone;
            tally(core::type_of(p), 1, in_zone);
        }
        return out;
    }

private:
    const core::BasicGame<BB>& game() const { return game_; }
    const Position& pos() const { return game_.position(); }

    template <class Analyze>
    std::optional<bool> remembered(const Position& p, AnalysisMemo::Question question, Analyze analyze) const {
        return procedure::remembered(memo_, game_index_, p, question, analyze);
    }

    Position start_;
    core::BasicGame<BB> game_;
    std::string file_;
    std::string previous_usi_;  // what 「同」 refers to in a KIF-style move
    mutable std::optional<core::record::KifPieces> kif_pieces_;  // the names KIF-style moves are read with
    int previous_to_ = -1;      // the last move's square, the 同 of the traditional notation
    // What the game file declares (core::GameProfile), read once: the board asks at every move.
    bool reads_san_ = false, reads_kif_ = false, writes_sfen_ = false, dead_position_ = false, reads_relative_ = false;
    AnalysisMemo* memo_;        // may be null
    std::uint32_t game_index_;  // the game's number in memo_'s keys
};

}  // namespace

std::unique_ptr<Board> make_board(const core::GameDefinitionPtr& def, const YAML::Node& start, const std::string& file,
                                  AnalysisMemo* memo) {
    if (def->profile.position == core::PositionNotation::board) return make_placement_board(def, start, file);
    return core::with_bitboard(*def, [&](auto bb) -> std::unique_ptr<Board> {
        using BB = decltype(bb);
        using Position = core::BasicPosition<BB>;
        const bool written = start && start.IsMap() && (start["fen"] || start["sfen"]);
        Position position = [&] {
            if (written && start["fen"]) return Position::from_fen(def, start["fen"].Scalar(), file);
            if (written) return Position::from_sfen(def, start["sfen"].Scalar(), file);
            return Position::start(def);
        }();
        // A game is played from a position the rules can reach. The definition's own start position is checked
        // once per thread and definition (an audit sets up a board for every game and rulebook); the definition
        // is held, so that no other can take its address. One that fails is checked (and refused) every time.
        thread_local core::GameDefinitionPtr start_checked;
        if (written || start_checked != def) {
            core::require_possible_position(position, file);
            if (!written) start_checked = def;
        }
        return std::make_unique<CoreBoard<BB>>(std::move(position), file, memo);
    });
}

std::unique_ptr<Board> make_board_at(const core::Position& position, AnalysisMemo* memo) {
    return std::make_unique<CoreBoard<core::Bitboard>>(position, std::string(), memo);
}

}  // namespace arbiter::procedure
