// The words of a record for a reader (record_words.h) and the JSON of the conversion's warnings.
#include "records/record_words.h"

#include <array>
#include <tuple>

namespace arbiter::procedure {

using rulebook::Lang;

namespace {

// The endings RecordedEnding::ending names (the converters' and, for a PGN draw the board ends, the core's
// Termination names). English null: an ending the English summary has always written as "recorded <ending>".
// The Japanese are the terms of the JCA, JSA and JOA rules.
struct EndingWords {
    std::string_view ending;
    const char* en;
    const char* ja;
};
constexpr std::array<EndingWords, 28> endings{{
    {"time_forfeit", "lost on time", "時間切れ負け"},
    {"resignation", "resigned", "投了"},
    {"checkmate", "checkmate", "詰み"},
    {"draw_agreed", "draw agreed", "合意の引き分け"},
    {"repetition", "draw by repetition", "同一局面の反復による引き分け"},
    {"fifty_moves", "draw by the move rule", "手数規則による引き分け"},
    {"stalemate", "stalemate", "ステイルメイト"},
    {"sennichite", "sennichite", "千日手"},
    {"declaration", "declaration", "入玉宣言"},
    {"illegal_move", "lost by an illegal move", "反則負け"},
    {"game_over", "counted at the end", "終局して石数を数えた"},
    {"abort", "aborted", "中断"},
    {"max_moves", "move limit reached", "最大手数に到達"},
    {"score_agreed", "score agreed", "合意したスコア"},
    {"impasse_agreed", nullptr, "合意による持将棋"},
    {"insufficient_material", nullptr, "駒不足による引き分け"},
    {"threefold_repetition", nullptr, "3回目の同一局面による引き分け"},
    {"fivefold_repetition", nullptr, "5回目の同一局面による引き分け"},
    {"seventyfive_moves", nullptr, "75手規則による引き分け"},
    {"neither_side_can_move", nullptr, "双方とも打てずに終局"},
    {"abandoned", "abandoned", "放棄"},
    {"adjudication", "adjudicated", "判定"},
    {"rules_infraction", "lost by a rules infraction", "反則による負け"},
    {"unterminated", "not terminated", "未終局"},
    {"both_flags", "both flags fell", "両者の時間切れ"},
    {"no_moves", "a result without moves", "指し手のない結果"},
    {"unknown", nullptr, "結果の記載なし"},
    {"", nullptr, "結果の記載なし"},
}};

const EndingWords* find_ending(std::string_view ending) {
    for (const auto& e : endings)
        if (e.ending == ending) return &e;
    return nullptr;
}

// The ending with the side the record names (`by`): who lost on time or resigned, who was mated, who offered or
// claimed the draw, who declared, who moved illegally.
std::string ending_by_ja(const RecordedEnding& r, const std::string& side) {
    const std::string& e = r.ending;
    if (e == "time_forfeit") return side + "の時間切れ負け";
    if (e == "resignation") return side + "の投了";
    if (e == "checkmate") return "詰みで" + side + "の負け";
    if (e == "declaration") return side + "の入玉宣言";
    if (e == "illegal_move") return side + "の反則負け";
    if (e == "sennichite") return "千日手で" + side + "の負け";
    if (e == "draw_agreed" || e == "impasse_agreed") return ending_words(e, Lang::ja) + "（" + side + "の提案）";
    if (e == "repetition" || e == "fifty_moves") return ending_words(e, Lang::ja) + "（" + side + "の申し立て）";
    return ending_words(e, Lang::ja) + "（" + side + "）";
}

// The same in English, so that a line reads as a sentence: "black was checkmated", not "checkmate by black" (the
// record's `by` is the side the ending happened to, the mated side for a checkmate).
std::string ending_by_en(const RecordedEnding& r, const std::string& side) {
    const std::string& e = r.ending;
    if (e == "time_forfeit") return side + " lost on time";
    if (e == "resignation") return side + " resigned";
    if (e == "checkmate") return side + " was checkmated";
    if (e == "declaration") return side + " declared";
    if (e == "illegal_move") return side + " lost by an illegal move";
    if (e == "sennichite") return side + " lost by sennichite";
    if (e == "draw_agreed" || e == "impasse_agreed") return ending_words(e, Lang::en) + " (offered by " + side + ")";
    if (e == "repetition" || e == "fifty_moves") return ending_words(e, Lang::en) + " (claimed by " + side + ")";
    return ending_words(e, Lang::en) + " (" + side + ")";
}

// Points as a Japanese score sheet writes them: 1, 0, ½.
std::string points_ja(double p) {
    if (p == 0.5) return "½";
    if (p == double(long(p))) return std::to_string(long(p));
    return nlohmann::json(p).dump();
}

}  // namespace

std::string side_words(std::string_view side, const rulebook::Registry* registry, Lang lang) {
    if (lang == Lang::ja && registry)
        if (const rulebook::NamedText* role = registry->role(side); role && !role->text.ja.empty()) return role->text.ja;
    return std::string(side);
}

std::string ending_words(std::string_view ending, Lang lang) {
    const EndingWords* e = find_ending(ending);
    if (lang == Lang::ja && e) return e->ja;
    if (lang == Lang::en && e && e->en) return e->en;
    return "recorded " + (ending.empty() ? std::string("unknown") : std::string(ending));
}

const std::string& recorded_text(const RecordedEnding& recorded, Lang lang) {
    return lang == Lang::ja && !recorded.text_ja.empty() ? recorded.text_ja : recorded.text;
}

std::string recorded_line(const RecordGame& game, const Run& run, Lang lang, const rulebook::Registry* registry) {
    const auto& r = game.recorded;
    const auto a = agrees(r, run);
    if (lang == Lang::ja) {
        std::string line = "記録: " + (r.by.empty() ? ending_words(r.ending, lang) : ending_by_ja(r, side_words(r.by, registry, lang)));
        if (const std::string& text = recorded_text(r, lang); !text.empty()) line += "「" + text + "」";
        if (!r.score.empty()) {
            std::string score;
            for (const auto& side : run.sides)
                if (const auto it = r.score.find(side); it != r.score.end())
                    score += (score.empty() ? "" : "、") + side_words(side, registry, lang) + " " + points_ja(it->second);
            line += "、得点 " + score;
        }
        if (!a && !r.not_comparable_ja.empty()) return line + "。裁定は記録と比べられない（" + r.not_comparable_ja + "）\n";
        if (!a && !r.score.empty() && rulebook_has_no_rule(run))
            return line + "。裁定は記録と比べられない（規則に記録の終わり方の規定がない）\n";
        return line + "。裁定は" + (!a ? "記録と比べられない" : *a ? "記録と一致" : "記録と異なる") + "\n";
    }
    const EndingWords* words = find_ending(r.ending);
    std::string line = "Recorded: " + (!r.by.empty()           ? ending_by_en(r, r.by)
                                       : words && words->en ? std::string(words->en)
                                       : r.ending.empty()   ? std::string("unknown")
                                                            : r.ending);
    if (!r.text.empty()) line += " (" + r.text + ")";
    if (!r.score.empty()) {
        line += ", score";
        for (const auto& side : run.sides) {
            const auto it = r.score.find(side);
            if (it != r.score.end()) line += " " + side + " " + nlohmann::json(it->second).dump();
        }
    }
    line += std::string("; ruling ") + (!a ? "not comparable" : *a ? "agrees" : "DISAGREES");
    if (!a && !r.not_comparable.empty()) line += ": " + r.not_comparable;
    else if (!a && !r.score.empty() && rulebook_has_no_rule(run)) line += ": the rulebook has no rule on the record's ending";
    return line + '\n';
}

void add_warnings(nlohmann::json& out, const std::vector<rulebook::Text>& warnings) {
    nlohmann::json en = nlohmann::json::array(), ja = nlohmann::json::array();
    for (const auto& w : warnings) {
        en.push_back(w.en);
        ja.push_back(w.ja);
    }
    out["warnings"] = std::move(en);
    if (!warnings.empty()) out["warnings_ja"] = std::move(ja);
}

}  // namespace arbiter::procedure
