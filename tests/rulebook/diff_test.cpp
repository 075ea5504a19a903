// Rulebook diffs: topics aligned across rulebooks, fields compared in normalized form, and for
// `extends`-linked pairs whether the child changed or inherited each rule. Expected values come from the
// rulebook texts (rulesets/chess): FIDE 2001 6.6 sets the default time at 1h, FIDE 2009 6.6a at 0s.
#include "rulebook/diff.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>

namespace diff_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;

namespace {

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

const TopicDiff* topic(const RulebookDiff& diff, const std::string& name) {
    for (const auto& t : diff.topics)
        if (t.topic == name) return &t;
    return nullptr;
}

const FieldDiff* field(const TopicDiff& t, const std::string& name) {
    for (const auto& f : t.fields)
        if (f.field == name) return &f;
    return nullptr;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_diff_aligns_rules_by_topic)

BOOST_AUTO_TEST_CASE(fide_2001_to_2009_shows_the_editions_changes) {
    const RulebookDiff diff = diff_rulebooks({bundled().find("fide-2001"), bundled().find("fide-2009")});
    BOOST_REQUIRE(diff.parent[1].has_value());
    BOOST_TEST(*diff.parent[1] == 0u);
    BOOST_TEST(!diff.parent[0].has_value());
    for (const char* name : {"clock.late_arrival", "draw.incorrect_claim", "conduct.phone", "clock.both_flags"}) {
        const TopicDiff* t = topic(diff, name);
        BOOST_TEST_INFO(name);
        BOOST_REQUIRE(t);
        BOOST_TEST(t->sides[1].in_child == "changed");
    }
    const TopicDiff* late = topic(diff, "clock.late_arrival");
    const FieldDiff* default_time = field(*late, "params.default_time");
    BOOST_REQUIRE(default_time);
    BOOST_TEST(default_time->values[0] == "1h (event may set)");
    BOOST_TEST(default_time->values[1] == "0s (event may set)");
    // 9.1a of 2009 adds min_moves to draw agreements, which 2001 (5.2c) lacks.
    const TopicDiff* agreement = topic(diff, "draw.agreement");
    BOOST_REQUIRE(agreement);
    const FieldDiff* min_moves = field(*agreement, "params.min_moves");
    BOOST_REQUIRE(min_moves);
    BOOST_TEST(min_moves->values[0] == "");
    BOOST_TEST(min_moves->values[1] == "0 (event may set, 0..)");
}

BOOST_AUTO_TEST_CASE(an_inherited_rule_is_not_listed) {
    const RulebookDiff diff = diff_rulebooks({bundled().find("fide-2001"), bundled().find("fide-2009")});
    // fide-2009 does not restate draw.move_rule (its header names 9.3 among the unchanged rules).
    BOOST_TEST(!topic(diff, "draw.move_rule"));
    BOOST_TEST(diff.same > 0);
}

BOOST_AUTO_TEST_CASE(the_castling_part_of_the_same_position_differs) {
    // FIDE 2001 9.2 ends with "or if the right to castle has been changed temporarily or permanently"; the 2009 text
    // keeps only the en passant sentence and compares the possible moves. The rulebooks say it with draw.repetition's
    // `castling` parameter: rights in 2001, possible_moves in 2009.
    const RulebookDiff diff = diff_rulebooks({bundled().find("fide-2001"), bundled().find("fide-2009")});
    const TopicDiff* repetition = topic(diff, "draw.repetition");
    BOOST_REQUIRE(repetition);
    const FieldDiff* castling = field(*repetition, "params.castling");
    BOOST_REQUIRE(castling);
    BOOST_TEST(castling->values[0] == "rights");
    BOOST_TEST(castling->values[1] == "possible_moves");
}

BOOST_AUTO_TEST_CASE(unrelated_rulebooks_are_aligned_by_topic) {
    const RulebookDiff diff = diff_rulebooks({bundled().find("jca-1997"), bundled().find("fide-2009")});
    BOOST_TEST(!diff.parent[0].has_value());
    BOOST_TEST(!diff.parent[1].has_value());
    const TopicDiff* illegal = topic(diff, "move.illegal");
    BOOST_REQUIRE(illegal);
    BOOST_TEST(illegal->sides[0].rule != nullptr);
    BOOST_TEST(illegal->sides[1].rule->article == "7.4b");
    BOOST_TEST(illegal->sides[0].in_child.empty());
}

BOOST_AUTO_TEST_CASE(a_rule_present_in_one_only_has_presence_differs) {
    const RulebookDiff diff = diff_rulebooks({bundled().find("fide-2001"), bundled().find("fide-2009")});
    // 2009 removes adjournment (the seed's 2009 text has no Appendix A).
    const TopicDiff* adjournment = topic(diff, "adjournment");
    BOOST_REQUIRE(adjournment);
    BOOST_TEST(adjournment->presence_differs);
    BOOST_TEST(adjournment->sides[1].rule == nullptr);
    BOOST_TEST(adjournment->sides[1].in_child == "removed");
    const FieldDiff* article = field(*adjournment, "article");
    BOOST_REQUIRE(article);
    BOOST_TEST(article->values[1] == "-");
}

BOOST_AUTO_TEST_CASE(a_rulebook_compared_with_itself_has_no_differences) {
    const Rulebook* book = bundled().find("fide-2009");
    const RulebookDiff diff = diff_rulebooks({book, book});
    BOOST_TEST(diff.topics.empty());
    BOOST_TEST(diff.same == static_cast<int>(book->rules.size()));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(the_club_example_changes_exactly_what_extending_md_says)

BOOST_AUTO_TEST_CASE(two_parameters_and_one_effect) {
    // docs/EXTENDING.md: default_time 0s -> 30min (H1), min_moves 0 -> 20 (H2), a warning added to 9.5b (H3).
    const RulebookDiff diff = diff_rulebooks({with_examples().find("fide-2009"), with_examples().find("club-example")});
    BOOST_REQUIRE(diff.topics.size() == 3u);
    BOOST_TEST(diff.topics[0].topic == "clock.late_arrival");
    BOOST_TEST(field(diff.topics[0], "params.default_time")->values[1] == "30min (event may set, 0s..1h)");
    BOOST_TEST(diff.topics[1].topic == "draw.agreement");
    BOOST_TEST(field(diff.topics[1], "params.min_moves")->values[1] == "20 (event may set, 0..40)");
    BOOST_TEST(diff.topics[2].topic == "draw.incorrect_claim");
    BOOST_TEST(field(diff.topics[2], "effects")->values[1].find("warn(to: claimant)") != std::string::npos);
    for (const auto& t : diff.topics) BOOST_TEST(t.sides[1].in_child == "changed");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace diff_test
