// Game records ruled from the file (records/record_timeline.h): every real record under tests/data (copies of
// /work/shared/data/games, provenance in tests/data/games/SOURCES.md) converted to a timeline, read through the
// front door and ruled. Each expected value is worked below from the record itself (its moves, clock readings and
// ending) and the rule texts, not from this engine's output.
#include "records/record_timeline.h"

#include "core/error.h"
#include "core/game.h"
#include "core/move_text.h"
#include "core/game_files.h"
#include "core/record/csa.h"
#include "rulebook/yaml_source.h"
#include "records/bundled_rulebooks.h"

#include <boost/test/unit_test.hpp>

#include <ostream>

#include <filesystem>
#include <string>

#include <unistd.h>

namespace arbiter::procedure {
// Boost.Test prints a status that differs by its JSON word, a record format by its name.
inline std::ostream& operator<<(std::ostream& out, Status status) { return out << status_name(status); }
std::ostream& operator<<(std::ostream& out, RecordFormat f) { return out << record_format_name(f); }
}  // namespace arbiter::procedure

namespace record_timeline_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

const fs::path Root(ARBITER_SOURCE_DIR);
std::string data(const std::string& rel) { return (Root / "tests/data" / rel).string(); }

using arbiter::test::library;

struct Ruled {
    RecordGame game;
    Run run;
};

Ruled rule(const std::string& file, int number = 1, const std::string& book = {}) {
    static Runner runner(library());
    const auto record = RecordFile::open(file);
    auto game = record.game(number, library(), book);
    const auto timeline = record_timeline(game, library());
    auto run = runner.run(timeline, *library().find(game.rulebook));
    return {std::move(game), std::move(run)};
}

// The same after editing the imported YAML (what an arbiter does with `arbiter import`).
Run rule_text(const std::string& yaml, const std::string& book) {
    static Runner runner(library());
    const auto timeline = read_timeline(rulebook::parse_yaml_text(yaml, "<edited>"), library());
    return runner.run(timeline, *library().find(book));
}

double points(const Run& run, const std::string& side) {
    BOOST_REQUIRE(run.result.score);
    return (*run.result.score)[run.sides[0] == side ? 0 : 1];
}
long long ms(const Run& run, const std::string& side) { return run.clocks[run.sides[0] == side ? 0 : 1].count(); }

// The message of the InputError a conversion throws ("" if none).
std::string conversion_error(const std::string& file, int number = 1) {
    try {
        const auto record = RecordFile::open(file);
        (void)record_timeline(record.game(number, library()), library());
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

// "true", "false" or "null", as the JSON output writes `agrees`.
std::string agree(const RecordedEnding& recorded, const Run& run) {
    const auto a = agrees(recorded, run);
    return !a ? "null" : *a ? "true" : "false";
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(record_formats_are_found_from_extension_and_content)

BOOST_AUTO_TEST_CASE(extensions_and_contents) {
    BOOST_TEST(detect_record_format("a.pgn", "") == RecordFormat::pgn);
    BOOST_TEST(detect_record_format("a.KIF", "") == RecordFormat::kif);
    BOOST_TEST(detect_record_format("a.csa", "") == RecordFormat::csa);
    BOOST_TEST(detect_record_format("a.ggf", "") == RecordFormat::ggf);
    BOOST_TEST(detect_record_format("a.wtb", "") == RecordFormat::wthor);
    BOOST_TEST(detect_record_format("a.yaml", "[Event \"x\"]") == RecordFormat::none);  // a timeline stays a timeline
    BOOST_TEST(detect_record_format("game", "[Event \"x\"]\n\n1. e4 *") == RecordFormat::pgn);
    BOOST_TEST(detect_record_format("game", "手合割：平手\n") == RecordFormat::kif);
    BOOST_TEST(detect_record_format("game", "V2.2\nPI\n+\n") == RecordFormat::csa);
    BOOST_TEST(detect_record_format("game", "(;GM[Othello]PC[x];)") == RecordFormat::ggf);
    BOOST_TEST(detect_record_format("game.txt", "# a game\nf5d6c3d3c4\n") == RecordFormat::othello_transcript);
    BOOST_TEST(detect_record_format("notes.txt", "timeline: x\n") == RecordFormat::none);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(record_files_give_their_games)

// take_game (an audit's game read alone) gives what game gives, its tags moved instead of copied.
BOOST_AUTO_TEST_CASE(a_game_taken_from_its_file_is_the_game_converted) {
    const std::string text = "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/abcdefgh\"]\n[White \"a\"]\n"
                             "[Black \"b\"]\n[Result \"0-1\"]\n[TimeControl \"180+2\"]\n\n"
                             "1. f3 { [%clk 0:03:00] } e5 { [%clk 0:03:00] } 2. g4 { [%clk 0:02:59] }\n"
                             "Qh4# { [%clk 0:02:58] } 0-1\n";
    const RecordGame copied = RecordFile::read_pgn_game(text, "fools.pgn", 3, 10).game(3, library(), {}, true);
    RecordFile file = RecordFile::read_pgn_game(text, "fools.pgn", 3, 10);
    const RecordGame taken = file.take_game(3, library(), {}, true);
    BOOST_TEST(taken.tags == copied.tags);
    BOOST_TEST(taken.tags.size() == 6u);
    BOOST_TEST(taken.head == copied.head);
    BOOST_TEST(taken.parts.size() == copied.parts.size());
    BOOST_TEST(taken.recorded.ending == "checkmate");
    BOOST_TEST(taken.warnings.size() == copied.warnings.size());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_chess_records_are_ruled_from_the_file)

BOOST_AUTO_TEST_CASE(lichess_blitz_checkmate) {
    // lichess hvB20kxq, 180+0, ends 39.Rd7# with [%clk] on every ply. The final position is checkmate (verified with
    // python-chess, SOURCES.md): FIDE 2009 5.1a, 1-0, which is the record's Result. No entry stands for the ending.
    // Instants: without increment the time a side used is 3:00 minus its last reading: White's last is 0:00:55
    // (2:05 used), Black's 0:00:16 (2:44 used); the mate comes at 2:05 + 2:44 = 4:49 after the start.
    const auto r = rule(data("chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn"));
    BOOST_TEST(r.game.rulebook == "fide-2009");
    BOOST_TEST(r.run.result.status == arbiter::procedure::Status::ended);
    BOOST_TEST(r.run.result.topic == "result.checkmate");
    BOOST_TEST(r.run.result.article == "5.1a");
    BOOST_TEST(points(r.run, "white") == 1.0);
    BOOST_TEST(ms(r.run, "white") == 55000);
    BOOST_TEST(ms(r.run, "black") == 16000);
    BOOST_TEST(has(r.game.yaml, "at: \"0:04:49\", move: \"Rd7#\""));
    BOOST_TEST(r.game.recorded.ending == "checkmate");
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");
    BOOST_TEST(r.game.warnings.empty());
}

BOOST_AUTO_TEST_CASE(lichess_bullet_time_forfeit) {
    // lichess VsUqVhC2, 60+0, Termination "Time forfeit", 0-1, 70 plies. White's last reading is 0:00:04 (after
    // 35.Re3), Black's 0:00:16 (after 35...Bxe3): used 0:56 and 0:44, so the last move is at 1:40 and White's flag
    // falls 4 s later, at 1:44. The forfeit becomes Black's flag claim at 1:44. A 1-minute game is blitz under FIDE
    // 2009 B.1 (under 15 minutes), whose B.3a applies A.4d2: the claimant with his flag up wins unless he cannot
    // checkmate by any series of legal moves; Black has a rook, a bishop and pawns: 0-1, as recorded. Clocks: White
    // 0, Black 0:16.
    const auto r = rule(data("chess/games/chess-lichess-VsUqVhC2-bullet-time-forfeit.pgn"));
    BOOST_TEST(has(r.game.yaml, "{at: \"0:01:44\", claim: {by: black, kind: flag}}"));
    BOOST_TEST(r.run.result.status == arbiter::procedure::Status::ended);
    BOOST_TEST(r.run.result.topic == "clock.flag_fall");
    BOOST_TEST(r.run.result.article == "A.4d2");
    BOOST_TEST(points(r.run, "black") == 1.0);
    BOOST_TEST(ms(r.run, "white") == 0);
    BOOST_TEST(ms(r.run, "black") == 16000);
    BOOST_TEST(r.game.recorded.ending == "time_forfeit");
    BOOST_TEST(r.game.recorded.by == "white");
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");
}

BOOST_AUTO_TEST_CASE(world_championship_draw_by_agreement) {
    // WCC 2023 game 1, 1/2-1/2 after 49.Ke3, no clock comments. The final position is neither stalemate nor dead and
    // has not occurred three times (Black could not claim), so the draw was agreed: White, who made the last move,
    // offers and Black accepts (FIDE 2009 5.2c: the game is drawn upon agreement). No readings: every entry at
    // 0:00:00. TimeControl 40/7200:20/3600:900+30: two hours each, one more hour once 40 moves are made (both
    // made 49), no increment before move 61: 3:00:00 each.
    const auto r = rule(data("chess/games/chess-wcc2023-game1-nepomniachtchi-ding.pgn"));
    BOOST_TEST(has(r.game.yaml, "offer: {by: white, kind: draw}"));
    BOOST_TEST(has(r.game.yaml, "accept: black"));
    BOOST_TEST(r.run.result.topic == "draw.agreement");
    BOOST_TEST(r.run.result.article == "5.2c");
    BOOST_TEST(points(r.run, "white") == 0.5);
    BOOST_TEST(ms(r.run, "white") == 3 * 3600 * 1000);
    BOOST_TEST(ms(r.run, "black") == 3 * 3600 * 1000);
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");
    BOOST_TEST(r.game.warnings.empty());  // no [%clk] at all is not noise
}

BOOST_AUTO_TEST_CASE(dgt_record_with_a_wrong_move_is_an_error_at_the_ply) {
    // Figueira 2017 (DGT board export): 57...Re1 is illegal in the recorded position (SOURCES.md: python-chess
    // stops there after 113 plies). Black's 57th move is ply 2 * 56 + 2 = 114, written on line 45 of the file.
    const auto message = conversion_error(data("chess/games/chess-otb-figueira-2017-dgt-clocks.pgn"));
    BOOST_TEST(has(message, "chess-otb-figueira-2017-dgt-clocks.pgn:45:"));
    BOOST_TEST(has(message, "game 1, ply 114"));
    BOOST_TEST(has(message, "Re1"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_shogi_records_are_ruled_from_the_file)

BOOST_AUTO_TEST_CASE(dojo81_time_up) {
    // 81Dojo, 持ち時間 5分+30秒 (five minutes, then 30 s byoyomi), 193 moves, then "194 Time-up": gote, to move,
    // lost on time. The ending becomes sente's flag claim. CSA 持ち時間: a player who uses up his time loses:
    // sente 1-0, as recorded. Gote's 108th and 190th plies are written 0:30 in a 30 s period and the game goes on:
    // KIF's whole seconds hold a move made in the last second (docs/RECORDS.md), so no flag fell before the end.
    const auto r = rule(data("shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif"));
    BOOST_TEST(r.game.rulebook == "csa-computer-shogi");
    BOOST_TEST(has(r.game.yaml, "time_control: {time: 5min, byoyomi: {periods: 1, time: 30s}}"));
    BOOST_TEST(has(r.game.yaml, "claim: {by: sente, kind: flag}"));
    BOOST_TEST(r.run.result.topic == "clock.flag_fall");
    BOOST_TEST(r.run.result.article == "持ち時間");
    BOOST_TEST(points(r.run, "sente") == 1.0);
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");
    BOOST_TEST(r.game.warnings.empty());
}

BOOST_AUTO_TEST_CASE(shogihome_time_limit_forms) {
    // ShogiHome's bridge, e2e scenario 15: the server sent Total_Time:10 and Byoyomi:30 (seconds), and the record's
    // 持ち時間 is "00:10+30" (minutes:seconds + byoyomi); "7 切れ負け": sente lost on time. Shogi Wars exports write
    // the same shape as hours:minutes, so it is read neither way (a warning), and a time forfeit with no time
    // control cannot be checked: not comparable, never a flag ruled on a guessed clock.
    const auto up = rule(data("shogi/shogihome-bridge-15-time-up.kifu"));
    BOOST_REQUIRE(!up.game.warnings.empty());  // and one that the time forfeit cannot be checked
    BOOST_TEST(has(up.game.warnings.front().en, "read neither way"), up.game.warnings.front().en);
    BOOST_TEST(!has(up.game.yaml, "time_control:"));
    BOOST_TEST(agree(up.game.recorded, up.run) == "null");
    // Scenario 2: Total_Time:30, Byoyomi:0, Increment:5, written "30+0+5"; "7 投了": sente resigns, gote wins.
    const auto inc = rule(data("shogi/shogihome-bridge-2-increment.kifu"));
    BOOST_TEST(inc.game.warnings.empty());
    BOOST_TEST(has(inc.game.yaml, "time_control: {time: 30s, increment: 5s}"));  // seconds as written: no hint
    BOOST_TEST(inc.run.result.topic == "result.resignation");
    BOOST_TEST(points(inc.run, "gote") == 1.0);
    BOOST_TEST(agree(inc.game.recorded, inc.run) == "true");
}

BOOST_AUTO_TEST_CASE(shogi_wars_time_limit_is_read_as_hours_minutes) {
    // shogi-extend's export of a Shogi Wars game (SOURCES.md: its headers and first ten moves): 棋戦：将棋ウォーズ
    // (3分切れ負け) and 持ち時間：00:03+00, which its writer means as hours:minutes: 3 minutes each, no byoyomi (the
    // event's 3分切れ負け says the same). Its own headers tell the reading, so 持ち時間 is read without a warning.
    const auto r = rule(data("shogi/shogi-extend-wars-3min-opening.kif"));
    BOOST_TEST(has(r.game.yaml, "time_control: {time: 3min}"), r.game.yaml);
    for (const auto& w : r.game.warnings) BOOST_TEST(!has(w.en, "持ち時間"), w.en);
    BOOST_TEST(ms(r.run, "sente") == 3 * 60 * 1000 - 6 * 1000);  // 3:00 less the 6 s sente used in five moves
}

BOOST_AUTO_TEST_CASE(professional_shift_jis_kif_resignation) {
    // Habu-Fujii, 順位戦 2006, Shift_JIS with CRLF, 王 for the king: 181 moves, "182 投了": gote resigns, sente wins
    // ("まで181手で先手の勝ち"). CSA 投了: the resigning side loses. 持ち時間：6時間, no time per move: 6:00:00 each.
    const auto r = rule(data("shogi/habu-vs-fujii-2006-junisen.sjis.kif"));
    BOOST_TEST(has(r.game.yaml, "resign: gote"));
    BOOST_TEST(r.run.result.topic == "result.resignation");
    BOOST_TEST(points(r.run, "sente") == 1.0);
    BOOST_TEST(ms(r.run, "sente") == 6 * 3600 * 1000);
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");
}

BOOST_AUTO_TEST_CASE(sennichite_kif) {
    // elmo vs yaselmo, "86 千日手": after 85 moves the position (gote to move) has occurred 4 times (SOURCES.md).
    // CSA 千日手: a draw. Kyushu (3): played again with colours exchanged, so the run goes on (as in the fixture
    // tests/timelines/shogi/30-sennichite-kif-csa-draw.yaml). Recorded: a draw, so Kyushu's ruling disagrees.
    const auto csa = rule(data("shogi/shogidokoro-elmo-vs-yaselmo-sennichite.kif"));
    BOOST_TEST(csa.run.result.topic == "shogi.sennichite");
    BOOST_TEST(points(csa.run, "sente") == 0.5);
    BOOST_TEST(agree(csa.game.recorded, csa.run) == "true");
    const auto kyushu = rule(data("shogi/shogidokoro-elmo-vs-yaselmo-sennichite.kif"), 1, "kyushu-shogi-2006");
    BOOST_TEST(kyushu.run.result.status == arbiter::procedure::Status::ongoing);
    BOOST_TEST(agree(kyushu.game.recorded, kyushu.run) == "false");
}

BOOST_AUTO_TEST_CASE(entering_king_declaration_csa) {
    // elmo vs yaselmo, CSA V2.2, 258 moves, "%JISHOGI" with the comment "Win by entering king declaration". The
    // record does not name the declarer: after 258 plies sente is to move, and only the side to move may declare.
    // CSA 入玉宣言法 (sente needs 28 points, gote 27; king in the zone, 10 pieces there, not in check). The count
    // of the final position is taken here from the core's impasse tally, and the rule applied to it by hand.
    const auto r = rule(data("shogi/elmo-vs-yaselmo-jishogi-declaration.csa"));
    BOOST_TEST(has(r.game.yaml, "declare: {by: sente, kind: impasse}"));
    BOOST_TEST(r.run.result.topic == "shogi.impasse");
    const auto record = core::record::read_csa_file(data("shogi/elmo-vs-yaselmo-jishogi-declaration.csa"));
    using BB = core::WideBitboard<2>;
    const auto def = core::load_game("shogi", (Root / "rulesets").string());
    core::BasicGame<BB> game(core::BasicPosition<BB>::start(def));
    for (const auto& m : record.moves) game.play(core::parse_usi(game.position(), m.move));
    BOOST_TEST(int(game.position().side_to_move()) == 0);
    const auto count = core::impasse_count(game.position(), core::first);
    const bool valid = count.royal_in_zone && count.pieces_in_zone >= 10 && count.points >= 28;
    BOOST_TEST(valid);  // the engine declared only a winning declaration, as the comment says
    BOOST_TEST(points(r.run, "sente") == (valid ? 1.0 : 0.0));
    BOOST_TEST(agree(r.game.recorded, r.run) == "null");  // %JISHOGI gives no score
}

BOOST_AUTO_TEST_CASE(floodgate_server_tests) {
    // rule-cases.yaml shogi-server-game-*: the outcomes the CSA reference server's tests expect, re-derived there.
    const std::string dir = data("shogi/floodgate/");
    // oute_sennichite: sente checks through the repetition: perpetual check, sente loses (winner gote).
    const auto o1 = rule(dir + "oute_sennichite.csa");
    BOOST_TEST(o1.run.result.topic == "shogi.perpetual_check");
    BOOST_TEST(points(o1.run, "gote") == 1.0);
    // oute_sennichite2: gote is the checker: sente wins.
    BOOST_TEST(points(rule(dir + "oute_sennichite2.csa").run, "sente") == 1.0);
    // oute_sennichite3: winner gote.
    BOOST_TEST(points(rule(dir + "oute_sennichite3.csa").run, "gote") == 1.0);
    // not_sennichite: no draw may be declared during the 90 moves: the game goes on.
    BOOST_TEST(rule(dir + "not_sennichite.csa").run.result.status == arbiter::procedure::Status::ongoing);
    // jishogi_kachi: gote sends %KACHI after move 315. Final SFEN (rule-cases.yaml)
    //   +P+P1+P+PK1+P1/8G/3+P+S+P+P+P+L/9/8+B/3g+s+r3/+p1+p+s1+p+p+p1/+r2+n+pk+p+p1/1+p7 w 2GNbs2n3l 316
    //   gote's zone = ranks g, h, i: rank g +p +p +s +p +p +p (6 pieces, 6 points); rank h +r +n +p k +p +p (5 pieces
    //   besides the king, 5 + 4 = 9 points); rank i +p (1). Hand b s 2n 3l = 5 + 1 + 2 + 3 = 11. Points 6 + 9 + 1 +
    //   11 = 27, pieces 12, king in the zone: gote needs 27 under CSA: valid, gote wins (the 2006 log said otherwise).
    //   Recorded: %KACHI is a claim of the win by gote: the ruling agrees.
    const auto kachi = rule(dir + "jishogi_kachi.csa");
    BOOST_TEST(has(kachi.game.yaml, "declare: {by: gote, kind: impasse}"));
    BOOST_TEST(kachi.run.result.topic == "shogi.impasse");
    BOOST_TEST(points(kachi.run, "gote") == 1.0);
    BOOST_TEST(agree(kachi.game.recorded, kachi.run) == "true");
    // The gps game ends "%TORYO" with sente to move: sente resigns, gote wins.
    const auto toryo = rule(dir + "wdoor+floodgate-900-0+gps_normal+gps_l+20100507120007.csa");
    BOOST_TEST(has(toryo.game.yaml, "time_control: \"900\""));  // floodgate-900-0: 900 s, no byoyomi
    BOOST_TEST(points(toryo.run, "gote") == 1.0);
    BOOST_TEST(agree(toryo.game.recorded, toryo.run) == "true");
}

BOOST_AUTO_TEST_CASE(what_an_arbiter_adds_to_an_imported_record) {
    const std::string dir = data("shogi/floodgate/");
    // uchifuzume: the record stops before gote's -0064FU (P*6d), a pawn-drop mate. Added by hand after the last
    // move, CSA 反則 rules it at once (no point-out rule): gote loses.
    auto uchi = rule(dir + "uchifuzume.csa");
    BOOST_TEST(uchi.run.result.status == arbiter::procedure::Status::ongoing);
    const auto illegal = rule_text(uchi.game.yaml + "  - {at: \"0:16:13\", move: P*6d}\n", "csa-computer-shogi");
    BOOST_TEST(illegal.result.status == arbiter::procedure::Status::ended);
    BOOST_TEST(points(illegal, "sente") == 1.0);
    // not_uchifuzume: gote's next drop -0092FU (P*9b) is legal: the game goes on.
    auto fine = rule(dir + "not_uchifuzume.csa");
    // Added at the record's last instant: later, gote's clock (900 s, no byoyomi) could reach zero, and the CSA
    // server's flag rule ends a game at zero by itself.
    const auto last_at = fine.game.yaml.rfind("at: \"");
    BOOST_REQUIRE(last_at != std::string::npos);
    const std::string instant = fine.game.yaml.substr(last_at + 5, fine.game.yaml.find('"', last_at + 5) - last_at - 5);
    BOOST_TEST(rule_text(fine.game.yaml + "  - {at: \"" + instant + "\", move: P*9b}\n", "csa-computer-shogi").result.status ==
               arbiter::procedure::Status::ongoing);
    // max_moves_draw: 256 plies. csa-computer-shogi's limit is 320 (recent championships): the game goes on. The
    // server that played it drew at 256 (floodgate, as the rulebook notes); the event sets it: a draw at ply 256.
    auto max = rule(dir + "max_moves_draw.csa");
    BOOST_TEST(max.run.result.status == arbiter::procedure::Status::ongoing);
    std::string edited = max.game.yaml;
    const std::string book = "rulebook: csa-computer-shogi, ";
    BOOST_REQUIRE(edited.find(book) != std::string::npos);
    edited.insert(edited.find(book) + book.size(), "set: {shogi.max_moves.moves: 256}, ");
    const auto drawn = rule_text(edited, "csa-computer-shogi");
    BOOST_TEST(drawn.result.topic == "shogi.max_moves");
    BOOST_TEST(points(drawn, "sente") == 0.5);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(real_othello_records_are_ruled_from_the_file)

BOOST_AUTO_TEST_CASE(ggf_games) {
    const std::string file = data("othello/ggs-games-from-nboard-ggf-test.ggf");
    // Game 1 (Saio1200-Saio3000, RE[+0.000]): a forced B[pass], ends 32-32. JOA: a tie goes to the holder of the
    // draw-win right, which no record holds: pending, so nothing to compare with the recorded draw.
    const auto g1 = rule(file, 1);
    BOOST_TEST(g1.run.result.status == arbiter::procedure::Status::pending);
    BOOST_TEST(g1.game.recorded.score.at("black") == 0.5);
    BOOST_TEST(agree(g1.game.recorded, g1.run) == "null");
    // Game 2 (komi game, KM[-0.500], RE[+8.500]): the board's count is black +8 (36-28); the rulebook counts discs
    // only: black wins, as recorded.
    const auto g2 = rule(file, 2);
    BOOST_TEST(points(g2.run, "black") == 1.0);
    BOOST_TEST(agree(g2.game.recorded, g2.run) == "true");
    // Game 3 (synchro random 19-disc start, white to move, RE[+8.000]): black wins.
    const auto g3 = rule(file, 3);
    BOOST_TEST(has(g3.game.yaml, "start: {board: "));
    BOOST_TEST(points(g3.run, "black") == 1.0);
}

BOOST_AUTO_TEST_CASE(woc_final_transcript) {
    // WOC 2007 final game 1, 60 moves, no passes: the board fills, 35-29 for black (Nicolet), as the file's comment
    // says. JOA: more discs wins; no empty squares to give: black wins.
    const auto r = rule(data("othello/woc2007-final-game1-nicolet-tominaga.txt"));
    BOOST_TEST(r.game.format == RecordFormat::othello_transcript);
    BOOST_TEST(points(r.run, "black") == 1.0);
    bool counted = false;
    for (const auto& ruling : r.run.rulings)
        for (const auto& e : ruling.effects)
            if (e.value("effect", "") == "count") {
                counted = true;
                BOOST_TEST(e["score"]["black"] == 35);
                BOOST_TEST(e["score"]["white"] == 29);
            }
    BOOST_TEST(counted);
}

BOOST_AUTO_TEST_CASE(wthor_databases) {
    // WTHOR leaves passes out; they are added where a side has no placement. SOURCES.md: every game's recorded score
    // follows "empties to the winner" (joa-othello-2014), so every decided game agrees; a recorded 32 is a tie,
    // which JOA leaves to the draw-win right (pending): not comparable, never a disagreement.
    for (const char* name : {"othello/WTH_1977.wtb", "othello/WTH_1978.wtb", "othello/WTH_2013.wtb"}) {
        const auto record = RecordFile::open(data(name));
        const int expected_games = std::string(name).find("1977") != std::string::npos   ? 12
                                   : std::string(name).find("1978") != std::string::npos ? 8
                                                                                         : 2303;
        BOOST_TEST(record.games() == expected_games);
        static Runner runner(library());
        int disagreements = 0, ties = 0;
        for (int n = 1; n <= record.games(); ++n) {
            const auto game = record.game(n, library());
            const auto run = runner.run(record_timeline(game, library()), *library().find(game.rulebook));
            const auto a = agrees(game.recorded, run);
            if (!a) {
                ++ties;
                BOOST_TEST(game.recorded.score.at("black") == 0.5);
            } else if (!*a) {
                ++disagreements;
            }
        }
        BOOST_TEST(disagreements == 0, name);
        if (expected_games == 12) BOOST_TEST(ties == 0);
    }
}

BOOST_AUTO_TEST_CASE(wthor_passes_are_added) {
    // WTH_2013.wtb game 0 (here game 1), as the shared data's independent decode (wthor-decoded.tsv) gives it: 60
    // moves, one pass (implicit in WTHOR), final 26-38 with no empty square, recorded black discs 26. The timeline
    // holds the 60 moves and the one pass the replay adds; JOA: white has more discs and wins, as recorded.
    const auto r = rule(data("othello/WTH_2013.wtb"), 1);
    int passes = 0, moves = 0;
    for (std::size_t at = r.game.yaml.find("move: "); at != std::string::npos; at = r.game.yaml.find("move: ", at + 1)) {
        ++moves;
        passes += r.game.yaml.compare(at, 10, "move: pass") == 0;
    }
    BOOST_TEST(moves == 61);
    BOOST_TEST(passes == 1);
    BOOST_TEST(points(r.run, "white") == 1.0);
    bool counted = false;
    for (const auto& ruling : r.run.rulings)
        for (const auto& e : ruling.effects)
            if (e.value("effect", "") == "count") {
                counted = true;
                BOOST_TEST(e["score"]["black"] == 26);
                BOOST_TEST(e["score"]["white"] == 38);
            }
    BOOST_TEST(counted);
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(bad_records_are_errors_with_file_game_and_ply)

BOOST_AUTO_TEST_CASE(each_bad_record) {
    // Each names the file and line (or byte), and for a move or a clock the game and the ply.
    const std::string dir = data("games/bad/");
    BOOST_TEST(has(conversion_error(dir + "truncated.pgn"), "truncated.pgn:6:"));
    // The byte 0xfc (Latin-1 "ü") of '[White "Müller' is character 10 of line 2.
    BOOST_TEST(has(conversion_error(dir + "latin1.pgn"), "latin1.pgn:2:10:"));
    // Game 2 of the file: 1.e4 e5 2.Ke3 (the king cannot reach e3 from e1): ply 3.
    BOOST_TEST(has(conversion_error(dir + "illegal-move-game-2.pgn", 2), "game 2, ply 3"));
    BOOST_TEST(conversion_error(dir + "illegal-move-game-2.pgn", 1).empty());
    // 180+0: Black's reading goes from 2:57 to 2:59 on ply 4 with nothing to add: one clock glitch is a warning
    // naming the game and the ply (the move taken as no time used), not a refusal of the game.
    BOOST_TEST(conversion_error(dir + "clock-goes-up.pgn").empty());
    const auto glitch = rule(dir + "clock-goes-up.pgn");
    BOOST_REQUIRE_EQUAL(glitch.game.warnings.size(), 1u);
    BOOST_TEST(has(glitch.game.warnings[0].en, "game 1: ply 4: [%clk 0:02:59]"));
    BOOST_TEST(has(conversion_error(dir + "binary.pgn"), "binary data"));
    BOOST_TEST(has(conversion_error(dir + "truncated.wtb"), "truncated.wtb"));
    // Gote's bishop drop on 5e (ply 6) after sente's bishop already stands there.
    BOOST_TEST(has(conversion_error(dir + "illegal-drop.kif"), "game 1, ply 6"));
    // Sente drops a pawn on file 5, where his pawn on 5g still stands (nifu), at ply 13.
    BOOST_TEST(has(conversion_error(dir + "nifu.csa"), "game 1, ply 13"));
    BOOST_TEST(has(conversion_error(dir + "wrong-encoding-euc-jp.kif"), "neither UTF-8 nor Shift_JIS"));
    BOOST_TEST(has(conversion_error(data("chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn"), 2), "holds 1 game"));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(record_clocks_and_endings_become_entries)

namespace {

Ruled rule_bytes(const std::string& bytes, const std::string& name, int number = 1, const std::string& book = {}) {
    static Runner runner(library());
    const auto record = RecordFile::read(bytes, name);
    auto game = record.game(number, library(), book);
    auto run = runner.run(record_timeline(game, library()), *library().find(game.rulebook));
    return {std::move(game), std::move(run)};
}

std::string read_error(const std::string& bytes, const std::string& name) {
    try {
        const auto record = RecordFile::read(bytes, name);
        (void)record_timeline(record.game(1, library()), library());
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

BOOST_AUTO_TEST_CASE(pgn_emt_and_increment) {
    // 300+5, [%emt] on every ply: 3, 4, 10, 2, 6, 20, 1 s. Instants are the running sums: 0:03, 0:07, 0:17, 0:19,
    // 0:25, 0:45, 0:46 (4.Qxf7#, a mate: 1-0, FIDE 2009 5.1a; nothing added for the ending).
    // Clocks: White used 3 + 10 + 6 + 1 = 20 s and gained 4 x 5 s: 5:00. Black used 4 + 2 + 20 = 26 s, gained 15 s:
    // 4:49.
    const auto r = rule_bytes("[Event \"emt\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[TimeControl \"300+5\"]\n\n"
                              "1. e4 {[%emt 0:00:03]} e5 {[%emt 0:00:04]} 2. Qh5 {[%emt 0:00:10]} Nc6 {[%emt 0:00:02]} "
                              "3. Bc4 {[%emt 0:00:06]} Nf6 {[%emt 0:00:20]} 4. Qxf7# {[%emt 0:00:01]} 1-0\n",
                              "emt.pgn");
    BOOST_TEST(has(r.game.yaml, "{at: \"0:00:45\", move: \"Nf6\"}"));
    BOOST_TEST(has(r.game.yaml, "{at: \"0:00:46\", move: \"Qxf7#\"}"));
    BOOST_TEST(r.run.result.topic == "result.checkmate");
    BOOST_TEST(ms(r.run, "white") == 300000);
    BOOST_TEST(ms(r.run, "black") == 289000);
    BOOST_TEST(r.game.recorded.ending == "checkmate");
}

BOOST_AUTO_TEST_CASE(pgn_clock_readings_with_increment_and_a_resignation) {
    // 180+2. Time used = reading when the turn began + 2 - reading after: White 180 + 2 - 181 = 1; Black 180 + 2 - 179
    // = 3; White 181 + 2 - 175 = 8; Black 179 + 2 - 180 = 1; White 175 + 2 - 160 = 17. Instants 0:01, 0:04, 0:12,
    // 0:13, 0:30. 0-1 with no mate and Termination Normal: White resigned, at the last instant (Black to move).
    // FIDE 2009 5.1b: 0-1. Clocks: White 2:40; Black 3:00, his clock running since 0:30.
    const auto r = rule_bytes("[Event \"clk\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"0-1\"]\n[TimeControl \"180+2\"]\n"
                              "[Termination \"Normal\"]\n\n1. d4 {[%clk 0:03:01]} d5 {[%clk 0:02:59]} 2. c4 {[%clk 0:02:55]} "
                              "e6 {[%clk 0:03:00]} 3. Nc3 {[%clk 0:02:40]} 0-1\n",
                              "clk.pgn");
    BOOST_TEST(has(r.game.yaml, "{at: \"0:00:12\", move: \"c4\"}"));
    BOOST_TEST(has(r.game.yaml, "{at: \"0:00:30\", resign: white}"));
    BOOST_TEST(r.run.result.topic == "result.resignation");
    BOOST_TEST(points(r.run, "black") == 1.0);
    BOOST_TEST(ms(r.run, "white") == 160000);
    BOOST_TEST(ms(r.run, "black") == 180000);
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");
}

BOOST_AUTO_TEST_CASE(pgn_second_game_drawn_by_repetition) {
    // Game 2: the knights go out and back twice; after 4...Ng8 the start position stands for the third time with
    // White to move, so the 1/2-1/2 is White's repetition claim (FIDE 2009 9.2), not an agreement.
    const std::string pgn = "[Event \"one\"]\n[Result \"*\"]\n\n1. e4 *\n\n[Event \"two\"]\n[Result \"1/2-1/2\"]\n\n"
                            "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2\n";
    const auto first = rule_bytes(pgn, "two.pgn", 1);
    BOOST_TEST(first.game.count == 2);
    BOOST_TEST(first.game.recorded.ending == "unknown");
    BOOST_TEST(agree(first.game.recorded, first.run) == "null");
    const auto r = rule_bytes(pgn, "two.pgn", 2);
    BOOST_TEST(has(r.game.yaml, "claim: {by: white, kind: repetition}"));
    BOOST_TEST(r.run.result.topic == "draw.repetition");
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");
}

BOOST_AUTO_TEST_CASE(pgn_draw_claimed_with_the_announced_move) {
    // The record stops one ply earlier: after 4.Ng1 the position with Black to move has stood twice (after 2.Ng1 and
    // 4.Ng1); only 4...Ng8 would bring the start position a third time. A 1/2-1/2 there is Black's claim announcing
    // that move (FIDE 2009 9.2a: the move is written, not played): a claim without it would be found incorrect.
    const auto r = rule_bytes("[Event \"x\"]\n[Result \"1/2-1/2\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 1/2-1/2\n",
                              "announced.pgn");
    BOOST_TEST(has(r.game.yaml, "claim: {by: black, kind: repetition, move: \"Ng8\"}"), r.game.yaml);
    BOOST_TEST(r.game.recorded.ending == "repetition");
    BOOST_TEST(r.run.result.topic == "draw.repetition");
    BOOST_TEST(r.run.result.article == "9.2a");
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");

    // The move rule the same way (9.3a): the FEN's halfmove clock is 98; 80.Ra2 makes it 99 with Black to move, so
    // any king move of Black's completes the 100 plies. The first in generation order is announced.
    const auto f = rule_bytes("[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/4k3/8/8/4K3/8/R7 w - - 98 80\"]\n"
                              "[Result \"1/2-1/2\"]\n\n80. Ra2 1/2-1/2\n",
                              "fifty.pgn");
    BOOST_TEST(has(f.game.yaml, "claim: {by: black, kind: fifty_moves, move: \"K"), f.game.yaml);
    BOOST_TEST(f.game.recorded.ending == "fifty_moves");
    BOOST_TEST(agree(f.game.recorded, f.run) == "true");
}

BOOST_AUTO_TEST_CASE(pgn_first_reading_above_the_base_time_is_a_warning) {
    // 60+0, White's first reading 0:01:02 is above the 60 s a player starts with (a clock set by hand, say): taken
    // as no time used, with a warning naming the ply. Black's 0:00:58 after his first move: 2 s, at 0:00:02.
    // White's next reading 0:00:55 counts from the 60 s the clock shows: 5 s, at 0:00:07. No result: nothing added.
    const auto r = rule_bytes("[Event \"x\"]\n[TimeControl \"60+0\"]\n[Result \"*\"]\n\n"
                              "1. e4 {[%clk 0:01:02]} e5 {[%clk 0:00:58]} 2. Nf3 {[%clk 0:00:55]} *\n",
                              "above.pgn");
    BOOST_REQUIRE(r.game.warnings.size() == 1u);
    BOOST_TEST(has(r.game.warnings[0].en, "ply 1"));
    BOOST_TEST(has(r.game.warnings[0].en, "above"));
    // In Japanese a chess ply is named as the score sheet numbers it: White's first move.
    BOOST_TEST(has(r.game.warnings[0].ja, "第1局、白の1手目：時計の記録 [%clk 0:01:02]"), r.game.warnings[0].ja);
    BOOST_TEST(has(r.game.yaml, "{at: \"0:00:00\", move: \"e4\"}"));
    BOOST_TEST(has(r.game.yaml, "{at: \"0:00:02\", move: \"e5\"}"));
    BOOST_TEST(has(r.game.yaml, "{at: \"0:00:07\", move: \"Nf3\"}"));
    BOOST_TEST(r.run.result.status == arbiter::procedure::Status::ongoing);
}

BOOST_AUTO_TEST_CASE(pgn_with_a_byte_order_mark_and_crlf) {
    // 1.f3 e5 2.g4 Qh4#: Black mates on ply 4 (FIDE 2009 5.1a, 0-1), in a file saved with a BOM and CRLF lines.
    const auto r = rule_bytes("\xEF\xBB\xBF[Event \"x\"]\r\n[Result \"0-1\"]\r\n\r\n1. f3 e5 2. g4 Qh4# 0-1\r\n", "bom.pgn");
    BOOST_TEST(r.run.result.topic == "result.checkmate");
    BOOST_TEST(points(r.run, "black") == 1.0);
}

BOOST_AUTO_TEST_CASE(time_controls_out_of_range_are_warnings) {
    // Numbers no clock can hold are not read (a warning; the event gets no control), never an overflow.
    const auto csa = rule_bytes("V2.2\n$TIME_LIMIT:99999999999999999999:00+00\nPI\n+\n+7776FU,T5\n", "big.csa");
    BOOST_TEST(csa.game.warnings.size() == 1u);
    BOOST_TEST(!has(csa.game.yaml, "time_control"));
    const auto kif = rule_bytes("手合割：平手\n持ち時間：99999999999999999時間\n手数----指手---------消費時間--\n   1 ７六歩(77)\n", "big.kif");
    BOOST_TEST(kif.game.warnings.size() == 1u);
}

BOOST_AUTO_TEST_CASE(pgn_from_a_position_and_variants) {
    // lichess "From Position": White Kg6 Qa7, Black Kh8, White to move: 1.Qg7 attacks h8; g8 and h7 are covered by
    // the queen (h7 by the king too) and the queen on g7 is guarded by the king: mate (FIDE 2009 5.1a, 1-0).
    const auto r = rule_bytes("[Event \"x\"]\n[Variant \"From Position\"]\n[SetUp \"1\"]\n"
                              "[FEN \"7k/Q7/6K1/8/8/8/8/8 w - - 0 1\"]\n[Result \"1-0\"]\n\n1. Qg7# 1-0\n",
                              "fen.pgn");
    BOOST_TEST(has(r.game.yaml, "start: {fen: \"7k/Q7/6K1/8/8/8/8/8 w - - 0 1\"}"));
    BOOST_TEST(r.run.result.topic == "result.checkmate");
    BOOST_TEST(points(r.run, "white") == 1.0);
    // Chess960 is a game file of its own ruled as chess (FIDE 2018 Guidelines II.1): the timeline names the variant.
    const auto c960 = rule_bytes("[Event \"x\"]\n[Variant \"Chess960\"]\n[Result \"*\"]\n\n1. e4 *\n", "960.pgn");
    BOOST_TEST(has(c960.game.yaml, "variant: chess960"));
    // A variant no game file reads is refused, naming it.
    const auto message = read_error("[Event \"x\"]\n[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n1. e4 *\n", "zh.pgn");
    BOOST_TEST(has(message, "zh.pgn:1:"));
    BOOST_TEST(has(message, "Crazyhouse"));
}

BOOST_AUTO_TEST_CASE(csa_time_up_is_a_flag_claim_when_the_flag_fell) {
    // $TIME_LIMIT:00:10+30: 10 minutes, then 30 s byoyomi. +7776FU in 5 s, -3334FU in 7 s, then %TIME_UP with sente
    // to move. Sente has 9:55 of main time from 0:00:12, then a 30 s period: the flag falls at 0:00:12 + 9:55 + 0:30
    // = 0:10:37, where gote's claim is placed. CSA 持ち時間: gote wins.
    const auto r = rule_bytes("V2.2\nN+A\nN-B\n$TIME_LIMIT:00:10+30\nPI\n+\n+7776FU,T5\n-3334FU,T7\n%TIME_UP\n", "t.csa");
    BOOST_TEST(has(r.game.yaml, "{at: \"0:10:37\", claim: {by: gote, kind: flag}}"));
    BOOST_TEST(r.run.result.topic == "clock.flag_fall");
    BOOST_TEST(points(r.run, "gote") == 1.0);
    BOOST_TEST(agree(r.game.recorded, r.run) == "true");
}

BOOST_AUTO_TEST_CASE(endings_the_record_does_not_hold_add_nothing) {
    const std::string moves = "V2.2\nN+A\nN-B\nPI\n+\n+7776FU,T5\n-3334FU,T7\n";
    // %CHUDAN: the game was stopped; no result to compare.
    const auto chudan = rule_bytes(moves + "%CHUDAN\n", "c.csa");
    BOOST_TEST(chudan.game.recorded.ending == "abort");
    BOOST_TEST(chudan.run.result.status == arbiter::procedure::Status::ongoing);
    BOOST_TEST(agree(chudan.game.recorded, chudan.run) == "null");
    // %ILLEGAL_MOVE with sente to move: sente lost by a move the record does not write. The timeline cannot show it:
    // the ruling stays ongoing, and the recorded loss is not comparable (never a disagreement), with a warning;
    // nothing is invented.
    const auto illegal = rule_bytes(moves + "%ILLEGAL_MOVE\n", "i.csa");
    BOOST_TEST(illegal.game.recorded.by == "sente");
    BOOST_TEST(illegal.run.result.status == arbiter::procedure::Status::ongoing);
    BOOST_TEST(agree(illegal.game.recorded, illegal.run) == "null");
    BOOST_TEST(illegal.game.recorded.not_comparable == "lost by an illegal move the record does not hold");
    BOOST_TEST(illegal.game.warnings.size() == 1u);
    // A KIF that says 千日手 after three moves: no position has repeated, so the rulebook does not end the game.
    const auto kif = rule_bytes("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 千日手\n",
                                "s.kif");
    BOOST_TEST(kif.game.recorded.ending == "sennichite");
    BOOST_TEST(kif.run.result.status == arbiter::procedure::Status::ongoing);
    BOOST_TEST(agree(kif.game.recorded, kif.run) == "false");
}

BOOST_AUTO_TEST_CASE(agreements_and_resignations_where_a_rulebook_has_no_rule) {
    // CSA %HIKIWAKE becomes an accepted offer (by the last mover, gote); GGF RE[-64.000:r] black's resignation at the
    // sum of the move times 1.5 + 2 + 1 = 4.5 s. csa-computer-shogi has no draw.agreement rule and joa-othello-2014 no
    // result.resignation rule: the runner notes that nothing follows, so both stay ongoing, rather than a ruling being
    // made up; the rulebook neither confirms nor refutes the recorded result, so it is not comparable (a disagreement
    // would have no article to cite).
    const auto draw = rule_bytes("V2.2\nN+A\nN-B\nPI\n+\n+7776FU,T5\n-3334FU,T7\n%HIKIWAKE\n", "h.csa");
    BOOST_TEST(has(draw.game.yaml, "offer: {by: gote, kind: draw}"));
    BOOST_TEST(has(draw.game.yaml, "accept: sente"));
    BOOST_TEST(draw.run.result.status == arbiter::procedure::Status::ongoing);
    BOOST_TEST(arbiter::procedure::rulebook_has_no_rule(draw.run));
    BOOST_TEST(agree(draw.game.recorded, draw.run) == "null");
    const auto resign = rule_bytes("(;GM[Othello]PC[test]PB[a]PW[b]TI[5:00]TY[8]RE[-64.000:r]BO[8 -------- -------- -------- "
                                   "---O*--- ---*O--- -------- -------- -------- *]B[f5//1.5]W[d6//2]B[c3//1];)\n",
                                   "r.ggf");
    BOOST_TEST(has(resign.game.yaml, "{at: \"0:00:04.500\", resign: black}"));
    BOOST_TEST(resign.game.recorded.score.at("white") == 1.0);
    BOOST_TEST(agree(resign.game.recorded, resign.run) == "null");
}

BOOST_AUTO_TEST_CASE(kif_illegal_last_move_is_held_and_pointed_out) {
    // 1.７六歩 ３四歩 2.７五歩 ３五歩 3.７四歩 ３六歩 4.同歩 (sente takes the pawn on 3f: a pawn in hand, his own pawn now on
    // 3f) ８四歩 5.３五歩打: a second sente pawn on file 3 (nifu), then "反則勝ち": gote wins by sente's illegal move.
    // The move is held as written and gote points it out. CSA 反則: an illegal move loses at once. Kyushu (5): pointed
    // out during the game and established, the offender loses. Both: gote wins, as recorded.
    const std::string kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/)\n   2 ３四歩(33)   ( 0:01/)\n"
                            "   3 ７五歩(76)   ( 0:01/)\n   4 ３五歩(34)   ( 0:01/)\n   5 ７四歩(75)   ( 0:01/)\n"
                            "   6 ３六歩(35)   ( 0:01/)\n   7 同　歩(37)   ( 0:01/)\n   8 ８四歩(83)   ( 0:01/)\n"
                            "   9 ３五歩打   ( 0:02/)\n  10 反則勝ち\n";
    for (const char* book : {"csa-computer-shogi", "kyushu-shogi-2006"}) {
        const auto r = rule_bytes(kif, "nifu.kif", 1, book);
        BOOST_TEST(has(r.game.yaml, "{at: \"0:00:10\", move: P*3e}"));
        BOOST_TEST(has(r.game.yaml, "claim: {by: gote, kind: illegal_move}"));
        BOOST_TEST(points(r.run, "gote") == 1.0, book);
        BOOST_TEST(agree(r.game.recorded, r.run) == "true", book);
        BOOST_TEST(r.game.warnings.empty());
    }
}

BOOST_AUTO_TEST_CASE(a_japanese_warning_numbers_chess_moves_from_the_start_position) {
    // Black to move at move 30 (a FEN start): the first ply is Black's 30th move, the second White's 31st.
    const auto r = rule_bytes("[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K3 b - - 0 30\"]\n"
                              "[TimeControl \"60+0\"]\n[Result \"*\"]\n\n30... Kd7 {[%clk 0:01:05]} 31. Kd2 {[%clk 0:01:01]} *\n",
                              "fen.pgn");
    BOOST_REQUIRE(r.game.warnings.size() == 2u);
    BOOST_TEST(has(r.game.warnings[0].en, "game 1: ply 1: "), r.game.warnings[0].en);
    BOOST_TEST(has(r.game.warnings[0].ja, "黒の30手目"), r.game.warnings[0].ja);
    BOOST_TEST(has(r.game.warnings[1].ja, "白の31手目"), r.game.warnings[1].ja);
}

BOOST_AUTO_TEST_CASE(kif_summary_line_and_other_endings) {
    const std::string head = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n";
    // 時間切れ with sente to move (ply 3): sente lost on time. No 持ち時間, so no clock can show the flag: the claim is
    // at the last instant with a warning, and the rulebook does not end the game (disagrees: nothing invented).
    const auto flag = rule_bytes(head + "   3 時間切れ\nまで2手で時間切れにより後手の勝ち\n", "t.kif");
    BOOST_TEST(flag.game.recorded.ending == "time_forfeit");
    BOOST_TEST(flag.game.recorded.by == "sente");
    BOOST_TEST(flag.run.result.status == arbiter::procedure::Status::ongoing);
    BOOST_TEST(flag.game.warnings.size() == 1u);
    // 投了 at ply 3 (sente resigns) but the summary says sente won: the record contradicts itself: a warning, the
    // ending line's reading kept.
    const auto wrong = rule_bytes(head + "   3 投了\nまで2手で先手の勝ち\n", "w.kif");
    BOOST_TEST(points(wrong.run, "gote") == 1.0);
    BOOST_REQUIRE(wrong.game.warnings.size() == 1u);
    BOOST_TEST(has(wrong.game.warnings[0].en, "summary line"));
    // 持将棋 in a KIF: the players agreed the impasse: an offer by the last mover (gote), accepted; recorded a draw.
    const auto impasse = rule_bytes(head + "   3 持将棋\nまで2手で持将棋\n", "j.kif");
    BOOST_TEST(has(impasse.game.yaml, "offer: {by: gote, kind: draw}"));
    BOOST_TEST(impasse.game.recorded.score.at("sente") == 0.5);
}

BOOST_AUTO_TEST_CASE(csa_time_controls) {
    // floodgate event names: "-600-10F" 600 s with a 10 s increment (PGN form 600+10); "-900-0" 900 s.
    const std::string game = "PI\n+\n+7776FU\nT5\n%TORYO\n";
    BOOST_TEST(has(rule_bytes("V2\n$EVENT:wdoor+floodgate-600-10F+a+b+2020\n" + game, "a.csa").game.yaml, "time_control: \"600+10\""));
    BOOST_TEST(has(rule_bytes("V2\n$EVENT:wdoor+floodgate-900-0+a+b+2020\n" + game, "b.csa").game.yaml, "time_control: \"900\""));
    BOOST_TEST(has(rule_bytes("V2.2\n$TIME_LIMIT:01:30+60\n" + game, "c.csa").game.yaml,
                   "time_control: {time: 1h30min, byoyomi: {periods: 1, time: 1min}}"));
}

BOOST_AUTO_TEST_CASE(kif_time_used_that_goes_back_is_an_error) {
    // Sente's total goes from 0:00:07 (ply 1) to 0:00:05 (ply 3).
    const auto message = read_error("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:07/00:00:07)\n"
                                    "   2 ３四歩(33)   ( 0:05/00:00:05)\n   3 ２六歩(27)   ( 0:01/00:00:05)\n",
                                    "back.kif");
    BOOST_TEST(has(message, "back.kif:5:"));
    BOOST_TEST(has(message, "game 1, ply 3"));
}

BOOST_AUTO_TEST_CASE(a_replaced_default_rulebook_is_not_looked_up) {
    // A rulesets folder with the chess game and fide-2001 alone, not the game's default rulebook (fide-2009). An
    // audit under named rulebooks converts with `replaced` and never asks for the default (cli/cmd_audit.cpp then does
    // not read it): the game converts, its event naming the default as written. Without `replaced` the converter
    // looks the default up and refuses the game, naming the rulebook it lacks.
    const fs::path dir = fs::temp_directory_path() / ("arbiter-" + std::to_string(::getpid()) + "-replaced-default");
    fs::remove_all(dir);
    fs::create_directories(dir / "games");
    fs::create_directories(dir / "chess");
    fs::copy_file(Root / "rulesets/games/chess.yaml", dir / "games/chess.yaml");
    for (const char* f : {"fide-2001.yaml", "fide-2001.lua"})
        fs::copy_file(Root / "rulesets/chess" / f, dir / "chess" / f);
    const auto lib = rulebook::Library::open(dir);
    const auto record = RecordFile::read("[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
                                         "replaced.pgn");
    const RecordGame parts = record.game(1, lib, {}, true, true);
    BOOST_TEST(!parts.rulebook.empty());
    BOOST_TEST(!lib.find(parts.rulebook));  // the default is not in the folder
    BOOST_TEST(parts.parts.size() >= 7u);   // the seven moves, converted
    BOOST_TEST(lib.find("fide-2001") != nullptr);
    std::string refused;
    try {
        (void)record.game(1, lib, {}, true, false);
    } catch (const InputError& e) {
        refused = e.what();
    }
    BOOST_TEST(has(refused, "no rulebook \"" + parts.rulebook + "\""));
    fs::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace record_timeline_test
