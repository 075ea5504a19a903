// `arbiter history`: formats, languages, and the exit code 2 with a "did you mean" for an id or topic it does not
// know. Articles expected: FIDE 2001 6.7 and 2009 6.6a (late arrival), JCA 1997 6.6.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace history_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

BOOST_AUTO_TEST_SUITE(history_command)

BOOST_AUTO_TEST_CASE(each_format_and_language) {
    const std::string books = " --rulebooks jca-1997,fide-2001,fide-2009";
    const auto text = run_arbiter("history clock.late_arrival" + books);
    BOOST_TEST(text.exit_code == 0);
    BOOST_TEST(contains(text.out, "jca-1997 (in force "));
    BOOST_TEST(contains(text.out, "article 6.6a"));
    BOOST_TEST(contains(text.out, "value default_time: 1h → 0s"));
    const auto ja = run_arbiter("history clock.late_arrival" + books + " --lang ja --format md");
    BOOST_TEST(ja.exit_code == 0);
    BOOST_TEST(contains(ja.out, "1時間 → 0秒"));
    const auto html = run_arbiter("history 6" + books + " --format html");
    BOOST_TEST(html.exit_code == 0);
    BOOST_TEST(contains(html.out, "<section id=\"clock.late_arrival\">"));
    const auto json = nlohmann::json::parse(run_arbiter("history clock.late_arrival" + books + " --format json").out);
    BOOST_TEST(json["topics"][0]["editions"][1]["article"] == "6.7");
}

BOOST_AUTO_TEST_CASE(unknown_ids_and_topics_exit_2_with_a_suggestion) {
    const auto id = run_arbiter("history clock.late_arrival --rulebooks fide-2001,fide-2010", Stderr::merge);
    BOOST_TEST(id.exit_code == 2);
    BOOST_TEST(contains(id.out, "did you mean 'fide-2014'?"));
    const auto topic = run_arbiter("history clock.late_arival --rulebooks fide-2001,fide-2009", Stderr::merge);
    BOOST_TEST(topic.exit_code == 2);
    BOOST_TEST(contains(topic.out, "did you mean 'clock.late_arrival'?"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace history_cli_test
