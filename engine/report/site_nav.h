// What the site's pages share (internal to the site_*.cpp files): page names, the navigation bar, and the entries
// of the search index each page contributes.
#pragma once

#include "rulebook/rulebook.h"

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::report::site {

// A page's file name in a language: "index" -> "index.html" / "index.ja.html".
std::string page(std::string_view name, rulebook::Lang lang);
std::string rulebook_page(std::string_view id, rulebook::Lang lang);
// The diff of a rulebook against the rulebook it extends.
std::string diff_page(std::string_view id, rulebook::Lang lang);
std::string compare_page(std::string_view name, rulebook::Lang lang);

// The bar at the top of every page: home, search, the same page in the other language. Hidden in print.
std::string nav_bar(std::string_view name, rulebook::Lang lang);
// Puts `html` (a navigation bar, links) at the top of a complete page's <main>.
std::string with_prefix(std::string page_html, std::string_view html);

// A link: <a href="href">text</a>, both escaped.
std::string link(std::string_view href, std::string_view text);

// One entry of the search index: what a reader finds (`title`), where (`url`, with a #fragment for an article)
// and the words searched (`text`).
struct Entry {
    std::string title, url, text;
};

// The game's name in the language, from its game file (core/game_profile.h `names`); the id where none is given.
std::string game_name(const rulebook::Library& library, const std::string& game, rulebook::Lang lang);

}  // namespace arbiter::report::site
