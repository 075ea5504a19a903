// The "pattern" keywords of a JSON schema, matched by rulebook/pattern_match.h rather than by valijson, whose
// std::regex backtracks: a schema folder (--schemas, ARBITER_SCHEMAS) is user input, and `^(a|a)+$` against forty
// letters and a 'b' would take hours. valijson is given a copy of the schema whose patterns are renamed to a keyword
// of this program's own, which a constraint of ours reads; valijson compiles no std::regex from a schema.
#pragma once

#include <nlohmann/json.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace valijson {
class SchemaParser;
}

namespace arbiter::rulebook {

// InputError naming `path` for a pattern that does not compile (rulebook::Pattern: outside the subset read, or
// malformed), saying which pattern and at which byte; for "patternProperties", whose names valijson would match
// with std::regex; and for "uniqueItems" and enums of more than a thousand values in all, whose cost is the
// schema's data times the document's.
void check_schema_patterns(const nlohmann::json& schema, const std::string& path);

// `schema` with each "pattern" keyword renamed for use_own_patterns (the data of enum, const, default and examples
// left as they are).
nlohmann::json with_own_patterns(const nlohmann::json& schema);

// Makes `parser` read the renamed keyword as a constraint: a string that the pattern does not match anywhere fails
// with valijson's own words for a pattern ("Failed to match regex specified by 'pattern' constraint."), so messages
// are phrased as before.
void use_own_patterns(valijson::SchemaParser& parser);

// A check that spent its PatternWork: where (valijson's path to the string) and which pattern.
class SchemaPatternCost : public std::runtime_error {
public:
    SchemaPatternCost(std::vector<std::string> context, const std::string& pattern)
        : std::runtime_error("pattern '" + pattern.substr(0, 200) + "'"), context(std::move(context)) {}
    std::vector<std::string> context;
};

// The steps that the pattern searches of one document's check take together, on this thread (valijson checks on
// its caller's thread): a search costs up to the text's length times the pattern's program, so a pattern of many
// steps checked against many long strings cost minutes to hours however linear each search (docs/HARDENING.md).
// While a PatternWork lives, the constraint takes its searches' steps from it and throws SchemaPatternCost once they
// are spent (the same count on every machine); where none lives, searches are not counted.
class PatternWork {
public:
    // Far above what the bundled schemas' anchored patterns take (a few steps a byte checked); docs/HARDENING.md has
    // the time it stands for.
    static constexpr std::size_t Steps = 100'000'000;
    explicit PatternWork(std::size_t steps = Steps);
    ~PatternWork();
    PatternWork(const PatternWork&) = delete;
    PatternWork& operator=(const PatternWork&) = delete;

private:
    std::size_t steps_;
    std::size_t* outer_;
};

}  // namespace arbiter::rulebook
