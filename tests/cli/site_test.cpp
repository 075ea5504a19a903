// `arbiter site DIR` in a real browser. The site is written once (every bundled rulebook and the chess demo
// timeline's comparison); then every link and script source of every page must resolve to a file of the site, and
// a #fragment to an element with that id in it; every entry of both search indexes likewise. Headless Chromium then
// prints every page to PDF: each must print, every PDF page must be A4 (595.28 x 841.89 pt, ISO 216's 210 x 297 mm
// at 72 pt per 25.4 mm), and the browser must log no console message (only the search page has a script; any
// console line is an error). Last, the search page answers a query given in its URL (?q=) in both languages with
// links to the rulebook articles that hold the words. Skipped, with a message, where /usr/bin/chromium is absent.
#include "cli/chromium.h"
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>
#include <unistd.h>

namespace site_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;
using arbiter::test::chromium_run;
using arbiter::test::no_chromium;
using arbiter::test::page_sizes;

// The site, written once for every case of this file.
struct Site {
    fs::path scratch = fs::temp_directory_path() / ("arbiter-site-" + std::to_string(::getpid()));
    fs::path dir = scratch / "site";
    int exit_code = -1;
    Site() {
        fs::create_directories(scratch);
        exit_code = arbiter::test::run_arbiter("site '" + dir.string() +
                                               "' --compare tests/timelines/chess/demo-edition-differences.yaml")
                        .exit_code;
    }
    ~Site() { fs::remove_all(scratch); }
    std::vector<fs::path> pages() const {
        std::vector<fs::path> out;
        for (const auto& e : fs::directory_iterator(dir))
            if (e.path().extension() == ".html") out.push_back(e.path());
        std::sort(out.begin(), out.end());
        return out;
    }
};

std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// "" when `target` (a link as written in `dir`'s pages: file, file#id or #id from `from`) resolves; else why not.
std::string unresolved(const fs::path& dir, const fs::path& from, const std::string& target) {
    if (target.rfind("http:", 0) == 0 || target.rfind("https:", 0) == 0 || target.rfind("//", 0) == 0)
        return "points outside the site: " + target;
    const auto hash = target.find('#');
    const std::string file = target.substr(0, hash);
    const fs::path page = file.empty() ? from : dir / file;
    if (!fs::exists(page)) return "no file " + file;
    if (hash == std::string::npos) return "";
    const std::string id = target.substr(hash + 1);
    return arbiter::test::contains(read(page), "id=\"" + id + "\"") ? ""
                                                                    : "no id " + id + " in " + page.filename().string();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(site_in_a_browser)

BOOST_AUTO_TEST_CASE(every_link_of_every_page_resolves) {
    const Site site;
    BOOST_REQUIRE(site.exit_code == 0);
    const auto pages = site.pages();
    // Per language: a page per bundled rulebook (the rulebook files under rulesets/), a diff per rulebook that
    // extends another (its file has a top-level `extends:`), the comparison, the home and the search page.
    int books = 0, extending = 0;
    for (const auto& e : fs::recursive_directory_iterator(ARBITER_SOURCE_DIR "/rulesets")) {
        if (e.path().extension() != ".yaml" || e.path().parent_path().filename() == "games") continue;
        ++books;
        if (arbiter::test::contains("\n" + read(e.path()), "\nextends:")) ++extending;
    }
    BOOST_TEST(pages.size() == 2u * static_cast<std::size_t>(books + extending + 3));
    const std::regex attribute(R"re((href|src)="([^"]*)")re");
    int links = 0;
    for (const fs::path& page : pages) {
        const std::string text = read(page);
        for (std::sregex_iterator at(text.begin(), text.end(), attribute), end; at != end; ++at) {
            ++links;
            BOOST_TEST(unresolved(site.dir, page, (*at)[2].str()).empty(),
                       page.filename().string() << ": " << unresolved(site.dir, page, (*at)[2].str()));
        }
    }
    BOOST_TEST(links >= 3 * static_cast<int>(pages.size()));  // at least the bar: home, search, other language
    // Linked both ways: the fide-2009 page links to its diff against fide-2001, the diff back to both rulebooks.
    BOOST_TEST(arbiter::test::contains(read(site.dir / "rulebook-fide-2009.html"), "href=\"diff-fide-2009.html\""));
    const std::string diff = read(site.dir / "diff-fide-2009.ja.html");
    BOOST_TEST(arbiter::test::contains(diff, "href=\"rulebook-fide-2001.ja.html\""));
    BOOST_TEST(arbiter::test::contains(diff, "href=\"rulebook-fide-2009.ja.html\""));
    const std::string compare = read(site.dir / "compare-demo-edition-differences.html");
    BOOST_TEST(arbiter::test::contains(compare, "href=\"rulebook-jca-1997.html\""));
    BOOST_TEST(arbiter::test::contains(read(site.dir / "rulebook-jca-1997.html"),
                                       "href=\"compare-demo-edition-differences.html\""));
    // Every search entry leads somewhere, and each language's index has one per rule section (every rulebook's
    // rules, categories and modes), one per rulebook, diff and comparison.
    const std::regex entry(R"re("u":"([^"]*)")re");
    for (const std::string lang : {"", ".ja"}) {
        int sections = 0;
        for (const fs::path& page : pages) {
            const std::string name = page.filename().string();
            if (name.rfind("rulebook-", 0) != 0 || (lang.empty() == arbiter::test::contains(name, ".ja."))) continue;
            const std::string text = read(page);
            for (auto at = text.find("<section class=\"rule\""); at != std::string::npos;
                 at = text.find("<section class=\"rule\"", at + 1))
                ++sections;
        }
        const std::string index = "search-index" + lang + ".js";
        const std::string text = read(site.dir / index);
        int entries = 0;
        for (std::sregex_iterator at(text.begin(), text.end(), entry), end; at != end; ++at, ++entries)
            BOOST_TEST(unresolved(site.dir, site.dir / "search.html", (*at)[1].str()).empty(),
                       index << ": " << (*at)[1]);
        BOOST_TEST(sections > books);
        BOOST_TEST(entries == sections + books + extending + 1, index);
    }
    // No external assets: no stylesheet fetches anything (links and script sources are checked above).
    for (const fs::path& page : pages) {
        BOOST_TEST(!arbiter::test::contains(read(page), "url("), page.filename());
        BOOST_TEST(!arbiter::test::contains(read(page), "@import"), page.filename());
    }
}

BOOST_AUTO_TEST_CASE(articles_named_by_subject_or_numbered_as_items_have_their_own_chapters) {
    const Site site;
    BOOST_REQUIRE(site.exit_code == 0);
    // csa-computer-shogi names its sections by subject (千日手, 持ち時間): each is a chapter anchored by its name,
    // headed by it (in English with its topic), where the numbered reading put them all under "No article".
    const std::string csa = read(site.dir / "rulebook-csa-computer-shogi.html");
    const std::string csa_ja = read(site.dir / "rulebook-csa-computer-shogi.ja.html");
    BOOST_TEST(arbiter::test::contains(csa, "id=\"section-千日手\""));
    BOOST_TEST(arbiter::test::contains(csa, "href=\"#section-持ち時間\""));
    BOOST_TEST(arbiter::test::contains(csa, "<h2>Section 千日手 ("));
    BOOST_TEST(arbiter::test::contains(csa_ja, "<h2>千日手</h2>"));
    BOOST_TEST(!arbiter::test::contains(csa, "No article"));
    BOOST_TEST(!arbiter::test::contains(csa_ja, "条なし"));
    // kyushu-shogi-2006 numbers items (1) to (11), not articles: (5) is the item on forbidden moves.
    const std::string kyushu = read(site.dir / "rulebook-kyushu-shogi-2006.html");
    const std::string kyushu_ja = read(site.dir / "rulebook-kyushu-shogi-2006.ja.html");
    BOOST_TEST(arbiter::test::contains(kyushu, "id=\"item-5\""));
    BOOST_TEST(arbiter::test::contains(kyushu, "<h2>Item (5)</h2>"));
    BOOST_TEST(arbiter::test::contains(kyushu_ja, "<h2>第5項</h2>"));
    BOOST_TEST(!arbiter::test::contains(kyushu, "Article 5"));
}

BOOST_AUTO_TEST_CASE(every_page_prints_on_a4_without_console_errors) {
    if (no_chromium()) return;
    const Site site;
    BOOST_REQUIRE(site.exit_code == 0);
    const fs::path profile = site.scratch / "profile";
    for (const fs::path& page : site.pages()) {
        BOOST_TEST_CONTEXT(page.filename().string()) {
            const fs::path pdf = site.scratch / (page.stem().string() + ".pdf");
            const std::string log = chromium_run(
                profile, "--enable-logging=stderr --v=0 --no-pdf-header-footer --print-to-pdf='" + pdf.string() + "'",
                "file://" + page.string());
            BOOST_REQUIRE_MESSAGE(fs::exists(pdf), "chromium printed no PDF: " + log);
            const auto sizes = page_sizes(read(pdf));
            BOOST_TEST(!sizes.empty());
            for (const auto& [w, h] : sizes) {
                BOOST_TEST(std::abs(w - 595.28) < 2.0, "page width " << w << " pt");
                BOOST_TEST(std::abs(h - 841.89) < 2.0, "page height " << h << " pt");
            }
            BOOST_TEST(!arbiter::test::contains(log, "CONSOLE"), log);
        }
    }
}

BOOST_AUTO_TEST_CASE(search_answers_a_query_without_a_server) {
    if (no_chromium()) return;
    const Site site;
    BOOST_REQUIRE(site.exit_code == 0);
    const fs::path profile = site.scratch / "profile-search";
    // "repetition" is in fide-2009's rule on the threefold repetition (9.2); 千日手 is the shogi rulebooks' word.
    const std::string en = chromium_run(profile, "--dump-dom",
                                        "file://" + (site.dir / "search.html").string() + "?q=repetition%20fide-2009");
    BOOST_TEST(arbiter::test::contains(en, "href=\"rulebook-fide-2009.html#"), en.substr(0, 2000));
    const std::string ja = chromium_run(
        profile, "--dump-dom", "file://" + (site.dir / "search.ja.html").string() + "?q=%E5%8D%83%E6%97%A5%E6%89%8B");
    BOOST_TEST(arbiter::test::contains(ja, "href=\"rulebook-csa-computer-shogi.ja.html#"), ja.substr(0, 2000));
    // A query nothing holds finds nothing.
    const std::string none =
        chromium_run(profile, "--dump-dom", "file://" + (site.dir / "search.html").string() + "?q=zzzqqq");
    BOOST_TEST(arbiter::test::contains(none, "0 found"));
    BOOST_TEST(!arbiter::test::contains(none, "<li>"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace site_test
