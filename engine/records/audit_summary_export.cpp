// The audit summary as JSON and as an HTML page (audit_summary.h): the same counts and groups as the text and
// Markdown reports, and the edition impact listed game by game with each rulebook's ruling and article.
#include "records/audit_summary.h"

#include "records/record_words.h"

#include <algorithm>
#include <ostream>

namespace arbiter::procedure::audit {

namespace {

using rulebook::Lang;

nlohmann::json groups_json(const std::vector<Summary::Group>& groups) {
    std::vector<Summary::Group> sorted = groups;
    std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) {
        return a.count != b.count ? a.count > b.count : a.kind < b.kind;
    });
    nlohmann::json out = nlohmann::json::array();
    for (const auto& g : sorted) out.push_back({{"kind", g.kind}, {"count", g.count}, {"examples", g.examples}});
    return out;
}

std::string html_escape(std::string_view s) {
    std::string o;
    for (char c : s) {
        switch (c) {
            case '&': o += "&amp;"; break;
            case '<': o += "&lt;"; break;
            case '>': o += "&gt;"; break;
            case '"': o += "&quot;"; break;
            default: o += c;
        }
    }
    return o;
}

}  // namespace

nlohmann::json impact_json(const AuditedGame& game, Lang lang, const rulebook::Registry* registry) {
    nlohmann::json rulings = nlohmann::json::array();
    for (const auto& r : game.rulings) {
        nlohmann::json one = {{"rulebook", r.rulebook},
                              {"status", std::string(status_name(r.status))},
                              {"topic", r.topic},
                              {"article", r.article},
                              {"outcome", outcome_label(game, r, lang, registry)}};
        if (r.score) one["score"] = {{game.sides[0], (*r.score)[0]}, {game.sides[1], (*r.score)[1]}};
        else one["score"] = nullptr;
        if (r.count) one["count"] = {{game.sides[0], (*r.count)[0]}, {game.sides[1], (*r.count)[1]}};
        rulings.push_back(std::move(one));
    }
    return {{"file", game.file},
            {"index", game.index},
            {"game", game.game},
            {"sides", game.sides},
            {"recorded", {{"ending", game.recorded.ending.empty() ? "unknown" : game.recorded.ending},
                          {"text", recorded_text(game.recorded, lang)}}},
            {"rulings", std::move(rulings)}};
}

void Summary::write_json(std::ostream& out) const {
    nlohmann::json j;
    j["files"] = files_.size();
    j["games"] = games_;
    j["plies"] = plies_;
    j["rejected"] = rejected_;
    nlohmann::json books = nlohmann::json::array();
    for (const auto& t : tallies_)
        books.push_back(
            {{"rulebook", t.rulebook}, {"agree", t.agree}, {"disagree", t.disagree}, {"not_comparable", t.open}});
    j["rulebooks"] = std::move(books);
    j["disagreements"] = groups_json(disagreements_);
    j["not_comparable"] = groups_json(not_comparable_);
    j["editions"] = groups_json(editions_);
    j["rejections"] = groups_json(rejections_);
    j["edition_impact"] = {{"games", impact_count_}, {"listed", impact_}};
    out << j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
}

void Summary::write_html(std::ostream& out) const {
    const bool ja = lang_ == Lang::ja;
    out << "<!DOCTYPE html>\n<html lang=\"" << (ja ? "ja" : "en") << "\">\n<head><meta charset=\"utf-8\"><title>"
        << tr(lang_, "Audit", "監査") << "</title>\n<style>body{font-family:sans-serif;margin:2em}table{border-collapse:"
        << "collapse;margin:1em 0}td,th{border:1px solid #999;padding:.3em .6em;vertical-align:top}"
        << "th{background:#eee}td.n{text-align:right}</style></head>\n<body>\n<h1>" << tr(lang_, "Audit", "監査")
        << "</h1>\n";
    out << "<table><tr><th>" << tr(lang_, "files", "ファイル") << "</th><th>" << tr(lang_, "games read", "読んだ対局")
        << "</th><th>" << tr(lang_, "plies", "手数") << "</th><th>" << tr(lang_, "rejected", "読めなかったもの")
        << "</th></tr>\n<tr><td class=\"n\">" << files_.size() << "</td><td class=\"n\">" << games_
        << "</td><td class=\"n\">" << plies_ << "</td><td class=\"n\">" << rejected_ << "</td></tr></table>\n";
    out << "<table><tr><th>" << tr(lang_, "rulebook", "規則") << "</th><th>" << tr(lang_, "agree", "一致") << "</th><th>"
        << tr(lang_, "disagree", "不一致") << "</th><th>" << tr(lang_, "not comparable", "比較できない") << "</th></tr>\n";
    for (const auto& t : tallies_)
        out << "<tr><td>" << html_escape(t.rulebook) << "</td><td class=\"n\">" << t.agree << "</td><td class=\"n\">"
            << t.disagree << "</td><td class=\"n\">" << t.open << "</td></tr>\n";
    out << "</table>\n";
    if (impact_count_ > 0) {
        out << "<h2>" << tr(lang_, "Edition impact: games the rulebooks rule differently", "版の影響：規則によって裁定が異なる対局")
            << " (" << impact_count_ << ")</h2>\n<table><tr><th>" << tr(lang_, "game", "対局") << "</th><th>"
            << tr(lang_, "recorded", "記録") << "</th><th>" << tr(lang_, "rulings", "裁定") << "</th></tr>\n";
        for (const auto& g : impact_) {
            out << "<tr><td>" << html_escape(g["file"].get<std::string>()) << (ja ? " 第" : " #")
                << g["index"].get<int>()
                << (ja ? "局" : "") << "</td><td>" << html_escape(g["recorded"]["ending"].get<std::string>());
            if (const auto text = g["recorded"]["text"].get<std::string>(); !text.empty())
                out << " (" << html_escape(text) << ")";
            out << "</td><td>";
            // Each game's own rulebooks (an audit of several games rules each under those of its game).
            bool first = true;
            for (const auto& r : g["rulings"]) {
                out << (first ? "" : "<br>") << "<b>" << html_escape(r["rulebook"].get<std::string>()) << "</b> "
                    << html_escape(r["outcome"].get<std::string>());
                if (const auto art = r["article"].get<std::string>(); !art.empty())
                    out << tr(lang_, " [art. ", "［根拠: ") << html_escape(art) << tr(lang_, "]", "］");
                first = false;
            }
            out << "</td></tr>\n";
        }
        out << "</table>\n";
        if (impact_count_ > long(impact_.size()))
            out << "<p>" << impact_count_ - long(impact_.size()) << tr(lang_, " more not listed", " 件は省略") << "</p>\n";
    }
    auto section = [&](const std::string& title, const std::vector<Group>& groups) {
        if (groups.empty()) return;
        out << "<h2>" << html_escape(title) << "</h2>\n<table><tr><th>" << tr(lang_, "games", "対局数") << "</th><th>"
            << tr(lang_, "kind", "種類") << "</th><th>" << tr(lang_, "examples", "例") << "</th></tr>\n";
        for (const auto& g : groups_json(groups)) {
            out << "<tr><td class=\"n\">" << g["count"].get<long>() << "</td><td>"
                << html_escape(g["kind"].get<std::string>()) << "</td><td>";
            bool first = true;
            for (const auto& e : g["examples"]) {
                out << (first ? "" : "<br>") << html_escape(e.get<std::string>());
                first = false;
            }
            out << "</td></tr>\n";
        }
        out << "</table>\n";
    };
    section(tr(lang_, "Disagreeing with the record, by kind", "記録と一致しない裁定（種類別）"), disagreements_);
    section(tr(lang_, "Not comparable with the record, by reason", "記録と比べられないもの（理由別）"), not_comparable_);
    section(tr(lang_, "Rejected, by reason", "読めなかったもの（理由別）"), rejections_);
    out << "</body>\n</html>\n";
}

}  // namespace arbiter::procedure::audit
