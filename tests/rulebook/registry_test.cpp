// The topic registry (schemas/topics.yaml) and the "did you mean" suggestions.
#include "rulebook/registry.h"
#include "rulebook/suggest.h"

#include <boost/test/unit_test.hpp>

namespace registry_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;

BOOST_AUTO_TEST_SUITE(registry_names_every_topic_effect_condition_and_role)

BOOST_AUTO_TEST_CASE(bundled_registry_loads_with_units) {
    const Registry& r = Registry::bundled();
    const TopicSpec* late = r.topic("clock.late_arrival");
    BOOST_REQUIRE(late);
    BOOST_REQUIRE(late->param("default_time"));
    BOOST_TEST((late->param("default_time")->unit == Unit::duration));
    BOOST_TEST(!r.topic("clock.late_arival"));
    BOOST_REQUIRE(r.effect("add_time"));
    BOOST_TEST(*r.effect("add_time")->field_type("amount") == "duration");
    BOOST_TEST(r.condition("opponent_cannot_checkmate"));
    BOOST_TEST(r.role("offender"));
}

BOOST_AUTO_TEST_CASE(every_topic_has_both_languages) {
    const Registry& r = Registry::bundled();
    for (const auto& name : r.topic_names()) {
        BOOST_TEST_CONTEXT(name) {
            BOOST_TEST(!r.topic(name)->text.en.empty());
            BOOST_TEST(!r.topic(name)->text.ja.empty());
        }
    }
}

BOOST_AUTO_TEST_CASE(edit_distance_matches_hand_counts) {
    BOOST_TEST(edit_distance("kitten", "sitting") == 3u);  // k->s, e->i, +g
    BOOST_TEST(edit_distance("", "abc") == 3u);
    BOOST_TEST(edit_distance("draw.repetiton", "draw.repetition") == 1u);
}

BOOST_AUTO_TEST_CASE(did_you_mean_suggests_close_names_only) {
    const std::vector<std::string> names = {"draw.repetition", "draw.move_rule", "clock.flag_fall"};
    BOOST_TEST(did_you_mean("draw.repetiton", names) == "; did you mean 'draw.repetition'?");
    BOOST_TEST(did_you_mean("repetition", names) == "; did you mean 'draw.repetition'?");  // the suffix rule
    BOOST_TEST(did_you_mean("castling", names).empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace registry_test
