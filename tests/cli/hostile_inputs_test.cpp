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
    for (const std::string limit : {"80000", "120000", "150000", "250000"})
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

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_inputs_test
