// What KIF and KI2 records share (kif.cpp, ki2.cpp): a cursor over a line of UTF-8 text with columns in characters,
// numerals, the ending words, and the header lines (key：value, 手合割). Private to engine/core/record.
#pragma once

#include "core/error.h"
#include "core/record/game_record.h"

#include <array>
#include <string>
#include <string_view>

namespace arbiter::core::record::kif_text {

inline constexpr char32_t FullSpace = U'\u3000';

// One code point of UTF-8 text at byte `i` (text already validated by decode_japanese_text); sets `len`.
inline char32_t code_point(std::string_view s, std::size_t i, int& len) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80 || i + 1 >= s.size()) return len = 1, c;
    int n = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : 1;
    if (i + n >= s.size()) return len = 1, c;
    char32_t cp = c & (0x3F >> n);
    for (int k = 1; k <= n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    len = n + 1;
    return cp;
}

// A line of the file and a cursor over it, with character-based columns for errors.
class LineCursor {
public:
    // `format` names the record format in messages ("KIF", "KI2").
    LineCursor(std::string_view text, const std::string& file, int line, std::string_view format = "KIF")
        : s_(text), file_(file), line_(line), format_(format) {}

    bool done() const { return i_ >= s_.size(); }
    char32_t peek() const {
        int len;
        return done() ? 0 : code_point(s_, i_, len);
    }
    char32_t next() {
        int len;
        char32_t c = code_point(s_, i_, len);
        i_ += len;
        ++column_;
        return c;
    }
    // Consumes `word` (UTF-8) if the text continues with it.
    bool accept(std::string_view word) {
        if (s_.substr(i_, word.size()) != word) return false;
        std::size_t end = i_ + word.size();
        while (i_ < end) next();
        return true;
    }
    void skip_space() {
        while (!done() && (peek() == ' ' || peek() == '\t' || peek() == FullSpace)) next();
    }
    std::string_view rest() const { return s_.substr(i_); }
    int column() const { return column_; }
    int line() const { return line_; }
    [[noreturn]] void fail(const Text& message) const { fail_at(column_, message); }
    [[noreturn]] void fail_at(int column, const Text& message) const {
        throw InputError({file_, line_, column},
                         Text{std::string(format_) + ": " + message.en, std::string(format_) + "：" + message.ja});
    }

private:
    std::string_view s_;
    const std::string& file_;
    int line_;
    std::size_t i_ = 0;
    int column_ = 1;
    std::string_view format_;
};

// 1-9 from an ASCII digit, a full-width digit or a kanji numeral; 0 if none.
inline int numeral(char32_t c) {
    if (c >= U'1' && c <= U'9') return int(c - U'0');
    if (c >= U'１' && c <= U'９') return int(c - U'０');
    static constexpr std::array<char32_t, 9> kanji = {U'一', U'二', U'三', U'四', U'五', U'六', U'七', U'八', U'九'};
    for (int k = 0; k < 9; ++k)
        if (kanji[k] == c) return k + 1;
    return 0;
}

struct Ending {
    std::string_view text;
    Termination termination;
    int actor;  // 0: the side to move did it (resigned, flagged, declared...), 1: the other side, -1: nobody
};

inline constexpr std::array<Ending, 15> Endings = {{
    {"投了", Termination::resign, 0},
    {"詰み", Termination::checkmate, -1},
    {"千日手", Termination::sennichite, -1},
    {"持将棋", Termination::impasse, -1},
    {"入玉勝ち", Termination::impasse, 0},
    {"宣言勝ち", Termination::impasse, 0},
    {"切れ負け", Termination::time_up, 0},
    {"Time-up", Termination::time_up, 0},
    {"時間切れ", Termination::time_up, 0},
    {"反則負け", Termination::illegal_move, 0},
    {"反則勝ち", Termination::illegal_move, 1},
    {"中断", Termination::abort, -1},
    {"不詰", Termination::unknown, -1},
    {"封じ手", Termination::abort, -1},
    {"Resign", Termination::resign, 0},
}};

inline std::string usi_square(int file, int rank) { return {char('0' + file), char('a' + rank - 1)}; }

inline std::string trim(std::string_view s) {
    auto is_blank = [](std::string_view t, bool front) {
        if (t.empty()) return std::size_t(0);
        if (front) {
            if (t[0] == ' ' || t[0] == '\t') return std::size_t(1);
            if (t.substr(0, 3) == "\u3000") return std::size_t(3);
        } else {
            char b = t.back();
            if (b == ' ' || b == '\t') return std::size_t(1);
            if (t.size() >= 3 && t.substr(t.size() - 3) == "\u3000") return std::size_t(3);
        }
        return std::size_t(0);
    };
    while (std::size_t n = is_blank(s, true)) s.remove_prefix(n);
    while (std::size_t n = is_blank(s, false)) s.remove_suffix(n);
    return std::string(s);
}

// Calls read_line(line, line_no) on each line of `all` until it returns false (a variation section starts), the line
// end removed: LF, CR LF, and CR CR LF as some writers double the line end of Windows text. Returns the last line's
// number, where an empty record is reported.
template <class ReadLine>
int for_each_line(std::string_view all, ReadLine&& read_line) {
    int line_no = 0;
    while (!all.empty()) {
        std::size_t nl = all.find('\n');
        std::string_view line = all.substr(0, nl);
        all = nl == std::string_view::npos ? std::string_view() : all.substr(nl + 1);
        ++line_no;
        while (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (!read_line(line, line_no)) break;
    }
    return line_no;
}

// Reads a header line "key：value" (or "key:value") at `c` into `r`: 手合割 sets the start and whether the second
// player moves first. `after_moves`: moves were read before it (refused). Throws InputError at the line.
void read_header(LineCursor& c, GameRecord& r, bool after_moves, bool& second_moves_first);

}  // namespace arbiter::core::record::kif_text
