// Moved from the fixture test (tests/procedure/timeline_fixtures_test.cpp) so that `arbiter check` runs the same
// comparison. Rulings are matched in order with others allowed between them, because a rule text names the rulings
// it requires, not every warning or note an edition adds around them.
#include "procedure/expectations.h"

#include "core/error.h"
#include "rulebook/yaml_source.h"

#include <algorithm>

namespace arbiter::procedure {

namespace {

std::string clock_text(Ms ms) { return clock::format_clock(ms); }

// What one state (the end of the run, or right after one entry) is compared on.
struct State {
    const Result& result;
    const std::array<Ms, 2>& clocks;
    const std::vector<Ruling>& rulings;
    std::size_t ruling_count;  // rulings[0, ruling_count) had been given by then
    const std::vector<Pending>& pending;
    const std::array<std::string, 2>& sides;
};

void compare_result(const YAML::Node& r, const State& got, std::vector<std::string>& diffs) {
    const Result& result = got.result;
    if (r["status"] && r["status"].Scalar() != status_name(result.status))
        diffs.push_back("result.status: expected " + r["status"].Scalar() + ", got " + std::string(status_name(result.status)));
    if (r["score"]) {
        for (int i = 0; i < 2; ++i) {
            const double w = r["score"][got.sides[i]].as<double>();
            if (!result.score || (*result.score)[i] != w)
                diffs.push_back("result.score." + got.sides[i] + ": expected " + std::to_string(w) + ", got " +
                                (result.score ? std::to_string((*result.score)[i]) : std::string("none")));
        }
        const bool rated = r["rated"] ? r["rated"].as<bool>() : true;
        if (rated != result.rated) diffs.push_back(std::string("result.rated: expected ") + (rated ? "true" : "false"));
    }
    // The discs each side is credited with; `discs: ~` expects that nothing counted them.
    if (const auto d = r["discs"]) {
        auto text = [&](const std::optional<std::array<int, 2>>& discs) {
            return discs ? got.sides[0] + " " + std::to_string((*discs)[0]) + ", " + got.sides[1] + " " + std::to_string((*discs)[1])
                         : std::string("none");
        };
        std::optional<std::array<int, 2>> want;
        if (!d.IsNull()) want = std::array<int, 2>{d[got.sides[0]].as<int>(), d[got.sides[1]].as<int>()};
        if (want != result.discs) diffs.push_back("result.discs: expected " + text(want) + ", got " + text(result.discs));
    }
    for (const char* key : {"topic", "article"}) {
        const std::string value = key == std::string("topic") ? result.topic : result.article;
        if (r[key] && r[key].Scalar() != value)
            diffs.push_back(std::string("result.") + key + ": expected " + r[key].Scalar() + ", got '" + value + "'");
    }
}

void compare_clocks(const YAML::Node& c, const State& got, std::vector<std::string>& diffs) {
    for (int i = 0; i < 2; ++i) {
        if (!c[got.sides[i]]) continue;
        const auto w = clock::parse_duration(c[got.sides[i]].Scalar());
        if (!w || *w != got.clocks[i])
            diffs.push_back("clocks." + got.sides[i] + ": expected " + c[got.sides[i]].Scalar() + ", got " +
                            clock_text(got.clocks[i]));
    }
}

void compare_rulings(const YAML::Node& rs, const State& got, std::vector<std::string>& diffs) {
    std::size_t next = 0;
    for (const auto& w : rs) {
        const auto at = clock::parse_duration(w["at"].Scalar());
        bool found = false;
        for (; at && next < got.ruling_count; ++next) {
            const Ruling& g = got.rulings[next];
            if (g.at == *at && g.topic == w["topic"].Scalar() && (!w["article"] || g.article == w["article"].Scalar())) {
                found = true;
                ++next;
                break;
            }
        }
        if (found) continue;
        std::string given;
        for (std::size_t i = 0; i < got.ruling_count; ++i)
            given += " [" + clock_text(got.rulings[i].at) + " " + got.rulings[i].topic + " " + got.rulings[i].article + "]";
        diffs.push_back("ruling " + w["at"].Scalar() + " " + w["topic"].Scalar() + " " +
                        (w["article"] ? w["article"].Scalar() : std::string()) + " not found in order; got" +
                        (given.empty() ? std::string(" none") : given));
        break;  // the rulings after a missing one would only repeat the same list
    }
}

void compare_pending(const YAML::Node& ps, const State& got, std::vector<std::string>& diffs) {
    const auto& pending = got.pending;
    if (ps.size() != pending.size())
        diffs.push_back("pending: expected " + std::to_string(ps.size()) + ", got " + std::to_string(pending.size()));
    for (std::size_t i = 0; i < std::min<std::size_t>(ps.size(), pending.size()); ++i) {
        if (ps[i]["topic"].Scalar() != pending[i].topic)
            diffs.push_back("pending[" + std::to_string(i) + "].topic: expected " + ps[i]["topic"].Scalar() + ", got " +
                            pending[i].topic);
        if (!ps[i]["options"]) continue;
        std::vector<std::string> w;
        for (const auto& o : ps[i]["options"]) w.push_back(o.Scalar());
        if (w != pending[i].options) {
            std::string given;
            for (const auto& o : pending[i].options) given += " " + o;
            diffs.push_back("pending[" + std::to_string(i) + "].options differ; got" + given);
        }
    }
}

// A key no comparison reads would check nothing and let a fixture pass that cannot fail (`position:` written in
// the hope that the board is compared): it is a difference naming the keys that are compared.
void unread_keys(const YAML::Node& map, std::initializer_list<std::string_view> read, const std::string& where,
                 std::vector<std::string>& diffs) {
    if (!map || !map.IsMap()) return;  // an absent key (an invalid node) has nothing to check
    for (const auto& kv : map) {
        const std::string key = kv.first.Scalar();
        if (std::find(read.begin(), read.end(), key) != read.end()) continue;
        std::string list;
        for (const auto k : read) list += (list.empty() ? "" : ", ") + std::string(k);
        diffs.push_back(where + key + ": nothing compares this key (compared: " + list + ")");
    }
}

void compare_state(const YAML::Node& want, const State& got, std::vector<std::string>& diffs) {
    unread_keys(want, {"result", "clocks", "rulings", "pending"}, "expect.", diffs);
    unread_keys(want["result"], {"status", "score", "rated", "discs", "topic", "article"}, "expect.result.", diffs);
    for (const auto& w : want["rulings"]) unread_keys(w, {"at", "topic", "article"}, "expect.rulings[].", diffs);
    for (const auto& w : want["pending"]) unread_keys(w, {"topic", "options"}, "expect.pending[].", diffs);
    if (const auto r = want["result"]) compare_result(r, got, diffs);
    if (const auto c = want["clocks"]) compare_clocks(c, got, diffs);
    if (const auto rs = want["rulings"]) compare_rulings(rs, got, diffs);
    if (const auto ps = want["pending"]) compare_pending(ps, got, diffs);
}

void check_block(const std::filesystem::path& file, const rulebook::Library& library, Runner& runner,
                 const YAML::Node& want, ExpectationCheck& check) {
    const Timeline t = load_timeline(file, library, check.rulebook);
    const auto* book = library.find(check.rulebook);
    if (!book) {
        const InputError* failure = library.failure(check.rulebook);  // its file's fault, placed
        check.differences.push_back(failure ? "error: " + std::string(failure->what())
                                            : "error: no rulebook '" + check.rulebook + "'");
        return;
    }
    const Run run = runner.run(t, *book);
    if (run.after_entry.size() < t.entries.size())
        throw std::logic_error("check_expectations needs a Runner with keep_snapshots");
    compare_state(want, {run.result, run.clocks, run.rulings, run.rulings.size(), run.pending, run.sides},
                  check.differences);
    for (std::size_t i = 0; i < t.entries.size(); ++i) {
        const auto entry_want = t.entries[i].node["expect"];
        if (!entry_want || !entry_want[check.rulebook]) continue;
        std::vector<std::string> d;
        const auto& s = run.after_entry[i];
        compare_state(entry_want[check.rulebook], {s.result, s.clocks, run.rulings, s.rulings, s.pending, run.sides}, d);
        for (auto& x : d) check.differences.push_back("after entry " + std::to_string(i + 1) + ": " + x);
    }
}

}  // namespace

std::vector<ExpectationCheck> check_expectations(const std::filesystem::path& file, const rulebook::Library& library,
                                                 Runner& runner, const std::string& only_rulebook) {
    std::vector<ExpectationCheck> checks;
    const Timeline base = load_timeline(file, library);
    if (!base.expect || !base.expect.IsMap()) return checks;
    for (const auto& block : base.expect) {
        ExpectationCheck check{block.first.Scalar(), {}};
        if (!only_rulebook.empty() && check.rulebook != only_rulebook) continue;
        // An id no folder holds is that block's difference at once: each block reads the timeline again under its
        // rulebook, and an expect: of 20,000 unknown ids read the 800 KB file 20,000 times (over an hour).
        if (!library.find(check.rulebook) && !library.failure(check.rulebook)) {
            check.differences.push_back("error: " + rulebook::location_of(file.string(), block.first).to_string() +
                                        ": expect: found the rulebook '" + check.rulebook +
                                        "', which is in none of the rulesets folders (arbiter -v lists them)");
            checks.push_back(std::move(check));
            continue;
        }
        // One block's failure to run is that block's difference, so the other rulebooks are still checked.
        try {
            check_block(file, library, runner, block.second, check);
        } catch (const InputError& e) {
            check.differences.push_back(std::string("error: ") + e.what());
        } catch (const YAML::Exception& e) {  // an expected value of the wrong kind (a score that is not a number)
            check.differences.push_back(std::string("error: ") + e.what());
        }
        checks.push_back(std::move(check));
    }
    return checks;
}

}  // namespace arbiter::procedure
