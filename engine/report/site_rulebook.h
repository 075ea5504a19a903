// A rulebook's page of the site (internal to the site_*.cpp files): its facts, its links to the rulebook it
// extends, to its diffs and to the comparisons it appears in, then every rule chapter by chapter in article order,
// then its categories and modes with their own rules.
#pragma once

#include "report/site_nav.h"

namespace arbiter::report::site {

// What a rulebook page links to besides its own rules: the rulebooks that extend it (each with its diff page) and
// the comparisons it was ruled in (page names and their timelines' names).
struct RulebookLinks {
    std::vector<const rulebook::Rulebook*> children;
    std::vector<std::pair<std::string, std::string>> comparisons;  // page name, title
};

// The page (complete HTML) and the search entries of its rules.
std::string rulebook_html(const rulebook::Library& library, const rulebook::Rulebook& book, const RulebookLinks& links,
                          rulebook::Lang lang, std::vector<Entry>& entries);

}  // namespace arbiter::report::site
