// The audit's board (audit_board.h): the general board, and the record's moves as the converter read them.
#include "records/audit_board.h"

#include "core/unwinnable.h"

#include <climits>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::procedure::audit {

namespace {

using Position = core::Position;
using Question = AnalysisMemo::Question;

// Each capability of the general board is passed on through capability(): the audit's own answers where it answers
// from the record (DeadPositionFacts), else the general board's with every move so far made, so that a capability
// added to the general board reaches the runner without a change here.
class AuditBoard final : public Board, public DeadPositionFacts {
public:
    AuditBoard(std::unique_ptr<Board> inner, const Entry* entries, const RecordedMoves::Reading* moves, int size,
               int asked_at_end, std::shared_ptr<const Position> end, AnalysisMemo* memo)
        : inner_(std::move(inner)), entries_(entries), moves_(moves), size_(size), asked_at_end_(asked_at_end),
          memo_(memo) {
        sync();
        const Position& p = *inner_->position();
        dead_position_ = inner_->capability(core::Analysis::dead_position) != nullptr;
        game_index_ = memo ? memo->game_index(p.definition().id) : 0;
        if (end && &end->definition() == &p.definition()) end_ = std::move(end);
    }

    int side_to_move() const override { return made_side_ ^ (behind_ & 1); }
    int ply() const override { return made_ply_ + behind_; }
    std::string position_text() const override { return at().position_text(); }

    // The record's move at this ply, while the board has made the record's moves alone: the converter's reading, read
    // on the same position from the same text.
    core::ParsedMove read(std::string_view text) const override {
        const int p = ply();
        if (on_record_ && p < size_ && same_text(entries_[moves_[p].entry].text, text)) return reading(p);
        return at().read(text);
    }

    std::string traditional_text(const core::ParsedMove& parsed) const override {
        return made().traditional_text(parsed);  // reads the last move made
    }

    void play(const core::ParsedMove& parsed) override {
        const int p = ply();
        on_record_ = on_record_ && parsed.ok() && p < size_ && moves_[p].move == parsed.move;
        // Once the record's end has settled that no position on it is dead, what the runner asks after a record move
        // (end_after_move) needs no position: the move is made only when something does (catch_up).
        if (on_record_ && end_ && dead_from_ == no_dead_position) {
            ++behind_;
            return;
        }
        catch_up();
        inner_->play(parsed);
        sync();
    }

    BoardEnd end_after_move(bool can_move) const override {
        if (!on_record_) return inner_->end_after_move(can_move);
        // Moves left unmade (play) are the record's, left while no position on it is dead.
        if (behind_ > 0 && can_move) return BoardEnd::none;
        const Position& pos = position_now();
        if (!can_move && !pos.has_legal_move()) return pos.is_check() ? BoardEnd::checkmate : BoardEnd::stalemate;
        if (pos.halfmove_clock() == 0 && dead_on_the_record()) return BoardEnd::dead_position;
        return BoardEnd::none;
    }

    const core::Position* position() const override { return &position_now(); }

    void restart() override {
        behind_ = 0;
        on_record_ = false;
        dead_from_.reset();
        end_board_.reset();
        inner_->restart();
        sync();
    }

    int repetition_count() const override { return made().repetition_count(); }
    bool repeats_with(core::Move move, int occurrences) const override {
        return made().repeats_with(move, occurrences);
    }
    bool checked_all_along(int side) const override { return made().checked_all_along(side); }
    void set_castling_identity(core::CastlingIdentity identity) override {
        catch_up();
        inner_->set_castling_identity(identity);
        sync();
    }
    int reversible_plies(std::optional<core::Move> after) const override { return at().reversible_plies(after); }
    const Capability* capability(core::Analysis a) const override {
        if (a == DeadPositionFacts::analysis)
            return dead_position_ ? static_cast<const DeadPositionFacts*>(this) : nullptr;
        return made().capability(a);
    }
    // Questions of the position alone: asked of the record's last position as the converter left it where the moves
    // left unmade end there (at()).
    std::optional<bool> cannot_checkmate(int side) const override { return dead_facts().cannot_checkmate(side); }
    bool is_dead_position() const override { return dead_facts().is_dead_position(); }
    bool wrong_rook_pawn(int side) const override { return dead_facts().wrong_rook_pawn(side); }
    std::string material(int side) const override { return at().material(side); }
    bool in_check() const override { return at().in_check(); }
    bool illegal_position() const override { return at().illegal_position(); }
    std::optional<int> owner_at(std::string_view square) const override { return at().owner_at(square); }
    std::vector<MoveSquares> legal_from_to() const override { return at().legal_from_to(); }
    std::string hold_irregular(std::string_view move, const Irregularity& act) override {
        catch_up();
        on_record_ = false;
        std::string why = inner_->hold_irregular(move, act);
        sync();
        return why;
    }
    bool take_back_to(int ply) override {
        catch_up();
        on_record_ = false;
        const bool back = inner_->take_back_to(ply);
        sync();
        return back;
    }

private:
    // The runner reads ahead the very entry's text (the same characters, not a copy): equal without comparing them.
    static bool same_text(const std::string& written, std::string_view text) {
        return (written.data() == text.data() && written.size() == text.size()) || written == text;
    }
    // Asked only where dead_position_ holds (capability hands this board out only then), so at()'s board offers it.
    const DeadPositionFacts& dead_facts() const { return *at().capability<DeadPositionFacts>(); }
    // What the general board shows, read again after each change of it (the runner asks after every move).
    void sync() const {
        made_ply_ = inner_->ply();
        made_side_ = inner_->side_to_move();
    }
    // The converter's reading of the record's move at ply `p`, as the general board's read gives it.
    core::ParsedMove reading(int p) const {
        core::ParsedMove out;
        out.status = core::MoveParseStatus::ok;
        out.move = moves_[p].move;
        out.attempted = moves_[p].attempted;
        return out;
    }
    // At the record's end with moves left unmade: the record's last position stands for the board.
    bool at_end_unmade() const { return behind_ > 0 && ply() == size_; }

    // The general board with every move played so far made.
    const Board& made() const {
        catch_up();
        return *inner_;
    }
    void catch_up() const {
        if (behind_ == 0) return;
        for (; behind_ > 0; --behind_) inner_->play(reading(made_ply_++));
        sync();
    }
    // The board for questions about the position alone: one set up at the record's last position when the moves left
    // unmade are the record's last ones, else the general board caught up.
    const Board& at() const {
        if (!at_end_unmade()) return made();
        if (!end_board_) end_board_ = make_board_at(*end_, memo_);
        return *end_board_;
    }
    const Position& position_now() const { return at_end_unmade() ? *end_ : *made().position(); }

    // is_dead_position on a board that has made the record's first moves and nothing else, answered from the record
    // where it can be (dead_from): "not dead" before the first dead position, "dead" there. After it (a rulebook whose
    // game goes on), or where an analysis on the way did not settle, each position is asked itself.
    bool dead_on_the_record() const {
        if (!dead_position_) return false;  // the game names no dead-position analysis
        if (memo_ && ply() <= size_) {
            const int from = dead_from();
            if (from != unsettled && ply() < from) return false;
            if (from != unsettled && ply() == from) return true;
        }
        return dead_facts().is_dead_position();
    }

    // The record ply (moves made) of the first position, from the one first asked on, where the runner's question
    // (asked after each capture or pawn move) finds the position dead; no_dead_position when there is none, unsettled
    // when an analysis on the way did not settle. Worked out once per run, by few analyses: a dead position is followed
    // only by dead ones (each later position is reached from it by the record's legal moves, so a mate that could come
    // later could come from it), so the answers along the record are "not dead" up to some position and "dead" from
    // it on. The record's end settles most games: it is mate, or a quick probe finds that a mate can still come there,
    // and so from each position before it. Else the last position asked is analysed; when it is dead, the first dead
    // one is found by bisection, after a look at the position asked just before it.
    int dead_from() const {
        if (dead_from_) return *dead_from_;
        dead_from_ = unsettled;
        // The last position as the converter left it settles most games without the replay below, which only the
        // bisection needs.
        const auto settled_at = [&](const Position& end) {
            return (end.is_check() && !end.has_legal_move()) || alive_at_the_end(end);  // mate, or a mate can come
        };
        if (end_ && settled_at(*end_)) return *(dead_from_ = no_dead_position);
        std::vector<int> asked{ply()};  // the plies after a capture or a pawn move, from here
        Position last = position_now();
        if (!replay_record(asked, last)) return unsettled;
        if (!end_ && settled_at(last)) return *(dead_from_ = no_dead_position);
        const auto dead = [&](std::size_t i) {
            const Position p = record_position(asked[i]);
            return remembered(memo_, game_index_, p, Question::dead, [&] { return core::is_dead_position(p); });
        };
        std::size_t hi = asked.size() - 1;
        const auto at_last = dead(hi);
        if (!at_last) return unsettled;
        if (!*at_last) return *(dead_from_ = no_dead_position);
        std::size_t lo = std::size_t(-1);  // before the first position asked: not dead
        // The position asked before the last one first: where the last capture or pawn move is what left too little
        // to mate, the usual case, it is not dead and settles the answer with one analysis instead of a bisection's.
        if (hi > 0) {
            const auto d = dead(hi - 1);
            if (!d) return unsettled;
            (*d ? hi : lo) = hi - 1;
        }
        while (hi - lo > 1) {
            const std::size_t mid = lo + (hi - lo) / 2;
            const auto d = dead(mid);
            if (!d) return unsettled;
            (*d ? hi : lo) = mid;
        }
        return *(dead_from_ = asked[hi]);
    }

    // Whether either side's quick probe finds a helpmate in the record's final position: then a mate can still come
    // from every position before it. What a probe proves is kept for the position: a time forfeit at the end asks
    // there whether the claimant can checkmate (FIDE 6.9, asked_at_end_), and the analysis would start with the same
    // probe, so that side is walked first. Else both sides' walks are short first (core::quick_helpmate_of), the side
    // not to move first.
    bool alive_at_the_end(const Position& last) const {
        // An archive's games may end in the same position (repeated games, short draws): the memo's answer first.
        if (const auto dead = remembered(memo_, game_index_, last, Question::dead, nullptr)) return !*dead;
        std::optional<core::Color> side;
        if (asked_at_end_ == 0 || asked_at_end_ == 1) {
            const auto asked = core::Color(asked_at_end_);
            if (core::quick_helpmate(last, asked)) side = asked;
            else if (core::quick_helpmate(last, ~asked)) side = ~asked;
        } else {
            side = core::quick_helpmate_of(last, ~last.side_to_move(), last.side_to_move());
        }
        if (side) {
            const auto can = [] { return core::Winnability::can_checkmate; };
            (void)remembered(memo_, game_index_, last, Question::dead, can);
            (void)remembered(memo_, game_index_, last,
                             *side == core::first ? Question::first_cannot_mate : Question::second_cannot_mate, can);
        }
        return bool(side);
    }

    // Plays the record's moves from here on `last`, adding to `asked` the ply after each capture or pawn move; false
    // if the board left the record. The converter read each move as legal from the start and the board is on the
    // record, so each is not checked again by generating the legal moves; what is checked is cheap and catches a
    // board that left the record: the mover's own piece stands on each from-square, and at the end the side that
    // moved last is not in check.
    bool replay_record(std::vector<int>& asked, Position& last) const {
        core::Undo undo;
        for (int i = ply(); i < size_; ++i) {
            const core::Move m = moves_[i].move;
            const core::Piece piece = last.piece_on(m.from());
            if (piece == core::no_piece || core::color_of(piece) != last.side_to_move()) return false;
            last.make(m, undo);
            if (last.halfmove_clock() == 0) asked.push_back(i + 1);
        }
        const core::Color moved = ~last.side_to_move();
        const int king = last.royal_square(moved);
        return king == core::no_square || !last.is_attacked(king, ~moved);
    }

    // The position after the record's first `plies` moves (at least the current ply's).
    Position record_position(int plies) const {
        Position p = position_now();
        core::Undo undo;
        for (int i = ply(); i < plies; ++i) p.make(moves_[i].move, undo);
        return p;
    }

    std::unique_ptr<Board> inner_;
    const Entry* entries_;                   // the timeline's entries (Reading::entry)
    const RecordedMoves::Reading* moves_;    // the record's moves in order, plies 0 .. size_ - 1
    int size_;
    int asked_at_end_;                      // the side whose flag claim follows the record's moves, -1: none
    std::shared_ptr<const Position> end_;   // the position after all the moves, where the converter gave it
    AnalysisMemo* memo_;                    // the runner's (may be null)
    std::uint32_t game_index_ = 0;          // the game's number in memo_'s keys
    bool dead_position_ = false;            // the game offers the dead-position analysis
    bool on_record_ = true;                 // the board has made the record's moves alone, in order, since the start
    mutable int behind_ = 0;                // record moves left unmade on inner_ (play)
    mutable int made_ply_ = 0, made_side_ = 0;  // inner_'s ply and side to move (sync)
    mutable std::unique_ptr<Board> end_board_;  // at(): the board set up at end_, made when first asked
    static constexpr int unsettled = -1, no_dead_position = INT_MAX;  // dead_from's answers besides a ply
    mutable std::optional<int> dead_from_;  // dead_from, once worked out
};

// The side that claims a flag after a record's last move (a recorded time forfeit): the run will ask whether it can
// checkmate there (FIDE 6.9), and the board answers that with the dead-position question. -1 when no such claim
// follows the entry `last`, the record's last move.
int flag_claimant_after_record(const Timeline& timeline, std::size_t last, const core::GameDefinition& def) {
    for (std::size_t i = timeline.entries.size(); i-- > last + 1;) {
        const Entry& e = timeline.entries[i];
        if (e.action != "claim" || !e.value.IsMap()) continue;
        const YAML::Node kind = e.value["kind"], by = e.value["by"];
        if (!kind || !by || !kind.IsScalar() || !by.IsScalar() || kind.Scalar() != "flag") continue;
        for (int side = 0; side < 2; ++side)
            if (by.Scalar() == def.side_names[std::size_t(side)]) return side;
    }
    return -1;
}

}  // namespace

std::unique_ptr<Board> audit_board(std::unique_ptr<Board> board, const Timeline& timeline, const RecordedMoves& moves,
                                   AnalysisMemo* memo) {
    if (!board->position() || moves.readings.empty()) return board;
    // The record's moves as its converter read them from the start (plies 0, 1, 2, ...). The record's last position
    // goes with them when every reading is in the chain (it is the position after all).
    const auto& readings = moves.readings;
    std::size_t chained = 0;
    while (chained < readings.size() && readings[chained].ply == int(chained)) ++chained;
    if (chained == 0) return board;
    const int asked = flag_claimant_after_record(timeline, readings.back().entry, board->position()->definition());
    auto end = chained == readings.size() ? moves.end : nullptr;
    return std::make_unique<AuditBoard>(std::move(board), timeline.entries.data(), readings.data(), int(chained), asked,
                                        std::move(end), memo);
}

}  // namespace arbiter::procedure::audit
