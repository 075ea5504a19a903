// What a Runner keeps from run to run (the rule each trigger raises, per rulebook, category and mode) never carries
// one run's rules into another's: the same rulebook in its two modes, alternately through one Runner, rules as the
// fixtures 78 and 79 say (FIDE 2009 Appendix D.1 with no arbiter present: the claim waits for the referred arbiter;
// 10.2 with an arbiter present: a claim out of turn is not admissible and play goes on).
#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>

namespace runner_caches_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

BOOST_AUTO_TEST_SUITE(runner_caches_keep_runs_apart)

BOOST_AUTO_TEST_CASE(modes_of_one_rulebook_alternately) {
    const fs::path root(ARBITER_SOURCE_DIR);
    const auto library = rulebook::Library::open(root / "rulesets");
    const Timeline absent = load_timeline(root / "tests/timelines/chess/78-quickplay-finish-no-arbiter-claim-upheld.yaml", library);
    const Timeline present = load_timeline(root / "tests/timelines/chess/79-quickplay-finish-arbiter-present-out-of-turn.yaml", library);
    const auto& book = *library.find("fide-2009");
    Runner runner(library);
    for (int round = 0; round < 2; ++round) {
        const Run p = runner.run(present, book);
        BOOST_TEST((p.result.status == Status::ongoing));
        BOOST_TEST(p.mode == "arbiter_present");
        for (const auto& r : p.rulings) BOOST_TEST(r.article != "D.1");
        const Run a = runner.run(absent, book);
        BOOST_TEST(a.mode == "no_arbiter_present");
        BOOST_TEST((a.result.status == Status::ended));
        BOOST_TEST(a.result.article == "D.1");
        BOOST_TEST_REQUIRE(!a.rulings.empty());
        BOOST_TEST(a.rulings.front().topic == "draw.quickplay_finish");
        BOOST_TEST(a.rulings.front().article == "D.1");
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace runner_caches_test
