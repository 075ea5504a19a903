#include "core/record/game_record.h"

#include "core/record/bounded_read.h"

#include "core/error.h"

#include <iconv.h>

#include <cerrno>
#include <fstream>
#include <ostream>
#include <sstream>

namespace arbiter::core::record {

std::string_view to_string(Termination t) {
    switch (t) {
    case Termination::unknown: return "unknown";
    case Termination::resign: return "resign";
    case Termination::checkmate: return "checkmate";
    case Termination::sennichite: return "sennichite";
    case Termination::impasse: return "impasse";
    case Termination::time_up: return "time_up";
    case Termination::illegal_move: return "illegal_move";
    case Termination::abort: return "abort";
    case Termination::max_moves: return "max_moves";
    case Termination::draw_agreed: return "draw_agreed";
    case Termination::game_over: return "game_over";
    }
    return "unknown";
}

std::ostream& operator<<(std::ostream& out, Termination t) { return out << to_string(t); }

std::string GameRecord::header(std::string_view key) const {
    for (const auto& [k, v] : headers)
        if (k == key) return v;
    return {};
}

namespace {

// Tests whether `s` is well-formed UTF-8 (no overlong forms, no surrogates, at most U+10FFFF).
bool is_utf8(std::string_view s) {
    std::size_t i = 0;
    while (i < s.size()) {
        unsigned char c = static_cast<unsigned char>(s[i]);
        int n;
        unsigned min;
        unsigned cp;
        if (c < 0x80) {
            ++i;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            n = 1, min = 0x80, cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            n = 2, min = 0x800, cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            n = 3, min = 0x10000, cp = c & 0x07;
        } else {
            return false;
        }
        if (i + n >= s.size()) return false;  // truncated sequence
        for (int k = 1; k <= n; ++k) {
            unsigned char d = static_cast<unsigned char>(s[i + k]);
            if ((d & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (d & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
        i += n + 1;
    }
    return true;
}

}  // namespace

std::string decode_japanese_text(std::string_view bytes, const std::string& file) {
    if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
    if (is_utf8(bytes)) return std::string(bytes);
    iconv_t cd = iconv_open("UTF-8", "CP932");
    if (cd == reinterpret_cast<iconv_t>(-1))
        throw InputError({file, 0, 0}, Text{"cannot decode Shift_JIS: iconv has no CP932",
                                            "Shift_JIS を読めない（CP932 の変換がない）"});
    std::string out(bytes.size() * 3 / 2 + 16, '\0');
    char* in_p = const_cast<char*>(bytes.data());
    std::size_t in_left = bytes.size();
    char* out_p = out.data();
    std::size_t out_left = out.size();
    while (in_left > 0) {
        if (iconv(cd, &in_p, &in_left, &out_p, &out_left) != static_cast<std::size_t>(-1)) break;
        if (errno == E2BIG) {
            std::size_t used = out.size() - out_left;
            out.resize(out.size() * 2);
            out_p = out.data() + used;
            out_left = out.size() - used;
            continue;
        }
        // Invalid or truncated sequence: report its place (line of the byte offset) and stop.
        std::size_t offset = bytes.size() - in_left;
        int line = 1;
        std::size_t line_start = 0;
        for (std::size_t k = 0; k < offset; ++k)
            if (bytes[k] == '\n') ++line, line_start = k + 1;
        iconv_close(cd);
        throw InputError({file, line, int(offset - line_start) + 1},
                         Text{"the text is neither UTF-8 nor Shift_JIS (bad byte sequence here)",
                              "UTF-8 でも Shift_JIS でもないテキスト（ここに読めないバイト列）"});
    }
    iconv_close(cd);
    out.resize(out.size() - out_left);
    return out;
}

std::string read_whole_file(const std::string& path) {
    return read_regular_file(path, MaxInputFileBytes, "a readable game record file");
}

}  // namespace arbiter::core::record
