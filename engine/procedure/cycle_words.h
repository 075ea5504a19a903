// The patterns of a side's moves in a repetition cycle (core/cycle_facts.h; the facts cycle_pattern and
// opponent_cycle_pattern) in Japanese, for the runner's notes and the reports' words. The terms are the Chinese
// xiangqi rules' (CXA 2011: 长将 perpetual check, 长杀 perpetual threat of mate, 长捉 perpetual chase, 闲着 idle
// move) written in Japanese kanji; chase_several and mixed, which the texts name case by case (一将一捉...), in words.
#pragma once

#include <array>
#include <string_view>
#include <utility>

namespace arbiter::procedure {

inline constexpr std::array<std::pair<std::string_view, std::string_view>, 6> cycle_pattern_words{{
    {"check", "長将（連続王手）"},
    {"mate_threat", "長殺（連続の詰めの脅威）"},
    {"chase", "長捉（同じ駒を追い続ける）"},
    {"chase_several", "複数の駒への長捉"},
    {"mixed", "混合（将・殺・捉の交替）"},
    {"idle", "閑着（攻めのない着手）"},
}};

// The Japanese words of a pattern name; "" for a name that is none.
inline std::string_view cycle_pattern_ja(std::string_view pattern) {
    for (const auto& [name, words] : cycle_pattern_words)
        if (name == pattern) return words;
    return {};
}

}  // namespace arbiter::procedure
