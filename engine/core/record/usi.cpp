#include "core/record/usi.h"

#include "core/error.h"

namespace arbiter::core::record {

namespace {

bool is_square(std::string_view s) { return s.size() == 2 && s[0] >= '1' && s[0] <= '9' && s[1] >= 'a' && s[1] <= 'i'; }
char upper(char c) { return c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c; }

}  // namespace

bool is_usi_move(std::string_view m) {
    if (m.size() == 4 && m[1] == '*') return std::string_view("PLNSGBR").find(m[0]) != std::string_view::npos && is_square(m.substr(2));
    if (m.size() != 4 && !(m.size() == 5 && m[4] == '+')) return false;
    return is_square(m.substr(0, 2)) && is_square(m.substr(2, 2)) && m.substr(0, 2) != m.substr(2, 2);
}

std::string parse_sfen(std::string_view sfen, const std::string& file) {
    if (sfen == "startpos") return std::string(sfen);
    auto fail = [&](std::size_t i, const Text& message) {
        throw InputError({file, 1, int(i) + 1}, Text{"SFEN: " + message.en, "SFEN：" + message.ja});
    };
    std::size_t i = 0;
    for (int rank = 1; rank <= 9; ++rank) {
        int files = 0;
        while (i < sfen.size() && sfen[i] != '/' && sfen[i] != ' ') {
            char c = sfen[i];
            if (c >= '1' && c <= '9') {
                files += c - '0';
            } else {
                bool promoted = c == '+';
                if (promoted && ++i >= sfen.size()) fail(i, {"expected a piece after '+'", "「+」の後に駒がない"});
                char p = upper(sfen[i]);
                if (std::string_view("KRBGSNLP").find(p) == std::string_view::npos)
                    fail(i, {std::string("expected a piece letter (KRBGSNLP) or a digit, found '") + sfen[i] + "'",
                             std::string("駒の文字（KRBGSNLP）か数字のはずが「") + sfen[i] + "」"});
                if (promoted && (p == 'K' || p == 'G'))
                    fail(i, {"a king or a gold cannot be promoted", "玉と金は成れない"});
                ++files;
            }
            if (files > 9)
                fail(i, {"more than 9 files in rank " + std::to_string(rank),
                         std::to_string(rank) + " 段目が 9 筋を超える"});
            ++i;
        }
        if (files != 9)
            fail(i, {"rank " + std::to_string(rank) + " has " + std::to_string(files) + " files, not 9",
                     std::to_string(rank) + " 段目が 9 筋でなく " + std::to_string(files) + " 筋"});
        if (rank < 9) {
            if (i >= sfen.size() || sfen[i] != '/') fail(i, {"expected '/' between ranks", "段の間に「/」がない"});
            ++i;
        }
    }
    if (i >= sfen.size() || sfen[i] != ' ') fail(i, {"expected a space after the 9 ranks", "9 段の後に空白がない"});
    ++i;
    if (i >= sfen.size() || (sfen[i] != 'b' && sfen[i] != 'w'))
        fail(i, {"expected the side to move, b or w", "手番（b か w）がない"});
    ++i;
    if (i >= sfen.size() || sfen[i] != ' ')
        fail(i, {"expected a space and the pieces in hand (or -)", "空白と持駒（または -）がない"});
    ++i;
    if (i < sfen.size() && sfen[i] == '-') {
        ++i;
    } else {
        std::size_t start = i;
        while (i < sfen.size() && sfen[i] != ' ') {
            std::size_t count_at = i;
            while (i < sfen.size() && sfen[i] >= '0' && sfen[i] <= '9') ++i;
            if (i - count_at > 2) fail(count_at, {"a hand count above 99", "持駒の数が 99 を超える"});
            if (i >= sfen.size() || std::string_view("RBGSNLPrbgsnlp").find(sfen[i]) == std::string_view::npos)
                fail(i, {"expected a piece in hand (RBGSNLP, lower case for gote)",
                         "持駒（RBGSNLP、後手は小文字）ではない"});
            ++i;
        }
        if (i == start) fail(i, {"expected the pieces in hand or -", "持駒か - がない"});
    }
    if (i < sfen.size()) {
        if (sfen[i] != ' ') fail(i, {"expected a space and the move number", "空白と手数がない"});
        std::size_t start = ++i;
        while (i < sfen.size() && sfen[i] >= '0' && sfen[i] <= '9' && i - start < 6) ++i;
        if (i == start || i != sfen.size()) fail(i, {"expected the move number at the end", "最後に手数がない"});
    }
    return std::string(sfen);
}

}  // namespace arbiter::core::record
