#include "report/check_report.h"

namespace arbiter::report {

bool TimelineCheck::passed() const {
    if (!error.empty() || checks.empty()) return false;
    for (const auto& c : checks)
        if (!c.passed()) return false;
    return true;
}

namespace {

struct Words {
    const char* pass;
    const char* fail;
    const char* unreadable;
    const char* nothing;  // a timeline without expectations: nothing was checked, so it does not pass
    const char* summary;  // "<passed> of <total> timelines pass"
};

constexpr Words english{"pass", "FAIL", "unreadable", "FAIL (no expect: block to check)", " timelines pass"};
constexpr Words japanese{"合格", "不合格", "読めません", "不合格（確かめる expect: がありません）", " 件が合格"};

}  // namespace

std::string check_text(const std::vector<TimelineCheck>& timelines, rulebook::Lang lang) {
    const Words& w = lang == rulebook::Lang::ja ? japanese : english;
    std::string out;
    int passed = 0;
    for (const auto& t : timelines) {
        if (t.passed()) ++passed;
        if (!t.error.empty()) {
            out += t.file + ": " + w.unreadable + "\n    " + t.error + "\n";
            continue;
        }
        if (t.checks.empty()) {
            out += t.file + ": " + w.nothing + "\n";
            continue;
        }
        for (const auto& c : t.checks) {
            out += t.file + ": " + (c.passed() ? w.pass : w.fail) + " (" + c.rulebook + ")\n";
            for (const auto& d : c.differences) out += "    " + d + "\n";
        }
    }
    const std::string total = std::to_string(timelines.size());
    if (lang == rulebook::Lang::ja)
        out += total + " 件中 " + std::to_string(passed) + w.summary + "\n";
    else
        out += std::to_string(passed) + " of " + total + w.summary + "\n";
    return out;
}

nlohmann::json check_json(const std::vector<TimelineCheck>& timelines) {
    nlohmann::json out = nlohmann::json::array();
    for (const auto& t : timelines) {
        nlohmann::json checks = nlohmann::json::array();
        for (const auto& c : t.checks)
            checks.push_back({{"rulebook", c.rulebook}, {"passed", c.passed()}, {"differences", c.differences}});
        nlohmann::json one = {{"file", t.file}, {"passed", t.passed()}, {"checks", checks}};
        if (!t.error.empty()) one["error"] = t.error;
        out.push_back(std::move(one));
    }
    return out;
}

}  // namespace arbiter::report
