#include "report/site_rulebook.h"

#include "report/diff_layout.h"
#include "report/diff_report.h"
#include "report/html_page.h"
#include "report/rule_words.h"
#include "report/rulebook_text.h"
#include "report/run_words.h"

#include <algorithm>

namespace arbiter::report::site {

using namespace arbiter::rulebook;

namespace {

constexpr std::string_view rulebook_css = R"css(
section.rule { break-inside: avoid; page-break-inside: avoid; margin: 0 0 3mm; }
section.rule h3 { margin-bottom: 0.5mm; }
section.rule dl.facts { margin: 1mm 0 0; }
nav.contents ul { columns: 2; padding-left: 5mm; }
)css";

// The aspects a rule page lists after its summary, in the order a reader meets them (rule_words.h's field names).
constexpr const char* aspects[] = {"effects", "cases", "ladder", "discretion", "claim", "restore", "hook"};

std::string aspect_label(const std::string& field, Lang lang) {
    const bool ja = lang == Lang::ja;
    if (field == "effects") return ja ? "効果" : "What follows";
    if (field == "cases") return ja ? "場合分け" : "Cases";
    if (field == "ladder") return ja ? "繰り返しの罰" : "Repeated offences";
    if (field == "discretion") return ja ? "裁量" : "Discretion";
    if (field == "claim") return ja ? "申し立て" : "Claim";
    if (field == "restore") return ja ? "局面の復元" : "Position restored";
    if (field == "hook") return ja ? "計算式" : "Formula";
    return field;
}

std::string topic_title(const Registry& registry, const std::string& topic, Lang lang) {
    const TopicSpec* spec = registry.topic(topic);
    return spec && !spec->text.in(lang).empty() ? spec->text.in(lang) : topic;
}

std::vector<const Rule*> in_article_order(const RuleMap& rules) {
    std::vector<const Rule*> out;
    for (const auto& [topic, rule] : rules) out.push_back(&rule);
    std::stable_sort(out.begin(), out.end(),
                     [](const Rule* a, const Rule* b) { return diff_layout::article_before(a->article, b->article); });
    return out;
}

// A rule as a section anchored `id`: article, topic in words, summary, values, then each aspect in words. A
// cross-reference links to the section of the rule with that article on the same page.
std::string rule_html(const Rule& rule, const std::string& id, const Registry& registry, Lang lang,
                      const std::map<std::string, std::string>& anchors, std::string& words) {
    const bool ja = lang == Lang::ja;
    const std::string title = topic_title(registry, rule.topic, lang);
    std::string out = "<section class=\"rule\" id=\"" + html_escape(id) + "\">\n<h3><span class=\"article\">" +
                      html_escape(rule.article) + "</span> " + html_escape(title) + "</h3>\n";
    words = title + " " + rule.summary.in(lang);
    if (rule.removed)
        return out + "<p>" + (ja ? "この区分では適用しない。" : "Does not apply here.") + "</p>\n</section>\n";
    if (!rule.summary.empty()) out += "<p>" + html_escape(rule.summary.in(lang)) + "</p>\n";
    std::string facts;
    if (!rule.params.empty()) {
        facts += std::string("<dt>") + (ja ? "値" : "Values") + "</dt><dd>";
        for (std::size_t i = 0; i < rule.params.size(); ++i)
            facts += (i ? "<br>" : "") + html_escape(param_in_words(rule.params[i], lang, &registry, rule.topic));
        facts += "</dd>\n";
    }
    for (const char* field : aspects) {
        const std::string text = field_in_words(field, rule, registry, lang);
        if (text.empty()) continue;
        facts += "<dt>" + html_escape(aspect_label(field, lang)) + "</dt><dd>" + html_escape(text) + "</dd>\n";
        words += " " + text;
    }
    if (!rule.also.empty()) {
        facts += std::string("<dt>") + (ja ? "関連する条" : "See also") + "</dt><dd>";
        for (std::size_t i = 0; i < rule.also.size(); ++i) {
            const auto to = anchors.find(rule.also[i]);
            facts += (i ? ", " : "") +
                     (to == anchors.end() ? html_escape(rule.also[i]) : link("#" + to->second, rule.also[i]));
        }
        facts += "</dd>\n";
    }
    if (!rule.notes.empty())
        facts +=
            std::string("<dt>") + (ja ? "注記" : "Notes") + "</dt><dd>" + html_escape(rule.notes.in(lang)) + "</dd>\n";
    if (!facts.empty()) out += "<dl class=\"facts\">\n" + facts + "</dl>\n";
    return out + "</section>\n";
}

// The links of the header: parent and its diff, children and theirs, comparisons.
std::string links_html(const Library& library, const Rulebook& book, const RulebookLinks& links, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string facts;
    const auto fact = [&](std::string_view label, const std::string& html) {
        facts += "<dt>" + html_escape(label) + "</dt><dd>" + html + "</dd>\n";
    };
    fact(ja ? "ゲーム" : "Game", html_escape(game_name(library, book.game, lang)));
    if (!book.issuer.empty()) fact(ja ? "発行" : "Issued by", html_escape(book.issuer.in(lang)));
    if (!book.effective.empty()) fact(ja ? "施行" : "In force from", html_escape(book.effective));
    if (!book.extends.empty() && library.find(book.extends)) {
        fact(ja ? "元のルールブック" : "Extends", link(rulebook_page(book.extends, lang), book.extends));
        fact(ja ? "元との相違" : "Changes from it", link(diff_page(book.id, lang), book.extends + " → " + book.id));
    }
    if (!links.children.empty()) {
        std::string html;
        for (const Rulebook* child : links.children)
            html += (html.empty() ? "" : "<br>") + link(rulebook_page(child->id, lang), child->id) + " (" +
                    link(diff_page(child->id, lang), ja ? "相違" : "changes") + ")";
        fact(ja ? "これを元にするルールブック" : "Extended by", html);
    }
    if (!links.comparisons.empty()) {
        std::string html;
        for (const auto& [name, title] : links.comparisons)
            html += (html.empty() ? "" : "<br>") + link(compare_page(name, lang), title);
        fact(ja ? "比較例" : "Compared in", html);
    }
    if (!book.notes.empty()) fact(ja ? "注記" : "Notes", html_escape(book.notes.in(lang)));
    return "<dl class=\"facts\">\n" + facts + "</dl>\n";
}

// A chapter of a rulebook's page: its key (what its rules share), its anchor and its heading. Numbered articles
// keep the diff's chapters (Article 6, Appendix A); items numbered in parentheses (kyushu-shogi-2006's "(4)") are
// items, not articles; articles named by subject (csa-computer-shogi's 千日手, 持ち時間) are each their own chapter,
// anchored and headed by the subject as the source writes it, in English with the topic of its first rule.
struct SiteChapter {
    std::string key, anchor, title;
};

SiteChapter site_chapter(const Rule& rule, const Registry& registry, Lang lang) {
    const bool ja = lang == Lang::ja;
    const std::string& article = rule.article;
    const std::string key = diff_layout::article_chapter(article);
    if (!article.empty() && article[0] == '(' && !key.empty())
        return {"(" + key + ")", "item-" + key, ja ? "第" + key + "項" : "Item (" + key + ")"};
    if (key.empty() && !article.empty()) {
        const std::string subject = article.substr(0, article.find(' '));
        return {subject, "section-" + subject,
                ja ? subject : "Section " + subject + " (" + topic_title(registry, rule.topic, lang) + ")"};
    }
    return {key, "chapter-" + key, diff_layout::chapter_title(key, lang)};
}

}  // namespace

std::string rulebook_html(const Library& library, const Rulebook& book, const RulebookLinks& links, Lang lang,
                          std::vector<Entry>& entries) {
    const bool ja = lang == Lang::ja;
    const Registry& registry = library.registry();
    const std::string url = rulebook_page(book.id, lang);
    const std::string title = book.title.in(lang).empty() ? book.id : book.title.in(lang);
    std::string body = nav_bar("rulebook-" + book.id, lang) + "<h1>" + html_escape(title) + " <span class=\"muted\">" +
                       html_escape(book.id) + "</span></h1>\n" + links_html(library, book, links, lang);
    entries.push_back({title + " (" + book.id + ")", url, book.id + " " + game_name(library, book.game, lang)});

    const auto rules = in_article_order(book.rules);
    std::map<std::string, std::string> anchors;  // article -> the first section with it
    for (const Rule* r : rules)
        if (!r->article.empty()) anchors.emplace(r->article, r->topic);
    // The contents: one line per chapter, linking to its first rule.
    std::string contents, chapters;
    std::string chapter = "\x01";
    for (const Rule* r : rules) {
        const SiteChapter c = site_chapter(*r, registry, lang);
        if (c.key != chapter) {
            if (chapter != "\x01") chapters += "</section>\n";
            chapter = c.key;
            contents += "<li>" + link("#" + c.anchor, c.title) + "</li>";
            chapters += "<section class=\"chapter\" id=\"" + html_escape(c.anchor) + "\">\n<h2>" +
                        html_escape(c.title) + "</h2>\n";
        }
        std::string words;
        chapters += rule_html(*r, r->topic, registry, lang, anchors, words);
        entries.push_back(
            {r->article + " " + topic_title(registry, r->topic, lang) + " — " + book.id, url + "#" + r->topic, words});
    }
    if (chapter != "\x01") chapters += "</section>\n";
    // Categories and modes, each with the rules it replaces.
    std::string parts;
    const auto part = [&](const std::string& kind, const std::string& name, const std::string& article,
                          const Text& summary, const RuleMap& own) {
        const std::string id = kind + "-" + name;
        // A mode's name is an id ("arbiter_present"); a Japanese page names it by its summary instead.
        const bool by_summary = kind == "mode" && ja && !summary.ja.empty();
        const std::string heading = kind == "category" ? category_words(name, lang, {&book}) : by_summary ? summary.ja : name;
        contents += "<li>" + link("#" + id, heading) + "</li>";
        parts += "<section class=\"chapter\" id=\"" + html_escape(id) + "\">\n<h2>" +
                 (article.empty() ? "" : "<span class=\"article\">" + html_escape(article) + "</span> ") +
                 html_escape(heading) + "</h2>\n";
        if (!summary.empty() && !by_summary) parts += "<p>" + html_escape(summary.in(lang)) + "</p>\n";
        for (const Rule* r : in_article_order(own)) {
            std::string words;
            parts += rule_html(*r, id + "-" + r->topic, registry, lang, anchors, words);
            entries.push_back(
                {r->article + " " + topic_title(registry, r->topic, lang) + " (" + heading + ") — " + book.id,
                 url + "#" + id + "-" + r->topic, words});
        }
        parts += "</section>\n";
    };
    for (const auto& [name, category] : book.categories)
        part("category", name, category.article, category.summary, category.rules);
    for (const auto& [name, mode] : book.modes) part("mode", name, mode.article, mode.summary, mode.rules);
    body += "<nav class=\"contents\"><h2>" + std::string(ja ? "目次" : "Contents") + "</h2><ul>" + contents +
            "</ul></nav>\n" + chapters + parts;
    return html_page(title, lang, body, rulebook_css);
}

}  // namespace arbiter::report::site
