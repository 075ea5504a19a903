// The audit summary (audit_summary.h): counting in input order, then the text and Markdown reports.
#include "records/audit_summary.h"

#include "core/markdown_text.h"

#include "records/record_words.h"

#include <algorithm>
#include <cctype>
#include <ostream>

namespace arbiter::procedure::audit {

namespace {

using rulebook::Lang;

// The group named `kind`, made on first use; groups keep the order they were met in until they are written.
Summary::Group& group(std::vector<Summary::Group>& groups, const std::string& kind) {
    for (auto& g : groups)
        if (g.kind == kind) return g;
    groups.push_back({kind, 0, {}});
    return groups.back();
}

void count(std::vector<Summary::Group>& groups, const std::string& kind, const std::string& example) {
    auto& g = group(groups, kind);
    ++g.count;
    if (g.examples.size() < ExamplesPerGroup) g.examples.push_back(example);
}

// Largest group first; ties by kind, so the order depends on the findings only.
std::vector<Summary::Group> ranked(std::vector<Summary::Group> groups) {
    std::stable_sort(groups.begin(), groups.end(), [](const auto& a, const auto& b) {
        return a.count != b.count ? a.count > b.count : a.kind < b.kind;
    });
    return groups;
}

long total(const std::vector<Summary::Group>& groups) {
    long n = 0;
    for (const auto& g : groups) n += g.count;
    return n;
}

std::string game_name(const AuditedGame& game, Lang lang) {
    return lang == Lang::ja ? game.file + " 第" + std::to_string(game.index) + "局" : game.file + " game " + std::to_string(game.index);
}

// "black 16, white 47"; in Japanese "黒 16、白 47".
std::string side_count(const std::array<std::string, 2>& sides, const std::array<int, 2>& count, Lang lang,
                       const rulebook::Registry* registry) {
    return side_words(sides[0], registry, lang) + " " + std::to_string(count[0]) + tr(lang, ", ", "、") +
           side_words(sides[1], registry, lang) + " " + std::to_string(count[1]);
}

// The side the record says won, if any.
std::optional<int> recorded_winner(const AuditedGame& g) {
    double s[2];
    for (int i = 0; i < 2; ++i) {
        const auto it = g.recorded.score.find(g.sides[std::size_t(i)]);
        if (it == g.recorded.score.end()) return std::nullopt;
        s[i] = it->second;
    }
    if (s[0] == s[1]) return std::nullopt;
    return s[0] > s[1] ? 0 : 1;
}

std::optional<int> ruled_winner(const RulingOutcome& r) {
    if (!r.score || (*r.score)[0] == (*r.score)[1]) return std::nullopt;
    return (*r.score)[0] > (*r.score)[1] ? 0 : 1;
}

// What ruled: the topic in English (the engine's name), the rulebook's article in Japanese, as `run` writes them.
std::string topic_part(const RulingOutcome& r, Lang lang) {
    if (lang == Lang::ja) return r.article.empty() ? "" : "（根拠: " + r.article + "）";
    return r.topic.empty() ? "" : " (" + r.topic + ")";
}

// The article that ruled, for an example in English (the Japanese label names it already): " [art. 6.9]".
std::string article_part(const RulingOutcome& r, Lang lang) {
    if (lang == Lang::ja || r.article.empty()) return "";
    return " [art. " + r.article + "]";
}

}  // namespace

std::string not_comparable_reason(const AuditedGame& game, const RulingOutcome& r, Lang lang) {
    const auto& rec = game.recorded;
    if (!rec.not_comparable.empty())
        return lang == Lang::ja && !rec.not_comparable_ja.empty() ? rec.not_comparable_ja : rec.not_comparable;
    if (rec.score.empty())
        return tr(lang, "the record gives no result (", "記録に結果がない（") + ending_words(rec.ending, lang) +
               tr(lang, ")", "）");
    if (r.status == Status::pending)
        return tr(lang, "the rulebook leaves the result to the arbiter", "規則は結果を裁定者に委ねる") + topic_part(r, lang);
    // Not ended, with a recorded result, yet not a disagreement: the record's ending met no rule (rulebook_has_no_rule).
    if (r.status == Status::ongoing)
        return tr(lang, "the rulebook has no rule on the record's ending (", "規則に記録の終わり方の規定がない（") +
               ending_words(rec.ending, lang) + tr(lang, ")", "）");
    return tr(lang, "nothing to compare", "比べるものがない");
}

std::string outcome_label(const AuditedGame& game, const RulingOutcome& r, Lang lang, const rulebook::Registry* registry) {
    switch (r.status) {
        case Status::ongoing: return tr(lang, "not ended", "終局しない");
        case Status::pending: return tr(lang, "left to the arbiter", "裁定待ち") + topic_part(r, lang);
        case Status::ended: break;
    }
    if (!r.score) return tr(lang, "ended", "終局") + topic_part(r, lang);
    if (const auto w = ruled_winner(r))
        return side_words(game.sides[std::size_t(*w)], registry, lang) + tr(lang, " wins", "の勝ち") + topic_part(r, lang);
    return ((*r.score)[0] == 0 ? tr(lang, "both lose", "両者負け") : tr(lang, "draw", "引き分け")) + topic_part(r, lang);
}

std::string disagreement_kind(const AuditedGame& game, const RulingOutcome& r, Lang lang, const rulebook::Registry* registry) {
    const std::string recorded = ending_words(game.recorded.ending, lang);
    const auto rec_winner = recorded_winner(game);
    const auto winner = ruled_winner(r);
    if (r.status == Status::ongoing) return recorded + tr(lang, ", but the rulebook does not end the game", "だが、規則では対局が終わらない");
    // Same points, another count: othello's empty squares.
    if (r.status == Status::ended && rec_winner == winner && r.count && !game.recorded.discs.empty()) {
        // The squares the ruling credits to nobody: the counted board's, less both sides' discs (none known from an
        // audit line that does not carry the board's squares).
        const int empty = r.squares ? *r.squares - (*r.count)[0] - (*r.count)[1] : 0;
        if (winner && empty > 0) {
            const auto it = game.recorded.discs.find(game.sides[std::size_t(*winner)]);
            const auto rec_other = game.recorded.discs.find(game.sides[std::size_t(1 - *winner)]);
            const bool winner_got_them = it != game.recorded.discs.end() && it->second == (*r.count)[std::size_t(*winner)] + empty;
            const bool loser_same = rec_other == game.recorded.discs.end() ||
                                    rec_other->second == (*r.count)[std::size_t(1 - *winner)];
            if (winner_got_them && loser_same)
                return tr(lang, "same winner, but the record gives the empty squares to the winner and the rulebook does not", "勝者は同じだが、記録は空きマスを勝者に加え、規則は加えない");
        }
        return tr(lang, "same winner, another disc count", "勝者は同じだが石数が異なる");
    }
    if (game.recorded.ending == "time_forfeit" && r.status == Status::ended && !winner && r.topic == "clock.flag_fall")
        return tr(lang, "lost on time but the opponent could not mate", "時間切れ負けだが、相手にはメイトする手段がない");
    if (game.recorded.ending == "declaration" && rec_winner && winner != rec_winner)
        return tr(lang, "declaration below the rulebook's points or conditions", "入玉宣言が規則の点数または条件に届かない");
    if (rec_winner && winner && *rec_winner != *winner) return recorded + tr(lang, ", but the rulebook gives the win to the other side", "だが、規則では相手の勝ち") + topic_part(r, lang);
    if (!rec_winner && winner) return recorded + tr(lang, ", but the rulebook gives a win", "だが、規則では勝敗がつく") + topic_part(r, lang);
    if (rec_winner && !winner) return recorded + tr(lang, ", but the rulebook rules ", "だが、規則の裁定は") + outcome_label(game, r, lang, registry);
    return recorded + tr(lang, ", but the rulebook rules otherwise: ", "だが、規則の裁定は別：") + outcome_label(game, r, lang, registry);
}

std::string rejection_reason_ja(const std::string& message_ja) {
    std::string m = message_ja;
    // "第 12 局：" and "第 12 局の40手目：" say where, not why.
    if (m.rfind("第 ", 0) == 0)
        if (const auto colon = m.find("："); colon != std::string::npos && m.find("局", 0) < colon)
            m.erase(0, colon + 3);
    // The principal statement is the part before the first "：" after a reader's own prefix ("KIF：", "WTHOR：").
    for (std::size_t from = 0;;) {
        const auto colon = m.find("：", from);
        if (colon == std::string::npos) break;
        if (colon - from > 4) {
            m.erase(colon);
            break;
        }
        from = colon + 3;
    }
    // Quoted text (a move, a tag) varies from game to game.
    std::string out;
    for (std::size_t i = 0; i < m.size();) {
        if (m.compare(i, 3, "「") == 0) {
            const auto close = m.find("」", i);
            if (close != std::string::npos) {
                out += "「…」";
                i = close + 3;
                continue;
            }
        }
        out += m[i++];
    }
    return out;
}

std::string rejection_reason(const InputError& error) {
    std::string m = error.message();
    // "game 12, ply 40: " and "game 12: " say where, not why.
    if (m.rfind("game ", 0) == 0) {
        std::size_t i = 5;
        while (i < m.size() && std::isdigit(static_cast<unsigned char>(m[i]))) ++i;
        if (m.compare(i, 6, ", ply ") == 0) {
            i += 6;
            while (i < m.size() && std::isdigit(static_cast<unsigned char>(m[i]))) ++i;
        }
        if (m.compare(i, 2, ": ") == 0) m.erase(0, i + 2);
    }
    // The principal statement is the part before the first ": " (what follows is detail: the position, the bytes),
    // after a reader's own prefix such as "PGN: ".
    for (std::size_t from = 0;;) {
        const auto colon = m.find(": ", from);
        if (colon == std::string::npos) break;
        if (colon - from > 4) {
            m.erase(colon);
            break;
        }
        from = colon + 2;
    }
    // Quoted text (a move, a tag) varies from game to game.
    std::string out;
    bool quoted = false;
    for (char c : m) {
        if (c == '"' || c == '\'') {
            if (!quoted) out += "...";
            quoted = !quoted;
        } else if (!quoted) {
            out += c;
        }
    }
    return out;
}

Summary::Summary(std::vector<std::string> rulebooks, Lang lang, const rulebook::Registry* registry)
    : lang_(lang), registry_(registry) {
    for (auto& id : rulebooks) tallies_.push_back({std::move(id), 0, 0, 0});
}

Summary::Tally& Summary::tally(const std::string& rulebook) {
    for (auto& t : tallies_)
        if (t.rulebook == rulebook) return t;
    tallies_.push_back({rulebook, 0, 0, 0});
    return tallies_.back();
}

void Summary::add(const AuditedGame& game) {
    if (files_.empty() || files_.back() != game.file) files_.push_back(game.file);
    if (game.index > 0) ++games_;
    if (game.error) {
        ++rejected_;
        if (lang_ == Lang::ja && !game.error->message_ja().empty()) {
            // The place as the error wrote it (file:line:column), then the statement in Japanese, as the reader
            // that refused the game wrote it.
            const std::string& ja = game.error->message_ja();
            const std::string where = game.error->where().to_string();
            count(rejections_, rejection_reason_ja(ja), where + "：" + ja);
        } else {
            count(rejections_, rejection_reason(*game.error), game.error->what());
        }
        return;
    }
    plies_ += game.plies;
    for (const auto& r : game.rulings) {
        auto& t = tally(r.rulebook);
        if (!r.agrees) {
            ++t.open;
            std::string words = ending_words(game.recorded.ending, lang_);
            if (words.rfind("recorded ", 0) == 0) words.erase(0, 9);  // "recorded unknown" after "recorded "
            std::string example = game_name(game, lang_) + tr(lang_, ": recorded ", "：記録は") + words;
            if (const std::string& text = recorded_text(game.recorded, lang_); !text.empty())
                example += lang_ == Lang::ja ? "「" + text + "」" : " (" + text + ")";
            count(not_comparable_, r.rulebook + tr(lang_, ": ", "：") + not_comparable_reason(game, r, lang_), example);
            continue;
        }
        if (*r.agrees) {
            ++t.agree;
            continue;
        }
        ++t.disagree;
        const bool ja = lang_ == Lang::ja;
        std::string words = ending_words(game.recorded.ending, lang_);
        if (words.rfind("recorded ", 0) == 0) words.erase(0, 9);  // "recorded fivefold_repetition" after "recorded "
        std::string example = game_name(game, lang_) + tr(lang_, " under ", " ") + r.rulebook + tr(lang_, ": recorded ", "：記録は") +
                              words;
        if (const std::string& text = recorded_text(game.recorded, lang_); !text.empty())
            example += ja ? "「" + text + "」" : " (" + text + ")";
        example += tr(lang_, "; ruled ", "、裁定は") + outcome_label(game, r, lang_, registry_) + article_part(r, lang_);
        if (r.count) example += tr(lang_, ", count ", "、石数 ") + side_count(game.sides, *r.count, lang_, registry_);
        count(disagreements_, r.rulebook + tr(lang_, ": ", "：") + disagreement_kind(game, r, lang_, registry_), example);
    }
    if (game.rulings.size() < 2) return;
    bool labels_differ = false, counts_differ = false;
    const auto& first = game.rulings.front();
    for (const auto& r : game.rulings) {
        labels_differ |= r.status != first.status || r.score != first.score || r.topic != first.topic;
        counts_differ |= r.count != first.count;
    }
    if (!labels_differ && !counts_differ) return;
    std::string kind, example = game_name(game, lang_) + tr(lang_, ":", "：");
    for (std::size_t i = 0; i < game.rulings.size(); ++i) {
        const auto& r = game.rulings[i];
        kind += (kind.empty() ? "" : " / ") + r.rulebook + " " + outcome_label(game, r, lang_, registry_);
        example += (i == 0 ? tr(lang_, " ", "") : tr(lang_, "; ", "；")) + r.rulebook + " " +
                   outcome_label(game, r, lang_, registry_) + article_part(r, lang_);
        if (r.count) example += tr(lang_, ", count ", "、石数 ") + side_count(game.sides, *r.count, lang_, registry_);
    }
    ++impact_count_;
    if (impact_.size() < ImpactListed) impact_.push_back(impact_json(game, lang_, registry_));
    if (!labels_differ) {
        kind = tr(lang_, "same result, another disc count:", "結果は同じで石数が異なる：");
        for (std::size_t i = 0; i < game.rulings.size(); ++i) kind += (i == 0 ? tr(lang_, " ", "") : tr(lang_, " ", "、")) + game.rulings[i].rulebook;
    }
    count(editions_, kind, example);
}

void Summary::write_text(std::ostream& out) const {
    long agree = 0, disagree = 0, open = 0;
    for (const auto& t : tallies_) agree += t.agree, disagree += t.disagree, open += t.open;
    const long rulings = agree + disagree + open;
    if (lang_ == Lang::ja)
        out << "読んだ対局 " << games_ << "（" << plies_ << "手）、読めなかったもの " << rejected_ << "。裁定 " << rulings
            << "：一致 " << agree << "、不一致 " << disagree << "、比較できない " << open << "\n";
    else
        out << games_ << (games_ == 1 ? " game" : " games") << " read (" << plies_ << " plies), " << rejected_
            << " rejected; " << rulings << (rulings == 1 ? " ruling: " : " rulings: ") << agree << " agree, "
            << disagree << " disagree, " << open << " not comparable\n";
    if (tallies_.size() > 1)
        for (const auto& t : tallies_) {
            if (lang_ == Lang::ja)
                out << "  " << t.rulebook << "：一致 " << t.agree << "、不一致 " << t.disagree << "、比較できない " << t.open << "\n";
            else
                out << "  " << t.rulebook << ": " << t.agree << " agree, " << t.disagree << " disagree, " << t.open
                    << " not comparable\n";
        }
    auto section = [&](const std::string& title, const std::vector<Group>& groups) {
        if (groups.empty()) return;
        if (lang_ == Lang::ja) out << '\n' << title << "：" << total(groups) << "件\n";
        else out << '\n' << title << " (" << total(groups) << "):\n";
        for (const auto& g : ranked(groups)) {
            out << "  " << g.count << "  " << g.kind << '\n';
            for (const auto& e : g.examples) out << "      " << e << '\n';
        }
    };
    section(tr(lang_, "Disagreeing with the record, by kind", "記録と一致しない裁定（種類別）"), disagreements_);
    section(tr(lang_, "Not comparable with the record, by reason", "記録と比べられないもの（理由別）"), not_comparable_);
    section(tr(lang_, "Games the rulebooks rule differently", "規則によって裁定が異なる対局"), editions_);
    section(tr(lang_, "Rejected, by reason", "読めなかったもの（理由別）"), rejections_);
}

void Summary::write_markdown(std::ostream& out) const {
    auto cell = [](const std::string& s) { return core::md_escape(s); };  // file names and quoted records

    out << tr(lang_, "# Audit\n\n", "# 監査\n\n");
    out << tr(lang_, "| | count |\n", "| | 数 |\n") << "|---|---:|\n";
    out << tr(lang_, "| files | ", "| ファイル | ") << files_.size() << tr(lang_, " |\n| games read | ", " |\n| 読んだ対局 | ")
        << games_ << tr(lang_, " |\n| plies | ", " |\n| 手数 | ") << plies_ << tr(lang_, " |\n| rejected | ", " |\n| 読めなかったもの | ")
        << rejected_ << " |\n\n";
    out << tr(lang_, "| rulebook | agree | disagree | not comparable |\n", "| 規則 | 一致 | 不一致 | 比較できない |\n")
        << "|---|---:|---:|---:|\n";
    for (const auto& t : tallies_)
        out << "| " << cell(t.rulebook) << " | " << t.agree << " | " << t.disagree << " | " << t.open << " |\n";
    auto section = [&](const std::string& title, const std::vector<Group>& groups) {
        if (groups.empty()) return;
        out << "\n## " << title << (lang_ == Lang::ja ? "：" + std::to_string(total(groups)) + "件" : " (" + std::to_string(total(groups)) + ")")
            << "\n\n"
            << tr(lang_, "| games | kind | examples |\n", "| 対局数 | 種類 | 例 |\n") << "|---:|---|---|\n";
        for (const auto& g : ranked(groups)) {
            out << "| " << g.count << " | " << cell(g.kind) << " | ";
            for (std::size_t i = 0; i < g.examples.size(); ++i) out << (i ? "<br>" : "") << cell(g.examples[i]);
            out << " |\n";
        }
    };
    section(tr(lang_, "Disagreeing with the record, by kind", "記録と一致しない裁定（種類別）"), disagreements_);
    section(tr(lang_, "Not comparable with the record, by reason", "記録と比べられないもの（理由別）"), not_comparable_);
    section(tr(lang_, "Games the rulebooks rule differently", "規則によって裁定が異なる対局"), editions_);
    section(tr(lang_, "Rejected, by reason", "読めなかったもの（理由別）"), rejections_);
}

}  // namespace arbiter::procedure::audit
