// A matcher for the "pattern" strings of a JSON schema (ECMA-262 regular expressions) in time linear in the text:
// a schema folder (--schemas) is user input, and std::regex, which valijson uses, backtracks through every way a
// pattern such as `^(a|a)+$` can split a near match (exponential in the text). A pattern is compiled to a program of
// byte sets, splits and jumps and run as a Thompson automaton (every thread in step, each instruction at most once a
// byte), so a search costs at most the text's length times the program's.
//
// The subset read is what schemas use: literal bytes, '.' (one character: a whole UTF-8 sequence), classes [...] /
// [^...] with ranges and \d \w \s (and their capitals; \s is ASCII white space only), groups (...) and (?:...),
// alternation, the repeats ? * + {n} {n,} {n,m} (a lazy '?' after one is read and changes nothing, since only whether
// a match exists is asked), and the anchors ^ $. Anything else (backreferences, lookaround, named groups, \b, \u,
// \c, \x above \x7f) is refused when the pattern is compiled, at its byte.
#pragma once

#include <bitset>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::rulebook {

// A pattern outside the subset or malformed; `at` is the 0-based byte of the pattern where reading stopped.
class PatternError : public std::runtime_error {
public:
    PatternError(std::size_t at, const std::string& what) : std::runtime_error(what), at(at) {}
    std::size_t at;
};

// A search that would take more steps than it was given (Pattern::search).
class PatternCostError : public std::runtime_error {
public:
    PatternCostError() : std::runtime_error("the pattern's search took more steps than it was given") {}
};

class Pattern {
public:
    // Throws PatternError.
    explicit Pattern(std::string_view source);
    // Whether the pattern matches somewhere in `text` (std::regex_search's question). `text` is read as UTF-8: '.',
    // negated classes and \D \W \S take one whole character (ECMA-262 reads code points); literals match bytes. With
    // `steps`, each instruction the automaton runs is taken from it, and PatternCostError is thrown when it runs out:
    // a search's cost is bounded by the text's length times the program's, and the searches of one document
    // (schema_patterns.h PatternWork) share one such count.
    bool search(std::string_view text, std::size_t* steps = nullptr) const;
    std::size_t size() const { return program_.size(); }

    // The largest program a pattern may compile to, counted repeats written out: far above any schema's pattern,
    // and it bounds the search's cost per byte of text.
    static constexpr std::size_t MaxProgram = 20000;

private:
    enum class Op : unsigned char { bytes, character, split, jump, begin, end, match };
    struct Instruction {
        Op op;
        // bytes: x the set's index; character: x the set's index (its ASCII part; it takes every other character),
        // y 1 for '.'; split: both next instructions; jump: the next
        int x = 0, y = 0;
    };
    std::vector<Instruction> program_;
    std::vector<std::bitset<256>> sets_;
    friend class PatternCompiler;
};

}  // namespace arbiter::rulebook
