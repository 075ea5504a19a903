#include "core/pgn.h"

#include "core/error.h"
#include "core/record/bounded_read.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace arbiter::core {

namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

class Reader {
public:
    Reader(std::string_view text, const std::string& file) : s_(text), file_(file) {}

    std::vector<PgnGame> read() {
        std::vector<PgnGame> games;
        skip_space();
        while (i_ < s_.size()) {
            games.push_back(read_game());
            skip_space();
        }
        return games;
    }

private:
    [[noreturn]] void fail(int line, int column, const std::string& message) const {
        throw InputError({file_, line, column}, "PGN: " + message);
    }
    [[noreturn]] void fail(const std::string& message) const { fail(line_, column(), message); }
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
            if (is_space(s_[i_])) advance();
            else if (s_[i_] == '%' && i_ == line_start_) skip_line();  // escape line (PGN 6)
            else if (s_[i_] == ';') skip_line();                      // rest-of-line comment
            else break;
        }
    }
    void skip_line() {
        while (i_ < s_.size() && s_[i_] != '\n') advance();
    }

    void read_tag(PgnGame& g) {
        int line = line_, col = column();
        advance();  // '['
        while (peek() == ' ' || peek() == '\t') advance();
        std::string name;
        while (i_ < s_.size() && (std::isalnum(static_cast<unsigned char>(peek())) || peek() == '_')) {
            name += peek();
            advance();
        }
        if (name.empty()) fail("expected a tag name after '['");
        while (peek() == ' ' || peek() == '\t') advance();
        if (peek() != '"') fail("expected '\"' to open the value of tag " + name);
        advance();
        std::string value;
        while (true) {
            if (i_ >= s_.size() || peek() == '\n') fail(line, col, "tag " + name + ": unterminated value");
            char c = peek();
            advance();
            if (c == '"') break;
            if (c == '\\' && (peek() == '"' || peek() == '\\')) {
                c = peek();
                advance();
            }
            value += c;
        }
        while (peek() == ' ' || peek() == '\t') advance();
        if (peek() != ']') fail("expected ']' to close tag " + name);
        advance();
        g.tags.emplace_back(std::move(name), std::move(value));
    }

    std::string read_comment() {
        int line = line_, col = column();
        advance();  // '{'
        std::string text;
        while (true) {
            if (i_ >= s_.size()) fail(line, col, "unterminated comment (missing '}')");
            char c = peek();
            advance();
            if (c == '}') break;
            text += c;
        }
        return text;
    }

    void skip_variation() {
        int line = line_, col = column();
        int depth = 0;
        while (true) {
            if (i_ >= s_.size()) fail(line, col, "unterminated variation (missing ')')");
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

    static void apply_commands(PgnMove& m, const std::string& comment) {
        auto command = [&](const char* name) -> std::optional<std::chrono::milliseconds> {
            std::size_t at = comment.find(name);
            if (at == std::string::npos) return std::nullopt;
            std::size_t start = at + std::char_traits<char>::length(name);
            while (start < comment.size() && comment[start] == ' ') ++start;
            std::size_t end = start;
            while (end < comment.size() && comment[end] != ']' && !is_space(comment[end])) ++end;
            return parse_clock_time(std::string_view(comment).substr(start, end - start));
        };
        if (auto t = command("[%clk")) m.clock = t;
        if (auto t = command("[%emt")) m.elapsed = t;
    }

    PgnGame read_game() {
        PgnGame g;
        g.line = line_;
        // Room for a move per 8 characters of the text left (a move with its number takes about that much, with a
        // clock comment far more), at most a long game's 300, so that the list is not copied as it grows.
        g.moves.reserve(std::min<std::size_t>((s_.size() - i_) / 8, 300));
        while (peek() == '[') {
            read_tag(g);
            skip_space();
        }
        while (true) {
            skip_space();
            if (i_ >= s_.size()) return g;  // no termination marker: accepted as "*"
            char c = peek();
            if (c == '[') return g;  // next game's tags without a result: accepted as "*"
            if (c == '{') {
                std::string text = read_comment();
                if (!g.moves.empty()) {  // a comment before the first move belongs to the game, not a move
                    PgnMove& m = g.moves.back();
                    apply_commands(m, text);
                    if (m.comment.empty()) {
                        m.comment = std::move(text);  // the usual one comment per move, taken without a copy
                    } else {
                        m.comment += ' ';
                        m.comment += text;
                    }
                }
                continue;
            }
            if (c == '(') {
                skip_variation();
                continue;
            }
            if (c == ')') fail("')' without a variation to close");
            if (c == '$') {
                advance();
                int n = 0;
                if (!is_digit(peek())) fail("expected a number after '$'");
                while (is_digit(peek())) {
                    n = n * 10 + (peek() - '0');
                    advance();
                    // PGN 8.2.4: a NAG is 0 to 255 (and a longer number overflowed int).
                    if (n > 255) fail("expected a NAG from $0 to $255");
                }
                if (g.moves.empty()) fail("NAG before the first move");
                g.moves.back().nags.push_back(n);
                continue;
            }
            // A token: a move number, a result or a move.
            int line = line_, col = column();
            std::size_t start = i_;
            while (i_ < s_.size() && !is_space(peek()) && std::string_view("{}()[];$").find(peek()) == std::string_view::npos)
                advance();
            std::string token(s_.substr(start, i_ - start));
            if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
                g.result = token;
                return g;
            }
            // Move number ("12.", "12...", "..."), possibly glued to the move ("12.e4").
            std::size_t k = 0;
            while (k < token.size() && is_digit(token[k])) ++k;
            std::size_t dots = k;
            while (dots < token.size() && token[dots] == '.') ++dots;
            if (dots > k || (k == token.size() && k > 0)) {
                if (k == token.size()) fail(line, col, "unexpected number '" + token + "' (a move number needs a '.')");
                token = token.substr(dots);
                col += int(dots);
                if (token.empty()) continue;
            }
            PgnMove m;
            m.line = line;
            m.column = col;
            // Suffix annotations (PGN 8.2.3.8) become NAGs $1-$6.
            static const std::pair<const char*, int> suffixes[] = {{"!!", 3}, {"??", 4}, {"!?", 5}, {"?!", 6}, {"!", 1}, {"?", 2}};
            for (const auto& [text, nag] : suffixes) {
                std::size_t n = std::char_traits<char>::length(text);
                if (token.size() > n && token.compare(token.size() - n, n, text) == 0) {
                    token.erase(token.size() - n);
                    m.nags.push_back(nag);
                    break;
                }
            }
            if (token.empty() || !(std::isalpha(static_cast<unsigned char>(token[0])) || token[0] == '0'))
                fail(line, col, "expected a move, a move number or a result, got '" + token + "'");
            m.san = std::move(token);
            g.moves.push_back(std::move(m));
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

std::vector<PgnGame> read_pgn(std::string_view text, const std::string& file) { return Reader(text, file).read(); }

std::vector<PgnGame> read_pgn_file(const std::string& path) {
    std::string text = record::read_regular_file(path, record::MaxInputFileBytes, "a readable PGN file");
    return read_pgn(text, path);
}

Game replay(const GameDefinitionPtr& def, const PgnGame& pgn, const std::string& file) {
    Position start = Position::start(def);
    if (pgn.tag("SetUp") == "1" || !pgn.tag("FEN").empty()) {
        std::string fen = pgn.tag("FEN");
        if (fen.empty()) throw InputError({file, pgn.line, 1}, "PGN: SetUp is 1 but there is no FEN tag");
        try {
            start = Position::from_fen(def, fen, file);
            require_possible_position(start, file);
        } catch (const InputError& e) {
            throw InputError({file, pgn.line, 1}, "PGN: FEN tag: " + e.message());
        }
    }
    Game game(std::move(start));
    for (const PgnMove& m : pgn.moves) {
        ParsedMove p = parse_san(game.position(), m.san);
        if (!p.ok()) {
            int number = game.position().fullmove_number();
            std::string at = std::to_string(number) + (game.position().side_to_move() == first ? "." : "...");
            throw InputError({file, m.line, m.column}, "PGN: move " + at + m.san + ": " + p.message);
        }
        game.play(p.move);
    }
    return game;
}

}  // namespace arbiter::core
