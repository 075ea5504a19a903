#include "core/record/kif.h"

#include "core/record/kif_text.h"

#include "core/error.h"
#include "core/game_def.h"
#include "core/pgn.h"

#include <algorithm>
#include <array>

namespace arbiter::core::record {

namespace {

using namespace kif_text;

// Reads a KIF move after its optional ▲/△ mark ("７六歩(77)", "同　歩(78)", "５五角打") and returns it in USI;
// `last_file` / `last_rank` hold the previous destination (0 = none) for 「同」 and receive this one.
std::string parse_kif_move(LineCursor& c, const KifPieces& pieces, int move_column, int& last_file, int& last_rank) {
    std::string usi;
    if (c.done())
        c.fail({"expected a move (７六歩(77), 同　歩(78), ５五角打) or an ending (投了 ...)",
                "指し手（７六歩(77)、同　歩(78)、５五角打）か終局（投了など）のはずが、そうでない"});
    int to_file = 0, to_rank = 0;
    if (c.accept("同")) {
        if (!last_file) c.fail_at(move_column, {"「同」 with no previous move", "前の指し手がないのに「同」"});
        to_file = last_file;
        to_rank = last_rank;
        c.skip_space();
    } else {
        to_file = numeral(c.next());
        if (!to_file)
            c.fail_at(move_column,
                      {"expected a destination file (１-９) or 同", "移動先の筋（１-９）か「同」のはずが、そうでない"});
        int rank_column = c.column();
        to_rank = c.done() ? 0 : numeral(c.next());
        if (!to_rank)
            c.fail_at(rank_column, {"expected a destination rank (一-九)", "移動先の段（一-九）のはずが、そうでない"});
    }
    int piece_column = c.column();
    const KifPieces::Name* piece = nullptr;
    for (const KifPieces::Name& p : pieces.longest_first)
        if (c.accept(p.text)) {
            piece = &p;
            break;
        }
    if (!piece)
        c.fail_at(piece_column, {"expected a piece name (" + pieces.listed + ")",
                                 "駒の名前（" + pieces.listed + "）のはずが、そうでない"});
    bool promote = false, drop = false;
    if (c.accept("不成") || c.accept("生")) {
    } else if (c.accept("成")) {
        promote = true;
    } else if (c.accept("打")) {
        drop = true;
    }
    if (!drop && c.peek() == U'(') {
        int from_column = c.column();
        c.next();
        int from_file = c.done() ? 0 : numeral(c.next());
        int from_rank = c.done() ? 0 : numeral(c.next());
        if (!from_file || !from_rank || c.done() || c.next() != U')')
            c.fail_at(from_column, {"expected the source square in parentheses, e.g. (77)",
                                    "移動元のマスが括弧の中にない（例 (77)）"});
        usi = usi_square(from_file, from_rank) + usi_square(to_file, to_rank) + (promote ? "+" : "");
    } else {
        // A drop: written with 打, or (in some files) without it when no board piece could move there.
        if (!piece->drop)
            c.fail_at(piece_column, {"this piece cannot be dropped; expected its source square (xy)",
                                     "この駒は打てない（移動元のマス (xy) がない）"});
        if (promote) c.fail_at(piece_column, {"a dropped piece cannot promote", "打った駒は成れない"});
        usi = std::string(1, piece->drop) + "*" + usi_square(to_file, to_rank);
    }
    last_file = to_file;
    last_rank = to_rank;
    return usi;
}

class KifReader {
public:
    KifReader(std::string text, const std::string& file, const KifPieces& pieces)
        : text_(std::move(text)), file_(file), pieces_(pieces) {}

    GameRecord read() {
        record_.format = "kif";
        record_.line = 1;
        const int line_no = for_each_line(text_, [this](std::string_view line, int n) { return read_line(line, n); });
        if (record_.headers.empty() && record_.moves.empty() && !ended_)
            throw InputError({file_, line_no, 0}, Text{"KIF: no header, move or ending line found (empty record)",
                                                       "KIF：見出し、指し手、終局の行がない（空の棋譜）"});
        return std::move(record_);
    }

private:
    // Reads one line; false once a variation section starts (the rest of the file is skipped).
    bool read_line(std::string_view text, int line_no) {
        LineCursor c(text, file_, line_no);
        c.skip_space();
        if (c.done()) return true;
        char32_t first = c.peek();
        if (first == U'#' && record_.writer_line.empty()) record_.writer_line = trim(c.rest());
        if (first == U'#' || first == U'&') return true;  // file-format comment, bookmark
        if (first == U'*') {
            c.next();
            if (!ended_ && !record_.moves.empty()) read_ending_comment(c.rest(), line_no);
            std::string& target = record_.moves.empty() ? record_.comment : record_.moves.back().comment;
            if (!target.empty()) target += '\n';
            target += std::string(c.rest());
            return true;
        }
        if (c.rest().substr(0, 6) == "変化") return false;
        if (c.rest().substr(0, 6) == "まで") {
            record_.headers.emplace_back("まで", trim(c.rest()));
            return true;
        }
        if (c.rest().substr(0, 6) == "手数") {
            in_moves_ = true;
            return true;
        }
        if (first >= U'0' && first <= U'9') {
            read_move_line(c);
            return true;
        }
        if (ended_)
            c.fail({"expected a header line (key：value), a numbered move line or a comment (*)",
                    "見出しの行（キー：値）、番号付きの指し手の行、コメント（*）のどれでもない"});
        read_header(c, record_, in_moves_ && !record_.moves.empty(), second_moves_first_);
        return true;
    }

    // 81Dojo ends a record without an ending line, with a comment after the last move: "反則手にて終局" (that move
    // was illegal: its mover loses), "時間切れにて終局" (the side to move lost on time), "接続切れにて終局" (the
    // connection was lost: no result).
    void read_ending_comment(std::string_view text, int line_no) {
        struct Said {
            std::string_view text;
            Termination termination;
            int actor;  // as Ending::actor
        };
        static constexpr std::array<Said, 3> said = {{
            {"反則手にて終局", Termination::illegal_move, 1},
            {"時間切れにて終局", Termination::time_up, 0},
            {"接続切れにて終局", Termination::abort, -1},
        }};
        const std::string t = trim(text);
        for (const Said& s : said) {
            if (t != s.text) continue;
            record_.termination = s.termination;
            record_.termination_text = "*" + t;
            record_.termination_line = line_no;
            const int to_move = (int(record_.moves.size()) + (second_moves_first_ ? 1 : 0)) % 2;
            record_.terminated_by = s.actor < 0 ? -1 : (to_move + s.actor) % 2;
            ended_ = true;
            comment_ended_ = true;
            return;
        }
    }

    void read_move_line(LineCursor& c) {
        int number_column = c.column();
        int number = 0;
        while (!c.done() && c.peek() >= U'0' && c.peek() <= U'9') {
            number = number * 10 + int(c.next() - U'0');
            if (number > 100000) c.fail_at(number_column, {"move number too large", "手数が大きすぎる"});
        }
        if (ended_ && !comment_ended_) {
            // A second ending line after the first ("122 投了", then "123 中断" and まで122手で中断, as a record
            // editor left a professional game): the first ending is what happened at the board; the later one is
            // passed over with a warning. A move after the ending contradicts it: refused.
            c.skip_space();
            if (c.peek() == U'▲' || c.peek() == U'△' || c.peek() == U'☗' || c.peek() == U'☖') c.next();
            for (const Ending& e : Endings) {
                if (!c.accept(e.text)) continue;
                // One warning however many follow: the later ones only add to its count.
                if (later_endings_++ > 0) {
                    const std::string more = std::to_string(later_endings_ - 1);
                    auto& note = record_.notes[later_endings_note_];
                    note[0] = later_endings_first_[0] + " (and " + more + " more ending lines after it, passed over)";
                    note[1] = later_endings_first_[1] + "（このあとの終局行" + more + "行も読まない）";
                    return;
                }
                const std::string at = std::to_string(c.line());
                later_endings_first_ = {"line " + at + ": a second ending line \"" + std::string(e.text) +
                                            "\" after \"" + record_.termination_text + "\": the first is kept",
                                        at + "行目：「" + record_.termination_text + "」のあとの2つ目の終局行「" +
                                            std::string(e.text) + "」は読まず、最初の終局を採る"};
                later_endings_note_ = record_.notes.size();
                record_.notes.push_back(later_endings_first_);
                return;
            }
            c.fail_at(number_column, {"move line after the game's ending line", "終局の行の後に指し手の行がある"});
        }
        int expected = int(record_.moves.size()) + 1;
        if (number != expected)
            c.fail_at(number_column,
                      {"expected move number " + std::to_string(expected) + ", found " + std::to_string(number),
                       "手数 " + std::to_string(expected) + " のはずが " + std::to_string(number)});
        c.skip_space();
        int move_column = c.column();
        RecordMove m;
        m.line = c.line();
        m.column = move_column;
        if (c.peek() == U'▲' || c.peek() == U'△' || c.peek() == U'☗' || c.peek() == U'☖') c.next();
        for (const Ending& e : Endings) {
            if (!c.accept(e.text)) continue;
            record_.termination = e.termination;
            record_.termination_text = std::string(e.text);
            record_.termination_line = c.line();
            int to_move = (expected - 1 + (second_moves_first_ ? 1 : 0)) % 2;
            record_.terminated_by = e.actor < 0 ? -1 : (to_move + e.actor) % 2;
            ended_ = true;
            comment_ended_ = false;  // an ending line says more than 81Dojo's comment
            RecordMove ignored;
            read_tail(c, ignored);
            return;
        }
        if (ended_)
            c.fail_at(number_column,
                      {"move line after the game's ending comment", "終局のコメントの後に指し手の行がある"});
        m.move = parse_kif_move(c, pieces_, move_column, last_to_file_, last_to_rank_);
        read_tail(c, m);
        record_.moves.push_back(std::move(m));
    }

    // The rest of a move line: an optional time "( 0:01/00:00:01)" and an optional "+" (variation mark).
    void read_tail(LineCursor& c, RecordMove& m) {
        c.skip_space();
        if (c.peek() == U'(') {
            int open = c.column();
            c.next();
            std::size_t close = c.rest().find(')');
            if (close == std::string_view::npos)
                c.fail_at(open, {"time field without its closing ')'", "時間の欄を閉じる「)」がない"});
            std::string_view inside = c.rest().substr(0, close);
            std::size_t slash = inside.find('/');
            std::string per_move = trim(inside.substr(0, slash));
            std::string total = slash == std::string_view::npos ? std::string() : trim(inside.substr(slash + 1));
            if (!per_move.empty()) {
                m.elapsed = parse_clock_time(per_move);
                if (!m.elapsed)
                    c.fail({"expected the move's time as m:ss, found \"" + per_move + "\"",
                            "指し手の時間（分:秒）のはずが「" + per_move + "」"});
            }
            if (!total.empty()) {
                m.total = parse_clock_time(total);
                if (!m.total)
                    c.fail({"expected the cumulative time as h:mm:ss, found \"" + total + "\"",
                            "累計の時間（時:分:秒）のはずが「" + total + "」"});
            }
            c.accept(std::string(inside));
            c.next();
            c.skip_space();
        }
        if (c.peek() == U'+') c.next();
        c.skip_space();
        if (!c.done())
            c.fail({"unexpected text after the move; expected a time field ( m:ss/h:mm:ss)",
                    "指し手の後に時間の欄（分:秒/時:分:秒）でない文字がある"});
    }

    std::string text_;
    const std::string& file_;
    const KifPieces& pieces_;
    GameRecord record_;
    bool in_moves_ = false;
    bool ended_ = false;
    bool comment_ended_ = false;  // the ending is 81Dojo's comment (read_ending_comment), which an ending line replaces
    int later_endings_ = 0;               // ending lines after the first, each passed over
    std::size_t later_endings_note_ = 0;  // the warning that says so, in record_.notes
    std::array<std::string, 2> later_endings_first_;  // its text for the first of them
    bool second_moves_first_ = false;
    int last_to_file_ = 0;
    int last_to_rank_ = 0;
};

}  // namespace

void kif_text::read_header(LineCursor& c, GameRecord& r, bool after_moves, bool& second_moves_first) {
    if (c.peek() == U'|' || c.peek() == U'+' || c.rest().substr(0, 3) == "９")
        c.fail({"board diagrams (BOD) are not supported; expected a header, a move line or a comment",
                "局面図（BOD）は読まない"});
    std::size_t colon = c.rest().find("：");
    if (colon == std::string_view::npos) colon = c.rest().find(':');
    if (colon == std::string_view::npos || colon == 0)
        c.fail({"expected a header line (key：value), a move line or a comment (*)",
                "見出しの行（キー：値）、指し手の行、コメント（*）のどれでもない"});
    std::string key = trim(c.rest().substr(0, colon));
    std::size_t skip = c.rest()[colon] == ':' ? 1 : 3;
    std::string value = trim(c.rest().substr(colon + skip));
    if (after_moves) c.fail({"header line \"" + key + "\" after the moves", "指し手の後に見出しの行「" + key + "」がある"});
    if (key == "手合割") {
        std::string sfen = kif_handicap_sfen(value);
        if (sfen.empty()) c.fail({"unknown handicap (手合割) \"" + value + "\"", "知らない手合割「" + value + "」"});
        r.start = sfen;
        second_moves_first = sfen != "startpos" && sfen.find(" w ") != std::string::npos;
    }
    r.headers.emplace_back(std::move(key), std::move(value));
}

std::string kif_handicap_sfen(std::string_view name) {
    static constexpr std::string_view rest = "/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1";
    struct Handicap {
        std::string_view name, top;  // gote's first two ranks
    };
    static constexpr std::array<Handicap, 10> table = {{
        {"香落ち", "lnsgkgsn1/1r5b1"},
        {"右香落ち", "1nsgkgsnl/1r5b1"},
        {"角落ち", "lnsgkgsnl/1r7"},
        {"飛車落ち", "lnsgkgsnl/7b1"},
        {"飛香落ち", "lnsgkgsn1/7b1"},
        {"二枚落ち", "lnsgkgsnl/9"},
        {"四枚落ち", "1nsgkgsn1/9"},
        {"六枚落ち", "2sgkgs2/9"},
        {"八枚落ち", "3gkg3/9"},
        {"十枚落ち", "4k4/9"},
    }};
    if (name == "平手") return "startpos";
    for (const Handicap& h : table)
        if (h.name == name) return std::string(h.top) + std::string(rest);
    return {};
}

KifPieces kif_pieces(const GameDefinition& g) {
    KifPieces out;
    const auto add = [&](const std::string& text, int type) {
        for (const auto& n : out.longest_first)
            if (n.text == text) return;
        const PieceType& p = g.pieces[std::size_t(type)];
        // What a drop puts down: a piece of a game with hands that no capture turns into another (not a promoted
        // piece, which joins the hand unpromoted) and not a royal one, which is never captured.
        const bool drops = g.hands && !p.royal && !p.promoted;
        out.longest_first.push_back({text, drops ? p.letter : char(0), type});
        if (!out.listed.empty()) out.listed += ' ';
        out.listed += text;
    };
    for (std::size_t t = 0; t < g.pieces.size(); ++t)
        for (const std::string& glyph : g.pieces[t].glyphs)
            if (!glyph.empty()) add(glyph, int(t));
    for (const auto& [type, text] : g.profile.traditional.other_names) add(text, type);
    // Longest first, so that 成香 is not read as 成 + 香.
    std::stable_sort(out.longest_first.begin(), out.longest_first.end(),
                     [](const KifPieces::Name& a, const KifPieces::Name& b) { return a.text.size() > b.text.size(); });
    return out;
}

std::string kif_move_to_usi(std::string_view text, std::string_view previous_usi, const std::string& file,
                            const KifPieces& pieces) {
    int last_file = 0, last_rank = 0;
    if (previous_usi.size() >= 4) {
        std::string_view to = previous_usi.substr(2, 2);
        if (to[0] >= '1' && to[0] <= '9' && to[1] >= 'a' && to[1] <= 'i')
            last_file = to[0] - '0', last_rank = to[1] - 'a' + 1;
    }
    std::string utf8 = decode_japanese_text(text, file);
    LineCursor c(utf8, file, 1);
    c.skip_space();
    int column = c.column();
    if (c.peek() == U'▲' || c.peek() == U'△' || c.peek() == U'☗' || c.peek() == U'☖') c.next();
    std::string usi = parse_kif_move(c, pieces, column, last_file, last_rank);
    c.skip_space();
    if (!c.done()) c.fail({"unexpected text after the move", "指し手の後に余分な文字がある"});
    return usi;
}

GameRecord read_kif(std::string_view bytes, const std::string& file, const KifPieces& pieces) {
    return KifReader(decode_japanese_text(bytes, file), file, pieces).read();
}

GameRecord read_kif_file(const std::string& path, const KifPieces& pieces) {
    return read_kif(read_whole_file(path), path, pieces);
}

}  // namespace arbiter::core::record
