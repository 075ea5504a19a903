// The Japanese of the reasons `audit` gives for a file or game it could not read (`--lang ja`). The readers' errors
// are InputError, whose text is English (every error of the program is); the audit's report is the one place where
// they are listed for a reader of Japanese, so the statements a whole file is refused with are given here.
#include "records/audit_summary.h"

#include <string_view>
#include <utility>

namespace arbiter::procedure::audit {

namespace {

bool starts(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
bool has(std::string_view s, std::string_view p) { return s.find(p) != std::string_view::npos; }

// The first run of digits in `s` (a limit the English message states), or "?" if there is none.
std::string first_number(std::string_view s) {
    const auto from = s.find_first_of("0123456789");
    if (from == std::string_view::npos) return "?";
    const auto to = s.find_first_not_of("0123456789", from);
    return std::string(s.substr(from, to == std::string_view::npos ? std::string_view::npos : to - from));
}

}  // namespace

std::optional<std::string> rejection_ja(const std::string& message) {
    const std::string_view m = message;
    // Each pair: how the English statement is told apart (its start, or a phrase in it), and its Japanese.
    if (starts(m, "a WTHOR players (.JOU) / tournaments (.TRN) list"))
        return "WTHOR の対局者一覧（.JOU）または大会一覧（.TRN）で、対局のファイルではない";
    if (starts(m, "not a game record"))
        return "読める棋譜ではない（PGN、KIF、CSA、GGF、オセロの棋譜テキスト、WTHOR .wtb。無圧縮、.gz、.zst）";
    if (starts(m, "WTHOR: ") && has(m, "the header announces"))
        return "WTHOR：見出しにある対局数とファイルの長さが合わない";
    if (starts(m, "WTHOR: ") && has(m, "shorter than the 16-byte header"))
        return "WTHOR：16 バイトの見出しより短い";
    if (starts(m, "WTHOR: ")) return "WTHOR：読めない対局データ";
    if (starts(m, "binary file: found a NUL byte"))
        return "バイナリのファイル（NUL バイトがある）で、UTF-8 のテキストではない";
    if (starts(m, "cannot open the file")) return "ファイルを開けない";
    if (starts(m, "cannot read the file")) return "ファイルを読めない";
    if (starts(m, "is a folder, not a file")) return "フォルダーで、ファイルではない";
    if (starts(m, "is not a regular file")) return "通常のファイルではない（FIFO、デバイス、ソケット）";
    if (starts(m, "gzip data") || starts(m, "zstd data")) return "圧縮データが壊れている";
    if (starts(m, "the name says")) return "ファイル名の圧縮形式と中身が合わない";
    if (starts(m, "more than ") && has(m, "(decompressed)"))
        return "展開すると " + first_number(m) + " バイトを超える：棋譜のファイルとして大きすぎる";
    if (starts(m, "file larger than ")) return "ファイルが " + first_number(m) + " バイトより大きい";
    if (starts(m, "line ") && has(m, " is longer than "))
        return "長すぎる行がある（" + first_number(m.substr(m.find(" is longer than "))) + " バイトを超える）";
    return std::nullopt;
}

}  // namespace arbiter::procedure::audit
