// The HTML pages in a real browser: headless Chromium renders each page (event sheet in both languages and --full,
// rulebook diff with its categories and modes, timeline comparison with its board diagrams in both languages, and
// xiangqi's comparison on its points board and its two rulebooks' diff) to a screenshot; the page must not be blank
// (its PNG is at least twice the size of a
// blank page's at the same window size, as text and tables compress far worse than white) and the
// browser must log no console message (the pages carry no scripts, so any console line is an error).
// Each page is also printed as Chromium prints it: to PDF, where every page must be A4 (595.28 x 841.89 pt, ISO 216:
// 210 x 297 mm at 72 pt per 25.4 mm), and laid out at the A4 text width (210 mm less the stylesheet's 12 mm margins
// each side = 186 mm = 703 px at 96 px per 25.4 mm), where no element may run past the page's right edge and no
// table cell may overflow its box (a probe script, added to a copy of the page, writes what it finds into the DOM).
// Skipped, with a message, where /usr/bin/chromium is absent (scripts/setup installs Debian's chromium).
#include "cli/chromium.h"
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>
#include <unistd.h>

namespace browser_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::CliResult;
using arbiter::test::page_sizes;

struct Scratch {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / ("arbiter-browser-" + std::to_string(::getpid()));
    Scratch() { std::filesystem::create_directories(dir); }
    ~Scratch() { std::filesystem::remove_all(dir); }
};

// Renders `page` to `png`; returns Chromium's log.
std::string render(const Scratch& scratch, const std::filesystem::path& page, const std::filesystem::path& png) {
    return arbiter::test::chromium_run(scratch.dir / ("profile-" + png.stem().string()),
                                       "--hide-scrollbars --enable-logging=stderr --v=0 --window-size=1200,1600"
                                       " --screenshot='" + png.string() + "'",
                                       "file://" + page.string());
}

const std::pair<const char*, std::string> pages[] = {
    {"sheet-en", "event sheet tests/data/events/fide2009-club.yaml --format html"},
    {"sheet-ja", "event sheet tests/data/events/fide2009-club.yaml --format html --lang ja"},
    {"sheet-full", "event sheet tests/data/events/fide2009-club.yaml --full --format html --lang ja"},
    {"diff", "diff jca-1997 fide-2001 fide-2009 --format html"},
    {"diff-modes", "diff kyushu-shogi-2006 csa-computer-shogi --format html --lang ja"},
    {"history", "history 6 --rulebooks jca-1997,fide-2001,fide-2009 --format html --lang ja"},
    {"compare-en", "compare tests/timelines/chess/demo-edition-differences.yaml --format html"},
    {"compare-ja", "compare tests/timelines/chess/28-illegal-move-third.yaml --format html --lang ja"},
    {"compare-xiangqi", "compare tests/timelines/xiangqi/01-perpetual-check.yaml --format html --lang ja"},
    {"diff-xiangqi", "diff axf-asian-rules cxa-2011 --format html"},
};

std::string chromium_run(const Scratch& scratch, const std::string& name, const std::string& options,
                         const std::filesystem::path& page) {
    return arbiter::test::chromium_run(scratch.dir / ("profile-" + name), options, "file://" + page.string());
}

// Counts an element past the right edge, or a table cell whose content is wider than the cell.
constexpr const char* overflow_probe = R"js(<script>
(() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const e of document.querySelectorAll('main *')) {
    const box = e.getBoundingClientRect();
    if (box.right > width + 1) found.push(e.tagName + ' right ' + Math.round(box.right));
    else if ((e.tagName === 'TD' || e.tagName === 'TH') && e.scrollWidth > e.clientWidth + 1)
      found.push(e.tagName + ' content ' + e.scrollWidth);
  }
  document.body.setAttribute('data-overflow', found.length + ': ' + found.slice(0, 5).join(', '));
})();
</script>)js";

}  // namespace

BOOST_AUTO_TEST_SUITE(html_pages_render_in_a_browser)

BOOST_AUTO_TEST_CASE(each_page_prints_on_a4_without_overflow) {
    if (arbiter::test::no_chromium()) return;
    if (arbiter::test::run_shell("fc-list :lang=ja 2>/dev/null").out.empty())
        BOOST_TEST_MESSAGE("no Japanese font (fc-list :lang=ja): the ja pages print with missing glyphs; run scripts/setup");
    const Scratch scratch;
    for (const auto& [name, args] : pages) {
        BOOST_TEST_CONTEXT(name) {
            const auto html = scratch.dir / (std::string(name) + ".html");
            BOOST_REQUIRE(arbiter::test::run_arbiter(args + " > '" + html.string() + "'").exit_code == 0);
            const auto pdf = scratch.dir / (std::string(name) + ".pdf");
            chromium_run(scratch, name, "--no-pdf-header-footer --print-to-pdf='" + pdf.string() + "'", html);
            BOOST_REQUIRE_MESSAGE(std::filesystem::exists(pdf), "chromium printed no PDF");
            std::ifstream in(pdf, std::ios::binary);
            const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
            const auto sizes = page_sizes(bytes);
            BOOST_TEST(!sizes.empty());
            for (const auto& [w, h] : sizes) {
                BOOST_TEST(std::abs(w - 595.28) < 2.0, "page width " << w << " pt");
                BOOST_TEST(std::abs(h - 841.89) < 2.0, "page height " << h << " pt");
            }
            std::ifstream page(html);
            std::string text((std::istreambuf_iterator<char>(page)), std::istreambuf_iterator<char>());
            text.insert(text.rfind("</body>"), overflow_probe);
            const auto probed = scratch.dir / (std::string(name) + "-probe.html");
            std::ofstream(probed) << text;
            const std::string dom = chromium_run(scratch, std::string(name) + "-probe", "--window-size=703,1000 --dump-dom", probed);
            BOOST_TEST(dom.find("data-overflow=\"0: \"") != std::string::npos,
                       dom.substr(std::min(dom.find("data-overflow"), dom.size()), 200));
        }
    }
}

BOOST_AUTO_TEST_CASE(each_page_renders_not_blank_without_console_errors) {
    if (arbiter::test::no_chromium()) return;
    const Scratch scratch;
    const auto blank_page = scratch.dir / "blank.html";
    std::ofstream(blank_page) << "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>blank</title></head><body></body></html>\n";
    const auto blank_png = scratch.dir / "blank.png";
    const std::string blank = render(scratch, blank_page, blank_png);
    BOOST_REQUIRE_MESSAGE(std::filesystem::exists(blank_png), "chromium wrote no screenshot of a blank page: " + blank);
    const auto blank_size = std::filesystem::file_size(blank_png);
    for (const auto& [name, args] : pages) {
        BOOST_TEST_CONTEXT(name) {
            const auto html = scratch.dir / (std::string(name) + ".html");
            const CliResult made = arbiter::test::run_arbiter(args + " > '" + html.string() + "'");
            BOOST_REQUIRE(made.exit_code == 0);
            const auto png = scratch.dir / (std::string(name) + ".png");
            const std::string log = render(scratch, html, png);
            BOOST_REQUIRE_MESSAGE(std::filesystem::exists(png), "no screenshot: " + log);
            BOOST_TEST(std::filesystem::file_size(png) > 2 * blank_size);
            BOOST_TEST_INFO(log);
            BOOST_TEST(log.find("CONSOLE") == std::string::npos);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace browser_test
