// Every timeline fixture under tests/timelines/ (docs/TIMELINES.md "Expectations") ruled under each rulebook of its
// `expect:` blocks: result, clocks, rulings (in order, others may come between) and pending decisions, at the end
// and after entries that carry their own `expect:`. The expected values were worked from the rule texts by the
// fixtures' author (comments in each file), not from this engine.
//
// tests/procedure/known_gaps.txt lists fixture/rulebook pairs the engine does not yet rule as expected, each with
// the reason. Those are still run: their differences are printed, and a pair that starts to pass fails the test
// until it is taken off the list, so the list cannot go stale.
//
// The comparison itself is procedure::check_expectations, the one `arbiter check` runs for users' rulebooks.
#include "procedure/expectations.h"
#include "rulebook/paths.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace timeline_fixtures_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

fs::path root() { return fs::path(ARBITER_SOURCE_DIR); }

// "fixture-stem rulebook" -> reason
std::map<std::string, std::string> known_gaps() {
    std::map<std::string, std::string> gaps;
    std::ifstream in(root() / "tests/procedure/known_gaps.txt");
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream words(line);
        std::string fixture, book, reason;
        words >> fixture >> book;
        std::getline(words, reason);
        gaps[fixture + " " + book] = reason;
    }
    return gaps;
}

struct Outcome {
    std::string key;
    std::vector<std::string> diffs;
};

std::vector<Outcome> run_fixture(const fs::path& file, const rulebook::Library& library, Runner& runner) {
    std::vector<Outcome> outcomes;
    for (auto& check : check_expectations(file, library, runner))
        outcomes.push_back({file.stem().string() + " " + check.rulebook, std::move(check.differences)});
    return outcomes;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(timeline_fixtures_are_ruled_as_their_rule_texts_say)

BOOST_AUTO_TEST_CASE(every_fixture_under_every_rulebook_of_its_expect_block) {
    const auto library = rulebook::Library::open(root() / "rulesets");
    RunOptions options;
    options.keep_snapshots = true;
    Runner runner(library, options);
    auto gaps = known_gaps();
    std::vector<fs::path> files;
    for (const auto& e : fs::recursive_directory_iterator(root() / "tests/timelines"))
        if (e.is_regular_file() && e.path().extension() == ".yaml") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    BOOST_TEST_REQUIRE(files.size() >= 40u);
    std::map<std::string, std::pair<int, int>> per_book;  // passed, run
    std::set<std::string> seen;
    for (const auto& f : files) {
        for (const auto& o : run_fixture(f, library, runner)) {
            seen.insert(o.key);
            const std::string book = o.key.substr(o.key.find(' ') + 1);
            auto& count = per_book[book];
            ++count.second;
            std::string text;
            for (const auto& d : o.diffs) text += "\n    " + d;
            const auto gap = gaps.find(o.key);
            if (gap == gaps.end()) {
                BOOST_CHECK_MESSAGE(o.diffs.empty(), f.filename().string() << " under " << book << ":" << text);
                if (o.diffs.empty()) ++count.first;
            } else {
                BOOST_CHECK_MESSAGE(!o.diffs.empty(), o.key << " passes now: take it off tests/procedure/known_gaps.txt");
                BOOST_TEST_MESSAGE("known gap " << o.key << " (" << gap->second << "):" << text);
            }
        }
    }
    for (const auto& [key, reason] : gaps)
        BOOST_CHECK_MESSAGE(seen.count(key), "known_gaps.txt names " << key << ", which no fixture expects");
    for (const auto& [book, count] : per_book)
        BOOST_TEST_MESSAGE(book << ": " << count.first << " of " << count.second << " fixtures pass");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace timeline_fixtures_test
