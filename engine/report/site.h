// `arbiter site DIR`: a static site of rulebooks a reader browses without a server. Every rulebook article by
// article in English and Japanese, each rulebook's diff against the rulebook it extends, the comparisons of the
// timelines given (a timeline ruled under its game's editions), all linked both ways, and a search page reading an
// index written into the site as a script (no request leaves the folder: no external assets, no fetch).
#pragma once

#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace arbiter::report {

// A timeline ruled under several rulebooks (what `arbiter compare` prints), for one page of the site.
struct SiteComparison {
    std::string name;  // the page's name: the timeline file's stem ("demo-edition-differences")
    const procedure::Timeline* timeline = nullptr;
    std::vector<procedure::Run> runs;  // one per rulebook, in the order compared
};

// Writes one file of the site: its name relative to the site's folder ("index.html", "rulebook-fide-2009.ja.html",
// "search-index.js") and what writes its bytes. English pages end in .html, Japanese ones in .ja.html; index.html is
// the English home.
using SiteFileWriter = std::function<void(const std::string& name, const std::function<void(std::ostream&)>& write)>;

// Gives every file of the site to `file` in turn, each made as it is written (a comparison's page a row at a time):
// the site is never held whole, and a long comparison's page never at all.
void write_site(const rulebook::Library& library, const std::vector<SiteComparison>& comparisons,
                const SiteFileWriter& file);

}  // namespace arbiter::report
