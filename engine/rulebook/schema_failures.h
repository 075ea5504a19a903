#pragma once
// Which of valijson's failures a schema error lists, and from how much of a large document: the selection is
// linear in the failures (a 4 MiB file can fail in 190,000 places), and a document of more nodes than a rulebook
// ever has lists the failures of its arrays' first items only.

#include <nlohmann/json.hpp>
#include <valijson/validation_results.hpp>

#include <cstddef>
#include <functional>
#include <utility>
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

// nlohmann::json frees a non-empty container through a vector it allocates, so destroying a large document can
// throw std::bad_alloc from a noexcept destructor under a process memory limit (the program then aborts, whether the
// destructor runs normally or while an out-of-memory failure unwinds). A document held here is emptied leaf first
// before it is destroyed: freeing it then needs no memory.
struct ReleasedJson {
    explicit ReleasedJson(nlohmann::json v = nullptr) : value(std::move(v)) {}
    ReleasedJson(ReleasedJson&&) noexcept = default;
    ReleasedJson& operator=(ReleasedJson&&) = delete;
    ~ReleasedJson();
    nlohmann::json value;
};

// For a document `fails` rejects with more than ListedNodes nodes: a copy whose arrays keep only their first items,
// as few as still fail (at least 64, above every minItems of the schemas, so a cut never fails on its own). Items
// keep their indexes, so each failure's path still names its line. Nothing for a smaller document.
// Null `value` for a smaller document.
ReleasedJson capped_failing_copy(const nlohmann::json& document,
                                 const std::function<bool(const nlohmann::json&)>& fails);

}  // namespace arbiter::rulebook
