// PGN reading from a game's place in a longer file (read_pgn's first_line, as the audit reads one game cut out of an
// archive): moves, the game and errors keep the file's line numbers while columns stay those of the line; comments
// over several lines, several comments after one move, and tag escapes read in runs. Places are counted by hand.
#include "core/error.h"
#include "core/pgn.h"

#include <boost/test/unit_test.hpp>

#include <string>
#include <utility>
#include <vector>

namespace pgn_places_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;

namespace {

long ms(const std::optional<std::chrono::milliseconds>& t) { return t ? long(t->count()) : -1L; }

std::string error_at(const std::string& text, int first_line) {
    try {
        read_pgn(text, "f.pgn", first_line);
    } catch (const InputError& e) {
        return std::to_string(e.where().line) + ":" + std::to_string(e.where().column);
    }
    return "no error";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pgn_places_from_the_first_line)

BOOST_AUTO_TEST_CASE(moves_keep_the_file_lines_after_multi_line_comments) {
    const std::string text =
        "[Event \"a \\\\ b \\\"c\\\" d\"]\n"                                        // line 10
        "1. e4 {one\n"                                                             // line 11: e4 at column 4
        "two\n"                                                                    // line 12
        "three} e5 {[%clk 0:01:00]} {[%clk 0:00:59] [%emt 0:00:02]} $2 Nf3!!\n"  // line 13: e5 at 8, Nf3 at 63
        "*\n";
    const auto games = read_pgn(text, "f.pgn", 10);
    BOOST_REQUIRE(games.size() == 1u);
    const PgnGame& g = games[0];
    BOOST_TEST(g.line == 10);
    BOOST_TEST(g.tag("Event") == "a \\ b \"c\" d");  // \\ and \" stand for their second character
    BOOST_REQUIRE(g.moves.size() == 3u);
    BOOST_TEST(g.moves[0].san == "e4");
    BOOST_TEST(g.moves[0].line == 11);
    BOOST_TEST(g.moves[0].column == 4);
    BOOST_TEST(ms(g.moves[0].clock) == -1);  // "one two three" holds no command
    BOOST_TEST(g.moves[1].san == "e5");
    BOOST_TEST(g.moves[1].line == 13);
    BOOST_TEST(g.moves[1].column == 8);
    BOOST_TEST(ms(g.moves[1].clock) == 59000);  // the second comment's reading replaces the first's
    BOOST_TEST(ms(g.moves[1].elapsed) == 2000);
    BOOST_TEST(g.moves[1].nags == std::vector<int>{2});
    BOOST_TEST(g.moves[2].san == "Nf3");
    BOOST_TEST(g.moves[2].line == 13);
    BOOST_TEST(g.moves[2].column == 63);
    BOOST_TEST(g.moves[2].nags == std::vector<int>{3});  // !! is $3
}

BOOST_AUTO_TEST_CASE(errors_name_the_file_line) {
    BOOST_TEST(error_at("1. e4\n  e5 2. +x3 *", 20) == "21:9");
    BOOST_TEST(error_at("1. e4 {a\nb\n", 5) == "5:7");  // an unterminated comment: where it opens
    BOOST_TEST(error_at("1. e4 {a\nb} e5 )", 5) == "6:7");
    BOOST_TEST(error_at("[Event \"x]\n1. e4 *", 3) == "3:1");
}

// "h:mm:ss" is read in place and every other form by parse_clock_time: both give hours * 3600 + minutes * 60 + seconds.
BOOST_AUTO_TEST_CASE(clock_readings_of_every_length) {
    auto clock_of = [](const std::string& reading) {
        return ms(read_pgn("1. e4 {[%clk " + reading + "]} *", "f.pgn")[0].moves[0].clock);
    };
    BOOST_TEST(clock_of("1:30:22") == 5422000);    // 3600 + 1800 + 22 seconds
    BOOST_TEST(clock_of("0:59:59") == 3599000);
    BOOST_TEST(clock_of("9:07:05") == 32825000);   // 32400 + 420 + 5
    BOOST_TEST(clock_of("1:3:22") == 3802000);     // one digit of minutes: 3600 + 180 + 22
    BOOST_TEST(clock_of("12:00:00") == 43200000);  // two digits of hours
    BOOST_TEST(clock_of("0:00:05.3") == 5300);
    BOOST_TEST(clock_of("1:30:2x") == -1);
    BOOST_TEST(clock_of("1:30-22") == -1);
    BOOST_TEST(clock_of("1.30:22") == -1);
}

// Each command is read at its first occurrence in a comment, wherever the other stands; a value that is not a time is
// ignored, and a later comment's reading replaces an earlier one's.
BOOST_AUTO_TEST_CASE(commands_at_their_first_occurrence) {
    auto first_move = [](const std::string& comments) { return read_pgn("1. e4 " + comments + " *", "f.pgn")[0].moves[0]; };
    const auto both = first_move("{[%emt 0:00:02][%clk 0:01:00]}");
    BOOST_TEST(ms(both.clock) == 60000);
    BOOST_TEST(ms(both.elapsed) == 2000);
    BOOST_TEST(ms(first_move("{[%clk x] [%clk 0:01:00]}").clock) == -1);  // the first [%clk is the reading
    BOOST_TEST(ms(first_move("{[%clk 0:01:00]} {[%clk x]}").clock) == 60000);
    BOOST_TEST(ms(first_move("{[%clk 0:01:00]} {[%clk 0:00:50]}").clock) == 50000);
    BOOST_TEST(ms(first_move("{[[%clk 0:01:00]}").clock) == 60000);
    BOOST_TEST(ms(first_move("{see [%clk  0:00:30.5] and [%emt 7]}").clock) == 30500);
    BOOST_TEST(ms(first_move("{see [%clk  0:00:30.5] and [%emt 7]}").elapsed) == 7000);
    BOOST_TEST(ms(first_move("{[%cl 0:01:00]} {[%clk}").clock) == -1);
}

// "{ [%clk h:mm:ss] }", the comment of nearly every move of a clocked game, is read at once: the same reading, the
// next move at its column, a comment before the first move still belonging to no move, and any other text (one
// space less, a value that is not a time, a second command) read as any comment.
BOOST_AUTO_TEST_CASE(the_usual_clock_comment) {
    const auto games = read_pgn("{ [%clk 1:00:00] } 1. e4 { [%clk 1:30:22] } e5 { [%clk 1:30:2x] } 2. Nf3\n"  // line 1
                                "{ [%clk 0:00:09] } { [%clk 0:00:05]} Nc6 { [%clk 0:00:07] [%emt 0:00:02] } *",
                                "f.pgn");
    BOOST_REQUIRE(games.size() == 1u);
    const auto& moves = games[0].moves;
    BOOST_REQUIRE(moves.size() == 4u);
    BOOST_TEST(moves[0].san == "e4");
    BOOST_TEST(moves[0].column == 23);              // after "{ [%clk 1:00:00] } 1. "
    BOOST_TEST(ms(moves[0].clock) == 5422000);      // 3600 + 1800 + 22 seconds
    BOOST_TEST(moves[1].san == "e5");
    BOOST_TEST(moves[1].column == 45);              // e4, a space, 18 characters of comment, a space
    BOOST_TEST(ms(moves[1].clock) == -1);           // 2x is no time
    BOOST_TEST(moves[2].san == "Nf3");
    BOOST_TEST(ms(moves[2].clock) == 5000);         // the second comment, without its last space, replaces the first
    BOOST_TEST(moves[3].san == "Nc6");
    BOOST_TEST(moves[3].line == 2);
    BOOST_TEST(moves[3].column == 38);
    BOOST_TEST(ms(moves[3].clock) == 7000);
    BOOST_TEST(ms(moves[3].elapsed) == 2000);
    // The characters just below '0' and just above '9' are no digits.
    for (const char* time : {"1:3/:22", "1:30:2:", "/:30:22"})
        BOOST_TEST(ms(read_pgn("1. e4 { [%clk " + std::string(time) + "] } *", "f.pgn")[0].moves[0].clock) == -1);
}

// Move numbers standing alone are passed over in one scan; glued to a move, without a '.', at the end of the text or
// before a comment, each is still read as the general path reads it, the moves at their columns.
BOOST_AUTO_TEST_CASE(move_numbers_in_every_form) {
    const auto games = read_pgn("1. e4 1... e5 2.Nf3 2...Nc6 3.{c} Bb5 ...a6 10.\t\rBa4 12345. Nf6 6.", "f.pgn");
    BOOST_REQUIRE(games.size() == 1u);
    const auto& moves = games[0].moves;
    BOOST_REQUIRE(moves.size() == 8u);
    const std::vector<std::pair<std::string, int>> expected = {{"e4", 4},  {"e5", 12}, {"Nf3", 17}, {"Nc6", 25},
                                                               {"Bb5", 35}, {"a6", 42}, {"Ba4", 50}, {"Nf6", 61}};
    for (std::size_t k = 0; k < expected.size(); ++k) {
        BOOST_TEST(moves[k].san == expected[k].first);
        BOOST_TEST(moves[k].column == expected[k].second);
    }
    BOOST_TEST(games[0].result == "*");
    // A number with no '.' is no move number, alone or before a comment; one glued to a letter is no move either.
    BOOST_TEST(error_at("1. e4 2 e5 *", 1) == "1:7");
    BOOST_TEST(error_at("1. e4 2{c} e5 *", 1) == "1:7");
    BOOST_TEST(error_at("1. e4 2x. e5 *", 1) == "1:7");
    // What is glued to a move number is read as a move: a termination marker there is no result.
    BOOST_TEST(error_at("1. e4 e5 2.1-0", 1) == "1:12");
    BOOST_TEST(error_at("1. e4 e5 2.*", 1) == "1:12");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace pgn_places_test
