// Records from public archives nobody tuned the readers to (chess.com player dumps, a floodgate server log, 81Dojo's
// byoyomi-only games, a Shogidokoro KIF), each read as it means: the excerpts are under tests/data/games/endings
// (SOURCES.md names each one's repository, path and commit); the expected values are worked in the comments.
#include "records/audit_game.h"
#include "records/audit_games.h"
#include "records/audit_summary.h"
#include "records/convert.h"
#include "records/record_timeline.h"
#include "records/record_words.h"

#include "core/record/csa.h"
#include "core/record/othello_records.h"
#include "records/bundled_rulebooks.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace real_archive_endings_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

const fs::path Root(ARBITER_SOURCE_DIR);
std::string data(const std::string& name) { return (Root / "tests/data/games/endings" / name).string(); }

using arbiter::test::library;
using arbiter::test::runner;

std::vector<audit::AuditedGame> audit_file(const std::string& file) {
    audit::GameStream stream({file});
    std::vector<audit::AuditedGame> out;
    for (audit::GameTask t; stream.next(t);) out.push_back(audit::audit_game(t, library(), runner(), {}));
    return out;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

struct Ruled {
    RecordGame game;
    Run run;
};

Ruled rule_bytes(const std::string& bytes, const std::string& name, const std::string& rulebook = {}) {
    const auto record = RecordFile::read(bytes, name);
    RecordGame game = record.game(1, library(), rulebook);
    const Timeline timeline = record_timeline(game, library());
    game.warnings.insert(game.warnings.end(), timeline.event.declared_aside.begin(), timeline.event.declared_aside.end());
    Run run = runner().run(timeline, *library().find(game.rulebook));
    return {std::move(game), std::move(run)};
}

bool any_warning_has(const std::vector<rulebook::Text>& warnings, const std::string& part) {
    for (const auto& w : warnings)
        if (w.en.find(part) != std::string::npos) return true;
    return false;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(real_archive_endings)

BOOST_AUTO_TEST_CASE(a_floodgate_log_that_writes_its_ending_twice_is_read) {
    // shogi-server logs the client's declaration with its comment ("%KACHI,'* -5000 win"), the time "T10", then
    // its own "%KACHI": one ending, not a second. 400 moves (grep -c '^[+-][0-9]' counts 400 move lines); after
    // gote's 400th move sente is to move, and %KACHI is a declaration by the side to move (CSA protocol): sente
    // claims the win, as the log's 'summary:kachi:aobazero win line says (aobazero is N+, sente).
    const auto r = core::record::read_csa(slurp(data("floodgate-aobazero-viper-2020-kachi-twice.csa")), "f.csa");
    BOOST_TEST(r.moves.size() == 400u);
    BOOST_TEST(r.termination == core::record::Termination::impasse);
    BOOST_TEST(r.termination_text == "%KACHI");
    BOOST_TEST(r.terminated_by == 0);
    const auto games = audit_file(data("floodgate-aobazero-viper-2020-kachi-twice.csa"));
    BOOST_REQUIRE_EQUAL(games.size(), 1u);
    BOOST_REQUIRE(!games[0].error);
    BOOST_TEST(games[0].plies == 400);
    BOOST_TEST(games[0].recorded.ending == "declaration");
    BOOST_TEST(games[0].recorded.by == "sente");
    BOOST_TEST(games[0].recorded.score.at("sente") == 1.0);
    // Another word after the ending still contradicts it: refused at its line.
    std::string other = slurp(data("floodgate-aobazero-viper-2020-kachi-twice.csa"));
    const auto second = other.rfind("%KACHI\n");
    BOOST_REQUIRE(second != std::string::npos);
    other.replace(second, 6, "%TORYO");
    BOOST_CHECK_EXCEPTION(core::record::read_csa(other, "f.csa"), InputError,
                          [](const InputError& e) { return e.message().find("a second ending") != std::string::npos; });
}

BOOST_AUTO_TEST_CASE(a_floodgate_max_moves_header_is_the_move_limit_the_game_was_played_under) {
    // shogi-server writes the move limit it ran the game under as the comment 'Max_Moves:512 (its game.rb, propose),
    // and ends a game as %MAX_MOVES when a move brings the count of moves to it (board.rb: max_moves > 0 and
    // move_count >= max_moves; 0 is no limit). shogi.yaml's records.settings maps the header to
    // shogi.max_moves.moves, which csa-computer-shogi lets an event set (event_may_set, at least 1).
    const std::string file = data("floodgate-aobazero-viper-2020-kachi-twice.csa");
    const std::string bytes = slurp(file);
    // The record's 400 moves are under its 512: no limit is reached, and sente's declaration after move 400 is
    // ruled (the server accepted it: %KACHI, 'summary:kachi:aobazero win). Under the rulebook's own 320 the game
    // would have been drawn at move 320.
    const auto played = rule_bytes(bytes, "f.csa");
    BOOST_TEST(played.game.yaml.find("declared: {\"shogi.max_moves.moves\": \"512\"}") != std::string::npos);
    BOOST_TEST(played.game.warnings.empty());
    BOOST_TEST(played.run.result.topic != "shogi.max_moves");
    BOOST_TEST((played.run.result.score && (*played.run.result.score)[0] == 1.0));
    BOOST_REQUIRE(agrees(played.game.recorded, played.run).has_value());
    BOOST_TEST(*agrees(played.game.recorded, played.run));
    // The audit reads it the same way (its own reading of the head).
    const auto games = audit_file(file);
    BOOST_REQUIRE_EQUAL(games.size(), 1u);
    BOOST_REQUIRE(!games[0].error);
    BOOST_REQUIRE_EQUAL(games[0].rulings.size(), 1u);
    BOOST_TEST(games[0].rulings[0].topic == played.run.result.topic);
    BOOST_TEST((games[0].rulings[0].agrees == std::optional<bool>(true)));
    // Without the header the rulebook's limit rules: 320 < 400, a draw at move 320, against the record's win.
    const auto line = bytes.find("'Max_Moves:512\n");
    BOOST_REQUIRE(line != std::string::npos);
    std::string without = bytes;
    without.erase(line, std::string("'Max_Moves:512\n").size());
    const auto own_limit = rule_bytes(without, "f.csa");
    BOOST_TEST(own_limit.game.yaml.find("declared") == std::string::npos);
    BOOST_TEST(own_limit.run.result.topic == "shogi.max_moves");
    BOOST_TEST((own_limit.run.result.score && (*own_limit.run.result.score)[0] == 0.5));
    BOOST_TEST(!*agrees(own_limit.game.recorded, own_limit.run));
    // A limit the record states below 400 (256, floodgate's older one) draws the game at move 256 likewise.
    std::string older = bytes;
    older.replace(line, std::string("'Max_Moves:512").size(), "'Max_Moves:256");
    BOOST_TEST(rule_bytes(older, "f.csa").run.result.topic == "shogi.max_moves");
    // 'Max_Moves:0 (shogi-server: no limit) is outside what the rulebook lets an event set (at least 1): left aside
    // with a warning, and the rulebook's 320 rules.
    std::string unlimited = bytes;
    unlimited.replace(line, std::string("'Max_Moves:512").size(), "'Max_Moves:0");
    const auto aside = rule_bytes(unlimited, "f.csa");
    BOOST_TEST(any_warning_has(aside.game.warnings, "left aside: csa-computer-shogi"));
    BOOST_TEST(aside.run.result.topic == "shogi.max_moves");
    // A rulebook that fixes its limit (jsa-pro-2019: 500, no event may set it) keeps it, with the warning.
    const auto fixed = rule_bytes(bytes, "f.csa", "jsa-pro-2019");
    BOOST_TEST(any_warning_has(fixed.game.warnings, "left aside: jsa-pro-2019"));
    BOOST_TEST(fixed.run.result.topic != "shogi.max_moves");
}

BOOST_AUTO_TEST_CASE(an_81dojo_move_written_at_the_byoyomi_was_within_it) {
    // 5分+30秒. Gote's moves before 108 add up to more than 300 s (the 5 minutes), so from there gote plays in
    // byoyomi, 30 s a move; moves 108 (３八歩成) and 190 (７七金打) are written 0:30 and the game goes on to gote's
    // Time-up at 194. 81Dojo's whole seconds thus hold a move made within the 30th second: no flag before the end,
    // and the record's ending, gote's flag (sente wins), is the ruling.
    // (The game is also mogproject/mog-core-scala@a7898292 jvm/src/test/resources/kif/game/002.kif, the same moves
    // and times: two public copies.)
    const std::string bytes = slurp((Root / "tests/data/shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif").string());
    const auto ruled = rule_bytes(bytes, "d.kif");
    BOOST_TEST(!any_warning_has(ruled.game.warnings, "time is used up"));
    BOOST_TEST(ruled.game.recorded.ending == "time_forfeit");
    BOOST_TEST(ruled.game.recorded.by == "gote");
    BOOST_TEST((ruled.run.result.score && (*ruled.run.result.score)[0] == 1.0));
    BOOST_REQUIRE(agrees(ruled.game.recorded, ruled.run).has_value());
    BOOST_TEST(*agrees(ruled.game.recorded, ruled.run));
    // One second more at move 108 is past the byoyomi: the clock shows gote's flag there, and the record going on
    // is a warning at ply 108.
    std::string late = bytes;
    const auto at = late.find(" 108 ３八歩成(37)   ( 0:30/)");
    BOOST_REQUIRE(at != std::string::npos);
    late.replace(late.find("0:30", at), 4, "0:31");
    const auto flagged = rule_bytes(late, "d.kif");
    BOOST_TEST(any_warning_has(flagged.game.warnings, "ply 108: by the time control gote's time is used up"));
    // The same warning in Japanese, in shogi's words: the ply as 手目, gote by its name.
    BOOST_REQUIRE(!flagged.game.warnings.empty());
    BOOST_TEST(flagged.game.warnings[0].ja.find("第1局、108手目：") != std::string::npos, flagged.game.warnings[0].ja);
    BOOST_TEST(flagged.game.warnings[0].ja.find("後手の時間が切れている") != std::string::npos, flagged.game.warnings[0].ja);
}

BOOST_AUTO_TEST_CASE(a_byoyomi_only_control_is_read) {
    // 81Dojo's "0分+30秒": no main time, 30 seconds a move. Every move within 30 s: no warning, and gote's
    // resignation at ply 4 stands (sente wins, as recorded).
    const std::string head = "#KIF version=2.0 encoding=UTF-8\n場所：81Dojo\n持ち時間：0分+30秒\n手合割：平手\n"
                             "先手：a\n後手：b\n手数----指手---------消費時間--\n";
    const auto fine = rule_bytes(head + "1   ７六歩(77)   (0:29/0:0:29)\n2   ３四歩(33)   (0:12/0:0:12)\n"
                                        "3   ２六歩(27)   (0:20/0:0:49)\n4   投了   (0:3/0:0:15)\n",
                                 "fine.kif");
    BOOST_TEST(fine.game.warnings.empty());
    BOOST_TEST(fine.game.yaml.find("byoyomi") != std::string::npos, fine.game.yaml);
    BOOST_TEST(fine.run.result.topic == "result.resignation");
    BOOST_TEST(*agrees(fine.game.recorded, fine.run));
    // Sente's third move takes 35 s: the byoyomi of 30 s ran out 30 s into it (ply 3), and the record goes on to
    // gote's resignation. The control is read (no "cannot be read"), so the clock shows the flag: a warning at ply 3.
    const auto slow = rule_bytes(head + "1   ７六歩(77)   (0:29/0:0:29)\n2   ３四歩(33)   (0:12/0:0:12)\n"
                                        "3   ２六歩(27)   (0:35/0:1:4)\n4   投了   (0:3/0:0:15)\n",
                                 "slow.kif");
    BOOST_TEST(!any_warning_has(slow.game.warnings, "cannot be read"));
    BOOST_TEST(any_warning_has(slow.game.warnings, "ply 3"));
}

BOOST_AUTO_TEST_CASE(an_agreed_impasse_where_the_rulebook_has_no_agreement_is_not_comparable) {
    // Shogidokoro writes "持将棋" and "まで...で持将棋" when engines end an impasse; csa-computer-shogi knows only the
    // declaration (入玉宣言法), no agreement: nothing follows the record's agreement, so the game is not ended and the
    // recorded draw is neither confirmed nor refuted: not comparable, with the reason, rather than a disagreement
    // without an article.
    const std::string kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"
                            "   3 持将棋\nまで2手で持将棋\n";
    const auto r = rule_bytes(kif, "impasse.kif");
    BOOST_TEST(r.game.recorded.ending == "impasse_agreed");
    BOOST_TEST((r.run.result.status == Status::ongoing));
    BOOST_TEST(rulebook_has_no_rule(r.run));
    BOOST_TEST(!agrees(r.game.recorded, r.run).has_value());
    BOOST_TEST(recorded_line(r.game, r.run, rulebook::Lang::en, nullptr).find("the rulebook has no rule on the record") !=
               std::string::npos);
    // The audit's reason, in both languages.
    audit::AuditedGame g;
    g.recorded = r.game.recorded;
    audit::RulingOutcome o;
    o.status = Status::ongoing;
    BOOST_TEST(audit::not_comparable_reason(g, o, rulebook::Lang::en).find("no rule on the record's ending") !=
               std::string::npos);
    BOOST_TEST(audit::not_comparable_reason(g, o, rulebook::Lang::ja).find("規定がない") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_replay_after_sennichite_keeps_its_article_in_the_disagreement) {
    // Kyushu (3): fourfold repetition, the game is played again with colours exchanged: not ended, a real
    // disagreement with the recorded draw, and the audit names the rule that applied.
    audit::GameStream stream({(Root / "tests/data/shogi/shogidokoro-elmo-vs-yaselmo-sennichite.kif").string()});
    audit::GameTask t;
    BOOST_REQUIRE(stream.next(t));
    const auto g = audit::audit_game(t, library(), runner(), {"kyushu-shogi-2006"});
    BOOST_REQUIRE_EQUAL(g.rulings.size(), 1u);
    BOOST_TEST((g.rulings[0].status == Status::ongoing));
    BOOST_TEST(!*g.rulings[0].agrees);
    BOOST_TEST(g.rulings[0].article == "(3)");
}

BOOST_AUTO_TEST_CASE(chess_com_variants_and_odds_games_are_refused_by_name) {
    // A chess.com Crazyhouse game whose movetext drops a pawn as "@h6": refused for its Variant tag, as the
    // Crazyhouse games without a bare drop are, not at the drop's text.
    const auto zh = audit_file(data("chesscom-crazyhouse-drop.pgn"));
    BOOST_REQUIRE_EQUAL(zh.size(), 1u);
    BOOST_REQUIRE(zh[0].error);
    BOOST_TEST(zh[0].error->message().find("variant \"Crazyhouse\" is not a game this program rules") !=
               std::string::npos, zh[0].error->message());
    // An odds game from seven knights (FEN nnnnknnn/...): more knights than promotion could make, refused at the
    // game's FEN tag (its first line in the file), not at a line of the converted timeline.
    const auto odds = audit_file(data("chesscom-odds-seven-knights.pgn"));
    BOOST_REQUIRE_EQUAL(odds.size(), 1u);
    BOOST_REQUIRE(odds[0].error);
    BOOST_TEST(odds[0].error->message().find("game 1: FEN tag: impossible position") != std::string::npos,
               odds[0].error->message());
    BOOST_TEST(odds[0].error->where().file == data("chesscom-odds-seven-knights.pgn"));
    BOOST_TEST(odds[0].error->where().line == 1);
}

BOOST_AUTO_TEST_CASE(a_chess_com_resignation_before_the_first_move_is_a_resignation) {
    // Two chess.com live games of 2012 with no movetext, each "X won by resignation": game 1 0-1, White (cancer0707)
    // resigned before moving; game 2 1-0, Black (cancer0707) resigned with White to move. A resignation may come at
    // any time (FIDE 2009 5.1b): each is the record's resignation by the loser, and the rulebook ends the game so,
    // not "a result without any move" (a forfeit) as a bare result in a pairings archive is.
    const auto games = audit_file(data("chesscom-resigned-before-moving.pgn"));
    BOOST_REQUIRE_EQUAL(games.size(), 2u);
    const char* losers[] = {"white", "black"};
    for (std::size_t i = 0; i < 2; ++i) {
        BOOST_REQUIRE(!games[i].error);
        BOOST_TEST(games[i].plies == 0);
        BOOST_TEST(games[i].recorded.ending == "resignation");
        BOOST_TEST(games[i].recorded.by == losers[i]);
        BOOST_TEST(games[i].recorded.score.at(losers[i]) == 0.0);
        BOOST_REQUIRE_EQUAL(games[i].rulings.size(), 1u);
        BOOST_TEST(games[i].rulings[0].topic == "result.resignation");
        BOOST_TEST(games[i].rulings[0].article == "5.1b");
        BOOST_TEST((games[i].rulings[0].agrees == std::optional<bool>(true)));
    }
}

BOOST_AUTO_TEST_CASE(a_ggs_match_line_and_a_game_on_another_board_lose_no_game) {
    // Line 1: a 10x10 game (BO[10 ...]), which no rulebook here plays; line 2: a GGS synchro match as GGS's archives
    // write it, "2 (;...;)(;...;)": edax and Roxane from one random start, each with each colour, both RE[-10.000].
    // The 10x10 game is refused by itself (its line and column named) and the two games after it are read: white
    // wins each by 10 discs, as the board's count says (JOA 2014 14).
    const auto games = audit_file(data("ggs-synchro-match-and-10x10.ggf"));
    BOOST_REQUIRE_EQUAL(games.size(), 3u);
    BOOST_REQUIRE(games[0].error);
    BOOST_TEST(games[0].error->message().find("only 8x8 boards") != std::string::npos, games[0].error->message());
    BOOST_TEST(games[0].error->where().line == 1);
    for (std::size_t i : {1u, 2u}) {
        BOOST_REQUIRE(!games[i].error);
        BOOST_TEST(games[i].recorded.score.at("white") == 1.0);
        BOOST_REQUIRE_EQUAL(games[i].rulings.size(), 1u);
        BOOST_TEST((games[i].rulings[0].agrees == std::optional<bool>(true)));
    }
    // The match's number is checked against the games that follow it: one game where two are announced is refused.
    BOOST_CHECK_THROW(core::record::read_ggf("2 (;GM[Othello]RE[?]B[F5];)\n", "short.ggf"), InputError);
    BOOST_TEST(core::record::read_ggf("1 (;GM[Othello]RE[?]B[F5];)\n", "one.ggf").size() == 1u);
}

BOOST_AUTO_TEST_CASE(a_time_forfeit_in_a_record_without_a_time_control_is_not_comparable) {
    // A Kifu for Windows V7 KIF (Shift_JIS) with no 持ち時間 and every move timed 0:00: 14 moves, then 15 切れ負け
    // (sente, to move, lost on time; まで14手で時間切れにより後手の勝ち). Nothing in it says when a flag could fall,
    // so the ruling ("not ended": no clock ran out) is set against nothing: not comparable, with the reason, not
    // a disagreement.
    const auto games = audit_file(data("shogihome-time-up-no-control.sjis.kif"));
    BOOST_REQUIRE_EQUAL(games.size(), 1u);
    BOOST_REQUIRE(!games[0].error);
    BOOST_TEST(games[0].plies == 14);
    BOOST_TEST(games[0].recorded.ending == "time_forfeit");
    BOOST_TEST(games[0].recorded.score.at("gote") == 1.0);
    BOOST_TEST(games[0].recorded.not_comparable.find("states no time control") != std::string::npos,
               games[0].recorded.not_comparable);
    BOOST_REQUIRE_EQUAL(games[0].rulings.size(), 1u);
    BOOST_TEST(!games[0].rulings[0].agrees.has_value());
}

BOOST_AUTO_TEST_CASE(a_kif_byoyomi_header_and_a_second_ending_line) {
    // Kifu for Windows (as in a 叡王戦 record, mogproject/mog-core-scala@a7898292 kif/game/012.kif) writes the
    // byoyomi apart: 持ち時間：1分, 秒読み：30秒 here. Sente uses 50 s, then 25 s: 10 s of main time, then 15 s of a
    // 30 s byoyomi: in time. Read without the 秒読み header, the minute is spent 10 s into ply 3: a warning.
    const std::string moves = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:50/00:00:50)\n"
                              "   2 ３四歩(33)   ( 0:10/00:00:10)\n   3 ２六歩(27)   ( 0:25/00:01:15)\n"
                              "   4 投了   ( 0:05/00:00:15)\n";
    const auto both = rule_bytes("持ち時間：1分\n秒読み：30秒\n" + moves, "byo.kif");
    BOOST_TEST(both.game.warnings.empty());
    BOOST_TEST(both.run.result.topic == "result.resignation");
    BOOST_TEST(*agrees(both.game.recorded, both.run));
    const auto main_only = rule_bytes("持ち時間：1分\n" + moves, "main.kif");
    BOOST_TEST(any_warning_has(main_only.game.warnings, "ply 3"));
    // The same record with "5 中断" and まで4手で中断 after the resignation (the 叡王戦 record's 122 投了, 123 中断):
    // the resignation stands, the later line is passed over with a warning naming its line (9: two headers, 手合割, the column line, four moves).
    const auto twice = rule_bytes("持ち時間：1分\n秒読み：30秒\n" + moves + "   5 中断   ( 0:00/00:00:15)\nまで4手で中断\n",
                                  "twice.kif");
    BOOST_REQUIRE_EQUAL(twice.game.warnings.size(), 1u);
    BOOST_TEST(twice.game.warnings[0].en.find("line 9: a second ending line \"中断\" after \"投了\"") !=
               std::string::npos, twice.game.warnings[0].en);
    BOOST_TEST(twice.game.recorded.ending == "resignation");
    BOOST_TEST(*agrees(twice.game.recorded, twice.run));
    // A move after the ending line is still refused.
    BOOST_CHECK_THROW(rule_bytes("持ち時間：1分\n" + moves + "   5 ２五歩(26)\n", "move.kif"), InputError);
}

BOOST_AUTO_TEST_CASE(an_engine_match_time_control_in_decimals_is_read) {
    // cutechess-cli writes TimeControl "10+0.05" (python-chess's data/pgn/cutechess-fischerrandom.pgn, niklasf/
    // python-chess@9c24454d): 10 s and 50 ms a move. Read, rather than "cannot be read"; the increment is not whole
    // seconds, so the event writes the control in its units.
    const std::string pgn = "[Event \"x\"]\n[TimeControl \"10+0.05\"]\n[Result \"0-1\"]\n\n"
                            "1. f3 e5 2. g4 Qh4# 0-1\n";
    const auto r = rule_bytes(pgn, "tc.pgn");
    BOOST_TEST(r.game.warnings.empty());
    BOOST_TEST(r.game.yaml.find("time_control: {") != std::string::npos, r.game.yaml);
    BOOST_TEST(r.run.result.topic == "result.checkmate");
    // Not a time control in any reading: still a warning.
    const auto bad = rule_bytes("[Event \"x\"]\n[TimeControl \"10+0.0.5\"]\n[Result \"*\"]\n\n1. e4 *\n", "bad.pgn");
    BOOST_TEST(any_warning_has(bad.game.warnings, "cannot be read"));
}

BOOST_AUTO_TEST_CASE(a_lichess_reading_of_zero_seconds_is_time_left_within_the_second) {
    // A real lichess bullet game (30+0, 2018-02-26, https://lichess.org/snzJvwcH), verbatim: black's [%clk] reads
    // 0:00:00 after 37...Nf2+ (ply 74) and 38...Ne4 (ply 76), white's after 38.Kg1 (ply 75), and the game goes on
    // until white's flag (Termination "Time forfeit", 0-1). lichess writes whole seconds and ends a game when a flag
    // falls, so each zero is the last fraction of a second: no flag before the end, and the one flag is white's.
    // FIDE 2009 6.9: black (knight, bishop and pawns) can mate by some series of legal moves, so white loses.
    const std::string file = data("lichess-bullet-clock-at-zero-drdrunkenstein-larso-2018.pgn");
    const auto ruled = rule_bytes(slurp(file), "z.pgn");
    BOOST_TEST(!any_warning_has(ruled.game.warnings, "time is used up"));
    BOOST_TEST(ruled.game.recorded.ending == "time_forfeit");
    BOOST_TEST(ruled.game.recorded.by == "white");
    BOOST_TEST(ruled.run.result.topic == "clock.flag_fall");
    BOOST_TEST((ruled.run.result.score && (*ruled.run.result.score)[1] == 1.0));
    BOOST_REQUIRE(agrees(ruled.game.recorded, ruled.run).has_value());
    BOOST_TEST(*agrees(ruled.game.recorded, ruled.run));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace real_archive_endings_test
