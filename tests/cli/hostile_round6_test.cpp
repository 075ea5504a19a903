// Hostile input, round six (issue 34): the two bounds round five left (compare's JSON document built whole, the
// schema pattern matcher's '.' and negated classes taking one byte of a character) and what this round's attacks
// found; tried against main ceb3cd6 (tests/data/hostile/README.md lists what this round reports rather than fixes).
#include "cli/hostile_run.h"
#include "cli/named_timeline_pattern.h"
#include "rulebook/pattern_match.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace hostile_round6_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::CliResult;
using arbiter::test::run_shell;
using arbiter::test::ScratchFolder;
using arbiter::test::hostile::run;
using arbiter::test::hostile::run_stdout;
using arbiter::test::hostile::bundled;
using arbiter::test::hostile::write;
using arbiter::test::hostile::limits_apply;

// A chess timeline of `moves` knight moves (Nf3 Nf6 Ng1 Ng8 over and over), each after two touches of the knight
// moved: three entries a move, every touch ruled on (FIDE 4.3a), so each rulebook's run has two rulings a move.
std::string knight_shuffle(int moves) {
    static const char* const cycle[4][3] = {
        {"g1", "Nf3", "white"}, {"g8", "Nf6", "black"}, {"f3", "Ng1", "white"}, {"f6", "Ng8", "black"}};
    std::string text = "timeline: knights\nevent: {rulebook: fide-2009, time_control: \"5400\"}\nstart: startpos\n"
                       "entries:\n";
    for (int i = 0; i < moves; ++i) {
        const auto& [square, move, side] = cycle[i % 4];
        const int t = i + 1;  // a second a move: 3,500 moves are 1,750 s a side of the 5,400
        char at[16];
        std::snprintf(at, sizeof at, "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60);
        const std::string touch =
            "  - {at: \"" + std::string(at) + "\", touch: {by: " + side + ", square: " + square + "}}\n";
        text += touch + touch + "  - {at: \"" + at + "\", move: " + move + "}\n";
    }
    return text;
}

BOOST_AUTO_TEST_SUITE(hostile_round6)

// compare --format json wrote one nlohmann document built whole: a timeline of 21,000 entries (7,000 knight moves
// after two touches each) peaked at 490 MB for 72 MB of JSON. It is written a ruling and a row at a time now
// (report/json_stream.h), the same bytes as the whole document's dump(2): parsed and dumped again, the output of a
// bundled timeline, and of a record (the record's keys at the top and in each run), comes back byte for byte.
BOOST_AUTO_TEST_CASE(compare_json_is_written_as_the_whole_document_was) {
    for (const std::string file : {"tests/timelines/chess/demo-edition-differences.yaml",
                                   "tests/timelines/chess/189-rapid-touch-move-breach-claimed.yaml",
                                   "tests/data/chess/chess960-constructed-castling.pgn"}) {
        const auto r = run_stdout("compare '" + file + "' --format json");
        BOOST_TEST_REQUIRE(r.exit_code == 0, file);
        const auto doc = nlohmann::json::parse(r.out);
        BOOST_TEST(doc.dump(2) + "\n" == r.out, file);
        BOOST_TEST(doc["runs"].size() == doc["rulebooks"].size(), file);
    }
    const auto record = nlohmann::json::parse(
        run_stdout("compare tests/data/chess/chess960-constructed-castling.pgn --format json").out);
    BOOST_TEST(record.contains("record"));
    BOOST_TEST(record["agrees"].is_object());
    for (const auto& one : record["runs"]) BOOST_TEST(one.contains("recorded"));
    // The touch-move timeline: two touch rulings in each of the five FIDE editions' runs (its expect: block).
    const auto touch = nlohmann::json::parse(
        run_stdout("compare tests/timelines/chess/189-rapid-touch-move-breach-claimed.yaml --format json").out);
    for (const auto& one : touch["runs"]) BOOST_TEST(one["rulings"].size() == 2u);
    BOOST_TEST(touch["rows"].size() == 2u);  // the touch at 0:00:05 and the claim at 0:00:20
}

// 3,500 knight moves (10,500 entries, 7,000 rulings a rulebook, three rulebooks): the whole JSON document needed more
// than 320 MB of address space (refused as out of memory, exit 2); written as a stream it runs under 200 MB, as the
// same comparison as text does. The HTML page (100 MB: a diagram a row) was built whole as well, then copied into
// its page: 420 MB resident; written a row at a time (write_compare_html), 150 MB. The limit, 260 MB, stands between.
BOOST_AUTO_TEST_CASE(compare_json_of_a_long_timeline_stays_within_a_memory_limit) {
    if (!limits_apply()) return;
    ScratchFolder f("hostile-round6-compare");
    write(f.path() / "knights.yaml", knight_shuffle(3500));
    for (const std::string format : {"json", "html"}) {
        const auto r = run_shell("cd '" ARBITER_SOURCE_DIR "' && (ulimit -v 260000; timeout 60 '" ARBITER_BINARY
                                 "' compare '" + (f.path() / "knights.yaml").string() + "' --format " + format +
                                 " 2>&1 >/dev/null; echo \"exit $?\")");
        BOOST_TEST(contains(r.out, "exit 0"), format + ": " + r.out.substr(0, 600));
    }
}

// ECMA-262 reads a pattern's text as code points: '.', a negated class and \D \W \S take one character, however
// many UTF-8 bytes it has. The matcher took one byte: `^.$` refused "将" (E5 B0 86) and `^...$` matched it.
BOOST_AUTO_TEST_CASE(dot_and_negated_classes_take_one_character) {
    using arbiter::rulebook::Pattern;
    const std::string shou = "\xE5\xB0\x86", ki = "\xE6\xA3\x8B";  // 将 and 棋, three bytes each
    const std::string e_acute = "\xC3\xA9", clef = "\xF0\x9D\x84\x9E";  // é (two bytes), U+1D11E (four)
    BOOST_TEST(Pattern("^.$").search(shou));
    BOOST_TEST(Pattern("^[^a]$").search(shou));
    BOOST_TEST(!Pattern("^[^a]$").search("a"));
    BOOST_TEST(!Pattern("^...$").search(shou));         // one character, not three
    BOOST_TEST(Pattern("^.{1,3}$").search(shou + ki));  // round five's example: two characters
    BOOST_TEST(!Pattern("^.$").search(shou + ki));
    BOOST_TEST(Pattern("^\\D\\W\\S$").search(shou + e_acute + clef));
    BOOST_TEST(Pattern("^.x$").search(clef + "x"));
    BOOST_TEST(Pattern("^[^\\x00-\\x7f]$").search(e_acute));  // a class of every character outside ASCII
    BOOST_TEST(!Pattern("^[^\\x00-\\x7f]$").search("e"));
    // '.' takes no line terminator: LF, CR and (ECMA-262 LineTerminator) U+2028 and U+2029; a negated class does.
    BOOST_TEST(!Pattern("^.$").search("\xE2\x80\xA8"));
    BOOST_TEST(!Pattern("^.$").search("\xE2\x80\xA9"));
    BOOST_TEST(Pattern("^[^a]$").search("\xE2\x80\xA8"));
    BOOST_TEST(Pattern("^.$").search("\xE2\x80\xA7"));  // the character before them is one
    // A byte that starts or continues no character is no character: neither '.' nor [^a] takes it.
    BOOST_TEST(!Pattern("^.$").search("\xB0"));
    BOOST_TEST(!Pattern("^[^a]+$").search(std::string("\xE5\xB0", 2)));  // a character cut short
    BOOST_TEST(!Pattern("^.$").search("\xC0\x80"));                        // an overlong NUL
    // \xE9 is the character U+00E9 (two bytes), not the byte E9: refused where the pattern is read, at its byte.
    BOOST_CHECK_THROW(Pattern("^\\xE9$"), arbiter::rulebook::PatternError);
    try {
        Pattern("ab[\\x80]");
    } catch (const arbiter::rulebook::PatternError& e) {
        BOOST_TEST(e.at == 4u);
    }
}

// The same through a schema folder, as a user meets it: a timeline named "将棋" passes a name pattern `^.{1,3}$`
// (it was refused: six bytes) and `^[^a]{2}$`, and is refused by `^.$`, naming the file, line and column.
BOOST_AUTO_TEST_CASE(a_schema_pattern_counts_characters) {
    ScratchFolder f("hostile-round6-utf8");
    const arbiter::test::NamedTimelineUnderPattern named(f.path(), "将棋");
    const auto with = [&named](const std::string& pattern) { return named.validate(pattern); };
    const auto three = with("^.{1,3}$");
    BOOST_TEST(three.exit_code == 0, three.out);
    const auto negated = with("^[^a]{2}$");
    BOOST_TEST(negated.exit_code == 0, negated.out);
    const auto one = with("^.$");
    BOOST_TEST(one.exit_code == 2, one.out);
    BOOST_TEST(contains(one.out, "named.yaml:"), one.out);
}

// yaml-cpp reads U+2028 and U+2029 (LINE and PARAGRAPH SEPARATOR) as line breaks. A record's header holding one was
// copied unescaped into the comment lines above the converted timeline, whose next line then began inside the
// comment's text, so run, compare and import of the record stopped with "the game converted to a timeline cannot be
// read: YAML syntax error", naming no line. They are written as spaces in comments and as \u escapes in values now.
BOOST_AUTO_TEST_CASE(a_line_separator_in_a_record_header_is_escaped) {
    ScratchFolder f("hostile-round6-separator");
    std::string pgn = bundled("tests/data/chess/games/chess-wcc2023-game1-nepomniachtchi-ding.pgn");
    const auto event = pgn.find("[Event \"");
    BOOST_REQUIRE(event != std::string::npos);
    for (const std::string separator : {"\xE2\x80\xA8", "\xE2\x80\xA9"}) {
        std::string text = pgn;
        text.insert(event + 8, "a" + separator + "timeline: injected" + separator);
        write(f.path() / "sep.pgn", text);
        const auto r = run("run '" + (f.path() / "sep.pgn").string() + "'");
        BOOST_TEST(r.exit_code == 0, r.out.substr(0, 600));
        BOOST_TEST(!contains(r.out, "cannot be read"), r.out.substr(0, 600));
        const auto imported = run("import '" + (f.path() / "sep.pgn").string() + "'");
        BOOST_TEST(imported.exit_code == 0, imported.out.substr(0, 600));
        BOOST_TEST(!contains(imported.out, separator), imported.out.substr(0, 600));
    }
}

// A timeline's `declared:` (what a record states about its event) is taken where the rulebook lets an event set the
// value and "otherwise left aside with a warning" (timeline.schema.json). The warning was printed only for a record
// given to `run`: a timeline declaring a move limit of -1, a topic that does not exist, or 10^6 digits ran with the
// rulebook's value and not a word. run, compare (per rulebook) and validate print it now; the run is unchanged.
BOOST_AUTO_TEST_CASE(a_declared_value_left_aside_is_said) {
    ScratchFolder f("hostile-round6-declared");
    const auto timeline = [&](const std::string& declared) {
        write(f.path() / "declared.yaml",
              "timeline: t\nevent: {rulebook: csa-computer-shogi, time_control: \"600\", declared: {" + declared +
                  "}}\nstart: startpos\nentries:\n  - {at: \"0:00:01\", move: 7g7f}\n");
        return (f.path() / "declared.yaml").string();
    };
    const std::string negative = timeline("shogi.max_moves.moves: -1");
    for (const std::string command : {"run", "validate", "compare --rulebooks csa-computer-shogi"}) {
        const auto r = run(command + " '" + negative + "'");
        BOOST_TEST(r.exit_code == 0, command + ": " + r.out.substr(0, 600));
        BOOST_TEST(contains(r.out, "the record states shogi.max_moves.moves -1, left aside"),
                   command + ": " + r.out.substr(0, 600));
    }
    const auto unknown = run("run '" + timeline("shogi.nope.x: 1") + "'");
    BOOST_TEST(contains(unknown.out, "shogi.nope.x 1, left aside: set: found the unknown topic 'shogi.nope'"),
               unknown.out.substr(0, 600));
    // A value the rulebook takes (csa-computer-shogi lets an event set the move limit from 1): applied, no warning.
    // With a limit of one move, 1.7g7f reaches it and the game is drawn (shogi.max_moves).
    const auto taken = run("run '" + timeline("shogi.max_moves.moves: 1") + "'");
    BOOST_TEST(taken.exit_code == 0, taken.out.substr(0, 600));
    BOOST_TEST(!contains(taken.out, "left aside"), taken.out.substr(0, 600));
    BOOST_TEST(contains(taken.out, "Result: ½-½ (shogi.max_moves"), taken.out.substr(0, 600));
}

// A game file's royals_may_not_face takes each direction both ways as a ray, and the core holds 48 rays for every
// piece's lines together. 80 directions (every [a, b] with -4 <= a, b <= 4 but [0, 0]) overflowed them, and the file
// was refused as "too many rider directions (at most 48 rays, 16 rider vectors per piece)" at its `pieces:` line,
// which is not where the writer put too many. The word itself is refused now, at its own line.
BOOST_AUTO_TEST_CASE(too_many_facing_directions_are_refused_where_written) {
    ScratchFolder f("hostile-round6-facing");
    std::string game = bundled("rulesets/games/xiangqi.yaml");
    const std::string word = "royals_may_not_face: [[0, 1]]";
    const auto at = game.find(word);
    BOOST_REQUIRE(at != std::string::npos);
    std::string directions;
    for (int a = -4; a <= 4; ++a)
        for (int b = -4; b <= 4; ++b)
            if (a != 0 || b != 0) directions += (directions.empty() ? "" : ", ") + std::string("[") +
                                                std::to_string(a) + ", " + std::to_string(b) + "]";
    game.replace(at, word.size(), "royals_may_not_face: [" + directions + "]");
    const int line = int(std::count(game.begin(), game.begin() + std::ptrdiff_t(at), '\n')) + 1;
    write(f.path() / "xiangqi.yaml", game);
    const auto r = run("validate '" + (f.path() / "xiangqi.yaml").string() + "'");
    BOOST_TEST(r.exit_code == 2, r.out.substr(0, 600));
    BOOST_TEST(contains(r.out, "xiangqi.yaml:" + std::to_string(line) + ":"), r.out.substr(0, 600));
    BOOST_TEST(contains(r.out, "royals_may_not_face: 80 directions counted both ways; expected at most 48"),
               r.out.substr(0, 600));
    // Two directions (four rays) still read.
    game.replace(at, std::string("royals_may_not_face: [" + directions + "]").size(),
                 "royals_may_not_face: [[0, 1], [1, 0]]");
    write(f.path() / "xiangqi.yaml", game);
    const auto ok = run("validate '" + (f.path() / "xiangqi.yaml").string() + "'");
    BOOST_TEST(ok.exit_code == 0, ok.out.substr(0, 600));
}

// A message quoting input is cut in its middle at a UTF-8 character's start. The start was looked for back over
// every continuation byte, so a token of 200,000 bytes 0xBF (no UTF-8 at all; a fuzzed .pgn.zst decompressed to such
// a file) took the cut back to the token's start: "0 bytes left out" and an error line of over 400 KB. A character
// has at most three continuation bytes; the cut now looks back no further.
BOOST_AUTO_TEST_CASE(a_message_quoting_bytes_that_are_not_utf8_is_cut) {
    ScratchFolder f("hostile-round6-continuation");
    write(f.path() / "bytes.pgn", std::string(200000, '\xBF') + "\n");
    const auto r = run("audit '" + (f.path() / "bytes.pgn").string() + "'");
    BOOST_TEST(r.exit_code == 2);
    std::size_t longest = 0;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) longest = std::max(longest, line.size());
    BOOST_TEST(longest < 20000u, "longest line " << longest << " bytes");
    BOOST_TEST(contains(r.out, "bytes left out"), r.out.substr(0, 600));
    BOOST_TEST(!contains(r.out, " 0 bytes left out"), r.out.substr(0, 600));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_round6_test
