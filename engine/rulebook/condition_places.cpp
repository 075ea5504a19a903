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

}  // namespace arbiter::rulebook
