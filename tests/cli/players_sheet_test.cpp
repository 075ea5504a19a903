// The players' sheet (`event sheet --players`) of a weekend rapid event (tests/data/events/weekend-rapid.yaml):
// what the event sets comes first, in plain sentences with values in a player's words (15 minutes, 15分, 20 moves);
// no engine word (an id with '_' or a dotted topic id, "->" or an arrow, YAML braces, "param", a unit abbreviation
// such as "15min") in any format or language; and printed by headless Chromium it is at most two A4 pages in both
// languages (skipped, with a message, where /usr/bin/chromium is absent).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <unistd.h>

namespace players_sheet_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::run_arbiter;

const std::string event = "event sheet tests/data/events/weekend-rapid.yaml --players";

// The first engine word found in `text`, or "".
std::string engine_word(const std::string& text) {
    static const std::regex words(R"re([a-z]+_[a-z]+|[a-z]{2,}\.[a-z]{2,}|->|→|[{}]|\bparam|\b[0-9]+(min|s|h)\b)re");
    std::smatch found;
    return std::regex_search(text, found, words) ? found.str() : "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(players_sheet)

BOOST_AUTO_TEST_CASE(event_settings_first_in_plain_sentences) {
    const auto en = run_arbiter(event + " --format md");  // unwrapped lines
    BOOST_REQUIRE(en.exit_code == 0);
    // The event's two settings (6.6a default time 15min, 9.1a 20 moves) open the sheet, before any rule of the
    // rapid category (A.4), with the rulebook's values beside them (FIDE 2009 6.6a: zero; 9.1a: no minimum).
    const auto sets = en.out.find("What this event sets");
    const auto rapid = en.out.find("A.4");
    BOOST_REQUIRE(sets != std::string::npos);
    BOOST_TEST(sets < rapid);
    BOOST_TEST(contains(en.out, "15 minutes (the rulebook: 0 seconds)"));
    BOOST_TEST(contains(en.out, "20 moves (the rulebook: 0 moves)"));
    BOOST_TEST(contains(en.out, "15 minutes for the game; 10 seconds added after every move"));
    const auto ja = run_arbiter(event + " --format md --lang ja");
    BOOST_REQUIRE(ja.exit_code == 0);
    BOOST_TEST(contains(ja.out, "15分（規則の既定は0秒）"));
    BOOST_TEST(contains(ja.out, "20手（規則の既定は0手）"));
}

BOOST_AUTO_TEST_CASE(no_engine_words_in_any_format_or_language) {
    for (const std::string format : {"text", "md", "html"})
        for (const std::string lang : {"en", "ja"}) {
            const auto out = run_arbiter(event + " --format " + format + " --lang " + lang);
            BOOST_REQUIRE(out.exit_code == 0);
            std::string text = out.out;
            if (format == "html") {  // the page's markup and stylesheet are not words a player reads
                const auto body = text.find("<body>");
                text =
                    std::regex_replace(text.substr(body == std::string::npos ? 0 : body), std::regex("<[^>]*>"), " ");
            }
            BOOST_TEST(engine_word(text).empty(), format << " " << lang << ": " << engine_word(text));
        }
}

BOOST_AUTO_TEST_CASE(at_most_two_a4_pages_in_each_language) {
    const fs::path chromium = "/usr/bin/chromium";
    if (!fs::exists(chromium)) {
        BOOST_TEST_MESSAGE("SKIPPED: /usr/bin/chromium is absent; run scripts/setup to install Debian's chromium");
        BOOST_TEST(true);
        return;
    }
    const fs::path dir = fs::temp_directory_path() / ("arbiter-players-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    for (const std::string lang : {"en", "ja"}) {
        const fs::path html = dir / ("sheet-" + lang + ".html"), pdf = dir / ("sheet-" + lang + ".pdf");
        BOOST_REQUIRE(run_arbiter(event + " --format html --lang " + lang + " > '" + html.string() + "'").exit_code ==
                      0);
        arbiter::test::run_shell("timeout -k 5 90 '" + chromium.string() +
                                 "' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run"
                                 " --disable-background-networking --disable-component-update --disable-sync"
                                 " --user-data-dir='" +
                                 (dir / "profile").string() +
                                 "' --no-pdf-header-footer"
                                 " --print-to-pdf='" +
                                 pdf.string() + "' 'file://" + html.string() + "' 2>/dev/null");
        BOOST_REQUIRE_MESSAGE(fs::exists(pdf), "chromium printed no PDF");
        std::ifstream in(pdf, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        // One /MediaBox per page in Chromium's PDFs (tests/cli/browser_test.cpp reads the sizes the same way).
        int pages = 0;
        for (auto at = bytes.find("/MediaBox"); at != std::string::npos; at = bytes.find("/MediaBox", at + 1)) ++pages;
        BOOST_TEST(pages >= 1);
        BOOST_TEST(pages <= 2, lang << ": " << pages << " pages");
    }
    fs::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace players_sheet_test
