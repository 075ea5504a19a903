// Every timeline fixture under tests/timelines/ (docs/TIMELINES.md "Expectations") ruled under each rulebook of its
// `expect:` blocks: result, clocks, rulings (in order, others may come between) and pending decisions, at the end
// and after entries that carry their own `expect:`. The expected values were worked from the rule texts by the
// fixtures' author (comments in each file), not from this engine.
//
// tests/procedure/known_gaps.txt lists fixture/rulebook pairs the engine does not yet rule as expected, each with
// the reason. Those are still run: their differences are printed, and a pair that starts to pass fails the test
// until it is taken off the list, so the list cannot go stale.
#include "procedure/procedure.h"
#include "rulebook/paths.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

fs::path root() { return fs::path(ARBITER_SOURCE_DIR); }

std::string clock_text(Ms ms) { return clock::format_clock(ms); }

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

void compare_state(const YAML::Node& want, const Result& result, const std::array<Ms, 2>& clocks,
                   const std::vector<Ruling>& rulings, std::size_t ruling_count, const std::vector<Pending>& pending,
                   const std::array<std::string, 2>& sides, std::vector<std::string>& diffs) {
    if (const auto r = want["result"]) {
        if (r["status"] && r["status"].Scalar() != procedure::status_name(result.status))
            diffs.push_back("result.status: expected " + r["status"].Scalar() + ", got " + std::string(procedure::status_name(result.status)));
        if (r["score"]) {
            for (int i = 0; i < 2; ++i) {
                const double w = r["score"][sides[i]].as<double>();
                if (!result.score || (*result.score)[i] != w)
                    diffs.push_back("result.score." + sides[i] + ": expected " + std::to_string(w) + ", got " +
                                    (result.score ? std::to_string((*result.score)[i]) : std::string("none")));
            }
            const bool rated = r["rated"] ? r["rated"].as<bool>() : true;
            if (rated != result.rated) diffs.push_back(std::string("result.rated: expected ") + (rated ? "true" : "false"));
        }
        for (const char* key : {"topic", "article"}) {
            const std::string got = key == std::string("topic") ? result.topic : result.article;
            if (r[key] && r[key].Scalar() != got)
                diffs.push_back(std::string("result.") + key + ": expected " + r[key].Scalar() + ", got '" + got + "'");
        }
    }
    if (const auto c = want["clocks"]) {
        for (int i = 0; i < 2; ++i) {
            if (!c[sides[i]]) continue;
            const auto w = clock::parse_duration(c[sides[i]].Scalar());
            if (!w || *w != clocks[i])
                diffs.push_back("clocks." + sides[i] + ": expected " + c[sides[i]].Scalar() + ", got " + clock_text(clocks[i]));
        }
    }
    if (const auto rs = want["rulings"]) {
        std::size_t next = 0;
        for (const auto& w : rs) {
            const auto at = clock::parse_duration(w["at"].Scalar());
            bool found = false;
            for (; next < ruling_count; ++next) {
                const Ruling& g = rulings[next];
                if (g.at == *at && g.topic == w["topic"].Scalar() && (!w["article"] || g.article == w["article"].Scalar())) {
                    found = true;
                    ++next;
                    break;
                }
            }
            if (!found) {
                std::string got;
                for (std::size_t i = 0; i < ruling_count; ++i)
                    got += " [" + clock_text(rulings[i].at) + " " + rulings[i].topic + " " + rulings[i].article + "]";
                diffs.push_back("ruling " + w["at"].Scalar() + " " + w["topic"].Scalar() + " " +
                                (w["article"] ? w["article"].Scalar() : std::string()) + " not found in order; got" +
                                (got.empty() ? std::string(" none") : got));
                break;
            }
        }
    }
    if (const auto ps = want["pending"]) {
        if (ps.size() != pending.size())
            diffs.push_back("pending: expected " + std::to_string(ps.size()) + ", got " + std::to_string(pending.size()));
        for (std::size_t i = 0; i < std::min<std::size_t>(ps.size(), pending.size()); ++i) {
            if (ps[i]["topic"].Scalar() != pending[i].topic)
                diffs.push_back("pending[" + std::to_string(i) + "].topic: expected " + ps[i]["topic"].Scalar() + ", got " +
                                pending[i].topic);
            if (ps[i]["options"]) {
                std::vector<std::string> w;
                for (const auto& o : ps[i]["options"]) w.push_back(o.Scalar());
                if (w != pending[i].options) {
                    std::string got;
                    for (const auto& o : pending[i].options) got += " " + o;
                    diffs.push_back("pending[" + std::to_string(i) + "].options differ; got" + got);
                }
            }
        }
    }
}

struct Outcome {
    std::string key;
    std::vector<std::string> diffs;
};

std::vector<Outcome> run_fixture(const fs::path& file, const rulebook::Library& library, Runner& runner) {
    std::vector<Outcome> outcomes;
    const Timeline base = load_timeline(file, library);
    for (const auto& block : base.expect) {
        const std::string book_id = block.first.Scalar();
        Outcome o{file.stem().string() + " " + book_id, {}};
        try {
            const Timeline t = load_timeline(file, library, book_id);
            const auto* book = library.find(book_id);
            const Run run = runner.run(t, *book);
            compare_state(block.second, run.result, run.clocks, run.rulings, run.rulings.size(), run.pending, run.sides,
                          o.diffs);
            for (std::size_t i = 0; i < t.entries.size(); ++i) {
                const auto want = t.entries[i].node["expect"];
                if (!want || !want[book_id]) continue;
                std::vector<std::string> d;
                const auto& s = run.after_entry[i];
                compare_state(want[book_id], s.result, s.clocks, run.rulings, s.rulings, s.pending, run.sides, d);
                for (auto& x : d) o.diffs.push_back("after entry " + std::to_string(i + 1) + ": " + x);
            }
        } catch (const std::exception& e) {
            o.diffs.push_back(std::string("error: ") + e.what());
        }
        outcomes.push_back(std::move(o));
    }
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
