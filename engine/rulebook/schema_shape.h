// The shape of a JSON schema read from a schema folder (--schemas, ARBITER_SCHEMAS): a user's schema is input, and
// valijson recurses once per nested schema and once per $ref it follows, so it must be bounded before valijson
// compiles it.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace arbiter::rulebook {

// The deepest a schema document may nest (objects and arrays): the bundled schemas nest 11 deep. 5,000 levels of
// "properties" overflowed the stack in valijson's parser (SIGSEGV).
inline constexpr int MaxSchemaDepth = 256;

// nlohmann::json::parse of `text` with its nesting held to MaxSchemaDepth; InputError naming `path` (and the byte
// where the document went too deep, or did not read).
nlohmann::json parse_schema_text(const std::string& text, const std::string& path);

// InputError naming `path` for a $ref that is not a reference within the file ("#/..."), that does not resolve, or
// that leads through references alone back to itself or on for more than 64 steps (valijson follows such a chain
// by recursion: `{"$ref": "#/definitions/loop"}` as its own definition overflowed the stack).
void check_schema_references(const nlohmann::json& schema, const std::string& path);

}  // namespace arbiter::rulebook
