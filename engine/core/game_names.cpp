// The names a game definition gives its squares and piece types, and their reading (game_def.h).
#include "core/game_def.h"

#include <cctype>

namespace arbiter::core {

namespace {

bool one_ascii_char(const std::string& name) { return name.size() == 1 && static_cast<unsigned char>(name[0]) < 128; }

}  // namespace

// The tables give the first name that matches, as the loops of parse_square and piece_by_letter do.
void GameDefinition::compile_names() {
    one_char_squares_ = true;
    for (const auto* names : {&file_names, &rank_names})
        for (const std::string& n : *names) one_char_squares_ = one_char_squares_ && one_ascii_char(n);
    for (int c = 0; c < 128; ++c) {
        file_by_char_[c] = rank_by_char_[c] = piece_by_char_[c] = -1;
        const char u = char(std::toupper(c));
        for (int t = int(pieces.size()) - 1; t >= 0; --t)
            if (pieces[t].letter == u) piece_by_char_[c] = std::int8_t(t);
    }
    if (!one_char_squares_) return;
    for (int f = files - 1; f >= 0; --f) file_by_char_[static_cast<unsigned char>(file_names[f][0])] = std::int8_t(f);
    for (int r = ranks - 1; r >= 0; --r) rank_by_char_[static_cast<unsigned char>(rank_names[r][0])] = std::int8_t(r);
}

std::string GameDefinition::square_name(int sq) const {
    if (sq < 0 || sq >= squares) return "-";
    return file_names[file_of(sq)] + rank_names[rank_of(sq)];
}

int GameDefinition::parse_square(std::string_view text, int* length) const {
    if (one_char_squares_) {
        if (text.size() < 2) return -1;
        const auto file = static_cast<unsigned char>(text[0]), rank = static_cast<unsigned char>(text[1]);
        if (file >= 128 || rank >= 128 || file_by_char_[file] < 0 || rank_by_char_[rank] < 0) return -1;
        if (length) *length = 2;
        return square(file_by_char_[file], rank_by_char_[rank]);
    }
    // Longest match on both parts (rank "10" over "1").
    const auto starts = [](std::string_view t, const std::string& n) { return t.substr(0, n.size()) == n; };
    for (int f = 0; f < files; ++f) {
        const std::string& fn = file_names[f];
        if (!starts(text, fn)) continue;
        int best = -1, best_len = 0;
        for (int r = 0; r < ranks; ++r) {
            const std::string& rn = rank_names[r];
            if (starts(text.substr(fn.size()), rn) && int(rn.size()) > best_len) {
                best = r;
                best_len = int(rn.size());
            }
        }
        if (best >= 0) {
            if (length) *length = int(fn.size()) + best_len;
            return square(f, best);
        }
    }
    return -1;
}

int GameDefinition::piece_by_letter(char c) const {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 128) return piece_by_char_[byte];
    const char u = char(std::toupper(byte));
    for (int t = 0; t < int(pieces.size()); ++t)
        if (pieces[t].letter == u) return t;
    return -1;
}

int GameDefinition::piece_by_name(std::string_view name) const {
    for (int t = 0; t < int(pieces.size()); ++t)
        if (pieces[t].name == name) return t;
    return -1;
}

}  // namespace arbiter::core
