#include "core/record/othello_records.h"

#include "core/error.h"
#include "core/record/bounded_read.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

namespace arbiter::core::record {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
char lower(char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; }

// Line and column (1-based) of byte offsets in a text. The readers ask in file order, so the count carries on
// from the last offset asked: each byte is counted once per file, where counting from the start for every move
// made a game of 100,000 passes quadratic (an earlier offset starts the count again).
// A locator made at a game's place (read_ggf_at) counts from there, and is never asked an offset before it.
class Locator {
public:
    Locator(std::string_view text, const std::string& file, const GgfPlace& from = {})
        : text_(text), file_(file), from_(from), at_(from.offset), line_(from.line), start_(from.line_start) {}
    SourceLocation operator()(std::size_t offset) {
        offset = std::min(offset, text_.size());
        if (offset < at_) at_ = from_.offset, line_ = from_.line, start_ = from_.line_start;
        // A line ends at LF, CR LF or a lone CR (old Macintosh text): GGF takes CR for white space, so a file of
        // lone CRs reads, and its places must name the line an editor shows, not line 1 and a column of thousands.
        for (; at_ < offset; ++at_)
            if (text_[at_] == '\n' || (text_[at_] == '\r' && (at_ + 1 == text_.size() || text_[at_ + 1] != '\n')))
                ++line_, start_ = at_ + 1;
        return {file_, line_, int(offset - start_) + 1};
    }
    // Where the byte at `offset` is, as a place to read again from.
    GgfPlace place(std::size_t offset) {
        const SourceLocation at = (*this)(offset);
        return {offset, start_, at.line};
    }

private:
    std::string_view text_;
    const std::string& file_;
    GgfPlace from_;
    std::size_t at_ = 0;
    int line_ = 1;
    std::size_t start_ = 0;
};

// "f5" from a square token in either case, or "" if it is not a1-h8.
std::string square(std::string_view t) {
    if (t.size() != 2) return {};
    char f = lower(t[0]);
    if (f < 'a' || f > 'h' || t[1] < '1' || t[1] > '8') return {};
    return {f, t[1]};
}

bool is_pass(std::string_view t) {
    if (t == "--") return true;
    if (t.size() == 4) {
        std::string l;
        for (char c : t) l += lower(c);
        return l == "pass";
    }
    if (t.size() == 2) return lower(t[0]) == 'p' && lower(t[1]) == 'a';  // GGF "PA"
    return false;
}

}  // namespace

std::string parse_othello_board(std::string_view text, const std::string& file) {
    auto fail = [&](std::size_t i, const Text& message) {
        throw InputError({file, 1, int(i) + 1}, Text{"othello board: " + message.en, "オセロの盤面：" + message.ja});
    };
    for (std::size_t i = 0; i < 64; ++i) {
        if (i >= text.size())
            fail(i, {"expected 64 cells, found " + std::to_string(text.size()),
                     "64 マスのはずが " + std::to_string(text.size()) + " 文字しかない"});
        char c = text[i];
        if (c != 'X' && c != 'O' && c != '-')
            fail(i, {std::string("expected X, O or - for a cell, found '") + c + "'",
                     std::string("マスは X、O、- のどれかのはずが「") + c + "」"});
    }
    if (text.size() < 65 || text[64] != ' ')
        fail(64, {"expected a space after the 64 cells", "64 マスの後に空白がない"});
    if (text.size() < 66 || (text[65] != 'X' && text[65] != 'O'))
        fail(65, {"expected the side to move, X or O", "手番（X か O）がない"});
    if (text.size() > 66) fail(66, {"unexpected text after the side to move", "手番の後に余分な文字がある"});
    return std::string(text);
}

GameRecord read_othello_transcript(std::string_view text, const std::string& file) {
    GameRecord r;
    r.game = "othello";
    r.format = "transcript";
    r.line = 1;
    Locator locate(text, file);
    std::size_t i = 0;
    while (i < text.size()) {
        char c = text[i];
        if (is_space(c)) {
            ++i;
            continue;
        }
        bool line_start = i == 0 || text[i - 1] == '\n';
        if (c == '#' && line_start) {
            std::size_t end = text.find('\n', i);
            if (end == std::string_view::npos) end = text.size();
            std::string_view line = text.substr(i + 1, end - i - 1);
            if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
            if (!r.comment.empty()) r.comment += '\n';
            r.comment += std::string(line);
            i = end;
            continue;
        }
        SourceLocation at = locate(i);
        RecordMove m;
        m.line = at.line;
        m.column = at.column;
        if (text.substr(i, 2) == "--") {
            m.move = "pass", i += 2;
        } else if (i + 4 <= text.size() && is_pass(text.substr(i, 4))) {
            m.move = "pass", i += 4;
        } else if (i + 2 <= text.size() && !square(text.substr(i, 2)).empty()) {
            m.move = square(text.substr(i, 2)), i += 2;
        } else {
            throw InputError(at, Text{"othello transcript: expected a square a1-h8, \"pass\" or \"--\"",
                                      "オセロの棋譜：マス（a1-h8）、パス、-- のどれかのはずが、そうでない"});
        }
        r.moves.push_back(std::move(m));
        if (r.moves.size() > 200)
            throw InputError(at, Text{"othello transcript: more than 200 moves", "オセロの棋譜：200 手を超える"});
    }
    if (r.moves.empty())
        throw InputError({file, 1, 1},
                         Text{"othello transcript: no moves (empty transcript)", "オセロの棋譜：手がない（空の棋譜）"});
    return r;
}

GameRecord read_othello_transcript_file(const std::string& path) {
    return read_othello_transcript(read_whole_file(path), path);
}

namespace {

class GgfReader {
public:
    GgfReader(std::string_view text, const std::string& file, const GgfPlace& from = {})
        : s_(text), locate_(text, file, from), i_(from.offset) {}

    std::vector<GameRecord> read() {
        std::vector<GameRecord> games;
        next_game();
        while (i_ < s_.size()) {
            games.push_back(game());
            played();
            next_game();
        }
        match_ends();
        if (games.empty())
            fail(0, {"no game found (empty file); expected \"(;GM[Othello]...;)\"", "対局がない（空のファイル）"});
        return games;
    }

    // What read() reads, each game dropped once read: where each one starts.
    std::vector<GgfPlace> places() {
        std::vector<GgfPlace> out;
        next_game();
        while (i_ < s_.size()) {
            const std::size_t start = i_;
            out.push_back(locate_.place(i_));
            try {
                (void)game();
            } catch (const InputError&) {
                // A well-formed game refused for what it says (a 10x10 board, another GM: a GGS archive mixes them)
                // is refused again when it is asked for (read_ggf_at); the games after its ";)" are still found. A
                // malformed game (a move that is no square) refuses the file, as a malformed PGN game does.
                if (!refused_alone_) throw;
                refused_alone_ = false;
                i_ = start;
                if (!skip_game()) throw;
            }
            played();
            next_game();
        }
        match_ends();
        if (out.empty())
            fail(0, {"no game found (empty file); expected \"(;GM[Othello]...;)\"", "対局がない（空のファイル）"});
        return out;
    }

    // The game at the place the reader was made at.
    GameRecord game_here() { return game(); }

private:
    [[noreturn]] void fail(std::size_t at, const Text& message) {
        throw InputError(locate_(at), Text{"GGF: " + message.en, "GGF：" + message.ja});
    }
    void skip_space() {
        while (i_ < s_.size() && is_space(s_[i_])) ++i_;
    }
    // GGS's match archives write a line per match, the number of its games first: "1 (;GM[Othello]...;)", and
    // "2 (;...;)(;...;)" for a synchro match (both colours from one start). The number is passed over and checked
    // against the games that follow it.
    void next_game() {
        skip_space();
        if (i_ >= s_.size() || s_[i_] < '0' || s_[i_] > '9') return;
        match_ends();
        const std::size_t at = i_;
        int n = 0;
        while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9' && n < 1000) n = n * 10 + (s_[i_++] - '0');
        skip_space();
        if (n == 0 || n >= 1000 || s_.substr(i_, 2) != "(;")
            fail(at, {"expected \"(;\" to start a game, or a match's number of games before it (\"2 (;...;)(;...;)\")",
                      "対局の始まり「(;」（またはその前に対戦の局数）のはずが、そうでない"});
        match_at_ = at;
        match_left_ = n;
    }
    void played() {
        if (match_left_ > 0) --match_left_;
    }
    void match_ends() {
        if (match_left_ > 0)
            fail(match_at_, {"the match announces more games than follow it (" + std::to_string(match_left_) +
                                 " missing); expected as many \"(;...;)\" as its number says",
                             "対戦の局数より対局が " + std::to_string(match_left_) + " 局少ない"});
    }
    // Past the game starting at i_: its "(;", then properties (values in [...], '\\' escaping a character) up to
    // ";)". False when the text there is no game or ends inside it.
    bool skip_game() {
        if (s_.substr(i_, 2) != "(;") return false;
        bool in_value = false;
        for (std::size_t k = i_ + 2; k < s_.size(); ++k) {
            const char c = s_[k];
            if (in_value) {
                if (c == '\\') ++k;
                else if (c == ']') in_value = false;
            } else if (c == '[') {
                in_value = true;
            } else if (c == ';' && k + 1 < s_.size() && s_[k + 1] == ')') {
                i_ = k + 2;
                return true;
            }
        }
        return false;
    }

    GameRecord game() {
        GameRecord r;
        r.game = "othello";
        r.format = "ggf";
        r.line = locate_(i_).line;
        if (s_.substr(i_, 2) != "(;") fail(i_, {"expected \"(;\" to start a game", "対局の始まり「(;」がない"});
        i_ += 2;
        int to_move = 0;  // 0 black, 1 white
        bool othello = false;
        while (true) {
            skip_space();
            if (i_ >= s_.size())
                fail(i_,
                     {"the file ends inside a game; expected \";)\"", "対局の途中でファイルが終わる（「;)」がない）"});
            if (s_.substr(i_, 2) == ";)") {
                i_ += 2;
                break;
            }
            std::size_t key_at = i_;
            std::string key;
            while (i_ < s_.size() && s_[i_] >= 'A' && s_[i_] <= 'Z') key += s_[i_++];
            if (key.empty() || i_ >= s_.size() || s_[i_] != '[')
                fail(key_at, {"expected a property KEY[value] or \";)\"", "属性 KEY[値] か「;)」のはずが、そうでない"});
            std::size_t value_at = ++i_;
            std::string value;
            while (true) {
                if (i_ >= s_.size()) fail(value_at - 1, {"the value has no closing ']'", "値を閉じる「]」がない"});
                char c = s_[i_++];
                if (c == ']') break;
                if (c == '\\' && i_ < s_.size()) c = s_[i_++];
                if (value.size() == MaxGgfValue)
                    fail(value_at - 1,
                         {key + "[...]: a value of more than " + std::to_string(MaxGgfValue) +
                              " bytes; expected a shorter value (shorten the property's text or remove it)",
                          key + "[...]：値が " + std::to_string(MaxGgfValue) + " バイトを超える"});
                value += c;
            }
            if (key == "GM") {
                std::string l;
                for (char c : value) l += lower(c);
                if (l != "othello") {
                    refused_alone_ = true;
                    fail(value_at,
                         {"not an othello game (GM[" + value + "])", "オセロの対局ではない（GM[" + value + "]）"});
                }
                othello = true;
            }
            if (key == "B" || key == "W") {
                int side = key == "B" ? 0 : 1;
                if (side != to_move)
                    fail(key_at, {std::string("expected a move by ") + (to_move ? "white (W[...])" : "black (B[...])"),
                                  std::string(to_move ? "白（W[...]）" : "黒（B[...]）") + "の手のはずが、そうでない"});
                r.moves.push_back(move(value, value_at));
                to_move = 1 - to_move;
            } else if (key == "BO") {
                if (!r.moves.empty()) fail(key_at, {"BO[...] after the first move", "最初の手の後に BO[...] がある"});
                r.start = board(value, value_at);
                to_move = r.start == "startpos" ? 0 : r.start.back() == 'X' ? 0 : 1;
            } else {
                if (key == "RE") result(r, value, value_at);
                r.headers.emplace_back(key, value);
            }
        }
        if (!othello) fail(i_ - 2, {"the game has no GM[Othello] property", "対局に GM[Othello] がない"});
        return r;
    }

    RecordMove move(const std::string& value, std::size_t at) {
        RecordMove m;
        SourceLocation where = locate_(at);
        m.line = where.line;
        m.column = where.column;
        std::size_t slash = value.find('/');
        std::string token = value.substr(0, slash);
        if (is_pass(token)) {
            m.move = "pass";
        } else {
            m.move = square(token);
            if (m.move.empty())
                fail(at, {"expected a square a1-h8 or pass, found \"" + token + "\"",
                          "マス（a1-h8）かパスのはずが「" + token + "」"});
        }
        if (slash != std::string::npos) {
            std::size_t second = value.find('/', slash + 1);
            if (second != std::string::npos && second + 1 < value.size()) {
                std::string t = value.substr(second + 1);
                char* end = nullptr;
                double seconds = std::strtod(t.c_str(), &end);
                if (end == t.c_str() || *end != '\0' || !(seconds >= 0) || seconds > 1e7)
                    fail(at + second + 1, {"expected the move's time in seconds, found \"" + t + "\"",
                                           "手の時間（秒）のはずが「" + t + "」"});
                m.elapsed = std::chrono::milliseconds(static_cast<long long>(seconds * 1000 + 0.5));
            }
        }
        return m;
    }

    std::string board(const std::string& value, std::size_t at) {
        std::string cells;
        std::size_t k = 0;
        while (k < value.size() && is_space(value[k])) ++k;
        if (value.compare(k, 2, "8 ") != 0) {
            refused_alone_ = true;
            fail(at + k, {"only 8x8 boards are supported; expected BO[8 ...]", "8x8 の盤だけを読む（BO[8 ...]）"});
        }
        k += 2;
        char side = 0;
        for (; k < value.size(); ++k) {
            char c = value[k];
            if (is_space(c)) continue;
            if (c != '*' && c != 'O' && c != '-')
                fail(at + k, {"expected a cell *, O or - in BO", "BO のマスは *、O、- のどれかのはずが、そうでない"});
            if (cells.size() == 64) {
                side = c == '*' ? 'X' : c == 'O' ? 'O' : 0;
                if (!side)
                    fail(at + k, {"expected the side to move (* or O) after the 64 cells",
                                  "64 マスの後に手番（* か O）がない"});
                ++k;
                break;
            }
            cells += c == '*' ? 'X' : c;
        }
        while (k < value.size() && is_space(value[k])) ++k;
        if (cells.size() != 64 || !side || k != value.size())
            fail(at, {"expected BO[8 <64 cells> <side to move>]", "BO[8 <64 マス> <手番>] の形ではない"});
        std::string text = cells + ' ' + side;
        return text == OthelloStart ? "startpos" : text;
    }

    void result(GameRecord& r, const std::string& value, std::size_t at) {
        r.termination_text = value;
        r.termination_line = locate_(at).line;
        if (value.empty() || value[0] == '?') return;
        char* end = nullptr;
        double margin = std::strtod(value.c_str(), &end);
        if (end == value.c_str())
            fail(at, {"expected RE[+n.nnn] (black's disc difference)", "RE[+n.nnn]（黒の石数の差）の形ではない"});
        r.black_margin = margin;
        std::string suffix = end;
        if (suffix.empty()) {
            r.termination = Termination::game_over;
        } else if (suffix == ":r" || suffix == ":t") {
            r.termination = suffix == ":r" ? Termination::resign : Termination::time_up;
            r.terminated_by = margin > 0 ? 1 : margin < 0 ? 0 : -1;
        } else if (suffix == ":s") {
            r.termination = Termination::draw_agreed;  // the players agreed on the score
        } else {
            fail(at + std::size_t(end - value.c_str()),
                 {"unknown result suffix \"" + suffix + "\"", "結果の末尾「" + suffix + "」を知らない"});
        }
    }

    std::string_view s_;
    Locator locate_;  // holds the file name for every message
    std::size_t i_ = 0;
    std::size_t match_at_ = 0;  // where the last match's number of games stands
    int match_left_ = 0;        // its games not yet read
    bool refused_alone_ = false;  // the last error refuses its game, not the file (places())
};

}  // namespace

std::vector<GameRecord> read_ggf(std::string_view text, const std::string& file) { return GgfReader(text, file).read(); }

std::vector<GgfPlace> read_ggf_places(std::string_view text, const std::string& file) {
    return GgfReader(text, file).places();
}

GameRecord read_ggf_at(std::string_view text, const std::string& file, const GgfPlace& place) {
    return GgfReader(text, file, place).game_here();
}

std::vector<GameRecord> read_ggf_file(const std::string& path) { return read_ggf(read_whole_file(path), path); }

}  // namespace arbiter::core::record
