#include "report/rule_words.h"

#include "report/rulebook_text.h"
#include "report/run_words.h"

#include <cctype>

namespace arbiter::report {

using namespace arbiter::rulebook;

namespace {

// English words from the registry are sentences ("The game is drawn."); inside a longer sentence each clause
// starts in lower case ("if at least ..., then the game is drawn"). Japanese has no case.
std::string lower_clauses(std::string text) {
    for (std::size_t at = 0; at < text.size();) {
        const auto upper = [&](std::size_t i) { return std::isupper(static_cast<unsigned char>(text[i])) != 0; };
        if (upper(at) && (at + 1 >= text.size() || !upper(at + 1)))  // "The" becomes "the"; "FIDE" stays
            text[at] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[at])));
        const auto next = text.find("; ", at);
        at = next == std::string::npos ? text.size() : next + 2;
    }
    return text;
}

std::string effects_words(const std::vector<Effect>& effects, const Rule& rule, const Registry& registry, Lang lang) {
    std::string out;
    for (const Effect& e : effects)
        out += (out.empty()        ? ""
                : lang == Lang::ja ? "。"
                                   : "; ") +
               without_full_stop(effect_in_words(e, registry, lang, &rule));
    return out;
}

}  // namespace

std::string none_words(Lang lang) { return lang == Lang::ja ? "（なし）" : "(none)"; }

std::string no_rule_words(Lang lang) { return lang == Lang::ja ? "規定なし" : "no rule"; }

std::string field_in_words(const std::string& field, const Rule& rule, const Registry& registry, Lang lang) {
    const bool ja = lang == Lang::ja;
    if (field == "article") return rule.article;
    if (field == "also") {
        std::string out;
        for (const auto& a : rule.also) out += (out.empty() ? "" : ", ") + a;
        return out;
    }
    if (field.rfind("params.", 0) == 0) {
        const Param* p = rule.param(field.substr(7));
        return p ? param_in_words(*p, lang, &registry, rule.topic) : std::string();
    }
    if (field == "effects") return effects_words(rule.effects, rule, registry, lang);
    if (field == "cases") {
        // One sentence per case: its condition, then what follows ("If ...: ..."), its article first.
        std::string out;
        for (const Case& c : rule.cases) {
            const std::string when =
                c.when && !c.when.IsNull() ? conditions_in_words(c.when, registry, lang, &rule) : "";
            std::string one = c.article.empty() ? "" : (ja ? c.article + "条：" : c.article + ": ");
            if (!when.empty()) one += ja ? "条件「" + when + "」のとき、" : "if " + lower_clauses(when) + ", then ";
            const std::string effects = effects_words(c.effects, rule, registry, lang);
            one += ja || when.empty() ? effects : lower_clauses(effects);
            out += (out.empty() ? "" : ja ? "／" : " / ") + one;
        }
        return out;
    }
    if (field == "ladder") {
        std::string out;
        for (std::size_t i = 0; i < rule.ladder.size(); ++i) {
            const bool last = i + 1 == rule.ladder.size();
            const std::string n = std::to_string(i + 1);
            const std::string head =
                ja ? "違反" + n + (last ? "回目以降：" : "回目：")
                   : (i == 0 ? "first offence" : "offence " + n) + (last && i > 0 ? " and later" : "") + ": ";
            out += (out.empty() ? ""
                    : ja        ? "／"
                                : " / ") +
                   head + effects_words(rule.ladder[i].effects, rule, registry, lang);
        }
        return out;
    }
    if (field == "discretion") {
        if (!rule.discretion) return "";
        std::string out;
        for (const auto& o : rule.discretion->options)
            out += (out.empty() ? "" : ja ? "・" : ", ") + effect_words(o, &registry, lang);
        return (ja ? "アービターの裁量：" : "at the arbiter's discretion: ") + out;
    }
    if (field == "hook") return rule.hook.empty() ? "" : (ja ? "計算式 " : "computed by the formula ") + rule_hook_words(rule, lang);
    if (field == "restore")
        return rule.restore.empty()
                   ? ""
                   : (ja ? "局面を戻す：" : "the position goes back: ") + effect_words(rule.restore, &registry, lang);
    if (field == "claim") return rule.claim ? claim_in_words(*rule.claim, registry, lang) : "";
    return "";
}

}  // namespace arbiter::report
