#include "rulebook/warnings.h"

#include "rulebook/event_check.h"
#include "rulebook/yaml_source.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <mutex>
#include <set>

namespace arbiter::rulebook {

namespace {
std::atomic<Lang> warnings_in{Lang::en};
}

void set_warnings_lang(Lang lang) { warnings_in = lang; }
Lang warnings_lang() { return warnings_in; }

void warn_short_main_time(const std::string& file, const YAML::Node& node, const clock::TimeControl& control) {
    if (!node || !node.IsScalar()) return;  // the structured form names its units ({time: 15s} means it)
    const auto hint = clock::short_main_time_hint(control, warnings_lang() == Lang::ja);
    if (!hint) return;
    static std::mutex guard;
    static std::set<std::string> warned;
    const std::string where = location_of(file, node).to_string();
    {
        const std::lock_guard lock(guard);
        if (!warned.insert(where).second) return;
    }
    if (warnings_lang() == Lang::ja) spdlog::warn("警告: {}: 持ち時間 \"{}\"：{}", where, node.Scalar(), *hint);
    else spdlog::warn("{}: time_control \"{}\": {}", where, node.Scalar(), *hint);
}

void warn_category_against_time(const Event& event, const Rulebook& book,
                                const std::optional<clock::TimeControl>& control) {
    if (event.category.empty() || !control || !control->is_timed()) return;
    const std::string timed = category_for(book, *control);
    const auto it = book.categories.find(event.category);
    // "standard" names the base rules where the rulebook has no category of that name: it contradicts a time
    // control that falls in one of its categories.
    const bool standard = it == book.categories.end() && event.category == "standard";
    if (it == book.categories.end() && !standard) return;  // an unknown category is the event's error elsewhere
    if (standard && timed.empty()) return;
    if (!standard) {
        const auto& w = it->second.when;
        if (!w.over && !w.at_least && !w.under && !w.at_most) return;  // a category not defined by the time
        if (timed == event.category) return;
    }
    const std::string& article = standard ? book.categories.at(timed).article : it->second.article;
    static std::mutex guard;
    static std::set<std::string> warned;
    const std::string where =
        (event.node && event.node["category"] ? location_of(event.file, event.node["category"]).to_string() : event.file);
    {
        const std::lock_guard lock(guard);
        if (!warned.insert(where + " " + book.id).second) return;
    }
    const std::string tc = clock::format_yaml_time_control(*control);
    if (warnings_lang() == Lang::ja)
        spdlog::warn("警告: {}: 種別 '{}' を指定したが、{} は種別を持ち時間で定め（{}）、持ち時間 {} は{}。指定どおり '{}' の規則で裁定する",
                     where, event.category, book.id, article, tc,
                     timed.empty() ? "どの種別にも入らない" : "種別 '" + timed + "' に入る", event.category);
    else
        spdlog::warn("{}: category '{}' but {} defines '{}' by the time ({}), and the time control {} is {}; ruling "
                     "under '{}' as the event asks (event check refuses this)",
                     where, event.category, book.id, standard ? timed : event.category, article, tc,
                     timed.empty() ? "in no category" : "in '" + timed + "'", event.category);
}

void warn_mixed_games(const std::vector<const Rulebook*>& books) {
    for (const Rulebook* book : books) {
        if (book->game == books.front()->game) continue;
        if (warnings_lang() == Lang::ja)
            spdlog::warn("警告: 異なるゲームの規則を比べている：{} は {} の規則、{} は {} の規則。一方のゲームの論点は他方では別の意味になりうる",
                         books.front()->id, books.front()->game, book->id, book->game);
        else
            spdlog::warn("comparing rulebooks of different games: {} is a {} rulebook, {} a {} one; topics of one game may "
                         "mean other things in the other", books.front()->id, books.front()->game, book->id, book->game);
        return;
    }
}

std::vector<std::string> warn_categories_over_changes(const Rulebook& book) {
    std::vector<std::string> out;
    // How far down the lineage a rulebook is: 0 for this one, 1 its parent...
    auto depth = [&](const std::string& id) {
        for (std::size_t i = 0; i < book.lineage.size(); ++i)
            if (book.lineage[i] == id) return int(i);
        return int(book.lineage.size());
    };
    for (const auto& [name, category] : book.categories)
        for (const auto& [topic, rule] : category.rules) {
            const Rule* base = book.rule(topic);
            if (!base || base->removed || depth(base->from.rulebook) >= depth(rule.from.rulebook)) continue;
            const std::string there = rule.from.file + ":" + std::to_string(rule.from.line);
            const std::string here = base->from.file + ":" + std::to_string(base->from.line);
            out.push_back(book.id + ": the category " + name + " (" + rule.from.rulebook + " " + rule.article + ", " + there +
                          ") replaces " + topic + ", which " + base->from.rulebook + " changed (" + here + "); in " + name +
                          " that change does not apply (restate it under categories: " + name + ": rules: if it should)");
            if (warnings_lang() == Lang::ja)
                spdlog::warn("警告: {}: 部門 {}（{} {}、{}）が {} を置き換える。{} による変更（{}）はこの部門では適用されない"
                             "（適用するなら categories: {}: rules: に書き直す）",
                             book.id, name, rule.from.rulebook, rule.article, there, topic, base->from.rulebook, here, name);
            else
                spdlog::warn("{}", out.back());
        }
    return out;
}

}  // namespace arbiter::rulebook
