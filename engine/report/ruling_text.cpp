#include "report/ruling_text.h"

#include "clock/duration.h"
#include "report/run_words.h"
#include "report/text_table.h"

#include <cstdint>
#include <limits>
#include <sstream>
#include <vector>

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

namespace {

// A scalar or map of an entry in Japanese: sides and roles in words, a map as its values (its keys are the
// timeline's field names).
std::string scalar_words(const YAML::Node& node, const rulebook::Registry* registry) {
    if (node.IsScalar()) return effect_words(node.Scalar(), registry, Lang::ja);
    std::string out;
    if (node.IsMap())
        for (const auto& kv : node) {
            // A fact given as yes or no (observe, incident facts) reads as the condition it states.
            const std::string value = kv.second.IsScalar() ? kv.second.Scalar() : std::string();
            std::string part = value == "true"    ? effect_words(kv.first.Scalar(), registry, Lang::ja)
                               : value == "false" ? effect_words(kv.first.Scalar(), registry, Lang::ja) + "：いいえ"
                                                  : scalar_words(kv.second, registry);
            out += (out.empty() ? "" : "、") + part;
        }
    return out;
}

std::string describe_entry_ja(const procedure::Entry& entry, const rulebook::Registry* registry) {
    const YAML::Node& v = entry.value;
    const std::string_view known = entry_action_ja(entry.action);
    const std::string action = known.empty() ? entry.action : std::string(known);
    if (v.IsMap() && v["kind"] && v["by"]) {
        const std::string_view kind = claim_kind_ja(v["kind"].Scalar());
        std::string out = action + "：" + (kind.empty() ? v["kind"].Scalar() : std::string(kind)) + "（" +
                          role_words(v["by"].Scalar(), registry, Lang::ja);
        if (v["move"]) out += "、" + v["move"].Scalar();
        return out + "）";
    }
    if (v.IsMap() && v["decision"]) {
        std::string out = action + "：" + effect_words(v["decision"].Scalar(), registry, Lang::ja);
        if (v["amount"]) out += " " + v["amount"].Scalar();
        return out;
    }
    const std::string what = scalar_words(v, registry);
    return what.empty() ? action : action + " " + what;
}

}  // namespace

std::string_view traditional_move(const procedure::Run& run, int entry) {
    if (entry < 0 || std::size_t(entry) >= run.traditional_moves.size()) return {};
    return run.traditional_moves[std::size_t(entry)];
}

std::string_view traditional_move(const std::vector<procedure::Run>& runs, int entry) {
    for (const auto& run : runs)
        if (const std::string_view t = traditional_move(run, entry); !t.empty()) return t;
    return {};
}

std::string describe_entry(const procedure::Entry& entry, Lang lang, const rulebook::Registry* registry,
                           std::string_view traditional) {
    if (lang == Lang::ja && entry.action == "move" && !traditional.empty()) {
        const std::string_view action = entry_action_ja(entry.action);
        return std::string(action.empty() ? std::string_view(entry.action) : action) + " " + std::string(traditional);
    }
    if (lang == Lang::ja) return describe_entry_ja(entry, registry);
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

namespace {

std::string amount_text(const nlohmann::json& a) {
    // Any 64-bit amount prints (format_clock takes INT64_MIN); one that is not an integer prints as JSON.
    if (a.is_number_integer() && !a.is_number_unsigned()) return clock::format_clock(Ms{a.get<std::int64_t>()});
    if (a.is_number_unsigned() && a.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        return clock::format_clock(Ms{static_cast<std::int64_t>(a.get<std::uint64_t>())});
    return a.dump();
}

std::string amount_sign(const std::string& name) { return name == "add_time" ? "+" : name == "deduct_time" ? "-" : "="; }

// Japanese: "時計に時間を加える（黒、+3:00）", "対局者の負け（白、引き分けの代わり）".
std::string describe_effect_ja(const procedure::AppliedEffect& e, const rulebook::Registry* registry) {
    const std::string name = e.contains("effect") ? field_text(e["effect"]) : std::string();
    std::vector<std::string> details;
    for (const char* key : {"to", "who"})
        if (e.contains(key)) details.push_back(role_words(field_text(e[key]), registry, Lang::ja));
    if (e.contains("amount")) details.push_back(amount_sign(name) + amount_text(e["amount"]));
    if (e.contains("score") && e["score"].is_object())
        for (const auto& [side, points] : e["score"].items()) details.push_back(role_words(side, registry, Lang::ja) + " " + points.dump());
    if (e.contains("instead_of")) details.push_back(effect_words(field_text(e["instead_of"]), registry, Lang::ja) + "の代わり");
    if (e.contains("options")) {
        std::string options;
        const auto add = [&](const nlohmann::json& o) { options += (options.empty() ? "" : "・") + effect_words(field_text(o), registry, Lang::ja); };
        if (e["options"].is_array())
            for (const auto& o : e["options"]) add(o);
        else
            add(e["options"]);
        details.push_back("選択肢：" + options);
    }
    if (e.contains("rated") && e["rated"].is_boolean() && !e["rated"].get<bool>()) details.push_back("レーティング対象外");
    std::string out = effect_words(name, registry, Lang::ja);
    if (details.empty()) return out;
    out += "（";
    for (std::size_t i = 0; i < details.size(); ++i) out += (i ? "、" : "") + details[i];
    return out + "）";
}

}  // namespace

std::string describe_effect(const procedure::AppliedEffect& e, Lang lang, const rulebook::Registry* registry) {
    if (lang == Lang::ja) return describe_effect_ja(e, registry);
    const std::string name = e.contains("effect") ? field_text(e["effect"]) : std::string();
    std::string out = name;
    if (e.contains("to")) out += " " + field_text(e["to"]);
    if (e.contains("who")) out += " " + field_text(e["who"]);
    if (e.contains("amount")) out += " " + amount_sign(name) + amount_text(e["amount"]);
    if (e.contains("score") && e["score"].is_object())
        for (const auto& [side, points] : e["score"].items()) out += " " + side + " " + points.dump();
    if (e.contains("instead_of")) out += " (instead of " + field_text(e["instead_of"]) + ")";
    if (e.contains("options")) {
        out += ":";
        if (e["options"].is_array())
            for (const auto& o : e["options"]) out += " " + field_text(o);
        else
            out += " " + field_text(e["options"]);
    }
    if (e.contains("rated") && e["rated"].is_boolean() && !e["rated"].get<bool>()) out += " (unrated)";
    return out;
}

// The result as the federations word it: the winning side's name and 勝ち (先手勝ち, 黒勝ち, 白勝ち; the side names
// from the registry's roles), 引き分け for equal halves, 両者負け where both score nothing; else the score alone.
std::string result_words_ja(const procedure::Run& run, const rulebook::Registry* registry) {
    const auto& score = run.result.score;
    if (!score) return "結果不明";
    const double a = (*score)[0], b = (*score)[1];
    if (a > b) return role_words(run.sides[0], registry, Lang::ja) + "勝ち";
    if (b > a) return role_words(run.sides[1], registry, Lang::ja) + "勝ち";
    if (a == 0) return "両者負け";
    return "引き分け";
}

std::string describe_result(const procedure::Run& run, Lang lang, const rulebook::Registry* registry) {
    const auto& r = run.result;
    if (r.status == procedure::Status::ended) {
        std::string out = r.score ? score_text((*r.score)[0]) + "-" + score_text((*r.score)[1]) : std::string("?");
        if (lang == Lang::ja)
            out = result_words_ja(run, registry) + "（" + out + "、根拠: " +
                  rulebook::article_in(run.article_labels.get(), r.article, lang) +
                  (r.rated ? "" : "、レーティング対象外") + "）";
        else
            out += " (" + r.topic + " " + r.article + ")" + (r.rated ? "" : ", unrated");
        return out;
    }
    if (r.status == procedure::Status::pending) return label("pending an arbiter decision", "アービターの裁定待ち", lang);
    return label("ongoing", "対局継続中", lang);
}

// Written a row at a time: a timeline of 10,000 entries made a text of tens of megabytes, held twice (the table
// rendered whole, then the page around it) before a byte was written. Each piece is terminal_safe on its own (the
// function works a character at a time), so the bytes are those of the whole text made safe at once.
void write_run_text(std::ostream& out, const procedure::Timeline& timeline, const procedure::Run& run, Lang lang,
                    const rulebook::Registry* registry) {
    const bool ja = lang == Lang::ja;
    out << terminal_safe(std::string(label("Timeline: ", "タイムライン: ", lang)) + timeline.name + "\n" +
                         label("Rulebook: ", "規則: ", lang) + run.rulebook + " (" +
                         category_words(run.category, run.category_title, lang) + ")\n\n");
    std::vector<std::string> headings = {label("at", "時刻", lang), label("entry", "事象", lang)};
    if (!ja) headings.push_back("topic");
    // The clock column names its sides in the order of its two times ("clocks after (white / black)").
    const std::string sides = role_words(run.sides[0], registry, lang) + " / " + role_words(run.sides[1], registry, lang);
    for (const std::string& h : {std::string(label("article", "条", lang)), std::string(label("effects", "効果", lang)),
                                 (ja ? "残り時間（" + sides + "）" : "clocks after (" + sides + ")"), std::string(label("summary", "要旨", lang))})
        headings.push_back(h);
    const auto row_of = [&](const procedure::Ruling& r) {
        std::string effects;
        const char* separator = ja ? "、" : "; ";
        for (const auto& e : r.effects) effects += (effects.empty() ? "" : separator) + describe_effect(e, lang, registry);
        if (!r.note.empty())
            effects += (effects.empty() ? "" : separator) + std::string(ja ? "［" : "[") + r.note.in(lang) + (ja ? "］" : "]");
        const std::string entry = r.entry >= 0 ? describe_entry(timeline.entries[std::size_t(r.entry)], lang, registry,
                                                                     traditional_move(run, r.entry))
                                                      : std::string();
        std::vector<std::string> row = {clock::format_clock(r.at), entry};
        if (!ja) row.push_back(r.topic);
        for (std::string cell : {rulebook::article_in(run.article_labels.get(), r.article, lang), effects,
                                 clock::format_clock(r.clocks_after[0]) + " / " + clock::format_clock(r.clocks_after[1]), r.summary.in(lang)})
            row.push_back(std::move(cell));
        return TextTable::safe(std::move(row));
    };
    constexpr int MaxColumn = 30;
    std::vector<int> widths;
    headings = TextTable::safe(std::move(headings));
    TextTable::widen(widths, headings, MaxColumn);
    for (const auto& r : run.rulings) TextTable::widen(widths, row_of(r), MaxColumn);
    out << TextTable::render_row(headings, widths) << TextTable::rule(widths);
    for (const auto& r : run.rulings) out << TextTable::render_row(row_of(r), widths);
    std::ostringstream tail;
    tail << "\n" << label("Result: ", "結果: ", lang) << describe_result(run, lang, registry) << "\n";
    tail << label("Clocks: ", "残り時間: ", lang) << role_words(run.sides[0], registry, lang) << " "
         << clock::format_clock(run.clocks[0]) << "  " << role_words(run.sides[1], registry, lang) << " "
         << clock::format_clock(run.clocks[1]) << "\n";
    for (const auto& p : run.pending) {
        tail << label("Pending: ", "裁定待ち: ", lang);
        if (!ja) tail << p.topic << " ";
        tail << p.article << label(" options:", " 選択肢:", lang);
        for (const auto& o : p.options) tail << " " << effect_words(o, registry, lang);
        tail << "\n";
    }
    out << terminal_safe(tail.str());
}

std::string run_text(const procedure::Timeline& timeline, const procedure::Run& run, Lang lang, const rulebook::Registry* registry) {
    std::ostringstream out;
    write_run_text(out, timeline, run, lang, registry);
    return out.str();
}

}  // namespace arbiter::report
