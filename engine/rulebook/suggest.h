// "Did you mean" suggestions for unknown names, by edit distance.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::rulebook {

// Returns the Levenshtein distance between `a` and `b` (bytes).
std::size_t edit_distance(std::string_view a, std::string_view b);

// Returns the candidate closest to `name` if it is close enough to be a likely misspelling (or a
// candidate that ends in "." + name, such as draw.repetition for repetition); empty otherwise.
std::string closest(std::string_view name, const std::vector<std::string>& candidates);

// Returns "; did you mean 'x'?" for the closest candidate, or "" when none is close.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

// The names an error offers as "expected one of: ...": joined with ", ", or "(none)" when there are none.
std::string list_names(const std::vector<std::string>& names);

// The keys of a map of named things, in the map's order (the candidates of list_names and did_you_mean).
template <class Map>
std::vector<std::string> keys_of(const Map& map) {
    std::vector<std::string> out;
    for (const auto& [name, _] : map) out.push_back(name);
    return out;
}

}  // namespace arbiter::rulebook
