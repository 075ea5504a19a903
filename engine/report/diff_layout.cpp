#include "report/diff_layout.h"

#include "report/diff_report.h"
#include "report/rule_words.h"
#include "report/run_words.h"
#include "rulebook/registry.h"

#include <algorithm>
#include <cctype>

namespace arbiter::report {

using namespace arbiter::rulebook;

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

std::string side_status(const RulebookDiff& diff, std::size_t i, const TopicSide& side, Lang lang) {
    const bool ja = lang == Lang::ja;
    if (!side.rule) {
        if (side.in_child == "removed") return ja ? "子で削除" : "removed in " + diff.books[i]->id;
        return no_rule_words(lang);
    }
    if (side.in_child == "changed") return ja ? "子で変更" : "changed in " + diff.books[i]->id;
    if (side.in_child == "added") return ja ? "子で追加" : "added in " + diff.books[i]->id;
    if (side.in_child == "inherited" || side.written_in != diff.books[i]->id)
        return ja ? side.written_in + "から継承" : "inherited from " + side.written_in;
    return ja ? "独自" : "own";
}

std::string status_cell(const RulebookDiff& diff, std::size_t i, const TopicSide& side, const PartDiff* part,
                        diff_layout::PartKind kind, Lang lang) {
    const bool ja = lang == Lang::ja;
    const bool category = kind == diff_layout::PartKind::category;
    std::string out = side_status(diff, i, side, lang);
    if (!part) return out;
    if (!part->present[i])
        out = std::string(ja ? (category ? "この種別なし" : "この方式なし")
                             : (category ? "no such category" : "no such mode")) +
              (ja ? "、" : "; ") + out;
    if (side.base && side.rule) out += ja ? "、基本規則を適用" : "; the base rule applies";
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

std::string diff_field_label(const std::string& field, Lang lang, const Registry* registry, const std::string& topic) {
    const bool ja = lang == Lang::ja;
    static const std::pair<const char*, const char*> names[] = {
        {"article", "条"},     {"also", "参照条"},         {"effects", "効果"},
        {"cases", "場合分け"}, {"ladder", "繰り返しの罰"}, {"discretion", "裁量"},
        {"hook", "計算式"},    {"restore", "局面の復元"},  {"claim", "申し立て"}};
    for (const auto& [en, jp] : names)
        if (field == en)
            return ja ? jp : field == "also" ? "cross-references" : field == "ladder" ? "repeated offences" : en;
    if (field.rfind("params.", 0) == 0) {
        const TopicSpec* spec = ja && registry ? registry->topic(topic) : nullptr;
        const ParamSpec* param = spec ? spec->param(field.substr(7)) : nullptr;
        if (param && !param->text.in(lang).empty()) return without_full_stop(param->text.in(lang));
        return (ja ? "値 " : "value ") + field.substr(7);
    }
    return field;
}

namespace diff_layout {

std::string article_chapter(const std::string& article) { return chapter_of(article); }

bool article_before(const std::string& a, const std::string& b) {
    if (a.empty() != b.empty()) return b.empty();
    return article_less(a, b);
}

std::string chapter_title(const std::string& key, Lang lang) {
    const bool ja = lang == Lang::ja;
    const bool appendix = !key.empty() && std::isupper(static_cast<unsigned char>(key[0]));
    return key.empty() ? (ja ? "条なし" : "No article")
           : appendix  ? (ja ? "付則 " + key : "Appendix " + key)
                       : (ja ? "第" + key + "条" : "Article " + key);
}

std::vector<Chapter> chapters(const RulebookDiff& diff, Lang lang) {
    std::vector<Chapter> out;
    for (const TopicDiff* t : topics_in_article_order(diff)) {
        if (weight_of(*t) != DiffWeight::substantive) continue;
        const std::string key = chapter_of(placing_article(*t));
        if (out.empty() || out.back().key != key) out.push_back({key, chapter_title(key, lang), {}});
        out.back().topics.push_back(t);
    }
    return out;
}

std::vector<const TopicDiff*> minor_topics(const RulebookDiff& diff) {
    std::vector<const TopicDiff*> out;
    for (const TopicDiff* t : topics_in_article_order(diff))
        if (weight_of(*t) != DiffWeight::substantive) out.push_back(t);
    return out;
}

std::string articles_line(const TopicDiff& t) {
    std::string out;
    for (std::size_t i = 0; i < t.sides.size(); ++i)
        out += (i ? " | " : "") +
               (t.sides[i].rule ? (t.sides[i].rule->article.empty() ? "?" : t.sides[i].rule->article) : "-");
    return out;
}

std::string minor_words(const TopicDiff& t, Lang lang) {
    const bool ja = lang == Lang::ja;
    switch (weight_of(t)) {
        case DiffWeight::cross_references: {
            bool article = false;
            for (const FieldDiff& f : t.fields) article = article || f.field == "article";
            if (article) return ja ? "参照条と条番号" : "cross-references and article number";
            return ja ? "参照条" : "cross-references";
        }
        case DiffWeight::article_number:
            return ja ? "条番号" : "article number";
        case DiffWeight::restated:
            return ja ? "同じ規則を再記述" : "restated unchanged";
        default:
            return "";
    }
}

std::string gist_words(const RulebookDiff& diff, const TopicDiff& t, Lang lang) {
    const bool ja = lang == Lang::ja;
    if (t.presence_differs) {
        std::string with;
        for (std::size_t i = 0; i < t.sides.size(); ++i)
            if (t.sides[i].rule) with += (with.empty() ? "" : ", ") + diff.books[i]->id;
        return ja ? "規定があるのは " + with + " のみ" : "only in " + with;
    }
    std::string fields;
    for (const FieldDiff& f : t.fields)
        if (f.field != "article" && f.field != "also")
            fields += (fields.empty() ? "" : ja ? "、" : ", ") +
                      diff_field_label(f.field, lang, diff.registry ? diff.registry : &Registry::bundled(), t.topic);
    return fields;
}

std::vector<Row> topic_rows(const RulebookDiff& diff, const TopicDiff& t, const PartDiff* part, PartKind kind,
                            Lang lang) {
    const bool ja = lang == Lang::ja;
    const Registry& registry = diff.registry ? *diff.registry : Registry::bundled();
    std::vector<Row> rows;
    Row status{ja ? "状態" : "status", {}}, article{diff_field_label("article", lang), {}},
        summary{ja ? "要旨" : "summary", {}};
    for (std::size_t i = 0; i < diff.books.size(); ++i) {
        const TopicSide& s = t.sides[i];
        status.second.push_back(status_cell(diff, i, s, part, kind, lang));
        article.second.push_back(s.rule ? (s.rule->article.empty() ? "?" : s.rule->article) : "-");
        summary.second.push_back(s.rule ? s.rule->summary.in(lang) : "-");
    }
    rows.push_back(status);
    rows.push_back(article);
    rows.push_back(summary);
    // The aspects that differ, in words; cross-references only where nothing of substance differs.
    const bool substantive = weight_of(t) == DiffWeight::substantive;
    for (const FieldDiff& f : t.fields) {
        if (f.field == "article" || (f.field == "also" && substantive)) continue;
        Row row{diff_field_label(f.field, lang, &registry, t.topic), {}};
        for (std::size_t i = 0; i < diff.books.size(); ++i) {
            const Rule* rule = t.sides[i].rule;
            const std::string words = rule ? field_in_words(f.field, *rule, registry, lang) : "-";
            row.second.push_back(words.empty() ? none_words(lang) : words);
        }
        rows.push_back(row);
    }
    return rows;
}

std::string relation_words(const RulebookDiff& diff, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string out;
    for (std::size_t i = 0; i < diff.books.size(); ++i)
        if (diff.parent[i])
            out += (out.empty() ? "" : "; ") + diff.books[i]->id + (ja ? " は " : " extends ") +
                   diff.books[*diff.parent[i]]->id + (ja ? " を継承" : "");
    if (out.empty()) out = ja ? "継承関係なし（トピックで対応づけ）" : "not linked by extends (aligned by topic)";
    return out;
}

std::string count_words(std::size_t differ, int same, Lang lang) {
    return lang == Lang::ja ? "相違のあるトピック " + std::to_string(differ) + "、同一 " + std::to_string(same)
                            : std::to_string(differ) + " topics differ, " + std::to_string(same) + " the same";
}

std::string weight_count_words(const RulebookDiff& diff, Lang lang) {
    int counts[4] = {0, 0, 0, 0};
    for (const TopicDiff& t : diff.topics) ++counts[static_cast<int>(weight_of(t))];
    const auto n = [&](DiffWeight w) { return std::to_string(counts[static_cast<int>(w)]); };
    if (lang == Lang::ja)
        return "内容の相違 " + n(DiffWeight::substantive) + "、参照条のみ " + n(DiffWeight::cross_references) +
               "、条番号のみ " + n(DiffWeight::article_number) + "、再記述のみ " + n(DiffWeight::restated) + "、同一 " +
               std::to_string(diff.same);
    return n(DiffWeight::substantive) + " topics differ in substance; " + n(DiffWeight::cross_references) +
           " only in cross-references, " + n(DiffWeight::article_number) + " only in article numbers, " +
           n(DiffWeight::restated) + " restated unchanged; " + std::to_string(diff.same) + " the same";
}

std::string part_heading(PartKind kind, const std::string& name, Lang lang, const std::vector<const rulebook::Rulebook*>& books) {
    // In Japanese the category's and the mode's words (早指し, 団体戦); English keeps the ids the rulebooks use.
    if (lang == Lang::ja)
        return std::string(kind == PartKind::category ? "種別 " + category_words(name, lang, books) : "方式 " + mode_words(name, lang, books));
    return std::string(kind == PartKind::category ? "category " : "mode ") + name;
}

std::string part_article(const RulebookDiff& diff, const PartDiff& part, std::size_t i, Lang lang) {
    const bool ja = lang == Lang::ja;
    std::string out = part.present[i] ? (part.articles[i].empty() ? std::string(ja ? "（条なし）" : "(no article)")
                                                                  : part.articles[i])
                                      : std::string("-");
    const std::string& c = part.in_child[i];
    if (c == "removed")
        out += ja ? "（子で削除）" : " (removed in " + diff.books[i]->id + ")";
    else if (c == "added")
        out += ja ? "（子で追加）" : " (added in " + diff.books[i]->id + ")";
    else if (c == "changed")
        out += ja ? "（子で変更）" : " (changed in " + diff.books[i]->id + ")";
    else if (c == "inherited")
        out += ja ? "（継承）" : " (inherited)";
    return out;
}

std::string minor_heading(std::size_t count, Lang lang) {
    return lang == Lang::ja ? "参照条・条番号のみの相違（" + std::to_string(count) + "）"
                            : "Only cross-references or article numbers differ (" + std::to_string(count) + ")";
}

}  // namespace diff_layout

}  // namespace arbiter::report
