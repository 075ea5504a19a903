#include "report/site_search.h"

#include "report/json_stream.h"

#include "report/html_page.h"
#include "report/text_table.h"

#include <nlohmann/json.hpp>

namespace arbiter::report::site {

using rulebook::Lang;

namespace {

// Every word typed must occur in an entry's title or words; at most 200 results are listed. Results are built with
// textContent, so an index entry is never read as HTML.
constexpr std::string_view search_script = R"js(
(() => {
  const box = document.getElementById('q');
  const out = document.getElementById('results');
  const count = document.getElementById('count');
  function show(query) {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    out.replaceChildren();
    count.textContent = '';
    if (!words.length) return;
    let found = 0;
    for (const e of ARBITER_INDEX) {
      const text = (e.t + ' ' + e.x).toLowerCase();
      if (!words.every(w => text.includes(w))) continue;
      if (++found > 200) continue;
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = e.u;
      a.textContent = e.t;
      li.appendChild(a);
      const p = document.createElement('div');
      p.className = 'muted';
      p.textContent = e.x.length > 160 ? e.x.slice(0, 160) + '…' : e.x;
      li.appendChild(p);
      out.appendChild(li);
    }
    count.textContent = count.dataset.label.replace('N', String(found));
  }
  box.addEventListener('input', () => show(box.value));
  const asked = new URLSearchParams(location.search).get('q');
  if (asked) { box.value = asked; show(asked); }
})();
)js";

}  // namespace

std::string index_script_name(Lang lang) { return lang == Lang::ja ? "search-index.ja.js" : "search-index.js"; }

std::string index_script(const std::vector<Entry>& entries) {
    nlohmann::json all = nlohmann::json::array();
    // Written visibly as the pages write them (html_escape): the search page shows a title holding U+202E or ESC
    // through textContent, where an override reordered the result's line.
    for (const Entry& e : entries)
        all.push_back({{"t", terminal_safe(e.title)}, {"u", e.url}, {"x", terminal_safe(e.text)}});
    return "const ARBITER_INDEX = " + json_stream::dump(all) + ";\n";
}

std::string search_html(Lang lang) {
    const bool ja = lang == Lang::ja;
    const std::string title = ja ? "ルールブックの検索" : "Search the rulebooks";
    std::string body = nav_bar("search", lang) + "<h1>" + html_escape(title) + "</h1>\n" +
                       "<p><label for=\"q\">" + (ja ? "語句（空白で区切ると全てを含む条）" :
                                                      "Words (an article must hold every word)") +
                       "</label><br><input id=\"q\" type=\"search\" size=\"40\" autofocus></p>\n" +
                       "<p id=\"count\" class=\"muted\" data-label=\"" + (ja ? "N 件" : "N found") + "\"></p>\n" +
                       "<ol id=\"results\"></ol>\n" + "<script src=\"" + index_script_name(lang) + "\"></script>\n" +
                       "<script>" + std::string(search_script) + "</script>\n";
    return html_page(title, lang, body);
}

}  // namespace arbiter::report::site
