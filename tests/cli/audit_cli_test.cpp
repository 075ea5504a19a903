// `arbiter audit` on the command line: every game of many records (plain, .gz, .zst) ruled in parallel with the
// output in input order, one JSON line per game, the summary by kind, bad games counted and passed. Expected values
// are worked from the records and the rule texts, as each case says.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace audit_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

const std::string Sennichite = "tests/data/shogi/shogidokoro-elmo-vs-yaselmo-sennichite.kif";
const std::string Compressed = "tests/data/games/compressed/";

std::vector<nlohmann::json> json_lines(const std::string& text) {
    std::vector<nlohmann::json> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
    return out;
}

std::string build_path(const std::string& name) { return std::string(ARBITER_SOURCE_DIR) + "/build/" + name; }

}  // namespace

BOOST_AUTO_TEST_SUITE(audit_on_the_command_line)

BOOST_AUTO_TEST_CASE(audit_streams_every_game) {
    // WTH_1977 (12 games) + WTH_1978 (8): 20 lines, one per game, in file order; every recorded score follows the
    // empties to the winner, as joa-othello-2014 (the othello default) counts.
    const auto r = run_arbiter("audit tests/data/othello/WTH_1977.wtb tests/data/othello/WTH_1978.wtb --format jsonl");
    BOOST_TEST(r.exit_code == 0);
    const auto lines = json_lines(r.out);
    BOOST_TEST(lines.size() == 20u);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        BOOST_TEST(lines[i]["agrees"]["joa-othello-2014"] == true);
        BOOST_TEST(lines[i]["index"] == (i < 12 ? i + 1 : i - 11));
        BOOST_TEST(lines[i]["file"] == (i < 12 ? "tests/data/othello/WTH_1977.wtb" : "tests/data/othello/WTH_1978.wtb"));
    }
    const auto text = run_arbiter("audit tests/data/othello/WTH_1977.wtb tests/data/othello/WTH_1978.wtb");
    BOOST_TEST(contains(text.out, "20 games read ("));
    BOOST_TEST(contains(text.out, "0 rejected; 20 rulings: 20 agree, 0 disagree, 0 not comparable"));
    // A file with a wrong move among them: exit 2, the others still ruled. illegal-move-game-2.pgn: game 1 (1. d4 d5 *)
    // has no result to compare; game 2's 2. Ke3 (ply 3, line 13, column 13 of the file) is illegal.
    const auto mixed = run_arbiter("audit tests/data/othello/WTH_1978.wtb tests/data/games/bad/illegal-move-game-2.pgn");
    BOOST_TEST(mixed.exit_code == 2);
    BOOST_TEST(contains(mixed.out, "10 games read ("));
    BOOST_TEST(contains(mixed.out, "1 rejected; 9 rulings: 8 agree, 0 disagree, 1 not comparable"));
    BOOST_TEST(contains(mixed.out, "Rejected, by reason (1):"));
    BOOST_TEST(contains(mixed.out, "illegal-move-game-2.pgn:13:13:"));
    BOOST_TEST(contains(mixed.out, "game 2, ply 3"));
}

BOOST_AUTO_TEST_CASE(audit_under_several_rulebooks) {
    // The sennichite KIF under both shogi rulebooks (fide-2009 is for chess: skipped): CSA draws as recorded (agrees),
    // Kyushu replays the game with colours exchanged (not ended: disagrees). One JSON line for the game.
    const auto r =
        run_arbiter("audit " + Sennichite + " --rulebooks csa-computer-shogi,kyushu-shogi-2006,fide-2009 --format jsonl");
    BOOST_TEST(r.exit_code == 0);
    const auto lines = json_lines(r.out);
    BOOST_REQUIRE(lines.size() == 1u);
    BOOST_TEST(lines[0]["agrees"]["csa-computer-shogi"] == true);
    BOOST_TEST(lines[0]["agrees"]["kyushu-shogi-2006"] == false);
    BOOST_TEST(!lines[0]["rulings"].contains("fide-2009"));
    BOOST_TEST(lines[0]["rulings"]["kyushu-shogi-2006"]["status"] == "ongoing");
    BOOST_TEST(lines[0]["recorded"]["ending"] == "sennichite");
    const auto text = run_arbiter("audit " + Sennichite + " --rulebooks csa-computer-shogi,kyushu-shogi-2006");
    BOOST_TEST(contains(text.out, "1 game read ("));
    BOOST_TEST(contains(text.out, "0 rejected; 2 rulings: 1 agree, 1 disagree, 0 not comparable"));
    BOOST_TEST(contains(text.out, "kyushu-shogi-2006: sennichite, but the rulebook does not end the game"));
    BOOST_TEST(contains(text.out, Sennichite + " game 1 under kyushu-shogi-2006"));
    // The two editions rule the game differently: a draw against a game that goes on.
    BOOST_TEST(contains(text.out, "Games the rulebooks rule differently (1):"));
    BOOST_TEST(contains(text.out, "csa-computer-shogi draw (shogi.sennichite) / kyushu-shogi-2006 not ended"));
    BOOST_TEST(run_arbiter("audit " + Sennichite + " --rulebooks no-such-book").exit_code == 2);
    // The edition impact in JSON and HTML: the game listed with each rulebook's outcome and article.
    const std::string both = " --rulebooks csa-computer-shogi,kyushu-shogi-2006";
    const auto json = run_arbiter("audit " + Sennichite + both + " --format json");
    BOOST_TEST(json.exit_code == 0);
    const auto summary = nlohmann::json::parse(json.out);
    BOOST_TEST(summary["edition_impact"]["games"] == 1);
    const auto& listed = summary["edition_impact"]["listed"][0];
    BOOST_TEST(listed["index"] == 1);
    BOOST_TEST(listed["rulings"][0]["rulebook"] == "csa-computer-shogi");
    BOOST_TEST(listed["rulings"][0]["topic"] == "shogi.sennichite");
    BOOST_TEST(!listed["rulings"][0]["article"].get<std::string>().empty());
    BOOST_TEST(listed["rulings"][1]["status"] == "ongoing");
    BOOST_TEST(summary["rulebooks"][1]["disagree"] == 1);
    const auto html = run_arbiter("audit " + Sennichite + both + " --format html");
    BOOST_TEST(html.exit_code == 0);
    BOOST_TEST(contains(html.out, "Edition impact: games the rulebooks rule differently (1)"));
    BOOST_TEST(contains(html.out, "<b>kyushu-shogi-2006</b> not ended"));
}

BOOST_AUTO_TEST_CASE(jobs_do_not_change_a_byte) {
    // 2,323 WTHOR games and the three-game PGN ruled on 1, 2 and 3 threads: the batches end in different places
    // and the threads finish in different orders, yet the lines and the summary must be the same bytes.
    const std::string files = " tests/data/othello/WTH_2013.wtb tests/data/othello/WTH_1977.wtb " + Compressed +
                              "three-games.pgn --rulebooks joa-othello,joa-othello-2014,fide-2009";
    const auto one = run_arbiter("audit" + files + " --format jsonl --jobs 1");
    const auto two = run_arbiter("audit" + files + " --format jsonl --jobs 2");
    const auto three = run_arbiter("audit" + files + " --format jsonl --jobs 3");
    BOOST_TEST(one.exit_code == 0);
    BOOST_TEST(json_lines(one.out).size() == 2303u + 12u + 3u);
    BOOST_TEST((one.out == two.out));
    BOOST_TEST((one.out == three.out));
    const auto text_one = run_arbiter("audit" + files + " --format md --jobs 1");
    const auto text_two = run_arbiter("audit" + files + " --format md --jobs 2");
    BOOST_TEST((text_one.out == text_two.out));
    BOOST_TEST(contains(text_one.out, "| rulebook | agree | disagree | not comparable |"));
}

BOOST_AUTO_TEST_CASE(compressed_archives_read_as_the_plain_file) {
    // The same three games plain, gzip, zstd, and zstd found by its magic bytes alone: the same lines but the name.
    const auto plain = run_arbiter("audit " + Compressed + "three-games.pgn --format jsonl");
    BOOST_TEST(plain.exit_code == 0);
    const auto games = json_lines(plain.out);
    BOOST_REQUIRE(games.size() == 3u);
    // Game 1 ends 39.Rd7# (1-0), game 2 0-1 on time with Black able to mate, game 3 the WCC 2023 draw: all agree.
    for (const auto& g : games) BOOST_TEST(g["agrees"]["fide-2009"] == true);
    BOOST_TEST(games[1]["tags"]["Site"] == "https://lichess.org/VsUqVhC2");
    BOOST_TEST(games[0]["plies"] == 77);  // 39.Rd7#: 38 moves each and White's 39th
    BOOST_TEST(games[2]["plies"] == 97);  // as SOURCES.md says python-chess counted
    for (const char* name : {"three-games.pgn.gz", "three-games.pgn.zst", "three-games-zstd-without-extension"}) {
        const auto r = run_arbiter("audit " + Compressed + name + " --format jsonl");
        BOOST_TEST(r.exit_code == 0, name);
        const auto lines = json_lines(r.out);
        BOOST_REQUIRE(lines.size() == 3u);
        for (std::size_t i = 0; i < 3; ++i) {
            auto a = lines[i], b = games[i];
            BOOST_TEST(a["file"] == Compressed + name);
            a.erase("file");
            b.erase("file");
            BOOST_TEST((a == b), name << " game " << i + 1);
        }
    }
    // A cut-short download: the games before the cut are ruled, the rest is one rejected read naming the file.
    const auto cut = run_arbiter("audit " + Compressed + "truncated.pgn.gz --format jsonl");
    BOOST_TEST(cut.exit_code == 2);
    const auto cut_lines = json_lines(cut.out);
    BOOST_REQUIRE(!cut_lines.empty());
    BOOST_TEST(cut_lines.back().contains("error"));
    BOOST_TEST(contains(cut_lines.back()["error"]["message"].get<std::string>(), "gzip data"));
    // A name that promises gzip over plain bytes: refused, the file named.
    const auto liar = run_arbiter("audit " + Compressed + "not-gzip.pgn.gz");
    BOOST_TEST(liar.exit_code == 2);
    BOOST_TEST(contains(liar.out, "not-gzip.pgn.gz"));
    BOOST_TEST(contains(liar.out, "magic bytes"));
}

BOOST_AUTO_TEST_CASE(a_huge_game_is_rejected_and_the_next_one_read) {
    // 17 MiB of one game's comment (above the 16 MiB a PGN game may take), then a real game: game 1 rejected with
    // its line, game 2 (the lichess checkmate, starting after the 6 lines of game 1) ruled and agreeing.
    const std::string path = build_path("audit-huge-game.pgn");
    {
        std::ofstream out(path, std::ios::binary);
        out << "[Event \"huge\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 {";
        const std::string block(1 << 20, 'x');
        for (int i = 0; i < 17; ++i) out << block;
        out << "} *\n";
        std::ifstream game(std::string(ARBITER_SOURCE_DIR) + "/tests/data/chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn",
                           std::ios::binary);
        out << game.rdbuf();
    }
    const auto r = run_arbiter("audit '" + path + "' --format jsonl --jobs 2");
    BOOST_TEST(r.exit_code == 2);
    const auto lines = json_lines(r.out);
    BOOST_REQUIRE(lines.size() == 2u);
    BOOST_TEST(lines[0]["index"] == 1);
    BOOST_TEST(lines[0]["error"]["line"] == 1);
    BOOST_TEST(contains(lines[0]["error"]["message"].get<std::string>(), "more than 16 MiB"));
    BOOST_TEST(lines[1]["index"] == 2);
    BOOST_TEST(lines[1]["agrees"]["fide-2009"] == true);
    std::remove(path.c_str());
}

BOOST_AUTO_TEST_CASE(games_are_cut_where_pgn_ends_them) {
    // Four games: the first has a comment over two lines whose second line starts with "[" (not a tag: inside the
    // comment); the second (line 7) and the third (line 8) follow without tags, each after the termination marker
    // that ends the game before it (PGN 8.2.6); the fourth has tags. The third's 2. Ke3 (ply 3, line 9) is illegal
    // and its reply 2...Nc6 cannot be played from the position before it: the game is rejected at the Ke3.
    const std::string path = build_path("audit-cut.pgn");
    {
        std::ofstream out(path, std::ios::binary);
        out << "[Event \"one\"]\n[Result \"1/2-1/2\"]\n\n1. e4 {a comment\n[over two lines]} e5 1/2-1/2\n\n"
               "1. d4 d5 *\n1. e4 e5\n2. Ke3 Nc6 *\n\n[Event \"three\"]\n[Result \"*\"]\n\n1. c4 *\n";
    }
    const auto r = run_arbiter("audit '" + path + "' --format jsonl");
    const auto lines = json_lines(r.out);
    BOOST_REQUIRE(lines.size() == 4u);
    BOOST_TEST(lines[0]["index"] == 1);
    BOOST_TEST(lines[0]["plies"] == 2);
    BOOST_TEST(lines[1]["index"] == 2);
    BOOST_TEST(lines[1]["plies"] == 2);
    BOOST_TEST(lines[2]["index"] == 3);
    BOOST_TEST(lines[2]["error"]["line"] == 9);
    BOOST_TEST(contains(lines[2]["error"]["message"].get<std::string>(), "game 3, ply 3"));
    BOOST_TEST(lines[3]["index"] == 4);
    BOOST_TEST(lines[3]["tags"]["Event"] == "three");
    std::remove(path.c_str());
}

BOOST_AUTO_TEST_CASE(a_tag_that_is_not_utf8_never_crashes_the_lines) {
    // An Annotator tag in Latin-1 ("M\xfcller"): the game is ruled (the tag plays no part), and its JSON line carries
    // U+FFFD for the byte that is not UTF-8 instead of ending the program.
    const std::string path = build_path("audit-latin1-tag.pgn");
    {
        std::ofstream out(path, std::ios::binary);
        out << "[Event \"x\"]\n[Annotator \"M\xfcller\"]\n[Result \"*\"]\n\n1. e4 e5 *\n";
    }
    const auto r = run_arbiter("audit '" + path + "' --format jsonl --jobs 2");
    BOOST_TEST(r.exit_code == 0);
    const auto lines = json_lines(r.out);
    BOOST_REQUIRE(lines.size() == 1u);
    BOOST_TEST(lines[0]["tags"]["Annotator"] == "M\xef\xbf\xbdller");
    std::remove(path.c_str());
}

BOOST_AUTO_TEST_CASE(unreadable_files_are_counted_and_passed) {
    // A folder, a missing file and binary data among good records: each is one rejected read, the rest is ruled.
    const auto r = run_arbiter("audit tests/data tests/no-such-file.pgn tests/data/games/bad/binary.pgn " +
                               Compressed + "three-games.pgn");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "3 rulings: 3 agree"));
    BOOST_TEST(contains(r.out, "no-such-file.pgn"));
    BOOST_TEST(contains(r.out, "binary.pgn"));
}

BOOST_AUTO_TEST_CASE(json_lines_summarise_as_the_games_did) {
    // The merge step of a distributed audit: the JSON lines of two shards, concatenated in input order and read back
    // with --from-jsonl, give the summary a single run gives, byte for byte (rejected game and two rulebooks included).
    const std::string books = " --rulebooks joa-othello,joa-othello-2014,fide-2009";
    const std::string first = "tests/data/othello/WTH_1977.wtb tests/data/games/bad/illegal-move-game-2.pgn";
    const std::string second = Compressed + "three-games.pgn.gz tests/data/othello/WTH_1978.wtb";
    const std::string lines = build_path("audit-shards.jsonl");
    run_arbiter("audit " + first + books + " --format jsonl > '" + lines + "'");
    run_arbiter("audit " + second + books + " --format jsonl >> '" + lines + "'");
    for (const char* format : {"text", "md"}) {
        const auto one = run_arbiter("audit " + first + " " + second + books + " --format " + format);
        const auto merged = run_arbiter("audit --from-jsonl '" + lines + "'" + books + " --format " + format);
        BOOST_TEST(one.exit_code == 2);  // game 2 of illegal-move-game-2.pgn
        BOOST_TEST(merged.exit_code == one.exit_code);
        BOOST_TEST((merged.out == one.out), format);
    }
    BOOST_TEST(run_arbiter("audit --from-jsonl '" + lines + "' --format jsonl").exit_code == 2);
    // A line that is not an audit line: exit 2, the file and line named.
    const auto bad = run_arbiter("audit --from-jsonl tests/data/othello/wthor-decoded.tsv", Stderr::merge);
    BOOST_TEST(bad.exit_code == 2);
    BOOST_TEST(contains(bad.out, "wthor-decoded.tsv:1:1"));
    std::remove(lines.c_str());
}

BOOST_AUTO_TEST_CASE(no_progress_line_when_stderr_is_not_a_terminal) {
    const auto r = run_arbiter("audit tests/data/othello/WTH_1977.wtb", Stderr::merge);
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(!contains(r.out, "audit:"));
    BOOST_TEST(!contains(r.out, "\x1b["));
}

BOOST_AUTO_TEST_CASE(summary_in_japanese) {
    const auto r = run_arbiter("audit " + Sennichite + " --rulebooks csa-computer-shogi,kyushu-shogi-2006 --lang ja");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(contains(r.out, "読んだ対局 1"));
    BOOST_TEST(contains(r.out, "千日手だが、規則では対局が終わらない"));
    const auto help = run_arbiter("audit --help");
    BOOST_TEST(contains(help.out, "--jobs"));
    BOOST_TEST(contains(help.out, ".zst"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace audit_cli_test
