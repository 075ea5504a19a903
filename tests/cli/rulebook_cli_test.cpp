// arbiter list, show and validate on the fixture rulebooks and on every bundled YAML file.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>


#include <filesystem>
#include <string>

namespace rulebook_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

struct Result {
    int code = -1;
    std::string out;  // stdout only
    std::string all;  // stdout and stderr
};

// Runs `arbiter <args>` from the project root twice: stdout alone for JSON, and both streams for messages.
Result run_arbiter(const std::string& args) {
    namespace t = arbiter::test;
    const t::CliResult merged = t::run_arbiter(args, t::Stderr::merge);
    return {merged.exit_code, t::run_arbiter(args).out, merged.out};
}

const std::string fixtures = "--rulesets tests/data/rulebooks ";

using arbiter::test::contains;

}  // namespace

BOOST_AUTO_TEST_SUITE(list_show_validate_commands)

BOOST_AUTO_TEST_CASE(list_json_is_an_array_of_id_game_title) {
    Result r = run_arbiter(fixtures + "list --format json");
    BOOST_TEST(r.code == 0, r.all);
    auto list = nlohmann::json::parse(r.out);
    BOOST_REQUIRE(list.is_array());
    BOOST_REQUIRE(list.size() > 3u);  // the three of tests/data/rulebooks on top of the bundled rulebooks, by id
    // Sorted by id: base-a and the book extending it stand next to each other, wherever other ids put them.
    std::size_t a = 0;
    while (a + 1 < list.size() && list[a]["id"] != "base-a") ++a;
    BOOST_REQUIRE(a + 1 < list.size());
    BOOST_TEST(list[a]["game"] == "chess");
    BOOST_TEST(list[a]["title"] == "Base A");
    BOOST_TEST(list[a]["title_ja"] == "基本A");
    BOOST_TEST(list[a + 1]["extends"] == "base-a");
    BOOST_TEST(list[a]["extends"].is_null());
    for (std::size_t i = 1; i < list.size(); ++i) BOOST_TEST(list[i - 1]["id"] < list[i]["id"]);
}

BOOST_AUTO_TEST_CASE(list_text_is_a_table) {
    Result r = run_arbiter(fixtures + "list --lang ja");
    BOOST_TEST(r.code == 0);
    BOOST_TEST(contains(r.out, "id"));
    BOOST_TEST(contains(r.out, "子B"), r.out);
}

// Each bundled edition names the text it was encoded from (issue 35): the 2018 and 2023 Laws the repositories and
// commits their headers give, in the text listing (--sources) and in the JSON.
BOOST_AUTO_TEST_CASE(list_names_each_rulebooks_source) {
    Result r = run_arbiter("list --sources");
    BOOST_TEST(r.code == 0, r.all);
    BOOST_TEST(contains(r.out, "\nSources\n"), r.out);
    BOOST_TEST(contains(r.out, "  fide-2018: https://github.com/Chess-Arbiter/handbook/tree/035824aa"), r.out);
    BOOST_TEST(contains(r.out, "  fide-2023: https://github.com/richelbilderbeek/conquer_chess/blob/3b84faff"), r.out);
    BOOST_TEST(contains(r.out, "  fide-2014: "), r.out);
    Result j = run_arbiter("list --format json");
    BOOST_TEST(j.code == 0, j.all);
    bool found = false;
    for (const auto& book : nlohmann::json::parse(j.out))
        if (book["id"] == "fide-2023") {
            found = true;
            BOOST_TEST(book["source"]["file"].get<std::string>().find("conquer_chess") != std::string::npos);
        }
    BOOST_TEST(found);
}

BOOST_AUTO_TEST_CASE(show_prints_resolved_rules_with_provenance) {
    Result r = run_arbiter(fixtures + "show grandchild-c --topic draw.incorrect_claim");
    BOOST_TEST(r.code == 0, r.all);
    BOOST_TEST(contains(r.out, "draw.incorrect_claim  9.5b"), r.out);
    BOOST_TEST(contains(r.out, "opponent_bonus = 2min (duration)"), r.out);
    BOOST_TEST(contains(r.out, "child-b.yaml:20 (child-b)"), r.out);  // the topic key of child-b.yaml, line 20
    BOOST_TEST(!contains(r.out, "move.illegal"));
}

BOOST_AUTO_TEST_CASE(show_prints_every_part_of_a_rule_and_the_categories_rules) {
    // FIDE 2001 B4 (rapidplay): the claim's deadline, the case conditions and the category's own rule are shown.
    Result r = run_arbiter("show fide-2001 --topic move.irregular_position");
    BOOST_TEST(r.code == 0, r.all);
    BOOST_TEST(contains(r.out, "when: The kind of irregularity found"), r.out);
    BOOST_TEST(contains(r.out, "== category Rapidplay  B1"), r.out);  // the category's title
    BOOST_TEST(contains(r.out, "claim: either"), r.out);
    BOOST_TEST(contains(r.out, "before_each_player_has_made_three_moves (Before each player has completed three moves.)"), r.out);
    Result json = run_arbiter("show fide-2001 --topic move.irregular_position --format json");
    const auto doc = nlohmann::json::parse(json.out);
    bool found = false;
    for (const auto& c : doc["categories"])
        for (const auto& rule : c["rule_details"])
            found = found || rule.value("claim", nlohmann::json::object()).value("deadline", "") == "before_each_player_has_made_three_moves";
    BOOST_TEST(found);
}

BOOST_AUTO_TEST_CASE(show_topic_prefix_and_language) {
    Result r = run_arbiter(fixtures + "show base-a --topic draw --lang ja");
    BOOST_TEST(r.code == 0);
    BOOST_TEST(contains(r.out, "draw.repetition"));
    BOOST_TEST(contains(r.out, "draw.incorrect_claim"));
    BOOST_TEST(contains(r.out, "誤った申し立て。"), r.out);
    BOOST_TEST(!contains(r.out, "clock.late_arrival"));
}

BOOST_AUTO_TEST_CASE(show_json_carries_provenance) {
    Result r = run_arbiter(fixtures + "show child-b --format json --topic conduct.phone");
    BOOST_TEST(r.code == 0);
    auto book = nlohmann::json::parse(r.out);
    BOOST_TEST(book["id"] == "child-b");
    BOOST_TEST(book["lineage"] == nlohmann::json({"child-b", "base-a"}));
    BOOST_REQUIRE(book["rules"].size() == 1u);
    BOOST_TEST(book["rules"][0]["from"]["line"] == 29);  // child-b.yaml line 29: conduct.phone
    BOOST_TEST(book["rules"][0]["effects"][0]["effect"] == "lose");
}

BOOST_AUTO_TEST_CASE(show_unknown_topic_and_id_suggest_and_exit_2) {
    Result topic = run_arbiter(fixtures + "show base-a --topic draw.repetiton");
    BOOST_TEST(topic.code == 2);
    BOOST_TEST(contains(topic.all, "did you mean 'draw.repetition'?"), topic.all);
    Result id = run_arbiter(fixtures + "show chld-b");
    BOOST_TEST(id.code == 2);
    BOOST_TEST(contains(id.all, "did you mean 'child-b'?"), id.all);
    Result absent = run_arbiter(fixtures + "show base-a --topic conduct.phone");  // registered, not in base-a
    BOOST_TEST(absent.code == 1);
}

BOOST_AUTO_TEST_CASE(validate_prints_ok_with_the_kind) {
    Result r = run_arbiter(fixtures + "validate tests/data/rulebooks/child-b.yaml tests/data/rulebooks/event-ok.yaml "
                                      "tests/data/rulebooks/timeline-ok.yaml schemas/topics.yaml");
    BOOST_TEST(r.code == 0, r.all);
    BOOST_TEST(contains(r.out, "tests/data/rulebooks/child-b.yaml: ok (rulebook)"));
    BOOST_TEST(contains(r.out, "tests/data/rulebooks/event-ok.yaml: ok (event)"));
    BOOST_TEST(contains(r.out, "tests/data/rulebooks/timeline-ok.yaml: ok (timeline)"));
    BOOST_TEST(contains(r.out, "schemas/topics.yaml: ok (registry)"));
}

BOOST_AUTO_TEST_CASE(validate_json_reports_each_file) {
    Result r = run_arbiter(fixtures + "validate --format json tests/data/rulebooks/base-a.yaml tests/data/bad/unknown-topic.yaml");
    BOOST_TEST(r.code == 2);
    auto results = nlohmann::json::parse(r.out);
    BOOST_TEST(results[0]["ok"] == true);
    BOOST_TEST(results[1]["ok"] == false);
    BOOST_TEST(results[1]["error"]["line"] == 6);
    BOOST_TEST(results[1]["error"]["column"] == 3);
}

BOOST_AUTO_TEST_CASE(help_on_every_command_and_version) {
    for (const char* command : {"list", "show", "validate"}) {
        Result r = run_arbiter(std::string(command) + " --help");
        BOOST_TEST_CONTEXT(command) {
            BOOST_TEST(r.code == 0);
            BOOST_TEST(contains(r.out, "--format"));
        }
    }
    BOOST_TEST(contains(run_arbiter("--version").out, "arbiter "));
}

BOOST_AUTO_TEST_CASE(every_bundled_yaml_file_validates) {
    std::string files;
    int count = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(ARBITER_SOURCE_DIR "/rulesets")) {
        if (entry.path().extension() != ".yaml") continue;
        files += " '" + entry.path().string() + "'";
        ++count;
    }
    files += " schemas/topics.yaml";
    BOOST_TEST_MESSAGE("validating " << count << " bundled files and the registry");
    Result r = run_arbiter("validate" + files);
    BOOST_TEST(r.code == 0, r.all);
    Result list = run_arbiter("list");
    BOOST_TEST(list.code == 0, list.all);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace rulebook_cli_test
