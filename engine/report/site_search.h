// The site's search (internal to the site_*.cpp files): an index of every page and article written as a script
// (search-index.js, search-index.ja.js) and a page that filters it in the browser, so that the site is searched
// from a folder opened with file:// (a page cannot fetch a JSON file there; it can load a script beside it).
#pragma once

#include "report/site_nav.h"

namespace arbiter::report::site {

// "search-index.js" / "search-index.ja.js".
std::string index_script_name(rulebook::Lang lang);
// The script: `const ARBITER_INDEX = [{"t": title, "u": url, "x": words}, ...];` (JSON inside).
std::string index_script(const std::vector<Entry>& entries);
// The search page: a box, and the entries holding every word typed (case-insensitive; "?q=words" fills the box).
std::string search_html(rulebook::Lang lang);

}  // namespace arbiter::report::site
