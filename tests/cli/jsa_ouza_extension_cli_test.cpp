// A federation's rulebook written from docs/ alone (issue 31): the JSA's Women's Ouza amateur qualifier rules of 2015
// (tests/data/extension/shogi/jsa-joryu-ouza-amateur-2015.yaml, YAML only). The timelines
// tests/data/extension-timelines/jsa-ouza-*.yaml expect the values worked from the page in their comments; two of
// them (the sennichite replays in byoyomi) found that a replay left the new first player's clock stopped and did
// not exchange the byoyomi state with the times.
#include "cli/extension_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

namespace jsa_ouza_extension_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

BOOST_AUTO_TEST_SUITE(a_shogi_federation_written_from_the_docs_alone)

BOOST_AUTO_TEST_CASE(every_timeline_is_ruled_as_its_comments_work_it) {
    arbiter::test::check_extension(
        {"jsa-ouza-byoyomi-runs-out", "jsa-ouza-sennichite-remaining-time", "jsa-ouza-sennichite-in-byoyomi",
         "jsa-ouza-sennichite-exchanges-byoyomi", "jsa-ouza-nifu-pointed-out-by-opponent",
         "jsa-ouza-nifu-found-later-by-spectator", "jsa-ouza-nifu-found-after-resignation",
         "jsa-ouza-declaration-sente-28-wins", "jsa-ouza-declaration-sente-27-falls-short",
         "jsa-ouza-declaration-gote-27-wins", "jsa-ouza-count-equal-points-gote-wins", "jsa-ouza-count-gote-26-loses",
         "jsa-ouza-perpetual-check-loses"},
        {"jsa-joryu-ouza-amateur-2015"});
}

BOOST_AUTO_TEST_CASE(the_replay_lists_each_players_clock_after_the_exchange) {
    // jsa-ouza-sennichite-in-byoyomi.yaml: at 0:22:35 the former gote (in byoyomi, 30 s a move) becomes sente and
    // the former sente (19:00 of main time) gote; the replay's effect lists the clocks after the exchange.
    const auto j = arbiter::test::run_extension("jsa-ouza-sennichite-in-byoyomi", "jsa-joryu-ouza-amateur-2015");
    bool found = false;
    for (const auto& ruling : j["rulings"])
        if (ruling["topic"] == "shogi.sennichite")
            for (const auto& effect : ruling["effects"])
                if (effect["effect"] == "replay_with_colours_swapped") {
                    found = true;
                    BOOST_TEST(effect["clocks"] == (nlohmann::json{{"sente", 30000}, {"gote", 1140000}}));
                }
    BOOST_TEST(found);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace jsa_ouza_extension_cli_test
