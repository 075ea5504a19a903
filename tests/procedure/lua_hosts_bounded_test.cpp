// A Runner keeps the Lua states of the hooked rulebooks it used last, at most Caches::MaxLiveHosts of them
// (engine/procedure/run_state.h), so memory stays bounded across many hooked rulebooks; a state dropped and made
// again rules the same, since every call runs the chunk afresh. Six copies of fide-2001 (each with its own copy of
// fide-2001.lua) rule tests/timelines/chess/03-incorrect-claim-1m30.yaml through one Runner, twice round.
#include "procedure/lua_host.h"
#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace lua_hosts_bounded_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

std::string read_text(const fs::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    BOOST_REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

constexpr int Books = 6;

// The folder of the hooked copies, removed when the test ends so that runs leave nothing in the temporary folder.
struct HookedFolder {
    fs::path dir = fs::temp_directory_path() / ("arbiter-" + std::to_string(::getpid()) + "-lua-hosts");
    HookedFolder();
    ~HookedFolder() {
        std::error_code ignored;
        fs::remove_all(dir, ignored);
    }
};

HookedFolder::HookedFolder() {
    const fs::path root(ARBITER_SOURCE_DIR);
    fs::remove_all(dir);
    fs::create_directories(dir);
    const std::string yaml = read_text(root / "rulesets/chess/fide-2001.yaml");
    const std::string lua = read_text(root / "rulesets/chess/fide-2001.lua");
    for (int k = 1; k <= Books; ++k) {
        const std::string id = "hooked-" + std::to_string(k);
        const std::string own = replaced(yaml, "rulebook: fide-2001", "rulebook: " + id);
        std::ofstream(dir / (id + ".yaml")) << replaced(own, "hooks: fide-2001.lua", "hooks: " + id + ".lua");
        std::ofstream(dir / (id + ".lua")) << lua;
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(lua_states_are_bounded_across_hooked_rulebooks)

BOOST_AUTO_TEST_CASE(at_most_four_live_and_the_same_rulings) {
    const fs::path root(ARBITER_SOURCE_DIR);
    const HookedFolder hooked;
    const auto library = rulebook::Library::open(std::vector<fs::path>{hooked.dir, root / "rulesets"});
    const Timeline timeline = load_timeline(root / "tests/timelines/chess/03-incorrect-claim-1m30.yaml", library);
    const std::size_t before = LuaHost::live_states();
    Runner runner(library);
    for (int round = 0; round < 2; ++round) {
        for (int k = 1; k <= Books; ++k) {
            const auto* book = library.find("hooked-" + std::to_string(k));
            BOOST_REQUIRE(book);
            const Run run = runner.run(timeline, *book);
            // 9.5 (2001): the claimant (White) had 1 to 2 minutes, so the hook sets the clock to 1 minute.
            BOOST_TEST(run.clocks[0].count() == std::chrono::duration_cast<Ms>(std::chrono::minutes(1)).count());
            const Run alone = Runner(library).run(timeline, *book);  // a fresh runner, a fresh state
            BOOST_TEST(run.clocks == alone.clocks);
            BOOST_TEST(run.rulings.size() == alone.rulings.size());
            BOOST_TEST(LuaHost::live_states() - before <= 4u);
        }
    }
    BOOST_TEST(LuaHost::live_states() - before == 4u);  // the four used last
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace lua_hosts_bounded_test
