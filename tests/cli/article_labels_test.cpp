// A rulebook's `article_labels` (rulebook.schema.json): Japanese output cites an article by its Japanese label where
// the rulebook gives one, and by the article as written otherwise; English keeps the article as written. The labels
// expected are those written in rulesets/xiangqi/axf-asian-rules.yaml and cxa-2011.yaml (4.3 and 4.4 are chapter 4's
// sections 3 and 4 of the Asian rules); the ruling of timeline 09 is AXF 4.4 rule 7 and CXA 26 (its comments).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <string>

namespace article_labels_test {

using arbiter::test::contains;
using arbiter::test::run_arbiter;

BOOST_AUTO_TEST_CASE(show_cites_the_japanese_label) {
    const auto ja = run_arbiter("show axf-asian-rules --lang ja");
    BOOST_TEST(ja.exit_code == 0);
    BOOST_TEST(contains(ja.out, "xiangqi.repetition  第4章第3節 第5条  (関連 第4章第3節 第3条)"), ja.out);
    BOOST_TEST(contains(ja.out, "(第4章第4節 第7条)"), ja.out);  // the case's article
    BOOST_TEST(!contains(ja.out, "4.3 rule 5"), ja.out);
    const auto en = run_arbiter("show axf-asian-rules");
    BOOST_TEST(contains(en.out, "xiangqi.repetition  4.3 rule 5  (also 4.3 rule 3)"), en.out);
}

BOOST_AUTO_TEST_CASE(run_and_compare_cite_the_japanese_label) {
    const std::string timeline = " tests/timelines/xiangqi/09-both-sides-check.yaml";
    const auto run = run_arbiter("run --lang ja" + timeline);
    BOOST_TEST(contains(run.out, "根拠: 第4章第4節 第7条"), run.out);
    BOOST_TEST(!contains(run.out, "4.4 rule 7"), run.out);
    const auto cxa = run_arbiter("run --lang ja --rulebook cxa-2011" + timeline);
    BOOST_TEST(contains(cxa.out, "根拠: 第26条"), cxa.out);
    const auto compare = run_arbiter("compare --lang ja --rulebooks axf-asian-rules,cxa-2011" + timeline);
    BOOST_TEST(contains(compare.out, "第4章第4節 第7条"), compare.out);
    BOOST_TEST(contains(compare.out, "第26条"), compare.out);
    const auto en = run_arbiter("run" + timeline);
    BOOST_TEST(contains(en.out, "4.4 rule 7"), en.out);
}

}  // namespace article_labels_test
