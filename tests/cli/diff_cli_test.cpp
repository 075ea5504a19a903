// `arbiter diff` from the command line: each format, both languages, the FIDE 2001/2009 topics the
// issue names (late arrival, incorrect claims, phones, both flags fallen) in every format, the categories
// (FIDE 2001 Appendices B and C, relettered A and B in 2009) and modes (kyushu-shogi-2006's team and individual
// play, article (1)) in every format, and exit 2 for an unknown id.
#include "cli/cli_run.h"
#include "report/text_table.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <set>
#include <string>

namespace diff_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::CliResult;
using arbiter::test::contains;

CliResult diff_run(const std::string& args) { return arbiter::test::run_arbiter(args); }

}  // namespace

BOOST_AUTO_TEST_SUITE(diff_prints_every_format)

// Articles as the rulebooks cite them (rulesets/chess, from seed 001): late arrival 2001 6.7 / 2009 6.6a, incorrect
// claims 9.5b in both, phones 12.5 / 12.3b, both flags fallen 6.12 / 6.11.
BOOST_AUTO_TEST_CASE(fide_editions_json_has_the_four_named_topics_with_both_articles) {
    const CliResult r = diff_run("diff fide-2001 fide-2009 --format json");
    BOOST_TEST(r.exit_code == 0);
    std::map<std::string, std::pair<std::string, std::string>> articles;
    const auto j = nlohmann::json::parse(r.out);
    auto article = [](const nlohmann::json& side) { return side["article"].is_string() ? side["article"].get<std::string>() : "-"; };
    for (const auto& t : j["topics"]) articles[t["topic"].get<std::string>()] = {article(t["rulebooks"][0]), article(t["rulebooks"][1])};
    const std::map<std::string, std::pair<std::string, std::string>> expected = {
        {"clock.late_arrival", {"6.7", "6.6a"}},
        {"draw.incorrect_claim", {"9.5b", "9.5b"}},
        {"conduct.phone", {"12.5", "12.3b"}},
        {"clock.both_flags", {"6.12", "6.11"}}};
    for (const auto& [topic, both] : expected) {
        BOOST_TEST_CONTEXT(topic) {
            BOOST_REQUIRE(articles.count(topic) == 1u);
            BOOST_TEST(articles[topic].first == both.first);
            BOOST_TEST(articles[topic].second == both.second);
        }
    }
}

BOOST_AUTO_TEST_CASE(text_md_and_html) {
    const CliResult text = diff_run("diff fide-2001 fide-2009");
    BOOST_TEST(text.exit_code == 0);
    BOOST_TEST(contains(text.out, "relation: fide-2009 extends fide-2001"));
    const CliResult md = diff_run("diff fide-2001 fide-2009 --format md --lang ja");
    BOOST_TEST(md.exit_code == 0);
    BOOST_TEST(contains(md.out, "### conduct.phone"));
    BOOST_TEST(contains(md.out, "子で変更"));
    const CliResult html = diff_run("diff jca-1997 fide-2001 fide-2009 --format html");
    BOOST_TEST(html.exit_code == 0);
    BOOST_TEST(html.out.rfind("<!DOCTYPE html>", 0) == 0);
    BOOST_TEST(contains(html.out, "<th>jca-1997</th><th>fide-2001</th><th>fide-2009</th>"));
}

// Each named topic, in each format: text starts a table with the topic, Markdown a "### topic" heading, HTML a
// section anchored at the topic.
BOOST_AUTO_TEST_CASE(fide_editions_show_the_four_named_topics_in_every_format) {
    const CliResult text = diff_run("diff fide-2001 fide-2009");
    const CliResult md = diff_run("diff fide-2001 fide-2009 --format md");
    const CliResult html = diff_run("diff fide-2001 fide-2009 --format html");
    BOOST_TEST(text.exit_code == 0);
    BOOST_TEST(md.exit_code == 0);
    BOOST_TEST(html.exit_code == 0);
    for (const std::string t : {"clock.late_arrival", "draw.incorrect_claim", "conduct.phone", "clock.both_flags"}) {
        BOOST_TEST_CONTEXT(t) {
            BOOST_TEST(contains(text.out, "\n" + t + "  "));
            BOOST_TEST(contains(md.out, "\n### " + t + "\n"));
            BOOST_TEST(contains(html.out, "id=\"" + t + "\""));
        }
    }
}

BOOST_AUTO_TEST_CASE(categories_in_every_format) {
    // FIDE 2001 B1 (rapidplay) and C1 (blitz); the 2009 file restates both from the English 2009 Laws,
    // Appendices A.1 and B.1, so each category is changed (relettered), not removed.
    const CliResult text = diff_run("diff fide-2001 fide-2009");
    BOOST_TEST(contains(text.out, "== category rapid: fide-2001 B1; fide-2009 A.1 (changed in fide-2009)"));
    BOOST_TEST(contains(text.out, "== category blitz: fide-2001 C1; fide-2009 B.1 (changed in fide-2009)"));
    const CliResult md = diff_run("diff fide-2001 fide-2009 --format md --lang ja");
    BOOST_TEST(contains(md.out, "## 種別 早指し\n"));  // the category in the registry's words (通常・早指し・...)
    BOOST_TEST(contains(md.out, "| 条 | B1 | A.1（子で変更） |"));
    const CliResult html = diff_run("diff fide-2001 fide-2009 --format html");
    BOOST_TEST(contains(html.out, "<section class=\"chapter\" id=\"category-blitz\">"));
    const auto j = nlohmann::json::parse(diff_run("diff fide-2001 fide-2009 --format json").out);
    std::set<std::string> names;
    for (const auto& c : j["categories"]) names.insert(c["name"].get<std::string>());
    BOOST_TEST((names == std::set<std::string>{"blitz", "rapid"}));
}

BOOST_AUTO_TEST_CASE(modes_in_every_format) {
    // kyushu-shogi-2006 (1): team and individual play; (3) the individual sennichite by lot. csa has no modes.
    const CliResult text = diff_run("diff kyushu-shogi-2006 csa-computer-shogi");
    BOOST_TEST(text.exit_code == 0);
    BOOST_TEST(contains(text.out, "== mode individual: kyushu-shogi-2006 (1); csa-computer-shogi -"));
    BOOST_TEST(contains(text.out, "\nshogi.sennichite  "));
    const CliResult md = diff_run("diff kyushu-shogi-2006 csa-computer-shogi --format md");
    BOOST_TEST(contains(md.out, "## mode team\n"));
    BOOST_TEST(contains(md.out, "### shogi.sennichite\n"));
    const CliResult html = diff_run("diff kyushu-shogi-2006 csa-computer-shogi --format html --lang ja");
    BOOST_TEST(contains(html.out, "<h2>方式 個人戦</h2>"));  // the mode's title (kyushu-shogi-2006 (1): 個人戦)
    const auto j = nlohmann::json::parse(diff_run("diff kyushu-shogi-2006 csa-computer-shogi --format json").out);
    BOOST_REQUIRE(j["modes"].size() == 2u);
    BOOST_TEST(j["modes"][0]["name"] == "individual");
    BOOST_TEST(j["modes"][0]["rulebooks"][0]["article"] == "(1)");
    BOOST_TEST(j["modes"][0]["rulebooks"][1]["present"] == false);
    BOOST_TEST(j["modes"][1]["name"] == "team");
}

BOOST_AUTO_TEST_CASE(unknown_ids_and_a_single_id_exit_2) {
    BOOST_TEST(diff_run("diff fide-2001 fide-2010").exit_code == 2);
    BOOST_TEST(diff_run("diff fide-2001").exit_code == 2);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(diff_for_a_committee)

// Not a terminal (the test's pipe): 80 columns, no escapes, no pager; --overview stops before the detail.
BOOST_AUTO_TEST_CASE(overview_width_and_colour_options) {
    const CliResult overview = diff_run("diff fide-2001 fide-2009 --overview");
    BOOST_TEST(overview.exit_code == 0);
    // FIDE 2001 5.2c / 2009 9.1a (agreeing a draw) is the first article with a difference of substance; 3.7e
    // (promotion) differs only in its cross-references.
    BOOST_TEST(contains(overview.out, "== Overview (by chapter, in article order)\n-- Article 5\n"));
    BOOST_TEST(!contains(overview.out, "\n== Article 5\n"));
    BOOST_TEST(!contains(overview.out, "\x1b"));
    const CliResult full = diff_run("diff fide-2001 fide-2009");
    BOOST_TEST(contains(full.out, "\n== Article 5\n"));
    BOOST_TEST(!contains(full.out, "\x1b"));
    auto widest = [](const std::string& text) {
        std::size_t widest = 0, at = 0;
        while (at < text.size()) {
            const auto end = text.find('\n', at);
            const auto line = text.substr(at, (end == std::string::npos ? text.size() : end) - at);
            widest = std::max(widest, static_cast<std::size_t>(arbiter::report::display_width(line)));
            at = end == std::string::npos ? text.size() : end + 1;
        }
        return widest;
    };
    BOOST_TEST(widest(full.out) <= 80u);
    BOOST_TEST(widest(diff_run("diff fide-2001 fide-2009 --width 60").out) <= 60u);
    BOOST_TEST(contains(diff_run("diff fide-2001 fide-2009 --overview --color always").out, "\x1b[1m== Overview"));
    BOOST_TEST(diff_run("diff fide-2001 fide-2009 --width 5").exit_code != 0);  // below the 20-column floor
}

// On a terminal (a pseudo-terminal from util-linux `script`), headings are bold unless NO_COLOR is set or TERM is
// dumb (no-color.org; terminals without escapes). PAGER=cat keeps the pager out of the way.
BOOST_AUTO_TEST_CASE(no_color_and_a_dumb_terminal_turn_bold_off_on_a_terminal) {
    if (arbiter::test::run_shell("command -v script >/dev/null 2>&1").exit_code != 0) {
        BOOST_TEST_MESSAGE("SKIP: util-linux `script` is missing, so no pseudo-terminal to test on");
        return;
    }
    auto on_terminal = [](const std::string& env) {
        return arbiter::test::run_shell("cd '" ARBITER_SOURCE_DIR "' && script -qec \"env PAGER=cat " + env + " '" ARBITER_BINARY
                                        "' diff fide-2001 fide-2009 --overview\" /dev/null 2>/dev/null")
            .out;
    };
    BOOST_TEST(contains(on_terminal("TERM=xterm"), "\x1b[1m"));  // the pseudo-terminal is one: bold is on
    BOOST_TEST(!contains(on_terminal("TERM=xterm NO_COLOR=1"), "\x1b["));
    BOOST_TEST(!contains(on_terminal("TERM=dumb"), "\x1b["));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace diff_cli_test
