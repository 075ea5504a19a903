#include "rulebook/schema_failures.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <set>
#include <string>

namespace arbiter::rulebook {

namespace {

using nlohmann::json;
using Path = std::vector<std::string>;

bool is_alternative(const SchemaError& e) {
    return e.description.rfind("Failed to validate against any child", 0) == 0 ||
           e.description.rfind("Failed to validate against exactly one", 0) == 0;
}

// valijson's words for a failure found below the node (an item, a property, a conditional), not at it.
bool says_a_child_failed(const SchemaError& e) {
    for (const char* parent : {"Failed to validate item #", "Failed to validate against schema associated with",
                               "Failed to validate against additional properties",
                               "Failed to validate against dependent",
                               "Failed to validate against a conditional"})
        if (e.description.rfind(parent, 0) == 0) return true;
    return false;
}

std::size_t count_nodes(const json& node) {
    std::size_t n = 1;
    if (node.is_structured())
        for (const auto& child : node) n += count_nodes(child);
    return n;
}

std::size_t longest_array(const json& node) {
    std::size_t longest = node.is_array() ? node.size() : 0;
    if (node.is_structured())
        for (const auto& child : node) longest = std::max(longest, longest_array(child));
    return longest;
}

// Empties `node` leaf first: each container is cleared once its children are scalars or empty, whose destruction
// allocates nothing.
void release(json& node) noexcept {
    if (!node.is_structured()) return;
    for (auto& child : node) release(child);
    if (node.is_array())
        node.get_ref<json::array_t&>().clear();
    else
        node.get_ref<json::object_t&>().clear();
}

ReleasedJson capped(const json& node, std::size_t cap) {
    if (!node.is_structured()) return ReleasedJson(node);
    ReleasedJson out{node.is_array() ? json::array() : json::object()};
    if (node.is_array()) {
        for (std::size_t i = 0; i < node.size() && i < cap; ++i) {
            ReleasedJson item = capped(node[i], cap);
            out.value.push_back(std::move(item.value));
        }
    } else {
        for (const auto& [key, value] : node.items()) {
            ReleasedJson item = capped(value, cap);
            out.value[key] = std::move(item.value);
        }
    }
    return out;
}

}  // namespace

ReleasedJson::~ReleasedJson() { release(value); }

bool is_unknown_key(const SchemaError& e) { return e.description.rfind("Object contains a property", 0) == 0; }

std::vector<const SchemaError*> other_failures(const std::vector<SchemaError>& all, const SchemaError& chosen) {
    std::set<Path> alternatives;  // where an alternative failed
    std::set<Path> unknown_keys;  // maps holding an unknown key
    std::set<Path> above;         // every path strictly above a failure
    for (const SchemaError& f : all) {
        if (is_alternative(f)) alternatives.insert(f.context);
        if (is_unknown_key(f)) unknown_keys.insert(f.context);
        for (std::size_t n = 0; n < f.context.size(); ++n) above.emplace(f.context.begin(), f.context.begin() + n);
    }
    std::vector<const SchemaError*> out;
    for (const SchemaError& e : all) {
        if (&e == &chosen) continue;
        bool inside_alternative = false;
        for (std::size_t n = 0; n <= e.context.size() && !inside_alternative; ++n) {
            const bool same_alternative = n == e.context.size() && is_alternative(e);
            inside_alternative = !same_alternative && alternatives.count(Path(e.context.begin(), e.context.begin() + n));
        }
        if (inside_alternative) continue;
        if (says_a_child_failed(e) && above.count(e.context)) continue;
        if (!is_unknown_key(e) && unknown_keys.count(e.context)) continue;
        out.push_back(&e);
    }
    return out;
}

ReleasedJson capped_failing_copy(const json& document, const std::function<bool(const json&)>& fails) {
    if (count_nodes(document) <= ListedNodes) return ReleasedJson();
    // The smallest cap that still fails, by bisection: capped(document, longest) is the document itself.
    std::size_t low = 64, high = std::max<std::size_t>(64, longest_array(document));
    while (low < high) {
        const std::size_t middle = low + (high - low) / 2;
        if (fails(capped(document, middle).value))
            high = middle;
        else
            low = middle + 1;
    }
    return capped(document, low);
}

}  // namespace arbiter::rulebook
