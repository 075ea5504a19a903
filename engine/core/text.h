// Text in English and Japanese, and the choice of language for output: shared by every layer (a reader's refusal
// in core carries both, as a rulebook's warning does).
#pragma once

#include <string>

namespace arbiter {

enum class Lang { en, ja };

// Text written in both languages, as rulebooks, the registry and the readers' refusals carry it.
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

}  // namespace arbiter
