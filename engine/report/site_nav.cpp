#include "report/site_nav.h"

#include "report/html_page.h"
#include "rulebook/game_loader.h"

namespace arbiter::report::site {

using rulebook::Lang;

std::string page(std::string_view name, Lang lang) {
    return std::string(name) + (lang == Lang::ja ? ".ja.html" : ".html");
}

std::string rulebook_page(std::string_view id, Lang lang) { return page("rulebook-" + std::string(id), lang); }

std::string diff_page(std::string_view id, Lang lang) { return page("diff-" + std::string(id), lang); }

std::string compare_page(std::string_view name, Lang lang) { return page("compare-" + std::string(name), lang); }

std::string link(std::string_view href, std::string_view text) {
    return "<a href=\"" + html_escape(href) + "\">" + html_escape(text) + "</a>";
}

std::string nav_bar(std::string_view name, Lang lang) {
    const bool ja = lang == Lang::ja;
    const Lang other = ja ? Lang::en : Lang::ja;
    // The bar is for the screen: a printed page is read without it.
    return "<nav class=\"site\"><style>nav.site { margin: 0 0 4mm; font-size: 10pt; }"
           " nav.site a { margin-right: 4mm; } @media print { nav.site { display: none; } }</style>" +
           link(page("index", lang), ja ? "ルールブック一覧" : "All rulebooks") +
           link(page("search", lang), ja ? "検索" : "Search") +
           "<a href=\"" + html_escape(page(name, other)) + "\" hreflang=\"" + (ja ? "en" : "ja") + "\">" +
           (ja ? "English" : "日本語") + "</a></nav>\n";
}

std::string with_prefix(std::string page_html, std::string_view html) {
    const std::string main = "<main>\n";
    const auto at = page_html.find(main);
    if (at != std::string::npos) page_html.insert(at + main.size(), html);
    return page_html;
}

std::string game_name(const rulebook::Library& library, const std::string& game, Lang lang) {
    const auto& names = rulebook::game_profile(game, library.folder_of_game(game)).names;
    const auto found = names.find(lang == Lang::ja ? "ja" : "en");
    return found != names.end() && !found->second.empty() ? found->second : game;
}

}  // namespace arbiter::report::site
