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
        {"discretion", "裁量"}, {"hook", "計算式"}, {"restore", "復元"}, {"claim", "申し立て"},
        {"declaration", "宣言"}, {"on_tie", "同数時"}};
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

}  // namespace

std::string diff_text(const RulebookDiff& diff, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string out;
    for (const Rulebook* b : diff.books) out += b->id + "  " + b->title.in(lang) + "\n";
    out += (ja ? "関係: " : "relation: ") + relation_words(diff, lang) + "\n";
    out += ja ? "相違のあるトピック " + std::to_string(diff.topics.size()) + "、同一 " + std::to_string(diff.same) + "\n"
              : std::to_string(diff.topics.size()) + " topics differ, " + std::to_string(diff.same) + " the same\n";
    for (const TopicDiff& t : diff.topics) {
        std::vector<std::string> header = {t.topic};
        for (const Rulebook* b : diff.books) header.push_back(b->id);
        TextTable table(header);
        std::vector<std::string> status = {ja ? "状態" : "status"};
        for (std::size_t i = 0; i < diff.books.size(); ++i) status.push_back(side_status(diff, i, t.sides[i], lang));
        table.add_row(status);
        for (const FieldDiff& f : t.fields) {
            std::vector<std::string> row = {field_label(f.field, lang)};
            for (const auto& v : f.values) row.push_back(v.empty() ? "(none)" : v);
            table.add_row(row);
        }
        std::vector<std::string> summary = {ja ? "要旨" : "summary"};
        for (const auto& side : t.sides) summary.push_back(side.rule ? side.rule->summary.in(lang) : "-");
        table.add_row(summary);
        out += "\n" + table.render(40);
    }
    if (!diff.categories.empty()) {
        std::vector<std::string> header = {ja ? "種別" : "category"};
        for (const Rulebook* b : diff.books) header.push_back(b->id);
        TextTable table(header);
        for (const auto& c : diff.categories) {
            std::vector<std::string> row = {c.name};
            row.insert(row.end(), c.articles.begin(), c.articles.end());
            table.add_row(row);
        }
        out += "\n" + table.render(40);
    }
    return out;
}

std::string diff_markdown(const RulebookDiff& diff, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string ids;
    for (const Rulebook* b : diff.books) ids += (ids.empty() ? "" : " / ") + b->id;
    std::string out = "# " + std::string(ja ? "規則比較: " : "Rulebook diff: ") + ids + "\n\n";
    for (const Rulebook* b : diff.books) out += "- **" + b->id + "**: " + b->title.in(lang) + "\n";
    out += "\n" + std::string(ja ? "関係: " : "Relation: ") + relation_words(diff, lang) + ". ";
    out += ja ? "相違のあるトピック " + std::to_string(diff.topics.size()) + "、同一 " + std::to_string(diff.same) + "。\n"
              : std::to_string(diff.topics.size()) + " topics differ, " + std::to_string(diff.same) + " are the same.\n";
    for (const TopicDiff& t : diff.topics) {
        out += "\n## " + t.topic + "\n\n|  |";
        for (const Rulebook* b : diff.books) out += " " + b->id + " |";
        out += "\n|---|";
        for (std::size_t i = 0; i < diff.books.size(); ++i) out += "---|";
        out += "\n| " + std::string(ja ? "状態" : "status") + " |";
        for (std::size_t i = 0; i < diff.books.size(); ++i) out += " " + md_cell(side_status(diff, i, t.sides[i], lang)) + " |";
        out += "\n";
        for (const FieldDiff& f : t.fields) {
            out += "| " + md_cell(field_label(f.field, lang)) + " |";
            for (const auto& v : f.values) out += " " + md_cell(v.empty() ? "(none)" : v) + " |";
            out += "\n";
        }
        out += "| " + std::string(ja ? "要旨" : "summary") + " |";
        for (const auto& side : t.sides) out += " " + md_cell(side.rule ? side.rule->summary.in(lang) : "-") + " |";
        out += "\n";
    }
    if (!diff.categories.empty()) {
        out += "\n## " + std::string(ja ? "種別" : "Categories") + "\n\n|  |";
        for (const Rulebook* b : diff.books) out += " " + b->id + " |";
        out += "\n|---|";
        for (std::size_t i = 0; i < diff.books.size(); ++i) out += "---|";
        out += "\n";
        for (const auto& c : diff.categories) {
            out += "| " + c.name + " |";
            for (const auto& a : c.articles) out += " " + md_cell(a) + " |";
            out += "\n";
        }
    }
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
    for (const TopicDiff& t : diff.topics) {
        nlohmann::json topic = {{"topic", t.topic}, {"presence_differs", t.presence_differs}};
        topic["rulebooks"] = nlohmann::json::array();
        for (std::size_t i = 0; i < diff.books.size(); ++i) {
            const TopicSide& s = t.sides[i];
            topic["rulebooks"].push_back({{"id", diff.books[i]->id},
                                          {"present", s.rule != nullptr},
                                          {"article", s.rule ? nlohmann::json(s.rule->article) : nlohmann::json(nullptr)},
                                          {"written_in", s.rule ? nlohmann::json(s.written_in) : nlohmann::json(nullptr)},
                                          {"in_child", s.in_child.empty() ? nlohmann::json(nullptr) : nlohmann::json(s.in_child)},
                                          {"summary", s.rule ? nlohmann::json({{"en", s.rule->summary.en}, {"ja", s.rule->summary.ja}})
                                                             : nlohmann::json(nullptr)}});
        }
        topic["differences"] = nlohmann::json::array();
        for (const FieldDiff& f : t.fields) topic["differences"].push_back({{"field", f.field}, {"values", f.values}});
        out["topics"].push_back(topic);
    }
    out["categories"] = nlohmann::json::array();
    for (const auto& c : diff.categories) out["categories"].push_back({{"name", c.name}, {"articles", c.articles}});
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
    auto head_row = [&] {
        std::string h = "<thead><tr><th></th>";
        for (const Rulebook* b : diff.books) h += "<th>" + html_escape(b->id) + "</th>";
        return h + "</tr></thead>\n";
    };
    for (const TopicDiff& t : diff.topics) {
        body += "<section class=\"item\" id=\"" + html_escape(t.topic) + "\">\n<h2>" + html_escape(t.topic) + "</h2>\n<table>\n" + head_row() + "<tbody>\n";
        body += "<tr><th>" + html_escape(ja ? "状態" : "status") + "</th>";
        for (std::size_t i = 0; i < diff.books.size(); ++i) {
            const TopicSide& s = t.sides[i];
            const char* cls = !s.rule ? "absent" : (s.in_child == "changed" || s.in_child == "added") ? "changed" : "";
            body += std::string("<td class=\"") + cls + "\">" + html_escape(side_status(diff, i, s, lang)) + "</td>";
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
        body += "</tr>\n</tbody>\n</table>\n</section>\n";
    }
    if (!diff.categories.empty()) {
        body += "<section>\n<h2>" + html_escape(ja ? "種別" : "Categories") + "</h2>\n<table>\n" + head_row() + "<tbody>\n";
        for (const auto& c : diff.categories) {
            body += "<tr><th>" + html_escape(c.name) + "</th>";
            for (const auto& a : c.articles) body += "<td>" + html_escape(a) + "</td>";
            body += "</tr>\n";
        }
        body += "</tbody>\n</table>\n</section>\n";
    }
    return html_page(title, lang, body);
}

}  // namespace arbiter::report
