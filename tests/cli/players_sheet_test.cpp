// The players' sheet, what `event sheet` prints by default (`--full` prints the arbiter's), of the weekend rapid
// event (tests/data/events/weekend-rapid.yaml): what the event sets comes first, in plain sentences with values in a
// player's words (15 minutes, 15分, 20 moves); no engine word (in English an id with '_' or a dotted topic id, "->" or
// an arrow, YAML braces, "param", a unit abbreviation such as "15min"; in Japanese any ASCII word the Japanese scan
// flags, engine_words.h, with none of its allowances) in any format or language; and printed by headless Chromium
// (chromium.h, the site test's start-up) it is at most two A4 pages in both languages (skipped, with a message, where
// /usr/bin/chromium is absent).
#include "cli/chromium.h"
#include "cli/cli_run.h"
#include "cli/engine_words.h"

#include <boost/test/unit_test.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

namespace players_sheet_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::run_arbiter;

const std::string event = "event sheet tests/data/events/weekend-rapid.yaml";

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
            if (lang != "ja") continue;
            // The Japanese scan, title line aside (the event's name as its file writes it).
            text = format == "html" ? arbiter::test::visible_text(out.out) : arbiter::test::markdown_text(out.out);
            const auto left = arbiter::test::engine_words(text.substr(text.find('\n') + 1), {});
            BOOST_TEST(left.empty(), format << ": " << (left.empty() ? "" : left.front()) << " and " << left.size()
                                            << " in all");
        }
}

// The players' sheet is the default and --players names it; --full is the arbiter's sheet, longer by its effects,
// cases and discretions; the two flags together are a usage error.
BOOST_AUTO_TEST_CASE(the_players_sheet_is_the_default_and_full_is_the_arbiters) {
    for (const std::string lang : {"en", "ja"}) {
        const auto plain = run_arbiter(event + " --format text --lang " + lang);
        const auto named = run_arbiter(event + " --players --format text --lang " + lang);
        const auto full = run_arbiter(event + " --full --format text --lang " + lang);
        BOOST_REQUIRE(plain.exit_code == 0);
        BOOST_REQUIRE(full.exit_code == 0);
        BOOST_TEST(plain.out == named.out);
        BOOST_TEST(full.out.size() > plain.out.size());
        // The arbiter's sheet lists the effects of a ruling (the 7.4b penalty ladder); the players' states it in a
        // sentence and leaves the steps out.
        BOOST_TEST(contains(plain.out, lang == "ja" ? "本大会が定めること" : "What this event sets"));
        BOOST_TEST(!contains(full.out, lang == "ja" ? "本大会が定めること" : "What this event sets"));
    }
    BOOST_TEST(run_arbiter(event + " --full --players").exit_code == 2);
}

// The level of supervision is a fact of the sheet. FIDE 2009 A.3: with adequate supervision the Competition Rules
// apply to rapidplay, so the supervised event's sheet has none of the A.4 rules (A.4d: the arbiter does not point
// out a flag) and has the main rule on a flag (6.9: the arbiter observes it or a player claims it); the event that
// states nothing plays the A.4 rules, and its sheet says why.
BOOST_AUTO_TEST_CASE(the_sheet_states_the_level_of_supervision) {
    const auto supervised = run_arbiter("event sheet tests/data/events/weekend-rapid-supervised.yaml --format md");
    BOOST_REQUIRE(supervised.exit_code == 0);
    BOOST_TEST(contains(supervised.out, "| Supervision | adequate: the main rules apply, not the Rapidplay rules |"));
    BOOST_TEST(!contains(supervised.out, "A.4"));
    BOOST_TEST(contains(supervised.out, "**6.9**"));
    const auto ja = run_arbiter("event sheet tests/data/events/weekend-rapid-supervised.yaml --format md --lang ja");
    BOOST_TEST(contains(ja.out, "| 監督 | 十分：本則を適用し、早指しの規則は用いない |"));
    const auto full = run_arbiter("event sheet tests/data/events/weekend-rapid-supervised.yaml --full --format md");
    BOOST_TEST(!contains(full.out, "A.4"));
    const auto unstated = run_arbiter(event + " --format md");
    BOOST_TEST(contains(unstated.out, "| Supervision | not stated: the Rapidplay rules apply"));
    BOOST_TEST(contains(unstated.out, "A.4d"));
    const auto check = run_arbiter("event check tests/data/events/weekend-rapid-supervised.yaml");
    BOOST_TEST(check.exit_code == 0);
    BOOST_TEST(contains(check.out, "supervision: adequate (the main rules apply, not the category's)"));
}

BOOST_AUTO_TEST_CASE(at_most_two_a4_pages_in_each_language) {
    if (arbiter::test::no_chromium()) return;
    const fs::path dir = arbiter::test::scratch_path("players-sheet");
    fs::create_directories(dir);
    for (const std::string lang : {"en", "ja"}) {
        const fs::path html = dir / ("sheet-" + lang + ".html"), pdf = dir / ("sheet-" + lang + ".pdf");
        BOOST_REQUIRE(run_arbiter(event + " --format html --lang " + lang + " > '" + html.string() + "'").exit_code ==
                      0);
        const std::string log = arbiter::test::chromium_run(
            dir / "profile", "--no-pdf-header-footer --print-to-pdf='" + pdf.string() + "'", "file://" + html.string());
        BOOST_REQUIRE_MESSAGE(fs::exists(pdf), "chromium printed no PDF: " + log);
        std::ifstream in(pdf, std::ios::binary);
        const auto sizes = arbiter::test::page_sizes({std::istreambuf_iterator<char>(in), {}});
        // A4 is 595.28 x 841.89 pt (ISO 216: 210 x 297 mm at 72 pt per 25.4 mm).
        for (const auto& [w, h] : sizes) BOOST_TEST((std::abs(w - 595.28) < 2.0 && std::abs(h - 841.89) < 2.0));
        BOOST_TEST(sizes.size() >= 1u);
        BOOST_TEST(sizes.size() <= 2u, lang << ": " << sizes.size() << " pages");
        BOOST_TEST_MESSAGE("the weekend rapid event's players' sheet, " << lang << ": " << sizes.size()
                                                                        << " A4 page(s)");
    }
    fs::remove_all(dir);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace players_sheet_test
