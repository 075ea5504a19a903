// Localized text (English and Japanese, core/text.h) and the choice of language for output; articles' labels.
#pragma once

#include "core/text.h"

#include <functional>
#include <map>
#include <string>

namespace arbiter::rulebook {

using arbiter::Lang;
using arbiter::Text;

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

}  // namespace arbiter::rulebook
