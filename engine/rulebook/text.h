// Localized text (English and Japanese) and the choice of language for output.
#pragma once

#include <functional>
#include <map>
#include <string>

namespace arbiter::rulebook {

enum class Lang { en, ja };

// Per article as a rulebook writes it, its label in Japanese (rulebook `article_labels.ja`); English cites the
// article as written.
struct ArticleLabels {
    std::map<std::string, std::string, std::less<>> ja;
};

// `article` as `lang` cites it under `labels` (may be null).
inline const std::string& article_in(const ArticleLabels* labels, const std::string& article, Lang lang) {
    if (labels && lang == Lang::ja)
        if (const auto it = labels->ja.find(article); it != labels->ja.end()) return it->second;
    return article;
}

// Text written in both languages, as rulebooks and the registry carry it.
struct Text {
    std::string en;
    std::string ja;

    // Returns the text in `lang`, falling back to the other language when that one is empty.
    const std::string& in(Lang lang) const {
        const std::string& wanted = lang == Lang::ja ? ja : en;
        return wanted.empty() ? (lang == Lang::ja ? en : ja) : wanted;
    }
    bool empty() const { return en.empty() && ja.empty(); }
};

}  // namespace arbiter::rulebook
