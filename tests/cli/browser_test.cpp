// The HTML pages in a real browser: headless Chromium renders each page (event sheet in both languages,
// rulebook diff with its categories and modes, timeline comparison with its board diagrams in both languages) to a
// screenshot; the page must not be blank (its PNG is at least twice the size of a
// blank page's at the same window size, as text and tables compress far worse than white) and the
// browser must log no console message (the pages carry no scripts, so any console line is an error).
// Skipped, with a message, where /usr/bin/chromium is absent (scripts/setup installs Debian's chromium).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

using arbiter::test::CliResult;

const std::filesystem::path chromium = "/usr/bin/chromium";

struct Scratch {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / ("arbiter-browser-" + std::to_string(::getpid()));
    Scratch() { std::filesystem::create_directories(dir); }
    ~Scratch() { std::filesystem::remove_all(dir); }
};

// Renders `page` to `png`; returns Chromium's log (stderr). Never hangs: `timeout` kills it after 90 s.
CliResult render(const Scratch& scratch, const std::filesystem::path& page, const std::filesystem::path& png) {
    const std::string profile = (scratch.dir / ("profile-" + png.stem().string())).string();
    return arbiter::test::run_shell(
        "timeout -k 5 90 '" + chromium.string() +
        "' --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
        " --disable-component-update --disable-sync --hide-scrollbars --user-data-dir='" + profile +
        "' --enable-logging=stderr --v=0 --window-size=1200,1600 --screenshot='" + png.string() + "' 'file://" + page.string() + "' 2>&1");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(html_pages_render_in_a_browser)

BOOST_AUTO_TEST_CASE(each_page_renders_not_blank_without_console_errors) {
    if (!std::filesystem::exists(chromium)) {
        BOOST_TEST_MESSAGE("SKIPPED: /usr/bin/chromium is absent; run scripts/setup to install Debian's chromium");
        BOOST_TEST(true);
        return;
    }
    const Scratch scratch;
    const std::pair<const char*, std::string> pages[] = {
        {"sheet-en", "event sheet tests/data/events/fide2009-club.yaml --format html"},
        {"sheet-ja", "event sheet tests/data/events/fide2009-club.yaml --format html --lang ja"},
        {"diff", "diff jca-1997 fide-2001 fide-2009 --format html"},
        {"diff-modes", "diff kyushu-shogi-2006 csa-computer-shogi --format html --lang ja"},
        {"compare-en", "compare tests/timelines/chess/demo-edition-differences.yaml --format html"},
        {"compare-ja", "compare tests/timelines/chess/28-illegal-move-third.yaml --format html --lang ja"},
    };
    const auto blank_page = scratch.dir / "blank.html";
    std::ofstream(blank_page) << "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>blank</title></head><body></body></html>\n";
    const auto blank_png = scratch.dir / "blank.png";
    const CliResult blank = render(scratch, blank_page, blank_png);
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(blank_png), "chromium wrote no screenshot of a blank page: " + blank.out);
    const auto blank_size = std::filesystem::file_size(blank_png);
    for (const auto& [name, args] : pages) {
        BOOST_TEST_CONTEXT(name) {
            const auto html = scratch.dir / (std::string(name) + ".html");
            const CliResult made = arbiter::test::run_arbiter(args + " > '" + html.string() + "'");
            BOOST_REQUIRE(made.exit_code == 0);
            const auto png = scratch.dir / (std::string(name) + ".png");
            const CliResult log = render(scratch, html, png);
            BOOST_REQUIRE_MESSAGE(std::filesystem::exists(png), "no screenshot: " + log.out);
            BOOST_TEST(std::filesystem::file_size(png) > 2 * blank_size);
            BOOST_TEST_INFO(log.out);
            BOOST_TEST(log.out.find("CONSOLE") == std::string::npos);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()
