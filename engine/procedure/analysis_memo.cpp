// The memo of analysis answers (procedure/board.h): an open-addressing table over one block of answers, so that an
// audit asks each dead-position question of a position once across its games and rulebooks.
#include "procedure/board.h"

#include <algorithm>

namespace arbiter::procedure {

const AnalysisMemo::Answer* AnalysisMemo::find(const Key& question) const {
    if (slots_.empty()) return nullptr;
    const std::uint64_t h = hash(question), tag = h >> 32 << 32, mask = slots_.size() - 1;
    for (std::uint64_t i = h & mask;; i = (i + 1) & mask) {
        const std::uint64_t slot = slots_[i];
        if (!slot) return nullptr;
        if ((slot >> 32 << 32) != tag) continue;
        const auto& [key, answer] = answers_[(slot & 0xFFFFFFFFu) - 1];
        if (key == question) return &answer;
    }
}

void AnalysisMemo::store(const Key& question, Answer answer) {
    // Room for all at once: the answers are never moved to a larger block (untouched pages cost nothing).
    if (answers_.capacity() < capacity) answers_.reserve(capacity);
    if (answers_.size() >= capacity) {
        answers_.clear();
        slots_.clear();
    }
    answers_.emplace_back(question, answer);
    const auto place = [this](std::uint64_t index) {  // answers_[index] into the first empty slot from its hash
        const std::uint64_t h = hash(answers_[index].first), mask = slots_.size() - 1;
        std::uint64_t i = h & mask;
        while (slots_[i]) i = (i + 1) & mask;
        slots_[i] = (h >> 32 << 32) | (index + 1);
    };
    if (2 * answers_.size() > slots_.size()) {
        slots_.assign(std::max<std::size_t>(256, 2 * slots_.size()), 0);
        for (std::uint64_t i = 0; i < answers_.size(); ++i) place(i);
    } else {
        place(answers_.size() - 1);
    }
}

}  // namespace arbiter::procedure
