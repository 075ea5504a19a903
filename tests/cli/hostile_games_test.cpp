// Hostile input, round three (issue 34), against the words the game files gained (regions, within, hops, pass,
// variant_of) and the commands that read them (validate, perft, analyze), the site's page names and the terminal's
// width. Each game file is made here from the bundled minixiangqi.yaml with one change, in a folder of its own.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hostile_games_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::CliResult;
using arbiter::test::run_shell;

// A rulesets folder of this test's own (games/ below it), removed at the end.
struct Folder {
    fs::path dir = arbiter::test::scratch_path("hostile-games");
    Folder() { fs::create_directories(dir / "games"); }
    ~Folder() {
        std::error_code ignored;
        fs::remove_all(dir, ignored);
    }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(dir / name, std::ios::binary) << text;
        return (dir / name).string();
    }
};

std::string bundled(const std::string& relative) {
    std::ifstream in(fs::path(ARBITER_SOURCE_DIR) / relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    BOOST_REQUIRE_MESSAGE(at != std::string::npos, "the bundled file no longer holds: " + from);
    return text.replace(at, from.size(), to);
}

// minixiangqi.yaml as the game `name` (no longer a variant of xiangqi) with `from` replaced by `to`.
std::string game_file(const std::string& name, const std::string& from, const std::string& to) {
    std::string text = replaced(bundled("rulesets/games/minixiangqi.yaml"), "game: minixiangqi", "game: " + name);
    text = replaced(text, "variant_of: xiangqi\n", "");
    return replaced(text, from, to);
}

// `arbiter <args>` with stderr merged and a 20 s limit (a hang fails as exit 124).
CliResult run(const std::string& args) {
    return run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout 20 '" ARBITER_BINARY "' " + args + " 2>&1");
}

const std::string chariot = "{name: chariot, letter: R, glyphs: [俥, 車], ride: [[1, 0], [0, 1], [-1, 0], [0, -1]]}";

BOOST_AUTO_TEST_SUITE(hostile_games)

// strtol's long was cut to int: a leap of [4294967297, 0] (2^32 + 1) read as [1, 0], a one-step leap the file does
// not say, and validate, perft and analyze all accepted it. The same cut made a repetition count of 2^32 + 3 read 3.
BOOST_AUTO_TEST_CASE(a_number_past_int_is_refused_not_cut) {
    Folder f;
    const std::string file = f.write("games/wrap.yaml",
        game_file("wrap", chariot, "{name: chariot, letter: R, glyphs: [俥, 車], leap: [[4294967297, 0], [0, 1]]}"));
    for (const std::string& command : std::vector<std::string>{"validate " + file, "perft --game wrap --depth 1"}) {
        const auto r = run("--rulesets '" + f.dir.string() + "' " + command);
        BOOST_TEST(r.exit_code == 2, command << ": " << r.out);
        BOOST_TEST(contains(r.out, "wrap.yaml:26:"), r.out);
        BOOST_TEST(contains(r.out, "4294967297 is out of range"), r.out);
    }
    const auto count = run("--rulesets '" + f.dir.string() + "' validate " +
                           f.write("games/wrap.yaml", game_file("wrap", "claim: 0, automatic: 0",
                                                                "claim: 4294967299, automatic: 0")));
    BOOST_TEST(count.exit_code == 2, count.out);
    BOOST_TEST(contains(count.out, "repetition.claim: 4294967299 is out of range"), count.out);
}

// A step as long as the board (2^31 - 1 files on a board of 7) lands nowhere, and its sums overflowed int in the
// move tables; INT_MIN could not be mirrored for the second side. Every movement word refuses it at its place.
BOOST_AUTO_TEST_CASE(a_step_longer_than_the_board_is_refused_in_every_movement_word) {
    Folder f;
    const struct {
        const char* name;
        std::string from, to, said;
    } cases[] = {
        {"ride", chariot, "{name: chariot, letter: R, glyphs: [俥, 車], ride: [[2147483647, 0]]}", "ride: a step of"},
        {"leap", chariot, "{name: chariot, letter: R, glyphs: [俥, 車], leap: [[-2147483648, 1]]}", "leap: a step of"},
        {"lame", "lame_leap: [[1, 2]", "lame_leap: [[1, 7]", "lame_leap: a step of 7 ranks leaves a board of 7"},
        {"hop", "capture: {hop: [[1, 0]", "capture: {hop: [[7, 0]", "capture.hop: a step of 7 files"},
        {"within", "leap: [[0, 1], [1, 0], [-1, 0]]}",
         "leap: [[0, 1], [1, 0], [-1, 0]], within: {palace: {ride: [[1, 2147483647]]}}}", "within.ride: a step of"},
        {"facing", "royals_may_not_face: [[0, 1]]", "royals_may_not_face: [[0, -9]]", "royals_may_not_face: a step"},
    };
    for (const auto& c : cases) {
        const std::string file = f.write(std::string("games/") + c.name + ".yaml", game_file(c.name, c.from, c.to));
        const auto r = run("--rulesets '" + f.dir.string() + "' validate " + file);
        BOOST_TEST(r.exit_code == 2, c.name << ": " << r.out);
        BOOST_TEST(contains(r.out, c.name + std::string(".yaml:")), r.out);
        BOOST_TEST(contains(r.out, c.said), c.name << ": " << r.out);
    }
    // The longest step that fits (6 on a board of 7) is still a game.
    const auto fits = run("--rulesets '" + f.dir.string() + "' validate " +
                          f.write("games/fits.yaml",
                                  game_file("fits", "lame_leap: [[1, 2]", "lame_leap: [[6, 6], [1, 2]")));
    BOOST_TEST(fits.exit_code == 0, fits.out);
}

// validate said "ok" for a game file whose start position does not read (no general, a FEN of one field), and
// perft and analyze then failed with "start position: FEN: ..." naming no file. The start is now read when the
// file is, and its error is placed at the file's `start:` line.
BOOST_AUTO_TEST_CASE(a_start_position_that_does_not_read_is_the_game_files_error) {
    Folder f;
    const std::string start = "start: rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1";
    const std::string no_general = "start: rcnnncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1";  // black's is a knight
    const std::string file = f.write("games/nogeneral.yaml", game_file("nogeneral", start, no_general));
    for (const std::string& command : std::vector<std::string>{"validate " + file, "perft --game nogeneral --depth 1",
                                                               "analyze --game nogeneral --position startpos"}) {
        const auto r = run("--rulesets '" + f.dir.string() + "' " + command);
        BOOST_TEST(r.exit_code == 2, command << ": " << r.out);
        BOOST_TEST(contains(r.out, "nogeneral.yaml:37:8: start: FEN:"), command << ": " << r.out);
        BOOST_TEST(contains(r.out, "black has 0 generals"), r.out);
    }
}

// sides: [red, red] and files: [a, ..., a] were accepted: a claim `by: red`, or the square a1, then names two things.
BOOST_AUTO_TEST_CASE(a_side_or_a_file_named_twice_is_refused) {
    Folder f;
    const auto sides = run("--rulesets '" + f.dir.string() + "' validate " +
                           f.write("games/sides.yaml", game_file("sides", "sides: [red, black]", "sides: [red, red]")));
    BOOST_TEST(sides.exit_code == 2, sides.out);
    BOOST_TEST(contains(sides.out, "sides.yaml:10:14: sides: 'red' is given twice"), sides.out);
    const auto files = run("--rulesets '" + f.dir.string() + "' validate " +
                           f.write("games/files.yaml", game_file("files", "files: [a, b, c, d, e, f, g]",
                                                                  "files: [a, b, c, d, e, f, a]")));
    BOOST_TEST(files.exit_code == 2, files.out);
    BOOST_TEST(contains(files.out, "files.yaml:15:29: board.files: 'a' is given twice"), files.out);
}

// Two game files that read the same positions and name each other in variant_of each yielded to the other, and
// perft without --game said "no game file found"; a game naming itself in variant_of did the same alone.
BOOST_AUTO_TEST_CASE(variant_of_in_a_circle_is_named_not_reported_missing) {
    Folder f;
    const std::string base = bundled("rulesets/games/minixiangqi.yaml");
    f.write("games/cyca.yaml", replaced(replaced(base, "game: minixiangqi", "game: cyca"), "variant_of: xiangqi",
                                        "variant_of: cycb"));
    f.write("games/cycb.yaml", replaced(replaced(base, "game: minixiangqi", "game: cycb"), "variant_of: xiangqi",
                                        "variant_of: cyca"));
    const auto r = run("--rulesets '" + f.dir.string() +
                       "' perft --position 'rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1' --depth 1");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "several games (cyca, cycb) whose game files name one another in variant_of"), r.out);
    BOOST_TEST(!contains(r.out, "no game file found"), r.out);
    // Named, each plays.
    BOOST_TEST(run("--rulesets '" + f.dir.string() + "' perft --game cyca --depth 1").exit_code == 0);

    Folder self;
    const std::string file = self.write("games/selfv.yaml", replaced(replaced(base, "game: minixiangqi", "game: selfv"),
                                                                     "variant_of: xiangqi", "variant_of: selfv"));
    const auto v = run("--rulesets '" + self.dir.string() + "' validate " + file);
    BOOST_TEST(v.exit_code == 2, v.out);
    BOOST_TEST(contains(v.out, "selfv.yaml:9:13: variant_of: 'selfv' is this game"), v.out);
}

// `site --compare a/same.yaml --compare b/same.yaml` wrote compare-same.html twice, the second over the first, and
// linked both entries of the index to it; a '#' or '?' in a timeline's file name cut its link short.
BOOST_AUTO_TEST_CASE(site_pages_of_timelines_never_overwrite_each_other_or_break_their_links) {
    Folder f;
    fs::create_directories(f.dir / "a");
    fs::create_directories(f.dir / "b");
    const std::string timeline = bundled("tests/data/procedure/decision-not-allowed.yaml");
    const std::string ruled_a = replaced(timeline, "{decision: draw}", "{decision: deduct_time, amount: 2min}");
    const std::string ruled_b = replaced(timeline, "{decision: draw}", "{decision: deduct_time, amount: 1min}");
    const std::string a = f.write("a/same.yaml", ruled_a), b = f.write("b/same.yaml", ruled_b);
    const std::string odd = f.write("a/x#y?z.yaml", ruled_a);
    const fs::path site = f.dir / "site";
    const auto r = run("site '" + site.string() + "' --compare '" + a + "' --compare '" + b + "' --compare '" + odd +
                       "'");
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    BOOST_TEST(fs::exists(site / "compare-same.html"));
    BOOST_TEST(fs::exists(site / "compare-same-2.html"));
    BOOST_TEST(fs::exists(site / "compare-x_y_z.html"));
    BOOST_TEST(!fs::exists(site / "compare-x#y?z.html"));
    std::ifstream in(site / "compare-same-2.html");
    std::ostringstream second;
    second << in.rdbuf();
    BOOST_TEST(contains(second.str(), "deduct_time 1min"), "the second page holds the second timeline's decision");
    BOOST_TEST(!contains(second.str(), "deduct_time 2min"));
    std::ifstream index_in(site / "index.html");
    std::ostringstream index;
    index << index_in.rdbuf();
    BOOST_TEST(contains(index.str(), "href=\"compare-same-2.html\""));
}

// On a terminal, the width came from the window unchecked: one column wide, every cell of `diff` became an
// ellipsis and the rulebooks' names were lost. The window's width is now held to --width's range (20 to 1000).
BOOST_AUTO_TEST_CASE(a_terminal_one_column_wide_is_read_as_the_narrowest_width) {
    if (run_shell("command -v script >/dev/null && command -v stty >/dev/null && echo yes").out != "yes\n") {
        BOOST_TEST_MESSAGE("SKIPPED: script(1) or stty(1) is absent (Debian's util-linux and coreutils give them)");
        return;
    }
    const auto narrow = run_shell("cd '" ARBITER_SOURCE_DIR "' && PAGER=cat timeout 20 script -qec "
                                  "\"stty cols 1 rows 100000; '" ARBITER_BINARY
                                  "' diff fide-2009 fide-2014 --color never\" /dev/null");
    const auto twenty = run("diff fide-2009 fide-2014 --color never --width 20");
    BOOST_REQUIRE_MESSAGE(narrow.exit_code == 0, narrow.out);
    BOOST_TEST(contains(narrow.out, "fide-2009"), narrow.out.substr(0, 400));
    std::string seen = narrow.out;  // the terminal writes its newlines as CR LF
    std::erase(seen, '\r');
    BOOST_TEST(seen == twenty.out);
}

// `arbiter list > /dev/full` (and every other command) exited 0 with its whole output lost: the write error on the
// standard output was never looked at. It is now exit 2 with a message on stderr.
BOOST_AUTO_TEST_CASE(output_that_cannot_be_written_is_a_failure) {
    if (!fs::exists("/dev/full")) {
        BOOST_TEST_MESSAGE("SKIPPED: /dev/full is absent");
        return;
    }
    for (const std::string& command : std::vector<std::string>{"list", "diff fide-2009 fide-2014", "vocabulary"}) {
        const auto r = run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout 20 '" ARBITER_BINARY "' " + command +
                                 " 2>&1 >/dev/full");
        BOOST_TEST(r.exit_code == 2, command << ": " << r.out);
        BOOST_TEST(contains(r.out, "the output could not be written to the standard output"), r.out);
    }
}

// Warnings went to the standard error through spdlog's own sink, past the guard every other message passes: a time
// control of 20,000 periods came back whole in a 180 KB warning line. They now pass it too (a line is cut in its
// middle past 4096 bytes, saying how much was left out).
BOOST_AUTO_TEST_CASE(a_warning_quoting_a_huge_input_is_cut_like_an_error) {
    std::string periods;
    for (int k = 0; k < 20000; ++k) periods += "1/1:";
    periods += "1";
    const auto r = run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout 20 '" ARBITER_BINARY "' clock '" + periods +
                             "' --rulebook fide-2009 2>&1 >/dev/null");
    BOOST_TEST(r.exit_code == 0, r.out.substr(0, 300));
    BOOST_TEST(contains(r.out, "arbiter: warning: time control \"1/1:1/1:"), r.out.substr(0, 300));
    BOOST_TEST(contains(r.out, "bytes left out"), r.out.substr(0, 300));
    BOOST_TEST(r.out.size() < 5000u);
}

// `check` read the whole timeline again for every block of its expect:, and an id no folder holds failed only after
// that read: 1,000 unknown ids took 20 s, 20,000 (an 800 KB file) over an hour. An unknown id is now its block's
// error at once, placed at its own key.
BOOST_AUTO_TEST_CASE(an_expect_block_of_thousands_of_unknown_rulebooks_is_checked_in_linear_time) {
    Folder f;
    std::string text = bundled("tests/data/check/passes.yaml");
    text = text.substr(0, text.find("expect:")) + "expect:\n";
    for (int k = 0; k < 3000; ++k) text += "  r" + std::to_string(k) + "-x:\n    result: {status: ended}\n";
    const std::string file = f.write("many.yaml", text);
    const auto r = run("check '" + file + "'");
    BOOST_TEST(r.exit_code == 1, r.out.substr(0, 300));
    BOOST_TEST(contains(r.out, "many.yaml: FAIL (r2999-x)"), r.out.substr(0, 300));
    // The key's own place: the first block is on the line after expect:, the last 2 x 2,999 lines further.
    const auto expect_line = 1 + std::count(text.begin(), text.begin() + long(text.find("expect:")), '\n');
    const std::string first = "many.yaml:" + std::to_string(expect_line + 1) + ":3: expect: found the rulebook 'r0-x'";
    const std::string last = "many.yaml:" + std::to_string(expect_line + 1 + 2 * 2999) + ":3: expect: found the";
    BOOST_TEST(contains(r.out, first), r.out.substr(0, 400));
    BOOST_TEST(contains(r.out, last));
}

// Two record errors that named no line: a CSA P+ line with a 64th pawn in hand failed later as "SFEN: ... more than
// 63 pieces of one kind in hand", and a PGN FEN tag that does not read on the core's board as "FEN: ...".
BOOST_AUTO_TEST_CASE(record_setup_errors_are_placed_at_their_line) {
    Folder f;
    std::string csa = bundled("tests/data/shogi/elmo-vs-yaselmo-jishogi-declaration.csa");
    std::string pawns;
    for (int k = 0; k < 64; ++k) pawns += "00FU";
    csa = replaced(csa, "P+\n", "P+" + pawns + "\n");
    const std::string csa_file = f.write("hand.csa", csa.substr(0, csa.find("\n+\n") + 3) + "+2726FU\n%TORYO\n");
    const auto c = run("run '" + csa_file + "'");
    BOOST_TEST(c.exit_code == 2, c.out);
    // P+ is line 13; the 64th pawn starts at column 3 + 63 x 4.
    BOOST_TEST(contains(c.out, "hand.csa:13:255: CSA: more than 63 pieces of one kind in hand"), c.out);

    const std::string pgn = f.write("nokings.pgn", "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n"
                                                   "[Result \"*\"]\n\n1. e4 *\n");
    for (const std::string& command : std::vector<std::string>{"run --rulebook fide-2009", "import"}) {
        const auto r = run(command + " '" + pgn + "'");
        BOOST_TEST(r.exit_code == 2, r.out);
        BOOST_TEST(contains(r.out, "nokings.pgn:1:1: game 1: FEN tag: FEN: field 1"), command << ": " << r.out);
    }
}

// A schema folder (--schemas) is input too. valijson recursed once per nested schema and per $ref it followed: a
// timeline schema nested 5,000 deep, or a definition that is a $ref to itself, died of SIGSEGV; a remote $ref was an
// "internal error" blamed on the timeline being checked.
BOOST_AUTO_TEST_CASE(a_hostile_schema_folder_is_refused_naming_the_schema) {
    Folder f;
    const std::string timeline = "tests/data/check/passes.yaml";
    const std::string bundled_schema = bundled("schemas/timeline.schema.json");
    std::string deep;
    for (int k = 0; k < 5000; ++k) deep += "{\"properties\": {\"a\": ";
    deep += "{}";
    for (int k = 0; k < 5000; ++k) deep += "}}";
    const struct {
        const char* name;
        std::string schema, said;
    } cases[] = {
        {"deep", deep, "the schema nests 10000 levels deep; expected at most 256"},
        {"loop", replaced(bundled_schema, "\"definitions\": {",
                          "\"definitions\": {\"loop\": {\"$ref\": \"#/definitions/loop\"}, "),
         "$ref '#/definitions/loop' leads through references alone back to itself"},
        {"remote", replaced(bundled_schema, "\"definitions\": {",
                            "\"definitions\": {\"far\": {\"$ref\": \"http://example.invalid/s.json#/a\"}, "),
         "expected a reference within the file (#/...)"},
    };
    for (const auto& c : cases) {
        fs::create_directories(f.dir / c.name);
        f.write(std::string(c.name) + "/timeline.schema.json", c.schema);
        const auto r = run("--schemas '" + (f.dir / c.name).string() + "' validate " + timeline);
        BOOST_TEST(r.exit_code == 2, c.name << ": " << r.out);
        BOOST_TEST(contains(r.out, std::string(c.name) + "/timeline.schema.json"), c.name << ": " << r.out);
        BOOST_TEST(contains(r.out, c.said), c.name << ": " << r.out);
        BOOST_TEST(!contains(r.out, "internal error"), r.out);
    }
}

// compare --rulebooks fide-2009,fide-2009 (or 10,000 copies: 5 s, 2.3 MB) ruled the timeline once per copy, a
// column apiece, and said nothing.
BOOST_AUTO_TEST_CASE(compare_refuses_a_rulebook_named_twice) {
    const auto r = run("compare tests/data/check/passes.yaml --rulebooks fide-2009,jca-1997,fide-2009");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "--rulebooks names 'fide-2009' twice"), r.out);
    BOOST_TEST(run("compare tests/data/check/passes.yaml --rulebooks fide-2009,jca-1997").exit_code == 0);
}

// A timeline whose start the board already ends (the fool's mate, FIDE 2009 5.1a; an othello board with no empty
// square, where neither side can place) was ruled as "ongoing", claims and all. The start is refused at its line.
BOOST_AUTO_TEST_CASE(a_start_where_the_game_is_already_over_is_refused_at_start) {
    const auto mate = run("run tests/data/bad/start-at-checkmate.yaml");
    BOOST_TEST(mate.exit_code == 2, mate.out);
    BOOST_TEST(contains(mate.out, "start-at-checkmate.yaml:6:8: start: the game is already over in this position "
                                  "(checkmate)"),
               mate.out);
    const Folder f;
    std::string full;
    for (int k = 0; k < 32; ++k) full += "XO";
    const auto timeline = f.write("full-board.yaml", "timeline: full-board\n"
                                                     "event: {rulebook: joa-othello, time_control: \"1200\"}\n"
                                                     "start: {board: \"" + full + " X\"}\nentries: []\n");
    const auto othello = run("run " + timeline);
    BOOST_TEST(othello.exit_code == 2, othello.out);
    BOOST_TEST(contains(othello.out, "full-board.yaml:3:8: start: the game is already over in this position (neither "
                                     "side can move)"),
               othello.out);
    // An earlier position of the same games is ruled as before (the mate then ends the game on the board).
    BOOST_TEST(run("check tests/timelines/chess/151-flag-claimed-after-checkmate.yaml").exit_code == 0);
}

// The line (1-based) on which `text` first holds `what`.
long line_of(const std::string& text, const std::string& what) {
    const auto at = text.find(what);
    BOOST_REQUIRE_MESSAGE(at != std::string::npos, "the text no longer holds: " + what);
    return 1 + std::count(text.begin(), text.begin() + long(at), '\n');
}

// A game file whose default_rulebook names no rulebook (or another game's) made `run` of a record of that game say
// `<record>: no rulebook "..."`, blaming the record. The game file's key is now named at its place, with the way out.
BOOST_AUTO_TEST_CASE(an_unknown_default_rulebook_is_the_game_files_error) {
    const std::string record = "tests/data/othello/woc2007-final-game1-nicolet-tominaga.txt";
    const std::string base = bundled("rulesets/games/othello.yaml");
    const std::string key = "default_rulebook: joa-othello-2014";
    const struct {
        const char* id;
        std::string said;
    } cases[] = {{"nosuch-1999", "default_rulebook: no rulebook \"nosuch-1999\" for the records of othello"},
                 {"fide-2009", "default_rulebook: \"fide-2009\" is a chess rulebook for the records of othello"}};
    for (const auto& c : cases) {
        Folder f;  // its games/othello.yaml is found before the bundled one (--rulesets comes first)
        const std::string text = replaced(base, key, std::string("default_rulebook: ") + c.id);
        f.write("games/othello.yaml", text);
        // The value starts after "default_rulebook: ", at column 19.
        const std::string place = "othello.yaml:" + std::to_string(line_of(text, "default_rulebook:")) + ":19: ";
        for (const std::string command : {"run", "import"}) {
            const auto r = run("--rulesets '" + f.dir.string() + "' " + command + " " + record);
            BOOST_TEST(r.exit_code == 2, command << ": " << r.out);
            BOOST_TEST(contains(r.out, place + c.said), command << ": " << r.out);
            BOOST_TEST(contains(r.out, "(" + record + ", game 1)"), r.out);
            BOOST_TEST(contains(r.out, "or name one with --rulebook"), r.out);
        }
        // The way out the message gives: --rulebook names one, and the record runs.
        const auto named = run("--rulesets '" + f.dir.string() + "' import " + record + " --rulebook joa-othello-2014");
        BOOST_TEST(named.exit_code == 0, named.out.substr(0, 400));
    }
}

// A game file with 100,000 records.names was kept whole, and every record's game was looked for through the list
// (an audit of 3 WTHOR files: 3.3 s and 150 MB against 0.6 s and 32 MB). The list is now refused past 64 names,
// at its place, by every command that reads the game file's profile.
BOOST_AUTO_TEST_CASE(a_records_names_list_past_its_bound_is_refused_at_load) {
    const std::string base = bundled("rulesets/games/othello.yaml");
    const std::string key = "names: [\"\", othello]";
    const auto with_names = [&](int extra) {
        std::string names = "names: [\"\", othello";
        for (int k = 0; k < extra; ++k) names += ", n" + std::to_string(k);
        return replaced(base, key, names + "]");
    };
    Folder f;
    const std::string text = with_names(99998);  // 100,000 names in all
    const std::string file = f.write("games/othello.yaml", text);
    // The list's '[' is at column 10 of "  names: [".
    const std::string said = "othello.yaml:" + std::to_string(line_of(text, key.substr(0, 9))) +
                             ":10: records.names: 100000 names; expected at most 64";
    for (const std::string& command : std::vector<std::string>{"validate " + file,
                                                               "audit tests/data/othello/WTH_1977.wtb",
                                                               "run tests/data/othello/WTH_1977.wtb"}) {
        const auto r = run("--rulesets '" + f.dir.string() + "' " + command);
        BOOST_TEST(r.exit_code == 2, command << ": " << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, said), command << ": " << r.out.substr(0, 400));
    }
    // 64 names are a game file still, and its records are read.
    const std::string at_bound = f.write("games/othello.yaml", with_names(62));
    BOOST_TEST(run("--rulesets '" + f.dir.string() + "' validate " + at_bound).exit_code == 0);
    const auto audit = run("--rulesets '" + f.dir.string() + "' audit tests/data/othello/WTH_1977.wtb");
    BOOST_TEST(!contains(audit.out, "records.names"), audit.out.substr(0, 400));
}

// A schema folder's pattern `^(a+)+$` made std::regex backtrack through every split of a near match: a timeline named
// with 30 letters a and a b kept validate busy for over a minute. The patterns are matched in linear time now
// (rulebook/pattern_match.h): with the timeline's name (line 10, column 11 of the timeline below) held to each such
// pattern, a name of 40 letters a and a 'c' is refused at once, a name of letters a alone read. A backreference, outside
// the patterns read, is refused when the schema is read, naming the schema and the pattern.
BOOST_AUTO_TEST_CASE(a_schema_pattern_of_nested_repeats_is_matched_in_linear_time) {
    Folder f;
    const std::string schema = bundled("schemas/timeline.schema.json");
    const std::string name_key = "\"timeline\": {\"description\": \"The timeline's name.\", \"type\": [\"string\", \"number\"]";
    const std::string passes = bundled("tests/data/check/passes.yaml");
    const auto named = [&](const std::string& name) {
        return f.write("named.yaml", replaced(passes, "timeline: arrival-at-exactly-one-hour", "timeline: " + name));
    };
    for (const std::string pattern : {"^(a+)+$", "^(a|a)+$", "^(x|a*)*a$", "^((a){2,})+$"}) {
        fs::remove_all(f.dir / "slow");
        fs::create_directories(f.dir / "slow");
        f.write("slow/timeline.schema.json", replaced(schema, name_key, name_key + ", \"pattern\": \"" + pattern + "\""));
        const std::string schemas = "--schemas '" + (f.dir / "slow").string() + "' validate ";
        const auto r = run(schemas + named(std::string(40, 'a') + "c"));
        BOOST_TEST(r.exit_code == 2, pattern << ": " << r.out);
        BOOST_TEST(contains(r.out, "named.yaml:10:11: timeline: found \"aaaa"), pattern << ": " << r.out);
        const auto ok = run(schemas + named(std::string(40, 'a')));
        BOOST_TEST(ok.exit_code == 0, pattern << ": " << ok.out);
    }
    f.write("slow/timeline.schema.json", replaced(schema, name_key, name_key + ", \"pattern\": \"^(a)\\\\1$\""));
    const auto refused = run("--schemas '" + (f.dir / "slow").string() + "' validate " + named("aa"));
    BOOST_TEST(refused.exit_code == 2, refused.out);
    BOOST_TEST(contains(refused.out, "slow/timeline.schema.json: pattern '^(a)\\1$': byte 6: a backreference"),
               refused.out);
    const std::string timeline = "tests/data/check/passes.yaml";
    // The bundled schemas as a user's folder: every pattern of theirs reads.
    fs::create_directories(f.dir / "copy");
    for (const auto& entry : fs::directory_iterator(fs::path(ARBITER_SOURCE_DIR) / "schemas"))
        fs::copy_file(entry.path(), f.dir / "copy" / entry.path().filename());
    const auto copy = run("--schemas '" + (f.dir / "copy").string() + "' validate " + timeline);
    BOOST_TEST(copy.exit_code == 0, copy.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_games_test
