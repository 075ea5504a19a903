// The extension promise for othello: a federation with its own clock and its own count for a game won on time or by
// forfeit is a YAML file only (tests/data/extension/othello/othello-federation-example.yaml, over the bundled
// joa-othello-2014, with the registry words ended_by and count). The timelines in tests/data/extension-timelines/
// (othello-*.yaml) expect, per rulebook, the values worked in their comments from the rule texts; `arbiter check`
// compares them as a federation would run it, so any of them that the engine rules otherwise fails here.
#include "cli/extension_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace othello_extension_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::contains;
using arbiter::test::check_extension;
using arbiter::test::extension_timeline;
using arbiter::test::run_arbiter;

nlohmann::json run(const std::string& timeline, const std::string& rulebook, const std::string& more = {}) {
    return arbiter::test::run_extension(timeline, rulebook, more);
}

// The ruling on the result card (othello.result_card) of a run.
nlohmann::json card(const nlohmann::json& run) {
    for (const auto& ruling : run["rulings"])
        if (ruling["topic"] == "othello.result_card") return ruling;
    return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(an_othello_federation_in_yaml_only)

BOOST_AUTO_TEST_CASE(every_timeline_is_ruled_as_its_comments_work_it_under_every_rulebook) {
    check_extension({"othello-won-on-time-behind-on-the-board", "othello-won-on-time-ahead-on-the-board",
                     "othello-flag-claimed-at-25-minutes", "othello-latecomer-forfeits", "othello-counted-end"},
                    {"joa-othello", "joa-othello-2014", "othello-federation-example"});
}

BOOST_AUTO_TEST_CASE(a_game_won_on_time_behind_on_the_board_is_recorded_33_to_31) {
    // othello-won-on-time-behind-on-the-board.yaml: black 20 + 4 empty = 24 is raised to 33; white keeps 64 - 33 = 31.
    const auto j = run("othello-won-on-time-behind-on-the-board", "othello-federation-example");
    BOOST_TEST(j["result"]["discs"] == (nlohmann::json{{"black", 33}, {"white", 31}}));
    const auto c = card(j);
    BOOST_TEST(c["article"] == "E-9.2");
    BOOST_REQUIRE(c["effects"].size() == 1u);
    BOOST_TEST(c["effects"][0]["effect"] == "count");
    BOOST_TEST(c["effects"][0]["score"] == (nlohmann::json{{"black", 33}, {"white", 31}}));
    // The card's disc difference is the count the rule gave: +2 / -2.
    BOOST_TEST(c["note"] ==
               "on the board black 20, white 40, 4 empty, given to the winner; the winner is credited with 33, the least "
               "the rule gives, and white with 31; black ○ +2, white × -2");
    BOOST_TEST(contains(c["note_ja"].get<std::string>(), "勝者は規則の最低石数33、白は31とする"), c["note_ja"]);
}

BOOST_AUTO_TEST_CASE(the_joa_card_keeps_no_disc_difference_where_its_rules_give_no_count) {
    // joa-othello-2014 keeps the disc difference (勝敗と石差の記録 13) but counts only a game over on the board.
    const auto j = run("othello-won-on-time-behind-on-the-board", "joa-othello-2014");
    BOOST_TEST(!j["result"].contains("discs"));
    BOOST_TEST(card(j)["note"] == "black ○, white × (no disc difference: the rulebook gives no count for a game that ends this way)");
    // The seed's rules keep no disc difference at all: the card says nothing of one.
    BOOST_TEST(card(run("othello-won-on-time-behind-on-the-board", "joa-othello"))["note"] == "black ○, white ×");
}

BOOST_AUTO_TEST_CASE(a_forfeit_is_recorded_64_to_0_and_unrated) {
    const auto j = run("othello-latecomer-forfeits", "othello-federation-example");
    BOOST_TEST(j["result"]["discs"] == (nlohmann::json{{"black", 64}, {"white", 0}}));
    BOOST_TEST(card(j)["note"] ==
               "on the board black 2, white 2, 60 empty; the winner is credited with 64, the least the rule gives, and "
               "white with 0; black ○ +64, white × -64 (unrated)");
}

BOOST_AUTO_TEST_CASE(the_japanese_run_says_the_count_in_the_games_words) {
    const auto r = run_arbiter("--rulesets tests/data/extension run " + extension_timeline("othello-won-on-time-behind-on-the-board") +
                               " --rulebook othello-federation-example --lang ja");
    BOOST_TEST(r.exit_code == 0);
    // The table wraps its cells, so the words are looked for where they cannot break: the case's article, and no
    // engine word of the count (the effect, its fields, its English note).
    BOOST_TEST(contains(r.out, "E-9.2"), r.out);
    for (const char* engine_word : {"count", "empties", "winner", "on the board"}) BOOST_TEST(!contains(r.out, engine_word), r.out);
    // show --lang ja writes the case's condition and the count's fields in words.
    const auto show = run_arbiter("--rulesets tests/data/extension show othello-federation-example --topic othello.result_card --lang ja");
    BOOST_TEST(show.exit_code == 0);
    BOOST_TEST(contains(show.out, "空きマスを勝者に加える：はい"), show.out);
    BOOST_TEST(contains(show.out, "勝者の最低石数：33"), show.out);
    BOOST_TEST(!contains(show.out, "ended_by"), show.out);
}

BOOST_AUTO_TEST_CASE(a_result_overturned_after_a_counted_end_keeps_no_stale_count) {
    // othello-illegal-act-found-on-the-record.yaml: black wins 33-31 on the board with a disc turned illegally; after
    // the end the recorder raises it from the record sheet (othello-record-check-example E-5.2): black loses. The
    // 33-31 of the board no longer stands for the result, and the card's rule counts only games won on time or by
    // forfeit, so neither the result nor the rewritten card carries a disc difference.
    check_extension({"othello-illegal-act-found-on-the-record"},
                    {"joa-othello-2014", "othello-federation-example", "othello-record-check-example"});
    const auto j = run("othello-illegal-act-found-on-the-record", "othello-record-check-example");
    BOOST_TEST(!j["result"].contains("discs"), j["result"].dump());
    BOOST_TEST(j["result"]["article"] == "E-5.2");
    // Two cards: the one written at the counted end, and the one written again for the new result.
    std::vector<std::string> cards;
    for (const auto& ruling : j["rulings"])
        if (ruling["topic"] == "othello.result_card") cards.push_back(ruling["note"]);
    BOOST_TEST(cards == (std::vector<std::string>{"black ○ +2, white × -2",
                                                  "black ×, white ○ (no disc difference: the rulebook gives no count for a game that ends this way)"}),
               j["rulings"].dump());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace othello_extension_cli_test
