// `--lang ja` on game records (issue 18 item 4): `run` and `compare` over every bundled real record (PGN, KIF in
// UTF-8 and Shift_JIS, CSA, GGF, the othello transcript, WTHOR) and `audit` in text and Markdown leave no engine
// word (cli/engine_words.h), and the conversion's warnings on stderr follow --lang. Beside the scanner's own
// exceptions, what stays as written is the record's data: its file names and the result text it wrote ("0-1 (Time
// forfeit)", "Time-up", "%JISHOGI"); a text the converter writes itself (WTHOR's count) must be Japanese, so it is
// not set aside. Error messages (a rejected game's reason) are English, as every error of the program is; the
// audit here reads only records that convert.
#include "cli/cli_run.h"
#include "cli/engine_words.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace japanese_records_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::engine_words;
using arbiter::test::markdown_text;
using arbiter::test::run_arbiter;
using arbiter::test::run_shell;

// The real records of tests/data that convert (the othello transcript by name: perft.txt beside it is a table).
std::vector<std::string> bundled_records() {
    std::vector<std::string> files = {"tests/data/othello/woc2007-final-game1-nicolet-tominaga.txt"};
    for (const auto& [folder, extensions] : std::vector<std::pair<std::string, std::vector<std::string>>>{
             {"tests/data/chess/games", {".pgn"}},
             {"tests/data/shogi", {".kif", ".csa"}},
             {"tests/data/shogi/floodgate", {".csa"}},
             {"tests/data/othello", {".ggf"}}}) {
        for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ARBITER_SOURCE_DIR) / folder))
            if (std::find(extensions.begin(), extensions.end(), e.path().extension().string()) != extensions.end())
                files.push_back(folder + "/" + e.path().filename().string());
    }
    files.push_back("tests/data/othello/WTH_1977.wtb");
    files.push_back("tests/data/othello/WTH_1978.wtb");
    std::sort(files.begin(), files.end());
    // The one record the core refuses on purpose (an illegal move at ply 114, tests/records) is not one of them.
    files.erase(std::remove(files.begin(), files.end(), "tests/data/chess/games/chess-otb-figueira-2017-dgt-clocks.pgn"), files.end());
    return files;
}

// `text` without every occurrence of `part`.
std::string without(std::string text, const std::string& part) {
    if (part.empty()) return text;
    for (std::size_t at; (at = text.find(part)) != std::string::npos;) text.erase(at, part.size());
    return text;
}

// The result text a record wrote itself (empty where the converter wrote it: `text_ja` is then its Japanese).
std::string record_own_text(const nlohmann::json& recorded) {
    return recorded.contains("text_ja") ? std::string() : recorded.value("text", "");
}

// The first engine word of `text`, for the message ("" when there is none).
std::string first(const std::vector<std::string>& words) { return words.empty() ? "" : words.front() + " and " + std::to_string(words.size()) + " in all"; }

// stderr alone.
std::string stderr_of(const std::string& args) {
    return run_shell("cd '" ARBITER_SOURCE_DIR "' && '" ARBITER_BINARY "' " + args + " 2>&1 >/dev/null").out;
}

const std::string Declaration = "tests/data/shogi/elmo-vs-yaselmo-jishogi-declaration.csa";  // %JISHOGI: no declarer
const std::string TimeUp = "tests/data/shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up-late-108.kif";  // gote's flag at ply 108
const std::string Bullet = "tests/data/chess/games/chess-lichess-VsUqVhC2-bullet-time-forfeit.pgn";

}  // namespace

BOOST_AUTO_TEST_SUITE(japanese_records_and_audits)

BOOST_AUTO_TEST_CASE(run_and_compare_in_japanese_over_every_bundled_record) {
    const auto records = bundled_records();
    BOOST_TEST(records.size() == 22u);  // 3 PGN, 5 KIF, 10 CSA, 1 GGF, 1 othello transcript, 2 WTHOR
    for (const auto& file : arbiter::test::sampled_when_sanitized(records)) {
        const auto json = run_arbiter("run " + file + " --format json");
        BOOST_TEST_REQUIRE(json.exit_code == 0, file);
        const std::string own = record_own_text(nlohmann::json::parse(json.out)["recorded"]);

        const auto run = run_arbiter("run " + file + " --lang ja");
        BOOST_TEST(run.exit_code == 0, file);
        BOOST_TEST(contains(run.out, "\n記録: "), file << ": " << run.out);
        const auto run_words = engine_words(without(run.out, own), {"タイムライン:", "規則:"});
        BOOST_TEST(run_words.empty(), file << ": run: " << first(run_words));

        // compare: the record's name above the table and the header row of rulebook ids, as for a timeline.
        const auto compare = run_arbiter("compare " + file + " --lang ja");
        BOOST_TEST(compare.exit_code == 0, file);
        std::istringstream in(compare.out);
        std::string name, blank, header;
        std::getline(in, name);
        std::getline(in, blank);
        std::getline(in, header);
        const auto compare_words = engine_words(without(compare.out, own), {name, header});
        BOOST_TEST(compare_words.empty(), file << ": compare: " << first(compare_words));
    }
}

BOOST_AUTO_TEST_CASE(the_line_under_a_ruling_says_the_record_in_the_games_words) {
    // The bullet game: White lost on time, 0-1, and FIDE 2009 rules the same.
    const auto chess = run_arbiter("run " + Bullet + " --lang ja");
    BOOST_TEST(contains(chess.out, "記録: 白の時間切れ負け「0-1 (Time forfeit)」、得点 白 0、黒 1。裁定は記録と一致\n"), chess.out);
    // 81Dojo: gote lost on time; sente 1, gote 0.
    const auto shogi = run_arbiter("run " + TimeUp + " --lang ja");
    BOOST_TEST(contains(shogi.out, "記録: 後手の時間切れ負け"), shogi.out);
    BOOST_TEST(contains(shogi.out, "得点 先手 1、後手 0"), shogi.out);
    // WTHOR keeps black's count only (34 in game 1 of 1977): the converter's words for it, in Japanese.
    const auto othello = run_arbiter("run tests/data/othello/WTH_1977.wtb --lang ja");
    BOOST_TEST(contains(othello.out, "「黒 34石」"), othello.out);
    BOOST_TEST(!contains(othello.out, "discs"), othello.out);
    // English keeps the engine's names.
    BOOST_TEST(contains(run_arbiter("run " + Bullet).out, "Recorded: white lost on time (0-1 (Time forfeit))"));
}

BOOST_AUTO_TEST_CASE(audit_summaries_in_japanese) {
    const auto records = bundled_records();
    std::string files;
    for (const auto& f : records) files += " " + f;
    // Every bundled rulebook: each game is ruled by those of its game, so editions differ (the sennichite KIF, a
    // WTHOR game with empty squares) and disagree with records.
    const std::string args = "audit" + files + " --rulebooks jca-1997,fide-2001,fide-2009,csa-computer-shogi,"
                             "kyushu-shogi-2006,joa-othello,joa-othello-2014 --jobs 2";
    const auto lines = run_arbiter(args + " --format jsonl");
    BOOST_TEST_REQUIRE(lines.exit_code == 0);
    std::vector<std::string> own = records;  // the files' names and the result texts the records wrote
    std::istringstream in(lines.out);
    for (std::string line; std::getline(in, line);) {
        const auto j = nlohmann::json::parse(line);
        BOOST_TEST_REQUIRE(j.contains("recorded"), line);  // every game converts
        own.push_back(record_own_text(j["recorded"]));
    }
    // Longest first, so that a text is not cut by a shorter one inside it.
    std::sort(own.begin(), own.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    for (const std::string format : {"text", "md"}) {
        const auto r = run_arbiter(args + " --lang ja --format " + format);
        BOOST_TEST(r.exit_code == 0);
        BOOST_TEST(contains(r.out, "記録と一致しない裁定"), r.out);  // the sections the scan must cover are there
        BOOST_TEST(contains(r.out, "規則によって裁定が異なる対局"), r.out);
        BOOST_TEST(contains(r.out, "白の勝ち"), r.out);  // a side in the game's words (othello's white)
        std::string text = without(format == "md" ? markdown_text(r.out) : r.out, "<br>");  // <br>: Markdown's line break
        for (const auto& part : own) text = without(text, part);
        const auto words = engine_words(text, {});
        BOOST_TEST(words.empty(), format << ": " << first(words));
    }
}

BOOST_AUTO_TEST_CASE(record_warnings_follow_the_commands_lang) {
    // CSA %JISHOGI names no declarer: taken as sente's, the side to move. In Japanese: the 警告 prefix (no English
    // level word), the game as 第1局, sente as 先手, nothing English but the file and the record's own %JISHOGI.
    const std::string ja = stderr_of("run " + Declaration + " --lang ja");
    BOOST_TEST(contains(ja, "arbiter: 警告: " + Declaration + ": 第1局："), ja);
    BOOST_TEST(contains(ja, "「%JISHOGI」"), ja);
    BOOST_TEST(contains(ja, "先手の宣言"), ja);
    BOOST_TEST(!contains(ja, "warning"), ja);
    BOOST_TEST(engine_words(without(without(ja, "arbiter: "), Declaration), {}).empty(), ja);  // the program's name aside
    const std::string en = stderr_of("run " + Declaration);
    BOOST_TEST(contains(en, "arbiter: warning: " + Declaration + ": game 1: \"%JISHOGI\" does not say who declared"), en);
    BOOST_TEST(contains(en, "a declaration by sente"), en);
    // A warning about one ply: gote's time used up at ply 108 while the record goes on.
    const std::string ply_ja = stderr_of("compare " + TimeUp + " --lang ja");
    BOOST_TEST(contains(ply_ja, "第1局、108手目："), ply_ja);
    BOOST_TEST(contains(ply_ja, "後手の時間が切れている"), ply_ja);
    BOOST_TEST(ply_ja.find("108手目") == ply_ja.rfind("108手目"), ply_ja);  // once, however many rulebooks
    const std::string ply_en = stderr_of("compare " + TimeUp);
    BOOST_TEST(contains(ply_en, "game 1: ply 108: by the time control gote's time is used up"), ply_en);
    // Warnings go through the log: -q keeps only errors.
    BOOST_TEST(stderr_of("-q run " + Declaration + " --lang ja") == "");
}

BOOST_AUTO_TEST_CASE(json_carries_each_warning_in_both_languages) {
    // `warnings` stays English; `warnings_ja` holds the same warnings in Japanese, as a ruling's note and note_ja.
    const auto run = nlohmann::json::parse(run_arbiter("run " + TimeUp + " --format json --lang ja").out);
    BOOST_TEST_REQUIRE(run["warnings"].size() == 1u);
    BOOST_TEST_REQUIRE(run["warnings_ja"].size() == 1u);
    BOOST_TEST(contains(run["warnings"][0].get<std::string>(), "ply 108"));
    BOOST_TEST(contains(run["warnings_ja"][0].get<std::string>(), "108手目"));
    // No warning, no warnings_ja.
    const auto clean = nlohmann::json::parse(run_arbiter("run " + Bullet + " --format json").out);
    BOOST_TEST(clean["warnings"].empty());
    BOOST_TEST(!clean.contains("warnings_ja"));
    // The audit's line and validate's object the same way.
    const auto line = nlohmann::json::parse(run_arbiter("audit " + Declaration + " --format jsonl").out);
    BOOST_TEST(contains(line["warnings_ja"][0].get<std::string>(), "先手の宣言"));
    const auto validated = nlohmann::json::parse(run_arbiter("validate " + Declaration + " --format json").out);
    BOOST_TEST(contains(validated[0]["warnings_ja"][0].get<std::string>(), "先手の宣言"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace japanese_records_cli_test
