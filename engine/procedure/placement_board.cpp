// The placement board keeps the position as the discs stand, plus the position before every ply so that an
// illegal act pointed out can be undone. Legal moves go through the core (Position::make); what the rules refuse
// but a player can still do at a real board (a disc that turns nothing, a pass while a placement exists, an act
// out of turn, a disc of the wrong colour, discs left unturned or turned wrongly) is written into the board string
// and read back, so the core never sees an illegal move. Nothing here is on a hot path.
#include "procedure/placement_board.h"

#include "core/error.h"
#include "core/placement_game.h"
#include "rulebook/yaml_source.h"

namespace arbiter::procedure {

namespace {

using core::Position;

class PlacementBoard final : public Board, public DiscFacts {
public:
    PlacementBoard(Position start, std::string file) : start_(start), pos_(std::move(start)), file_(std::move(file)) {}

    int side_to_move() const override { return int(pos_.side_to_move()); }
    int ply() const override { return int(history_.size()); }
    std::string position_text() const override { return core::board_string(pos_); }

    // "f5" or "pass". A disc on a square that turns nothing and a pass while a placement exists can stand on a
    // real board, so they come back as illegal with the move to hold; a disc on an occupied square cannot.
    core::ParsedMove read(std::string_view text) const override {
        const core::PlacementParse p = core::parse_placement(pos_, text);
        core::ParsedMove out;
        out.status = p.status;
        out.message = p.message;
        if (!p.pass && p.square >= 0) {
            out.attempted.piece_type = def().placement.piece;
            out.attempted.to = p.square;
        }
        if (p.ok()) out.move = p.move;
        else if (p.refusal == core::PlacementRefusal::pass_with_placement) out.move = core::Move::pass();
        else if (p.refusal == core::PlacementRefusal::encloses_nothing) out.move = placement(p.square);
        return out;
    }

    void play(const core::ParsedMove& parsed) override {
        const core::Move move = parsed.move;
        if (parsed.ok()) {
            history_.push_back(pos_);
            core::Undo undo;
            pos_.make(move, undo);
            return;
        }
        // Held: a pass hands over the turn; a placement that encloses nothing puts the disc down and turns nothing.
        std::string cells = core::board_string(pos_);
        const int mover = side_to_move();
        if (move.kind() != core::MoveKind::pass) cells[std::size_t(move.to())] = cell(mover);
        set_side(cells, 1 - mover);
        replace(cells);
    }

    // A placement game ends when neither side can place: the mover's legal placement says nothing of that.
    BoardEnd end_after_move(bool) const override { return neither_can_move() ? BoardEnd::neither_can_move : BoardEnd::none; }

    void restart() override {
        pos_ = start_;
        history_.clear();
    }

    // A disc never leaves the board: no position recurs, nothing is reversible, nobody is checked.
    int repetition_count() const override { return 1; }
    bool repeats_with(core::Move, int) const override { return false; }
    bool checked_all_along(int) const override { return false; }
    void set_castling_identity(core::CastlingIdentity) override {}
    int reversible_plies(std::optional<core::Move>) const override { return 0; }
    std::string material(int side) const override {
        return std::string(std::size_t(core::popcount(pos_.pieces(core::Color(side)))), def().pieces[0].letter);
    }
    bool in_check() const override { return false; }
    // Every act that is held leaves discs where a player could have put them.
    bool illegal_position() const override { return false; }
    std::string traditional_text(const core::ParsedMove&) const override { return {}; }
    const core::Position* position() const override { return nullptr; }
    std::vector<MoveSquares> legal_from_to() const override { return {}; }
    const Capability* capability(core::Analysis a) const override {
        if (a == core::Analysis::disc_count && def().profile.offers(a)) return static_cast<const DiscFacts*>(this);
        return nullptr;
    }

    std::optional<int> owner_at(std::string_view square) const override {
        const int sq = square_of(square);
        if (sq < 0) return std::nullopt;
        const core::Piece piece = pos_.piece_on(sq);
        return piece == core::no_piece ? -1 : int(core::color_of(piece));
    }

    std::string hold_irregular(std::string_view move, const Irregularity& act) override {
        const int to_move = side_to_move();
        const int actor = act.by >= 0 ? act.by : to_move;
        // Read the move as if it were the actor's turn: what it encloses is what the actor had to turn.
        std::string before = core::board_string(pos_);
        set_side(before, actor);
        const Position as_actor = core::position_from_board_string(pos_.definition_ptr(), before, file_);
        const core::PlacementParse p = core::parse_placement(as_actor, move);
        if (p.status == core::MoveParseStatus::syntax_error) return p.message;
        std::string cells = before;
        if (p.pass) {
            if (act.colour >= 0 || !act.unturned.empty() || !act.overturned.empty())
                return "a pass places no disc, so it has no colour and turns nothing";
        } else {
            if (p.refusal == core::PlacementRefusal::square_occupied)
                return def().square_name(p.square) + " is occupied: no disc can be placed there";
            if (p.ok()) {
                Position after = as_actor;
                core::Undo undo;
                after.make(p.move, undo);
                cells = core::board_string(after);
            } else {
                cells[std::size_t(p.square)] = cell(actor);
            }
            if (act.colour >= 0) cells[std::size_t(p.square)] = cell(act.colour);
        }
        for (const auto& name : act.unturned) {
            const int sq = square_of(name);
            if (sq < 0) return "unturned: '" + name + "' is not a square of the board";
            if (before[std::size_t(sq)] != cell(1 - actor) || cells[std::size_t(sq)] != cell(actor))
                return "unturned: the move does not turn the disc on " + name;
            cells[std::size_t(sq)] = cell(1 - actor);
        }
        for (const auto& name : act.overturned) {
            const int sq = square_of(name);
            if (sq < 0) return "overturned: '" + name + "' is not a square of the board";
            if (cells[std::size_t(sq)] != cell(1 - actor))
                return "overturned: " + name + " holds no disc of the opponent left by the move";
            cells[std::size_t(sq)] = cell(actor);
        }
        for (const auto& name : act.displaced) {
            const int sq = square_of(name);
            if (sq < 0 || cells[std::size_t(sq)] == def().placement.board_cell[2])
                return "displaced: '" + name + "' holds no disc";
        }
        // Out of turn the clock of the side to move never stopped: it is still that side's turn.
        set_side(cells, actor == to_move ? 1 - to_move : to_move);
        replace(cells);
        return {};
    }

    bool take_back_to(int ply) override {
        if (ply < 0 || ply >= int(history_.size())) return false;
        pos_ = history_[std::size_t(ply)];
        history_.erase(history_.begin() + ply, history_.end());
        return true;
    }

    PieceCount piece_count() const override {
        const core::PieceCount c = core::count_pieces(pos_);
        return PieceCount{{c.pieces[0], c.pieces[1]}, c.empty};
    }

    bool neither_can_move() const override { return core::is_placement_game_over(pos_); }

private:
    const core::GameDefinition& def() const { return pos_.definition(); }
    char cell(int side) const { return def().placement.board_cell[side]; }
    void set_side(std::string& cells, int side) const { cells.back() = cell(side); }
    core::Move placement(int sq) const { return core::Move(def().placement.piece, sq, core::MoveKind::drop); }
    int square_of(std::string_view name) const {
        int length = 0;
        const int sq = def().parse_square(name, &length);
        return sq >= 0 && length == int(name.size()) ? sq : -1;
    }
    // Records the ply and sets the board to `cells` (a board string this class wrote, so it always reads).
    void replace(const std::string& cells) {
        history_.push_back(pos_);
        pos_ = core::position_from_board_string(pos_.definition_ptr(), cells, file_);
    }

    Position start_;
    Position pos_;
    std::vector<Position> history_;  // the position before each ply
    std::string file_;
};

}  // namespace

std::unique_ptr<Board> make_placement_board(const core::GameDefinitionPtr& def, const YAML::Node& start,
                                            const std::string& file) {
    if (start && start.IsMap() && start["board"]) {
        try {
            return std::make_unique<PlacementBoard>(core::position_from_board_string(def, start["board"].Scalar(), file), file);
        } catch (const InputError& e) {
            throw InputError(rulebook::location_of(file, start["board"]), "start.board: " + e.message());
        }
    }
    if (start && start.IsMap())
        throw InputError(rulebook::location_of(file, start), "start: expected startpos or {board: ...} for " + def->id);
    return std::make_unique<PlacementBoard>(Position::start(def), file);
}

}  // namespace arbiter::procedure
