#include "report/history_report.h"

#include "core/markdown_text.h"

#include "report/diff_layout.h"
#include "report/diff_report.h"
#include "report/html_page.h"
#include "report/rulebook_text.h"
#include "report/rule_words.h"
#include "report/run_words.h"
#include "report/text_table.h"
#include "rulebook/registry.h"

#include <algorithm>
#include <set>

namespace arbiter::report {

using namespace arbiter::rulebook;

namespace {

using core::md_cell;  // words from data in a Markdown cell: shown as written, never as markup

std::string values_words(const Rule& rule, Lang lang) {
    std::string out;
    // In Japanese each value under the registry's words for it (不戦敗となるまでの猶予時間 = 1時間), as `show` prints it.
    if (lang == Lang::ja) {
        for (const Param& p : rule.params)
            out += (out.empty() ? "" : "、") + param_in_words(p, lang, &Registry::bundled(), rule.topic);
        return out;
    }
    for (const Param& p : rule.params)
        out += (out.empty()        ? ""
                : lang == Lang::ja ? "、"
                                   : "; ") +
               p.name + " = " + written_value_words(p.value.text, lang) +
               (p.event_may_set ? (lang == Lang::ja ? "（大会が変更可）" : " (the event may set it)") : "");
    return out;
}

// What an edition rules: its summary, then its values.
std::string rules_words(const HistoryEdition& e, Lang lang) {
    if (!e.rule) return no_rule_words(lang);
    const std::string values = values_words(*e.rule, lang);
    return e.rule->summary.in(lang) + (values.empty() ? "" : (lang == Lang::ja ? "　値：" : " Values: ") + values);
}

// What the edition's categories (rapid, blitz) rule on the topic instead, one line each: the committee's question
// "how does the 2023 rapid penalty differ from 2009's?" is answered beside the standard rule.
std::vector<std::string> category_rules_words(const HistoryEdition& e, const std::string& topic, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::vector<std::string> out;
    for (const auto& [name, category] : e.book->categories) {
        const auto it = category.rules.find(topic);
        if (it == category.rules.end()) continue;
        const Rule& r = it->second;
        const std::string values = values_words(r, lang);
        const std::string head =
            ja ? category_words(name, category.title, lang) + "（" + r.article + "条）："
               : "in " + name + " (" + r.article + "): ";
        out.push_back(head +
                      r.summary.in(lang) + (values.empty() ? "" : (ja ? "　値：" : " Values: ") + values));
    }
    return out;
}

// `books`: the edition and the one before it, whose categories name the change's category.
std::string change_words(const HistoryChange& c, Lang lang, const std::string& topic,
                         const std::vector<const rulebook::Rulebook*>& books) {
    const bool ja = lang == Lang::ja;
    if (c.field == "presence")
        return c.after.empty() ? (ja ? "規定が削除された" : "the rule was removed")
                               : (ja ? "規定が新設された" : "the rule was added");
    if (c.field.rfind("category.", 0) == 0) {  // category.<name> or category.<name>.<param>
        const std::string rest = c.field.substr(9);
        const auto dot = rest.find('.');
        const std::string name = rest.substr(0, dot);
        const std::string where = ja ? category_words(name, lang, books) + "では" : "in " + name + ": ";
        if (dot == std::string::npos)
            return where + (c.after.empty() ? (ja ? "規定が削除された" : "the rule was removed")
                                            : (ja ? "規定が新設された" : "the rule was added"));
        const std::string what = rest.substr(dot + 1);
        if (what == "@article")
            return where + (ja ? "条：" : "article: ") + c.before + " → " + c.after;
        return where + diff_field_label("params." + what, lang, &Registry::bundled(), topic) + (ja ? "：" : ": ") +
               (c.before.empty() ? none_words(lang) : c.before) + " → " +
               (c.after.empty() ? none_words(lang) : c.after);
    }
    const std::string label = diff_field_label(c.field, lang, &Registry::bundled(), topic);
    // Values and numbers are short enough to show both; a longer aspect is shown in full in "what it rules".
    if (c.field == "article" || c.field == "also" || c.field.rfind("params.", 0) == 0)
        return label + (ja ? "：" : ": ") + (c.before.empty() ? none_words(lang) : c.before) + " → " +
               (c.after.empty() ? none_words(lang) : c.after);
    // A long aspect (a rule's cases, a claim's conditions) written out in full would bury the page a committee reads
    // in the engine's words: the summary in "what it rules" says it, the JSON keeps both sides whole.
    constexpr std::size_t long_words = 200;
    if (c.before.size() > long_words || c.after.size() > long_words)
        return label + (ja ? "が変わった（規定欄を参照）" : " changed (see what it rules)");
    // An aspect the new edition no longer has is named with what it was ("the draw exception is gone").
    if (c.after.empty() && !c.before.empty())
        return label + (ja ? "がなくなった（以前：" + c.before + "）" : " removed (before: " + c.before + ")");
    return label + (ja ? "が変わった：" : " changed, now: ") + (c.after.empty() ? none_words(lang) : c.after);
}

// "What changed" of one edition in words.
std::string changed_words(const History& h, std::size_t i, const HistoryEdition& e, Lang lang) {
    const bool ja = lang == Lang::ja;
    if (e.first) return ja ? "（比較の起点）" : "(first edition compared)";
    const std::string since = h.books[i - 1]->id;
    if (!e.changed) return ja ? since + "と同じ" : "as in " + since;
    std::string out = ja ? since + "から：" : "from " + since + ": ";
    std::string list;
    const std::string topic = e.rule ? e.rule->topic : std::string();
    for (const HistoryChange& c : e.changes)
        list += (list.empty() ? "" : ja ? "。" : "; ") + change_words(c, lang, topic, {e.book, h.books[i - 1]});
    if (list.empty()) list = ja ? "同じ規則を書き直した" : "restated unchanged";
    return out + list;
}

std::string edition_label(const Rulebook& b, Lang lang) {
    return b.id + (b.effective.empty() ? ""
                                       : (lang == Lang::ja ? "（施行 " : " (in force ") + b.effective +
                                             (lang == Lang::ja ? "）" : ")"));
}

std::string title_words(const History& h, Lang lang) {
    std::string ids;
    for (const Rulebook* b : h.books) ids += (ids.empty() ? "" : ", ") + b->id;
    return (lang == Lang::ja ? "規則の変遷: " : "History of ") + h.asked +
           (lang == Lang::ja ? "（" + ids + "）" : " (" + ids + ")");
}

// The category lines after the standard rule, in a Markdown cell (each after `separator`) or as HTML paragraphs.
std::string category_cells(const HistoryEdition& e, const std::string& topic, Lang lang, const std::string& separator) {
    std::string out;
    for (const std::string& c : category_rules_words(e, topic, lang)) out += separator + md_cell(c);
    return out;
}

std::string category_html(const HistoryEdition& e, const std::string& topic, Lang lang) {
    std::string out;
    for (const std::string& c : category_rules_words(e, topic, lang))
        out += "<br><span class=\"category\">" + html_escape(c) + "</span>";
    return out;
}

// What a category (rapid, blitz) of `now` rules on the topic that `before`'s did not, or the other way round, and the
// values that differ: changes named "category.<name>" and "category.<name>.<param>".
void compare_categories(const Rulebook& before, const Rulebook& now, const std::string& topic, HistoryEdition& e,
                        Lang lang) {
    std::set<std::string> names;
    for (const Rulebook* b : {&before, &now})
        for (const auto& [name, category] : b->categories) names.insert(name);
    const auto rule_in = [&](const Rulebook& b, const std::string& name) -> const Rule* {
        const auto c = b.categories.find(name);
        if (c == b.categories.end()) return nullptr;
        const auto r = c->second.rules.find(topic);
        return r == c->second.rules.end() ? nullptr : &r->second;
    };
    for (const std::string& name : names) {
        const Rule* a = rule_in(before, name);
        const Rule* b = rule_in(now, name);
        if (!a && !b) continue;
        std::vector<HistoryChange> found;
        if (!a || !b) {
            found.push_back({"category." + name, a ? "present" : "", b ? "present" : ""});
        } else {
            // A category rule renumbered (2014 A.4d, 2018 A.4.4, 2023 A.5.4) says so, as the main rule's article does.
            if (a->article != b->article) found.push_back({"category." + name + ".@article", a->article, b->article});
            std::set<std::string> params;
            for (const Rule* r : {a, b})
                for (const Param& p : r->params) params.insert(p.name);
            for (const std::string& name_of_param : params) {
                const Param* pa = a->param(name_of_param);
                const Param* pb = b->param(name_of_param);
                const std::string va = pa ? written_value_words(pa->value.text, lang) : "";
                const std::string vb = pb ? written_value_words(pb->value.text, lang) : "";
                if (va != vb) found.push_back({"category." + name + "." + name_of_param, va, vb});
            }
        }
        if (found.empty()) continue;
        const bool renumbered = found.size() == 1 && found[0].field.ends_with(".@article");
        if (!e.changed) e.weight = renumbered ? DiffWeight::article_number : DiffWeight::substantive;
        e.changed = true;
        e.changes.insert(e.changes.end(), found.begin(), found.end());
    }
    std::stable_partition(e.changes.begin(), e.changes.end(), [](const HistoryChange& c) { return c.field != "also"; });
}

}  // namespace

std::vector<std::string> history_topics(const std::string& asked, const std::vector<const Rulebook*>& books) {
    std::set<std::string> topics;
    // A topic that only a category rules on (the rapid appendix's illegal position) has a history of its categories.
    auto in_category = [&](const Rulebook* b) {
        for (const auto& [name, category] : b->categories)
            if (category.rules.contains(asked)) return true;
        return false;
    };
    for (const Rulebook* b : books)
        if (b->rule(asked) || in_category(b)) return {asked};
    for (const Rulebook* b : books)
        for (const auto& [topic, rule] : b->rules)
            if (topic.rfind(asked + ".", 0) == 0) topics.insert(topic);
    if (topics.empty())
        for (const Rulebook* b : books)
            for (const auto& [topic, rule] : b->rules)
                if (!rule.article.empty() && diff_layout::article_chapter(rule.article) == asked) topics.insert(topic);
    // In article order of the first rulebook that has each.
    std::vector<std::string> out(topics.begin(), topics.end());
    auto article_of = [&](const std::string& t) {
        for (const Rulebook* b : books)
            if (const Rule* r = b->rule(t)) return r->article;
        return std::string();
    };
    std::stable_sort(out.begin(), out.end(), [&](const std::string& a, const std::string& b) {
        return diff_layout::article_before(article_of(a), article_of(b));
    });
    return out;
}

std::vector<std::string> history_candidates(const std::vector<const Rulebook*>& books) {
    std::set<std::string> names;
    for (const Rulebook* b : books)
        for (const auto& [topic, rule] : b->rules) {
            names.insert(topic);
            if (const auto dot = topic.find('.'); dot != std::string::npos) names.insert(topic.substr(0, dot));
            if (!rule.article.empty()) names.insert(diff_layout::article_chapter(rule.article));
        }
    for (const Rulebook* b : books)
        for (const auto& [name, category] : b->categories)
            for (const auto& [topic, rule] : category.rules) names.insert(topic);
    return {names.begin(), names.end()};
}

History rule_history(const std::string& asked, const std::vector<const Rulebook*>& books, const Registry& registry,
                     Lang lang) {
    History h{asked, books, {}};
    const auto topics = history_topics(asked, books);
    // Consecutive pairs compared once for all topics.
    std::vector<RulebookDiff> pairs;
    for (std::size_t i = 1; i < books.size(); ++i) pairs.push_back(diff_rulebooks({books[i - 1], books[i]}));
    for (const std::string& topic : topics) {
        TopicHistory th{topic, {}};
        for (std::size_t i = 0; i < books.size(); ++i) {
            HistoryEdition e;
            e.book = books[i];
            e.rule = books[i]->rule(topic);
            e.first = i == 0;
            if (i > 0) {
                for (const TopicDiff& t : pairs[i - 1].topics) {
                    if (t.topic != topic) continue;
                    e.changed = true;
                    e.weight = weight_of(t);
                    if (t.presence_differs) {
                        e.changes.push_back(
                            {"presence", t.sides[0].rule ? "present" : "", t.sides[1].rule ? "present" : ""});
                        break;
                    }
                    // A value as written ("1h" -> "0s"); the other aspects in full words. Cross-references last.
                    for (const FieldDiff& f : t.fields) {
                        auto words = [&](const TopicSide& s) -> std::string {
                            if (!s.rule) return "";
                            if (f.field.rfind("params.", 0) == 0) {
                                const Param* p = s.rule->param(f.field.substr(7));
                                return p ? written_value_words(p->value.text, lang) : "";
                            }
                            return field_in_words(f.field, *s.rule, registry, lang);
                        };
                        e.changes.push_back({f.field, words(t.sides[0]), words(t.sides[1])});
                    }
                    std::stable_partition(e.changes.begin(), e.changes.end(),
                                          [](const HistoryChange& c) { return c.field != "also"; });
                }
            }
            if (i > 0) compare_categories(*books[i - 1], *books[i], topic, e, lang);
            th.editions.push_back(std::move(e));
        }
        h.topics.push_back(std::move(th));
    }
    return h;
}

std::string history_text(const History& h, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string out = title_words(h, lang) + "\n";
    for (const TopicHistory& t : h.topics) {
        out += "\n== " + t.topic + "\n";
        for (std::size_t i = 0; i < t.editions.size(); ++i) {
            const HistoryEdition& e = t.editions[i];
            out += "\n" + edition_label(*e.book, lang) + "  " +
                   (e.rule ? (ja ? e.rule->article + "条" : "article " + e.rule->article) : "-") + "\n";
            for (const auto& line : wrap((ja ? "規定：" : "rules: ") + rules_words(e, lang), 76))
                out += "    " + line + "\n";
            for (const std::string& c : category_rules_words(e, t.topic, lang))
                for (const auto& line : wrap(c, 76)) out += "    " + line + "\n";
            for (const auto& line : wrap((ja ? "変更：" : "changed: ") + changed_words(h, i, e, lang), 76))
                out += "    " + line + "\n";
        }
    }
    if (h.topics.empty()) out += ja ? "\n該当する規定なし\n" : "\nno rule on it\n";
    return terminal_safe(out);
}

std::string history_markdown(const History& h, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string out = "# " + title_words(h, lang) + "\n";
    for (const TopicHistory& t : h.topics) {
        out += "\n## " + t.topic + "\n\n| " + std::string(ja ? "版・条" : "edition, article") + " | " +
               (ja ? "規定" : "what it rules") + " | " + (ja ? "前の版からの変更" : "what changed") +
               " |\n|---|---|---|\n";
        for (std::size_t i = 0; i < t.editions.size(); ++i) {
            const HistoryEdition& e = t.editions[i];
            out += "| " + md_cell(edition_label(*e.book, lang) + " " + (e.rule ? e.rule->article : "-")) + " | " +
                   md_cell(rules_words(e, lang)) + category_cells(e, t.topic, lang, " <br> ") + " | " +
                   md_cell(changed_words(h, i, e, lang)) + " |\n";
        }
    }
    return terminal_safe(out);
}

// Printable: one table per topic, fixed widths (edition 20%, what it rules 45%, what changed 35%), A4, the header
// row repeated on each page (the shared stylesheet).
std::string history_html(const History& h, Lang lang) {
    const bool ja = lang == Lang::ja;
    const std::string title = title_words(h, lang);
    std::string body = "<h1>" + html_escape(title) + "</h1>\n";
    for (const TopicHistory& t : h.topics) {
        body += "<section id=\"" + html_escape(t.topic) + "\">\n<h2>" + html_escape(t.topic) +
                "</h2>\n<table class=\"fixed\">\n"
                "<colgroup><col style=\"width:20%\"><col style=\"width:45%\"><col "
                "style=\"width:35%\"></colgroup>\n<thead><tr><th>" +
                html_escape(ja ? "版・条" : "edition, article") + "</th><th>" +
                html_escape(ja ? "規定" : "what it rules") + "</th><th>" +
                html_escape(ja ? "前の版からの変更" : "what changed") + "</th></tr></thead>\n<tbody>\n";
        for (std::size_t i = 0; i < t.editions.size(); ++i) {
            const HistoryEdition& e = t.editions[i];
            body += std::string("<tr") +
                    (e.changed && e.weight == DiffWeight::substantive ? " class=\"changed\"" : "") + "><td>" +
                    html_escape(edition_label(*e.book, lang)) + "<br><span class=\"article\">" +
                    html_escape(e.rule ? e.rule->article : "-") + "</span></td><td" +
                    (e.rule ? "" : " class=\"absent\"") + ">" + html_escape(rules_words(e, lang)) +
                    category_html(e, t.topic, lang) + "</td><td>" +
                    html_escape(changed_words(h, i, e, lang)) + "</td></tr>\n";
        }
        body += "</tbody>\n</table>\n</section>\n";
    }
    return html_page(title, lang, body, "table.fixed { table-layout: fixed; }\n");
}

nlohmann::json history_json(const History& h, Lang lang) {
    static const char* weights[] = {"substantive", "cross_references", "article_number", "restated"};
    nlohmann::json out = {
        {"asked", h.asked}, {"rulebooks", nlohmann::json::array()}, {"topics", nlohmann::json::array()}};
    for (const Rulebook* b : h.books)
        out["rulebooks"].push_back(
            {{"id", b->id}, {"title", {{"en", b->title.en}, {"ja", b->title.ja}}}, {"effective", b->effective}});
    for (const TopicHistory& t : h.topics) {
        nlohmann::json topic = {{"topic", t.topic}, {"editions", nlohmann::json::array()}};
        for (const HistoryEdition& e : t.editions) {
            nlohmann::json values = nlohmann::json::object();
            if (e.rule)
                for (const Param& p : e.rule->params) values[p.name] = p.value.text;
            nlohmann::json ed = {
                {"id", e.book->id},
                {"present", e.rule != nullptr},
                {"article", e.rule ? nlohmann::json(e.rule->article) : nlohmann::json(nullptr)},
                {"summary", e.rule ? nlohmann::json({{"en", e.rule->summary.en}, {"ja", e.rule->summary.ja}})
                                   : nlohmann::json(nullptr)},
                {"values", values},
                {"changed", e.first ? nlohmann::json(nullptr) : nlohmann::json(e.changed)},
                {"weight", e.changed ? nlohmann::json(weights[static_cast<int>(e.weight)]) : nlohmann::json(nullptr)},
                {"changes", nlohmann::json::array()}};
            for (const HistoryChange& c : e.changes)
                ed["changes"].push_back({{"field", c.field}, {"before", c.before}, {"after", c.after}});
            ed["categories"] = nlohmann::json::object();  // what a category (rapid, blitz) rules instead
            for (const auto& [name, category] : e.book->categories)
                if (const auto it = category.rules.find(t.topic); it != category.rules.end()) {
                    nlohmann::json cv = nlohmann::json::object();
                    for (const Param& p : it->second.params) cv[p.name] = p.value.text;
                    const Rule& r = it->second;
                    ed["categories"][name] = {{"article", r.article},
                                              {"summary", {{"en", r.summary.en}, {"ja", r.summary.ja}}},
                                              {"values", cv}};
                }
            topic["editions"].push_back(ed);
        }
        out["topics"].push_back(topic);
    }
    (void)lang;
    return out;
}

}  // namespace arbiter::report
