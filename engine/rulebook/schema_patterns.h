// The "pattern" keywords of a JSON schema, matched by rulebook/pattern_match.h rather than by valijson, whose
// std::regex backtracks: a schema folder (--schemas, ARBITER_SCHEMAS) is user input, and `^(a|a)+$` against forty
// letters and a 'b' would take hours. valijson is given a copy of the schema whose patterns are renamed to a keyword
// of this program's own, which a constraint of ours reads; valijson compiles no std::regex from a schema.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace valijson {
class SchemaParser;
}

namespace arbiter::rulebook {

// InputError naming `path` for a pattern that does not compile (rulebook::Pattern: outside the subset read, or
// malformed), saying which pattern and at which byte; and for "patternProperties", whose names valijson would match
// with std::regex.
void check_schema_patterns(const nlohmann::json& schema, const std::string& path);

// `schema` with each "pattern" keyword renamed for use_own_patterns (the data of enum, const, default and examples
// left as they are).
nlohmann::json with_own_patterns(const nlohmann::json& schema);

// Makes `parser` read the renamed keyword as a constraint: a string that the pattern does not match anywhere fails
// with valijson's own words for a pattern ("Failed to match regex specified by 'pattern' constraint."), so messages
// are phrased as before.
void use_own_patterns(valijson::SchemaParser& parser);

}  // namespace arbiter::rulebook
