#include "rulebook/hook_text.h"

#include <cctype>

namespace arbiter::rulebook {

bool names_identifier(const std::string& text, const std::string& word) {
    auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
        const std::size_t end = at + word.size();
        if ((at == 0 || !ident(text[at - 1])) && (end == text.size() || !ident(text[end]))) return true;
    }
    return false;
}

bool defines_function(const std::string& text, const std::string& name) {
    for (const std::string& form : {"function " + name + "(", "function " + name + " (", name + " = function"})
        if (text.find(form) != std::string::npos) return true;
    return false;
}

}  // namespace arbiter::rulebook
