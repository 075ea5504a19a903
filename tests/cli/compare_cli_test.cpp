// `arbiter compare`: one column per rulebook, differences marked, JSON with the per-rulebook runs; by running the
// built executable on the bundled demo timeline.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

namespace {

using Output = arbiter::test::CliResult;

Output arbiter_compare(const std::string& args) { return arbiter::test::run_arbiter(args); }

const std::string Demo = std::string(ARBITER_SOURCE_DIR) + "/tests/timelines/chess/demo-edition-differences.yaml";

}  // namespace

BOOST_AUTO_TEST_SUITE(compare_command_shows_rulebooks_side_by_side)

BOOST_AUTO_TEST_CASE(json_has_one_run_per_rulebook_and_marks_differences) {
    // The demo: Black arrives at 0:45 (2009 6.6a: default time 0, Black loses; JCA 6.6 and 2001 6.7: one hour, plays
    // on), so the arrival row differs.
    Output r = arbiter_compare("compare '" + Demo + "' --rulebooks jca-1997,fide-2001,fide-2009 --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["rulebooks"] == nlohmann::json::array({"jca-1997", "fide-2001", "fide-2009"}));
    BOOST_TEST_REQUIRE(j["runs"].size() == 3u);
    BOOST_TEST(j["runs"][2]["result"]["topic"] == "clock.late_arrival");
    BOOST_TEST_REQUIRE(j["rows"].size() >= 1u);
    BOOST_TEST(j["rows"][0]["differs"] == true);
}

BOOST_AUTO_TEST_CASE(text_fits_120_columns) {
    Output r = arbiter_compare("compare '" + Demo + "' --lang ja");
    BOOST_TEST(r.exit_code == 0);
    std::istringstream lines(r.out);
    std::string line;
    while (std::getline(lines, line)) {
        // Display width: count a 3-byte UTF-8 sequence (Japanese) as two columns.
        int width = 0;
        for (std::size_t i = 0; i < line.size();) {
            unsigned char c = static_cast<unsigned char>(line[i]);
            if (c < 0x80) { width += 1; i += 1; }
            else if (c >= 0xE0) { width += 2; i += 3; }
            else { width += 1; i += 2; }
        }
        BOOST_TEST(width <= 120, line);
    }
}

BOOST_AUTO_TEST_CASE(markdown_is_a_table) {
    Output r = arbiter_compare("compare '" + Demo + "' --format md");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(r.out.find("| jca-1997") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(compare_command_on_shogi_rulebooks)

BOOST_AUTO_TEST_CASE(declaration_with_27_points_differs_between_kyushu_team_play_and_csa) {
    // tests/timelines/shogi/07: sente declares with 27 points over hand and ranks a-c (both sides hold 27 points in
    // all). Kyushu (4), team play, counts all pieces: both at least 24, half a win each. CSA asks 28 of sente: the
    // declaration fails and sente loses. The declaration row and the result row are marked as differing.
    const std::string file = std::string(ARBITER_SOURCE_DIR) + "/tests/timelines/shogi/07-declaration-team-sente-27.yaml";
    Output r = arbiter_compare("compare '" + file + "' --rulebooks kyushu-shogi-2006,csa-computer-shogi --format json");
    BOOST_TEST(r.exit_code == 0);
    auto j = nlohmann::json::parse(r.out);
    BOOST_TEST(j["rulebooks"] == nlohmann::json::array({"kyushu-shogi-2006", "csa-computer-shogi"}));
    BOOST_TEST_REQUIRE(j["runs"].size() == 2u);
    BOOST_TEST(j["runs"][0]["mode"] == "team");
    BOOST_TEST(j["runs"][0]["result"]["score"]["sente"] == 0.5);
    BOOST_TEST(j["runs"][0]["result"]["score"]["gote"] == 0.5);
    BOOST_TEST(j["runs"][1]["result"]["score"]["sente"] == 0);
    BOOST_TEST(j["runs"][1]["result"]["score"]["gote"] == 1);
    BOOST_TEST_REQUIRE(j["rows"].size() == 1u);
    BOOST_TEST(j["rows"][0]["at"] == 300000);  // 0:05:00
    BOOST_TEST(j["rows"][0]["differs"] == true);

    Output text = arbiter_compare("compare '" + file + "' --rulebooks kyushu-shogi-2006,csa-computer-shogi");
    BOOST_TEST(text.exit_code == 0);
    int marked = 0;
    std::istringstream lines(text.out);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind("*  0:05:00", 0) == 0) ++marked;                                        // the declaration row
        if (line.rfind("* ", 0) == 0 && line.find("result") != std::string::npos) ++marked;  // the result row
    }
    BOOST_TEST(marked == 2, text.out);
}

BOOST_AUTO_TEST_SUITE_END()
