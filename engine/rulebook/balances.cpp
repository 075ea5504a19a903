#include "rulebook/balances.h"

#include "rulebook/registry.h"
#include "rulebook/suggest.h"

#include <algorithm>

namespace arbiter::rulebook {

namespace {

std::string_view trimmed(std::string_view t) {
    while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
    while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    return t;
}

bool is_pieces(std::string_view t) {
    return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

}  // namespace

std::optional<std::vector<Balance>> parse_balances(std::string_view text, std::string& error) {
    std::vector<Balance> out;
    const EngineWords* engine = engine_words();
    while (!text.empty()) {
        const std::size_t end = text.find(';');
        const std::string_view item = trimmed(text.substr(0, end));
        text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
        Balance b;
        std::string_view sides = item;
        if (const std::size_t open = item.find('('); open != std::string_view::npos) {
            if (item.back() != ')') {
                error = "the item '" + std::string(item) + "' has no closing ')' at its end";
                return std::nullopt;
            }
            b.property = std::string(trimmed(item.substr(open + 1, item.size() - open - 2)));
            sides = trimmed(item.substr(0, open));
            if (engine) {
                std::vector<std::string> known(engine->material_properties.begin(), engine->material_properties.end());
                if (std::find(known.begin(), known.end(), b.property) == known.end()) {
                    error = "the item '" + std::string(item) + "' names the property '" + b.property +
                            "', which the engine does not act on" + did_you_mean(b.property, known);
                    return std::nullopt;
                }
            }
        }
        const std::size_t v = sides.find(" v ");
        if (v != std::string_view::npos) {
            b.first = std::string(trimmed(sides.substr(0, v)));
            b.second = std::string(trimmed(sides.substr(v + 3)));
        }
        if (!is_pieces(b.first) || !is_pieces(b.second)) {
            error = "the item '" + std::string(item) + "' is not two sides' piece letters joined by ' v ' (KR v KR)";
            return std::nullopt;
        }
        out.push_back(std::move(b));
    }
    return out;
}

}  // namespace arbiter::rulebook
