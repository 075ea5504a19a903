#include "report/diff_report.h"

#include "report/html_page.h"
#include "report/text_table.h"

namespace arbiter::report {

using namespace arbiter::rulebook;

namespace {

std::string field_label(const std::string& field, Lang lang) {
    if (lang == Lang::en) return field;
    static const std::pair<const char*, const char*> names[] = {
        {"article", "条"}, {"also", "関連条"}, {"effects", "効果"}, {"cases", "場合"}, {"ladder", "段階"},
        {"discretion", "裁量"}, {"hook", "計算式"}, {"restore", "復元"}, {"claim", "申し立て"}};
    for (const auto& [en, ja] : names)
        if (field == en) return ja;
    if (field.rfind("params.", 0) == 0) return "パラメータ " + field.substr(7);
    return field;
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
std::string topic_text(const RulebookDiff& diff, const TopicDiff& t, const PartDiff* part, PartKind kind, Lang lang) {
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
    return table.render(40);
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
std::string parts_text(const RulebookDiff& diff, const std::vector<PartDiff>& parts, PartKind kind, Lang lang) {
    std::string out;
    for (const PartDiff& part : parts) {
        out += "\n== " + part_heading(kind, part.name, lang) + ":";
        for (std::size_t i = 0; i < diff.books.size(); ++i) out += (i ? "; " : " ") + diff.books[i]->id + " " + part_article(diff, part, i, lang);
        out += "\n" + count_words(part.topics.size(), part.same, lang) + "\n";
        for (const TopicDiff& t : part.topics) out += "\n" + topic_text(diff, t, &part, kind, lang);
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

static std::string diff_text_unescaped(const RulebookDiff& diff, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string out;
    for (const Rulebook* b : diff.books) out += b->id + "  " + b->title.in(lang) + "\n";
    out += (ja ? "関係: " : "relation: ") + relation_words(diff, lang) + "\n";
    out += ja ? "相違のあるトピック " + std::to_string(diff.topics.size()) + "、同一 " + std::to_string(diff.same) + "\n"
              : std::to_string(diff.topics.size()) + " topics differ, " + std::to_string(diff.same) + " the same\n";
    for (const TopicDiff& t : diff.topics) out += "\n" + topic_text(diff, t, nullptr, PartKind::category, lang);
    out += parts_text(diff, diff.categories, PartKind::category, lang);
    out += parts_text(diff, diff.modes, PartKind::mode, lang);
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
std::string diff_text(const RulebookDiff& diff, Lang lang) { return terminal_safe(diff_text_unescaped(diff, lang)); }

// Text from rulebooks and timelines reaches a terminal: control characters are written visibly (terminal_safe).
std::string diff_markdown(const RulebookDiff& diff, Lang lang) { return terminal_safe(diff_markdown_unescaped(diff, lang)); }

}  // namespace arbiter::report
