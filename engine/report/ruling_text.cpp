#include "report/ruling_text.h"

#include "clock/duration.h"
#include "report/text_table.h"

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

std::string describe_effect(const procedure::AppliedEffect& e, Lang lang) {
    const std::string name = e.value("effect", std::string());
    std::string out = name;
    if (e.contains("to")) out += " " + e["to"].get<std::string>();
    if (e.contains("who")) out += " " + e["who"].get<std::string>();
    if (e.contains("amount")) {
        const std::string t = clock::format_clock(Ms{e["amount"].get<std::int64_t>()});
        out += name == "add_time" ? " +" + t : name == "deduct_time" ? " -" + t : " =" + t;
    }
    if (e.contains("score") && e["score"].is_object())
        for (const auto& [side, points] : e["score"].items()) out += " " + side + " " + points.dump();
    if (e.contains("instead_of")) out += std::string(label(" (instead of ", "（", lang)) + e["instead_of"].get<std::string>() + label(")", "の代わり）", lang);
    if (e.contains("options")) {
        out += ":";
        for (const auto& o : e["options"]) out += " " + o.get<std::string>();
    }
    if (e.contains("rated") && !e["rated"].get<bool>()) out += label(" (unrated)", "（レーティング対象外）", lang);
    return out;
}

std::string describe_result(const procedure::Run& run, Lang lang) {
    const auto& r = run.result;
    if (r.status == "ended") {
        std::string out = r.score ? score_text((*r.score)[0]) + "-" + score_text((*r.score)[1]) : std::string("?");
        out += " (" + r.topic + " " + r.article + ")";
        if (!r.rated) out += label(", unrated", "、レーティング対象外", lang);
        return out;
    }
    if (r.status == "pending") return label("pending an arbiter decision", "アービターの裁定待ち", lang);
    return label("ongoing", "対局継続中", lang);
}

std::string run_text(const procedure::Timeline& timeline, const procedure::Run& run, Lang lang) {
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

}  // namespace arbiter::report
