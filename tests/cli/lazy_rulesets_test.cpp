// A rulesets folder is read by id (docs/ARCHITECTURE.md, Lazy rulebook folders): a command that names its rulebook
// reads that file and its parents only, so a folder of more files than a full load allows (Library::MaxFullLoadFiles)
// runs one of them, while `list`, which reads every file, refuses it with a clear error and exit 2.
#include "cli/cli_run.h"
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace lazy_rulesets_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::run_arbiter;

// MaxFullLoadFiles + 1 copies of the press-without-move example (ids gen-0001 ...) and one broken rulebook.
void fill(const fs::path& dir) {
    std::ifstream in(fs::path(ARBITER_SOURCE_DIR) / "tests/data/extension/chess/press-without-move-example.yaml");
    std::stringstream text;
    text << in.rdbuf();
    const std::string example = text.str();
    const std::string key = "rulebook: press-without-move-example";
    const auto at = example.find(key);
    BOOST_REQUIRE(at != std::string::npos);
    for (std::size_t k = 1; k <= arbiter::rulebook::Library::MaxFullLoadFiles + 1; ++k) {
        char id[16];
        std::snprintf(id, sizeof id, "gen-%04zu", k);
        std::string copy = example;
        copy.replace(at, key.size(), std::string("rulebook: ") + id);
        std::ofstream(dir / (std::string(id) + ".yaml")) << copy;
    }
    std::ofstream(dir / "broken.yaml") << "rulebook: broken\ngame: chess\nextends: fide-2009\nrules: 5\n";
}

// Made once for the whole program and removed when it ends.
const std::string& folder() {
    static const arbiter::test::ScratchFolder scratch("lazy-rulesets");
    static const std::string dir = (fill(scratch.path()), scratch.path().string());
    return dir;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_rulesets_folder_is_read_by_id)

BOOST_AUTO_TEST_CASE(run_reads_only_the_rulebook_it_names) {
    const auto r = run_arbiter("--rulesets '" + folder() +
                                   "' run tests/data/extension-timelines/press-without-move.yaml --rulebook gen-0007",
                               arbiter::test::Stderr::merge);
    BOOST_TEST(r.exit_code == 0, r.out);
    BOOST_TEST(contains(r.out, "7.4b"), r.out);  // the example's rule on the press without a move, inherited by copy
}

BOOST_AUTO_TEST_CASE(show_and_a_broken_rulebook_are_read_alone) {
    BOOST_TEST(run_arbiter("--rulesets '" + folder() + "' show gen-1001").exit_code == 0);
    const auto broken = run_arbiter("--rulesets '" + folder() + "' show broken", arbiter::test::Stderr::merge);
    BOOST_TEST(broken.exit_code == 2, broken.out);
    BOOST_TEST(contains(broken.out, "broken.yaml:4:"), broken.out);  // rules: a number, not a map
}

BOOST_AUTO_TEST_CASE(list_refuses_a_folder_too_large_to_load_at_once) {
    const auto r = run_arbiter("--rulesets '" + folder() + "' list", arbiter::test::Stderr::merge);
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "too many to load at once; expected at most 1000"), r.out);
    BOOST_TEST(!contains(r.out, "bad_alloc"), r.out);
}

BOOST_AUTO_TEST_CASE(the_library_parses_the_named_file_and_its_parent) {
    const auto library = arbiter::rulebook::Library::open(
        std::vector<fs::path>{folder(), fs::path(ARBITER_SOURCE_DIR) / "rulesets"});
    BOOST_REQUIRE(library.find("gen-0003") != nullptr);
    BOOST_TEST(library.files_parsed() == 3u);  // gen-0003, fide-2009 which it extends, and fide-2001 (fide-2009's)
    BOOST_REQUIRE(library.find("gen-0004") != nullptr);
    BOOST_TEST(library.files_parsed() == 4u);  // the parents are resolved once
    BOOST_TEST(library.failure("broken") != nullptr);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace lazy_rulesets_test
