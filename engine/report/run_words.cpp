#include "report/run_words.h"

#include "clock/duration.h"
#include "procedure/cycle_words.h"

#include <array>
#include <utility>

namespace arbiter::report {

using rulebook::Lang;

namespace {

// The entry actions of docs/TIMELINES.md (the runner's table in engine/procedure/entries.cpp). Not in the
// registry: a rulebook never names them, only timelines do; the terms are those of the JCA and JSA rules.
constexpr std::array<std::pair<std::string_view, std::string_view>, 17> entry_actions{{
    {"move", "着手"},       {"claim", "申し立て"},  {"observe", "指摘"},   {"arbiter", "アービターの裁定"},
    {"arrive", "到着"},     {"phone", "携帯電話"},  {"resign", "投了"},    {"offer", "引き分けの提案"},
    {"accept", "提案の受諾"}, {"decline", "提案の拒否"}, {"touch", "駒に触れる"}, {"declare", "宣言"},
    {"pass", "パス"},       {"press", "時計を押す"}, {"assign", "権利の付与"}, {"incident", "事案の記録"},
    {"appeal", "不服申し立て"},
}};

// The claim kinds of engine/procedure/claims.cpp. "flag" is 時間切れ in every game: the Japanese rules of shogi
// and othello say 時間切れ, and Japanese chess texts use it for a fallen flag too.
constexpr std::array<std::pair<std::string_view, std::string_view>, 11> claim_kinds{{
    {"repetition", "同一局面の反復"},   {"fifty_moves", "手数規則"},      {"quickplay_finish", "クイックプレイ・フィニッシュ"},
    {"flag", "時間切れ"},               {"win_on_time", "時間切れ勝ち"},  {"illegal_move", "反則手"},
    {"impasse", "入玉宣言"},            {"book_draw", "定跡上の引き分け局面"}, {"draw", "引き分け"},
    {"game_end", "終局"},               {"touch_move", "触れた駒の義務違反"},
}};

// Names a timeline or a rule gives as values, which no registry section lists: who observes (docs/TIMELINES.md
// observe by and the fact both_flags_fallen), the late player's choice to forfeit, the clocks of a replay
// (replay_with_colours_swapped clocks: remaining), the positions restore_position goes back to, the irregularities of move.irregular_position (words of
// the registry's `irregularity` condition), and the values of the registry's choice parameters and text conditions
// (draw.repetition castling, draw.claim_lapse lost_on, touched_piece, touched_pair). A rulebook's own names (its formulas
// and categories) are not here: the rulebook gives their titles (hook_words, category_words).
constexpr std::array<std::pair<std::string_view, std::string_view>, 25> choice_words{{
    {"remaining", "残り時間のまま"},
    {"claim", "申し立て"},
    {"both_flags_fallen", "双方の時間切れ"},
    {"arbiter", "アービター"},              {"spectator", "観戦者"},                     {"recorder", "記録係"},
    {"witness", "立会人"},
    {"player", "対局者"},                   {"forfeit", "不戦敗"},              {"before_irregularity", "不正の直前の局面"}, {"initial", "初期配置"},
    {"initial_setup", "初期配置"},          {"board_orientation", "盤の向き"},           {"colours_reversed", "先後の取り違え"},
    {"displaced_pieces", "駒のずれ"},       {"last_correct", "最後の正しい局面"},       {"clock_setting", "時計の設定誤り"},
    {"rights", "権利の変化"},               {"possible_moves", "可能な着手の変化"},
    {"move", "着手の完了"},                 {"touch", "駒に故意に触れること"},           {"own", "自分の駒"},
    {"legal", "合法"},                      {"illegal", "不正"},                        {"reversed", "逆の順"},
}};

// The fields of the registry's effects (schemas/topics.yaml effects: fields), as a Japanese sheet labels them.
constexpr std::array<std::pair<std::string_view, std::string_view>, 14> effect_fields{{
    {"to", "対象"},    {"who", "対象者"},   {"amount", "時間"},   {"unless", "ただし"}, {"options", "選択肢"},
    {"rated", "レーティング対象"}, {"right", "権利"}, {"clocks", "時計"}, {"name", "計算式"},
    {"empties_to_winner", "空きマスを勝者に加える"}, {"winner_at_least", "勝者の最低石数"}, {"returns", "返しうる効果"},
    {"moves", "手数"},      {"joint_move_first", "他の駒との同時着手を優先"},
}};

template <std::size_t N>
std::string_view find(const std::array<std::pair<std::string_view, std::string_view>, N>& table, std::string_view key) {
    for (const auto& [name, words] : table)
        if (name == key) return words;
    return {};
}

}  // namespace

std::string without_full_stop(std::string s) {
    if (!s.empty() && s.back() == '.') s.pop_back();
    if (s.size() >= 3 && s.compare(s.size() - 3, 3, "。") == 0) s.resize(s.size() - 3);
    return s;
}

std::string role_words(std::string_view name, const rulebook::Registry* registry, Lang lang) {
    if (lang == Lang::ja && registry) {
        if (const rulebook::NamedText* role = registry->role(name)) return role->text.in(lang);
        if (const std::string_view words = find(choice_words, name); !words.empty()) return std::string(words);
    }
    return std::string(name);
}

std::string effect_words(std::string_view name, const rulebook::Registry* registry, Lang lang) {
    if (lang == Lang::ja && registry) {
        if (const rulebook::NamedText* role = registry->role(name)) return role->text.in(lang);
        if (const rulebook::EffectSpec* e = registry->effect(name)) return without_full_stop(e->text.in(lang));
        if (const rulebook::NamedText* o = registry->option(name)) return without_full_stop(o->text.in(lang));
        if (const rulebook::ConditionSpec* c = registry->condition(name)) return without_full_stop(c->text.in(lang));
        if (const rulebook::TopicSpec* t = registry->topic(name)) return without_full_stop(t->text.in(lang));
        if (const std::string_view words = find(choice_words, name); !words.empty()) return std::string(words);
        if (const std::string_view words = find(claim_kinds, name); !words.empty()) return std::string(words);
        if (const std::string_view words = procedure::cycle_pattern_ja(name); !words.empty()) return std::string(words);
    }
    return std::string(name);
}

std::string category_words(std::string_view category, const rulebook::Text& title, Lang lang) {
    if (!title.empty()) return title.in(lang);
    if (category.empty() || category == "standard") return lang == Lang::ja ? "通常" : "standard";
    if (lang != Lang::ja) return std::string(category);
    // The registry's general categories (its topics category.rapid and category.blitz), in the words of
    // clock.time_control_categories; any other category is the rulebook's own, and untitled it has no Japanese name.
    if (category == "rapid") return "早指し";
    if (category == "blitz") return "電撃戦";
    return "規則の定める種別";
}

std::string category_words(std::string_view category, Lang lang, const std::vector<const rulebook::Rulebook*>& books) {
    for (const rulebook::Rulebook* book : books) {
        if (!book) continue;
        const auto it = book->categories.find(category);
        if (it != book->categories.end()) return category_words(category, it->second.title, lang);
    }
    return category_words(category, rulebook::Text{}, lang);
}

std::string hook_words(const YAML::Node& fields, Lang lang) {
    std::string name;
    rulebook::Text title;
    if (fields && fields.IsScalar()) name = fields.Scalar();
    if (fields && fields.IsMap()) {
        if (const YAML::Node n = fields["name"]; n && n.IsScalar()) name = n.Scalar();
        if (const YAML::Node t = fields["title"]; t && t.IsMap()) {
            if (const YAML::Node en = t["en"]; en && en.IsScalar()) title.en = en.Scalar();
            if (const YAML::Node ja = t["ja"]; ja && ja.IsScalar()) title.ja = ja.Scalar();
        }
    }
    if (!title.empty()) return title.in(lang);
    return lang == Lang::ja ? "規則の計算式" : name;
}

std::string rule_hook_words(const rulebook::Rule& rule, Lang lang) {
    if (rule.hook.empty()) return "";
    const std::string words = hook_words(rule.hook_call.fields, lang);
    return lang == Lang::ja || words == rule.hook ? words : words + " (" + rule.hook + ")";
}

std::string mode_words(std::string_view mode, Lang lang, const std::vector<const rulebook::Rulebook*>& books) {
    for (const rulebook::Rulebook* book : books) {
        if (!book) continue;
        const auto it = book->modes.find(std::string(mode));
        if (it != book->modes.end() && !it->second.title.empty()) return it->second.title.in(lang);
    }
    return std::string(mode);
}

std::string duration_words(std::int64_t ms, Lang lang) {
    if (lang != Lang::ja) return clock::format_duration(clock::Ms{ms});
    if (ms < 0) return "-" + duration_words(-ms, lang);
    const std::int64_t h = ms / 3600000, m = ms / 60000 % 60, s = ms / 1000 % 60, rest = ms % 1000;
    std::string out;
    if (h) out += std::to_string(h) + "時間";
    if (m) out += std::to_string(m) + "分";
    if (s || rest) out += std::to_string(s) + (rest ? "." + std::to_string(rest + 1000).substr(1) : "") + "秒";
    return out.empty() ? "0秒" : out;
}

std::string written_value_words(const std::string& text, Lang lang) {
    if (lang != Lang::ja) return text;
    if (text == "true") return "はい";
    if (text == "false") return "いいえ";
    // Only what reads as a duration with a unit (3min, 1h30min, 30s): a bare number stays a number.
    if (!text.empty() && text.find_first_not_of("0123456789.") != std::string::npos)
        if (const auto parsed = clock::parse_duration(text)) return duration_words(parsed.value->count(), lang);
    return text;
}

std::string_view effect_field_ja(std::string_view field) { return find(effect_fields, field); }

std::string_view entry_action_ja(std::string_view action) { return find(entry_actions, action); }

std::string_view claim_kind_ja(std::string_view kind) { return find(claim_kinds, kind); }

}  // namespace arbiter::report
