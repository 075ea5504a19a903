// The files `audit` refuses whole, named for what they are and, under --lang ja, in Japanese (issue 34's attacker
// round: a WTHOR players list given as an archive was "binary file: found a NUL byte" or "the header announces 3
// games", and `audit --lang ja` listed every refusal in the readers' English).
#include "cli/cli_run.h"
#include "cli/engine_words.h"

#include <boost/test/unit_test.hpp>

#include <string>

namespace rejected_files_ja_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::engine_words;
using arbiter::test::run_arbiter;
using arbiter::test::ScratchFile;

// A hand-made WTHOR list: the 16-byte header (created 2024-01-01, no games in bytes 4-7, `names` records in bytes
// 8-9, board size byte 0), then `names` NUL-padded names of `width` bytes: 20 for players (.JOU), 26 for
// tournaments (.TRN), the WTHOR database's layout.
std::string wthor_list(int names, std::size_t width) {
    std::string b = {20, 24, 1, 1, 0, 0, 0, 0, char(names), 0, 0, 0, 0, 0, 0, 0};
    for (int k = 0; k < names; ++k) {
        std::string name = "Player " + std::to_string(k + 1);
        name.resize(width, '\0');
        b += name;
    }
    return b;
}

const std::string ListEn = "a WTHOR players (.JOU) / tournaments (.TRN) list, not a games file";
const std::string ListJa = "WTHOR の対局者一覧（.JOU）または大会一覧（.TRN）で、対局のファイルではない";

// `text` without every occurrence of `part` (the scratch file's path, which is the user's own words).
std::string without(std::string text, const std::string& part) {
    for (std::size_t at; (at = text.find(part)) != std::string::npos;) text.erase(at, part.size());
    return text;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rejected_files_ja)

BOOST_AUTO_TEST_CASE(a_wthor_players_or_tournaments_list_is_named) {
    const ScratchFile players("WTHOR.JOU", wthor_list(3, 20));    // 16 + 3 x 20 = 76 bytes
    const ScratchFile tournaments("WTHOR.TRN", wthor_list(2, 26));  // 16 + 2 x 26 = 68 bytes
    const ScratchFile renamed("players.wtb", wthor_list(3, 20));   // by its content, under a games file's name
    for (const auto* f : {&players, &tournaments, &renamed}) {
        const auto r = run_arbiter("audit '" + f->path + "'", arbiter::test::Stderr::merge);
        BOOST_TEST(r.exit_code == 2, f->path);
        BOOST_TEST(contains(r.out, ListEn), r.out);
    }
}

BOOST_AUTO_TEST_CASE(audit_in_japanese_lists_a_refused_file_in_japanese) {
    const ScratchFile players("WTHOR.JOU", wthor_list(3, 20));
    const ScratchFile text("notes.txt", "hello world, this is not a game\n");
    for (const auto* f : {&players, &text}) {
        const auto r = run_arbiter("audit --lang ja '" + f->path + "'", arbiter::test::Stderr::merge);
        BOOST_TEST(r.exit_code == 2, f->path);
        const std::string out = without(r.out, f->path);
        BOOST_TEST(engine_words(out, {}).empty(), out);
        BOOST_TEST(!contains(out, "not a"), out);
    }
    const auto r = run_arbiter("audit --lang ja '" + players.path + "'", arbiter::test::Stderr::merge);
    BOOST_TEST(contains(r.out, ListJa), r.out);
    // The front door's refusal of a folder, named like a record.
    const arbiter::test::ScratchFolder folder("games.pgn");
    const auto f = run_arbiter("audit --lang ja '" + folder.path().string() + "'", arbiter::test::Stderr::merge);
    BOOST_TEST(f.exit_code == 2);
    BOOST_TEST(contains(f.out, "フォルダーで、ファイルではない"), f.out);
    BOOST_TEST(engine_words(without(f.out, folder.path().string()), {}).empty(), f.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace rejected_files_ja_cli_test
