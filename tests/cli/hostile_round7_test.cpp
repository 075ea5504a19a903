// Hostile input, round seven (issue 34): every command's options, output folders, file names and environment
// variables, tried against main df49df8 (tests/data/hostile/README.md lists what this round reports rather than
// fixes).
#include "cli/hostile_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <sys/stat.h>

namespace hostile_round7_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::run_shell;
using arbiter::test::ScratchFolder;
using arbiter::test::hostile::limits_apply;
using arbiter::test::hostile::run;
using arbiter::test::hostile::run_stdout;

BOOST_AUTO_TEST_SUITE(hostile_round7)

// site opened each page for writing without O_NONBLOCK: a FIFO standing at a page's name (index.html) blocked the
// command for ever, waiting for a reader. It is refused at once, naming the page, before a byte is written into it.
BOOST_AUTO_TEST_CASE(site_never_blocks_on_a_fifo_at_a_page_name) {
    ScratchFolder f("hostile-round7-site-fifo");
    BOOST_REQUIRE(::mkfifo((f.path() / "index.html").c_str(), 0644) == 0);
    const auto r = run("site '" + f.path().string() + "'", 60);
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "index.html"), r.out);
    BOOST_TEST(contains(r.out, "other than a regular file"), r.out);
    BOOST_TEST(fs::is_fifo(f.path() / "index.html"));
}

// A folder at a page's name: the refusal says why (it said only "cannot write").
BOOST_AUTO_TEST_CASE(site_says_why_a_page_cannot_be_written) {
    ScratchFolder f("hostile-round7-site-folder");
    fs::create_directories(f.path() / "index.html");
    const auto r = run("site '" + f.path().string() + "'", 60);
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "index.html ("), r.out);
}

// Every --format json output went through nlohmann's dump, which throws on bytes that are not UTF-8: a file named
// in Latin-1 ("caf\xe9.yaml") made validate, run, check and event check end in "[json.exception.type_error.316]"
// (exit 2) instead of their document. The bytes are written as U+FFFD, as `audit --format jsonl` already did.
BOOST_AUTO_TEST_CASE(json_output_naming_a_file_that_is_not_utf8_is_written) {
    ScratchFolder f("hostile-round7-latin1");
    const fs::path timeline = f.path() / "caf\xe9.yaml";
    const fs::path event = f.path() / "caf\xe9-event.yaml";
    fs::copy_file(fs::path(ARBITER_SOURCE_DIR) / "tests/timelines/chess/01-incorrect-claim-25min.yaml", timeline);
    fs::copy_file(fs::path(ARBITER_SOURCE_DIR) / "tests/data/events/weekend-rapid.yaml", event);
    const std::string t = "'" + timeline.string() + "'";
    for (const std::string& args : {"validate --format json " + t, "check --format json " + t,
                                    "event check --format json '" + event.string() + "'"}) {
        const auto r = run_stdout(args);
        BOOST_TEST_INFO(args);
        BOOST_TEST(!contains(r.out, "json.exception"), r.out);
        const auto j = nlohmann::json::parse(r.out, nullptr, false);
        BOOST_TEST(!j.is_discarded(), r.out);
        BOOST_TEST(contains(r.out, "caf\xef\xbf\xbd"), r.out);  // U+FFFD where the byte 0xE9 was
    }
    const auto r = run("validate --format json " + t);
    BOOST_TEST(r.exit_code == 0, r.out);
    // site's search index (a JSON text in search-index.js) names the --compare page after the file.
    const auto site = run("site '" + (f.path() / "site").string() + "' --compare " + t, 60);
    BOOST_TEST(site.exit_code == 0, site.out);
    BOOST_TEST(!contains(site.out, "json.exception"), site.out);
}

// audit started its --jobs threads at once and ended in a bare "Resource temporarily unavailable" (exit 2) when the
// system let fewer start: under a 400 MB address space (each thread's stack is reserved space), --jobs 1024. Going
// on with the threads that did start ran at the edge of the memory left (a crash in about one run of twelve). The
// audit stops them and says how many the system allows.
BOOST_AUTO_TEST_CASE(audit_jobs_past_what_the_system_lets_start) {
    if (!limits_apply()) return;
    const std::string file = "tests/data/othello/ggs-games-from-nboard-ggf-test.ggf";
    const auto limited = [&](const std::string& args, const std::string& err) {
        return run_shell("cd '" ARBITER_SOURCE_DIR "' && (ulimit -v 400000; timeout 120 '" ARBITER_BINARY "' " + args +
                         " 2>" + err + ")");
    };
    const auto one = limited("audit --jobs 1 --format jsonl " + file, "/dev/null");
    const auto many = limited("audit --jobs 1024 --format jsonl " + file, "&1 >/dev/null");
    BOOST_TEST(many.exit_code == 2, many.out);
    BOOST_TEST(!contains(many.out, "Resource temporarily unavailable\n"), many.out);
    BOOST_TEST(contains(many.out, "--jobs 1024: the system let only"), many.out);
    BOOST_TEST(contains(many.out, "or fewer"), many.out);
    BOOST_TEST(one.exit_code == 0);
    BOOST_TEST(!one.out.empty());
}

// A search path (ARBITER_RULESETS, ARBITER_SCHEMAS, --rulesets) was kept free of repeats by comparing each folder
// with every one kept, each named again (weakly_canonical): 10,000 folders were 50 million such calls, minutes for
// any command. Each folder is named once now; a folder given twice is still read once.
BOOST_AUTO_TEST_CASE(a_search_path_of_ten_thousand_folders_is_read_in_linear_time) {
    ScratchFolder f("hostile-round7-many-folders");
    // Named from the scratch folder: one variable of the environment holds at most 128 KiB (MAX_ARG_STRLEN).
    std::string list;
    for (int i = 0; i < 10000; ++i) {
        fs::create_directories(f.path() / std::to_string(i));
        list += (i ? ":" : "") + std::to_string(i);
    }
    list += ":0";
    const auto r = run_shell("cd '" + f.path().string() + "' && ARBITER_RULESETS='" + list + "' timeout 60 '"
                             ARBITER_BINARY "' list 2>&1");
    BOOST_TEST(r.exit_code == 0, r.out.substr(0, 2000));
    BOOST_TEST(contains(r.out, "fide-2009"));
}

// "Did you mean" measured an unknown name against every candidate at the cost of their lengths' product: an
// event's `set:` key of a megabyte (an explicit YAML key: plain keys stop at 1,024 bytes) took some 10^10 steps
// against the registry's topics. Candidates whose length alone puts them too far are passed over.
BOOST_AUTO_TEST_CASE(a_megabyte_unknown_name_is_refused_without_measuring_it_against_every_candidate) {
    ScratchFolder f("hostile-round7-long-key");
    arbiter::test::hostile::write(f.path() / "event.yaml", "event: E\nrulebook: fide-2009\ntime_control: \"900+10\"\n"
                                                          "set:\n  ? " + std::string(1000000, 'a') + ".x\n  : 1\n");
    const auto r = run("event check '" + (f.path() / "event.yaml").string() + "'", 20);
    BOOST_TEST(r.exit_code == 2, r.out.substr(0, 2000));
    BOOST_TEST(contains(r.out, "does not allow"), r.out.substr(0, 2000));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_round7_test
