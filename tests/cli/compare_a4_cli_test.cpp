// `compare` of the bundled demo timeline across all six chess rulebooks (JCA 1997 to FIDE 2023) stays readable on
// A4: the text within 136 columns (A4 landscape at 10 pitch, the width the project prints tables at; Japanese
// counted double), and the HTML printed by headless Chromium on at most three A4 pages, in both languages.
// The HTML check is skipped, with a message, where /usr/bin/chromium is absent.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <unistd.h>

namespace compare_a4_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::run_arbiter;
using arbiter::test::run_shell;

const std::string Args = "compare tests/timelines/chess/demo-edition-differences.yaml"
                         " --rulebooks jca-1997,fide-2001,fide-2009,fide-2014,fide-2018,fide-2023";

// Display columns of one UTF-8 line: CJK, kana and full-width forms count two.
int columns(const std::string& line) {
    int width = 0;
    for (std::size_t i = 0; i < line.size();) {
        const auto b = static_cast<unsigned char>(line[i]);
        const int length = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
        unsigned cp = length == 1 ? b : b & (0xFF >> (length + 1));
        for (int k = 1; k < length && i + k < line.size(); ++k) cp = (cp << 6) | (line[i + k] & 0x3F);
        const bool wide = (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0xA4CF) ||
                          (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
                          (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6);
        width += wide ? 2 : 1;
        i += length;
    }
    return width;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(compare_of_six_editions_fits_a4)

BOOST_AUTO_TEST_CASE(text_within_136_columns) {
    for (const char* lang : {"en", "ja"}) {
        const auto r = run_arbiter(Args + " --lang " + lang);
        BOOST_TEST(r.exit_code == 0);
        std::istringstream in(r.out);
        int lines = 0, widest = 0;
        for (std::string line; std::getline(in, line); ++lines) widest = std::max(widest, columns(line));
        BOOST_TEST(widest <= 136, lang << ": " << widest << " columns");
        BOOST_TEST(lines > 10, lang);  // the table is there (six rulebooks, the demo's rows)
        BOOST_TEST(r.out.find("fide-2023") != std::string::npos, lang);
    }
}

BOOST_AUTO_TEST_CASE(html_on_at_most_three_a4_pages) {
    if (!std::filesystem::exists("/usr/bin/chromium")) {
        BOOST_TEST_MESSAGE("SKIPPED: /usr/bin/chromium is absent; run scripts/setup to install Debian's chromium");
        BOOST_TEST(true);
        return;
    }
    const auto dir = std::filesystem::temp_directory_path() / ("arbiter-compare-a4-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    for (const char* lang : {"en", "ja"}) {
        const auto html = dir / (std::string(lang) + ".html");
        const auto pdf = dir / (std::string(lang) + ".pdf");
        const std::string to = " > '" + html.string() + "'";
        BOOST_REQUIRE(run_arbiter(Args + " --format html --lang " + lang + to).exit_code == 0);
        run_shell("timeout -k 5 90 /usr/bin/chromium --headless --no-sandbox --disable-gpu --no-first-run"
                  " --disable-background-networking --disable-component-update --disable-sync --user-data-dir='" +
                  (dir / (std::string("profile-") + lang)).string() + "' --no-pdf-header-footer --print-to-pdf='" +
                  pdf.string() + "' 'file://" + html.string() + "' >/dev/null 2>&1");
        BOOST_REQUIRE_MESSAGE(std::filesystem::exists(pdf), "chromium printed no PDF");
        std::ifstream in(pdf, std::ios::binary);
        const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        int pages = 0;
        const std::string box = "/MediaBox [";
        for (auto at = bytes.find(box); at != std::string::npos; at = bytes.find(box, at + 1)) ++pages;
        BOOST_TEST(pages >= 1, lang);
        BOOST_TEST(pages <= 3, lang << ": " << pages << " pages");
    }
    std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace compare_a4_cli_test
