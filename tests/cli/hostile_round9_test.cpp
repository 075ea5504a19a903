// Hostile input, round nine (issue 34): what round eight left (an empty item in --rulebooks, a PGN of escape lines
// counted as a game) and this round's attacks on the classes the earlier rounds tried least; tried against main
// 2af599f (tests/data/hostile/README.md lists what this round reports rather than fixes).
#include "cli/hostile_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace hostile_round9_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter::test::hostile;

BOOST_AUTO_TEST_SUITE(hostile_round9)

// An empty item in --rulebooks (`fide-2009,`, `a,,b`) was skipped: the list was ruled without it, exit 0, though
// it is most often an id left out. It is refused naming the item, in each command that takes the list.
BOOST_AUTO_TEST_CASE(an_empty_item_in_rulebooks_is_refused) {
    const std::string record = "tests/data/chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn";
    for (const std::string& command : {"audit " + record, "compare " + record, std::string("history move.touch")}) {
        for (const std::string list : {"fide-2009,", ",fide-2009", "fide-2009,,fide-2018"}) {
            const auto r = run(command + " --rulebooks '" + list + "'");
            BOOST_TEST_INFO(command << " --rulebooks " << list);
            BOOST_TEST(r.exit_code == 2, r.out.substr(0, 300));
            BOOST_TEST(contains(r.out, "--rulebooks has an empty item (item "), r.out.substr(0, 300));
        }
        const auto two = run(command + " --rulebooks fide-2009,fide-2018");
        BOOST_TEST(two.exit_code == 0, command << ": " << two.out.substr(0, 300));
    }
    // Which item: the second of "fide-2009,,fide-2018", the second of "fide-2009,".
    BOOST_TEST(contains(run("history move.touch --rulebooks fide-2009,,fide-2018").out, "(item 2)"));
    BOOST_TEST(contains(run("history move.touch --rulebooks fide-2009,").out, "(item 2)"));
}

// A PGN of escape lines alone (PGN 6: a line starting with '%' is outside the game syntax) was audited as "1 game
// read, 1 rejected" (no game in this text); escape lines between two games made a third, rejected game. They hold no
// game: the file alone is a rejected file without a game (as an empty PGN), and between games they are skipped.
BOOST_AUTO_TEST_CASE(escape_lines_are_no_game_in_an_audit) {
    ScratchFolder f("hostile-round9-escape-lines");
    write(f.path() / "escape.pgn", "% written by a tool\n%another escape line\n");
    const auto alone = run("audit '" + (f.path() / "escape.pgn").string() + "'");
    BOOST_TEST(alone.exit_code == 2, alone.out);
    BOOST_TEST(contains(alone.out, "no game in this pgn file"), alone.out);
    BOOST_TEST(!contains(alone.out, "1 game read"), alone.out);
    const std::string game = bundled("tests/data/chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn");
    write(f.path() / "two.pgn", game + "\n% between the games\n\n" + game + "\n% after them\n");
    const auto two = run("audit '" + (f.path() / "two.pgn").string() + "'");
    BOOST_TEST(two.exit_code == 0, two.out);
    BOOST_TEST(contains(two.out, "2 games read"), two.out);
    BOOST_TEST(contains(two.out, " 0 rejected;"), two.out);
}

// `show` and `event check` write their text through a filter that makes control characters visible; putting
// std::cout's buffer back cleared the stream's state, so a write that failed (`> /dev/full`, a closed standard
// output) was forgotten: exit 0 with nothing written, where every other command says so and exits 2.
BOOST_AUTO_TEST_CASE(a_standard_output_that_cannot_be_written_fails_show_and_event_check) {
    for (const std::string args : {"show fide-2009", "show fide-2009 --lang ja", "show fide-2009 --topic move.touch",
                                   "event check tests/data/events/fide2009-club.yaml"}) {
        BOOST_TEST_INFO(args);
        BOOST_TEST(run(args).exit_code == 0);
        for (const std::string out : {" 2>&1 >/dev/full", " 2>&1 >&-"}) {  // stderr read, stdout refused
            const auto r = run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout 30 '" ARBITER_BINARY "' " + args + out);
            BOOST_TEST(r.exit_code == 2, out << ": " << r.out.substr(0, 300));
            BOOST_TEST(contains(r.out, "the output could not be written to the standard output"), r.out.substr(0, 300));
        }
    }
}

// A file a YAML value names that the front door refuses whole (a folder, a FIFO, a device) was refused naming that
// file alone ("ev/.: is a folder"), not the line that named it, where a missing file is refused at its line. Both
// are refused at the value now, the front door's reason kept.
BOOST_AUTO_TEST_CASE(a_named_file_refused_whole_is_refused_where_it_is_named) {
    ScratchFolder f("hostile-round9-named-files");
    BOOST_REQUIRE(run_shell("mkfifo '" + (f.path() / "fifo.yaml").string() + "' '" +
                            (f.path() / "fifo.lua").string() + "'").exit_code == 0);
    fs::create_directories(f.path() / "folder.yaml");
    fs::create_directories(f.path() / "folder.lua");
    fs::create_symlink("/dev/zero", f.path() / "zero.lua");
    const std::string entries = "start: startpos\nentries:\n  - {at: '0:00:01', move: e4}\n";
    for (const std::string named : {"fifo.yaml", "folder.yaml", "/dev/zero"}) {
        write(f.path() / "t.yaml", "timeline: t\nevent: '" + named + "'\n" + entries);
        const auto r = run("validate '" + (f.path() / "t.yaml").string() + "'");
        BOOST_TEST_INFO(named);
        BOOST_TEST(r.exit_code == 2, r.out);
        BOOST_TEST(contains(r.out, "t.yaml:2:8: event: found the path '" + named + "', which cannot be read ("), r.out);
        BOOST_TEST(contains(r.out, "expected an event file relative to the timeline"), r.out);
    }
    const std::string header = "title: {en: x, ja: x}\nissuer: {en: x, ja: x}\ngame: chess\nextends: fide-2001\n"
                               "source: {file: x.txt}\nrules: {}\nhooks: ";
    for (const std::string named : {"fifo.lua", "folder.lua", "zero.lua"}) {
        write(f.path() / "hooked.yaml", "rulebook: hooked\n" + header + named + "\n");
        const auto r = run("--rulesets '" + f.path().string() + "' validate '" + (f.path() / "hooked.yaml").string() +
                           "'");
        BOOST_TEST_INFO(named);
        BOOST_TEST(r.exit_code == 2, r.out);
        BOOST_TEST(contains(r.out, "hooked.yaml:8:8: hooks: found the path '" + named + "', which cannot be read ("),
                   r.out);
    }
    // A refusal inside the named file keeps its own place.
    write(f.path() / "bad-event.yaml", "event: e\nrulebook: [\n");
    write(f.path() / "t.yaml", "timeline: t\nevent: bad-event.yaml\n" + entries);
    const auto inside = run("validate '" + (f.path() / "t.yaml").string() + "'");
    BOOST_TEST(inside.exit_code == 2, inside.out);
    BOOST_TEST(contains(inside.out, "bad-event.yaml:"), inside.out);
    BOOST_TEST(!contains(inside.out, "t.yaml:2:8"), inside.out);
}

// `perft --max-moves -1` was read as 2^64 - 1 (CLI11 wraps a negative number into an unsigned option), so a budget
// written by mistake became no budget at all, exit 0. The option takes digits alone.
BOOST_AUTO_TEST_CASE(a_negative_move_budget_is_refused) {
    for (const std::string value : {"-1", "-0", "+5", "1e3", "0x10", "''"}) {
        const auto r = run("perft --depth 1 --max-moves " + value);
        BOOST_TEST_INFO(value);
        BOOST_TEST(r.exit_code == 2, r.out.substr(0, 300));
        BOOST_TEST(!contains(r.out, "nodes:"), r.out.substr(0, 300));
    }
    BOOST_TEST(contains(run("perft --depth 1 --max-moves -1").out, "expected a whole number written in digits"));
    // From the start, depth 1 makes the 20 first moves (chessprogramming.org Perft Results): 20 is enough, 19 not.
    const auto exact = run("perft --game chess --depth 1 --max-moves 20");
    BOOST_TEST(exact.exit_code == 0, exact.out);
    BOOST_TEST(contains(exact.out, "nodes: 20"), exact.out);
    BOOST_TEST(run("perft --game chess --depth 1 --max-moves 19").exit_code == 2);
}

// A rulebook of a user's folder that does not load (a YAML error at its line 8) was "no rulebook 'badbook'" to
// audit, compare, check and run or import of a record, the place of its fault left out; show, history, diff,
// validate and clock named it. Every command now refuses it at its file's line and column.
BOOST_AUTO_TEST_CASE(a_rulebook_that_does_not_load_is_refused_at_its_fault) {
    ScratchFolder f("hostile-round9-bad-rulebook");
    write(f.path() / "badbook.yaml", "rulebook: badbook\ntitle: {en: x, ja: x}\nissuer: {en: x, ja: x}\n"
                                     "game: chess\nextends: fide-2009\nsource: {file: x.txt}\nrules:\n"
                                     "  move.touch: {article: [1}\n");
    const std::string rulesets = "--rulesets '" + f.path().string() + "' ";
    const std::string record = "tests/data/chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn";
    const std::string timeline = "tests/timelines/chess/01-incorrect-claim-25min.yaml";
    for (const std::string& args :
         {"audit " + record + " --rulebooks badbook", "audit " + record + " --rulebook badbook",
          "compare " + record + " --rulebooks badbook", "compare " + timeline + " --rulebooks badbook",
          "run " + record + " --rulebook badbook", "import " + record + " --rulebook badbook",
          "check " + timeline + " --rulebook badbook", "run " + timeline + " --rulebook badbook",
          std::string("show badbook"), std::string("history move.touch --rulebooks fide-2009,badbook"),
          std::string("diff fide-2009 badbook")}) {
        const auto r = run(rulesets + args);
        BOOST_TEST_INFO(args);
        BOOST_TEST(r.exit_code == 2, r.out.substr(0, 500));
        BOOST_TEST(contains(r.out, "badbook.yaml:8:"), r.out.substr(0, 500));
        BOOST_TEST(!contains(r.out, "no rulebook"), r.out.substr(0, 500));
    }
    // An id that names no file is still "no rulebook", with the nearest ids.
    const auto unknown = run(rulesets + "audit " + record + " --rulebook fide-2099");
    BOOST_TEST(unknown.exit_code == 2, unknown.out);
    BOOST_TEST(contains(unknown.out, "arbiter: audit: no rulebook 'fide-2099'"), unknown.out);
}

// `validate` and `check` print each file's name on stdout as it was given: a name holding ESC (a script passing
// names read from an archive) reached the terminal, where every other command's text writes it as \x1b.
BOOST_AUTO_TEST_CASE(validate_and_check_write_file_names_safely) {
    ScratchFolder f("hostile-round9-escape-name");
    const fs::path named = f.path() / "t\x1b[31m.yaml";
    fs::copy_file(fs::path(ARBITER_SOURCE_DIR) / "tests/timelines/chess/01-incorrect-claim-25min.yaml", named);
    for (const std::string command : {"validate", "check", "validate --lang ja", "check --lang ja"}) {
        const auto r = run_stdout(command + " '" + named.string() + "'");
        BOOST_TEST_INFO(command);
        BOOST_TEST(r.exit_code == 0, r.out);
        BOOST_TEST(!contains(r.out, "\x1b"), r.out);
        BOOST_TEST(contains(r.out, "t\\x1b[31m.yaml: "), r.out);
    }
}

// The site's pages write a title's control characters and bidirectional overrides visibly (html_escape), but its
// search index carried them as they were: the search page showed a result reordered by U+202E, or holding ESC.
BOOST_AUTO_TEST_CASE(the_search_index_writes_control_characters_visibly) {
    ScratchFolder f("hostile-round9-site-index");
    fs::create_directories(f.path() / "rulesets");
    std::string book = bundled("tests/data/extension/chess/press-without-move-example.yaml");
    const std::string title = "  en: \"Example: the FIDE Laws";
    const auto at = book.find(title);
    BOOST_REQUIRE(at != std::string::npos);
    book.insert(at + title.size(), " \\u202e evil \\e[31m");
    write(f.path() / "rulesets" / "press-without-move-example.yaml", book);
    const auto r = run("--rulesets '" + (f.path() / "rulesets").string() + "' site '" + (f.path() / "site").string() +
                           "'",
                       120);
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.out.substr(0, 500));
    for (const std::string name : {"search-index.js", "search-index.ja.js"}) {
        std::ifstream in(f.path() / "site" / name, std::ios::binary);
        const std::string index((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        BOOST_TEST_INFO(name);
        if (name == "search-index.js") BOOST_TEST(contains(index, "Example: the FIDE Laws \\\\u202e evil \\\\x1b[31m"));
        BOOST_TEST(!contains(index, "\xe2\x80\xae"));
        BOOST_TEST(!contains(index, "\\u001b"));
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_round9_test
