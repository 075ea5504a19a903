// A run as the `arbiter run --format json` object (DESIGN.md section 3).
#include "procedure/run_json.h"

namespace arbiter::procedure {

using nlohmann::json;

std::string_view status_name(Status status) {
    switch (status) {
        case Status::ongoing: return "ongoing";
        case Status::pending: return "pending";
        case Status::ended: return "ended";
    }
    return "ongoing";
}

namespace {

json side_clocks(const Run& run, const std::array<Ms, 2>& c) {
    return json{{run.sides[0], c[0].count()}, {run.sides[1], c[1].count()}};
}

}  // namespace

nlohmann::json ruling_json(const Run& run, const Ruling& r) {
    json j = {{"at", r.at.count()},     {"topic", r.topic},     {"article", r.article},
              {"by", r.by},             {"effects", r.effects}, {"clocks_after", side_clocks(run, r.clocks_after)},
              {"summary", {{"en", r.summary.en}, {"ja", r.summary.ja}}}};
    if (!r.note.en.empty()) j["note"] = r.note.en;
    if (!r.note.ja.empty()) j["note_ja"] = r.note.ja;
    if (!r.position.empty()) j["position"] = r.position;
    return j;
}

nlohmann::json run_json_without_rulings(const Run& run) {
    // Points as DESIGN.md writes them: 1 and 0 as integers, 0.5 as a fraction.
    auto points = [](double p) { return p == double(std::int64_t(p)) ? json(std::int64_t(p)) : json(p); };
    json result = {{"status", status_name(run.result.status)}};
    if (run.result.score)
        result["score"] = {{run.sides[0], points((*run.result.score)[0])}, {run.sides[1], points((*run.result.score)[1])}};
    if (run.result.status == Status::ended) {
        result["rated"] = run.result.rated;
        result["topic"] = run.result.topic;
        result["article"] = run.result.article;
    }
    if (run.result.discs) result["discs"] = {{run.sides[0], (*run.result.discs)[0]}, {run.sides[1], (*run.result.discs)[1]}};
    json pending = json::array();
    for (const auto& p : run.pending)
        pending.push_back({{"topic", p.topic}, {"article", p.article}, {"options", p.options}, {"question", p.question}});
    json out = {{"rulebook", run.rulebook}, {"game", run.game}, {"category", run.category.empty() ? "standard" : run.category}};
    if (!run.mode.empty()) out["mode"] = run.mode;
    if (run.colours_swapped) out["colours_swapped"] = true;
    out["result"] = result;
    out["clocks"] = side_clocks(run, run.clocks);
    out["pending"] = pending;
    return out;
}

nlohmann::json to_json(const Run& run) {
    json out = run_json_without_rulings(run);
    json rulings = json::array();
    for (const auto& r : run.rulings) rulings.push_back(ruling_json(run, r));
    out["rulings"] = std::move(rulings);
    return out;
}

}  // namespace arbiter::procedure
