// The rulebook diff in its four formats and both languages: each names both articles, the JSON keeps its
// field names, the HTML is a self-contained page. Articles expected are the rule texts': FIDE 2001 6.7
// (late arrival) and 12.5 (phones), FIDE 2009 6.6a and 12.3b.
#include "report/diff_report.h"
#include "report/text_table.h"

#include <boost/test/unit_test.hpp>

namespace diff_report_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;
using namespace arbiter::report;

namespace {

const Library& bundled() {
    static const Library library = Library::open(std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets");
    return library;
}

const RulebookDiff& fide_diff() {
    static const RulebookDiff diff = diff_rulebooks({bundled().find("fide-2001"), bundled().find("fide-2009")});
    return diff;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

BOOST_AUTO_TEST_SUITE(a_diff_prints_both_articles_in_every_format)

BOOST_AUTO_TEST_CASE(text_aligns_columns_and_names_both_articles) {
    const std::string text = diff_text(fide_diff(), Lang::en);
    BOOST_TEST(has(text, "relation: fide-2009 extends fide-2001"));
    BOOST_TEST(has(text, "clock.late_arrival"));
    BOOST_TEST(has(text, "6.6a"));
    BOOST_TEST(has(text, "changed in fide-2009"));
    // Every line of a table block has the fide-2009 column at the same display column as its header.
    const auto header = text.find("clock.late_arrival  ", text.find("== Article 6\n"));  // the table, past the overview
    BOOST_REQUIRE(header != std::string::npos);
    const auto line_end = text.find('\n', header);
    const std::string head = text.substr(header, line_end - header);
    BOOST_TEST(has(head, "fide-2001"));
    BOOST_TEST(has(head, "fide-2009"));
}

BOOST_AUTO_TEST_CASE(japanese_labels_and_summaries) {
    const std::string text = diff_text(fide_diff(), Lang::ja);
    BOOST_TEST(has(text, "関係: fide-2009 は fide-2001 を継承"));
    BOOST_TEST(has(text, "要旨"));
    BOOST_TEST(has(text, "子で変更"));
    const std::string md = diff_markdown(fide_diff(), Lang::ja);
    BOOST_TEST(has(md, "# 規則比較: fide-2001 / fide-2009"));
}

BOOST_AUTO_TEST_CASE(markdown_has_a_table_per_topic) {
    const std::string md = diff_markdown(fide_diff(), Lang::en);
    BOOST_TEST(has(md, "### conduct.phone\n\n|  | fide-2001 | fide-2009 |\n|---|---|---|\n"));
    BOOST_TEST(has(md, "### draw.incorrect_claim"));
    BOOST_TEST(has(md, "### clock.both_flags"));
    BOOST_TEST(has(md, "## Article 12\n"));
}

BOOST_AUTO_TEST_CASE(json_keeps_stable_field_names) {
    const nlohmann::json j = diff_json(fide_diff());
    BOOST_TEST(j["rulebooks"].size() == 2u);
    BOOST_TEST(j["rulebooks"][1]["compared_parent"] == "fide-2001");
    bool phone = false;
    for (const auto& t : j["topics"]) {
        if (t["topic"] != "conduct.phone") continue;
        phone = true;
        BOOST_TEST(t["rulebooks"][0]["article"] == "12.5");
        BOOST_TEST(t["rulebooks"][1]["article"] == "12.3b");
        BOOST_TEST(t["rulebooks"][1]["in_child"] == "changed");
        BOOST_TEST(t["differences"].is_array());
    }
    BOOST_TEST(phone);
    BOOST_TEST(j["same"].is_number_integer());
}

BOOST_AUTO_TEST_CASE(html_is_one_self_contained_page) {
    const std::string html = diff_html(fide_diff(), Lang::en);
    BOOST_TEST(html.rfind("<!DOCTYPE html>", 0) == 0);
    BOOST_TEST(has(html, "<style>"));
    BOOST_TEST(has(html, "@page { size: A4"));
    BOOST_TEST(!has(html, "<script"));
    BOOST_TEST(!has(html, "<link"));
    BOOST_TEST(has(html, "id=\"clock.late_arrival\""));
    BOOST_TEST(has(diff_html(fide_diff(), Lang::ja), "<html lang=\"ja\">"));
}

BOOST_AUTO_TEST_CASE(same_input_gives_byte_identical_output) {
    const RulebookDiff again = diff_rulebooks({bundled().find("fide-2001"), bundled().find("fide-2009")});
    BOOST_TEST(diff_text(again, Lang::en) == diff_text(fide_diff(), Lang::en));
    BOOST_TEST(diff_json(again).dump() == diff_json(fide_diff()).dump());
}

BOOST_AUTO_TEST_SUITE_END()

// Categories and modes. Expected articles are the texts': FIDE 2001 Appendix B1 defines rapidplay and B8 draws a
// game when both flags are down (seed 001 line 265); C1 defines blitz; the seed's 2009 text has no appendices, so
// under fide-2009 a rapid game falls to the main Laws, where both flags are 6.11 (seed 001 line 473). Kyushu 2006
// (seed 003 line 10): article (1) names team and individual play, (3) the individual sennichite by lot, (4) the
// entering-king declaration; csa-computer-shogi has no modes, so its base rules stand against them.
namespace {

const RulebookDiff& shogi_diff() {
    static const RulebookDiff diff = diff_rulebooks({bundled().find("kyushu-shogi-2006"), bundled().find("csa-computer-shogi")});
    return diff;
}

const PartDiff* part(const std::vector<PartDiff>& parts, const std::string& name) {
    for (const auto& p : parts)
        if (p.name == name) return &p;
    return nullptr;
}

const TopicDiff* topic_in(const PartDiff& p, const std::string& name) {
    for (const auto& t : p.topics)
        if (t.topic == name) return &t;
    return nullptr;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(categories_and_modes_are_diffed_in_every_format)

BOOST_AUTO_TEST_CASE(a_category_both_editions_have_is_compared_rule_by_rule) {
    // FIDE 2001 Appendix B (rapidplay) against the 2009 Laws' Appendix A, which fide-2009 encodes as its own rapid.
    const PartDiff* rapid = part(fide_diff().categories, "rapid");
    BOOST_REQUIRE(rapid);
    BOOST_TEST(rapid->present[0]);
    BOOST_TEST(rapid->present[1]);
    BOOST_TEST(rapid->articles[0] == "B1");
    BOOST_TEST(rapid->articles[1] == "A.1");
    BOOST_TEST(rapid->in_child[1] == "changed");
    const TopicDiff* both = topic_in(*rapid, "clock.both_flags");
    BOOST_REQUIRE(both);
    BOOST_REQUIRE(both->sides[0].rule);
    BOOST_REQUIRE(both->sides[1].rule);
    BOOST_TEST(both->sides[0].rule->article == "B8");
    BOOST_TEST(!both->sides[0].base);
    BOOST_TEST(both->sides[1].rule->article == "A.4d3");  // 2009 A.4d3: both flags down in rapid is a draw
    BOOST_TEST(!both->sides[1].base);
    const PartDiff* blitz = part(fide_diff().categories, "blitz");
    BOOST_REQUIRE(blitz);
    BOOST_TEST(blitz->articles[0] == "C1");
    BOOST_TEST(blitz->articles[1] == "B.1");
}

BOOST_AUTO_TEST_CASE(a_mode_one_rulebook_lacks_stands_against_its_base_rules) {
    const PartDiff* individual = part(shogi_diff().modes, "individual");
    BOOST_REQUIRE(individual);
    BOOST_TEST(individual->articles[0] == "(1)");
    BOOST_TEST(individual->articles[1] == "-");
    const TopicDiff* sennichite = topic_in(*individual, "shogi.sennichite");
    BOOST_REQUIRE(sennichite);
    BOOST_TEST(sennichite->sides[0].rule->article == "(3)");
    BOOST_TEST(!sennichite->sides[0].base);
    BOOST_TEST(sennichite->sides[1].base);
    BOOST_TEST(topic_in(*individual, "shogi.impasse"));
    // The team mode restates nothing, but only one rulebook has it.
    const PartDiff* team = part(shogi_diff().modes, "team");
    BOOST_REQUIRE(team);
    BOOST_TEST(team->topics.empty());
    BOOST_TEST(!team->present[1]);
}

BOOST_AUTO_TEST_CASE(identical_categories_are_not_listed) {
    const Rulebook* book = bundled().find("fide-2001");
    const RulebookDiff same = diff_rulebooks({book, book});
    BOOST_TEST(same.categories.empty());
    BOOST_TEST(same.modes.empty());
}

BOOST_AUTO_TEST_CASE(text_names_both_articles_per_category_and_mode) {
    const std::string text = diff_text(fide_diff(), Lang::en);
    BOOST_TEST(has(text, "== category rapid: fide-2001 B1; fide-2009 A.1 (changed in fide-2009)"));
    BOOST_TEST(has(text, "== category blitz: fide-2001 C1;"));
    BOOST_TEST(has(text, "the base rule applies"));
    BOOST_TEST(has(diff_text(fide_diff(), Lang::ja), "== 種別 早指し: fide-2001 B1; fide-2009 A.1"));
    BOOST_TEST(has(diff_text(fide_diff(), Lang::ja), "基本規則を適用"));
    const std::string shogi = diff_text(shogi_diff(), Lang::en);
    BOOST_TEST(has(shogi, "== mode individual: kyushu-shogi-2006 (1); csa-computer-shogi -"));
    BOOST_TEST(has(shogi, "== mode team: kyushu-shogi-2006 (1); csa-computer-shogi -"));
    BOOST_TEST(has(diff_text(shogi_diff(), Lang::ja), "== 方式 個人戦:"));
}

BOOST_AUTO_TEST_CASE(markdown_has_a_section_per_category_and_mode) {
    const std::string md = diff_markdown(fide_diff(), Lang::en);
    BOOST_TEST(has(md, "## category rapid\n\n|  | fide-2001 | fide-2009 |\n|---|---|---|\n| article | B1 | A.1 (changed in fide-2009) |\n"));
    BOOST_TEST(has(md, "### clock.both_flags"));
    const std::string shogi = diff_markdown(shogi_diff(), Lang::en);
    BOOST_TEST(has(shogi, "## mode individual"));
    BOOST_TEST(has(shogi, "### shogi.sennichite"));
}

BOOST_AUTO_TEST_CASE(json_lists_categories_and_modes_with_their_topics) {
    const nlohmann::json j = diff_json(fide_diff());
    const nlohmann::json* rapid = nullptr;
    for (const auto& c : j["categories"])
        if (c["name"] == "rapid") rapid = &c;
    BOOST_REQUIRE(rapid);
    BOOST_TEST((*rapid)["rulebooks"][0]["article"] == "B1");
    BOOST_TEST((*rapid)["rulebooks"][1]["present"] == true);
    BOOST_TEST((*rapid)["rulebooks"][1]["in_child"] == "changed");
    bool both = false;
    for (const auto& t : (*rapid)["topics"]) {
        if (t["topic"] != "clock.both_flags") continue;
        both = true;
        BOOST_TEST(t["rulebooks"][0]["article"] == "B8");
        BOOST_TEST(t["rulebooks"][0]["base"] == false);
        BOOST_TEST(t["rulebooks"][1]["article"] == "A.4d3");
        BOOST_TEST(t["rulebooks"][1]["base"] == false);
    }
    BOOST_TEST(both);
    const nlohmann::json s = diff_json(shogi_diff());
    BOOST_REQUIRE(s["modes"].size() == 2u);
    BOOST_TEST(s["modes"][0]["name"] == "individual");  // by name
    BOOST_TEST(s["modes"][1]["name"] == "team");
}

BOOST_AUTO_TEST_CASE(html_has_a_section_per_category_and_mode) {
    const std::string html = diff_html(fide_diff(), Lang::en);
    BOOST_TEST(has(html, "id=\"category-rapid\">\n<h2>category rapid</h2>"));
    BOOST_TEST(has(html, "id=\"category-rapid.clock.both_flags\""));
    BOOST_TEST(has(html, "A.1 (changed in fide-2009)</td>"));
    const std::string shogi = diff_html(shogi_diff(), Lang::ja);
    BOOST_TEST(has(shogi, "<h2>方式 個人戦</h2>"));
    BOOST_TEST(has(shogi, "id=\"mode-individual.shogi.sennichite\""));
}

// Every `width:N%` of a page's columns.
std::vector<double> column_widths(const std::string& html) {
    std::vector<double> out;
    for (auto at = html.find("<col style=\"width:"); at != std::string::npos; at = html.find("<col style=\"width:", at + 1))
        out.push_back(std::stod(html.substr(at + 18)));
    return out;
}

// Printable: an overview first, chapters in article order, fixed column widths none under 20% of the width (two
// to five rulebooks), the header row repeated on every printed page.
BOOST_AUTO_TEST_CASE(html_prints_with_no_column_under_a_fifth) {
    const std::string html = diff_html(fide_diff(), Lang::en);
    BOOST_TEST(html.find("<nav class=\"overview\">") < html.find("id=\"chapter-6\""));
    BOOST_TEST(html.find("id=\"chapter-6\"") < html.find("id=\"chapter-12\""));
    BOOST_TEST(html.find("id=\"chapter-12\"") < html.find("id=\"chapter-A\""));
    BOOST_TEST(has(html, "table-layout: fixed"));
    BOOST_TEST(has(html, "thead { display: table-header-group; }"));
    BOOST_TEST(has(html, "<a href=\"#clock.late_arrival\">"));
    const auto five = diff_rulebooks({bundled().find("jca-1997"), bundled().find("fide-2001"), bundled().find("fide-2009"),
                                      bundled().find("kyushu-shogi-2006"), bundled().find("joa-othello")});
    for (const std::string& page : {html, diff_html(shogi_diff(), Lang::ja), diff_html(five, Lang::en)}) {
        const auto widths = column_widths(page);
        BOOST_TEST(!widths.empty());
        for (const double w : widths) BOOST_TEST(w >= 20.0);
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace diff_report_test
