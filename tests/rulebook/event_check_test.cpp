// Event acceptance: what a rulebook lets an event set (event_may_set, range, unit), refused with the
// article that forbids it. Expected articles are those of the rule texts: FIDE 2009 6.6a lets the event
// set the default time and 9.1a lets it restrict draw agreements; FIDE 2001 has only 5.2c on agreements,
// with no such parameter (rulesets/chess/*.yaml, tests/data/events/SOURCES).
#include "rulebook/event_check.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>

namespace event_check_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;

namespace {

const std::filesystem::path events = std::filesystem::path(ARBITER_SOURCE_DIR) / "tests/data/events";

const Library& bundled() {
    static const Library library = Library::open(std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets");
    return library;
}

// The bundled rulebooks and the examples (examples/rulesets: club-example, installed apart from the bundled set).
const Library& with_examples() {
    static const Library library = Library::open(std::vector<std::filesystem::path>{
        std::filesystem::path(ARBITER_SOURCE_DIR) / "examples/rulesets", std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets"});
    return library;
}

EventCheck check_file(const std::string& name, const std::string& rulebook = {}) {
    const Event event = load_event(events / name);
    return check_event_settings(event, event_rulebook(event, bundled(), rulebook), bundled().registry());
}

const Refusal* refusal(const EventCheck& check, const std::string& path) {
    for (const auto& r : check.refused)
        if (r.path == path) return &r;
    return nullptr;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(an_event_sets_only_what_its_rulebook_allows)

BOOST_AUTO_TEST_CASE(fide_2009_accepts_a_default_time_and_a_draw_restriction) {
    const EventCheck check = check_file("fide2009-club.yaml");
    BOOST_TEST(check.ok());
    BOOST_REQUIRE(check.accepted.size() == 2u);
    BOOST_TEST(check.accepted[0].path == "draw.agreement.min_moves");
    BOOST_TEST(check.accepted[0].rule->article == "9.1a");
    BOOST_TEST(check.accepted[0].value.integer == 30);
    BOOST_TEST(check.accepted[1].rule->article == "6.6a");
    BOOST_TEST(check.accepted[1].value.ms.count() == 30 * 60 * 1000);
    // event_value gives the event's 30min, not 6.6a's 0s.
    const Rule* late = bundled().find("fide-2009")->rule("clock.late_arrival");
    BOOST_TEST(event_value(check, *late, "default_time")->ms.count() == 1'800'000);
}

BOOST_AUTO_TEST_CASE(fide_2001_refuses_the_draw_restriction_it_has_no_article_for) {
    const EventCheck check = check_file("fide2001-club.yaml");
    BOOST_TEST(!check.ok());
    BOOST_REQUIRE(check.refused.size() == 1u);
    const Refusal* r = refusal(check, "draw.agreement.min_moves");
    BOOST_REQUIRE(r);
    BOOST_TEST(r->message.find("fide-2001 has no rule for draw.agreement.min_moves") != std::string::npos);
    BOOST_TEST(r->article == "5.2c");
    BOOST_TEST(r->where.line == 7);  // the key's line in the file
    // 6.6 of 2001 lets the event set the default time.
    BOOST_REQUIRE(check.accepted.size() == 1u);
    BOOST_TEST(check.accepted[0].path == "clock.late_arrival.default_time");
}

BOOST_AUTO_TEST_CASE(the_rulebook_override_changes_the_answer) {
    BOOST_TEST(check_file("fide2001-club.yaml", "fide-2009").ok());
    BOOST_TEST(!check_file("fide2009-club.yaml", "fide-2001").ok());
}

BOOST_AUTO_TEST_CASE(fixed_parameters_unknown_topics_ranges_and_units_are_refused) {
    const EventCheck check = check_file("fide2009-fixed.yaml");
    BOOST_TEST(check.accepted.empty());
    BOOST_REQUIRE(check.refused.size() == 4u);
    const Refusal* fixed = refusal(check, "clock.late_arrival.absent_clock_runs");
    BOOST_REQUIRE(fixed);
    BOOST_TEST(fixed->article == "6.6a");
    BOOST_TEST(fixed->message.find("6.6a does not let an event change absent_clock_runs") != std::string::npos);
    const Refusal* typo = refusal(check, "draw.agreemnt.min_moves");
    BOOST_REQUIRE(typo);
    BOOST_TEST(typo->message.find("did you mean 'draw.agreement'") != std::string::npos);
    const Refusal* negative = refusal(check, "draw.agreement.min_moves");  // moves cannot be negative
    BOOST_REQUIRE(negative);
    BOOST_TEST(negative->article == "9.1a");
    const Refusal* unit = refusal(check, "clock.late_arrival.default_time");
    BOOST_REQUIRE(unit);
    BOOST_TEST(unit->message.find("expected a duration") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_lowest_value_of_the_range_is_accepted) {
    // 9.1a: min_moves has range {min: 0}, so 0 (no restriction) is inside it.
    const YamlFile file = parse_yaml_text("event: E\nrulebook: fide-2009\nset:\n  draw.agreement.min_moves: 0\n", "inline.yaml");
    const Event event = read_event(file.root, file.name);
    const EventCheck check = check_event_settings(event, *bundled().find("fide-2009"), bundled().registry());
    for (const auto& r : check.refused) BOOST_TEST_MESSAGE(r.message);
    BOOST_TEST(check.ok());
}

BOOST_AUTO_TEST_CASE(the_category_follows_from_the_time_control) {
    // 5min + 60 x 3s = 8min, under C1's 15 minutes: blitz.
    const EventCheck blitz = check_file("fide2001-blitz.yaml");
    BOOST_TEST(blitz.ok());
    BOOST_TEST(blitz.category == "blitz");
    BOOST_TEST(blitz.category_from_time);
    BOOST_TEST(blitz.category_article == "C1");
    // 90 minutes is not rapid under B1 (15 to under 60 minutes).
    const EventCheck rapid = check_file("wrong-category.yaml");
    BOOST_REQUIRE(rapid.refused.size() == 1u);
    BOOST_TEST(rapid.refused[0].path == "category");
    BOOST_TEST(rapid.refused[0].article == "B1");
}

BOOST_AUTO_TEST_CASE(category_standard_names_the_base_rules_where_no_category_holds_the_time_control) {
    // FIDE 2009 A.1: rapid is 10 to under 60 minutes each, counting 60 increments. 90min + 30s is in no category, so
    // `category: standard` (the word `run` prints for the base rules) is accepted; 10min + 60 x 5s = 15min is rapid.
    const auto write = [](const std::string& name, const std::string& control) {
        const auto path = std::filesystem::temp_directory_path() / name;
        std::ofstream(path) << "event: Standard\nrulebook: fide-2009\ntime_control: \"" << control << "\"\ncategory: standard\n";
        return path;
    };
    const auto classical = write("event-check-standard-classical.yaml", "5400+30");
    const Event a = load_event(classical);
    const EventCheck standard = check_event_settings(a, event_rulebook(a, bundled(), {}), bundled().registry());
    BOOST_TEST(standard.ok());
    BOOST_TEST(standard.category.empty());
    const auto rapid_file = write("event-check-standard-rapid.yaml", "600+5");
    const Event b = load_event(rapid_file);
    const EventCheck rapid = check_event_settings(b, event_rulebook(b, bundled(), {}), bundled().registry());
    BOOST_REQUIRE(rapid.refused.size() == 1u);
    BOOST_TEST(rapid.refused[0].path == "category");
    BOOST_TEST(rapid.refused[0].article == "A.1");
    std::filesystem::remove(classical);
    std::filesystem::remove(rapid_file);
}

BOOST_AUTO_TEST_CASE(an_unknown_mode_is_refused_with_a_suggestion) {
    const EventCheck check = check_file("kyushu-mode.yaml");
    for (const auto& r : check.refused) BOOST_TEST_MESSAGE(r.message);
    BOOST_REQUIRE(check.refused.size() == 1u);
    BOOST_TEST(check.refused[0].path == "mode");
    BOOST_TEST(check.refused[0].message.find("did you mean 'individual'") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(an_unreadable_file_throws_an_input_error) {
    BOOST_CHECK_THROW(load_event(events / "unreadable.yaml"), arbiter::InputError);
    BOOST_CHECK_THROW(load_event(events / "no-such-file.yaml"), arbiter::InputError);
}

BOOST_AUTO_TEST_CASE(set_paths_split_at_the_longest_registry_topic) {
    const Registry& registry = bundled().registry();
    BOOST_TEST(split_set_path("draw.agreement.min_moves", registry).first == "draw.agreement");
    BOOST_TEST(split_set_path("draw.agreement.min_moves", registry).second == "min_moves");
    // adjournment and adjournment.resumption are both topics: the longer one wins.
    BOOST_TEST(split_set_path("adjournment.resumption.default_time", registry).first == "adjournment.resumption");
    BOOST_TEST(split_set_path("nothing.here", registry).first.empty());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(a_value_outside_the_range_is_refused)

BOOST_AUTO_TEST_CASE(club_example_caps_the_default_time_at_one_hour) {
    // examples/rulesets/chess/club-example.yaml H1: default_time range 0s..1h.
    const YamlFile file = parse_yaml_text("event: E\nrulebook: club-example\nset:\n  clock.late_arrival.default_time: 2h\n", "inline.yaml");
    const Event event = read_event(file.root, file.name);
    const EventCheck check = check_event_settings(event, *with_examples().find("club-example"), bundled().registry());
    BOOST_REQUIRE(check.refused.size() == 1u);
    BOOST_TEST(check.refused[0].article == "H1");
    BOOST_TEST(check.refused[0].message.find("within 0s..1h; found 2h") != std::string::npos);
    const YamlFile hour = parse_yaml_text("event: E\nrulebook: club-example\nset:\n  clock.late_arrival.default_time: 1h\n", "inline.yaml");
    BOOST_TEST(check_event_settings(read_event(hour.root, hour.name), *with_examples().find("club-example"), bundled().registry()).ok());
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(a_time_control_the_rulebook_fixes_is_refused)

BOOST_AUTO_TEST_CASE(joa_fixes_twenty_minutes_each) {
    // JOA 座席・競技時間・対局時計・着手: each player has 20 minutes for the game, and the rules give an event no
    // say in it (rulesets/othello/joa-othello.yaml: main_time 20min without event_may_set).
    const EventCheck ten = check_file("joa-othello-10min.yaml");
    BOOST_REQUIRE(ten.refused.size() == 1u);
    BOOST_TEST(ten.refused[0].path == "time_control");
    BOOST_TEST(ten.refused[0].article == "座席・競技時間・対局時計・着手");
    BOOST_TEST(ten.refused[0].message.find("fixes the time control at {time: 20min}; found {time: 10min}") != std::string::npos);
    BOOST_TEST(ten.refused[0].where.line == 5);  // the time_control line of the file
    // The same 20 minutes written in another spelling is the rulebook's own time control.
    BOOST_TEST(check_file("joa-othello-20min.yaml").ok());
    // A chess event chooses its own time control: FIDE 2009 states none (fide2009-club.yaml gives 5400+30).
    BOOST_TEST(check_file("fide2009-club.yaml").ok());
}

BOOST_AUTO_TEST_CASE(an_event_that_gives_none_is_played_on_the_rulebooks_own) {
    // joa2014-open.yaml gives no time control: joa-othello-2014 inherits the JOA's 20 minutes each (座席・競技時間・
    // 対局時計・着手), which its games are run on; the check carries it, with its article, for the sheet.
    const EventCheck open = check_file("joa2014-open.yaml");
    BOOST_TEST(open.ok());
    BOOST_REQUIRE(open.time_control.has_value());
    BOOST_TEST(arbiter::clock::format_yaml_time_control(*open.time_control) == "{time: 20min}");
    BOOST_TEST(open.time_control_article == "座席・競技時間・対局時計・着手");
    // Written out by the event, the same 20 minutes are the event's own.
    BOOST_TEST(check_file("joa-othello-20min.yaml").time_control_article.empty());
    // kyushu-shogi-2006 (7) states no values: an event that gives none has none.
    const EventCheck team = check_file("kyushu-team.yaml");
    BOOST_TEST(!team.time_control.has_value());
    BOOST_TEST(team.time_control_article.empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace event_check_test
