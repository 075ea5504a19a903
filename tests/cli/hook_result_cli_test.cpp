// A Lua hook's result is held to the effect vocabulary as strictly as YAML: an unknown effect or an amount no clock
// can hold ends the run with exit 2 and a message naming the rulebook and the hook, never a ruling that lists it.
// A hook's and a category's names in output come from the rulebook's titles (hook title:, categories: title:), never
// from a table in the program: a rulebook written here shows its own in both languages, and without titles English
// prints the ids and Japanese neutral words (cli/engine_words.h: no ids in Japanese output).
#include "cli/cli_run.h"
#include "cli/engine_words.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>

namespace hook_result_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

arbiter::test::CliResult run(const std::string& rulebook) {
    return arbiter::test::run_arbiter("--rulesets tests/data/hook-results run tests/data/hook-results-timeline.yaml --rulebook " +
                                          rulebook,
                                      arbiter::test::Stderr::merge);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(hook_results_meet_the_vocabulary)

BOOST_AUTO_TEST_CASE(a_misspelt_effect_is_refused_with_a_suggestion) {
    const auto r = run("hook-typo");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "hook-typo"), r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "'penalty'"), r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "did you mean 'deduct_time'"), r.out);
}

BOOST_AUTO_TEST_CASE(an_amount_beyond_any_clock_is_refused) {
    const auto r = run("hook-huge");
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "must be a duration from 0"), r.out);
}

BOOST_AUTO_TEST_SUITE_END()

namespace {

const std::string category_title = "    title: {en: Lightning play, ja: 稲妻戦}\n";
const std::string hook_title = "          title: {en: Fine for a ringing phone, ja: 着信音の罰の計算}\n";

// A folder of rulesets holding one chess rulebook with a category under 3 minutes (game time) and a hook on
// conduct.phone that deducts 30 s, with the title lines given ("" for none; line 9 and line 20 of the file), and a
// timeline of a phone ringing in a 2-minute game.
struct TitledFolder {
    std::filesystem::path dir;
    TitledFolder(const std::string& category, const std::string& hook)
        : dir(arbiter::test::scratch_path("titles")) {
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir / "chess");
        std::ofstream(dir / "chess/titled-club.yaml")
            << "rulebook: titled-club\ntitle: {en: A club, ja: クラブ規則}\ngame: chess\nsource: {file: test}\n"
               "hooks: titled-club.lua\ncategory_basis: {moves: 60}\ncategories:\n  lightning:\n"
            << category
            << "    article: L1\n    summary: {en: Under 3 minutes., ja: 3分未満。}\n    when: {game_time: {under: 3min}}\n"
               "rules:\n  conduct.phone:\n    article: P1\n    summary: {en: A fine., ja: 罰。}\n    effects:\n"
               "      - hook:\n          name: phone_fine\n"
            << hook << "          returns: [{deduct_time: {to: offender}}]\n";
        std::ofstream(dir / "chess/titled-club.lua")
            << "function phone_fine(s)\n  return {{deduct_time = {to = \"offender\", amount = 30000}}}\nend\n";
        std::ofstream(dir / "phone.yaml") << "timeline: titled-phone\ndescription: A phone rings.\nsource: test\n"
                                             "event: {rulebook: titled-club, time_control: \"120\"}\nstart: startpos\n"
                                             "entries:\n  - {at: \"0:00:05\", move: e4}\n"
                                             "  - {at: \"0:00:10\", phone: black}\n";
    }
    TitledFolder(const TitledFolder&) = delete;
    TitledFolder& operator=(const TitledFolder&) = delete;
    ~TitledFolder() { std::filesystem::remove_all(dir); }
    arbiter::test::CliResult arbiter(const std::string& args) const {
        return arbiter::test::run_arbiter("--rulesets '" + dir.string() + "' " + args, arbiter::test::Stderr::merge);
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(titles_come_from_the_rulebook)

BOOST_AUTO_TEST_CASE(a_new_hook_and_category_show_their_own_titles_in_japanese) {
    const TitledFolder folder(category_title, hook_title);
    const auto show = folder.arbiter("show titled-club --lang ja");
    BOOST_TEST(show.exit_code == 0, show.out);
    BOOST_TEST(arbiter::test::contains(show.out, "種別: 稲妻戦 (L1)"), show.out);
    BOOST_TEST(arbiter::test::contains(show.out, "計算式：着信音の罰の計算"), show.out);
    BOOST_TEST(!arbiter::test::contains(show.out, "phone_fine"), show.out);
    BOOST_TEST(!arbiter::test::contains(show.out, "lightning"), show.out);
    // The timeline: 2 minutes each is under 3, so the category applies; the run's header names it by its title.
    const auto run = folder.arbiter("run '" + (folder.dir / "phone.yaml").string() + "' --lang ja");
    BOOST_TEST(run.exit_code == 0, run.out);
    BOOST_TEST(arbiter::test::contains(run.out, "規則: titled-club (稲妻戦)"), run.out);
    const auto english = folder.arbiter("show titled-club");
    BOOST_TEST(arbiter::test::contains(english.out, "categories: Lightning play (L1)"), english.out);
    BOOST_TEST(arbiter::test::contains(english.out, "name: Fine for a ringing phone (phone_fine)"), english.out);
}

BOOST_AUTO_TEST_CASE(without_titles_english_prints_ids_and_japanese_neutral_words) {
    const TitledFolder folder("", "");
    const auto english = folder.arbiter("show titled-club");
    BOOST_TEST(arbiter::test::contains(english.out, "categories: lightning (L1)"), english.out);
    BOOST_TEST(arbiter::test::contains(english.out, "name: phone_fine"), english.out);
    const auto ja = folder.arbiter("show titled-club --lang ja");
    BOOST_TEST(arbiter::test::contains(ja.out, "種別: 規則の定める種別 (L1)"), ja.out);
    BOOST_TEST(arbiter::test::contains(ja.out, "計算式：規則の計算式"), ja.out);
    const auto run = folder.arbiter("run '" + (folder.dir / "phone.yaml").string() + "' --lang ja");
    BOOST_TEST(run.exit_code == 0, run.out);
    const auto words = arbiter::test::engine_words(run.out, {"タイムライン:", "規則:"});
    BOOST_TEST(words.empty(), (words.empty() ? "" : words.front()));
    BOOST_TEST(arbiter::test::contains(run.out, "規則: titled-club (規則の定める種別)"), run.out);
}

BOOST_AUTO_TEST_CASE(a_title_without_both_languages_is_refused_at_its_place) {
    // A category title without its Japanese (line 9), a hook title that is a bare string (line 20).
    using Case = std::tuple<std::string, std::string, std::string>;
    for (const auto& [category, hook, place] : {Case{"    title: {en: Lightning play}\n", hook_title, "titled-club.yaml:9:"},
                                                Case{category_title, "          title: Fine\n", "titled-club.yaml:20:"}}) {
        const TitledFolder folder(category, hook);
        const auto r = folder.arbiter("validate '" + (folder.dir / "chess/titled-club.yaml").string() + "'");
        BOOST_TEST(r.exit_code == 2, r.out);
        BOOST_TEST(arbiter::test::contains(r.out, place), r.out);
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hook_result_cli_test
