#include "report/ruling_text.h"

#include "clock/duration.h"
#include "report/text_table.h"

#include <cstdint>
#include <limits>
#include <sstream>

namespace arbiter::report {

using procedure::Ms;
using rulebook::Lang;

namespace {

std::string score_text(double v) {
    if (v == 0.5) return "½";
    std::ostringstream s;
    s << v;
    return s.str();
}

const char* label(const char* en, const char* ja, Lang lang) { return lang == Lang::ja ? ja : en; }

std::string scalar_text(const YAML::Node& node) {
    if (node.IsScalar()) return node.Scalar();
    std::string out;
    if (node.IsMap())
        for (const auto& kv : node) {
            if (!out.empty()) out += ' ';
            out += kv.first.Scalar() + "=" + scalar_text(kv.second);
        }
    return out;
}

}  // namespace

std::string describe_entry(const procedure::Entry& entry) {
    const YAML::Node& v = entry.value;
    if (v.IsMap() && v["kind"] && v["by"]) {
        std::string out = entry.action + " " + v["kind"].Scalar() + " (" + v["by"].Scalar();
        if (v["move"]) out += ", " + v["move"].Scalar();
        return out + ")";
    }
    if (v.IsMap() && v["decision"]) {
        std::string out = entry.action + " " + v["decision"].Scalar();
        if (v["amount"]) out += " " + v["amount"].Scalar();
        return out;
    }
    return entry.action + " " + scalar_text(v);
}

namespace {

// An effect's field as text whatever its JSON type (a hook's effect may hold a number where a name belongs): a
// string as it is, anything else as JSON. json::get<std::string> would throw a message without a place.
std::string field_text(const nlohmann::json& j) { return j.is_string() ? j.get<std::string>() : j.dump(); }

}  // namespace

std::string describe_effect(const procedure::AppliedEffect& e, Lang lang) {
    const std::string name = e.contains("effect") ? field_text(e["effect"]) : std::string();
    std::string out = name;
    if (e.contains("to")) out += " " + field_text(e["to"]);
    if (e.contains("who")) out += " " + field_text(e["who"]);
    if (e.contains("amount")) {
        const auto& a = e["amount"];
        // Any 64-bit amount prints (format_clock takes INT64_MIN); one that is not an integer prints as JSON.
        const std::string t = a.is_number_integer() && !a.is_number_unsigned() ? clock::format_clock(Ms{a.get<std::int64_t>()})
                              : a.is_number_unsigned() && a.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())
                                  ? clock::format_clock(Ms{static_cast<std::int64_t>(a.get<std::uint64_t>())})
                                  : a.dump();
        out += name == "add_time" ? " +" + t : name == "deduct_time" ? " -" + t : " =" + t;
    }
    if (e.contains("score") && e["score"].is_object())
        for (const auto& [side, points] : e["score"].items()) out += " " + side + " " + points.dump();
    if (e.contains("instead_of")) out += std::string(label(" (instead of ", "（", lang)) + field_text(e["instead_of"]) + label(")", "の代わり）", lang);
    if (e.contains("options")) {
        out += ":";
        if (e["options"].is_array())
            for (const auto& o : e["options"]) out += " " + field_text(o);
        else
            out += " " + field_text(e["options"]);
    }
    if (e.contains("rated") && e["rated"].is_boolean() && !e["rated"].get<bool>()) out += label(" (unrated)", "（レーティング対象外）", lang);
    return out;
}

std::string describe_result(const procedure::Run& run, Lang lang) {
    const auto& r = run.result;
    if (r.status == procedure::Status::ended) {
        std::string out = r.score ? score_text((*r.score)[0]) + "-" + score_text((*r.score)[1]) : std::string("?");
        out += " (" + r.topic + " " + r.article + ")";
        if (!r.rated) out += label(", unrated", "、レーティング対象外", lang);
        return out;
    }
    if (r.status == procedure::Status::pending) return label("pending an arbiter decision", "アービターの裁定待ち", lang);
    return label("ongoing", "対局継続中", lang);
}

static std::string run_text_unescaped(const procedure::Timeline& timeline, const procedure::Run& run, Lang lang) {
    std::ostringstream out;
    out << label("Timeline: ", "タイムライン: ", lang) << timeline.name << "\n"
        << label("Rulebook: ", "規則: ", lang) << run.rulebook << " ("
        << (run.category.empty() ? std::string(label("standard", "通常", lang)) : run.category) << ")\n\n";
    TextTable table({label("at", "時刻", lang), label("entry", "事象", lang), label("topic", "トピック", lang),
                     label("article", "条", lang), label("effects", "効果", lang), label("clocks after", "残り時間", lang),
                     label("summary", "要旨", lang)});
    for (const auto& r : run.rulings) {
        std::string effects;
        for (const auto& e : r.effects) effects += (effects.empty() ? "" : "; ") + describe_effect(e, lang);
        if (!r.note.empty()) effects += (effects.empty() ? "" : "; ") + std::string("[") + r.note + "]";
        const std::string entry = r.entry >= 0 ? describe_entry(timeline.entries[std::size_t(r.entry)]) : std::string();
        table.add_row({clock::format_clock(r.at), entry, r.topic, r.article, effects,
                       clock::format_clock(r.clocks_after[0]) + " " + clock::format_clock(r.clocks_after[1]),
                       r.summary.in(lang)});
    }
    out << table.render(30);
    out << "\n" << label("Result: ", "結果: ", lang) << describe_result(run, lang) << "\n";
    out << label("Clocks: ", "残り時間: ", lang) << run.sides[0] << " " << clock::format_clock(run.clocks[0]) << "  "
        << run.sides[1] << " " << clock::format_clock(run.clocks[1]) << "\n";
    for (const auto& p : run.pending) {
        out << label("Pending: ", "裁定待ち: ", lang) << p.topic << " " << p.article << label(" options:", " 選択肢:", lang);
        for (const auto& o : p.options) out << " " << o;
        out << "\n";
    }
    return out.str();
}

// Text from rulebooks and timelines reaches a terminal: control characters are written visibly (terminal_safe).
std::string run_text(const procedure::Timeline& timeline, const procedure::Run& run, Lang lang) { return terminal_safe(run_text_unescaped(timeline, run, lang)); }

}  // namespace arbiter::report
