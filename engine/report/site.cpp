// The site's assembly: the home page, then for each language every rulebook page, the diff of each rulebook that
// extends another against it, each comparison, the search page and its index.
#include "report/site.h"

#include "report/compare_report.h"
#include "report/diff_report.h"
#include "report/html_page.h"
#include "report/site_nav.h"
#include "report/site_rulebook.h"
#include "report/site_search.h"

namespace arbiter::report {

using namespace arbiter::rulebook;

namespace {

// Links to the pages of `ids` as one line ("fide-2001 · fide-2009").
std::string rulebook_links(const std::vector<std::string>& ids, Lang lang) {
    std::string out;
    for (const std::string& id : ids) out += (out.empty() ? "" : " · ") + site::link(site::rulebook_page(id, lang), id);
    return out;
}

std::string home_html(const Library& library, const std::vector<SiteComparison>& comparisons, Lang lang) {
    const bool ja = lang == Lang::ja;
    const std::string title = ja ? "ルールブック" : "Rulebooks";
    std::string body = site::nav_bar("index", lang) + "<h1>" + title + "</h1>\n";
    for (const std::string& game : library.games()) {
        std::string rows;
        for (const Rulebook* book : library.rulebooks()) {
            if (book->game != game) continue;
            const std::string name = book->title.in(lang).empty() ? book->id : book->title.in(lang);
            const bool parent = !book->extends.empty() && library.find(book->extends);
            rows += "<tr><td>" + site::link(site::rulebook_page(book->id, lang), book->id) + "</td><td>" +
                    html_escape(name) + "</td><td>" + html_escape(book->effective) + "</td><td>" +
                    (parent ? site::link(site::diff_page(book->id, lang), book->extends + " → " + book->id) : "") +
                    "</td></tr>\n";
        }
        if (rows.empty()) continue;
        body += "<h2>" + html_escape(site::game_name(library, game, lang)) + "</h2>\n<table>\n<thead><tr><th>" +
                (ja ? "ID" : "Id") + "</th><th>" + (ja ? "名称" : "Title") + "</th><th>" + (ja ? "施行" : "In force") +
                "</th><th>" + (ja ? "元との相違" : "Changes from the rulebook it extends") +
                "</th></tr></thead>\n<tbody>\n" + rows + "</tbody></table>\n";
    }
    if (!comparisons.empty()) {
        body += std::string("<h2>") + (ja ? "比較例" : "Comparisons") + "</h2>\n<ul>\n";
        for (const SiteComparison& c : comparisons) {
            std::vector<std::string> ids;
            for (const auto& run : c.runs) ids.push_back(run.rulebook);
            body += "<li>" +
                    site::link(site::compare_page(c.name, lang), c.timeline->name.empty() ? c.name : c.timeline->name) +
                    " — " + rulebook_links(ids, lang) + "</li>\n";
        }
        body += "</ul>\n";
    }
    body += "<p>" + site::link(site::page("search", lang), ja ? "条文を検索する" : "Search the articles") + "</p>\n";
    return html_page(title, lang, body);
}

}  // namespace

void write_site(const Library& library, const std::vector<SiteComparison>& comparisons, const SiteFileWriter& file) {
    auto text = [&file](const std::string& name, const std::string& bytes) {
        file(name, [&bytes](std::ostream& out) { out << bytes; });
    };
    for (const Lang lang : {Lang::en, Lang::ja}) {
        const bool ja = lang == Lang::ja;
        std::vector<site::Entry> entries;
        text(site::page("index", lang), home_html(library, comparisons, lang));
        for (const Rulebook* book : library.rulebooks()) {
            site::RulebookLinks links;
            for (const Rulebook* other : library.rulebooks())
                if (other->extends == book->id) links.children.push_back(other);
            for (const SiteComparison& c : comparisons)
                for (const auto& run : c.runs)
                    if (run.rulebook == book->id)
                        links.comparisons.emplace_back(c.name, c.timeline->name.empty() ? c.name : c.timeline->name);
            text(site::rulebook_page(book->id, lang), site::rulebook_html(library, *book, links, lang, entries));
            const Rulebook* parent = book->extends.empty() ? nullptr : library.find(book->extends);
            if (!parent) continue;
            RulebookDiff diff = diff_rulebooks({parent, book});
            diff.registry = &library.registry();
            const std::string name = parent->id + " → " + book->id;
            text(site::diff_page(book->id, lang),
                 site::with_prefix(diff_html(diff, lang), site::nav_bar("diff-" + book->id, lang) + "<p>" +
                                                              rulebook_links({parent->id, book->id}, lang) + "</p>\n"));
            entries.push_back({(ja ? "相違 " : "Changes ") + name, site::diff_page(book->id, lang), name});
        }
        for (const SiteComparison& c : comparisons) {
            std::vector<std::string> ids;
            for (const auto& run : c.runs) ids.push_back(run.rulebook);
            const std::string nav =
                site::nav_bar("compare-" + c.name, lang) + "<p>" + rulebook_links(ids, lang) + "</p>\n";
            file(site::compare_page(c.name, lang), [&](std::ostream& out) {
                write_compare_html(out, *c.timeline, c.runs, lang, &library.registry(), &library, nav);
            });
            const std::string title = c.timeline->name.empty() ? c.name : c.timeline->name;
            entries.push_back({(ja ? "比較 " : "Comparison ") + title, site::compare_page(c.name, lang), title});
        }
        text(site::page("search", lang), site::search_html(lang));
        text(site::index_script_name(lang), site::index_script(entries));
    }
}

}  // namespace arbiter::report
