// The files `audit` refuses whole, named for what they are and, under --lang ja, in Japanese (issue 34's attacker
// round: a WTHOR players list given as an archive was "binary file: found a NUL byte" or "the header announces 3
// games", and `audit --lang ja` listed every refusal in the readers' English). Issue 33: every refusal carries its
// Japanese from where it is raised (InputError's Text), so a corpus of bad records shows no English under --lang ja.
#include "cli/cli_run.h"
#include "cli/engine_words.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

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

// Bad records of every reader, each refused for another reason (the statement each should give is beside it), and
// the fuzz seeds of the readers (tests/data/fuzz: good records and bad ones, binary, Latin-1, EUC-JP, truncated):
// under --lang ja every refusal is listed in Japanese, so a refusal raised without its Japanese fails here. Texts
// quoted from the records are upper case or digits (the scanner flags lower-case ASCII words).
BOOST_AUTO_TEST_CASE(every_refusal_of_a_corpus_of_bad_records_is_in_japanese) {
    const std::string kif_head = "手合割：平手\n手数----指手---------消費時間--\n";
    const std::vector<std::pair<std::string, std::string>> bad = {
        {"handicap.kif", "手合割：謎\n"},                                             // unknown handicap
        {"number.kif", kif_head + "   2 ７六歩(77)\n"},                              // move number 1 expected
        {"drop.kif", kif_head + "   1 ７六歩\n"},                                    // read as a drop: no pawn in hand
        {"piece.kif", kif_head + "   1 ７六象(77)\n"},                              // no such piece
        {"time.kif", kif_head + "   1 ７六歩(77)   ( 0:XX/00:00:01)\n"},          // a time that is none
        {"illegal.kif", kif_head + "   1 ７五歩(77)\n"},                             // a move the pawn cannot make
        {"piece.csa", "PI\n+\n+7776XX\n"},                                          // unknown piece code
        {"side.csa", "PI\n+\n-3334FU\n"},                                           // sente to move
        {"ending.csa", "PI\n+\n+7776FU\n%FOO\n"},                                  // unknown ending
        {"square.ggf", "(;GM[Othello]B[ZZ];)"},                                      // not a square
        {"open.ggf", "(;GM[Othello]B[F5]"},                                          // the game does not end
        {"move.pgn", "[Event \"E\"]\n\n1. e4 Zz9 *\n"},                              // not a move
        {"comment.pgn", "[Event \"E\"]\n\n1. e4 {A\n"},                               // the comment does not end
        {"variant.pgn", "[Variant \"Zzz\"]\n\n1. e4 *\n"},                             // no game reads it
        {"fen.pgn", "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n"},  // no kings
        {"empty.kif", ""},                                                           // empty
        {"notes.txt", "Hello World, This Is Not A Game\n"},                         // not a record
        {"games.pgn.gz", "[Event \"E\"]\n\n1. e4 *\n"},                             // named gzip, plain inside
        {"WTHOR.JOU", wthor_list(3, 20)},                                            // a players list
    };
    std::vector<std::unique_ptr<ScratchFile>> files;
    std::string args = "audit --lang ja";
    for (const auto& [name, bytes] : bad) {
        files.push_back(std::make_unique<ScratchFile>("corpus-" + name, bytes));
        args += " '" + files.back()->path + "'";
    }
    std::vector<std::string> seeds;
    for (const char* reader : {"kif", "ki2", "csa", "ggf", "pgn", "archive"})
        for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ARBITER_SOURCE_DIR) /
                                                                  "tests/data/fuzz" / reader))
            seeds.push_back(e.path().string());
    for (const auto& s : seeds) args += " '" + s + "'";
    const auto r = run_arbiter(args, arbiter::test::Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    std::string out = r.out;
    for (const auto& f : files) out = without(out, f->path);
    for (const auto& s : seeds) out = without(out, s);
    BOOST_TEST(engine_words(out, {}).empty(), out);
    // Each bad record is listed, with its place, in the rejections.
    for (const auto& f : files) BOOST_TEST(contains(r.out, f->path), f->path);
    for (const char* ja : {"知らない手合割", "手数 1 のはずが 2", "手 P*7f を指せない", "知らない駒の記号",
                           "先手（+）の指し手のはずが", "知らない終局", "マス（a1-h8）かパスのはずが",
                           "対局の途中でファイルが終わる", "コメントが閉じていない", "変種「…」はこのプログラムが",
                           "空のファイル", "読める棋譜ではない", "ファイル名の圧縮形式", "WTHOR の対局者一覧"})
        BOOST_TEST(contains(r.out, ja), ja);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace rejected_files_ja_cli_test
