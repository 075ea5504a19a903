#include "rulebook/category_basis.h"

namespace arbiter::rulebook {

std::optional<int> category_basis_moves(const Rulebook& book) {
    if (book.category_basis_moves) return book.category_basis_moves;
    for (const auto& [topic, rule] : book.rules)
        if (const Param* p = rule.param("basis_moves"); p && !rule.removed) return static_cast<int>(p->value.integer);
    return std::nullopt;
}

}  // namespace arbiter::rulebook
