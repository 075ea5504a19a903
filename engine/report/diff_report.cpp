#include "report/diff_report.h"

#include "report/html_page.h"
#include "report/text_table.h"

#include <algorithm>
#include <cctype>

namespace arbiter::report {

using namespace arbiter::rulebook;

std::string diff_field_label(const std::string& field, Lang lang) {
    if (lang == Lang::en) return field;
    static const std::pair<const char*, const char*> names[] = {
        {"article", "条"}, {"also", "関連条"}, {"effects", "効果"}, {"cases", "場合"}, {"ladder", "段階"},
        {"discretion", "裁量"}, {"hook", "計算式"}, {"restore", "復元"}, {"claim", "申し立て"}};
    for (const auto& [en, ja] : names)
        if (field == en) return ja;
    if (field.rfind("params.", 0) == 0) return "パラメータ " + field.substr(7);
    return field;
}

namespace {

std::string field_label(const std::string& field, Lang lang) { return diff_field_label(field, lang); }

// Headings in bold, added after terminal_safe (which would write the escapes visibly) and only to lines the report
// itself shapes: section lines ("== ...", "-- ...") and a table's header (the line above its rule of dashes).
std::string embolden_headings(const std::string& text) {
    std::vector<std::string> lines;
    for (std::size_t at = 0; at < text.size();) {
        const auto end = text.find('\n', at);
        lines.push_back(text.substr(at, end == std::string::npos ? std::string::npos : end - at));
        at = end == std::string::npos ? text.size() : end + 1;
    }
    auto is_rule = [](const std::string& line) {
        return !line.empty() && line.find_first_not_of("- ") == std::string::npos && line[0] == '-' && line.size() > 2 &&
               line.rfind("-- ", 0) != 0;
    };
    std::string out;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const bool heading = lines[i].rfind("== ", 0) == 0 || lines[i].rfind("-- ", 0) == 0 ||
                             (i + 1 < lines.size() && is_rule(lines[i + 1]) && !lines[i].empty());
        out += heading ? "\x1b[1m" + lines[i] + "\x1b[0m" : lines[i];
        if (i + 1 < lines.size() || (!text.empty() && text.back() == '\n')) out += '\n';
    }
    return out;
}

// "fide-2009 (changed)", "fide-2009 (inherited from fide-2001)" ...
std::string side_status(const RulebookDiff& diff, std::size_t i, const TopicSide& side, Lang lang) {
    const bool ja = lang == Lang::ja;
    if (!side.rule) {
        if (side.in_child == "removed") return ja ? "子で削除" : "removed in " + diff.books[i]->id;
        return ja ? "規定なし" : "no rule";
    }
    std::string out;
    if (side.in_child == "changed") out = ja ? "子で変更" : "changed in " + diff.books[i]->id;
    else if (side.in_child == "added") out = ja ? "子で追加" : "added in " + diff.books[i]->id;
    else if (side.in_child == "inherited") out = ja ? side.written_in + "から継承" : "inherited from " + side.written_in;
    else out = side.written_in == diff.books[i]->id ? (ja ? "独自" : "own") : (ja ? side.written_in + "から継承" : "inherited from " + side.written_in);
    return out;
}

std::string relation_words(const RulebookDiff& diff, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string out;
    for (std::size_t i = 0; i < diff.books.size(); ++i)
        if (diff.parent[i])
            out += (out.empty() ? "" : "; ") + diff.books[i]->id + (ja ? " は " : " extends ") + diff.books[*diff.parent[i]]->id +
                   (ja ? " を継承" : "");
    if (out.empty()) out = ja ? "継承関係なし（トピックで対応づけ）" : "not linked by extends (aligned by topic)";
    return out;
}

std::string md_cell(const std::string& s) {
    std::string out;
    for (char c : s) out += c == '|' ? std::string("\\|") : c == '\n' ? std::string(" ") : std::string(1, c);
    return out.empty() ? std::string(" ") : out;
}

enum class PartKind { category, mode };

// "category rapid", "方式 individual".
std::string part_heading(PartKind kind, const std::string& name, Lang lang) {
    if (lang == Lang::ja) return std::string(kind == PartKind::category ? "種別 " : "方式 ") + name;
    return std::string(kind == PartKind::category ? "category " : "mode ") + name;
}

// The status cell of a topic: the rule's origin, and within a category or mode whether its own rule or the
// rulebook's base rule applies there.
std::string status_cell(const RulebookDiff& diff, std::size_t i, const TopicSide& side, const PartDiff* part, PartKind kind, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string out = side_status(diff, i, side, lang);
    if (!part) return out;
    if (!part->present[i]) out = std::string(ja ? (kind == PartKind::category ? "この種別なし" : "この方式なし") : (kind == PartKind::category ? "no such category" : "no such mode")) +
                                (ja ? "、" : "; ") + out;
    if (side.base && side.rule) out += ja ? "、基本規則を適用" : "; the base rule applies";
    return out;
}

// "B1 (own)", "- (removed in fide-2009)", "(1)".
std::string part_article(const RulebookDiff& diff, const PartDiff& part, std::size_t i, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string out = part.present[i] ? (part.articles[i].empty() ? std::string("(no article)") : part.articles[i]) : std::string("-");
    const std::string& c = part.in_child[i];
    if (c == "removed") out += ja ? "（子で削除）" : " (removed in " + diff.books[i]->id + ")";
    else if (c == "added") out += ja ? "（子で追加）" : " (added in " + diff.books[i]->id + ")";
    else if (c == "changed") out += ja ? "（子で変更）" : " (changed in " + diff.books[i]->id + ")";
    else if (c == "inherited") out += ja ? "（継承）" : " (inherited)";
    return out;
}

std::string count_words(std::size_t differ, int same, Lang lang) {
    return lang == Lang::ja ? "相違のあるトピック " + std::to_string(differ) + "、同一 " + std::to_string(same)
                            : std::to_string(differ) + " topics differ, " + std::to_string(same) + " the same";
}

// One topic as an aligned table.
std::string topic_text(const RulebookDiff& diff, const TopicDiff& t, const PartDiff* part, PartKind kind, Lang lang,
                       const TextStyle& style) {
    const bool ja = lang == Lang::ja;
    std::vector<std::string> header = {t.topic};
    for (const Rulebook* b : diff.books) header.push_back(b->id);
    TextTable table(header);
    std::vector<std::string> status = {ja ? "状態" : "status"};
    for (std::size_t i = 0; i < diff.books.size(); ++i) status.push_back(status_cell(diff, i, t.sides[i], part, kind, lang));
    table.add_row(status);
    for (const FieldDiff& f : t.fields) {
        std::vector<std::string> row = {field_label(f.field, lang)};
        for (const auto& v : f.values) row.push_back(v.empty() ? "(none)" : v);
        table.add_row(row);
    }
    std::vector<std::string> summary = {ja ? "要旨" : "summary"};
    for (const auto& side : t.sides) summary.push_back(side.rule ? side.rule->summary.in(lang) : "-");
    table.add_row(summary);
    return table.render_to_width(style.width);
}

// One topic as a Markdown table under a heading of `level`.
std::string topic_markdown(const RulebookDiff& diff, const TopicDiff& t, const PartDiff* part, PartKind kind, Lang lang,
                           const std::string& level) {
    const bool ja = lang == Lang::ja;
    std::string out = "\n" + level + " " + t.topic + "\n\n|  |";
    for (const Rulebook* b : diff.books) out += " " + b->id + " |";
    out += "\n|---|";
    for (std::size_t i = 0; i < diff.books.size(); ++i) out += "---|";
    out += "\n| " + std::string(ja ? "状態" : "status") + " |";
    for (std::size_t i = 0; i < diff.books.size(); ++i) out += " " + md_cell(status_cell(diff, i, t.sides[i], part, kind, lang)) + " |";
    out += "\n";
    for (const FieldDiff& f : t.fields) {
        out += "| " + md_cell(field_label(f.field, lang)) + " |";
        for (const auto& v : f.values) out += " " + md_cell(v.empty() ? "(none)" : v) + " |";
        out += "\n";
    }
    out += "| " + std::string(ja ? "要旨" : "summary") + " |";
    for (const auto& side : t.sides) out += " " + md_cell(side.rule ? side.rule->summary.in(lang) : "-") + " |";
    return out + "\n";
}

nlohmann::json topic_json(const RulebookDiff& diff, const TopicDiff& t, bool in_part) {
    nlohmann::json topic = {{"topic", t.topic}, {"presence_differs", t.presence_differs}};
    topic["rulebooks"] = nlohmann::json::array();
    for (std::size_t i = 0; i < diff.books.size(); ++i) {
        const TopicSide& s = t.sides[i];
        nlohmann::json side = {{"id", diff.books[i]->id},
                               {"present", s.rule != nullptr},
                               {"article", s.rule ? nlohmann::json(s.rule->article) : nlohmann::json(nullptr)},
                               {"written_in", s.rule ? nlohmann::json(s.written_in) : nlohmann::json(nullptr)},
                               {"in_child", s.in_child.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.in_child)},
                               {"summary", s.rule ? nlohmann::json({{"en", s.rule->summary.en}, {"ja", s.rule->summary.ja}})
                                                  : nlohmann::json(nullptr)}};
        if (in_part) side["base"] = s.base;
        topic["rulebooks"].push_back(side);
    }
    topic["differences"] = nlohmann::json::array();
    for (const FieldDiff& f : t.fields) topic["differences"].push_back({{"field", f.field}, {"values", f.values}});
    return topic;
}

nlohmann::json part_json(const RulebookDiff& diff, const PartDiff& part) {
    nlohmann::json out = {{"name", part.name}, {"articles", part.articles}, {"same", part.same}};
    out["rulebooks"] = nlohmann::json::array();
    for (std::size_t i = 0; i < diff.books.size(); ++i)
        out["rulebooks"].push_back({{"id", diff.books[i]->id},
                                    {"present", bool(part.present[i])},
                                    {"article", part.present[i] ? nlohmann::json(part.articles[i]) : nlohmann::json(nullptr)},
                                    {"in_child", part.in_child[i].empty() ? nlohmann::json(nullptr) : nlohmann::json(part.in_child[i])}});
    out["topics"] = nlohmann::json::array();
    for (const TopicDiff& t : part.topics) out["topics"].push_back(topic_json(diff, t, true));
    return out;
}

std::string head_row(const RulebookDiff& diff) {
    std::string h = "<thead><tr><th></th>";
    for (const Rulebook* b : diff.books) h += "<th>" + html_escape(b->id) + "</th>";
    return h + "</tr></thead>\n";
}

// One topic as a <section> with a table, headed at `level` (h2, h3); `id` is the anchor.
std::string topic_html(const RulebookDiff& diff, const TopicDiff& t, const PartDiff* part, PartKind kind, Lang lang,
                       const std::string& level, const std::string& id) {
    const bool ja = lang == Lang::ja;
    std::string body = "<section class=\"item\" id=\"" + html_escape(id) + "\">\n<" + level + ">" + html_escape(t.topic) + "</" + level +
                       ">\n<table>\n" + head_row(diff) + "<tbody>\n";
    body += "<tr><th>" + html_escape(ja ? "状態" : "status") + "</th>";
    for (std::size_t i = 0; i < diff.books.size(); ++i) {
        const TopicSide& s = t.sides[i];
        const char* cls = !s.rule ? "absent" : (s.in_child == "changed" || s.in_child == "added") ? "changed" : "";
        body += std::string("<td class=\"") + cls + "\">" + html_escape(status_cell(diff, i, s, part, kind, lang)) + "</td>";
    }
    body += "</tr>\n";
    for (const FieldDiff& f : t.fields) {
        body += "<tr><th>" + html_escape(field_label(f.field, lang)) + "</th>";
        for (const auto& v : f.values)
            body += std::string("<td") + (v == "-" ? " class=\"absent\"" : "") + ">" + html_escape(v.empty() ? "(none)" : v) + "</td>";
        body += "</tr>\n";
    }
    body += "<tr><th>" + html_escape(ja ? "要旨" : "summary") + "</th>";
    for (const auto& s : t.sides) body += "<td class=\"muted\">" + html_escape(s.rule ? s.rule->summary.in(lang) : "-") + "</td>";
    return body + "</tr>\n</tbody>\n</table>\n</section>\n";
}

// The categories and modes, after the base topics, in each format.
std::string parts_text(const RulebookDiff& diff, const std::vector<PartDiff>& parts, PartKind kind, Lang lang,
                       const TextStyle& style) {
    std::string out;
    for (const PartDiff& part : parts) {
        std::string heading = "== " + part_heading(kind, part.name, lang) + ":";
        for (std::size_t i = 0; i < diff.books.size(); ++i) heading += (i ? "; " : " ") + diff.books[i]->id + " " + part_article(diff, part, i, lang);
        std::string wrapped;  // the heading may be wider than the text (three rulebooks' articles)
        for (const auto& line : wrap(heading, style.width)) wrapped += (wrapped.empty() ? "" : "\n   ") + line;
        out += "\n" + wrapped + "\n" + count_words(part.topics.size(), part.same, lang) + "\n";
        for (const TopicDiff& t : part.topics) out += "\n" + topic_text(diff, t, &part, kind, lang, style);
    }
    return out;
}

std::string parts_markdown(const RulebookDiff& diff, const std::vector<PartDiff>& parts, PartKind kind, Lang lang) {
    std::string out;
    for (const PartDiff& part : parts) {
        out += "\n## " + part_heading(kind, part.name, lang) + "\n\n|  |";
        for (const Rulebook* b : diff.books) out += " " + b->id + " |";
        out += "\n|---|";
        for (std::size_t i = 0; i < diff.books.size(); ++i) out += "---|";
        out += "\n| " + std::string(lang == Lang::ja ? "条" : "article") + " |";
        for (std::size_t i = 0; i < diff.books.size(); ++i) out += " " + md_cell(part_article(diff, part, i, lang)) + " |";
        out += "\n\n" + count_words(part.topics.size(), part.same, lang) + (lang == Lang::ja ? "。\n" : ".\n");
        for (const TopicDiff& t : part.topics) out += topic_markdown(diff, t, &part, kind, lang, "###");
    }
    return out;
}

std::string parts_html(const RulebookDiff& diff, const std::vector<PartDiff>& parts, PartKind kind, Lang lang) {
    std::string body;
    const std::string prefix = kind == PartKind::category ? "category-" : "mode-";
    for (const PartDiff& part : parts) {
        body += "<section id=\"" + html_escape(prefix + part.name) + "\">\n<h2>" + html_escape(part_heading(kind, part.name, lang)) +
                "</h2>\n<table>\n" + head_row(diff) + "<tbody>\n<tr><th>" + html_escape(lang == Lang::ja ? "条" : "article") + "</th>";
        for (std::size_t i = 0; i < diff.books.size(); ++i)
            body += std::string("<td") + (part.present[i] ? "" : " class=\"absent\"") + ">" + html_escape(part_article(diff, part, i, lang)) + "</td>";
        body += "</tr>\n</tbody>\n</table>\n<p class=\"muted\">" + html_escape(count_words(part.topics.size(), part.same, lang)) + "</p>\n";
        for (const TopicDiff& t : part.topics) body += topic_html(diff, t, &part, kind, lang, "h3", prefix + part.name + "." + t.topic);
        body += "</section>\n";
    }
    return body;
}

}  // namespace

namespace {

// The article that places a topic: the first rulebook's that has a rule on it ("" when none has an article).
std::string placing_article(const TopicDiff& t) {
    for (const TopicSide& side : t.sides)
        if (side.rule && !side.rule->article.empty()) return side.rule->article;
    return "";
}

// The chapter an article belongs to: an appendix's letters ("A" for "A1a", "B" for "B.1"), else the first run of
// digits ("6" for "6.6a", "1" for "(1)"); "" for none.
std::string chapter_of(const std::string& article) {
    std::size_t letters = 0;
    while (letters < article.size() && std::isupper(static_cast<unsigned char>(article[letters]))) ++letters;
    if (letters > 0) return article.substr(0, letters);
    const auto first = article.find_first_of("0123456789");
    if (first == std::string::npos) return "";
    const auto end = article.find_first_not_of("0123456789", first);
    return article.substr(first, end == std::string::npos ? std::string::npos : end - first);
}

// Article order: runs of digits compared as numbers ("6.9" < "6.10" < "10.1"), other characters as bytes.
bool article_less(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    auto digit = [](char c) { return c >= '0' && c <= '9'; };
    while (i < a.size() && j < b.size()) {
        if (digit(a[i]) && digit(b[j])) {
            std::size_t ie = i, je = j;
            while (ie < a.size() && digit(a[ie])) ++ie;
            while (je < b.size() && digit(b[je])) ++je;
            const std::string x = a.substr(i, ie - i), y = b.substr(j, je - j);
            const std::string xs = x.substr(std::min(x.find_first_not_of('0'), x.size() - 1));
            const std::string ys = y.substr(std::min(y.find_first_not_of('0'), y.size() - 1));
            if (xs.size() != ys.size()) return xs.size() < ys.size();
            if (xs != ys) return xs < ys;
            i = ie;
            j = je;
        } else {
            if (a[i] != b[j]) return a[i] < b[j];
            ++i;
            ++j;
        }
    }
    return a.size() - i < b.size() - j;
}

// "6.7 | 6.6a: differs in params.default_time, effects", "- | 12.3b: only in fide-2009".
std::string gist(const RulebookDiff& diff, const TopicDiff& t, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string articles;
    for (std::size_t i = 0; i < t.sides.size(); ++i)
        articles += (i ? " | " : "") + (t.sides[i].rule ? (t.sides[i].rule->article.empty() ? "?" : t.sides[i].rule->article) : "-");
    if (t.presence_differs) {
        std::string with;
        for (std::size_t i = 0; i < t.sides.size(); ++i)
            if (t.sides[i].rule) with += (with.empty() ? "" : ", ") + diff.books[i]->id;
        return articles + (ja ? ": 規定があるのは " + with + " のみ" : ": only in " + with);
    }
    std::string fields;
    for (const FieldDiff& f : t.fields)
        if (f.field != "article") fields += (fields.empty() ? "" : ", ") + diff_field_label(f.field, lang);
    if (fields.empty()) return articles + (ja ? ": 条番号のみ相違" : ": article number only");
    return articles + (ja ? ": 相違 " : ": differs in ") + fields;
}

// One line cut to `width` display columns, ending in "…" where cut.
std::string fit_line(const std::string& line, int width) {
    if (display_width(line) <= width) return line;
    const auto lines = wrap(line, std::max(width - 1, 1));
    return lines.empty() ? std::string() : lines.front() + "…";
}

std::string diff_overview_unescaped(const RulebookDiff& diff, Lang lang, const TextStyle& style) {
    const bool ja = lang == Lang::ja;
    std::string out;
    for (const Rulebook* b : diff.books) out += fit_line(b->id + "  " + b->title.in(lang), style.width) + "\n";
    out += (ja ? "関係: " : "relation: ") + relation_words(diff, lang) + "\n";
    out += count_words(diff.topics.size(), diff.same, lang) + "\n";
    out += std::string("\n") + (ja ? "== 概要（章ごと、条の順）" : "== Overview (by chapter, in article order)") + "\n";
    std::string chapter = "\x01";  // no chapter yet
    for (const TopicDiff* t : topics_in_article_order(diff)) {
        const std::string here = chapter_of(placing_article(*t));
        if (here != chapter) {
            chapter = here;
            const bool appendix = !here.empty() && std::isupper(static_cast<unsigned char>(here[0]));
            if (here.empty()) out += ja ? "-- 条なし\n" : "-- No article\n";
            else if (appendix) out += ja ? "-- 付則 " + here + "\n" : "-- Appendix " + here + "\n";
            else out += ja ? "-- 第" + here + "条\n" : "-- Article " + here + "\n";
        }
        out += fit_line("  " + t->topic + "  " + gist(diff, *t, lang), style.width) + "\n";
    }
    for (const auto* parts : {&diff.categories, &diff.modes}) {
        const PartKind kind = parts == &diff.categories ? PartKind::category : PartKind::mode;
        for (const PartDiff& part : *parts) {
            std::string articles;
            for (std::size_t i = 0; i < diff.books.size(); ++i) articles += (i ? " | " : "") + part_article(diff, part, i, lang);
            out += fit_line("-- " + part_heading(kind, part.name, lang) + "  " + articles + ": " +
                                count_words(part.topics.size(), part.same, lang),
                            style.width) +
                   "\n";
        }
    }
    return out;
}

}  // namespace

std::vector<const TopicDiff*> topics_in_article_order(const RulebookDiff& diff) {
    std::vector<const TopicDiff*> out;
    for (const TopicDiff& t : diff.topics) out.push_back(&t);
    // Stable: topics placed by the same article keep the diff's (topic) order.
    std::stable_sort(out.begin(), out.end(), [](const TopicDiff* a, const TopicDiff* b) {
        const std::string x = placing_article(*a), y = placing_article(*b);
        if (x.empty() != y.empty()) return y.empty();
        return article_less(x, y);
    });
    return out;
}

static std::string diff_text_unescaped(const RulebookDiff& diff, Lang lang, const TextStyle& style) {
    std::string out = diff_overview_unescaped(diff, lang, style);
    out += std::string("\n") + (lang == Lang::ja ? "== 詳細" : "== Detail") + "\n";
    for (const TopicDiff* t : topics_in_article_order(diff))
        out += "\n" + topic_text(diff, *t, nullptr, PartKind::category, lang, style);
    out += parts_text(diff, diff.categories, PartKind::category, lang, style);
    out += parts_text(diff, diff.modes, PartKind::mode, lang, style);
    return out;
}

static std::string diff_markdown_unescaped(const RulebookDiff& diff, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string ids;
    for (const Rulebook* b : diff.books) ids += (ids.empty() ? "" : " / ") + b->id;
    std::string out = "# " + std::string(ja ? "規則比較: " : "Rulebook diff: ") + ids + "\n\n";
    for (const Rulebook* b : diff.books) out += "- **" + b->id + "**: " + b->title.in(lang) + "\n";
    out += "\n" + std::string(ja ? "関係: " : "Relation: ") + relation_words(diff, lang) + ". ";
    out += ja ? "相違のあるトピック " + std::to_string(diff.topics.size()) + "、同一 " + std::to_string(diff.same) + "。\n"
              : std::to_string(diff.topics.size()) + " topics differ, " + std::to_string(diff.same) + " are the same.\n";
    for (const TopicDiff& t : diff.topics) out += topic_markdown(diff, t, nullptr, PartKind::category, lang, "##");
    out += parts_markdown(diff, diff.categories, PartKind::category, lang);
    out += parts_markdown(diff, diff.modes, PartKind::mode, lang);
    return out;
}

nlohmann::json diff_json(const RulebookDiff& diff) {
    nlohmann::json out;
    out["rulebooks"] = nlohmann::json::array();
    for (std::size_t i = 0; i < diff.books.size(); ++i) {
        const Rulebook* b = diff.books[i];
        out["rulebooks"].push_back({{"id", b->id},
                                    {"title", {{"en", b->title.en}, {"ja", b->title.ja}}},
                                    {"game", b->game},
                                    {"extends", b->extends.empty() ? nlohmann::json(nullptr) : nlohmann::json(b->extends)},
                                    {"lineage", b->lineage},
                                    {"compared_parent", diff.parent[i] ? nlohmann::json(diff.books[*diff.parent[i]]->id) : nlohmann::json(nullptr)}});
    }
    out["topics"] = nlohmann::json::array();
    for (const TopicDiff& t : diff.topics) out["topics"].push_back(topic_json(diff, t, false));
    out["categories"] = nlohmann::json::array();
    for (const auto& c : diff.categories) out["categories"].push_back(part_json(diff, c));
    out["modes"] = nlohmann::json::array();
    for (const auto& m : diff.modes) out["modes"].push_back(part_json(diff, m));
    out["same"] = diff.same;
    return out;
}

std::string diff_html(const RulebookDiff& diff, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string ids;
    for (const Rulebook* b : diff.books) ids += (ids.empty() ? "" : " / ") + b->id;
    const std::string title = std::string(ja ? "規則比較: " : "Rulebook diff: ") + ids;
    std::string body = "<h1>" + html_escape(title) + "</h1>\n<dl class=\"facts\">\n";
    for (const Rulebook* b : diff.books) body += "<dt>" + html_escape(b->id) + "</dt><dd>" + html_escape(b->title.in(lang)) + "</dd>\n";
    body += "</dl>\n<p>" + html_escape(relation_words(diff, lang)) + ". " +
            html_escape(ja ? "相違のあるトピック " + std::to_string(diff.topics.size()) + "、同一 " + std::to_string(diff.same) + "。"
                           : std::to_string(diff.topics.size()) + " topics differ, " + std::to_string(diff.same) + " are the same.") +
            "</p>\n";
    for (const TopicDiff& t : diff.topics) body += topic_html(diff, t, nullptr, PartKind::category, lang, "h2", t.topic);
    body += parts_html(diff, diff.categories, PartKind::category, lang);
    body += parts_html(diff, diff.modes, PartKind::mode, lang);
    return html_page(title, lang, body);
}

// Text from rulebooks and timelines reaches a terminal: control characters are written visibly (terminal_safe).
std::string diff_text(const RulebookDiff& diff, Lang lang, const TextStyle& style) {
    const std::string text = terminal_safe(diff_text_unescaped(diff, lang, style));
    return style.color ? embolden_headings(text) : text;
}

std::string diff_overview_text(const RulebookDiff& diff, Lang lang, const TextStyle& style) {
    const std::string text = terminal_safe(diff_overview_unescaped(diff, lang, style));
    return style.color ? embolden_headings(text) : text;
}

// Text from rulebooks and timelines reaches a terminal: control characters are written visibly (terminal_safe).
std::string diff_markdown(const RulebookDiff& diff, Lang lang) { return terminal_safe(diff_markdown_unescaped(diff, lang)); }

}  // namespace arbiter::report
