// Hostile input, round five (issue 34): a schema folder's pattern whose searches together cost hours, and empty or
// comma-only rulebook options taken as no option at all; tried against main 3911139 (tests/data/hostile/README.md
// lists what this round reports rather than fixes).
#include "cli/hostile_run.h"
#include "cli/named_timeline_pattern.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace hostile_round5_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::CliResult;
using arbiter::test::run_shell;
using arbiter::test::ScratchFolder;
using arbiter::test::hostile::run;
using arbiter::test::hostile::bundled;
using arbiter::test::hostile::write;

BOOST_AUTO_TEST_SUITE(hostile_round5)

// A schema's pattern is matched in time linear in the string, but the factor is the pattern's program: nine repeats
// of a thousand optional bytes compile to about 18,000 steps, every one of them alive at every byte, so a timeline
// of a hundred notes of 4,000 bytes kept validate busy for minutes (docs/HARDENING.md has the figures). The searches
// of one file's check now share one count of steps (rulebook/schema_patterns.h PatternWork): the first note fits
// within it, the second (entries[1], line 6 below, column 59 where its text starts) does not, and the file is
// refused there, exit 2, naming the schema and its pattern.
BOOST_AUTO_TEST_CASE(a_costly_schema_pattern_stops_at_a_count_of_steps) {
    ScratchFolder f("hostile-round5-pattern");
    const std::string note = "\"note\": {\"description\": \"A remark on this entry.\", \"type\": \"string\"";
    std::string schema = bundled("schemas/timeline.schema.json");
    const auto at = schema.find(note);
    BOOST_REQUIRE(at != std::string::npos);
    schema.insert(at + note.size(), ", \"pattern\": \"(?:(?:.?){1000}){9}$\"");
    fs::create_directories(f.path() / "schemas");
    write(f.path() / "schemas" / "timeline.schema.json", schema);
    std::string timeline = "timeline: t\nevent: {rulebook: fide-2009, time_control: \"5400\"}\nstart: startpos\n"
                           "entries:\n";
    for (int i = 0; i < 100; ++i)
        timeline += "  - {at: \"0:00:05\", offer: {by: white, kind: draw}, note: \"" + std::string(4000, 'x') + "\"}\n";
    write(f.path() / "notes.yaml", timeline);
    const auto r = run("--schemas '" + (f.path() / "schemas").string() + "' validate '" +
                           (f.path() / "notes.yaml").string() + "'",
                       60);
    BOOST_TEST(r.exit_code == 2, r.out.substr(0, 600));
    BOOST_TEST(contains(r.out, "notes.yaml:6:59: entries[1].note: found \"xxxx"), r.out.substr(0, 600));
    BOOST_TEST(contains(r.out, "timeline.schema.json's pattern '(?:(?:.?){1000}){9}$' checks in fewer than"),
               r.out.substr(0, 600));
    // The same schema with one short note: read as before.
    write(f.path() / "short.yaml", timeline.substr(0, timeline.find("note: \"") + 7) + "short\"}\n");
    const auto ok = run("--schemas '" + (f.path() / "schemas").string() + "' validate '" +
                        (f.path() / "short.yaml").string() + "'");
    BOOST_TEST(ok.exit_code == 0, ok.out.substr(0, 600));
}

// The pattern matcher reads bytes. A class holding a character outside ASCII held its bytes one by one: `[あ-ん]`
// (E3 81 82, '-', E3 82 93) was the bytes E3, 81, the range 82 to E3, 82 and 93, so a timeline named "ん" (E3 82 93)
// passed and the class meant nothing the schema's writer wrote; `あ+` repeated the last byte of あ alone, so "ああ"
// did not match `^あ+$`. Both are refused where the schema is read now, naming the schema and the byte; the same
// character grouped, `(?:あ)+`, reads and matches "ああ".
BOOST_AUTO_TEST_CASE(a_schema_pattern_that_would_split_a_character_is_refused) {
    ScratchFolder f("hostile-round5-utf8");
    const arbiter::test::NamedTimelineUnderPattern named(f.path(), "ああ");
    const auto with = [&named](const std::string& pattern) { return named.validate(pattern); };
    const auto range = with("^[あ-ん]+$");
    BOOST_TEST(range.exit_code == 2, range.out);
    BOOST_TEST(contains(range.out, "timeline.schema.json: pattern '^[あ-ん]+$': byte 3: a character outside ASCII in a "
                                   "class"),
               range.out);
    const auto repeat = with("^あ+$");
    BOOST_TEST(repeat.exit_code == 2, repeat.out);
    BOOST_TEST(contains(repeat.out, "pattern '^あ+$': byte 5: a repeat of a character outside ASCII"), repeat.out);
    const auto grouped = with("^(?:あ)+$");
    BOOST_TEST(grouped.exit_code == 0, grouped.out);
}

// valijson's uniqueItems compares every pair of an array's items, and an enum compares each of its values with every
// string it checks: a schema folder's timeline schema asking uniqueItems of the entries, or an enum of 300,000 values
// on the notes, kept validate busy for minutes on a timeline of a few thousand entries, no pattern involved. A
// folder's schema may not ask for uniqueItems, and its enums hold at most 1,000 values in all: refused when the
// schema is read, naming it.
BOOST_AUTO_TEST_CASE(a_schema_whose_checks_grow_with_its_data_is_refused) {
    ScratchFolder f("hostile-round5-enum");
    const std::string entries = "\"entries\": {\"description\": \"What happened, in order; times never go back.\", "
                                "\"type\": \"array\",";
    const std::string note = "\"note\": {\"description\": \"A remark on this entry.\", \"type\": \"string\"";
    const std::string schema = bundled("schemas/timeline.schema.json");
    BOOST_REQUIRE(schema.find(entries) != std::string::npos);
    BOOST_REQUIRE(schema.find(note) != std::string::npos);
    fs::create_directories(f.path() / "schemas");
    const auto with = [&](const std::string& key, const std::string& added) {
        std::string text = schema;
        text.insert(text.find(key) + key.size(), added);
        write(f.path() / "schemas" / "timeline.schema.json", text);
        return run("--schemas '" + (f.path() / "schemas").string() + "' validate tests/data/check/passes.yaml");
    };
    const auto unique = with(entries, " \"uniqueItems\": true,");
    BOOST_TEST(unique.exit_code == 2, unique.out);
    BOOST_TEST(contains(unique.out, "timeline.schema.json: uniqueItems: not read from a schema folder"), unique.out);
    std::string values = "\"v0\"";
    for (int i = 1; i < 1001; ++i) values += ", \"v" + std::to_string(i) + "\"";
    const auto many = with(note, ", \"not\": {\"enum\": [" + values + "]}");
    BOOST_TEST(many.exit_code == 2, many.out.substr(0, 400));
    BOOST_TEST(contains(many.out, "timeline.schema.json: enum: more than 1000 values in the schema's enums"),
               many.out.substr(0, 400));
    // Nine hundred read: with the bundled schema's own few dozen, under a thousand in all.
    const auto fewer = with(note, ", \"not\": {\"enum\": [" + values.substr(0, values.find(", \"v900\"")) + "]}");
    BOOST_TEST(fewer.exit_code == 0, fewer.out.substr(0, 400));
}

// An empty --rulebook was no option at all: `run --rulebook ''` ruled under the event's rulebook, `audit --rulebook
// ''` and `audit --rulebooks ,` under the default, exit 0, where compare and history refuse a list that names
// nothing. An empty rulebook option is now refused by every command that takes one, and audit's --rulebook is one id
// (it was split at commas, so 'fide-2009,fide-2018' audited under both).
BOOST_AUTO_TEST_CASE(an_empty_rulebook_option_is_refused) {
    const std::string timeline = "tests/timelines/chess/183-touch-move-breach-claimed.yaml";
    const std::string record = "tests/data/chess/games/chess-wcc2023-game1-nepomniachtchi-ding.pgn";
    const std::vector<std::string> commands{"run " + timeline + " --rulebook ''",
                                            "run " + record + " --rulebook ''",
                                            "import " + record + " --rulebook ''",
                                            "validate " + timeline + " --rulebook ''",
                                            "check " + timeline + " --rulebook ''",
                                            "clock 5400 --rulebook ''",
                                            "audit " + record + " --rulebook ''",
                                            "audit " + record + " --rulebooks ''",
                                            "compare " + timeline + " --rulebooks ''",
                                            "history move.touch --rulebooks ''"};
    for (const std::string& args : commands) {
        const auto r = run(args);
        BOOST_TEST(r.exit_code == 2, args << ": " << r.out.substr(0, 300));
        BOOST_TEST(contains(r.out, "found an empty string; expected a name"), args << ": " << r.out.substr(0, 300));
    }
    for (const std::string list : {",", ",,,"}) {
        const auto r = run("audit " + record + " --rulebooks '" + list + "'");
        BOOST_TEST(r.exit_code == 2, list << ": " << r.out.substr(0, 300));
        BOOST_TEST(contains(r.out, "arbiter: audit: --rulebooks names no rulebook"), r.out.substr(0, 300));
    }
    const auto two = run("audit " + record + " --rulebook fide-2009,fide-2018");
    BOOST_TEST(two.exit_code == 2, two.out.substr(0, 300));
    BOOST_TEST(contains(two.out, "arbiter: audit: no rulebook 'fide-2009,fide-2018'"), two.out.substr(0, 300));
    // The options given in full still work.
    BOOST_TEST(run("audit " + record + " --rulebook fide-2009").exit_code == 0);
    BOOST_TEST(run("audit " + record + " --rulebooks fide-2009,fide-2018").exit_code == 0);
}

// The audit summary's Markdown and HTML quote rulebook ids, file names and records; a JSON line's rulebook id of
// "fide\u202e-2009" (a right-to-left override, read by `audit --from-jsonl`) reached both as its raw bytes, which
// turn the rest of a line around in a browser or terminal. The summaries are written through the visible escape of
// the other reports now (report::terminal_safe): the override shows as \u202e.
BOOST_AUTO_TEST_CASE(an_audit_summary_writes_a_bidirectional_override_visibly) {
    const std::string record = "tests/data/chess/games/chess-wcc2023-game1-nepomniachtchi-ding.pgn";
    const auto lines = run("audit " + record + " --format jsonl");
    BOOST_REQUIRE(lines.exit_code == 0);
    std::string line = lines.out;
    for (std::size_t at = line.find("\"fide-2009\""); at != std::string::npos; at = line.find("\"fide-2009\"", at))
        line.replace(at, 11, "\"fide\\u202e-2009\"");
    BOOST_REQUIRE(contains(line, "fide\\u202e-2009"));
    ScratchFolder f("hostile-round5-jsonl");
    write(f.path() / "audit.jsonl", line);
    const std::string raw = "\xe2\x80\xae";
    for (const std::string format : {"md", "html", "text"}) {
        const auto r = run("audit --from-jsonl '" + (f.path() / "audit.jsonl").string() + "' --format " + format);
        BOOST_TEST(r.exit_code == 0, format << ": " << r.out.substr(0, 400));
        BOOST_TEST(!contains(r.out, raw), format << ": " << r.out);
        if (format != "text") BOOST_TEST(contains(r.out, "fide\\u202e-2009"), format << ": " << r.out);
    }
}

// A KIF 持ち時間 that repeats a unit was summed ("5分5分" as ten minutes, "1秒" written 300,000 times as 300,000 s)
// without a word. A duration names each unit once, larger first: the repeat is now text the reader cannot read, so
// the record gets the usual warning and no time control, while "1時間30分" still reads as an hour and a half.
BOOST_AUTO_TEST_CASE(a_kif_time_control_that_repeats_a_unit_is_not_summed) {
    ScratchFolder f("hostile-round5-kif-units");
    const std::string kif = bundled("tests/data/shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif");
    const std::string header = "持ち時間：5分+30秒";
    const auto at = kif.find(header);
    BOOST_REQUIRE(at != std::string::npos);
    for (const std::string control : {"5分5分", "1秒1秒1秒", "30秒5分"}) {
        BOOST_TEST_CONTEXT(control) {
            std::string text = kif;
            text.replace(at, header.size(), "持ち時間：" + control);
            write(f.path() / "x.kif", text);
            const auto r = run("import '" + (f.path() / "x.kif").string() + "'");
            BOOST_TEST(contains(r.out, "持ち時間 \"" + control + "\" cannot be read"));
            BOOST_TEST(!contains(r.out, "time_control:"));
        }
    }
    std::string text = kif;
    text.replace(at, header.size(), "持ち時間：1時間30分+30秒");
    write(f.path() / "x.kif", text);
    const auto r = run("import '" + (f.path() / "x.kif").string() + "'");
    BOOST_TEST(!contains(r.out, "cannot be read"));
    BOOST_TEST(contains(r.out, "time_control: {time: 1h30min, byoyomi: {periods: 1, time: 30s}}"));
}

// A KIF record with 1,000 ending lines after its first gave 1,000 warnings (116 KB on stderr). The first later one
// is still named with its line; the others only count in the same warning.
BOOST_AUTO_TEST_CASE(many_later_kif_ending_lines_make_one_warning) {
    ScratchFolder f("hostile-round5-kif-endings");
    std::string kif = bundled("tests/data/shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif");
    while (!kif.empty() && (kif.back() == '\n' || kif.back() == '\r')) kif.pop_back();
    for (int i = 0; i < 1000; ++i) kif += "\n" + std::to_string(195 + i) + " 投了";
    write(f.path() / "ends.kif", kif + "\n");
    const auto r = run("import '" + (f.path() / "ends.kif").string() + "'");
    BOOST_TEST(r.exit_code == 0);
    std::size_t warnings = 0;  // on stderr (the imported timeline on stdout repeats it as a comment)
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);)
        warnings += line.starts_with("arbiter: warning:") && contains(line, "a second ending line");
    BOOST_TEST(warnings == 1u);
    BOOST_TEST(contains(r.out, "(and 999 more ending lines after it, passed over)"));
}

// A WTHOR database named without ".wtb" was not known by its content: run, validate and compare called it a binary
// file, import and audit "not a game record". Its 16-byte header now tells it (bytes 0-3 the date 2007-05-22, 4-7
// the count 12, byte 12 the board size 8 in WTH_1977.wtb); game 1 ends with black's 34 discs
// (tests/data/othello/wthor-1977-1978-decoded.tsv, first row).
BOOST_AUTO_TEST_CASE(a_wthor_file_is_known_by_its_header_whatever_its_name) {
    ScratchFolder f("hostile-round5-wthor-name");
    const std::string wthor = bundled("tests/data/othello/WTH_1977.wtb");
    BOOST_REQUIRE(wthor.size() == 16u + 12u * 68u);
    for (const std::string name : {"games", "games.dat", "games.txt"}) {
        BOOST_TEST_CONTEXT(name) {
            const std::string path = "'" + (f.path() / name).string() + "'";
            write(f.path() / name, wthor);
            const auto validate = run("validate " + path);
            BOOST_TEST(validate.exit_code == 0, validate.out);
            BOOST_TEST(contains(validate.out, "ok (record: wthor, 12 games)"), validate.out);
            const auto game = run("run " + path);
            BOOST_TEST(game.exit_code == 0, game.out);
            BOOST_TEST(contains(game.out, "black 34 discs"), game.out);
            BOOST_TEST(run("compare " + path).exit_code == 0);
            const auto imported = run("import " + path);
            BOOST_TEST(imported.exit_code == 0, imported.out);
            BOOST_TEST(contains(imported.out, "move: f5"), imported.out);
            const auto audit = run("audit " + path);
            BOOST_TEST(audit.exit_code == 0, audit.out);
            BOOST_TEST(contains(audit.out, "12 games read"), audit.out);
        }
    }
    // Cut to 100 bytes it is still known by its header, and the WTHOR reader says what is wrong: 12 games need
    // 16 + 12 * 68 = 832 bytes.
    write(f.path() / "cut", wthor.substr(0, 100));
    const auto cut = run("validate '" + (f.path() / "cut").string() + "'");
    BOOST_TEST(cut.exit_code == 2, cut.out);
    BOOST_TEST(contains(cut.out, "WTHOR: byte 4: the header announces 12 games (832 bytes) but the file has 100 bytes"),
               cut.out);
    // A binary file whose header is no WTHOR date (month 13) keeps its refusal as binary.
    std::string other = wthor;
    other[2] = 13;
    write(f.path() / "other", other);
    for (const std::string command : {"validate", "run"}) {
        const auto r = run(command + " '" + (f.path() / "other").string() + "'");
        BOOST_TEST(r.exit_code == 2, r.out);
        BOOST_TEST(contains(r.out, "binary file"), r.out);
    }
    const auto r = run("import '" + (f.path() / "other").string() + "'");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "not a game record"), r.out);
}

// A GGF file whose lines end in a lone CR was placed as one line: game 2's "zz" was at 1:42. A lone CR ends a line
// as LF and CR LF do, so it is at line 2, column 21 ("(;GM[Othello]" 13 bytes, "B[f5]" 5, "W[" 2), and with CR LF
// and a lone CR mixed, at line 3. A game read again at its place (run --game 2) keeps the count: line 3, column 23.
BOOST_AUTO_TEST_CASE(a_ggf_file_of_lone_cr_line_ends_names_its_lines) {
    ScratchFolder f("hostile-round5-ggf-cr");
    const auto path = f.path() / "cr.ggf";
    write(path, "(;GM[Othello]B[f5];)\r(;GM[Othello]B[f5]W[zz];)\r");
    auto r = run("validate '" + path.string() + "'");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, path.string() + ":2:21: GGF: expected a square a1-h8 or pass, found \"zz\""), r.out);
    write(path, "(;GM[Othello]B[f5];)\r\n\r(;GM[Othello]B[f5]W[zz];)\r\n");
    r = run("validate '" + path.string() + "'");
    BOOST_TEST(contains(r.out, path.string() + ":3:21: GGF: expected a square a1-h8 or pass"), r.out);
    write(path, "(;GM[Othello]B[f5];)\r\r  (;GM[Othello]B[f5]W[a1];)\r");
    r = run("run '" + path.string() + "' --game 2");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, path.string() + ":3:23: game 2, ply 2: move a1 cannot be played"), r.out);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_round5_test
