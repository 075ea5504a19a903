// PGN reading: tags, movetext, [%clk]/[%emt] comments, NAGs, variations, several games, errors at
// line:column; replay of real game records (tests/data/chess/games, see SOURCES).
#include "chess_fixture.h"
#include "core/error.h"
#include "core/pgn.h"

#include <boost/test/unit_test.hpp>

namespace pgn_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;
using namespace arbiter::core::testing;
using std::chrono::milliseconds;

namespace {
// Milliseconds of an optional time, -1 if absent (printable in test messages).
long ms(const std::optional<milliseconds>& t) { return t ? long(t->count()) : -1L; }
}  // namespace

BOOST_AUTO_TEST_SUITE(pgn_reader_keeps_moves_clocks_and_places)

BOOST_AUTO_TEST_CASE(lichess_blitz_game_with_a_clock_on_every_ply_ends_in_mate) {
    auto games = read_pgn_file(data("games/chess-lichess-hvB20kxq-blitz-checkmate.pgn"));
    BOOST_REQUIRE(games.size() == 1u);
    const PgnGame& g = games[0];
    BOOST_TEST(g.tag("Site") == "https://lichess.org/hvB20kxq");
    BOOST_TEST(g.tag("TimeControl") == "180+0");
    BOOST_TEST(g.result == "1-0");
    BOOST_TEST(g.moves.size() == 77u);  // SOURCES.md: 77 plies, 77 clock comments, ends 39.Rd7#
    int clocks = 0;
    for (const PgnMove& m : g.moves) clocks += m.clock.has_value();
    BOOST_TEST(clocks == 77);
    BOOST_TEST(g.moves[0].san == "a3");
    BOOST_TEST(ms(g.moves[0].clock) == 180000);  // 1. a3 { [%clk 0:03:00] }
    BOOST_TEST(ms(g.moves[2].clock) == 179000);  // 2. b3 { [%clk 0:02:59] }
    BOOST_TEST(g.moves.back().san == "Rd7#");
    Game game = replay(chess(), g, "blitz.pgn");
    BOOST_TEST(game.ply() == 77);
    BOOST_TEST(game.position().is_checkmate());
    BOOST_TEST(game.outcome()->result() == "1-0");
}

BOOST_AUTO_TEST_CASE(lichess_bullet_game_lost_on_time) {
    auto games = read_pgn_file(data("games/chess-lichess-VsUqVhC2-bullet-time-forfeit.pgn"));
    BOOST_REQUIRE(games.size() == 1u);
    BOOST_TEST(games[0].tag("Termination") == "Time forfeit");
    BOOST_TEST(games[0].moves.size() == 70u);
    BOOST_TEST(ms(games[0].moves.back().clock) == 16000);  // 35... Bxe3 { [%clk 0:00:16] }
    Game game = replay(chess(), games[0], "bullet.pgn");
    BOOST_TEST(!game.outcome().has_value());  // not over on the board: White lost on time
}

BOOST_AUTO_TEST_CASE(world_championship_game_without_clocks) {
    auto games = read_pgn_file(data("games/chess-wcc2023-game1-nepomniachtchi-ding.pgn"));
    BOOST_REQUIRE(games.size() == 1u);
    BOOST_TEST(games[0].result == "1/2-1/2");
    Game game = replay(chess(), games[0], "wcc.pgn");
    BOOST_TEST(game.ply() == 97);
    for (const PgnMove& m : games[0].moves) BOOST_TEST(!m.clock.has_value());
}

BOOST_AUTO_TEST_CASE(an_illegal_recorded_move_is_reported_at_its_line_and_column) {
    // DGT recording error: 57...Re1 is illegal (SOURCES). Line 45 reads
    // "Re4 57. Rb6+ {[%clk 1:08:13]} Re1 ...": Re1 starts at column 3 + 1 + 3 + 1 + 4 + 1 + 16 + 1 + 1 = 31.
    auto games = read_pgn_file(data("games/chess-otb-figueira-2017-dgt-clocks.pgn"));
    BOOST_REQUIRE(games.size() == 1u);
    try {
        replay(chess(), games[0], "figueira.pgn");
        BOOST_ERROR("the illegal move was accepted");
    } catch (const InputError& e) {
        BOOST_TEST(e.where().line == 45);
        BOOST_TEST(e.where().column == 31);
        BOOST_TEST(e.message().find("57...Re1") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(nags_variations_comments_and_several_games) {
    const std::string text =
        "% an escape line\n"
        "[Event \"A \\\"quoted\\\" name\"]\n"
        "[Result \"*\"]\n"
        "\n"
        "1.e4 $1 e5!? {[%clk 1:30:00] [%emt 0:00:05]} 2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 ; rest of line\n"
        "3. Bb5?! *\n"
        "\n"
        "[Event \"Second\"]\n"
        "1. d4 d5 1/2-1/2\n";
    auto games = read_pgn(text, "inline.pgn");
    BOOST_REQUIRE(games.size() == 2u);
    const PgnGame& g = games[0];
    BOOST_TEST(g.tag("Event") == "A \"quoted\" name");
    BOOST_REQUIRE(g.moves.size() == 5u);
    BOOST_TEST(g.moves[0].san == "e4");
    BOOST_TEST(g.moves[0].nags == std::vector<int>{1});
    BOOST_TEST(g.moves[1].san == "e5");
    BOOST_TEST(g.moves[1].nags == std::vector<int>{5});  // !? is $5
    BOOST_TEST(ms(g.moves[1].clock) == 5400000);
    BOOST_TEST(ms(g.moves[1].elapsed) == 5000);
    BOOST_TEST(g.moves[2].san == "Nf3");  // the variation 2. f4 ... is skipped
    BOOST_TEST(g.moves[3].san == "Nc6");
    BOOST_TEST(g.moves[4].nags == std::vector<int>{6});
    BOOST_TEST(g.moves[0].line == 5);
    BOOST_TEST(g.moves[0].column == 3);  // "1.e4": the move after the glued number
    BOOST_TEST(g.result == "*");
    BOOST_TEST(games[1].tag("Event") == "Second");
    BOOST_TEST(games[1].result == "1/2-1/2");
    BOOST_TEST(replay(chess(), games[1], "inline.pgn").ply() == 2);
}

BOOST_AUTO_TEST_CASE(clock_times_in_milliseconds) {
    BOOST_TEST(ms(parse_clock_time("1:30:00")) == 5400000);
    BOOST_TEST(ms(parse_clock_time("0:00:05.3")) == 5300);
    BOOST_TEST(ms(parse_clock_time("2:05")) == 125000);
    BOOST_TEST(!parse_clock_time("1:x0").has_value());
    BOOST_TEST(!parse_clock_time("").has_value());
}

BOOST_AUTO_TEST_CASE(malformed_pgn_is_an_error_with_line_and_column) {
    auto error_at = [](const std::string& text) {
        try {
            read_pgn(text, "bad.pgn");
        } catch (const InputError& e) {
            return std::to_string(e.where().line) + ":" + std::to_string(e.where().column);
        }
        return std::string("no error");
    };
    BOOST_TEST(error_at("1. e4 {unterminated\n e5 *") == "1:7");
    BOOST_TEST(error_at("[Event \"x]\n1. e4 *") == "1:1");
    BOOST_TEST(error_at("1. e4 e5 )\n") == "1:10");
    BOOST_TEST(error_at("1. e4\n  e5 2. +x3 *") == "2:9");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace pgn_test
