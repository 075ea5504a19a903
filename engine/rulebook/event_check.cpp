#include "rulebook/event_check.h"
#include "rulebook/stated_time_control.h"

#include "rulebook/category_basis.h"
#include "rulebook/loader.h"
#include "rulebook/schema.h"
#include "rulebook/suggest.h"
#include "rulebook/warnings.h"
#include "rulebook/yaml_source.h"

namespace arbiter::rulebook {

namespace {

// -1, 0 or 1 as a compares to b in their unit (text and choice compare as text).
int compare(const Value& a, const Value& b) {
    switch (a.unit) {
        case Unit::duration: return a.ms < b.ms ? -1 : a.ms > b.ms;
        case Unit::moves:
        case Unit::count: return a.integer < b.integer ? -1 : a.integer > b.integer;
        case Unit::points:
        case Unit::fraction: return a.number < b.number ? -1 : a.number > b.number;
        case Unit::boolean: return a.flag == b.flag ? 0 : (a.flag ? 1 : -1);
        default: return a.text < b.text ? -1 : a.text > b.text;
    }
}

bool within(std::chrono::milliseconds t, const GameTimeBounds& when) {
    if (when.over && !(t > *when.over)) return false;
    if (when.at_least && !(t >= *when.at_least)) return false;
    if (when.under && !(t < *when.under)) return false;
    if (when.at_most && !(t <= *when.at_most)) return false;
    return when.over || when.at_least || when.under || when.at_most;
}

}  // namespace

Event load_event(const std::filesystem::path& path) {
    const YamlFile file = read_yaml_file(path);
    if (!file.root.IsMap() || !file.root["event"])
        throw InputError(location_of(file.name, file.root), "found a file without `event:` at the top; expected an event file");
    check_schema(file, Kind::event);
    return read_event(file.root, file.name);
}

const Rule* applicable_rule(const Rulebook& book, std::string_view topic, const std::string& mode, const std::string& category) {
    auto own = [&](const RuleMap& rules) -> const Rule* {
        auto it = rules.find(topic);
        return it == rules.end() ? nullptr : &it->second;
    };
    const Rule* rule = nullptr;
    if (auto m = book.modes.find(mode); !mode.empty() && m != book.modes.end()) rule = own(m->second.rules);
    if (!rule)
        if (auto c = book.categories.find(category); !category.empty() && c != book.categories.end()) rule = own(c->second.rules);
    if (!rule) rule = book.rule(topic);
    return rule && !rule->removed ? rule : nullptr;
}

std::pair<std::string, std::string> split_set_path(std::string_view path, const Registry& registry) {
    for (std::size_t dot = path.rfind('.'); dot != std::string_view::npos && dot > 0; dot = path.rfind('.', dot - 1)) {
        if (registry.topic(path.substr(0, dot))) return {std::string(path.substr(0, dot)), std::string(path.substr(dot + 1))};
        if (dot == 0) break;
    }
    return {"", std::string(path)};
}

// What a value of `unit` looks like, in Japanese (loader.cpp's unit_expectation in English).
std::string unit_expectation_ja(Unit unit) {
    switch (unit) {
        case Unit::duration: return "時間（3min、90s、1h30min、1:30:00 など）";
        case Unit::moves: return "手数（0以上の整数）";
        case Unit::count: return "0以上の整数";
        case Unit::points: return "点数";
        case Unit::fraction: return "数";
        case Unit::boolean: return "true か false";
        case Unit::text: return "文字列";
        case Unit::choice: return "選択肢の名前";
        case Unit::balances: return "駒の組み合わせ（'KR v KR; KBP v K' など）";
    }
    return "値";
}

// "（'x' の誤りか）" for the closest candidate, or "" (suggest.h's did_you_mean in Japanese).
std::string did_you_mean_ja(std::string_view name, const std::vector<std::string>& candidates) {
    const std::string c = closest(name, candidates);
    return c.empty() ? "" : "（'" + c + "' の誤りか）";
}

// Names as a Japanese refusal lists them: each quoted, joined with 、.
std::string quoted_ja(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out += (out.empty() ? "" : "、") + ("'" + n + "'");
    return out.empty() ? "（なし）" : out;
}

std::string category_for(const Rulebook& book, const clock::TimeControl& control) {
    const auto game_time = clock::time_for_moves(control, category_basis_moves(book).value_or(0),
                                                 book.category_basis_delay);
    if (!game_time) return "";
    for (const auto& [name, category] : book.categories)
        if (within(*game_time, category.when)) return name;
    return "";
}

EventCheck check_event_settings(const Event& event, const Rulebook& book, const Registry& registry) {
    EventCheck out;
    auto refuse = [&](const YAML::Node& at, std::string path, std::string article, std::string message,
                      std::string message_ja) {
        out.refused.push_back({location_of(event.file, at), std::move(path), std::move(article), std::move(message),
                               std::move(message_ja)});
    };

    out.mode = event.mode.empty() ? book.default_mode : event.mode;
    if (!event.mode.empty() && !book.modes.count(event.mode))
        refuse(event.node["mode"], "mode", "",
               book.id + " has no mode '" + event.mode + "'; expected one of: " + list_names(keys_of(book.modes)) +
                   did_you_mean(event.mode, keys_of(book.modes)),
               book.id + " に方式 '" + event.mode + "' はない。指定できるのは " + quoted_ja(keys_of(book.modes)) +
                   did_you_mean_ja(event.mode, keys_of(book.modes)));

    if (event.time_control.IsDefined() && !event.time_control.IsNull()) {
        auto parsed = clock::parse_yaml_time_control(event.time_control);
        if (parsed) out.time_control = *parsed;
        else
            refuse(event.time_control, "time_control", "", "the time control does not read: " + parsed.error.message,
                   "持ち時間を読めない: " + parsed.error.message);
        if (parsed) warn_short_main_time(event.file, event.time_control, *parsed);
        // A rulebook that states its own time control and does not let an event set it (JOA: 20 minutes each)
        // refuses any other.
        const auto stated = stated_time_control(book);
        if (parsed && stated && !event_may_set_time_control(book) &&
            clock::format_yaml_time_control(*parsed) != clock::format_yaml_time_control(*stated)) {
            const Rule* r = book.rule("clock.time_control");
            refuse(event.time_control, "time_control", r->article,
                   r->article + " fixes the time control at " + clock::format_yaml_time_control(*stated) + "; found " +
                       clock::format_yaml_time_control(*parsed) + " (leave time_control out to use the rulebook's)",
                   r->article + " は持ち時間を " + clock::format_yaml_time_control(*stated) + " と定めている。指定は " +
                       clock::format_yaml_time_control(*parsed) + "（'time_control' を省けば規則集の持ち時間になる）");
        }
    } else if (auto stated = stated_time_control(book)) {
        // No time control of the event's own: its games are played on the one the rulebook states (JOA: 20 minutes
        // each; a league's main time and byoyomi), as a run plays them, so the check and the sheet say which.
        out.time_control = *stated;
        out.time_control_article = book.rule("clock.time_control")->article;
    }
    const std::string timed = out.time_control ? category_for(book, *out.time_control) : std::string();
    // "standard" names the base rules, no category: the word `run` and its JSON print for them. A rulebook may still
    // define a category of that name, which then is the one meant.
    const bool base_rules = event.category == "standard" && !book.categories.count(event.category);
    if (base_rules) {
        // A time control that falls in one of the rulebook's categories belongs to it by the category's definition.
        if (!timed.empty() && out.time_control && out.time_control->is_timed()) {
            const std::string& article = book.categories.at(timed).article;
            refuse(event.node["category"], "category", article,
                   article + " defines " + timed + " by the time per player, and the time control " +
                       clock::format_yaml_time_control(*out.time_control) + " is in it; expected category: " + timed +
                       ", or a time control outside every category for standard play",
                   article + " は1人あたりの持ち時間で種別 '" + timed + "' を定め、持ち時間 " +
                       clock::format_yaml_time_control(*out.time_control) + " はそれに入る。種別を '" + timed +
                       "' とするか、通常の対局にはどの種別にも入らない持ち時間を指定する");
        }
    } else if (!event.category.empty()) {
        auto it = book.categories.find(event.category);
        if (it == book.categories.end()) {
            refuse(event.node["category"], "category", "",
                   book.id + " has no category '" + event.category + "'; expected one of: " + list_names(keys_of(book.categories)) +
                       did_you_mean(event.category, keys_of(book.categories)),
                   book.id + " に種別 '" + event.category + "' はない。指定できるのは " +
                       quoted_ja(keys_of(book.categories)) + did_you_mean_ja(event.category, keys_of(book.categories)));
        } else {
            out.category = event.category;
            out.category_article = it->second.article;
            const auto& when = it->second.when;
            const bool bounded = when.over || when.at_least || when.under || when.at_most;
            if (out.time_control && out.time_control->is_timed() && bounded && timed != event.category)
                refuse(event.node["category"], "category", it->second.article,
                       it->second.article + " defines " + event.category + " by the time per player, and the time control " +
                           clock::format_yaml_time_control(*out.time_control) + " is " +
                           (timed.empty() ? std::string("not in it") : "in " + timed) +
                           "; expected a time control in the category, or no category",
                       it->second.article + " は1人あたりの持ち時間で種別 '" + event.category + "' を定め、持ち時間 " +
                           clock::format_yaml_time_control(*out.time_control) +
                           (timed.empty() ? std::string(" はそれに入らない") : " は種別 '" + timed + "' に入る") +
                           "。その種別に入る持ち時間を指定するか、種別を省く");
        }
    } else if (!timed.empty()) {
        out.category = timed;
        out.category_article = book.categories.at(timed).article;
        out.category_from_time = true;
    }

    // A category that says so is played under the base rules where the event states adequate supervision (A.3).
    out.supervision = event.supervision;
    if (const auto c = book.categories.find(out.category); c != book.categories.end())
        out.base_rules = c->second.base_rules_when_supervised && event.supervision == "adequate";

    for (const Setting& setting : event.set) {
        const std::string path = setting.key.Scalar();
        const auto [topic, name] = split_set_path(path, registry);
        if (topic.empty() || name.empty()) {
            std::string head = path.substr(0, path.rfind('.'));
            refuse(setting.key, path, "",
                   "'" + path + "' names no topic of the registry; expected topic.param" +
                       did_you_mean(head, registry.topic_names()),
                   "'" + path + "' はどの項目も指さない。項目.パラメータ の形で書く" +
                       did_you_mean_ja(head, registry.topic_names()));
            out.refused.back().unknown_name = true;
            continue;
        }
        const TopicSpec* spec = registry.topic(topic);
        if (!spec->param(name)) {
            refuse(setting.key, path, "",
                   "the topic " + topic + " has no parameter '" + name + "'; expected one of: " + list_names(spec->param_names()) +
                       did_you_mean(name, spec->param_names()),
                   "項目 " + topic + " にパラメータ '" + name + "' はない。指定できるのは " +
                       quoted_ja(spec->param_names()) + did_you_mean_ja(name, spec->param_names()));
            out.refused.back().unknown_name = true;
            continue;
        }
        const Rule* rule = applicable_rule(book, topic, out.mode, out.rules_category());
        if (!rule) {
            refuse(setting.key, path, "", book.id + " has no rule for " + path + ", so an event cannot set it",
                   book.id + " には " + path + " の規則がないため、大会はこれを定められない");
            continue;
        }
        const Param* param = rule->param(name);
        if (!param) {
            refuse(setting.key, path, rule->article,
                   book.id + " has no rule for " + path + ": its rule on " + topic + " (" + rule->article +
                       ") has no parameter '" + name + "', so an event cannot set it",
                   book.id + " の " + topic + " の規則（" + rule->article + "）には " + path +
                       " の値がないため、大会はこれを定められない");
            continue;
        }
        if (!param->event_may_set) {
            refuse(setting.key, path, rule->article,
                   rule->article + " does not let an event change " + name + " (" + book.id + " fixes it at " +
                       param->value.text + ")",
                   rule->article + " は大会に " + path + " の変更を認めない（" + book.id + " の値は " +
                       (param->value.unit != Unit::boolean ? param->value.text : param->value.flag ? "はい" : "いいえ") +
                       " に固定）");
            continue;
        }
        Value value;
        try {
            value = read_value(param->value.unit, setting.value, event.file, path);
        } catch (const InputError& error) {
            refuse(setting.value, path, rule->article,
                   "found " + describe(setting.value) + " for " + path + "; expected " + unit_expectation(param->value.unit) +
                       " (" + rule->article + ")",
                   path + " の値 " + (setting.value.IsScalar() ? "'" + setting.value.Scalar() + "'" : "（値でないもの）") +
                       " は読めない。" + unit_expectation_ja(param->value.unit) + " で書く（" + rule->article + "）");
            continue;
        }
        if ((param->min && compare(value, *param->min) < 0) || (param->max && compare(value, *param->max) > 0)) {
            refuse(setting.value, path, rule->article,
                   rule->article + " lets an event set " + name + " within " + (param->min ? param->min->text : std::string()) +
                       ".." + (param->max ? param->max->text : std::string()) + "; found " + value.text,
                   rule->article + " が大会に認める " + path + " の範囲は " +
                       (param->min ? param->min->text : std::string()) + "〜" +
                       (param->max ? param->max->text : std::string()) + "。指定は " + value.text);
            continue;
        }
        if (!param->choices.empty()) {
            bool listed = false;
            std::vector<std::string> texts;
            for (const auto& c : param->choices) {
                listed = listed || compare(value, c) == 0;
                texts.push_back(c.text);
            }
            if (!listed) {
                refuse(setting.value, path, rule->article,
                       rule->article + " lets an event set " + name + " to one of: " + list_names(texts) + "; found " +
                           value.text,
                       rule->article + " が大会に認める " + path + " の値は " + quoted_ja(texts) + " のいずれか。指定は '" +
                           value.text + "'");
                continue;
            }
        }
        out.accepted.push_back({path, rule, param, value});
    }
    return out;
}

const Value* event_value(const EventCheck& check, const Rule& rule, std::string_view param) {
    for (const auto& s : check.accepted)
        if (s.rule->topic == rule.topic && s.param->name == param) return &s.value;
    const Param* p = rule.param(param);
    return p ? &p->value : nullptr;
}

}  // namespace arbiter::rulebook
