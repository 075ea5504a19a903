// The rulebook diff in its four formats and both languages: each names both articles, the JSON keeps its
// field names, the HTML is a self-contained page. Articles expected are the rule texts': FIDE 2001 6.6
// (late arrival) and 12.5 (phones), FIDE 2009 6.6a and 12.3b.
#include "report/diff_report.h"
#include "report/text_table.h"

#include <boost/test/unit_test.hpp>

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
    const auto header = text.find("clock.late_arrival  ");
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
    BOOST_TEST(has(md, "## conduct.phone\n\n|  | fide-2001 | fide-2009 |\n|---|---|---|\n"));
    BOOST_TEST(has(md, "## draw.incorrect_claim"));
    BOOST_TEST(has(md, "## clock.both_flags"));
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
