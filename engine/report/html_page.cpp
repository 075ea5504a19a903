#include "report/html_page.h"

#include "report/text_table.h"

namespace arbiter::report {

namespace {

// Shared stylesheet: system fonts with Japanese fallbacks, tables that break cleanly across A4 pages. Cells may
// break a long identifier anywhere (overflow-wrap) so that a three-rulebook table never runs past the A4 text width.
constexpr std::string_view stylesheet = R"css(
:root { color-scheme: light; }
body { font-family: "Noto Sans", "Noto Sans CJK JP", "Hiragino Sans", "Yu Gothic", "DejaVu Sans", sans-serif;
       font-size: 11pt; line-height: 1.45; color: #111; background: #fff; margin: 0; }
main { max-width: 190mm; margin: 0 auto; padding: 12mm 10mm; }
h1 { font-size: 18pt; margin: 0 0 4mm; border-bottom: 2px solid #333; padding-bottom: 2mm; }
h2 { font-size: 13pt; margin: 6mm 0 2mm; border-bottom: 1px solid #999; }
h3 { font-size: 11pt; margin: 4mm 0 1mm; }
p, li { margin: 1mm 0; }
table { border-collapse: collapse; width: 100%; margin: 2mm 0 4mm; }
th, td { border: 1px solid #888; padding: 1mm 2mm; vertical-align: top; text-align: left;
         overflow-wrap: anywhere; word-break: normal; }
th { background: #eee; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 1mm 4mm; margin: 0 0 4mm; }
dl.facts dt { font-weight: bold; }
dl.facts dd { margin: 0; }
.article { font-weight: bold; white-space: nowrap; }
.muted { color: #555; }
.changed { background: #fff4c2; }
.absent { color: #777; font-style: italic; }
figure.board { display: inline-block; margin: 2mm 4mm 2mm 0; }
figure.board figcaption { font-size: 9pt; text-align: center; }
footer { margin-top: 8mm; font-size: 9pt; color: #555; border-top: 1px solid #ccc; padding-top: 2mm; }
pre, code { white-space: pre-wrap; overflow-wrap: anywhere; }
img, svg { max-width: 100%; height: auto; }
@page { size: A4; margin: 15mm 12mm; }
@media print {
  body { font-size: 10pt; orphans: 3; widows: 3; }
  main { max-width: none; padding: 0; }
  h1, h2, h3 { break-after: avoid; page-break-after: avoid; }
  /* The footer goes with what precedes it, so no page holds only a footer. */
  footer { margin-top: 4mm; break-before: avoid; page-break-before: avoid; break-inside: avoid; }
  tr, li, figure.board, section.item { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
  .changed { background: none; outline: 1px solid #000; }
}
)css";

}  // namespace

std::string html_escape(std::string_view text) {
    // Control characters, bidirectional overrides and bytes that are not UTF-8 are written visibly first, as on a
    // terminal: a title holding U+202E or ESC would otherwise reorder or hide what the page shows.
    const std::string visible = terminal_safe(text);
    std::string out;
    out.reserve(visible.size());
    for (char c : visible) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += c;
        }
    }
    return out;
}

std::string html_page(std::string_view title, rulebook::Lang lang, std::string_view body, std::string_view extra_css) {
    std::string out = html_page_head(title, lang, extra_css);
    out += body;
    out += html_page_tail();
    return out;
}

std::string html_page_tail() { return "</main>\n</body>\n</html>\n"; }

std::string html_page_head(std::string_view title, rulebook::Lang lang, std::string_view extra_css) {
    std::string out = "<!DOCTYPE html>\n<html lang=\"";
    out += lang == rulebook::Lang::ja ? "ja" : "en";
    out += "\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>";
    out += html_escape(title);
    out += "</title>\n<style>";
    out += stylesheet;
    out += extra_css;
    out += "</style>\n</head>\n<body>\n<main>\n";
    return out;
}

}  // namespace arbiter::report
