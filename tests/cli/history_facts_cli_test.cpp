// The five histories a rules committee asks for first, across every bundled chess edition (JCA 1997, FIDE 2001,
// 2009, 2014, 2018, 2023): each edition's article and values, and what its rapid and blitz categories rule instead,
// pinned from the texts (not from the program's output). Sources: /work/shared seeds 000 (JCA 1997) and 001 (FIDE
// 2001, 2009), the English 2009 Laws, the 2014 handbook text as quoted in fide-2014.yaml's notes, the 2018 Laws in
// Chess-Arbiter/handbook (035824aa) and the 2023 Laws (conquer_chess rulebook; see fide-2023.yaml).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace history_facts_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::test::contains;
using arbiter::test::run_arbiter;

namespace {

const std::string Books = " --rulebooks jca-1997,fide-2001,fide-2009,fide-2014,fide-2018,fide-2023";

struct Fact {
    std::string article;
    std::map<std::string, std::string> values;  // parameter -> value as written; absent: the edition has none
};

// The editions of `topic` by rulebook id, from `history --format json`.
nlohmann::json editions(const std::string& topic, const std::string& lang = "en") {
    const auto r = run_arbiter("history " + topic + Books + " --format json --lang " + lang);
    BOOST_REQUIRE(r.exit_code == 0);
    return nlohmann::json::parse(r.out)["topics"][0]["editions"];
}

void check(const std::string& topic, const std::map<std::string, Fact>& facts) {
    const auto eds = editions(topic);
    BOOST_REQUIRE(eds.size() == 6u);
    for (const auto& e : eds) {
        const std::string id = e["id"];
        const Fact& f = facts.at(id);
        BOOST_TEST_CONTEXT(topic << " " << id) {
            BOOST_TEST(e["article"].get<std::string>() == f.article);
            BOOST_TEST(e["values"].size() == f.values.size());
            for (const auto& [name, value] : f.values) {
                BOOST_TEST(e["values"].contains(name), name);
                if (e["values"].contains(name)) BOOST_TEST(e["values"][name].get<std::string>() == value, name);
            }
        }
    }
}

std::string category_value(const nlohmann::json& eds, int edition, const std::string& category, const std::string& p) {
    const auto& c = eds[edition]["categories"];
    if (!c.contains(category) || !c[category]["values"].contains(p)) return "";
    return c[category]["values"][p].get<std::string>();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(history_of_the_five_rules)

// Default time: one hour in JCA 6.6 and FIDE 2001 6.7; zero in 2009 6.6a ("the default time is 0 minutes" unless
// the competition's rules say otherwise); 2014 6.7a, 2018 and 2023 6.7.1: the regulations state it, zero if they do
// not. The absent player's clock runs in every edition.
BOOST_AUTO_TEST_CASE(default_time_one_hour_then_zero) {
    const std::map<std::string, std::string> hour{{"default_time", "1h"}, {"absent_clock_runs", "true"}};
    const std::map<std::string, std::string> zero{{"default_time", "0s"}, {"absent_clock_runs", "true"}};
    check("clock.late_arrival", {{"jca-1997", {"6.6", hour}}, {"fide-2001", {"6.7", hour}},
                                 {"fide-2009", {"6.6a", zero}}, {"fide-2014", {"6.7a", zero}},
                                 {"fide-2018", {"6.7.1", zero}}, {"fide-2023", {"6.7.1", zero}}});
    const auto r = run_arbiter("history clock.late_arrival" + Books);
    BOOST_TEST(contains(r.out, "value default_time: 1h → 0s"));  // 2001 -> 2009
    // Markdown keeps the line whole; the parameter under the registry's Japanese words (topics.yaml default_time).
    const auto ja = run_arbiter("history clock.late_arrival" + Books + " --lang ja --format md");
    BOOST_TEST(contains(ja.out, "これを超えて遅刻すると負けとなる時間：1時間 → 0秒"));
}

// Illegal move: 2 minutes to the opponent twice and loss at the third (JCA 10.3 within the guillotine, FIDE 2001
// and 2009 7.4b); from 2014 (7.5b) the second completed illegal move loses; 2018 and 2023 7.5.5 add pressing the
// clock without a move (7.5.3) and two hands (7.5.4). Blitz: one minute from 2014 (B.2: the penalties of 7 and 9
// are one minute); rapid: two minutes until 2018, one minute in 2023 (A.3). In every edition the move replacing the
// illegal move follows touch-move (replacement_touched): JCA 7.4 (see 4.3), FIDE 2001 7.4a (4.3) and 2009 7.4a (4.3 and
// 4.6 apply to it); the later rulebooks keep 2009's sentence (2014 7.5a, 2018 and 2023 7.5.1).
BOOST_AUTO_TEST_CASE(illegal_move_penalty) {
    const std::map<std::string, std::string> two{{"opponent_bonus", "2min"}, {"replacement_touched", "true"}};
    const std::map<std::string, std::string> two_press{{"opponent_bonus", "2min"},
                                                       {"press_without_move", "true"},
                                                       {"two_hand_move", "true"},
                                                       {"replacement_touched", "true"}};
    check("move.illegal", {{"jca-1997", {"10.3", two}}, {"fide-2001", {"7.4b", two}}, {"fide-2009", {"7.4b", two}},
                           {"fide-2014", {"7.5b", two}}, {"fide-2018", {"7.5.5", two_press}},
                           {"fide-2023", {"7.5.5", two_press}}});
    const auto eds = editions("move.illegal");
    BOOST_TEST(category_value(eds, 3, "blitz", "opponent_bonus") == "1min");  // 2014
    BOOST_TEST(category_value(eds, 3, "rapid", "opponent_bonus") == "2min");
    BOOST_TEST(category_value(eds, 4, "rapid", "opponent_bonus") == "2min");  // 2018
    BOOST_TEST(category_value(eds, 5, "rapid", "opponent_bonus") == "1min");  // 2023
    BOOST_TEST(category_value(eds, 5, "blitz", "opponent_bonus") == "1min");
    const auto r = run_arbiter("history move.illegal" + Books);
    BOOST_TEST(contains(r.out, "in rapid: value opponent_bonus: 2min → 1min"));  // 2018 -> 2023
}

// Incorrect claim: JCA 9.5b opponent +3 minutes and up to 3 minutes off the claimant; FIDE 2001 9.5b +3 minutes and
// the sliding deduction (at most 3 minutes); 2009 9.5b +3 minutes only; 2014 9.5c, 2018 and 2023 9.5.3 +2 minutes;
// one minute in blitz from 2014 (B.2) and in rapid in 2023 (A.3).
BOOST_AUTO_TEST_CASE(incorrect_claim_penalty) {
    const std::map<std::string, std::string> three_and_cut{
        {"opponent_bonus", "3min"}, {"claimant_deduction_max", "3min"}};
    const std::map<std::string, std::string> three{{"opponent_bonus", "3min"}};
    const std::map<std::string, std::string> two{{"opponent_bonus", "2min"}};
    check("draw.incorrect_claim", {{"jca-1997", {"9.5b", three_and_cut}}, {"fide-2001", {"9.5b", three_and_cut}},
                                   {"fide-2009", {"9.5b", three}}, {"fide-2014", {"9.5c", two}},
                                   {"fide-2018", {"9.5.3", two}}, {"fide-2023", {"9.5.3", two}}});
    const auto eds = editions("draw.incorrect_claim");
    BOOST_TEST(category_value(eds, 3, "blitz", "opponent_bonus") == "1min");
    BOOST_TEST(category_value(eds, 4, "rapid", "opponent_bonus") == "");  // 2018 rapid: the standard 2 minutes
    BOOST_TEST(category_value(eds, 5, "rapid", "opponent_bonus") == "1min");
    // The 2001 sliding deduction is gone in 2009: the history says the value was removed.
    const auto r = run_arbiter("history draw.incorrect_claim" + Books);
    BOOST_TEST(contains(r.out, "value claimant_deduction_max: 3min → (none)"));
}

// Mobile phones: no article in JCA 1997 or FIDE 2001 (a disturbance under 12.5); FIDE 2009 12.3b a ringing phone
// loses (a draw if the opponent cannot win); 2014 11.3b possession loses; 2018 11.3.2.2 and 2023 11.3.2.2 any
// unapproved device on the player's person loses, a switched-off one in a bag may be allowed (11.3.2.1) when the
// event's regulations say so: not allowed unless the event sets it. From 2014 (11.3b; 2018, 2023 11.3.2.2) the
// regulations may set a less severe penalty than the loss: none unless the event sets it.
BOOST_AUTO_TEST_CASE(mobile_phone_rule) {
    const std::map<std::string, std::string> lesser{{"lesser_penalty", "false"}};
    const std::map<std::string, std::string> bag{{"bag_allowed", "false"}, {"lesser_penalty", "false"}};
    check("conduct.phone", {{"jca-1997", {"12.5", {}}}, {"fide-2001", {"12.5", {}}}, {"fide-2009", {"12.3b", {}}},
                            {"fide-2014", {"11.3b", lesser}}, {"fide-2018", {"11.3.2.2", bag}},
                            {"fide-2023", {"11.3.2.2", bag}}});
    const auto r = run_arbiter("history conduct.phone" + Books);
    BOOST_TEST(contains(r.out, "article: 12.3b → 11.3b"));
    BOOST_TEST(contains(r.out, "value lesser_penalty: (none) → false"));  // 2014: the regulations' milder penalty
}

// Quickplay finish: the claim under 2 minutes with 2 minutes to the opponent on a rejection, JCA 10.2 (the guillotine),
// FIDE 2001 and 2009 10.2; Appendix G in 2014 (G.5), Guidelines III in 2018 and 2023 (III.5). Not in blitz: 2009
// B.3b, 2014 G.3, 2018 and 2023 III.2.2. From 2014 the player may instead ask for five extra seconds a move for
// both players (2014 G.4: "a time delay or cumulative time"; 2018 and 2023 III.4: "an increment"); the increment
// first appears in fide-2014.
BOOST_AUTO_TEST_CASE(quickplay_finish) {
    const std::map<std::string, std::string> v{{"claim_below", "2min"}, {"opponent_bonus", "2min"}};
    auto with_increment = v;
    with_increment["increment"] = "5s";
    with_increment["announced"] = "false";  // 2014 G.2, 2018 III.2.1: only if the event announced them
    check("draw.quickplay_finish", {{"jca-1997", {"10.2", v}}, {"fide-2001", {"10.2", v}},
                                    {"fide-2009", {"10.2", v}}, {"fide-2014", {"G.5", with_increment}},
                                    {"fide-2018", {"III.5", with_increment}}, {"fide-2023", {"III.5", with_increment}}});
    const auto eds = editions("draw.quickplay_finish");
    BOOST_TEST(eds[2]["categories"]["blitz"]["article"] == "B.3b");
    BOOST_TEST(eds[3]["categories"]["blitz"]["article"] == "G.3");
    BOOST_TEST(eds[5]["categories"]["blitz"]["article"] == "III.2.2");
    const auto ja = run_arbiter("history draw.quickplay_finish" + Books + " --lang ja --format md");
    BOOST_TEST(contains(ja.out, "電撃戦（G.3条）"));
    const auto r = run_arbiter("history draw.quickplay_finish" + Books);
    BOOST_TEST(contains(r.out, "value increment: (none) → 5s"));  // 2009 -> 2014 (G.4)
    BOOST_TEST(contains(r.out, "value announced: (none) → false"));  // 2009 -> 2014 (G.2)
}

// The illegal position of unsupervised rapid and blitz, a rule of the categories only: none before 2014; 2014 A.4d
// (blitz through B.4), 2018 A.4.4 (blitz through B.4), 2023 A.5.4 (blitz through B.3): the arbiter waits for the
// next move and draws if the position is still illegal.
BOOST_AUTO_TEST_CASE(illegal_position_of_rapid_and_blitz) {
    const auto eds = editions("move.illegal_position");
    BOOST_REQUIRE(eds.size() == 6u);
    for (int i = 0; i < 3; ++i) BOOST_TEST(eds[i]["categories"].empty(), i);
    const char* articles[] = {"A.4d", "A.4.4", "A.5.4"};
    for (int i = 3; i < 6; ++i)
        for (const char* category : {"rapid", "blitz"}) {
            BOOST_TEST_CONTEXT(i << " " << category) {
                BOOST_TEST(eds[i]["categories"].contains(category));
                if (eds[i]["categories"].contains(category))
                    BOOST_TEST(eds[i]["categories"][category]["article"] == articles[i - 3]);
            }
        }
    const auto r = run_arbiter("history move.illegal_position" + Books + " --format md");  // unwrapped cells
    BOOST_TEST(contains(r.out, "in rapid: the rule was added"));        // 2009 -> 2014
    BOOST_TEST(contains(r.out, "in rapid: article: A.4d → A.4.4"));     // 2014 -> 2018
    const auto ja = run_arbiter("history move.illegal_position" + Books + " --lang ja --format md");
    BOOST_TEST(contains(ja.out, "早指しでは条：A.4.4 → A.5.4"));        // 2018 -> 2023
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace history_facts_cli_test
