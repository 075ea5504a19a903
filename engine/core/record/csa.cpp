#include "core/record/csa.h"

#include "core/error.h"
#include "core/pgn.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace arbiter::core::record {

namespace {

// CSA piece codes: the 8 unpromoted kinds, then the 6 promoted ones; USI letters alongside.
struct PieceCode {
    std::string_view csa;
    std::string_view usi;  // sente's letters; gote's are lower case
    int base;              // index of the unpromoted kind (what a captured piece becomes in hand)
};
constexpr std::array<PieceCode, 14> Codes = {{
    {"FU", "P", 0}, {"KY", "L", 1}, {"KE", "N", 2},  {"GI", "S", 3},  {"KI", "G", 4},
    {"KA", "B", 5}, {"HI", "R", 6}, {"OU", "K", 7},  {"TO", "+P", 0}, {"NY", "+L", 1},
    {"NK", "+N", 2}, {"NG", "+S", 3}, {"UM", "+B", 5}, {"RY", "+R", 6},
}};
constexpr int Kinds = 8;  // hand counts are kept for kinds 0..6 (the king is never in hand)

int code_index(std::string_view s) {
    for (int k = 0; k < int(Codes.size()); ++k)
        if (Codes[k].csa == s) return k;
    return -1;
}
// Index of the promoted form of kind `k` (0-6 except gold), or -1.
int promoted_of(int k) {
    for (int j = Kinds; j < int(Codes.size()); ++j)
        if (Codes[j].base == k) return j;
    return -1;
}

struct Cell {
    int side = -1;  // -1 empty, 0 sente (+), 1 gote (-)
    int code = 0;
};

struct Statement {
    std::string_view text;
    int line;
    int column;
};

class CsaReader {
public:
    CsaReader(std::string text, const std::string& file) : text_(std::move(text)), file_(file) {}

    GameRecord read() {
        record_.game = "shogi";
        record_.format = "csa";
        record_.line = 1;
        std::string_view all = text_;
        int line_no = 0;
        while (!all.empty() && !finished_) {
            std::size_t nl = all.find('\n');
            std::string_view line = all.substr(0, nl);
            all = nl == std::string_view::npos ? std::string_view() : all.substr(nl + 1);
            ++line_no;
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            read_line(line, line_no);
        }
        if (!side_known_) {
            if (line_no == 0 || text_.find_first_not_of(" \t\r\n") == std::string::npos)
                fail({"", 1, 1}, {"empty file; expected a CSA record", "空のファイル（CSA の棋譜がない）"});
            fail({"", line_no, 1}, {"the record ends before the start position's side to move (+ or -)",
                                    "開始局面の手番（+ か -）の前に棋譜が終わる"});
        }
        return std::move(record_);
    }

private:
    [[noreturn]] void fail(const Statement& at, const Text& message) const {
        throw InputError({file_, at.line, at.column}, Text{"CSA: " + message.en, "CSA：" + message.ja});
    }

    void read_line(std::string_view line, int line_no) {
        if (line.empty()) return;
        // Comments and names/metadata take the whole line (they may contain commas).
        if (line[0] == '\'' || line[0] == '$' || line[0] == 'N') {
            statement({line, line_no, 1});
            return;
        }
        std::size_t start = 0;
        while (start <= line.size()) {
            std::size_t comma = line.find(',', start);
            std::size_t end = comma == std::string_view::npos ? line.size() : comma;
            std::string_view part = line.substr(start, end - start);
            while (!part.empty() && (part.back() == ' ' || part.back() == '\t')) part.remove_suffix(1);
            if (part.empty()) {
                if (comma != std::string_view::npos)
                    fail({"", line_no, int(start) + 1}, {"empty statement before ','", "「,」の前が空"});
            } else {
                statement({part, line_no, int(start) + 1});
            }
            if (comma == std::string_view::npos) break;
            start = comma + 1;
        }
    }

    void statement(const Statement& s) {
        std::string_view t = s.text;
        switch (t[0]) {
        case '\'': comment(t.substr(1)); return;
        case 'V': record_.headers.emplace_back("version", std::string(t.substr(1))); return;
        case 'N':
            if (t.size() < 2 || (t[1] != '+' && t[1] != '-'))
                fail(s, {"expected N+name or N-name", "N+名前 か N-名前 の形ではない"});
            record_.headers.emplace_back(t[1] == '+' ? "sente" : "gote", std::string(t.substr(2)));
            return;
        case '$': {
            std::size_t colon = t.find(':');
            if (colon == std::string_view::npos || colon == 1) fail(s, {"expected $KEY:value", "$KEY:値 の形ではない"});
            record_.headers.emplace_back(std::string(t.substr(1, colon - 1)), std::string(t.substr(colon + 1)));
            return;
        }
        case 'P': position_line(s); return;
        case '+':
        case '-':
            if (t.size() == 1) {
                side_line(s);
            } else {
                move(s);
            }
            return;
        case 'T': time(s); return;
        case '%': ending(s); return;
        case '/': finished_ = true; return;  // the next game of a multi-game file: only the first is read
        default: break;
        }
        fail(s, {"expected a CSA statement (V, N+, N-, $, P, +, -, T, %, ' or /)",
                 "CSA の文（V、N+、N-、$、P、+、-、T、%、'、/）ではない"});
    }

    void comment(std::string_view text) {
        // shogi-server writes the settings a game was played under as comments before the moves ('Max_Moves:256,
        // 'Increment:10): each is also a header named with its quote ("'Max_Moves"), which a game file's
        // records.settings may map to an event parameter. A key is a letter and then letters, digits or '_'.
        if (record_.moves.empty() && !text.empty() && std::isalpha(static_cast<unsigned char>(text[0]))) {
            const std::size_t colon = text.find(':');
            const std::string_view key = text.substr(0, colon);
            if (colon != std::string_view::npos && std::all_of(key.begin(), key.end(), [](char c) {
                    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
                }))
                record_.headers.emplace_back("'" + std::string(key), std::string(text.substr(colon + 1)));
        }
        std::string& target = record_.moves.empty() || ended_ ? record_.comment : record_.moves.back().comment;
        if (!target.empty()) target += '\n';
        target += std::string(text);
    }

    void position_line(const Statement& s) {
        std::string_view t = s.text;
        if (side_known_)
            fail(s, {"position line after the start position's side to move", "開始局面の手番の後に局面の行がある"});
        if (t.size() < 2) fail(s, {"expected PI, P1-P9, P+ or P-", "PI、P1-P9、P+、P- のどれでもない"});
        char kind = t[1];
        position_given_ = true;
        if (kind == 'I') {
            set_hirate();
            for (std::size_t i = 2; i < t.size(); i += 4) {
                Statement at{s.text, s.line, s.column + int(i)};
                if (i + 4 > t.size())
                    fail(at, {"expected a removal xyPP after PI (e.g. PI82HI)",
                              "PI の後に落とす駒 xyPP（例 PI82HI）がない"});
                int file = t[i] - '0', rank = t[i + 1] - '0';
                if (file < 1 || file > 9 || rank < 1 || rank > 9)
                    fail(at, {"expected a square 11-99", "マス（11-99）ではない"});
                Cell& c = board_[file - 1][rank - 1];
                if (c.side < 0 || Codes[c.code].csa != t.substr(i + 2, 2))
                    fail(at, {"PI removes a piece that is not on that square of the even-game board",
                              "PI が平手の盤のそのマスにない駒を落とす"});
                c = Cell{};
            }
            return;
        }
        if (kind >= '1' && kind <= '9') {
            int rank = kind - '0';
            for (int k = 0; k < 9; ++k) {
                std::size_t i = 2 + 3 * std::size_t(k);
                Statement at{s.text, s.line, s.column + int(i)};
                std::string_view cell = i < t.size() ? t.substr(i, 3) : std::string_view();
                int file = 9 - k;
                if (cell.substr(0, 2) == " *") {
                    board_[file - 1][rank - 1] = Cell{};
                    continue;
                }
                int code = cell.size() == 3 ? code_index(cell.substr(1)) : -1;
                if ((cell.empty() || (cell[0] != '+' && cell[0] != '-')) || code < 0)
                    fail(at, {"expected a cell \" * \", \"+FU\" or \"-FU\" (9 cells of 3 characters)",
                              "マス（「 * 」「+FU」「-FU」、3 文字ずつ 9 マス）の形ではない"});
                board_[file - 1][rank - 1] = Cell{cell[0] == '+' ? 0 : 1, code};
            }
            std::size_t after = 2 + 27;
            if (after < t.size() && t.substr(after).find_first_not_of(' ') != std::string_view::npos)
                fail({s.text, s.line, s.column + int(after)},
                     {"text after the 9 cells of a P row", "P の行の 9 マスの後に余分な文字がある"});
            return;
        }
        if (kind == '+' || kind == '-') {
            int side = kind == '+' ? 0 : 1;
            for (std::size_t i = 2; i < t.size(); i += 4) {
                Statement at{s.text, s.line, s.column + int(i)};
                if (i + 4 > t.size())
                    fail(at, {"expected pieces xyPP (00 = in hand)", "駒 xyPP（00 は持駒）の形ではない"});
                if (t.substr(i, 4) == "00AL")
                    fail(at, {"00AL (all remaining pieces) is not supported", "00AL（残りの駒すべて）は読まない"});
                int file = t[i] - '0', rank = t[i + 1] - '0';
                int code = code_index(t.substr(i + 2, 2));
                if (code < 0) fail(at, {"unknown piece code", "知らない駒の記号"});
                if (file == 0 && rank == 0) {
                    if (code >= 7)
                        fail(at, {"only unpromoted pieces other than the king can be in hand",
                                  "持駒にできるのは玉以外の成っていない駒だけ"});
                    // Refused here, at its line, rather than later by the SFEN it becomes (which named no line).
                    if (hands_[side][code] >= 63)
                        fail(at, {"more than 63 pieces of one kind in hand", "同じ種類の持駒が 63 枚を超える"});
                    ++hands_[side][code];
                } else if (file >= 1 && file <= 9 && rank >= 1 && rank <= 9) {
                    board_[file - 1][rank - 1] = Cell{side, code};
                } else {
                    fail(at, {"expected a square 11-99 or 00 (hand)", "マス（11-99）か 00（持駒）ではない"});
                }
            }
            return;
        }
        fail(s, {"expected PI, P1-P9, P+ or P-", "PI、P1-P9、P+、P- のどれでもない"});
    }

    void set_hirate() {
        board_ = {};
        static constexpr std::array<std::string_view, 9> back = {"KY", "KE", "GI", "KI", "OU", "KI", "GI", "KE", "KY"};
        for (int f = 1; f <= 9; ++f) {
            board_[f - 1][0] = Cell{1, code_index(back[9 - f])};
            board_[f - 1][8] = Cell{0, code_index(back[9 - f])};
            board_[f - 1][2] = Cell{1, 0};
            board_[f - 1][6] = Cell{0, 0};
        }
        board_[8 - 1][1] = Cell{1, code_index("HI")};
        board_[2 - 1][1] = Cell{1, code_index("KA")};
        board_[8 - 1][7] = Cell{0, code_index("KA")};
        board_[2 - 1][7] = Cell{0, code_index("HI")};
    }

    void side_line(const Statement& s) {
        if (side_known_) {
            fail(s, {"expected a move like +7776FU, not a lone sign", "符号だけで、+7776FU のような指し手がない"});
        }
        if (!position_given_)
            fail(s, {"the side to move comes before any position line (PI or P1-P9)",
                     "局面の行（PI か P1-P9）より前に手番がある"});
        side_known_ = true;
        to_move_ = s.text[0] == '+' ? 0 : 1;
        record_.start = sfen();
        if (record_.start == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1") record_.start = "startpos";
    }

    std::string sfen() const {
        std::string out;
        for (int rank = 1; rank <= 9; ++rank) {
            int empty = 0;
            for (int file = 9; file >= 1; --file) {
                const Cell& c = board_[file - 1][rank - 1];
                if (c.side < 0) {
                    ++empty;
                    continue;
                }
                if (empty) out += char('0' + empty), empty = 0;
                for (char ch : Codes[c.code].usi) out += c.side == 0 ? ch : char(std::tolower(ch));
            }
            if (empty) out += char('0' + empty);
            if (rank < 9) out += '/';
        }
        out += to_move_ == 0 ? " b " : " w ";
        std::string hands;
        static constexpr std::array<int, 7> order = {6, 5, 4, 3, 2, 1, 0};  // R B G S N L P
        for (int side = 0; side < 2; ++side)
            for (int k : order) {
                int n = hands_[side][k];
                if (!n) continue;
                if (n > 1) hands += std::to_string(n);
                char ch = Codes[k].usi[0];
                hands += side == 0 ? ch : char(std::tolower(ch));
            }
        out += hands.empty() ? "-" : hands;
        out += " 1";
        return out;
    }

    void move(const Statement& s) {
        std::string_view t = s.text;
        if (!side_known_)
            fail(s, {"a move before the start position and its side to move (+ or -)",
                     "開始局面と手番（+ か -）より前に指し手がある"});
        if (ended_) fail(s, {"a move after the game's ending (%...)", "終局（%...）の後に指し手がある"});
        int side = t[0] == '+' ? 0 : 1;
        if (t.size() != 7)
            fail(s, {"expected a move like +7776FU (sign, from, to, piece)",
                     "+7776FU（符号、移動元、移動先、駒）の形の指し手ではない"});
        if (side != to_move_)
            fail(s, {std::string("expected a move by ") + (to_move_ == 0 ? "sente (+)" : "gote (-)"),
                     std::string(to_move_ == 0 ? "先手（+）" : "後手（-）") + "の指し手のはずが、そうでない"});
        auto digit = [&](std::size_t i) {
            if (t[i] < '0' || t[i] > '9') fail({t, s.line, s.column + int(i)}, {"expected a digit", "数字ではない"});
            return t[i] - '0';
        };
        int ff = digit(1), fr = digit(2), tf = digit(3), tr = digit(4);
        int code = code_index(t.substr(5, 2));
        if (code < 0)
            fail({t, s.line, s.column + 5}, {"unknown piece code \"" + std::string(t.substr(5, 2)) + "\"",
                                             "知らない駒の記号「" + std::string(t.substr(5, 2)) + "」"});
        if (tf < 1 || tr < 1)
            fail({t, s.line, s.column + 3}, {"expected a destination square 11-99", "移動先のマス（11-99）ではない"});
        Cell& to = board_[tf - 1][tr - 1];
        RecordMove m;
        m.line = s.line;
        m.column = s.column;
        std::string dest = {char('0' + tf), char('a' + tr - 1)};
        if (ff == 0 && fr == 0) {
            if (code >= 7)
                fail({t, s.line, s.column + 5}, {"only unpromoted pieces other than the king can be dropped",
                                                 "打てるのは玉以外の成っていない駒だけ"});
            if (hands_[side][code] == 0)
                fail(s, {"drop of a " + std::string(Codes[code].csa) + " that is not in hand",
                         "持駒にない " + std::string(Codes[code].csa) + " を打つ"});
            if (to.side >= 0) fail(s, {"drop on an occupied square", "駒のあるマスに打つ"});
            --hands_[side][code];
            to = Cell{side, code};
            m.move = std::string(Codes[code].usi) + "*" + dest;
        } else {
            if (ff < 1 || fr < 1)
                fail({t, s.line, s.column + 1},
                     {"expected a source square 11-99 or 00 (drop)", "移動元のマス（11-99）か 00（打つ）ではない"});
            Cell& from = board_[ff - 1][fr - 1];
            if (from.side != side)
                fail(s, {"no " + std::string(side == 0 ? "sente" : "gote") + " piece on " + std::string(t.substr(1, 2)),
                         std::string(t.substr(1, 2)) + " に" + (side == 0 ? "先手" : "後手") + "の駒がない"});
            bool promotes = code != from.code;
            if (promotes && promoted_of(from.code) != code)
                fail({t, s.line, s.column + 5},
                     {"the piece on " + std::string(t.substr(1, 2)) + " is " + std::string(Codes[from.code].csa) +
                          ", not " + std::string(t.substr(5, 2)) + " or its promotion",
                      std::string(t.substr(1, 2)) + " の駒は " + std::string(Codes[from.code].csa) + " で、" +
                          std::string(t.substr(5, 2)) + " でもその成りでもない"});
            if (to.side == side) fail(s, {"the destination holds the mover's own piece", "移動先に自分の駒がある"});
            if (to.side >= 0 && Codes[to.code].base < 7) ++hands_[side][Codes[to.code].base];
            to = Cell{side, code};
            from = Cell{};
            m.move = std::string{char('0' + ff), char('a' + fr - 1)} + dest + (promotes ? "+" : "");
        }
        record_.moves.push_back(std::move(m));
        to_move_ = 1 - to_move_;
    }

    void time(const Statement& s) {
        if (ended_) return;  // the time of the ending statement itself (%TORYO,T1) is not a move's
        if (record_.moves.empty()) fail(s, {"a time (T) before the first move", "最初の指し手より前に時間（T）がある"});
        RecordMove& m = record_.moves.back();
        if (m.elapsed) fail(s, {"a second time (T) for the same move", "同じ指し手に二つ目の時間（T）がある"});
        m.elapsed = parse_clock_time(s.text.substr(1));
        if (!m.elapsed || s.text.find(':') != std::string_view::npos)
            fail(s, {"expected T followed by seconds (T12 or T12.345)", "T と秒数（T12 か T12.345）の形ではない"});
    }

    void ending(const Statement& s) {
        struct End {
            std::string_view word;
            Termination t;
            int actor;  // 0 side to move, 1 the other side, 2 sente, 3 gote, -1 nobody
        };
        static constexpr std::array<End, 16> ends = {{
            {"%TORYO", Termination::resign, 0},
            {"%CHUDAN", Termination::abort, -1},
            {"%SENNICHITE", Termination::sennichite, -1},
            {"%OUTE_SENNICHITE", Termination::sennichite, -1},
            {"%TIME_UP", Termination::time_up, 0},
            {"%ILLEGAL_MOVE", Termination::illegal_move, 0},
            {"%+ILLEGAL_ACTION", Termination::illegal_move, 2},
            {"%-ILLEGAL_ACTION", Termination::illegal_move, 3},
            {"%JISHOGI", Termination::impasse, -1},
            {"%KACHI", Termination::impasse, 0},
            {"%HIKIWAKE", Termination::draw_agreed, -1},
            {"%MAX_MOVES", Termination::max_moves, -1},
            {"%TSUMI", Termination::checkmate, -1},
            {"%FUZUMI", Termination::unknown, -1},
            {"%ERROR", Termination::unknown, -1},
            {"%MATTA", Termination::unknown, -1},
        }};
        if (!side_known_) fail(s, {"an ending before the start position", "開始局面より前に終局がある"});
        if (ended_) {
            // shogi-server logs a client's ending statement and then its own verdict, the same word twice
            // ("%KACHI,'* -5000 win", "T10", "%KACHI"): one ending. Another word after the ending is a contradiction.
            if (s.text == record_.termination_text) return;
            fail(s, {"a second ending", "二つ目の終局がある"});
        }
        for (const End& e : ends) {
            if (s.text != e.word) continue;
            record_.termination = e.t;
            record_.termination_text = std::string(e.word);
            record_.termination_line = s.line;
            record_.terminated_by = e.actor < 0 ? -1 : e.actor >= 2 ? e.actor - 2 : (to_move_ + e.actor) % 2;
            ended_ = true;
            return;
        }
        fail(s, {"unknown ending \"" + std::string(s.text) + "\"; expected %TORYO, %SENNICHITE, %KACHI, %TIME_UP ...",
                 "知らない終局「" + std::string(s.text) + "」（%TORYO、%SENNICHITE、%KACHI、%TIME_UP など）"});
    }

    std::string text_;
    const std::string& file_;
    GameRecord record_;
    std::array<std::array<Cell, 9>, 9> board_{};  // [file-1][rank-1]
    std::array<std::array<int, 7>, 2> hands_{};
    int to_move_ = 0;
    bool position_given_ = false;
    bool side_known_ = false;
    bool ended_ = false;
    bool finished_ = false;
};

}  // namespace

GameRecord read_csa(std::string_view bytes, const std::string& file) {
    return CsaReader(decode_japanese_text(bytes, file), file).read();
}

GameRecord read_csa_file(const std::string& path) { return read_csa(read_whole_file(path), path); }

}  // namespace arbiter::core::record
