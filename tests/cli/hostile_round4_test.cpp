// Hostile input, round four (issue 34): rulebook titles holding newlines, escapes and bidirectional overrides in
// the text tables and HTML pages, empty strings where a command names a folder or a game, and the other corners
// tried against the landed build (tests/data/hostile/README.md lists what is reported rather than fixed).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace hostile_round4_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::CliResult;
using arbiter::test::run_shell;

// A rulesets folder of this test's own, removed at the end.
struct Folder {
    fs::path dir = arbiter::test::scratch_path("hostile-round4");
    Folder() { fs::create_directories(dir); }
    ~Folder() {
        std::error_code ignored;
        fs::remove_all(dir, ignored);
    }
    void write(const std::string& name, const std::string& text) const {
        std::ofstream(dir / name, std::ios::binary) << text;
    }
    // A rulebook extending fide-2018 that changes nothing but its title (a YAML double-quoted string, escapes and
    // all), in English and Japanese alike.
    void rulebook(const std::string& id, const std::string& quoted_title) const {
        write(id + ".yaml", "format: 2\nrulebook: " + id + "\ntitle: {en: \"" + quoted_title + "\", ja: \"" +
                                quoted_title + "\"}\ngame: chess\nextends: fide-2018\nsource: {file: f, part: p}\n"
                                "rules: {}\n");
    }
};

// `arbiter <args>` from the source folder with stderr merged and a 20 s limit (a hang fails as exit 124).
CliResult run(const std::string& args) {
    return run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout 20 '" ARBITER_BINARY "' " + args + " 2>&1");
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

BOOST_AUTO_TEST_SUITE(hostile_round4)

// A title is one cell of `list`'s table; its newline was printed as it stood, so one rulebook's title could start a
// line of its own that reads as another rulebook's row (here a fake fide-2009). A newline or tab in a cell is now a
// space, and the title stays on its rulebook's row.
BOOST_AUTO_TEST_CASE(a_title_with_a_newline_cannot_start_a_row_of_list) {
    Folder f;
    f.rulebook("forge", "Forged\\nfide-2009  chess  Fake row\\tend");
    for (const std::string lang : {"en", "ja"}) {
        const auto r = run("--rulesets '" + f.dir.string() + "' list --lang " + lang);
        BOOST_TEST(r.exit_code == 0, r.out);
        int rows = 0;
        for (const std::string& line : lines_of(r.out)) {
            if (!contains(line, "Fake row")) continue;
            ++rows;
            BOOST_TEST(line.rfind("forge ", 0) == 0, "the title left its row: " << line);
            BOOST_TEST(!contains(line, "\t"), line);
        }
        BOOST_TEST(rows == 1, r.out);
    }
}

// `show` printed the title and issuer on header lines as they stood: a title "Forged\nissuer: FIDE" added a line
// that read as the rulebook's issuer. A newline or tab in a header field is now a space.
BOOST_AUTO_TEST_CASE(a_title_with_a_newline_cannot_add_a_header_line_to_show) {
    Folder f;
    f.rulebook("forge", "Forged\\nissuer: FIDE\\tend");
    for (const std::string lang : {"en", "ja"}) {
        const auto r = run("--rulesets '" + f.dir.string() + "' show forge --lang " + lang);
        BOOST_TEST(r.exit_code == 0, r.out);
        const auto lines = lines_of(r.out);
        BOOST_REQUIRE(!lines.empty());
        BOOST_TEST(lines.front() == "forge  Forged issuer: FIDE end", r.out);
        for (std::size_t i = 1; i < lines.size(); ++i) BOOST_TEST(!contains(lines[i], "FIDE end"), lines[i]);
    }
}

// html_escape escaped only & < > " ': an ESC, a BEL and U+202E (which reverses what follows it on the page) in a
// rulebook's title reached the diff's and history's HTML as raw bytes. They are now written visibly, as on a
// terminal (\x1b, \u202e).
BOOST_AUTO_TEST_CASE(control_characters_and_bidi_overrides_are_visible_in_html) {
    Folder f;
    f.rulebook("ctl", "\\e[2J\\abell \\u202Eevil\\u2066");
    for (const std::string& command : std::vector<std::string>{
             "diff fide-2018 ctl --format html", "diff fide-2018 ctl --format html --lang ja",
             "history draw.repetition --rulebooks fide-2014,ctl --format html"}) {
        const auto r = run("--rulesets '" + f.dir.string() + "' " + command);
        BOOST_TEST(r.exit_code == 0, command << ": " << r.out);
        BOOST_TEST(r.out.find('\x1b') == std::string::npos, command);
        BOOST_TEST(r.out.find('\x07') == std::string::npos, command);
        BOOST_TEST(r.out.find("\xe2\x80\xae") == std::string::npos, command);  // U+202E in UTF-8
        BOOST_TEST(r.out.find("\xe2\x81\xa6") == std::string::npos, command);  // U+2066
        if (contains(command, "diff")) BOOST_TEST(contains(r.out, "\\x1b[2J\\x07bell \\u202eevil\\u2066"), command);
    }
}

// `site ''` wrote its 44 pages into the current folder (an empty path is no folder, and appending a page name to it
// gave a bare file name); `perft --game ''` and `analyze --game ''` counted chess, the default game, as if no
// --game had been given. An empty name is now refused like any bad argument, and nothing is written.
BOOST_AUTO_TEST_CASE(an_empty_folder_or_game_name_is_refused) {
    Folder f;
    const auto site = run_shell("cd '" + f.dir.string() + "' && timeout 20 '" ARBITER_BINARY "' site '' 2>&1");
    BOOST_TEST(site.exit_code == 2, site.out);
    BOOST_TEST(contains(site.out, "DIR: found an empty string"), site.out);
    BOOST_TEST(fs::is_empty(f.dir), "site wrote into the current folder");
    for (const std::string& command :
         std::vector<std::string>{"perft --game '' --depth 1", "analyze --game '' --position startpos"}) {
        const auto r = run(command);
        BOOST_TEST(r.exit_code == 2, command << ": " << r.out);
        BOOST_TEST(contains(r.out, "--game: found an empty string"), command << ": " << r.out);
    }
}

// `site` wrote every page but those of a user rulebook that did not load, exit 0 and not a word (`list` names the
// problem and exits 2): a broken rulebook went missing from the site unnoticed. Now the problem is printed at its
// place and nothing is written.
BOOST_AUTO_TEST_CASE(site_refuses_a_rulebook_that_does_not_load) {
    Folder f;
    f.write("broken.yaml", "format: 2\nrulebook: broken\ntitle: {en: x, ja: x}\ngame: chess\nextends: fide-2018\n");
    const fs::path out = f.dir / "site";
    const auto r = run("--rulesets '" + f.dir.string() + "' site '" + out.string() + "'");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "broken.yaml:1:1: missing the key 'rules'"), r.out);
    BOOST_TEST(!fs::exists(out), "pages were written");
}

// opponent_material_in and offender_material_lacks list piece letters, and a letter the game has no piece for was
// accepted: `offender_material_lacks: p` (chess letters are upper case) held for every player, so the US Chess 14E3
// draw below applied even against a player with pawns; a NUL was kept the same way. Refused where the rulebook meets
// its game (validate, and run before the first entry), at the value's line and column.
BOOST_AUTO_TEST_CASE(a_material_letter_the_game_has_no_piece_for_is_refused) {
    Folder f;
    const std::string rule = "source: {file: f, part: p}\nrules:\n  clock.flag_fall:\n    article: \"14E\"\n"
                             "    summary: {en: s, ja: s}\n    cases:\n      - when: {opponent_material_in: \"KNN\", "
                             "offender_material_lacks: ";
    for (const auto& [id, letters, shown] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"lower", "\"p\"", "the letter 'p'"}, {"nul", "\"P\\0\"", "a control or non-ASCII byte"}}) {
        f.write(id + ".yaml", "format: 2\nrulebook: " + id +
                                  "\ntitle: {en: x, ja: x}\ngame: chess\nextends: uschess-7\n" + rule + letters +
                                  "}\n        effects: [draw]\n");
        for (const std::string& command :
             {"validate '" + (f.dir / (id + ".yaml")).string() + "'",
              "run tests/timelines/chess/179-uschess-flag-two-knights-against-a-pawn-wins.yaml --rulebook " + id}) {
            const auto r = run("--rulesets '" + f.dir.string() + "' " + command);
            BOOST_TEST(r.exit_code == 2, command << ": " << r.out);
            BOOST_TEST(contains(r.out, id + ".yaml:12:70: found " + shown + " in offender_material_lacks"),
                       command << ": " << r.out);
        }
    }
}

// A whole number too large for int64 is read as a double (as an editor's YAML check types it), and std::stod threw
// out_of_range past 1e308: a 400-digit number anywhere in a YAML file (a rulebook, an event's set:, a timeline) was
// "internal error: stod" or "arbiter: error: stod", with no place. It is now a number too large, refused at its place.
BOOST_AUTO_TEST_CASE(a_number_of_hundreds_of_digits_is_refused_at_its_place) {
    Folder f;
    const std::string huge = "1" + std::string(400, '0');
    f.write("wide.yaml", "format: 2\nrulebook: wide\ntitle: {en: x, ja: x}\ngame: chess\nextends: fide-2018\n"
                         "source: {file: f, part: p}\nrules: {}\ncategory_basis: {moves: " + huge + "}\n");
    f.write("event.yaml", "event: E\nrulebook: fide-2001\ntime_control: \"5400+30\"\nset:\n"
                          "  clock.late_arrival.default_time: " + huge + "\n");
    for (const auto& [command, place] : std::vector<std::pair<std::string, std::string>>{
             {"validate '" + (f.dir / "wide.yaml").string() + "'", "wide.yaml:8:25: "},
             {"event check '" + (f.dir / "event.yaml").string() + "'", "event.yaml:5:36: "}}) {
        const auto r = run("--rulesets '" + f.dir.string() + "' " + command);
        BOOST_TEST((r.exit_code == 1 || r.exit_code == 2), command << ": " << r.out);
        BOOST_TEST(contains(r.out, place), command << ": " << r.out);
        BOOST_TEST(!contains(r.out, "stod"), command << ": " << r.out);
    }
}

// `audit --rulebooks fide-2009,fide-2009` printed two fide-2009 lines in its summary, the first counting both
// rulings of a single game ("2 agree"), the second none. Refused as compare and history refuse it.
BOOST_AUTO_TEST_CASE(audit_refuses_a_rulebook_named_twice) {
    const auto r = run("audit --rulebooks fide-2009,fide-2014,fide-2009 "
                       "tests/data/chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "--rulebooks names 'fide-2009' twice; expected each rulebook once"), r.out);
}

// `history --rulebooks` took one id any number of times: 10,000 copies of fide-2009 printed its rules 10,000 times
// (40 MB, 18 s). Each edition is named once, as `compare --rulebooks` already asks.
BOOST_AUTO_TEST_CASE(history_refuses_a_rulebook_named_twice) {
    const auto r = run("history draw.repetition --rulebooks fide-2009,fide-2014,fide-2009");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "--rulebooks names 'fide-2009' twice; expected each rulebook once"), r.out);
}

// A schema folder or a rulesets folder holding a FIFO or a folder where a file is looked for (timeline.schema.json,
// games/xiangqi.yaml) was passed over in silence and the bundled file used: exit 0, checked against what the user
// meant to replace. What stands at the name is now that folder's answer, refused by name by the front door.
BOOST_AUTO_TEST_CASE(a_fifo_or_folder_where_a_schema_or_game_file_is_looked_for_is_refused) {
    Folder f;
    fs::create_directories(f.dir / "schemas");
    fs::create_directories(f.dir / "games" / "xiangqi.yaml");
    BOOST_REQUIRE(run_shell("mkfifo '" + (f.dir / "schemas" / "timeline.schema.json").string() + "'").exit_code == 0);
    const std::string timeline = "tests/timelines/xiangqi/01-perpetual-check.yaml";
    const auto schema = run("--schemas '" + (f.dir / "schemas").string() + "' validate " + timeline);
    BOOST_TEST(schema.exit_code == 2, schema.out);
    BOOST_TEST(contains(schema.out, "timeline.schema.json: is not a regular file"), schema.out);
    for (const std::string& command : {"run " + timeline, std::string("perft --game xiangqi --depth 1")}) {
        const auto game = run("--rulesets '" + f.dir.string() + "' " + command);
        BOOST_TEST(game.exit_code == 2, command << ": " << game.out);
        BOOST_TEST(contains(game.out, "games/xiangqi.yaml: is a folder"), command << ": " << game.out);
    }
}

// A rulebook's category_basis may count up to 2^31 - 1 moves. The game time of a control whose last period repeats
// was summed one repetition at a time (`1/60`: 2^31 - 1 passes, 30 s for `clock` and for every game `run` or `audit`
// ruled under it), and the product of the moves and an increment wrapped past 64 bits (1194 h of increment: a
// negative game time, "none of the rulebook's categories applies"). The repetitions are counted at once and the
// sums stop at the largest duration.
BOOST_AUTO_TEST_CASE(a_huge_category_basis_is_counted_at_once_and_never_wraps) {
    Folder f;
    f.write("wide.yaml", "format: 2\nrulebook: wide\ntitle: {en: x, ja: x}\ngame: chess\nextends: uschess-7\n"
                         "source: {file: f, part: p}\nrules: {}\ncategory_basis: {moves: 2147483647}\n");
    // 2147483647 moves of a one-minute period: 2147483647 min = 35791394 h (2147483640 min) and 7 min, over 65 min.
    const auto repeated = run("--rulesets '" + f.dir.string() + "' clock 1/60 --rulebook wide");
    BOOST_TEST(repeated.exit_code == 0, repeated.out);
    BOOST_TEST(contains(repeated.out, "regular (wide 5C; game time 35791394h7min for 2147483647 moves)"),
               repeated.out);
    // 1194 h = 4,298,400,000 ms, times 2147483647 moves = 9.23e18 ms, past 2^63 - 1 = 9.22e18: at least 65 min.
    const auto wrapped =
        run("--rulesets '" + f.dir.string() + "' clock '{time: 1h, increment: 1194h}' --rulebook wide");
    BOOST_TEST(wrapped.exit_code == 0, wrapped.out);
    BOOST_TEST(contains(wrapped.out, "category     regular (wide 5C; game time "), wrapped.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_round4_test
