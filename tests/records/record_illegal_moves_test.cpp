// An illegal move in a chess record (records/convert_pgn.cpp): written as made, pointed out at once by the opponent
// and ruled by the rulebook's illegal-move rule, in `run`, `import` and `audit`; the record is read on from the
// position before the illegal move (docs/RECORDS.md). The records are written here by hand; each expected ruling is
// worked from the FIDE articles in a comment.
#include "records/audit_game.h"
#include "records/audit_games.h"
#include "records/record_timeline.h"
#include "records/bundled_rulebooks.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace record_illegal_moves_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

using arbiter::test::library;

std::string pgn(const std::string& result, const std::string& moves, const std::string& extra_tags = {}) {
    return "[Event \"t\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"" + result + "\"]\n" + extra_tags + "\n" + moves +
           " " + result + "\n\n";
}

struct Ruled {
    RecordGame game;
    Run run;
};

Ruled rule(const std::string& text, const std::string& book) {
    static Runner runner(library());
    const auto record = RecordFile::read(text, "illegal.pgn");
    auto game = record.game(1, library(), book);
    const auto timeline = record_timeline(game, library());
    auto run = runner.run(timeline, *library().find(book));
    return {std::move(game), std::move(run)};
}

std::vector<audit::AuditedGame> audit_text(const std::string& text, const std::vector<std::string>& books) {
    static Runner runner(library());
    const fs::path file = fs::temp_directory_path() / "arbiter-record-illegal-moves-test.pgn";
    std::ofstream(file) << text;
    audit::GameStream stream({file.string()});
    std::vector<audit::AuditedGame> out;
    for (audit::GameTask t; stream.next(t);) out.push_back(audit::audit_game(t, library(), runner, books));
    fs::remove(file);
    return out;
}

// 2.Qh5 and 3.Qxf8??: the queen on h5 cannot reach f8 (f7 stands on its diagonal); the one queen is the piece.
const std::string queen_to_f8 = "1. e4 e5 2. Qh5 Nc6 3. Qxf8";

}  // namespace

BOOST_AUTO_TEST_SUITE(record_illegal_moves)

BOOST_AUTO_TEST_CASE(a_first_illegal_move_gives_the_opponent_two_minutes_under_fide_2009) {
    // 90 minutes sudden death, 10 seconds a move by the readings. White: e4 1:29:50, Qh5 1:29:40, Qxf8?? 1:29:30.
    // FIDE 2009 7.4a: the position before the irregularity is reinstated (White to move again, his clock running);
    // 7.4b: for the first illegal move the opponent gets two minutes: Black 1:29:40 -> 1:31:40. White then plays
    // 3.Qxf7+ (the record read on from the reinstated position), reading 1:29:20: 10 seconds.
    // 7.4a also applies 4.3 to the move replacing the illegal move: Qxf8 touched the queen and the f8 bishop, one
    // piece of each colour, so a second ruling binds White under 4.3c (the queen cannot take f8, so the queen, the
    // first piece touched, must move; Qxf7+ does).
    const auto text = pgn("*",
                          "1. e4 {[%clk 1:29:50]} e5 {[%clk 1:29:50]} 2. Qh5 {[%clk 1:29:40]} Nc6 {[%clk 1:29:40]} "
                          "3. Qxf8 {[%clk 1:29:30]} 3. Qxf7+ {[%clk 1:29:20]}",
                          "[TimeControl \"5400\"]\n");
    const auto r = rule(text, "fide-2009");
    BOOST_REQUIRE_EQUAL(r.run.rulings.size(), 2u);
    BOOST_TEST(r.run.rulings[0].topic == "move.illegal");
    BOOST_TEST(r.run.rulings[0].article == "7.4b");
    BOOST_TEST(r.run.rulings[0].by == "black");
    BOOST_TEST(r.run.rulings[1].topic == "move.touch");
    BOOST_TEST(r.run.rulings[1].article == "4.3c");
    BOOST_TEST((r.run.result.status == Status::ongoing));
    BOOST_TEST(r.run.clocks[0].count() == (89 * 60 + 20) * 1000);
    BOOST_TEST(r.run.clocks[1].count() == (91 * 60 + 40) * 1000);
    // `import` writes the move as made and the opponent's claim.
    BOOST_TEST(r.game.yaml.find("move: \"Qxf8\"") != std::string::npos);
    BOOST_TEST(r.game.yaml.find("claim: {by: black, kind: illegal_move}") != std::string::npos);
    BOOST_TEST(!r.game.warnings.empty());
}

BOOST_AUTO_TEST_CASE(a_move_leaving_the_king_in_check_is_taken_back) {
    // Fixture 26's game as a record: 3.Bb5+ Nf6?? leaves Black's king in check from b5 (illegal, FIDE 3.9/7.4a), the
    // pieces can make it; taken back, Black plays 3...c6. 7.4b: White +2 minutes (no clock here), game goes on.
    // 7.4a: 4.3 applies to the replacing move, so a second ruling binds Black to the g8 knight (4.3a); it has no
    // legal move out of the check (f6, h6, e7 do not block b5-e8), so any legal move is free (4.5) and c6 stands.
    const auto r = rule(pgn("*", "1. e4 e5 2. Nf3 d6 3. Bb5+ Nf6 3... c6"), "fide-2009");
    BOOST_REQUIRE_EQUAL(r.run.rulings.size(), 2u);
    BOOST_TEST(r.run.rulings[0].article == "7.4b");
    BOOST_TEST(r.run.rulings[0].by == "white");
    BOOST_TEST(r.run.rulings[1].topic == "move.touch");
    BOOST_TEST(r.run.rulings[1].article == "4.3a");
    BOOST_TEST((r.run.result.status == Status::ongoing));
}

BOOST_AUTO_TEST_CASE(the_record_goes_on_from_the_reinstated_position_to_its_mate) {
    // 3.Qh5 Nf6 4.Qxf8?? (f7 blocks the diagonal): 7.4b, Black +2 minutes; White plays again 4.Qxf7#, which mates
    // from the reinstated position (f7 covered by the c4 bishop): 5.1a, 1-0 as recorded. Between them, 7.4a's
    // 4.3 binds the replacing move to the queen (4.3c: queen and bishop touched, the queen cannot take f8); Qxf7#
    // moves the queen.
    const auto r = rule(pgn("1-0", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf8 4. Qxf7#"), "fide-2009");
    BOOST_REQUIRE_EQUAL(r.run.rulings.size(), 3u);
    BOOST_TEST(r.run.rulings[0].article == "7.4b");
    BOOST_TEST(r.run.rulings[1].article == "4.3c");
    BOOST_TEST(r.run.result.topic == "result.checkmate");
    BOOST_TEST(r.run.result.article == "5.1a");
    BOOST_TEST((agrees(r.game.recorded, r.run) == std::optional<bool>(true)));
}

BOOST_AUTO_TEST_CASE(a_second_illegal_move_loses_since_2014_and_not_in_2009) {
    // 3.Qxf8?? then, after 3.Qf3 Nf6, 4.Qxf8?? again (f3-f8 is blocked by f7): White's second illegal move.
    // FIDE 2014 7.5b: the second illegal move loses (Black can mate with his pieces): 0-1, as recorded.
    // FIDE 2009 7.4b: each of the first two illegal moves gives the opponent two minutes; only the third loses, so
    // the game is not lost by it (the record's 0-1 is then read as White's resignation, which the rulebook accepts).
    // After the first Qxf8 the replacing move is bound to the queen (2009 7.4a: 4.3 applies, as in the 2014 book; 4.3c,
    // queen and bishop touched): a ruling between the two illegal moves; after the second, 2014 ends the game.
    const auto text = pgn("0-1", queen_to_f8 + " 3. Qf3 Nf6 4. Qxf8");
    const auto r14 = rule(text, "fide-2014");
    // The Japanese warnings number the moves as the score sheet does: 3.Qxf8 is White's 3rd move, and the second
    // Qxf8 (ply 8, after the taken-back ply 5) White's 4th, not Black's.
    BOOST_REQUIRE_EQUAL(r14.game.warnings.size(), 2u);
    BOOST_TEST(r14.game.warnings[0].ja.find("白の3手目") != std::string::npos);
    BOOST_TEST(r14.game.warnings[1].ja.find("白の4手目") != std::string::npos);
    BOOST_REQUIRE_EQUAL(r14.run.rulings.size(), 3u);
    BOOST_TEST(r14.run.rulings[1].article == "4.3c");
    BOOST_TEST(r14.run.result.article == "7.5b");
    BOOST_REQUIRE(r14.run.result.score);
    BOOST_TEST((*r14.run.result.score)[1] == 1.0);
    const auto r09 = rule(text, "fide-2009");
    BOOST_REQUIRE(r09.run.rulings.size() >= 3u);
    BOOST_TEST(r09.run.rulings[0].article == "7.4b");
    BOOST_TEST(r09.run.rulings[1].article == "4.3c");
    BOOST_TEST(r09.run.rulings[2].article == "7.4b");
}

BOOST_AUTO_TEST_CASE(an_audit_counts_the_game_and_names_a_text_it_cannot_read) {
    // Game 1: the second illegal move, 0-1 under FIDE 2014 7.5b (as above): counted, agrees, with its article.
    // Game 2: "Zz9" is no move at all: refused, naming the game and the ply (3). Game 3: Scholar's mate, 1-0 (5.1a):
    // the audit goes on after the refused game.
    // Game 4: 2.Ne5?? fits neither knight (b1, g1) nor names one: the record's error, refused at ply 3.
    // Game 5: 2.Ke3?? (e1-e3 is no king move) and then 2...Nc6, which White cannot play from the position before the
    // Ke3: the record went on as if the Ke3 stood and does not show how the game went on: refused at the Ke3 (ply 3),
    // naming the Nc6.
    const std::string text = pgn("0-1", queen_to_f8 + " 3. Qf3 Nf6 4. Qxf8") + pgn("1-0", "1. e4 e5 2. Zz9 Nc6") +
                             pgn("1-0", "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#") + pgn("*", "1. e4 e5 2. Ne5") +
                             pgn("1-0", "1. e4 e5 2. Ke3 Nc6");
    const auto games = audit_text(text, {"fide-2014"});
    BOOST_REQUIRE_EQUAL(games.size(), 5u);
    BOOST_REQUIRE(!games[0].error);
    BOOST_REQUIRE_EQUAL(games[0].rulings.size(), 1u);
    BOOST_TEST(games[0].rulings[0].article == "7.5b");
    BOOST_TEST((games[0].rulings[0].agrees == std::optional<bool>(true)));
    BOOST_REQUIRE(games[1].error);
    BOOST_TEST(games[1].error->message().find("game 2, ply 3") != std::string::npos);
    BOOST_REQUIRE(!games[2].error);
    BOOST_TEST(games[2].rulings[0].article == "5.1a");
    BOOST_REQUIRE(games[3].error);
    BOOST_TEST(games[3].error->message().find("ply 3") != std::string::npos);
    BOOST_REQUIRE(games[4].error);
    BOOST_TEST(games[4].error->message().find("game 5, ply 3: move \"Ke3\" is illegal") != std::string::npos);
    BOOST_TEST(games[4].error->message().find("\"Nc6\"") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace record_illegal_moves_test
