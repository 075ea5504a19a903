#include "report/sheet_event.h"

#include "core/markdown_text.h"
#include "report/text_table.h"

#include "report/html_page.h"
#include "report/rulebook_text.h"
#include "report/sheet_players.h"
#include "report/run_words.h"

#include <algorithm>
#include <map>

namespace arbiter::report {

using namespace arbiter::rulebook;

namespace {

std::string words_of_option(const std::string& option, const Registry& registry, Lang lang) {
    if (const NamedText* o = registry.option(option)) return o->text.in(lang);
    if (const EffectSpec* e = registry.effect(option)) return e->text.in(lang);
    return option;
}

std::string strip_period(std::string s) {
    if (!s.empty() && s.back() == '.') s.pop_back();
    if (s.size() >= 3 && s.compare(s.size() - 3, 3, "。") == 0) s.resize(s.size() - 3);
    return s;
}

SheetItem item_of(const Rule& rule, const EventCheck& check, const Registry& registry, Lang lang, bool discretion_only) {
    const bool ja = lang == Lang::ja;
    SheetItem item;
    item.topic = rule.topic;
    item.article = rule.article;
    const TopicSpec* spec = registry.topic(rule.topic);
    item.heading = spec ? strip_period(spec->text.in(lang)) : rule.topic;
    if (discretion_only) {
        item.summary = rule.discretion->summary.in(lang);
        std::string options;
        for (const auto& o : rule.discretion->options) options += (options.empty() ? "" : ja ? "、" : "; ") + strip_period(words_of_option(o, registry, lang));
        item.lines.push_back((ja ? "選択肢: " : "Options: ") + options);
        return item;
    }
    item.summary = rule.summary.in(lang);
    for (const Param& p : rule.params) {
        const Value* value = event_value(check, rule, p.name);
        bool set_by_event = false;
        for (const auto& s : check.accepted) set_by_event = set_by_event || (s.rule == &rule && s.param == &p);
        if (!set_by_event && !p.event_may_set) continue;
        const ParamSpec* ps = spec ? spec->param(p.name) : nullptr;
        const std::string what = ps ? strip_period(ps->text.in(lang)) : p.name;
        if (set_by_event)
            item.lines.push_back(ja ? "本大会: " + what + " = " + written_value_words(value->text, lang) + "（規則の既定値 " +
                                          written_value_words(p.value.text, lang) + "）"
                                    : "This event: " + what + " = " + value->text + " (the rulebook's value is " + p.value.text + ")");
        else
            item.lines.push_back(ja ? what + " = " + written_value_words(p.value.text, lang) + "（大会が変更可、本大会は変更なし）"
                                    : what + " = " + p.value.text + " (an event may change it; this event does not)");
    }
    const char* separator = ja ? "、" : "; ";
    for (const auto& e : rule.effects) item.lines.push_back(effect_in_words(e, registry, lang, &rule));
    for (const auto& c : rule.cases) {
        std::string effects;
        for (const auto& e : c.effects) effects += (effects.empty() ? "" : separator) + effect_in_words(e, registry, lang, &rule);
        const std::string head = c.summary.empty() ? std::string(ja ? "場合" : "Case") : c.summary.in(lang);
        item.lines.push_back((c.article.empty() ? "" : c.article + ": ") + head + (effects.empty() ? "" : " → " + effects));
    }
    for (std::size_t i = 0; i < rule.ladder.size(); ++i) {
        std::string effects;
        for (const auto& e : rule.ladder[i].effects) effects += (effects.empty() ? "" : separator) + effect_in_words(e, registry, lang, &rule);
        const bool last = i + 1 == rule.ladder.size();
        const std::string n = std::to_string(i + 1);
        item.lines.push_back((ja ? "違反" + n + (last ? "回目以降: " : "回目: ") : "Offence " + n + (last ? "+: " : ": ")) + effects);
    }
    if (!rule.hook.empty()) item.lines.push_back((ja ? "計算式: " : "Formula: ") + rule_hook_words(rule, lang));
    return item;
}


}  // namespace

// Whether the event's time control brings a topic into play. clock.period_end (FIDE 6.3, "the number of moves
// required in a period") needs a period that ends at a move count; a control of one period for the whole game
// (with or without increment) has none. Every other topic, and every event without a time control, is in play.
bool in_play(std::string_view topic, const std::optional<clock::TimeControl>& control) {
    if (!control || control->kind != clock::TimeControl::Kind::periods) return true;
    if (topic == "clock.period_end") {
        for (const auto& p : control->periods)
            if (p.moves > 0) return true;
        return false;
    }
    return true;
}

std::string time_control_in_words(const clock::TimeControl& tc, Lang lang, bool full_units) {
    const bool ja = lang == Lang::ja;
    const auto format_ms = [lang, full_units](clock::Ms ms) {
        return full_units ? duration_for_players(ms.count(), lang) : duration_words(ms.count(), lang);
    };
    using Kind = clock::TimeControl::Kind;
    if (tc.kind == Kind::unknown) return ja ? "不明" : "unknown";
    if (tc.kind == Kind::none) return ja ? "持ち時間なし" : "no time control";
    if (tc.kind == Kind::hourglass) return ja ? "砂時計方式、各自 " + format_ms(tc.hourglass) : "hourglass, " + format_ms(tc.hourglass) + " each";
    std::string out;
    bool common_increment = !tc.periods.empty();
    for (const auto& p : tc.periods) common_increment = common_increment && p.increment == tc.periods.front().increment;
    for (std::size_t i = 0; i < tc.periods.size(); ++i) {
        const auto& p = tc.periods[i];
        const bool last = i + 1 == tc.periods.size();
        std::string part;
        if (p.moves > 0 && last && i > 0)
            part = ja ? "以後" + std::to_string(p.moves) + "手ごとに" + format_ms(p.time) : "then " + format_ms(p.time) + " for every " + std::to_string(p.moves) + " moves";
        else if (p.moves > 0)
            part = ja ? std::to_string(p.moves) + "手" + format_ms(p.time) : std::to_string(p.moves) + " moves in " + format_ms(p.time);
        else if (i == 0)
            part = ja ? "全局" + format_ms(p.time) : format_ms(p.time) + " for the game";
        else
            part = ja ? "その後残り全局に" + format_ms(p.time) : "then " + format_ms(p.time) + " for the rest of the game";
        if (!common_increment && p.increment.count() > 0)
            part += ja ? "（1手ごとに" + format_ms(p.increment) + "加算）" : " (" + format_ms(p.increment) + " added per move)";
        out += (out.empty() ? "" : ja ? "、" : ", ") + part;
    }
    if (common_increment && tc.periods.front().increment.count() > 0)
        out += ja ? "、第1手から1手ごとに" + format_ms(tc.periods.front().increment) + "加算"
                  : "; " + format_ms(tc.periods.front().increment) + " added after every move from move 1";
    if (tc.delay)
        out += ja ? (tc.delay->kind == clock::DelayKind::bronstein ? "、ブロンスタイン遅延" : "、シンプル遅延") + format_ms(tc.delay->time)
                  : std::string("; ") + (tc.delay->kind == clock::DelayKind::bronstein ? "Bronstein" : "simple") + " delay of " + format_ms(tc.delay->time);
    if (tc.byoyomi)
        out += ja ? "、秒読み" + format_ms(tc.byoyomi->time) + (tc.byoyomi->periods > 1 ? "×" + std::to_string(tc.byoyomi->periods) : "")
                  : "; then byoyomi of " + format_ms(tc.byoyomi->time) + (tc.byoyomi->periods > 1 ? " x " + std::to_string(tc.byoyomi->periods) : "");
    if (tc.canadian)
        out += ja ? "、カナダ式 " + std::to_string(tc.canadian->moves) + "手" + format_ms(tc.canadian->time)
                  : "; then " + std::to_string(tc.canadian->moves) + " moves in every " + format_ms(tc.canadian->time);
    return out;
}

namespace {

// The level of supervision and what it means for the category's rules (FIDE 2009 A.3: with adequate supervision the
// main Laws apply to rapidplay): stated where the event states it or where the category depends on it; else "".
std::string supervision_words(const Rulebook& book, const EventCheck& check, Lang lang) {
    const bool ja = lang == Lang::ja;
    const auto c = book.categories.find(check.category);
    const bool depends = c != book.categories.end() && c->second.base_rules_when_supervised;
    const std::string stated = check.supervision == "adequate"     ? (ja ? "十分" : "adequate")
                               : check.supervision == "inadequate" ? (ja ? "十分でない" : "not adequate")
                                                                   : (ja ? "明示なし" : "not stated");
    if (!depends) return check.supervision.empty() ? "" : stated;
    const std::string kind = category_words(check.category, lang, {&book});
    if (check.base_rules)
        return ja ? stated + "：本則を適用し、" + kind + "の規則は用いない"
                  : stated + ": the main rules apply, not the " + kind + " rules";
    return ja ? stated + "：" + kind + "の規則を適用（十分な監督を明示する大会は本則）"
              : stated + ": the " + kind + " rules apply (an event that states adequate supervision plays the main rules)";
}

}  // namespace

Sheet event_sheet(const Event& event, const Rulebook& book, const EventCheck& check, const Registry& registry, Lang lang) {
    const bool ja = lang == Lang::ja;
    Sheet sheet;
    sheet.lang = lang;
    const YAML::Node title = event.node["title"];
    sheet.title = title && title.IsMap() ? read_text(title).in(lang) : event.name;
    if (sheet.title.empty()) sheet.title = event.name;
    sheet.facts.push_back({ja ? "規則" : "Rulebook", book.title.in(lang) + " (" + book.id + ")"});
    if (!check.mode.empty()) {
        const auto it = book.modes.find(check.mode);
        // In Japanese the mode's summary stands for it (its id is the rulebook file's name for it).
        const bool summary = it != book.modes.end() && !it->second.summary.empty();
        sheet.facts.push_back({ja ? "形式" : "Mode", ja && summary ? it->second.summary.in(lang)
                                                     : check.mode + (summary ? ": " + it->second.summary.in(lang) : "")});
    }
    if (check.time_control)
        sheet.facts.push_back({ja ? "持ち時間" : "Time control",
                               time_control_in_words(*check.time_control, lang) +
                                   (check.time_control_article.empty() ? "" : " (" + check.time_control_article + ")")});
    std::string category = check.category.empty() ? std::string(ja ? "通常（種別の規定なし）" : "standard (no category rules)") : category_words(check.category, lang, {&book});
    if (!check.category_article.empty()) category += " (" + check.category_article + ")";
    sheet.facts.push_back({ja ? "種別" : "Category", category});
    if (const std::string supervision = supervision_words(book, check, lang); !supervision.empty())
        sheet.facts.push_back({ja ? "監督" : "Supervision", supervision});
    for (const char* key : {"date", "venue"})
        if (event.node[key] && event.node[key].IsScalar())
            sheet.facts.push_back({ja ? (std::string(key) == "date" ? "日付" : "会場") : (std::string(key) == "date" ? "Date" : "Venue"), event.node[key].Scalar()});
    if (event.node["rounds"]) sheet.facts.push_back({ja ? "ラウンド数" : "Rounds", event.node["rounds"].Scalar()});

    for (const SheetSectionSpec& spec : registry.sheet_sections()) {
        SheetSection section{spec.heading.in(lang), {}};
        if (spec.discretion) {
            // Many rules leave the same list of penalties to the arbiter (FIDE 13.4 is cited by 6.7, 6.12, 12.2,
            // 12.3, 12.6): the list is printed in full once, at the first rule that offers it, and the others
            // point there.
            std::map<std::string, std::string> printed;  // options line -> article where it is printed in full
            for (const auto& [topic, _] : book.rules) {
                const Rule* rule = applicable_rule(book, topic, check.mode, check.rules_category());
                if (!rule || !rule->discretion) continue;
                SheetItem item = item_of(*rule, check, registry, lang, true);
                const auto [at, first] = printed.emplace(item.lines.back(), item.article);
                if (!first) item.lines.back() = ja ? "選択肢: " + at->second + " と同じ" : "Options: as under " + at->second;
                section.items.push_back(std::move(item));
            }
        } else {
            for (const std::string& topic : spec.topics)
                if (const Rule* rule = applicable_rule(book, topic, check.mode, check.rules_category()); rule && in_play(topic, check.time_control))
                    section.items.push_back(item_of(*rule, check, registry, lang, false));
        }
        if (!section.items.empty()) sheet.sections.push_back(std::move(section));
    }
    if (event.node["notes"] && event.node["notes"].IsMap()) sheet.footer = read_text(event.node["notes"]).in(lang) + " ";
    sheet.footer += ja ? "記載のない事項は " + book.id + " による。条番号は同規則のもの。"
                       : "Anything not stated here follows " + book.id + "; article numbers are that rulebook's.";
    return sheet;
}

static std::string sheet_markdown_unescaped(const Sheet& sheet) {
    using core::md_escape;  // every text from the event, the rulebook or the registry (core/markdown_text.h)
    std::string out = "# " + md_escape(sheet.title) + "\n\n";
    out += sheet.lang == Lang::ja ? "| 項目 | 内容 |\n|---|---|\n" : "| | |\n|---|---|\n";
    for (const auto& [label, value] : sheet.facts) out += "| " + md_escape(label) + " | " + md_escape(value) + " |\n";
    for (const auto& section : sheet.sections) {
        out += "\n## " + md_escape(section.heading) + "\n";
        if (sheet.compact) out += "\n";
        for (const auto& item : section.items) {
            if (sheet.compact) {
                out += "- **" + md_escape(item.article) + "** " + md_escape(item.summary) + "\n";
                continue;
            }
            out += "\n### " + md_escape(item.article) + " " + md_escape(item.heading) + "\n\n";
            if (!item.summary.empty()) out += md_escape(item.summary) + "\n";
            if (!item.lines.empty()) out += "\n";
            for (const auto& line : item.lines) out += "- " + md_escape(line) + "\n";
        }
    }
    out += "\n---\n\n" + md_escape(sheet.footer) + "\n";
    return out;
}

std::string sheet_html(const Sheet& sheet) {
    std::string body = "<h1>" + html_escape(sheet.title) + "</h1>\n<dl class=\"facts\">\n";
    for (const auto& [label, value] : sheet.facts) body += "<dt>" + html_escape(label) + "</dt><dd>" + html_escape(value) + "</dd>\n";
    body += "</dl>\n";
    for (const auto& section : sheet.sections) {
        body += "<section>\n<h2>" + html_escape(section.heading) + "</h2>\n";
        for (const auto& item : section.items) {
            if (sheet.compact) {
                body += "<p class=\"item\" id=\"" + html_escape(item.topic) + "\"><span class=\"article\">" +
                        html_escape(item.article) + "</span> " + html_escape(item.summary) + "</p>\n";
                continue;
            }
            body += "<section class=\"item\" id=\"" + html_escape(item.topic) + "\">\n<h3><span class=\"article\">" + html_escape(item.article) +
                    "</span> " + html_escape(item.heading) + "</h3>\n";
            if (!item.summary.empty()) body += "<p>" + html_escape(item.summary) + "</p>\n";
            if (!item.lines.empty()) {
                body += "<ul>\n";
                for (const auto& line : item.lines) body += "<li>" + html_escape(line) + "</li>\n";
                body += "</ul>\n";
            }
            body += "</section>\n";
        }
        body += "</section>\n";
    }
    body += "<footer>" + html_escape(sheet.footer) + "</footer>\n";
    return html_page(sheet.title, sheet.lang, body);
}

// Text from rulebooks and timelines reaches a terminal: control characters are written visibly (terminal_safe).
std::string sheet_markdown(const Sheet& sheet) { return terminal_safe(sheet_markdown_unescaped(sheet)); }

std::string sheet_text(const Sheet& sheet, int width) {
    auto wrapped = [width](const std::string& text, const std::string& first, const std::string& rest) {
        std::string out;
        // The wider of the two indents bounds every line (a hanging indent is wider than the first line's).
        const auto lines = wrap(text, std::max(width - std::max(display_width(first), display_width(rest)), 20));
        for (std::size_t i = 0; i < lines.size(); ++i) out += (i ? rest : first) + lines[i] + "\n";
        return out;
    };
    auto underline = [](const std::string& text, char c) { return text + "\n" + std::string(std::max(display_width(text), 1), c) + "\n"; };
    std::string out = underline(sheet.title, '=');
    int label_width = 0;
    for (const auto& [label, value] : sheet.facts) label_width = std::max(label_width, display_width(label));
    for (const auto& [label, value] : sheet.facts) {
        const std::string head = pad_right(label, label_width) + "  ";
        out += wrapped(value, head, std::string(static_cast<std::size_t>(display_width(head)), ' '));
    }
    for (const auto& section : sheet.sections) {
        out += "\n" + underline(section.heading, '-');
        if (sheet.compact) out += "\n";
        for (const auto& item : section.items) {
            if (sheet.compact) {
                out += wrapped(item.article + " " + item.summary, "", "  ");
                continue;
            }
            out += "\n" + wrapped(item.article + " " + item.heading, "", "  ");
            if (!item.summary.empty()) out += wrapped(item.summary, "  ", "  ");
            for (const auto& line : item.lines) out += wrapped(line, "  - ", "    ");
        }
    }
    out += "\n" + wrapped(sheet.footer, "", "");
    return terminal_safe(out);
}

}  // namespace arbiter::report
