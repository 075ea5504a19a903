#include "rulebook/suggest.h"

#include <algorithm>

namespace arbiter::rulebook {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

std::string closest(std::string_view name, const std::vector<std::string>& candidates) {
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(2, name.size() / 3) + 1;
    for (const auto& candidate : candidates) {
        // The lengths' difference is a lower bound of the distance: a name of a megabyte (an unknown topic, an id)
        // was measured against every candidate at a cost of its length times theirs.
        const std::size_t apart = name.size() > candidate.size() ? name.size() - candidate.size()
                                                                 : candidate.size() - name.size();
        if (apart >= best_distance) continue;
        std::size_t d = edit_distance(name, candidate);
        if (d < best_distance) {
            best_distance = d;
            best = candidate;
        }
    }
    if (best.empty()) {
        std::string suffix(1, '.');
        suffix += name;
        for (const auto& candidate : candidates)
            if (candidate.size() > suffix.size() && candidate.ends_with(suffix)) return candidate;
    }
    return best;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
    std::string best = closest(name, candidates);
    return best.empty() ? std::string() : "; did you mean '" + best + "'?";
}

std::string list_names(const std::vector<std::string>& names) {
    if (names.empty()) return "(none)";
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
    return out;
}

}  // namespace arbiter::rulebook
