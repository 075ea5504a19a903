// Where the audit's reader (records/audit_games.h) cuts PGN games that follow one another without tags: after a line
// whose last token outside {comments} is a termination marker (PGN 8.2.6: 1-0, 0-1, 1/2-1/2, *), at the next line
// with text. The cutter looks only for '{', '}' and ';' along a line and finds the last token backwards from where
// each stretch outside comments ends; these cases hold it to that rule. Expected places are counted by hand: every
// text starts with a tag line and a blank line, so its movetext starts at line 3.
#include "records/audit_games.h"

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>
#include <vector>

namespace audit_cut_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::procedure::audit;

namespace {

// The first line of each game the reader cuts `movetext` (after a tag line and a blank line) into.
std::vector<int> game_lines(const std::string& movetext) {
    const std::string path = std::string(ARBITER_SOURCE_DIR) + "/build/audit-cut-test.pgn";
    std::ofstream(path, std::ios::binary) << "[Event \"cut\"]\n\n" + movetext;
    GameStream stream({path});
    std::vector<int> lines;
    for (GameTask t; stream.next(t);) lines.push_back(t.first_line);
    return lines;
}

using Lines = std::vector<int>;

}  // namespace

BOOST_AUTO_TEST_SUITE(audit_cut_after_a_termination_marker)

BOOST_AUTO_TEST_CASE(the_marker_must_be_the_last_token_outside_comments) {
    BOOST_TEST(game_lines("1. e4 e5 1-0\n1. d4 d5 *\n") == (Lines{1, 4}));
    BOOST_TEST(game_lines("1. e4 e5 1-0\n\n\n1. d4 d5 *\n") == (Lines{1, 6}));  // blank lines stay with the game
    // A comment after the marker leaves it the last token outside comments.
    BOOST_TEST(game_lines("1. e4 e5 1-0 {White won}\n1. d4 d5 *\n") == (Lines{1, 4}));
    BOOST_TEST(game_lines("1. e4 e5 0-1 {a} {b}  \n1. d4 d5 *\n") == (Lines{1, 4}));
    // A marker inside a comment, or followed by a move, ends nothing.
    BOOST_TEST(game_lines("1. e4 e5 {1-0}\n2. Nf3 *\n") == (Lines{1}));
    BOOST_TEST(game_lines("1. e4 1/2-1/2 {x} e5\n2. Nf3 *\n") == (Lines{1}));
    // "1-0}" is one token: a '}' outside any comment is text.
    BOOST_TEST(game_lines("1. e4 e5 1-0}\n1. d4 *\n") == (Lines{1}));
    BOOST_TEST(game_lines("1. e4 e5 } 1/2-1/2\n1. d4 *\n") == (Lines{1, 4}));
}

BOOST_AUTO_TEST_CASE(a_semicolon_outside_comments_ends_the_line) {
    BOOST_TEST(game_lines("1. e4 e5 1-0 ; the rest of the line\n1. d4 d5 *\n") == (Lines{1, 4}));
    BOOST_TEST(game_lines("1. e4 e5 ; 1-0\n2. Nf3 *\n") == (Lines{1}));
    BOOST_TEST(game_lines("1. e4 e5 {;} *\n1. d4 d5 *\n") == (Lines{1, 4}));  // inside a comment it is text
}

BOOST_AUTO_TEST_CASE(comments_over_several_lines) {
    // The second line closes the comment and ends with the marker.
    BOOST_TEST(game_lines("1. e4 {a comment\nover two lines} 0-1\n1. d4 *\n") == (Lines{1, 5}));
    // The marker is inside the comment; the line's last token outside it is e5.
    BOOST_TEST(game_lines("1. e4 {a comment\nover two lines 0-1} e5\n2. Nf3 *\n") == (Lines{1}));
    // A line ending inside a comment decides nothing; the next has no token outside comments, so nothing ends.
    BOOST_TEST(game_lines("1. e4 e5 1-0 {open\nclosed}\n1. d4 *\n") == (Lines{1}));
    // The cutter counts a '{' inside a comment: the marker here is still inside one.
    BOOST_TEST(game_lines("1. e4 {a {b} 1/2-1/2}\n2. Nf3 *\n") == (Lines{1}));
    BOOST_TEST(game_lines("1. e4 {a {b}} 1/2-1/2\n1. d4 *\n") == (Lines{1, 4}));
}

// The cutter looks for braces sixteen bytes at a time: comments of every length put them at every place in a block.
BOOST_AUTO_TEST_CASE(braces_at_every_place_of_a_long_line) {
    std::string line = "1. e4";
    for (int n = 0; n < 17; ++n) line += " {" + std::string(std::size_t(n), 'x') + "} e5";
    BOOST_TEST(game_lines(line + " 1-0\n1. d4 *\n") == (Lines{1, 4}));
    BOOST_TEST(game_lines(line + " {1-0}\n2. Nf3 *\n") == (Lines{1}));
    BOOST_TEST(game_lines(line + " 1-0 {" + std::string(9, 'y') + "}\n1. d4 *\n") == (Lines{1, 4}));
    BOOST_TEST(game_lines(line + " {" + std::string(9, 'y') + "\n1-0}\n1. d4 *\n") == (Lines{1}));
}

// A line shorter than sixteen bytes is loaded with the start of the next: the next line's braces are not this line's.
BOOST_AUTO_TEST_CASE(the_next_line_s_braces_are_not_counted) {
    BOOST_TEST(game_lines("1. e4 e5 1-0\n{a\nb} 1. d4 *\n") == (Lines{1, 4}));
    BOOST_TEST(game_lines("1. e4 {a\nb} 1-0\n{c\nd} 1. d4 *\n") == (Lines{1, 5}));
}

// A line longer than the reader's 256 KiB blocks waits for its end over several reads, its braces followed once it
// has come; the '\n' here is the first byte of the third block (the reader asks for a block at a time).
BOOST_AUTO_TEST_CASE(a_line_longer_than_a_block) {
    const std::size_t block = std::size_t{256} << 10, before = std::string("[Event \"cut\"]\n\n").size();
    std::string line = "1. e4 {";
    while (line.size() < 2 * block - before - 6) line += "x{y}z ";
    line.resize(2 * block - before - 6, 'x');
    BOOST_TEST(game_lines(line + "} 1-0\n1. d4 *\n") == (Lines{1, 4}));  // "} 1-0" ends the line at 2 blocks - 1
    BOOST_TEST(game_lines(line + " 1-0\n1. d4 *\n") == (Lines{1}));  // the comment is still open: the marker is in it
    BOOST_TEST(game_lines(line + "} 1-0\n" + line + "} 0-1\n1. d4 *\n") == (Lines{1, 4, 5}));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace audit_cut_test
