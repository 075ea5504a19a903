// Material balances a rule lists (a parameter of unit `balances`): "KR v KR; KNN v K; KBP v K (wrong_rook_pawn)".
// Each item is two sides' pieces as the game's upper-case letters, and optionally a property (a registry word of
// material_properties, acted on by the runner) that the side named first must also have. One reader for the
// loader's check and the runner's match.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::rulebook {

struct Balance {
    std::string first, second;
    std::string property;  // "" when the item names none
};

// The items of `text`, or nullopt with `error` saying which item does not read and why.
std::optional<std::vector<Balance>> parse_balances(std::string_view text, std::string& error);

}  // namespace arbiter::rulebook
