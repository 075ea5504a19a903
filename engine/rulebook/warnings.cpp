#include "rulebook/warnings.h"

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
