#include "report/compare_report.h"

#include "core/markdown_text.h"

#include "clock/duration.h"
#include "procedure/run_json.h"
#include "report/compare_rows.h"
#include "report/json_stream.h"
#include "report/ruling_text.h"
#include "report/run_words.h"
#include "report/text_table.h"

#include <algorithm>
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

CompareRows::CompareRows(const std::vector<procedure::Run>& runs, Lang lang, const rulebook::Registry* registry)
    : runs_(runs), lang_(lang), registry_(registry), order_(runs.size()), at_(runs.size(), 0) {
    std::set<int> entries;
    for (std::size_t k = 0; k < runs.size(); ++k) {
        const auto& rulings = runs[k].rulings;
        for (const auto& r : rulings) entries.insert(r.entry);
        // A run's rulings by entry, those of one entry in the run's order: a row takes them from where the last
        // stopped, so making every row costs the rulings once (each row scanned them all before).
        order_[k].resize(rulings.size());
        for (std::size_t i = 0; i < rulings.size(); ++i) order_[k][i] = i;
        std::stable_sort(order_[k].begin(), order_[k].end(),
                         [&rulings](std::size_t a, std::size_t b) { return rulings[a].entry < rulings[b].entry; });
    }
    entries_.assign(entries.begin(), entries.end());
}

bool CompareRows::next(CompareRow& row) {
    if (row_ >= entries_.size()) return false;
    const int e = entries_[row_++];
    row = CompareRow{};
    row.entry = e;
    std::set<std::string> outcomes;
    for (std::size_t k = 0; k < runs_.size(); ++k) {
        const auto& run = runs_[k];
        std::string cell, outcome;
        std::vector<const procedure::Ruling*> here;
        for (; at_[k] < order_[k].size() && run.rulings[order_[k][at_[k]]].entry == e; ++at_[k]) {
            const auto& r = run.rulings[order_[k][at_[k]]];
            here.push_back(&r);
            const std::string eff = ruling_effects(r, lang_, registry_);
            if (lang_ == Lang::ja)
                cell += (cell.empty() ? "" : " / ") + rulebook::article_in(run.article_labels.get(), r.article, lang_) +
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
    return true;
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

// Text from rulebooks and timelines reaches a terminal: control characters are written visibly (terminal_safe),
// chunk by chunk (every chunk ends at an ASCII byte, so the result is that of the whole text).
void write_compare_text(std::ostream& out, const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs,
                        Lang lang, bool markdown, const rulebook::Registry* registry) {
    std::vector<std::string> header = {"", lang == Lang::ja ? "時刻" : "at", lang == Lang::ja ? "事象" : "entry"};
    for (const auto& run : runs) header.push_back(run.rulebook + (run.category.empty() ? "" : " (" + category_words(run.category, run.category_title, lang) + ")"));
    auto body_row = [&](const detail::CompareRow& row) {
        const auto& entry = timeline.entries[std::size_t(row.entry)];
        std::vector<std::string> cells = {row.differs ? "*" : "", clock::format_clock(entry.at), describe_entry(entry, lang, registry, traditional_move(runs, row.entry))};
        cells.insert(cells.end(), row.cells.begin(), row.cells.end());
        return cells;
    };
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
    bool marked = clocks[0] == "*" || results[0] == "*";
    // Only a difference in what happens is marked; when nothing is, the reader is told so.
    auto footnote = [&] {
        return marked ? (lang == Lang::ja ? "* 規則によって裁定が異なる" : "* the rulebooks rule differently")
                      : (lang == Lang::ja ? "規則による裁定の違いはない（条番号を除く）"
                                          : "the rulebooks rule alike (the articles cited aside)");
    };

    out << terminal_safe(markdown ? "## " + md_escape(timeline.name) : timeline.name) << "\n\n";
    detail::CompareRow row;
    if (markdown) {
        auto line = [&out](const std::vector<std::string>& cells) {
            std::string text;
            for (const auto& c : cells) text += "| " + md_escape(c) + " ";
            out << terminal_safe(text) << "|\n";
        };
        line(header);
        for (std::size_t i = 0; i < header.size(); ++i) out << "|---";
        out << "|\n";
        for (detail::CompareRows rows(runs, lang, registry); rows.next(row);) {
            marked = marked || row.differs;
            line(body_row(row));
        }
        line(clocks);
        line(results);
        out << "\n" << footnote() << "\n";
        return;
    }
    // The widths need every row: the rows are made twice, measured, then written (none is kept).
    const int width = runs.empty() ? 40 : std::max(16, int((120 - 2 - 9 - 22 - 2 * (3 + int(runs.size()))) / runs.size()));
    const int max_column = std::min(width, 60);
    std::vector<int> widths;
    TextTable::widen(widths, TextTable::safe(header), max_column);
    for (detail::CompareRows rows(runs, lang, registry); rows.next(row);) {
        marked = marked || row.differs;
        TextTable::widen(widths, TextTable::safe(body_row(row)), max_column);
    }
    TextTable::widen(widths, TextTable::safe(clocks), max_column);
    TextTable::widen(widths, TextTable::safe(results), max_column);
    out << TextTable::render_row(TextTable::safe(header), widths) << TextTable::rule(widths);
    for (detail::CompareRows rows(runs, lang, registry); rows.next(row);)
        out << TextTable::render_row(TextTable::safe(body_row(row)), widths);
    out << TextTable::render_row(TextTable::safe(clocks), widths);
    out << TextTable::render_row(TextTable::safe(results), widths);
    out << "\n" << footnote() << "\n";
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
    detail::CompareRows rows(runs, Lang::en);
    members["rows"] = [&](std::ostream& o, int depth) {
        detail::CompareRow row;
        js::write_array(o, rows.size(), [&](std::ostream& o2, std::size_t, int d) {
            rows.next(row);  // the elements are written in order, each row once
            const auto& entry = timeline.entries[std::size_t(row.entry)];
            js::write_value(o2, {{"entry", row.entry}, {"at", entry.at.count()}, {"what", describe_entry(entry)},
                                 {"differs", row.differs}, {"cells", row.cells}}, d);
        }, depth);
    };
    js::write_object(out, members, 0);
    out << '\n';
}

std::string compare_text(const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs, Lang lang, bool markdown,
                         const rulebook::Registry* registry) {
    std::ostringstream out;
    write_compare_text(out, timeline, runs, lang, markdown, registry);
    return out.str();
}

}  // namespace arbiter::report
