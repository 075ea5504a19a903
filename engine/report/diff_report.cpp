#include "report/diff_report.h"

#include "core/markdown_text.h"

#include "report/diff_layout.h"
#include "report/text_table.h"

namespace arbiter::report {

using namespace arbiter::rulebook;
using namespace arbiter::report::diff_layout;

namespace {

using core::md_cell;  // words from data in a Markdown cell: shown as written, never as markup

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

const char* weight_name(DiffWeight w) {
    switch (w) {
        case DiffWeight::substantive: return "substantive";
        case DiffWeight::cross_references: return "cross_references";
        case DiffWeight::article_number: return "article_number";
        default: return "restated";
    }
}

nlohmann::json topic_json(const RulebookDiff& diff, const TopicDiff& t, bool in_part) {
    nlohmann::json topic = {{"topic", t.topic}, {"presence_differs", t.presence_differs}, {"weight", weight_name(weight_of(t))}};
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

// One line cut to `width` display columns, ending in "…" where cut.
std::string fit_line(const std::string& line, int width) {
    if (display_width(line) <= width) return line;
    const auto lines = wrap(line, std::max(width - 1, 1));
    return lines.empty() ? std::string() : lines.front() + "…";
}

// One topic as an aligned table, every cell in words.
std::string topic_text(const RulebookDiff& diff, const TopicDiff& t, const PartDiff* part, PartKind kind, Lang lang,
                       const TextStyle& style) {
    std::vector<std::string> header = {t.topic};
    for (const Rulebook* b : diff.books) header.push_back(b->id);
    TextTable table(header);
    for (auto& [label, cells] : topic_rows(diff, t, part, kind, lang)) {
        std::vector<std::string> row = {label};
        row.insert(row.end(), cells.begin(), cells.end());
        table.add_row(row);
    }
    return table.render_to_width(style.width);
}

// One topic as a Markdown table under a heading of `level`.
std::string topic_markdown(const RulebookDiff& diff, const TopicDiff& t, const PartDiff* part, PartKind kind, Lang lang,
                           const std::string& level) {
    std::string out = "\n" + level + " " + t.topic + "\n\n|  |";
    for (const Rulebook* b : diff.books) out += " " + b->id + " |";
    out += "\n|---|";
    for (std::size_t i = 0; i < diff.books.size(); ++i) out += "---|";
    out += "\n";
    for (const auto& [label, cells] : topic_rows(diff, t, part, kind, lang)) {
        out += "| " + md_cell(label) + " |";
        for (const auto& c : cells) out += " " + md_cell(c) + " |";
        out += "\n";
    }
    return out;
}

std::string minor_line(const TopicDiff& t, Lang lang) {
    return t.topic + "  " + articles_line(t) + (lang == Lang::ja ? "：" : ": ") + minor_words(t, lang);
}

std::string parts_text(const RulebookDiff& diff, const std::vector<PartDiff>& parts, PartKind kind, Lang lang,
                       const TextStyle& style) {
    std::string out;
    for (const PartDiff& part : parts) {
        std::string heading = "== " + part_heading(kind, part.name, lang, diff.books) + ":";
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
        out += "\n## " + part_heading(kind, part.name, lang, diff.books) + "\n\n|  |";
        for (const Rulebook* b : diff.books) out += " " + b->id + " |";
        out += "\n|---|";
        for (std::size_t i = 0; i < diff.books.size(); ++i) out += "---|";
        out += "\n| " + diff_field_label("article", lang) + " |";
        for (std::size_t i = 0; i < diff.books.size(); ++i) out += " " + md_cell(part_article(diff, part, i, lang)) + " |";
        out += "\n\n" + count_words(part.topics.size(), part.same, lang) + (lang == Lang::ja ? "。\n" : ".\n");
        for (const TopicDiff& t : part.topics) out += topic_markdown(diff, t, &part, kind, lang, "###");
    }
    return out;
}

std::string diff_overview_unescaped(const RulebookDiff& diff, Lang lang, const TextStyle& style) {
    const bool ja = lang == Lang::ja;
    std::string out;
    for (const Rulebook* b : diff.books) out += fit_line(b->id + "  " + b->title.in(lang), style.width) + "\n";
    out += (ja ? "関係: " : "relation: ") + relation_words(diff, lang) + "\n";
    for (const auto& line : wrap(weight_count_words(diff, lang), style.width)) out += line + "\n";
    out += std::string("\n") + (ja ? "== 概要（章ごと、条の順）" : "== Overview (by chapter, in article order)") + "\n";
    for (const Chapter& chapter : chapters(diff, lang)) {
        out += "-- " + chapter.title + "\n";
        for (const TopicDiff* t : chapter.topics)
            out += fit_line("  " + t->topic + "  " + articles_line(*t) + (ja ? "：" : ": ") + gist_words(diff, *t, lang), style.width) + "\n";
    }
    for (const auto* parts : {&diff.categories, &diff.modes}) {
        const PartKind kind = parts == &diff.categories ? PartKind::category : PartKind::mode;
        for (const PartDiff& part : *parts) {
            std::string articles;
            for (std::size_t i = 0; i < diff.books.size(); ++i) articles += (i ? " | " : "") + part_article(diff, part, i, lang);
            out += fit_line("-- " + part_heading(kind, part.name, lang, diff.books) + "  " + articles + ": " +
                                count_words(part.topics.size(), part.same, lang),
                            style.width) +
                   "\n";
        }
    }
    const auto minor = minor_topics(diff);
    if (!minor.empty())
        out += fit_line("-- " + minor_heading(minor.size(), lang) + (ja ? "：末尾に一覧" : ": listed at the end"), style.width) + "\n";
    return out;
}

std::string diff_text_unescaped(const RulebookDiff& diff, Lang lang, const TextStyle& style) {
    const bool ja = lang == Lang::ja;
    std::string out = diff_overview_unescaped(diff, lang, style);
    for (const Chapter& chapter : chapters(diff, lang)) {
        out += "\n== " + chapter.title + "\n";
        for (const TopicDiff* t : chapter.topics) out += "\n" + topic_text(diff, *t, nullptr, PartKind::category, lang, style);
    }
    out += parts_text(diff, diff.categories, PartKind::category, lang, style);
    out += parts_text(diff, diff.modes, PartKind::mode, lang, style);
    const auto minor = minor_topics(diff);
    if (!minor.empty()) {
        out += "\n== " + minor_heading(minor.size(), lang) + "\n";
        for (const TopicDiff* t : minor) out += fit_line("  " + minor_line(*t, lang), style.width) + "\n";
    }
    (void)ja;
    return out;
}

std::string diff_markdown_unescaped(const RulebookDiff& diff, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string ids;
    for (const Rulebook* b : diff.books) ids += (ids.empty() ? "" : " / ") + b->id;
    std::string out = "# " + std::string(ja ? "規則比較: " : "Rulebook diff: ") + ids + "\n\n";
    for (const Rulebook* b : diff.books) out += "- **" + b->id + "**: " + md_cell(b->title.in(lang)) + "\n";
    out += "\n" + std::string(ja ? "関係: " : "Relation: ") + relation_words(diff, lang) + (ja ? "。" : ". ");
    out += weight_count_words(diff, lang) + (ja ? "。\n" : ".\n");
    out += std::string("\n## ") + (ja ? "概要" : "Overview") + "\n";
    for (const Chapter& chapter : chapters(diff, lang)) {
        out += "\n**" + chapter.title + "**\n\n";
        for (const TopicDiff* t : chapter.topics)
            out += "- " + t->topic + " (" + md_cell(articles_line(*t)) + ")" + (ja ? "：" : ": ") +
                   md_cell(gist_words(diff, *t, lang)) + "\n";
    }
    for (const Chapter& chapter : chapters(diff, lang)) {
        out += "\n## " + chapter.title + "\n";
        for (const TopicDiff* t : chapter.topics) out += topic_markdown(diff, *t, nullptr, PartKind::category, lang, "###");
    }
    out += parts_markdown(diff, diff.categories, PartKind::category, lang);
    out += parts_markdown(diff, diff.modes, PartKind::mode, lang);
    const auto minor = minor_topics(diff);
    if (!minor.empty()) {
        out += "\n## " + minor_heading(minor.size(), lang) + "\n\n";
        for (const TopicDiff* t : minor) out += "- " + md_cell(minor_line(*t, lang)) + "\n";
    }
    return out;
}

}  // namespace

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

// Text from rulebooks and timelines reaches a terminal: control characters are written visibly (terminal_safe).
std::string diff_text(const RulebookDiff& diff, Lang lang, const TextStyle& style) {
    const std::string text = terminal_safe(diff_text_unescaped(diff, lang, style));
    return style.color ? embolden_headings(text) : text;
}

std::string diff_overview_text(const RulebookDiff& diff, Lang lang, const TextStyle& style) {
    const std::string text = terminal_safe(diff_overview_unescaped(diff, lang, style));
    return style.color ? embolden_headings(text) : text;
}

std::string diff_markdown(const RulebookDiff& diff, Lang lang) { return terminal_safe(diff_markdown_unescaped(diff, lang)); }

}  // namespace arbiter::report
