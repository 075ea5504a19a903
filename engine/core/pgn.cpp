#include "core/pgn.h"

#include "core/error.h"
#include "core/record/bounded_read.h"
#include "core/record/game_record.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

namespace arbiter::core {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
// std::isalpha and std::isalnum of the "C" locale, the only one this program runs in, without a library call a move.
bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_letter_or_digit(char c) { return is_letter(c) || is_digit(c); }

// The characters that end a movetext token (a move, a move number or a result): white space and the delimiters
// "{}()[];$". A table, because every byte of the movetext is looked up.
struct TokenEnds {
    bool at[256] = {};
    constexpr TokenEnds() {
        for (char c : std::string_view(" \t\n\r\f\v{}()[];$")) at[static_cast<unsigned char>(c)] = true;
    }
    bool operator()(char c) const { return at[static_cast<unsigned char>(c)]; }
};
constexpr TokenEnds token_end;

// The milliseconds of a clock reading, or -1 if it is malformed: parse_clock_time, with the form nearly every clock
// comment has ("h:mm:ss", as lichess and chess.com write it) read in place, one digit of hours, two of minutes, two
// of seconds, in base 60 as parse_clock_time reads them. A plain number, not an optional, because the optional's
// copies through memory were a tenth of the reader's time.
std::int64_t clock_ms(std::string_view t) {
    if (t.size() == 7 && t[1] == ':' && t[4] == ':' && is_digit(t[0]) && is_digit(t[2]) && is_digit(t[3]) &&
        is_digit(t[5]) && is_digit(t[6])) {
        const int hours = t[0] - '0', minutes = (t[2] - '0') * 10 + (t[3] - '0'), seconds = (t[5] - '0') * 10 + (t[6] - '0');
        return ((hours * 60 + minutes) * 60 + seconds) * std::int64_t{1000};
    }
    const auto parsed = parse_clock_time(t);
    return parsed ? std::int64_t(parsed->count()) : -1;
}

// The reader keeps its place as an offset, the line and where that line starts. Only white space, comments and
// variations can hold a '\n' (a token or a tag ends before one), so the other scans move the offset directly.
class Reader {
public:
    Reader(std::string_view text, const std::string& file, int first_line) : s_(text), file_(file), line_(first_line) {}

    std::vector<PgnGame> read() {
        std::vector<PgnGame> games;
        skip_space();
        while (i_ < s_.size()) {
            games.push_back(read_game());
            skip_space();
        }
        return games;
    }

    // What read() reads, each game dropped once read: where each one starts.
    std::vector<PgnPlace> places() {
        std::vector<PgnPlace> out;
        skip_space();
        while (i_ < s_.size()) {
            out.push_back({i_, line_start_, line_});
            (void)read_game();
            skip_space();
        }
        return out;
    }

    // The game at `place`, read as read() read it there.
    PgnGame game_at(const PgnPlace& place) {
        i_ = place.offset;
        line_start_ = place.line_start;
        line_ = place.line;
        return read_game();
    }

private:
    [[noreturn]] void fail(int line, int column, const Text& message) const {
        throw InputError({file_, line, column}, Text{"PGN: " + message.en, "PGN：" + message.ja});
    }
    [[noreturn]] void fail(const Text& message) const { fail(line_, column(), message); }
    int column() const { return int(i_ - line_start_) + 1; }
    char peek(std::size_t k = 0) const { return i_ + k < s_.size() ? s_[i_ + k] : '\0'; }
    void advance() {
        if (s_[i_] == '\n') {
            ++line_;
            line_start_ = i_ + 1;
        }
        ++i_;
    }
    void skip_space() {
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == ' ') ++i_;  // the usual case first
            else if (is_space(c)) advance();
            else if (c == '%' && i_ == line_start_) skip_line();  // escape line (PGN 6)
            else if (c == ';') skip_line();                      // rest-of-line comment
            else break;
        }
    }
    // Up to the end of the line, its '\n' not included.
    void skip_line() {
        const void* nl = std::memchr(s_.data() + i_, '\n', s_.size() - i_);
        i_ = nl ? std::size_t(static_cast<const char*>(nl) - s_.data()) : s_.size();
    }
    void skip_blanks() {
        while (peek() == ' ' || peek() == '\t') ++i_;
    }

    void read_tag(PgnGame& g) {
        const int line = line_, col = column();
        ++i_;  // '['
        skip_blanks();
        const std::size_t name_start = i_;
        while (i_ < s_.size() && (is_letter_or_digit(s_[i_]) || s_[i_] == '_')) ++i_;
        const std::string_view name = s_.substr(name_start, i_ - name_start);
        if (name.empty()) fail({"expected a tag name after '['", "「[」の後にタグ名がない"});
        skip_blanks();
        if (peek() != '"')
            fail({"expected '\"' to open the value of tag " + std::string(name),
                  "タグ " + std::string(name) + " の値を開く「\"」がない"});
        ++i_;
        // The value is taken a run at a time, between the escapes \" and \\ (each stands for its second character).
        std::string value;
        const std::size_t value_start = i_;
        for (std::size_t run = i_;; ++i_) {
            if (i_ >= s_.size() || s_[i_] == '\n')
                fail(line, col,
                     {"tag " + std::string(name) + ": unterminated value",
                      "タグ " + std::string(name) + "：値が閉じていない"});
            if (i_ - value_start > MaxPgnTagValue)  // the escapes counted too: a bound, not a measure
                fail(line, col,
                     {"tag " + std::string(name) + ": a value of more than " + std::to_string(MaxPgnTagValue) +
                          " bytes; expected a shorter value (shorten the "
                          "tag's text or remove the tag)",
                      "タグ " + std::string(name) + "：値が " + std::to_string(MaxPgnTagValue) + " バイトを超える"});
            const char c = s_[i_];
            if (c == '"') {
                value.append(s_.substr(run, i_ - run));
                ++i_;
                break;
            }
            if (c == '\\' && (peek(1) == '"' || peek(1) == '\\')) {
                value.append(s_.substr(run, i_ - run));
                run = ++i_;  // the escaped character starts the next run
            }
        }
        skip_blanks();
        if (peek() != ']')
            fail({"expected ']' to close tag " + std::string(name),
                  "タグ " + std::string(name) + " を閉じる「]」がない"});
        ++i_;
        g.tags.emplace_back(std::string(name), std::move(value));
    }

    // The text between '{' and '}' (PGN comments do not nest), read in place. One loop finds the '}' and counts the
    // lines on the way: a comment is usually a clock reading of a dozen characters, too short for memchr to pay.
    std::string_view read_comment() {
        const int line = line_, col = column();
        const std::size_t open = i_;
        const char* const text = s_.data();
        std::size_t k = open + 1;
        for (; k < s_.size() && text[k] != '}'; ++k) {
            if (text[k] == '\n') {
                ++line_;
                line_start_ = k + 1;
            }
        }
        if (k == s_.size())
            fail(line, col, {"unterminated comment (missing '}')", "コメントが閉じていない（「}」がない）"});
        i_ = k + 1;
        return s_.substr(open + 1, k - open - 1);
    }

    // The comment nearly every move of a clocked game has, "{ [%clk h:mm:ss] }", read at once: its milliseconds, the
    // reader then past it, or -1 (nothing read) for any other text. It holds no '\n' and no other command, and its
    // time is clock_ms's "h:mm:ss", so what it gives is what read_comment and apply_commands give for it. The digits
    // are checked without a branch each: a clock comment's digits are as good as random.
    std::int64_t plain_clock_comment() {
        constexpr std::size_t size = 18;
        if (s_.size() - i_ < size) return -1;
        const char* const p = s_.data() + i_;
        if (std::memcmp(p, "{ [%clk ", 8) != 0 || p[9] != ':' || p[12] != ':' || std::memcmp(p + 15, "] }", 3) != 0)
            return -1;
        const auto digit = [p](int k) { return unsigned(p[k]) - '0'; };  // above 9 for any other byte
        const unsigned h = digit(8), m1 = digit(10), m2 = digit(11), s1 = digit(13), s2 = digit(14);
        if ((h > 9) | (m1 > 9) | (m2 > 9) | (s1 > 9) | (s2 > 9)) return -1;
        i_ += size;
        return ((h * 60 + m1 * 10 + m2) * 60 + s1 * 10 + s2) * std::int64_t{1000};
    }

    void skip_variation() {
        int line = line_, col = column();
        int depth = 0;
        while (true) {
            if (i_ >= s_.size())
                fail(line, col, {"unterminated variation (missing ')')", "変化が閉じていない（「)」がない）"});
            char c = peek();
            if (c == '{') {
                read_comment();
                continue;
            }
            if (c == ';') {
                skip_line();
                continue;
            }
            advance();
            if (c == '(') ++depth;
            else if (c == ')' && --depth == 0) return;
        }
    }

    // The [%clk] and [%emt] commands of one comment, each read at its first occurrence in the comment (a later
    // comment's replaces an earlier one's); a value that is not a time is ignored. One pass over the comment looks
    // at every "[%" (a clock comment is a dozen characters: a loop costs less than a search per command).
    static void apply_commands(PgnMove& m, std::string_view comment) {
        // The milliseconds of the value after a command's name: after spaces, up to ']' or white space.
        const auto value = [&](std::size_t start) {
            while (start < comment.size() && comment[start] == ' ') ++start;
            std::size_t end = start;
            while (end < comment.size() && comment[end] != ']' && !is_space(comment[end])) ++end;
            return clock_ms(comment.substr(start, end - start));
        };
        bool clk = false, emt = false;
        for (std::size_t k = 0; k + 5 <= comment.size() && !(clk && emt); ++k) {
            if (comment[k] != '[' || comment[k + 1] != '%') continue;
            const std::string_view name = comment.substr(k + 2, 3);
            if (!clk && name == "clk") {
                clk = true;
                if (const std::int64_t ms = value(k + 5); ms >= 0) m.clock = std::chrono::milliseconds(ms);
            } else if (!emt && name == "emt") {
                emt = true;
                if (const std::int64_t ms = value(k + 5); ms >= 0) m.elapsed = std::chrono::milliseconds(ms);
            }
        }
    }

    // Whether the lines from `line` (a tag's) to the current one hold an empty line: the text between holds white
    // space and rest-of-line comments only, so a '\n' followed by blanks up to the next '\n' is one.
    bool blank_line_between(int line) const {
        int seen = 0;
        bool empty = false;
        for (std::size_t k = i_; k > 0 && seen <= line_ - line; --k) {
            const char c = s_[k - 1];
            if (c == '\n') {
                if (empty && seen > 0) return true;
                ++seen;
                empty = true;
            } else if (c != ' ' && c != '\t' && c != '\r') {
                empty = false;
            }
        }
        return false;
    }

    static std::string trim_comment(std::string_view t) {
        while (!t.empty() && is_space(t.front())) t.remove_prefix(1);
        while (!t.empty() && is_space(t.back())) t.remove_suffix(1);
        return std::string(t);
    }

    // A move number standing alone ("12." or "12..."), half of the tokens of a game, passed over in one scan; false,
    // with the reader where it was, for any other token (the general path reads it, move numbers glued to a move and
    // numbers without a '.' among them).
    bool skip_move_number() {
        std::size_t k = i_;
        while (k < s_.size() && is_digit(s_[k])) ++k;
        if (k == i_ || k == s_.size() || s_[k] != '.') return false;
        while (k < s_.size() && s_[k] == '.') ++k;
        if (k < s_.size() && !token_end(s_[k])) return false;
        i_ = k;
        return true;
    }

    PgnGame read_game() {
        PgnGame g;
        g.line = line_;
        // Room for a move per 8 characters of the text left (a move with its number takes about that much, with a
        // clock comment far more), at most a long game's 300, so that the list is not copied as it grows.
        g.moves.reserve(std::min<std::size_t>((s_.size() - i_) / 8, 300));
        std::string_view last_comment;  // the last comment since the last move (FICS's ending), if any
        if (peek() == '[') g.tags.reserve(16);  // the seven tag roster and what lichess and chess.com add
        while (peek() == '[') {
            read_tag(g);
            const int line = line_;
            skip_space();
            // Tags after a blank line start another game: the one before has no movetext at all (a forfeit, a
            // game never played), as archives of pairings write them.
            if (peek() == '[' && line_ > line + 1 && blank_line_between(line)) return g;
        }
        while (true) {
            skip_space();
            if (i_ >= s_.size()) return g;  // no termination marker: accepted as "*"
            char c = peek();
            if (c == '[') return g;  // next game's tags without a result: accepted as "*"
            if (c == '{') {
                if (const std::int64_t ms = plain_clock_comment(); ms >= 0) {
                    if (!g.moves.empty()) g.moves.back().clock = std::chrono::milliseconds(ms);
                    continue;
                }
                const std::string_view text = read_comment();
                // A comment before the first move belongs to the game, not a move.
                if (!g.moves.empty()) apply_commands(g.moves.back(), text);
                last_comment = text;
                continue;
            }
            if (c == '(') {
                skip_variation();
                continue;
            }
            if (c == ')') fail({"')' without a variation to close", "閉じる変化がないのに「)」がある"});
            if (c == '$') {
                advance();
                int n = 0;
                if (!is_digit(peek())) fail({"expected a number after '$'", "「$」の後に数字がない"});
                while (is_digit(peek())) {
                    n = n * 10 + (peek() - '0');
                    advance();
                    // PGN 8.2.4: a NAG is 0 to 255 (and a longer number overflowed int).
                    if (n > 255) fail({"expected a NAG from $0 to $255", "NAG は $0 から $255 まで"});
                }
                if (g.moves.empty()) fail({"NAG before the first move", "最初の手の前に NAG がある"});
                g.moves.back().nags.push_back(n);
                continue;
            }
            if (skip_move_number()) continue;
            // A token: a move number, a result or a move.
            const int line = line_;
            int col = column();
            const std::size_t start = i_;
            std::size_t end = start;  // a local, which the compiler keeps in a register (i_ could alias the text)
            while (end < s_.size() && !token_end(s_[end])) ++end;
            i_ = end;
            std::string_view token = s_.substr(start, end - start);
            if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
                g.result = token;
                if (last_comment.data()) g.result_comment = trim_comment(last_comment);
                return g;
            }
            // Move number ("12.", "12...", "..."), possibly glued to the move ("12.e4").
            std::size_t k = 0;
            while (k < token.size() && is_digit(token[k])) ++k;
            std::size_t dots = k;
            while (dots < token.size() && token[dots] == '.') ++dots;
            if (dots > k || (k == token.size() && k > 0)) {
                if (k == token.size())
                    fail(line, col,
                         {"unexpected number '" + std::string(token) + "' (a move number needs a '.')",
                          "思いがけない数「" + std::string(token) + "」（手数には「.」が要る）"});
                token.remove_prefix(dots);
                col += int(dots);
                if (token.empty()) continue;
            }
            // Suffix annotations (PGN 8.2.3.8) become NAGs $1-$6.
            static constexpr std::pair<std::string_view, int> suffixes[] = {{"!!", 3}, {"??", 4}, {"!?", 5},
                                                                            {"?!", 6}, {"!", 1},  {"?", 2}};
            int suffix = 0;
            if (token.ends_with('!') || token.ends_with('?')) {  // how every suffix ends: most moves have none
                for (const auto& [text, nag] : suffixes) {
                    if (token.size() > text.size() && token.ends_with(text)) {
                        token.remove_suffix(text.size());
                        suffix = nag;
                        break;
                    }
                }
            }
            // A move starts with a letter, or '0' (0-0); or a UTF-8 lead byte: a game file's notation may name its
            // pieces in their own script (xiangqi's 炮二平五), which the game's own reader reads or refuses; or '@', a
            // pawn drop as chess.com writes it in Crazyhouse ("@h6"): the game's Variant tag then refuses the game by
            // name, rather than the movetext at its first drop.
            if (token.empty() || !(is_letter(token[0]) || token[0] == '0' || token[0] == '@' ||
                                   static_cast<unsigned char>(token[0]) >= 0xC0))
                fail(line, col,
                     {"expected a move, a move number or a result, got '" + std::string(token) + "'",
                      "手、手数、結果のはずが「" + std::string(token) + "」"});
            // The move built with its text: a string constructed from the token costs less than an empty one
            // assigned to (PgnMove's constructor).
            last_comment = {};
            if (g.moves.size() >= record::MaxRecordPlies)
                fail(line, col,
                     {"a game of more than " + std::to_string(record::MaxRecordPlies) +
                          " plies; expected a game record of fewer moves (a longer game is refused rather "
                          "than held in memory)",
                      std::to_string(record::MaxRecordPlies) + " 手を超える対局（長すぎて読まない）"});
            PgnMove& m = g.moves.emplace_back(token, line, col);
            if (suffix) m.nags.push_back(suffix);
        }
    }

    std::string_view s_;
    const std::string& file_;
    std::size_t i_ = 0;
    std::size_t line_start_ = 0;
    int line_ = 1;
};

}  // namespace

std::string PgnGame::tag(std::string_view name) const {
    for (const auto& [k, v] : tags)
        if (k == name) return v;
    return {};
}

std::optional<std::chrono::milliseconds> parse_clock_time(std::string_view text) {
    long parts[3] = {0, 0, 0};
    int n = 0;
    std::size_t i = 0;
    long fraction_ms = 0;
    while (true) {
        if (i >= text.size() || !is_digit(text[i]) || n == 3) return std::nullopt;
        long v = 0;
        while (i < text.size() && is_digit(text[i])) {
            v = v * 10 + (text[i++] - '0');
            if (v > 1000000) return std::nullopt;
        }
        parts[n++] = v;
        if (i == text.size()) break;
        if (text[i] == ':') {
            ++i;
            continue;
        }
        if (text[i] == '.') {
            ++i;
            long scale = 100;
            if (i >= text.size()) return std::nullopt;
            while (i < text.size() && is_digit(text[i])) {
                fraction_ms += (text[i++] - '0') * scale;
                scale /= 10;
            }
            if (i != text.size()) return std::nullopt;
            break;
        }
        return std::nullopt;
    }
    long seconds = 0;
    for (int k = 0; k < n; ++k) seconds = seconds * 60 + parts[k];
    return std::chrono::milliseconds(seconds * 1000 + fraction_ms);
}

std::vector<PgnGame> read_pgn(std::string_view text, const std::string& file, int first_line) {
    return Reader(text, file, first_line).read();
}

std::vector<PgnPlace> read_pgn_places(std::string_view text, const std::string& file, int first_line) {
    return Reader(text, file, first_line).places();
}

PgnGame read_pgn_at(std::string_view text, const std::string& file, const PgnPlace& place) {
    return Reader(text, file, place.line).game_at(place);
}

std::vector<PgnGame> read_pgn_file(const std::string& path) {
    std::string text = record::read_regular_file(path, record::MaxInputFileBytes, "a readable PGN file");
    return read_pgn(text, path);
}

Game replay(const GameDefinitionPtr& def, const PgnGame& pgn, const std::string& file) {
    Position start = Position::start(def);
    if (pgn.tag("SetUp") == "1" || !pgn.tag("FEN").empty()) {
        std::string fen = pgn.tag("FEN");
        if (fen.empty())
            throw InputError({file, pgn.line, 1},
                             Text{"PGN: SetUp is 1 but there is no FEN tag", "PGN：SetUp が 1 なのに FEN タグがない"});
        try {
            start = Position::from_fen(def, fen, file);
            require_possible_position(start, file);
        } catch (const InputError& e) {
            throw InputError({file, pgn.line, 1},
                             Text{"PGN: FEN tag: " + e.message(),
                                  "PGN：FEN タグ：" + (e.message_ja().empty() ? "読めない局面" : e.message_ja())});
        }
    }
    Game game(std::move(start));
    for (const PgnMove& m : pgn.moves) {
        ParsedMove p = parse_san(game.position(), m.san);
        if (!p.ok()) {
            int number = game.position().fullmove_number();
            std::string at = std::to_string(number) + (game.position().side_to_move() == first ? "." : "...");
            throw InputError({file, m.line, m.column}, Text{"PGN: move " + at + m.san + ": " + p.message,
                                                            "PGN：" + at + m.san + "：" + parse_failure_ja(p)});
        }
        game.play(p.move);
    }
    return game;
}

}  // namespace arbiter::core
