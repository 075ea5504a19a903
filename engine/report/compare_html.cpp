// `arbiter compare --format html`: the comparison table of compare_text as one self-contained page, with a board
// diagram (inline SVG) of the position at each ruling and the last move's destination marked.
#include "report/compare_report.h"

#include "clock/duration.h"
#include "report/compare_rows.h"
#include "report/html_board.h"
#include "report/html_page.h"
#include "report/ruling_text.h"
#include "report/run_words.h"

#include <cctype>
#include <optional>
#include <set>
#include <sstream>

namespace arbiter::report {

using rulebook::Lang;

namespace {

const char* label(const char* en, const char* ja, Lang lang) { return lang == Lang::ja ? ja : en; }

// Diagrams are drawn at 364 units; 42 mm keeps a three-rulebook table inside A4's width.
constexpr std::string_view compare_css = R"css(
table.compare { table-layout: fixed; }
table.compare th.mark { width: 3mm; }
table.compare th.at { width: 15mm; }
table.compare th.entry { width: 44mm; }
table.compare td.mark { text-align: center; font-weight: bold; padding: 1mm 0; }
table.compare svg.board { width: 42mm; height: auto; display: block; }
table.compare tfoot th, table.compare tfoot td { background: #f6f6f6; }
div.ruling + div.ruling { border-top: 1px dotted #999; margin-top: 1mm; padding-top: 1mm; }
div.ruling .summary { font-size: 9pt; color: #444; }
)css";

// The value of the last `move` entry at or before entry `index`, or "".
std::string last_move(const procedure::Timeline& timeline, int index) {
    for (int i = index; i >= 0; --i) {
        const auto& e = timeline.entries[std::size_t(i)];
        if (e.action == "move" && e.value.IsScalar()) return e.value.Scalar();
    }
    return {};
}

// A <figure> with the diagram of `position`, or "" when the game cannot be drawn (or the position is empty).
std::string figure(const procedure::Run& run, const std::string& position, const std::string& move, const std::string& caption) {
    BoardDiagram d;
    if (position.empty() || !run.definition || !diagram_of(*run.definition, position, d)) return {};
    if (!move.empty())
        if (const auto to = destination_of(*run.definition, move, d)) d.marked.push_back(*to);
    d.caption = caption;
    return "<figure class=\"board\">" + board_svg(d) + "<figcaption>" + html_escape(caption) + "</figcaption></figure>";
}

std::string ruling_html(const procedure::Ruling& r, Lang lang, const rulebook::Registry* registry,
                        const rulebook::ArticleLabels* labels) {
    // Topics break after their dots in narrow columns.
    // In Japanese the article stands alone: the topic id is an engine name, and the summary below says it in words.
    std::string topic;
    if (lang != Lang::ja)
        for (char c : html_escape(r.topic)) topic += c == '.' ? std::string(".<wbr>") : std::string(1, c);
    std::string out = "<div class=\"ruling\"><span class=\"article\">" + html_escape(rulebook::article_in(labels, r.article, lang)) +
                      "</span>" + (topic.empty() ? "" : " " + topic);
    const std::string effects = detail::ruling_effects(r, lang, registry);
    if (!effects.empty()) out += "<br>" + html_escape(effects);
    if (!r.note.empty())
        out += "<br><span class=\"muted\">" + std::string(lang == Lang::ja ? "［" : "[") + html_escape(r.note.in(lang)) + (lang == Lang::ja ? "］" : "]") + "</span>";
    const std::string summary = r.summary.in(lang);
    if (!summary.empty()) out += "<br><span class=\"summary\">" + html_escape(summary) + "</span>";
    return out + "</div>";
}

}  // namespace

void write_compare_html(std::ostream& page, const procedure::Timeline& timeline,
                        const std::vector<procedure::Run>& runs, Lang lang, const rulebook::Registry* registry,
                        const rulebook::Library* library, std::string_view lead) {
    const std::string title = label("Timeline comparison: ", "裁定比較: ", lang) + timeline.name;
    page << html_page_head(title, lang, compare_css) << lead;
    page << "<h1>" + html_escape(title) + "</h1>\n<dl class=\"facts\">\n";
    for (const auto& run : runs) {
        std::string what = run.category.empty() ? std::string(label("standard play", "通常対局", lang)) : category_words(run.category, run.category_title, lang);
        if (!run.mode.empty()) {
            const rulebook::Rulebook* book = library ? library->find(run.rulebook) : nullptr;
            const auto mode = book ? book->modes.find(run.mode) : decltype(book->modes.end()){};
            const bool summary = lang == Lang::ja && book && mode != book->modes.end() && !mode->second.summary.empty();
            what += label(", mode ", "、方式 ", lang) + (summary ? mode->second.summary.in(lang) : run.mode);
        }
        page << "<dt>" + html_escape(run.rulebook) + "</dt><dd>" + html_escape(what) + "</dd>\n";
    }
    page << "</dl>\n<table class=\"compare\">\n<thead><tr><th class=\"mark\"></th><th class=\"at\">" + html_escape(label("at", "時刻", lang)) + "</th><th class=\"entry\">" +
            html_escape(label("entry and position", "事象と局面", lang)) + "</th>";
    for (const auto& run : runs) page << "<th>" + html_escape(run.rulebook) + "</th>";
    page << "</tr></thead>\n<tbody>\n";
    detail::CompareRow row;
    for (detail::CompareRows rows(runs, lang, registry); rows.next(row);) {
        if (row.entry < 0 || std::size_t(row.entry) >= timeline.entries.size()) continue;
        const auto& entry = timeline.entries[std::size_t(row.entry)];
        const std::string what = describe_entry(entry, lang, registry, traditional_move(runs, row.entry));
        const std::string move = last_move(timeline, row.entry);
        const std::string caption = lang == Lang::ja ? what + " の後" : "after " + what;
        // The position follows from the moves, so the runs share it; draw it once unless they do not.
        std::set<std::string> positions;
        for (const auto& rulings : row.rulings)
            if (!rulings.empty()) positions.insert(rulings.front()->position);
        const bool shared = positions.size() == 1;
        const std::string differs = row.differs ? " class=\"changed\"" : "";
        page << "<tr><td class=\"mark\">" + std::string(row.differs ? "*" : "") +
                "</td><td class=\"at\">" + html_escape(clock::format_clock(entry.at)) + "</td><td class=\"entry\">" + html_escape(what);
        if (shared) {
            for (std::size_t k = 0; k < runs.size(); ++k)
                if (!row.rulings[k].empty()) {
                    page << figure(runs[k], *positions.begin(), move, caption);
                    break;
                }
        }
        page << "</td>";
        for (std::size_t k = 0; k < runs.size(); ++k) {
            page << "<td" + differs + ">";
            if (row.rulings[k].empty()) page << "<span class=\"absent\">-</span>";
            for (const procedure::Ruling* r : row.rulings[k]) page << ruling_html(*r, lang, registry, runs[k].article_labels.get());
            if (!shared && !row.rulings[k].empty())
                page << figure(runs[k], row.rulings[k].front()->position, move, caption + " (" + runs[k].rulebook + ")");
            page << "</td>";
        }
        page << "</tr>\n";
    }
    page << "</tbody>\n<tfoot>\n";
    std::set<std::string> clocks, results;
    for (const auto& run : runs) {
        clocks.insert(detail::final_clocks(run, lang, registry));
        results.insert(detail::result_key(run));
    }
    auto footer_row = [&](const char* en, const char* ja, bool differs, auto text_of) {
        std::string out = std::string("<tr><td class=\"mark\">") + (differs ? "*" : "") + "</td><th colspan=\"2\">" +
                          html_escape(label(en, ja, lang)) + "</th>";
        for (const auto& run : runs) out += std::string("<td") + (differs ? " class=\"changed\"" : "") + ">" + html_escape(text_of(run)) + "</td>";
        return out + "</tr>\n";
    };
    page << footer_row("final clocks", "残り時間", clocks.size() > 1, [&](const procedure::Run& run) { return detail::final_clocks(run, lang, registry); });
    page << footer_row("result", "結果", results.size() > 1, [&](const procedure::Run& run) { return detail::final_result(run, lang, registry); });
    page << "</tfoot>\n</table>\n<p class=\"muted\">* " +
            html_escape(label("the rulebooks rule differently; the red square marks where the last move went.",
                              "規則によって裁定が異なる。赤枠は直前の着手の行き先。", lang)) +
            "</p>\n<footer>" +
            html_escape(label("Generated by arbiter compare from the timeline file ", "arbiter compare がタイムラインファイル ", lang) +
                        timeline.file + label(".", " から生成。", lang)) +
            "</footer>\n";
    page << html_page_tail();
}

std::string compare_html(const procedure::Timeline& timeline, const std::vector<procedure::Run>& runs, Lang lang,
                         const rulebook::Registry* registry, const rulebook::Library* library) {
    std::ostringstream page;
    write_compare_html(page, timeline, runs, lang, registry, library);
    return page.str();
}

}  // namespace arbiter::report
