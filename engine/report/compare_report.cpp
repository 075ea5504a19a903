#include "report/compare_report.h"

#include "core/markdown_text.h"

#include "clock/duration.h"
#include "procedure/run_json.h"
#include "report/compare_rows.h"
#include "report/json_stream.h"
#include "report/ruling_text.h"
#include "report/run_words.h"
#include "report/text_table.h"

#include <set>
#include <sstream>

namespace arbiter::report {

using rulebook::Lang;

namespace detail {

std::string ruling_effects(const procedure::Ruling& r, Lang lang, const rulebook::Registry* registry) {
    std::string out;
    for (const auto& e : r.effects) out += (out.empty() ? "" : lang == Lang::ja ? "、" : "; ") + describe_effect(e, lang, registry);
    return out;
}

std::vector<CompareRow> compare_rows(const std::vector<procedure::Run>& runs, Lang lang, const rulebook::Registry* registry) {
    std::set<int> entries;
    for (const auto& run : runs)
        for (const auto& r : run.rulings) entries.insert(r.entry);
    std::vector<CompareRow> rows;
    for (int e : entries) {
        CompareRow row;
        row.entry = e;
        std::set<std::string> outcomes;
        for (const auto& run : runs) {
            std::string cell, outcome;
            std::vector<const procedure::Ruling*> here;
            for (const auto& r : run.rulings) {
                if (r.entry != e) continue;
                here.push_back(&r);
                const std::string eff = ruling_effects(r, lang, registry);
                if (lang == Lang::ja)
                    cell += (cell.empty() ? "" : " / ") + rulebook::article_in(run.article_labels.get(), r.article, lang) +
                            (eff.empty() ? "" : "：" + eff);
                else
                    cell += (cell.empty() ? "" : " / ") + r.topic + " " + r.article + (eff.empty() ? "" : ": " + eff);
                outcome += r.topic + "|" + eff + ";";
            }
            if (cell.empty()) cell = "-";
            outcomes.insert(outcome);
            row.cells.push_back(cell);
            row.rulings.push_back(std::move(here));
        }
        row.differs = outcomes.size() > 1;
        rows.push_back(std::move(row));
    }
    return rows;
}

std::string final_clocks(const procedure::Run& run, Lang lang, const rulebook::Registry* registry) {
    return role_words(run.sides[0], registry, lang) + " " + clock::format_clock(run.clocks[0]) + (lang == Lang::ja ? "、" : ", ") +
           role_words(run.sides[1], registry, lang) + " " + clock::format_clock(run.clocks[1]);
}

std::string result_key(const procedure::Run& run) {
    std::string key = std::to_string(int(run.result.status)) + (run.result.rated ? "" : " unrated");
    if (run.result.score) key += " " + std::to_string((*run.result.score)[0]) + "-" + std::to_string((*run.result.score)[1]);
    for (const auto& p : run.pending) {
        key += " " + p.topic;
        for (const auto& o : p.options) key += "," + o;
    }
    return key;
}

std::string final_result(const procedure::Run& run, Lang lang, const rulebook::Registry* registry) {
    std::string res = describe_result(run, lang, registry);
    for (const auto& p : run.pending) {
        res += lang == Lang::ja ? "；" + rulebook::article_in(run.article_labels.get(), p.article, lang) + "："
                                : "; " + p.topic + ":";
        for (const auto& o : p.options) res += " " + effect_words(o, registry, lang);
    }
    return res;
}

}  // namespace detail

namespace {

using core::md_escape;  // names from the timeline and the rulebooks in Markdown (core/markdown_text.h)

}  // namespace

static std::string compare_text_unescaped(const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs, Lang lang, bool markdown,
                                          const rulebook::Registry* registry) {
    const auto rows = detail::compare_rows(runs, lang, registry);
    std::vector<std::string> header = {"", lang == Lang::ja ? "時刻" : "at", lang == Lang::ja ? "事象" : "entry"};
    for (const auto& run : runs) header.push_back(run.rulebook + (run.category.empty() ? "" : " (" + category_words(run.category, run.category_title, lang) + ")"));
    std::vector<std::vector<std::string>> body;
    for (const auto& row : rows) {
        const auto& entry = timeline.entries[std::size_t(row.entry)];
        std::vector<std::string> cells = {row.differs ? "*" : "", clock::format_clock(entry.at), describe_entry(entry, lang, registry, traditional_move(runs, row.entry))};
        cells.insert(cells.end(), row.cells.begin(), row.cells.end());
        body.push_back(std::move(cells));
    }
    std::vector<std::string> clocks = {"", "", lang == Lang::ja ? "残り時間" : "clocks"};
    std::vector<std::string> results = {"", "", lang == Lang::ja ? "結果" : "result"};
    std::set<std::string> distinct_clocks, distinct_results;
    for (const auto& run : runs) {
        clocks.push_back(detail::final_clocks(run, lang, registry));
        const std::string res = detail::final_result(run, lang, registry);
        results.push_back(res);
        distinct_clocks.insert(clocks.back());
        distinct_results.insert(detail::result_key(run));
    }
    if (distinct_clocks.size() > 1) clocks[0] = "*";
    if (distinct_results.size() > 1) results[0] = "*";
    body.push_back(clocks);
    body.push_back(results);
    bool marked = false;
    for (const auto& row : body) marked = marked || row[0] == "*";
    // Only a difference in what happens is marked; when nothing is, the reader is told so.
    const std::string footnote = marked ? (lang == Lang::ja ? "* 規則によって裁定が異なる" : "* the rulebooks rule differently")
                                        : (lang == Lang::ja ? "規則による裁定の違いはない（条番号を除く）"
                                                            : "the rulebooks rule alike (the articles cited aside)");

    std::ostringstream out;
    out << (markdown ? "## " + md_escape(timeline.name) : timeline.name) << "\n\n";
    if (markdown) {
        for (const auto& h : header) out << "| " << md_escape(h) << " ";
        out << "|\n";
        for (std::size_t i = 0; i < header.size(); ++i) out << "|---";
        out << "|\n";
        for (const auto& row : body) {
            for (const auto& c : row) out << "| " << md_escape(c) << " ";
            out << "|\n";
        }
        out << "\n" << footnote << "\n";
        return out.str();
    }
    TextTable table(header);
    for (auto& row : body) table.add_row(row);
    const int width = runs.empty() ? 40 : std::max(16, int((120 - 2 - 9 - 22 - 2 * (3 + int(runs.size()))) / runs.size()));
    out << table.render(std::min(width, 60));
    out << "\n" << footnote << "\n";
    return out.str();
}

void write_compare_json(std::ostream& out, const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs,
                        const nlohmann::json& top_keys, const std::function<nlohmann::json(std::size_t)>& run_keys) {
    namespace js = json_stream;
    auto members = js::members_of(top_keys);
    members["timeline"] = js::value(timeline.name);
    nlohmann::json ids = nlohmann::json::array();
    for (const auto& run : runs) ids.push_back(run.rulebook);
    members["rulebooks"] = js::value(std::move(ids));
    members["runs"] = [&](std::ostream& o, int depth) {
        js::write_array(o, runs.size(), [&](std::ostream& o2, std::size_t i, int d) {
            const auto& run = runs[i];
            nlohmann::json shell = procedure::run_json_without_rulings(run);
            if (run_keys) shell.update(run_keys(i));
            auto run_members = js::members_of(shell);
            run_members["rulings"] = [&run](std::ostream& o3, int d3) {
                js::write_array(o3, run.rulings.size(), [&run](std::ostream& o4, std::size_t k, int d4) {
                    js::write_value(o4, procedure::ruling_json(run, run.rulings[k]), d4);
                }, d3);
            };
            js::write_object(o2, run_members, d);
        }, depth);
    };
    const auto rows = detail::compare_rows(runs, Lang::en);
    members["rows"] = [&](std::ostream& o, int depth) {
        js::write_array(o, rows.size(), [&](std::ostream& o2, std::size_t i, int d) {
            const auto& row = rows[i];
            const auto& entry = timeline.entries[std::size_t(row.entry)];
            js::write_value(o2, {{"entry", row.entry}, {"at", entry.at.count()}, {"what", describe_entry(entry)},
                                 {"differs", row.differs}, {"cells", row.cells}}, d);
        }, depth);
    };
    js::write_object(out, members, 0);
    out << '\n';
}

// Text from rulebooks and timelines reaches a terminal: control characters are written visibly (terminal_safe).
std::string compare_text(const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs, Lang lang, bool markdown,
                         const rulebook::Registry* registry) {
    return terminal_safe(compare_text_unescaped(timeline, runs, lang, markdown, registry));
}

}  // namespace arbiter::report
