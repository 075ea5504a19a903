#pragma once
// Which of valijson's failures a schema error lists, and from how much of a large document: the selection is
// linear in the failures (a 4 MiB file can fail in 190,000 places), and a document of more nodes than a rulebook
// ever has lists the failures of its arrays' first items only.

#include <nlohmann/json_fwd.hpp>
#include <valijson/validation_results.hpp>

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace arbiter::rulebook {

using SchemaError = valijson::ValidationResults::Error;

bool is_unknown_key(const SchemaError& e);

// The failures worth a line of their own besides `chosen`: not inside a failed alternative (a branch of
// anyOf/oneOf the value was never meant to match), not above another failure (a parent only says a child
// failed), and not a missing key where the same map has an unknown one (the misspelling of it).
std::vector<const SchemaError*> other_failures(const std::vector<SchemaError>& all, const SchemaError& chosen);

// Bundled rulebooks have about 2,500 nodes; above this many a failing document's failures are listed from a capped
// copy, since valijson keeps every failure (about 1 KB each) and a failure per item is what a bad list gives.
inline constexpr std::size_t ListedNodes = 20000;

// For a document `fails` rejects with more than ListedNodes nodes: a copy whose arrays keep only their first items,
// as few as still fail (at least 64, above every minItems of the schemas, so a cut never fails on its own). Items
// keep their indexes, so each failure's path still names its line. Nothing for a smaller document.
std::optional<nlohmann::json> capped_failing_copy(const nlohmann::json& document,
                                                  const std::function<bool(const nlohmann::json&)>& fails);

}  // namespace arbiter::rulebook
