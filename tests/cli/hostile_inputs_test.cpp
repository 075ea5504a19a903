// Hostile input, round three (issue 34): inputs written against the guards of the earlier rounds. Each ends with
// exit 2 and a message naming the file, never a crash (exit_code -1), a hang or a silent exit 0. The inputs are
// made here, in a fresh folder, from the bundled timelines and records.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <algorithm>
#include <string>
#include <vector>
#include <sys/stat.h>
#include <unistd.h>

namespace hostile_inputs_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

// A folder of this test's own, removed at the end.
struct Scratch {
    fs::path dir = fs::temp_directory_path() / ("arbiter-hostile-" + std::to_string(::getpid()));
    Scratch() { fs::create_directories(dir); }
    ~Scratch() {
        std::error_code ignored;
        fs::remove_all(dir, ignored);
    }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(dir / name, std::ios::binary) << text;
        return (dir / name).string();
    }
};

std::string source(const std::string& relative) {
    std::ifstream in(fs::path(ARBITER_SOURCE_DIR) / relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The bytes of a file at an absolute path.
std::string source_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    BOOST_REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

// `arbiter <args>` with a 20 s limit, so that a command that waits forever fails the test (exit 124) instead of
// hanging it.
arbiter::test::CliResult run_limited(const std::string& args, Stderr err = Stderr::merge) {
    return arbiter::test::run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout 20 '" ARBITER_BINARY "' " + args +
                                    (err == Stderr::merge ? " 2>&1" : " 2>/dev/null"));
}

BOOST_AUTO_TEST_SUITE(hostile_inputs)

// valijson checks a schema "pattern" with std::regex, which recursed once per letter of a 300,000-letter rulebook
// id and died of a stack overflow (SIGSEGV) in validate and run.
BOOST_AUTO_TEST_CASE(a_300000_letter_rulebook_id_is_refused_not_a_crash) {
    Scratch s;
    const auto file = s.write("long-id.yaml", replaced(source("tests/timelines/chess/01-incorrect-claim-25min.yaml"),
                                                       "rulebook: fide-2009", "rulebook: \"" + std::string(300000, 'a') + "!\""));
    for (const char* command : {"validate ", "run "}) {
        auto r = run_arbiter(command + file, Stderr::merge);
        BOOST_TEST(r.exit_code == 2, command << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, "event.rulebook"), r.out.substr(0, 400));
        BOOST_TEST(r.out.size() < 2000u, "the message quotes the id shortened: " << r.out.size() << " bytes");
    }
}

// A FIFO with no writer blocked run, validate, import, compare, audit and audit --from-jsonl forever (an ifstream
// opened it while the format was guessed), and analyze --positions; check and event sheet refused it. Now every
// input passes one front door.
BOOST_AUTO_TEST_CASE(a_fifo_is_refused_by_every_command_at_once) {
    Scratch s;
    const std::string fifo = (s.dir / "fifo").string();
    BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    for (const std::string command : {"run", "validate", "import", "compare", "audit", "audit --from-jsonl", "check",
                                      "event sheet", "analyze --game chess --positions"}) {
        auto r = run_limited(command + " " + fifo);
        BOOST_TEST(r.exit_code == 2, command << ": " << r.out);
        BOOST_TEST(contains(r.out, "is not a regular file"), command << ": " << r.out);
    }
}

// A PGN whose first tag is not Event, Site or White, one after 3 MB of blank space and one after a 3 MB comment line
// (';', PGN standard 8.2.5.1), named without .pgn: taken for YAML before, and refused as YAML.
BOOST_AUTO_TEST_CASE(a_pgn_is_found_by_its_content_past_a_long_line) {
    Scratch s;
    const std::string moves = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n";
    for (const std::string& file : {s.write("round-first", "[Round \"1\"]\n" + moves),
                                    s.write("blank-first", std::string(3000000, ' ') + "\n" + moves),
                                    s.write("comment-first.txt", ";" + std::string(3000000, 'c') + "\n" + moves)}) {
        for (const char* command : {"run ", "import "}) {
            auto r = run_limited(command + file);
            BOOST_TEST(r.exit_code == 0, command << file << ": " << r.out.substr(0, 300));
            BOOST_TEST(!contains(r.out, "YAML"), r.out.substr(0, 300));
        }
    }
}

// `audit --from-jsonl` said "0 games read" with exit 0 for a folder and /dev/zero, and summed plies of -5, 2^64-1
// and 1.5e308 without complaint. Each line is now checked as any input is: file:line and exit 2.
BOOST_AUTO_TEST_CASE(from_jsonl_is_validated_like_any_input) {
    Scratch s;
    for (const std::string& input : {s.dir.string(), std::string("/dev/zero")}) {
        auto r = run_limited("audit --from-jsonl " + input);
        BOOST_TEST(r.exit_code == 2, input << ": " << r.out);
        BOOST_TEST(!contains(r.out, "games read"), r.out);
    }
    const auto good = run_arbiter("audit --format jsonl tests/data/shogi/elmo-vs-yaselmo-jishogi-declaration.csa");
    BOOST_REQUIRE(contains(good.out, "\"plies\":258"));
    const std::string line = good.out.substr(0, good.out.find('\n') + 1);
    const auto file = s.write("good.jsonl", line + line);
    auto r = run_limited("audit --from-jsonl " + file);
    BOOST_TEST(r.exit_code == 0, r.out);
    BOOST_TEST(contains(r.out, "2 games read (516 plies)"), r.out);  // 2 x 258
    for (const char* plies : {"-5", "18446744073709551615", "1.5e308", "\"258\""}) {
        const auto bad = s.write("bad.jsonl", line + replaced(line, "\"plies\":258", std::string("\"plies\":") + plies));
        auto b = run_limited("audit --from-jsonl " + bad);
        BOOST_TEST(b.exit_code == 2, plies << ": " << b.out);
        BOOST_TEST(contains(b.out, "bad.jsonl:2:"), plies << ": " << b.out);
        BOOST_TEST(contains(b.out, "\"plies\""), plies << ": " << b.out);
    }
    // Library internals stay out of the message.
    const auto wrong = s.write("wrong.jsonl", replaced(line, "\"game\":\"shogi\"", "\"game\":7"));
    auto w = run_limited("audit --from-jsonl " + wrong);
    BOOST_TEST(w.exit_code == 2, w.out);
    BOOST_TEST(contains(w.out, "wrong.jsonl:1:"), w.out);
    BOOST_TEST(!contains(w.out, "json.exception"), w.out);
    const auto broken = s.write("broken.jsonl", "{\"file\":\n");
    auto j = run_limited("audit --from-jsonl " + broken);
    BOOST_TEST(j.exit_code == 2, j.out);
    BOOST_TEST(!contains(j.out, "json.exception"), j.out);
}

// A 4 MB timeline whose 190,000 entries are each a word, not a map: within the size and node bounds, and every
// entry fails the schema. valijson kept a failure per entry (about 1 KB each), and listing them compared each with
// every other: validate ran for over ten minutes at 258 MB. Now the failures are listed from the entries' first
// items, at most a hundred, with a line saying there are more.
std::string every_entry_fails() {
    std::string text = "timeline: x\nentries:\n";
    for (int k = 0; k < 190000; ++k) text += "  - aaaaaaaaaaaaaaaa\n";
    return text;
}

BOOST_AUTO_TEST_CASE(a_file_failing_in_every_item_lists_its_first_failures) {
    Scratch s;
    const auto file = s.write("every.yaml", every_entry_fails());
    auto r = run_limited("validate " + file);
    BOOST_TEST(r.exit_code == 2, r.out.substr(0, 400));
    BOOST_TEST(contains(r.out, "every.yaml:3:5: entries[0]: found \"aaaaaaaaaaaaaaaa\"; expected a map"),
               r.out.substr(0, 400));
    BOOST_TEST(contains(r.out, "more failures than listed here"), r.out.substr(0, 400));
    BOOST_TEST(std::count(r.out.begin(), r.out.end(), '\n') <= 102, r.out.substr(0, 400));
}

// Under a process memory limit the same file ended in "terminate called after throwing an instance of
// 'std::bad_alloc'" (SIGABRT): nlohmann::json's destructor allocates to free a large array, and it ran while the
// failure unwound, with no memory left. Now (cli/memory_reserve.h) every limit ends in exit 2 and a clear message
// naming the input: out of memory, or the schema's failures where the limit allows reading the file.
BOOST_AUTO_TEST_CASE(out_of_memory_under_a_process_limit_is_a_clear_error) {
    // A sanitized build reserves more address space than the limit allows at start: it cannot run this test.
    if (arbiter::test::run_shell("(ulimit -v 250000; '" ARBITER_BINARY "' list >/dev/null 2>&1)").exit_code != 0) {
        BOOST_TEST_MESSAGE("skipped: the program does not start under ulimit -v 250000 (a sanitized build)");
        return;
    }
    Scratch s;
    const auto file = s.write("big.yaml", every_entry_fails());
    // Where the limit is reached varies from run to run (address-space layout): at 150000 about one run in forty
    // aborted while a large copy of the document was freed (rulebook::ReleasedJson), so that limit is tried often.
    std::vector<std::string> limits{"80000", "120000", "250000"};
    limits.insert(limits.end(), 40, "150000");
    for (const std::string& limit : limits)
        for (const std::string command : {"validate", "run"}) {
            auto r = arbiter::test::run_shell("cd '" ARBITER_SOURCE_DIR "' && (ulimit -v " + limit + "; timeout 60 '"
                                              ARBITER_BINARY "' " + command + " " + file + ") 2>&1");
            const std::string what = command + " under ulimit -v " + limit + ": " + r.out.substr(0, 300);
            BOOST_TEST(r.exit_code == 2, what);
            BOOST_TEST((contains(r.out, "out of memory") || contains(r.out, "expected a map")), what);
            BOOST_TEST(contains(r.out, "big.yaml"), what);
            BOOST_TEST(!contains(r.out, "bad_alloc"), what);
        }
}

// Names from data that a Markdown or HTML page would read as markup or as a new block, and where each should land.
const char* const Hostile = "<script>alert(1)</script> <img src=x onerror=alert(1)>";

// Whether `out` holds `part` not escaped by a backslash.
bool contains_raw(const std::string& out, const std::string& part) {
    for (auto at = out.find(part); at != std::string::npos; at = out.find(part, at + 1))
        if (at == 0 || out[at - 1] != '\\') return true;
    return false;
}

// Markdown keeps the hostile text as text: no tag opens, and no line of the input starts a heading or list.
void check_markdown(const std::string& what, const std::string& out) {
    BOOST_TEST(!contains_raw(out, "<script"), what << ": " << out.substr(0, 600));
    BOOST_TEST(!contains_raw(out, "<img"), what << ": " << out.substr(0, 600));
    BOOST_TEST(!contains(out, "\n# Injected"), what << ": " << out.substr(0, 600));
    BOOST_TEST(!contains(out, "\n- smuggled"), what << ": " << out.substr(0, 600));
}

void check_html(const std::string& what, const std::string& out) {
    BOOST_TEST(!contains(out, "<script>alert"), what);
    BOOST_TEST(!contains(out, "<img src=x"), what);
}

// `event sheet --format md` and `compare --format md` copied <script>, <img onerror> and heading lines from an event
// title or a timeline's name unescaped (the HTML output escaped them). Every command and format that writes a page.
BOOST_AUTO_TEST_CASE(hostile_names_through_every_command_and_format) {
    Scratch s;
    const std::string lines = std::string(Hostile) + "\\n# Injected heading\\n- smuggled item | cell";
    const auto event = s.write("event.yaml", "event: \"" + std::string(Hostile) + "\"\ntitle: {en: \"" + lines +
                                                  "\", ja: \"" + lines + "\"}\nrulebook: fide-2009\n"
                                                  "time_control: \"5400+30\"\nvenue: \"" + lines + "\"\n");
    const auto timeline = s.write("timeline.yaml", replaced(source("tests/timelines/chess/01-incorrect-claim-25min.yaml"),
                                                            "timeline: incorrect-claim-with-25-minutes-left",
                                                            "timeline: \"" + lines + "\""));
    const auto record = s.write("game <img src=x onerror=alert(1)>.pgn",
                                "[Event \"" + std::string(Hostile) + "\"]\n[White \"" + Hostile + "\"]\n"
                                "[Black \"# Injected\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qxf7 Nc6 1-0\n");
    for (const char* lang : {"en", "ja"}) {
        const std::string l = std::string(" --lang ") + lang;
        // Standard output only: the warnings on stderr go to a terminal, made safe for it (terminal_safe).
        const auto page = [&](const std::string& args) { return run_limited(args + l, Stderr::discard).out; };
        check_markdown(std::string("event sheet md ") + lang, page("event sheet " + event + " --format md"));
        check_html(std::string("event sheet html ") + lang, page("event sheet " + event + " --format html"));
        for (const std::string& input : {timeline, "'" + record + "'"}) {
            check_markdown("compare md " + input, page("compare " + input + " --format md"));
            check_html("compare html " + input, page("compare " + input + " --format html"));
        }
        const auto audit = run_limited("audit '" + record + "' --format md" + l, Stderr::discard);
        // The illegal 2.Qxf7 followed by a reply that cannot be played from the position before it (docs/RECORDS.md):
        // the game is rejected, the rejection naming the illegal move and the file.
        BOOST_TEST(contains(audit.out, "Qxf7"), audit.out);
        check_markdown(std::string("audit md ") + lang, audit.out);
    }
}

// Round five (written against the round-three build).

// A PGN game of `pairs` x 4 plies of knights going out and back (1. Nf3 Nf6 2. Ng1 Ng8 ...): no capture, no pawn
// move, both sides' castling rights kept, so every position's repetition key needs its castling part, and under
// FIDE 2009 (no automatic draw) the game goes on to its end.
std::string knight_shuffle(int pairs) {
    std::string text = "[White \"a\"]\n[Black \"b\"]\n[Result \"1/2-1/2\"]\n\n";
    for (int i = 0; i < pairs; ++i)
        text += std::to_string(2 * i + 1) + ". Nf3 Nf6 " + std::to_string(2 * i + 2) + ". Ng1 Ng8 ";
    return text + "1/2-1/2\n";
}

// Counting a repetition found the castling part of each earlier position's key by taking moves back from the current
// position, once per earlier position: one scan of a stretch of n plies without capture or pawn move cost n * n / 8
// moves taken back, and a 1.8 MB record of 240,000 plies took minutes (80,000 plies: 9 s). Now one walk back fills
// in every key the scan needs.
BOOST_AUTO_TEST_CASE(a_long_game_without_capture_is_audited_in_linear_time) {
    Scratch s;
    const auto file = s.write("shuffle.pgn", knight_shuffle(60000));
    auto r = run_limited("audit " + file);
    BOOST_TEST(r.exit_code == 0, r.out.substr(0, 400));
    BOOST_TEST(contains(r.out, "1 game read (240000 plies)"), r.out.substr(0, 400));  // 60,000 x 4
}

// `run` reads a record as the timeline it converts to, within a timeline's bounds (4 MiB, 200,000 YAML nodes). A
// record past them was refused with the converted text's size given as the file's ("file of 20000523 bytes" for a
// 10 MB file) or with a line of the converted text (line 40010 of a 7-line PGN). Now the refusal names the record,
// says that the converted timeline is what passed the bound, and gives no line. A tag of 5 MB, which passed the
// bound too, is refused by the PGN reader at its tag now (a value of at most 64 KiB, core/pgn.h MaxPgnTagValue).
BOOST_AUTO_TEST_CASE(a_record_past_a_timeline_bound_is_refused_for_what_it_is) {
    Scratch s;
    const std::string moves = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n";
    const auto long_tag = s.write("long-tag.pgn", "[Event \"" + std::string(5000000, 'e') + "\"]\n" + moves);
    const auto long_game = s.write("long-game.pgn", knight_shuffle(10000));  // 40,000 moves: over 200,000 nodes
    for (const char* command : {"run ", "compare "}) {
        auto r = run_limited(command + long_tag);
        BOOST_TEST(r.exit_code == 2, command << long_tag << ": " << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, long_tag + ":1:1: PGN: tag Event: a value of more than 65536 bytes"),
                   r.out.substr(0, 400));
    }
    for (const std::string& file : {long_game})
        for (const char* command : {"run ", "compare "}) {
            auto r = run_limited(command + file);
            BOOST_TEST(r.exit_code == 2, command << file << ": " << r.out.substr(0, 400));
            BOOST_TEST(contains(r.out, file + ": the game converted to a timeline"), r.out.substr(0, 400));
            BOOST_TEST(!contains(r.out, "file of"), r.out.substr(0, 400));
            BOOST_TEST(r.out.size() < 2000u, r.out.substr(0, 400));
        }
}

// A rulesets folder of 5,000 rulebooks each extending the next: every level was resolved inside its child's, and
// `run --rulebook` on the last died of a stack overflow (SIGSEGV; 900 levels took 180 MB). Now a chain longer than
// any edition history is refused at the extends that passes the bound.
BOOST_AUTO_TEST_CASE(a_chain_of_thousands_of_parents_is_refused_not_a_crash) {
    Scratch s;
    fs::create_directories(s.dir / "chess");
    fs::create_directory_symlink(fs::path(ARBITER_SOURCE_DIR) / "rulesets" / "games", s.dir / "games");
    for (int i = 0; i < 5000; ++i)
        s.write("chess/c" + std::to_string(i) + ".yaml",
                "rulebook: c" + std::to_string(i) + "\ntitle: {en: C, ja: C}\ngame: chess\nextends: " +
                    (i == 0 ? std::string("fide-2009") : "c" + std::to_string(i - 1)) +
                    "\nsource: {file: x}\nrules: {}\n");
    const std::string rulesets = "--rulesets " + s.dir.string() + " ";
    for (const std::string command : {"run tests/timelines/chess/01-incorrect-claim-25min.yaml --rulebook c4999",
                                      "show c4999", "diff c4999 fide-2009"}) {
        auto r = run_limited(rulesets + command);
        BOOST_TEST(r.exit_code == 2, command << ": " << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, "a chain of more than 64 rulebooks"), command << ": " << r.out.substr(0, 400));
    }
    // A chain of a few levels is read as before.
    auto r = run_limited(rulesets + "show c3 --format json");
    BOOST_TEST(r.exit_code == 0, r.out.substr(0, 400));
}

// A PGN tag holding terminal escapes (ESC, BEL) and a C1 control: `import` wrote the tags into YAML comments as they
// were, so the timeline it printed carried the escapes to the terminal, and `run` refused the record as "YAML syntax
// error: control characters are not allowed" at a line of the converted text. Now a comment gets a space for each
// control character (a comment cannot escape), as a quoted value gets its escape.
BOOST_AUTO_TEST_CASE(control_characters_in_record_tags_reach_neither_yaml_nor_terminal) {
    // An OSC title, BEL, CSI and a C1 CSI; a right-to-left override (U+202E) and the noncharacter U+FFFE.
    const std::string file = "tests/data/fuzz/pgn/regression-tag-escapes.pgn";
    for (const char* command : {"import ", "run ", "compare ", "validate "}) {
        auto r = run_limited(command + file);
        BOOST_TEST(r.exit_code == 0, command << r.out.substr(0, 400));
        BOOST_TEST(!contains(r.out, "\x1b"), command << r.out.substr(0, 400));
        BOOST_TEST(!contains(r.out, "\x07"), command << r.out.substr(0, 400));
        BOOST_TEST(!contains(r.out, "\xe2\x80\xae"), command << r.out.substr(0, 400));
    }
}

// A map the schema allows in two shapes (an inline event, or the path of an event file): one unknown key made every
// key of it, the allowed ones too, "unknown", each with an empty list of the expected keys. Now the keys are looked up
// in the shape that is a map.
BOOST_AUTO_TEST_CASE(an_unknown_key_of_an_inline_event_lists_the_allowed_ones) {
    Scratch s;
    const auto file = s.write("event-key.yaml", "timeline: t\nevent: {rulebook: fide-2009, time_control: \"5400\", "
                                                "nmae: x}\nentries:\n  - {at: \"0:00:10\", claim: {by: white, kind: "
                                                "repetition}}\n");
    auto r = run_limited("validate " + file);
    BOOST_TEST(r.exit_code == 2, r.out);
    // "nmae" is the 52nd character of line 2: 'event: {rulebook: fide-2009, time_control: "5400", ' is 51.
    BOOST_TEST(contains(r.out, "event-key.yaml:2:52: event: found the unknown key 'nmae'; expected one of: "), r.out);
    BOOST_TEST(contains(r.out, ", rulebook, "), r.out);  // the keys of schemas/timeline.schema.json's inline_event
    BOOST_TEST(!contains(r.out, "unknown key 'rulebook'"), r.out);
    BOOST_TEST(!contains(r.out, "expected one of: \n"), r.out);
}

// A symlink loop in a rulesets folder (loop.yaml -> loop -> loop.yaml) made every command, `list` included, fail with
// the library's "filesystem error: status: Too many levels of symbolic links": the folder's listing asked each entry's
// status with the throwing call. Now an entry that cannot be read is passed over like a FIFO or a folder is.
BOOST_AUTO_TEST_CASE(a_symlink_loop_in_a_rulesets_folder_is_passed_over) {
    Scratch s;
    fs::create_directories(s.dir / "chess");
    fs::create_directory_symlink(fs::path(ARBITER_SOURCE_DIR) / "rulesets" / "games", s.dir / "games");
    fs::create_symlink("loop", s.dir / "chess" / "loop.yaml");
    fs::create_symlink("loop.yaml", s.dir / "chess" / "loop");
    s.write("chess/mine.yaml", "rulebook: mine\ntitle: {en: M, ja: M}\ngame: chess\nextends: fide-2009\n"
                               "source: {file: x}\nrules: {}\n");
    for (const std::string command : {"list", "show mine", "run tests/timelines/chess/01-incorrect-claim-25min.yaml"}) {
        auto r = run_limited("--rulesets " + s.dir.string() + " " + command);
        BOOST_TEST(r.exit_code == 0, command << ": " << r.out.substr(0, 400));
        BOOST_TEST(!contains(r.out, "filesystem error"), command << ": " << r.out.substr(0, 400));
    }
}

// Messages that quote a command-line argument (a rulebook id, a topic) were written to stderr as the argument was:
// an escape sequence in it reached the terminal (a script passing ids read from data), and a 120 KB id made a 120 KB
// message. Now every line on stderr is made safe for a terminal (control characters as \xNN) and kept under 4 KiB.
BOOST_AUTO_TEST_CASE(arguments_quoted_on_stderr_are_safe_and_bounded) {
    Scratch s;
    const auto escape = s.write("escape.txt", "x\x1b]0;title\x07\x1b[2J");
    const auto long_id = s.write("long.txt", std::string(120000, 'a'));
    for (const std::string command : {"show", "diff fide-2009", "show fide-2009 --topic", "clock 300 --rulebook",
                                      "history draw --rulebooks", "audit tests/data/fuzz/pgn/truncated.pgn --rulebook"})
        for (const auto& argument : {escape, long_id}) {
            auto r = run_limited(command + " \"$(cat '" + argument + "')\"");
            BOOST_TEST(r.exit_code == 2, command << ": " << r.out.substr(0, 300));
            BOOST_TEST(!contains(r.out, "\x1b"), command << ": " << r.out.substr(0, 300));
            BOOST_TEST(!contains(r.out, "\x07"), command << ": " << r.out.substr(0, 300));
            std::size_t longest = 0;
            for (std::size_t at = 0, next; at < r.out.size(); at = next + 1) {
                next = std::min(r.out.find('\n', at), r.out.size());
                longest = std::max(longest, next - at);
            }
            BOOST_TEST(longest < 4200u, command << ": a line of " << longest << " bytes");
            BOOST_TEST(r.out.size() < 20000u, command << ": " << r.out.size() << " bytes");
        }
}

// A rulebook file whose YAML does not read (here an alias to no anchor) was reported as missing: `show broken` and
// `run --rulebook broken` said the id was in none of the rulesets folders and listed the others, never the file's
// own error. Now the error of the file named after the id is the answer, with its line and column.
BOOST_AUTO_TEST_CASE(a_rulebook_that_does_not_read_is_named_with_its_error_not_as_missing) {
    Scratch s;
    fs::create_directories(s.dir / "chess");
    fs::create_directory_symlink(fs::path(ARBITER_SOURCE_DIR) / "rulesets" / "games", s.dir / "games");
    s.write("chess/broken.yaml", "rulebook: broken\ntitle: {en: B, ja: B}\ngame: chess\nextends: *nowhere\n");
    for (const std::string command : {"show broken", "run tests/timelines/chess/01-incorrect-claim-25min.yaml "
                                                     "--rulebook broken", "diff broken fide-2009"}) {
        auto r = run_limited("--rulesets " + s.dir.string() + " " + command);
        BOOST_TEST(r.exit_code == 2, command << ": " << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, "broken.yaml:4:"), command << ": " << r.out.substr(0, 400));
        BOOST_TEST(!contains(r.out, "in none of the rulesets folders"), command << ": " << r.out.substr(0, 400));
    }
}

// `audit --from-jsonl` ended "arbiter: error: [json.exception.out_of_range.406] number overflow parsing '1e99999'"
// (no file, no line, the library's words) for a number beyond a double, and took the last of a key given twice
// ("plies":258,"plies":5 summed 5). Both are now refused at their line.
BOOST_AUTO_TEST_CASE(from_jsonl_refuses_huge_numbers_and_keys_given_twice) {
    Scratch s;
    const auto good = run_arbiter("audit --format jsonl tests/data/shogi/elmo-vs-yaselmo-jishogi-declaration.csa");
    BOOST_REQUIRE(contains(good.out, "\"plies\":258"));
    const std::string line = good.out.substr(0, good.out.find('\n') + 1);
    for (const char* plies : {"1e99999", "258,\"plies\":5"}) {
        const auto file =
            s.write("bad.jsonl", line + replaced(line, "\"plies\":258", std::string("\"plies\":") + plies));
        auto r = run_limited("audit --from-jsonl " + file);
        BOOST_TEST(r.exit_code == 2, plies << ": " << r.out);
        BOOST_TEST(contains(r.out, "bad.jsonl:2:"), plies << ": " << r.out);
        BOOST_TEST(!contains(r.out, "json.exception"), plies << ": " << r.out);
    }
}

// A rulebook from a user's folder whose title and summary hold markup, heading and list lines and terminal escapes:
// `diff --format md` and `history --format md` escaped only "|" and line breaks (the <script>, the <img onerror> and
// a "# Injected" line reached the page), and `show` and `event check` wrote the escapes to the terminal.
BOOST_AUTO_TEST_CASE(hostile_rulebook_words_through_diff_history_show_and_event_check) {
    Scratch s;
    fs::create_directories(s.dir / "chess");
    fs::create_directory_symlink(fs::path(ARBITER_SOURCE_DIR) / "rulesets" / "games", s.dir / "games");
    const std::string words = std::string(Hostile) + " \\e]0;title\\a\\e[2J\\n# Injected heading\\n- smuggled item";
    s.write("chess/evil.yaml", "rulebook: evil\ntitle: {en: \"" + words + "\", ja: \"" + words + "\"}\ngame: chess\n"
                               "extends: fide-2009\nissuer: {en: \"" + words + "\", ja: \"" + words + "\"}\n"
                               "source: {file: x}\nrules:\n  draw.stalemate:\n    article: \"5.2a\"\n"
                               "    summary: {en: \"" + words + "\", ja: \"" + words + "\"}\n");
    const auto event = s.write("event.yaml", "event: \"" + words + "\"\nrulebook: evil\ntime_control: \"5400+30\"\n");
    const std::string rulesets = "--rulesets " + s.dir.string() + " ";
    for (const char* lang : {" --lang en", " --lang ja"}) {
        const auto page = [&](const std::string& args) { return run_limited(rulesets + args + lang, Stderr::discard); };
        const auto diff = page("diff evil fide-2009 --format md");
        BOOST_TEST(diff.exit_code == 0, diff.out.substr(0, 300));
        check_markdown(std::string("diff md") + lang, diff.out);
        const auto history = page("history draw.stalemate --rulebooks fide-2009,evil --format md");
        BOOST_TEST(history.exit_code == 0, history.out.substr(0, 300));
        check_markdown(std::string("history md") + lang, history.out);
        for (const std::string& text : {std::string("show evil"), "event check " + event}) {
            const auto r = page(text);
            BOOST_TEST(contains(r.out, "<script>"), text << lang << ": " << r.out.substr(0, 300));  // text shows it
            BOOST_TEST(!contains(r.out, "\x1b"), text << lang << ": " << r.out.substr(0, 300));
            BOOST_TEST(!contains(r.out, "\x07"), text << lang << ": " << r.out.substr(0, 300));
        }
    }
}

// `site DIR` wrote each page through whatever stood at its name: a symlink planted in the folder (index.html -> a
// file elsewhere) had the page overwrite the symlink's target. Now the page replaces the link, and the target stays.
BOOST_AUTO_TEST_CASE(site_never_writes_through_a_planted_symlink) {
    Scratch s;
    const auto victim = s.write("victim.txt", "precious");
    fs::create_directories(s.dir / "site");
    fs::create_symlink(victim, s.dir / "site" / "index.html");
    auto r = run_limited("site " + (s.dir / "site").string());
    BOOST_TEST(r.exit_code == 0, r.out.substr(0, 300));
    BOOST_TEST(source_of(victim) == "precious");
    BOOST_TEST(!fs::is_symlink(s.dir / "site" / "index.html"));
    BOOST_TEST(contains(source_of((s.dir / "site" / "index.html").string()), "<!DOCTYPE html>"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_inputs_test
