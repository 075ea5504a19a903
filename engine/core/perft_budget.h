// A bound on the moves a perft count makes (`arbiter perft --max-moves`): a count asked of a stranger's position and
// depth can run for centuries (depth 64 of any position with moves).
#pragma once

#include <cstdint>

namespace arbiter::core {

// The moves the counts of this thread may still make, and whether one needed more (its count is then partial).
struct PerftBudget {
    std::uint64_t moves_left = 0;
    bool spent = false;
};

// While it lives, every BasicPosition::perft of this thread takes its moves from `budget`. Without one, perft is
// unbounded. Held by the thread rather than passed: a parameter would change core/position.h, which most of the
// engine includes, for the one caller (cli/cmd_perft.cpp) that bounds the count.
class PerftBudgetScope {
public:
    explicit PerftBudgetScope(PerftBudget& budget);
    ~PerftBudgetScope();
    PerftBudgetScope(const PerftBudgetScope&) = delete;
    PerftBudgetScope& operator=(const PerftBudgetScope&) = delete;

private:
    PerftBudget* outer_;
};

}  // namespace arbiter::core
