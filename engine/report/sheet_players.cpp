#include "report/sheet_players.h"

#include "report/diff_layout.h"
#include "report/run_words.h"

#include <algorithm>

#include <set>

namespace arbiter::report {

using namespace arbiter::rulebook;

namespace {

std::string without_stop(std::string s) {
    if (!s.empty() && s.back() == '.') s.pop_back();
    if (s.size() >= 3 && s.compare(s.size() - 3, 3, "。") == 0) s.resize(s.size() - 3);
    return s;
}

std::string plural(std::int64_t n, const char* unit) { return std::to_string(n) + " " + unit + (n == 1 ? "" : "s"); }

}  // namespace

std::string duration_for_players(std::int64_t ms, Lang lang) {
    if (lang == Lang::ja) return duration_words(ms, lang);
    const std::int64_t s = ms / 1000, h = s / 3600, m = s % 3600 / 60, sec = s % 60;
    std::string out;
    if (h) out += plural(h, "hour");
    if (m) out += (out.empty() ? "" : " ") + plural(m, "minute");
    if (sec || out.empty()) out += (out.empty() ? "" : " ") + plural(sec, "second");
    return out;
}

namespace {

std::string topic_words(const Registry& registry, const std::string& topic, Lang lang) {
    const TopicSpec* spec = registry.topic(topic);
    return spec && !spec->text.in(lang).empty() ? without_stop(spec->text.in(lang)) : topic;
}

// "Lateness after which the absent player loses: 15 minutes (the rulebook: 0 seconds)." The parameter's words come
// from the registry (schemas/topics.yaml), never its name.
std::string setting_sentence(const AcceptedSetting& s, const Registry& registry, Lang lang) {
    const TopicSpec* spec = registry.topic(s.rule->topic);
    const ParamSpec* ps = spec ? spec->param(s.param->name) : nullptr;
    const std::string what =
        ps && !ps->text.in(lang).empty() ? without_stop(ps->text.in(lang)) : topic_words(registry, s.rule->topic, lang);
    const std::string now = value_for_players(s.value, lang), before = value_for_players(s.param->value, lang);
    return lang == Lang::ja ? what + "：" + now + "（規則の既定は" + before + "）。"
                            : what + ": " + now + " (the rulebook: " + before + ").";
}

SheetItem rule_item(const Rule& rule, const Registry& registry, Lang lang) {
    return {rule.topic, rule.article, topic_words(registry, rule.topic, lang), rule.summary.in(lang), {}};
}

}  // namespace

std::string value_for_players(const Value& value, Lang lang) {
    const bool ja = lang == Lang::ja;
    if (value.unit == Unit::duration) return duration_for_players(value.ms.count(), lang);
    if (value.unit == Unit::boolean) return value.flag ? (ja ? "はい" : "yes") : (ja ? "いいえ" : "no");
    if (value.unit == Unit::moves) return ja ? std::to_string(value.integer) + "手" : plural(value.integer, "move");
    return ja ? written_value_words(value.text, lang) : value.text;
}

Sheet players_sheet(const Event& event, const Rulebook& book, const EventCheck& check, const Registry& registry,
                    Lang lang) {
    const bool ja = lang == Lang::ja;
    // The header of the full sheet, without the rulebook's id: a player reads the rulebook's title.
    Sheet sheet = event_sheet(event, book, check, registry, lang);
    sheet.sections.clear();
    sheet.compact = true;
    for (auto& [label, value] : sheet.facts) {
        if (label == (ja ? "規則" : "Rulebook")) value = book.title.in(lang);
        // The mode by its summary alone (its name is the rulebook file's id for it).
        const auto mode = book.modes.find(check.mode);
        if (label == (ja ? "形式" : "Mode") && mode != book.modes.end() && !mode->second.summary.empty())
            value = mode->second.summary.in(lang);
        if (label == (ja ? "持ち時間" : "Time control") && check.time_control)
            value = time_control_in_words(*check.time_control, lang, true) +
                    (check.time_control_article.empty() ? "" : " (" + check.time_control_article + ")");
    }
    sheet.footer =
        ja ? "記載のない事項は" + book.title.in(lang) + "による。条番号は同規則のもの。"
           : "Anything not stated here follows the " + book.title.in(lang) + "; article numbers are its own.";
    std::set<std::string> listed;
    SheetSection set{ja ? "本大会が定めること" : "What this event sets", {}};
    for (const AcceptedSetting& s : check.accepted) {
        SheetItem item = rule_item(*s.rule, registry, lang);
        item.summary = setting_sentence(s, registry, lang);
        if (listed.insert(s.rule->topic).second)
            set.items.push_back(std::move(item));
        else
            for (SheetItem& same : set.items)
                if (same.topic == s.rule->topic) same.summary += (ja ? "" : " ") + setting_sentence(s, registry, lang);
    }
    if (!set.items.empty()) sheet.sections.push_back(std::move(set));
    // The category's and the mode's own rules stand in place of the main rules on their topics.
    SheetSection own{ja ? "この大会の種別・形式で変わる規則" : "Rules that differ in this kind of event", {}};
    const auto add_own = [&](const RuleMap& rules) {
        for (const auto& [topic, rule] : rules)
            if (!rule.removed && listed.insert(topic).second) own.items.push_back(rule_item(rule, registry, lang));
    };
    if (const auto c = book.categories.find(check.rules_category()); c != book.categories.end()) add_own(c->second.rules);
    if (const auto m = book.modes.find(check.mode); m != book.modes.end()) add_own(m->second.rules);
    std::stable_sort(own.items.begin(), own.items.end(), [](const SheetItem& a, const SheetItem& b) {
        return diff_layout::article_before(a.article, b.article);
    });
    if (!own.items.empty()) sheet.sections.push_back(std::move(own));
    // The rest of the sheet's points, each its rule's summary (the full sheet's sections, without discretion).
    for (const SheetSectionSpec& spec : registry.sheet_sections()) {
        if (spec.discretion) continue;
        SheetSection section{spec.heading.in(lang), {}};
        for (const std::string& topic : spec.topics)
            if (const Rule* rule = applicable_rule(book, topic, check.mode, check.rules_category());
                rule && in_play(topic, check.time_control) && listed.insert(topic).second)
                section.items.push_back(rule_item(*rule, registry, lang));
        if (!section.items.empty()) sheet.sections.push_back(std::move(section));
    }
    return sheet;
}

}  // namespace arbiter::report
