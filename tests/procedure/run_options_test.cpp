// RunOptions::ruling_positions: a run that leaves the rulings' positions out is the same run in everything else,
// and the positions it leaves out are the ones a full run writes.
#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>

namespace run_options_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

BOOST_AUTO_TEST_SUITE(ruling_positions_can_be_left_out)

BOOST_AUTO_TEST_CASE(every_chess_fixture_is_ruled_the_same_without_them) {
    const fs::path root(ARBITER_SOURCE_DIR);
    const auto library = rulebook::Library::open(root / "rulesets");
    Runner full(library);
    RunOptions lean_options;
    lean_options.ruling_positions = false;
    Runner lean(library, lean_options);
    int rulings = 0;
    for (const auto& e : fs::directory_iterator(root / "tests/timelines/chess")) {
        if (e.path().extension() != ".yaml") continue;
        const Timeline timeline = load_timeline(e.path(), library);
        const auto* book = library.find(timeline.event.rulebook);
        BOOST_TEST_REQUIRE(book != nullptr);
        BOOST_TEST_INFO(e.path().filename().string());
        Run a, b;
        try {
            a = full.run(timeline, *book);
        } catch (const InputError&) {
            BOOST_CHECK_THROW(lean.run(timeline, *book), InputError);
            continue;
        }
        b = lean.run(timeline, *book);
        BOOST_TEST_REQUIRE(a.rulings.size() == b.rulings.size());
        for (std::size_t i = 0; i < a.rulings.size(); ++i) {
            BOOST_TEST(!a.rulings[i].position.empty());
            BOOST_TEST(b.rulings[i].position.empty());
            a.rulings[i].position.clear();
        }
        rulings += int(a.rulings.size());
        BOOST_TEST(to_json(a).dump() == to_json(b).dump());
    }
    BOOST_TEST(rulings > 100);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace run_options_test
