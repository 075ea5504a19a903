// The diff as a printable page: an overview, then chapters in article order, each topic a table of fixed column
// widths (the label column and each rulebook's at least 20% of the width, so no cell squashes to a letter a line;
// more than four rulebooks go one under another instead), A4, table headers repeated on each printed page.
#include "report/diff_layout.h"
#include "report/diff_report.h"
#include "report/html_page.h"

#include <cstdio>

namespace arbiter::report {

using namespace arbiter::rulebook;
using namespace arbiter::report::diff_layout;

namespace {

constexpr std::string_view diff_css = R"css(
table.fixed { table-layout: fixed; }
table.fixed td, table.fixed th { word-break: normal; overflow-wrap: break-word; }
nav.overview table { font-size: 10pt; }
section.chapter > h2 { break-before: auto; }
/* Print: a topic may continue on the next page (its rows stay whole and its header row repeats), so that a long
   table does not push the whole topic over and leave most of a page blank; denser type for the tables. */
@media print {
  body { line-height: 1.3; }
  section.item { break-inside: auto; page-break-inside: auto; }
  section.item h3 { break-after: avoid; page-break-after: avoid; margin-top: 3mm; }
  table.fixed { font-size: 8.5pt; margin: 1mm 0 2mm; }
  table.fixed th, table.fixed td { padding: 0.5mm 1.5mm; }
}
)css";

// Percent widths: the label column 20%, the rulebooks share the rest (each at least 20% up to four rulebooks).
std::string colgroup(std::size_t books) {
    const double each = 80.0 / static_cast<double>(books);
    std::string out = "<colgroup><col style=\"width:20%\">";
    char buf[64];
    for (std::size_t i = 0; i < books; ++i) {
        std::snprintf(buf, sizeof buf, "<col style=\"width:%.2f%%\">", each);
        out += buf;
    }
    return out + "</colgroup>\n";
}

std::string head_row(const RulebookDiff& diff) {
    std::string h = "<thead><tr><th></th>";
    for (const Rulebook* b : diff.books) h += "<th>" + html_escape(b->id) + "</th>";
    return h + "</tr></thead>\n";
}

// A topic's section is anchored by its id (topic ids have no characters an id or a URL fragment must escape).
std::string anchor(const std::string& id) { return id; }

std::string topic_html(const RulebookDiff& diff, const TopicDiff& t, const PartDiff* part, PartKind kind, Lang lang,
                       const std::string& level, const std::string& id) {
    const auto rows = topic_rows(diff, t, part, kind, lang);
    std::string body = "<section class=\"item\" id=\"" + html_escape(id) + "\">\n<" + level + ">" +
                       html_escape(t.topic) + " <span class=\"muted\">" + html_escape(articles_line(t)) + "</span></" +
                       level + ">\n";
    if (diff.books.size() <= 4) {
        body += "<table class=\"fixed\">\n" + colgroup(diff.books.size()) + head_row(diff) + "<tbody>\n";
        for (std::size_t r = 0; r < rows.size(); ++r) {
            body += "<tr><th>" + html_escape(rows[r].first) + "</th>";
            for (std::size_t i = 0; i < rows[r].second.size(); ++i) {
                const bool absent = !t.sides[i].rule;
                const bool changed = r == 0 && (t.sides[i].in_child == "changed" || t.sides[i].in_child == "added");
                body += std::string("<td") +
                        (absent    ? " class=\"absent\""
                         : changed ? " class=\"changed\""
                                   : "") +
                        ">" + html_escape(rows[r].second[i]) + "</td>";
            }
            body += "</tr>\n";
        }
        return body + "</tbody>\n</table>\n</section>\n";
    }
    // Many rulebooks: one row per rulebook under each aspect, so every column keeps a readable width.
    body +=
        "<table class=\"fixed\">\n<colgroup><col style=\"width:25%\"><col style=\"width:75%\"></colgroup>\n<tbody>\n";
    for (const auto& [label, cells] : rows) {
        body += "<tr><th colspan=\"2\">" + html_escape(label) + "</th></tr>\n";
        for (std::size_t i = 0; i < cells.size(); ++i)
            body += "<tr><td>" + html_escape(diff.books[i]->id) + "</td><td>" + html_escape(cells[i]) + "</td></tr>\n";
    }
    return body + "</tbody>\n</table>\n</section>\n";
}

std::string parts_html(const RulebookDiff& diff, const std::vector<PartDiff>& parts, PartKind kind, Lang lang) {
    std::string body;
    const std::string prefix = kind == PartKind::category ? "category-" : "mode-";
    for (const PartDiff& part : parts) {
        body += "<section class=\"chapter\" id=\"" + html_escape(prefix + part.name) + "\">\n<h2>" +
                html_escape(part_heading(kind, part.name, lang, diff.books)) + "</h2>\n<p>";
        for (std::size_t i = 0; i < diff.books.size(); ++i)
            body += (i ? "; " : "") + html_escape(diff.books[i]->id + " " + part_article(diff, part, i, lang));
        body += "</p>\n<p class=\"muted\">" + html_escape(count_words(part.topics.size(), part.same, lang)) + "</p>\n";
        for (const TopicDiff& t : part.topics)
            body += topic_html(diff, t, &part, kind, lang, "h3", prefix + part.name + "." + t.topic);
        body += "</section>\n";
    }
    return body;
}

// The overview: per chapter, a table of its topics (linked to their sections), their articles and what differs.
std::string overview_html(const RulebookDiff& diff, const std::vector<Chapter>& chapters, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string body = "<nav class=\"overview\">\n<h2>" + html_escape(ja ? "概要" : "Overview") + "</h2>\n";
    body +=
        "<table class=\"fixed\">\n<colgroup><col style=\"width:35%\"><col style=\"width:25%\"><col "
        "style=\"width:40%\"></colgroup>\n";
    body += "<thead><tr><th>" + html_escape(ja ? "トピック" : "topic") + "</th><th>" +
            html_escape(ja ? "条" : "articles") + "</th><th>" + html_escape(ja ? "相違点" : "what differs") +
            "</th></tr></thead>\n<tbody>\n";
    for (const Chapter& chapter : chapters) {
        body += "<tr><th colspan=\"3\"><a href=\"#chapter-" + html_escape(chapter.key) + "\">" +
                html_escape(chapter.title) + "</a></th></tr>\n";
        for (const TopicDiff* t : chapter.topics)
            body += "<tr><td><a href=\"#" + html_escape(anchor(t->topic)) + "\">" + html_escape(t->topic) +
                    "</a></td><td>" + html_escape(articles_line(*t)) + "</td><td>" +
                    html_escape(gist_words(diff, *t, lang)) + "</td></tr>\n";
    }
    for (const auto* parts : {&diff.categories, &diff.modes}) {
        const PartKind kind = parts == &diff.categories ? PartKind::category : PartKind::mode;
        const std::string prefix = kind == PartKind::category ? "category-" : "mode-";
        for (const PartDiff& part : *parts) {
            std::string articles;
            for (std::size_t i = 0; i < diff.books.size(); ++i)
                articles += (i ? " | " : "") + part_article(diff, part, i, lang);
            body += "<tr><td><a href=\"#" + html_escape(prefix + part.name) + "\">" +
                    html_escape(part_heading(kind, part.name, lang, diff.books)) + "</a></td><td>" + html_escape(articles) +
                    "</td><td>" + html_escape(count_words(part.topics.size(), part.same, lang)) + "</td></tr>\n";
        }
    }
    body += "</tbody>\n</table>\n";
    const auto minor = minor_topics(diff);
    if (!minor.empty())
        body += "<p><a href=\"#minor\">" + html_escape(minor_heading(minor.size(), lang)) + "</a></p>\n";
    return body + "</nav>\n";
}

}  // namespace

std::string diff_html(const RulebookDiff& diff, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string ids;
    for (const Rulebook* b : diff.books) ids += (ids.empty() ? "" : " / ") + b->id;
    const std::string title = std::string(ja ? "規則比較: " : "Rulebook diff: ") + ids;
    std::string body = "<h1>" + html_escape(title) + "</h1>\n<dl class=\"facts\">\n";
    for (const Rulebook* b : diff.books)
        body += "<dt>" + html_escape(b->id) + "</dt><dd>" + html_escape(b->title.in(lang)) + "</dd>\n";
    body += "</dl>\n<p>" + html_escape(relation_words(diff, lang)) + (ja ? "。" : ". ") +
            html_escape(weight_count_words(diff, lang)) + (ja ? "。" : ".") + "</p>\n";
    const auto chapters = diff_layout::chapters(diff, lang);
    body += overview_html(diff, chapters, lang);
    for (const Chapter& chapter : chapters) {
        body += "<section class=\"chapter\" id=\"chapter-" + html_escape(chapter.key) + "\">\n<h2>" +
                html_escape(chapter.title) + "</h2>\n";
        for (const TopicDiff* t : chapter.topics)
            body += topic_html(diff, *t, nullptr, PartKind::category, lang, "h3", anchor(t->topic));
        body += "</section>\n";
    }
    body += parts_html(diff, diff.categories, PartKind::category, lang);
    body += parts_html(diff, diff.modes, PartKind::mode, lang);
    const auto minor = minor_topics(diff);
    if (!minor.empty()) {
        body += "<section class=\"chapter\" id=\"minor\">\n<h2>" + html_escape(minor_heading(minor.size(), lang)) +
                "</h2>\n";
        body +=
            "<table class=\"fixed\">\n<colgroup><col style=\"width:35%\"><col style=\"width:30%\"><col "
            "style=\"width:35%\"></colgroup>\n<tbody>\n";
        for (const TopicDiff* t : minor)
            body += "<tr><td>" + html_escape(t->topic) + "</td><td>" + html_escape(articles_line(*t)) + "</td><td>" +
                    html_escape(minor_words(*t, lang)) + "</td></tr>\n";
        body += "</tbody>\n</table>\n</section>\n";
    }
    return html_page(title, lang, body, diff_css);
}

}  // namespace arbiter::report
