#include "core/record/ki2.h"

#include "core/error.h"
#include "core/game_def.h"
#include "core/record/kif_text.h"
#include "core/traditional_notation.h"

#include <algorithm>
#include <array>

namespace arbiter::core::record {

namespace {

using namespace kif_text;

// The side a mark stands for: 0 sente (▲ ☗), 1 gote (△ ☖ ▽), -1 not a mark.
int mark_side(char32_t c) {
    if (c == U'▲' || c == U'☗') return 0;
    if (c == U'△' || c == U'☖' || c == U'▽') return 1;
    return -1;
}

// The summary line's side names: 先手 and 下手 (who moves first in an even game and gives no handicap), 後手 and
// 上手.
int side_named(std::string_view& s) {
    for (const auto& [name, side] : std::array<std::pair<std::string_view, int>, 4>{
             {{"先手", 0}, {"下手", 0}, {"後手", 1}, {"上手", 1}}})
        if (s.substr(0, name.size()) == name) {
            s.remove_prefix(name.size());
            return side;
        }
    return -1;
}

class Ki2Reader {
public:
    Ki2Reader(std::string text, const std::string& file) : text_(std::move(text)), file_(file) {}

    GameRecord read() {
        record_.format = "ki2";
        record_.line = 1;
        const int line_no = for_each_line(text_, [this](std::string_view line, int n) { return read_line(line, n); });
        if (record_.headers.empty() && record_.moves.empty() && !ended_)
            throw InputError({file_, line_no, 0}, Text{"KI2: no header, move or ending line found (empty record)",
                                                       "KI2：見出し、指し手、終局の行がない（空の棋譜）"});
        return std::move(record_);
    }

private:
    // Reads one line; false once a variation section starts (the rest of the file is skipped).
    bool read_line(std::string_view text, int line_no) {
        LineCursor c(text, file_, line_no, "KI2");
        c.skip_space();
        if (c.done()) return true;
        const char32_t first = c.peek();
        if (first == U'#' && record_.writer_line.empty()) record_.writer_line = trim(c.rest());
        if (first == U'#' || first == U'&') return true;
        if (first == U'*') {
            c.next();
            std::string& target = record_.moves.empty() ? record_.comment : record_.moves.back().comment;
            if (!target.empty()) target += '\n';
            target += std::string(c.rest());
            return true;
        }
        if (c.rest().substr(0, 6) == "変化") return false;
        if (c.rest().substr(0, 6) == "まで") {
            if (summary_line_)
                c.fail({"a second summary line (まで...)", "2つ目の結果の行（まで...）"});
            summary_line_ = line_no;
            record_.headers.emplace_back("まで", trim(c.rest()));
            read_summary(c);
            return true;
        }
        if (mark_side(first) >= 0) {
            read_moves(c);
            return true;
        }
        if (ended_ || summary_line_)
            c.fail({"expected a comment (*) after the game's ending", "終局の後はコメント（*）のはず"});
        read_header(c, record_, !record_.moves.empty(), second_moves_first_);
        return true;
    }

    int to_move() const { return (int(record_.moves.size()) + (second_moves_first_ ? 1 : 0)) % 2; }

    // A line of moves, each after its mark; the text of a move runs to the next mark, spaces at its end dropped
    // (「同　歩」 keeps its own). An ending written in a move's place ("△投了", as Shogi DB2 writes) ends the game.
    void read_moves(LineCursor& c) {
        while (!c.done()) {
            const int column = c.column();
            const int side = mark_side(c.peek());
            const std::string_view start = c.rest();
            c.next();
            while (!c.done() && mark_side(c.peek()) < 0) c.next();
            const std::string_view move = start.substr(0, start.size() - c.rest().size());
            const std::string body = trim(move.substr(3));  // after the mark (three bytes in UTF-8)
            if (ended_ || summary_line_)
                c.fail_at(column, {"a move after the game's ending", "終局の後に指し手がある"});
            bool ending = false;
            for (const Ending& e : Endings)
                if (body == e.text) {
                    record_.termination = e.termination;
                    record_.termination_text = std::string(e.text);
                    record_.termination_line = c.line();
                    record_.terminated_by = e.actor < 0 ? -1 : (to_move() + e.actor) % 2;
                    ended_ = true;
                    ending = true;
                }
            if (ending) continue;
            // An ending's mark is passed over (Shogi DB2 writes the winner's or the loser's); a move's names its mover.
            if (side != to_move())
                c.fail_at(column, {"the mark names the side not to move (move " +
                                       std::to_string(record_.moves.size() + 1) + ")",
                                   "手番でない側の記号（" + std::to_string(record_.moves.size() + 1) + "手目）"});
            RecordMove m;
            m.move = trim(move);
            m.line = c.line();
            m.column = column;
            record_.moves.push_back(std::move(m));
        }
    }

    // "まで77手で先手の勝ち": the number of moves must be the record's; the rest states the ending, unless a move's
    // place already did ("△投了": the converter checks the summary's result against it).
    void read_summary(LineCursor& c) {
        std::string_view s = c.rest().substr(6);
        long n = 0;
        std::size_t digits = 0;
        while (digits < s.size() && digits < 7 && s[digits] >= '0' && s[digits] <= '9')
            n = n * 10 + (s[digits++] - '0');
        s.remove_prefix(digits);
        if (digits == 0 || s.substr(0, 6) != "手で")
            c.fail({"expected the summary line as まで<moves>手で<ending>", "結果の行は「まで<手数>手で<終局>」のはず"});
        s.remove_prefix(6);
        if (std::size_t(n) != record_.moves.size())
            c.fail({"the summary line counts " + std::to_string(n) + " moves, the record holds " +
                        std::to_string(record_.moves.size()),
                    "結果の行は " + std::to_string(n) + " 手、記録の指し手は " + std::to_string(record_.moves.size()) +
                        " 手"});
        if (ended_) return;
        const std::string text = trim(s);
        record_.termination_text = text;
        record_.termination_line = c.line();
        ended_ = true;
        struct Said {
            std::string_view text;
            Termination termination;
        };
        static constexpr std::array<Said, 7> plain = {{{"中断", Termination::abort},
                                                       {"封じ手", Termination::abort},
                                                       {"千日手", Termination::sennichite},
                                                       {"持将棋", Termination::impasse},
                                                       {"詰み", Termination::checkmate},
                                                       {"詰", Termination::checkmate},
                                                       {"不詰", Termination::unknown}}};
        for (const Said& p : plain)
            if (text == p.text) {
                record_.termination = p.termination;
                return;
            }
        if (text == "投了") {
            record_.termination = Termination::resign;
            record_.terminated_by = to_move();
            return;
        }
        std::string_view t = text;
        const bool on_time = t.substr(0, 21) == "時間切れにより";
        if (on_time) t.remove_prefix(21);
        const int side = side_named(t);
        if (side < 0 || t.substr(0, 3) != "の") return unread(text);
        t.remove_prefix(3);
        if (t == "勝ち") {
            // Won: on time, the loser's flag; else the loser resigned, which only the side to move does.
            if (on_time) record_.termination = Termination::time_up, record_.terminated_by = 1 - side;
            else if (1 - side == to_move()) record_.termination = Termination::resign, record_.terminated_by = 1 - side;
            else return unread(text);
        } else if (on_time) {
            return unread(text);
        } else if (t == "反則勝ち") {
            record_.termination = Termination::illegal_move, record_.terminated_by = 1 - side;
        } else if (t == "反則負け") {
            record_.termination = Termination::illegal_move, record_.terminated_by = side;
        } else if (t == "入玉勝ち" || t == "宣言勝ち") {
            record_.termination = Termination::impasse, record_.terminated_by = side;
        } else {
            return unread(text);
        }
    }

    // A summary this reader does not take as an ending: the result it states is still read (the converter's
    // summary), the ending is unknown.
    void unread(const std::string& text) {
        record_.termination = Termination::unknown;
        record_.terminated_by = -1;
        record_.notes.push_back({"the summary line \"" + text + "\" does not say how the game ended",
                                 "結果の行「" + text + "」は終局の仕方を記していない"});
    }

    std::string text_;
    const std::string& file_;
    GameRecord record_;
    bool ended_ = false;
    int summary_line_ = 0;
    bool second_moves_first_ = false;
};

}  // namespace

GameRecord read_ki2(std::string_view bytes, const std::string& file) {
    return Ki2Reader(decode_japanese_text(bytes, file), file).read();
}

template <class BB>
Ki2Move read_ki2_move(const BasicPosition<BB>& pos, std::string_view text, int previous_to, const KifPieces& pieces,
                      bool illegal_drop) {
    const GameDefinition& g = pos.definition();
    const TraditionalNotation& t = g.profile.traditional;
    Ki2Move out;
    static const std::string no_file;
    LineCursor c(text, no_file, 1, "KI2");
    const auto fail = [&](int column, Text why) {
        out.error = std::move(why);
        out.column = column - 1;
        return out;
    };
    if (!t.given)
        return fail(1, {"the game file gives no traditional notation (notation.traditional) to read KI2 moves by",
                        "ゲームのファイルに伝統的な表記（notation.traditional）がなく、KI2 の指し手を読めない"});
    if (mark_side(c.peek()) >= 0) c.next();
    int to = -1;
    const int to_column = c.column();
    if (c.accept(t.same)) {
        if (previous_to < 0) return fail(to_column, {"「同」 with no previous move", "前の指し手がないのに「同」"});
        to = previous_to;
        c.skip_space();
    } else {
        const int file = c.done() ? 0 : numeral(c.next());
        const int rank = c.done() ? 0 : numeral(c.next());
        if (!file || !rank || file > g.files || rank > g.ranks)
            return fail(to_column,
                        {"expected a destination square (７六) or 同", "移動先のマス（７六）か「同」のはずが、そうでない"});
        to = g.square(g.files - file, g.ranks - rank);
    }
    const int piece_column = c.column();
    const KifPieces::Name* piece = nullptr;
    for (const KifPieces::Name& p : pieces.longest_first)
        if (c.accept(p.text)) {
            piece = &p;
            break;
        }
    if (!piece)
        return fail(piece_column, {"expected a piece name (" + pieces.listed + ")",
                                   "駒の名前（" + pieces.listed + "）のはずが、そうでない"});
    // The words in the JSA's order, each at most once: the place's (右 左 直), the move's (上 寄 引), then one of 成,
    // 不成 (or 生, as some writers shorten it) and 打.
    const std::string* moving = nullptr;
    const std::string* place = nullptr;
    bool promote = false, decline = false, drop = false;
    while (!c.done()) {
        const int at = c.column();
        bool took = false;
        for (const std::string* w : {&t.up, &t.sideways, &t.down})
            if (!took && !moving && !promote && !decline && !drop && c.accept(*w)) moving = w, took = true;
        for (const std::string* w : {&t.right, &t.left, &t.straight})
            if (!took && !place && !moving && !promote && !decline && !drop && c.accept(*w)) place = w, took = true;
        if (!took && !promote && !decline && !drop) {
            if (c.accept(t.decline) || c.accept("生")) decline = took = true;
            else if (c.accept(t.promote)) promote = took = true;
            else if (c.accept(t.drop)) drop = took = true;
        }
        if (!took)
            return fail(at, {"unexpected text in the move; expected a word (" + t.right + t.left + t.straight + t.up +
                                 t.sideways + t.down + " " + t.promote + " " + t.decline + " " + t.drop + ")",
                             "指し手に読めない文字がある"});
    }
    const Color us = pos.side_to_move();
    const MoveList legal = pos.legal_moves();
    const auto drop_move = [&]() -> Move {
        for (Move m : legal)
            if (m.kind() == MoveKind::drop && int(m.from()) == piece->type && int(m.to()) == to) return m;
        return Move::none();
    };
    // The squares from which a piece of the kind named goes there.
    std::vector<int> origins;
    for (Move m : legal)
        if (m.kind() != MoveKind::drop && int(m.to()) == to && pos.piece_on(m.from()) == make_piece(us, piece->type) &&
            std::find(origins.begin(), origins.end(), int(m.from())) == origins.end())
            origins.push_back(int(m.from()));
    // 打 is written only where a piece on the board could go there too; a drop is read without it otherwise.
    const bool words = moving || place || promote || decline;
    if (drop || (origins.empty() && !words)) {
        Move m = drop_move();
        // An illegal drop the record ends on (二歩, a pawn drop that mates) is held as written, for the rulebook.
        const bool holdable = pos.hand_count(us, piece->type) > 0 && pos.piece_on(to) == no_piece;
        if (m.is_none() && illegal_drop && !words && holdable) m = Move(piece->type, to, MoveKind::drop);
        if (m.is_none() || words)
            return fail(piece_column, drop ? Text{"no " + piece->text + " can be dropped there",
                                                  "その" + piece->text + "は打てない"}
                                           : Text{"no " + piece->text + " can go there, from the board or the hand",
                                                  "そこへ行ける" + piece->text + "が盤上にも持ち駒にもない"});
        out.move = m;
        out.ok = true;
        return out;
    }
    std::vector<int> fits;
    for (int from : origins) {
        const auto words = traditional_words(pos, from, to, origins);
        if ((!moving || words[0] == moving) && (!place || words[1] == place)) fits.push_back(from);
    }
    if (fits.size() != 1) {
        const std::string n = std::to_string(fits.size());
        if (fits.empty())
            return fail(piece_column, {"no " + piece->text + " can make this move (" + std::to_string(origins.size()) +
                                           " of that kind can go there)",
                                       "この手を指せる" + piece->text + "がない（そこへ行ける" + piece->text + "は " +
                                           std::to_string(origins.size()) + " 枚）"});
        return fail(piece_column, {"ambiguous: " + n + " pieces " + piece->text + " fit (expected " + t.right + " " +
                                       t.left + " " + t.straight + " " + t.up + " " + t.sideways + " " + t.down + ")",
                                   "あいまい：当てはまる" + piece->text + "が " + n + " 枚ある（" + t.right + t.left +
                                       t.straight + t.up + t.sideways + t.down + "で区別する）"});
    }
    // 成 promotes; 不成 or nothing, where the move could promote, does not (成 and 不成 never tell pieces apart).
    for (Move m : legal)
        if (m.kind() != MoveKind::drop && int(m.from()) == fits[0] && int(m.to()) == to &&
            m.is_promotion() == promote) {
            out.move = m;
            out.ok = true;
            return out;
        }
    return fail(piece_column, {promote ? "this piece cannot promote there" : "this piece must promote there",
                               promote ? "この駒はそこで成れない" : "この駒はそこで成らなければならない"});
}

template Ki2Move read_ki2_move(const BasicPosition<Bitboard>&, std::string_view, int, const KifPieces&, bool);
template Ki2Move read_ki2_move(const BasicPosition<WideBitboard<2>>&, std::string_view, int, const KifPieces&, bool);
template Ki2Move read_ki2_move(const BasicPosition<WideBitboard<3>>&, std::string_view, int, const KifPieces&, bool);

}  // namespace arbiter::core::record
