#include "rulebook/condition_places.h"

#include "rulebook/suggest.h"

#include <algorithm>

namespace arbiter::rulebook {

namespace {

bool any_in(const std::vector<std::string>& triggers, const std::vector<std::string>& places) {
    for (const auto& trigger : triggers)
        if (std::find(places.begin(), places.end(), trigger) != places.end()) return true;
    return false;
}

}  // namespace

std::string never_known_here(const EngineWords& engine, const std::vector<std::string>& raised_by,
                             const std::string& condition) {
    // Known where one of the rule's triggers binds the role (elsewhere the case does not match, as for a fact).
    for (const auto word : engine.condition_roles) {
        if (word.substr(0, word.find(' ')) != condition) continue;
        const std::string role(word.substr(word.find(' ') + 1));
        std::vector<std::string> binding;
        for (const auto w : engine.place_roles)
            if (w.substr(w.find(' ') + 1) == role) binding.emplace_back(w.substr(0, w.find(' ')));
        if (!any_in(raised_by, binding))
            return "which reads the " + role + ", who names nobody in a rule raised by " + list_names(raised_by) +
                   "; expected it only in a rule on a topic raised by " + list_names(binding);
    }
    std::vector<std::string> places;
    for (const auto word : engine.place_conditions)
        if (word.substr(word.find(' ') + 1) == condition) places.emplace_back(word.substr(0, word.find(' ')));
    if (places.empty() || any_in(raised_by, places)) return {};
    return "which nothing establishes in a rule raised by " + list_names(raised_by) +
           "; expected it only in a rule on a topic raised by " + list_names(places);
}

std::string uncounted_deadline(const EngineWords* words, const Registry& registry, const TopicSpec* t,
                               const Rule* r, const std::string& deadline) {
    if (!words || !t || !r || deadline.empty()) return {};
    const EngineWords& engine = *words;
    const TopicSpec& topic = *t;
    const Rule& rule = *r;
    auto places_of = [&](std::string_view word) {
        std::vector<std::string> places;
        for (const auto w : engine.place_deadlines)
            if (w.substr(w.find(' ') + 1) == word) places.emplace_back(w.substr(0, w.find(' ')));
        return places;
    };
    if (const auto places = places_of(deadline); !places.empty() && !any_in(topic.raised_by, places)) {
        std::vector<std::string> here;  // the deadlines counted in a rule raised here
        for (const auto& d : registry.deadline_names())
            if (const auto p = places_of(d); p.empty() || any_in(topic.raised_by, p))
            here.push_back(d);
        return "which the engine counts only in a rule raised by " + list_names(places) + "; in a rule raised by " +
               list_names(topic.raised_by) + " nothing asks it, so it would admit every claim; " +
               (here.empty() ? std::string("expected no deadline here") : "expected here one of: " + list_names(here));
    }
    for (const auto w : engine.deadline_params) {
        if (w.substr(0, w.find(' ')) != deadline) continue;
        const std::string param(w.substr(w.find(' ') + 1));
        const ParamSpec* spec = topic.param(param);
        if (spec && spec->default_value.IsDefined() && !spec->default_value.IsNull()) continue;
        if (std::any_of(rule.params.begin(), rule.params.end(), [&](const Param& p) { return p.name == param; }))
            continue;
        if (spec)
            return "which counts the rule's parameter " + param + ", and this rule gives none, so the deadline would " +
                   "never pass; expected params: {" + param + ": {value: N}} in this rule";
        std::vector<std::string> topics;  // the topics that register the parameter
        for (const auto& t : registry.topic_names())
            if (registry.topic(t)->param(param)) topics.push_back(t);
        return "which counts the rule's parameter " + param + ", which " + topic.name + " does not register, so the " +
               "deadline would never pass; expected it only in a rule on " + list_names(topics) + " with " + param;
    }
    return {};
}

}  // namespace arbiter::rulebook
