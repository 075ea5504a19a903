#include "rulebook/schema_shape.h"

#include "core/error.h"

#include <set>
#include <vector>

namespace arbiter::rulebook {

using nlohmann::json;

json parse_schema_text(const std::string& text, const std::string& path) {
    int deepest = 0;
    json document;
    try {
        // The callback sees every value's depth as it is read; the parser itself keeps its own stack (no recursion).
        document = json::parse(text, [&deepest](int depth, json::parse_event_t, json&) {
            if (depth > deepest) deepest = depth;
            return true;
        });
    } catch (const json::parse_error& e) {
        throw InputError({path, 0, int(e.byte)}, "invalid JSON schema (a JSON syntax error)");
    }
    if (deepest > MaxSchemaDepth)
        throw InputError({path, 0, 0}, "the schema nests " + std::to_string(deepest) + " levels deep; expected at most " +
                                           std::to_string(MaxSchemaDepth));
    return document;
}

namespace {

// Calls `visit` on every object of `schema`, the schema itself included, with an explicit stack: a schema's depth is
// bounded (MaxSchemaDepth), its width is not.
template <class Visit>
void for_each_object(const json& schema, Visit visit) {
    std::vector<const json*> pending{&schema};
    while (!pending.empty()) {
        const json* node = pending.back();
        pending.pop_back();
        if (node->is_array())
            for (const json& item : *node) pending.push_back(&item);
        if (!node->is_object()) continue;
        for (const auto& [key, value] : node->items()) pending.push_back(&value);
        visit(*node);
    }
}

// The value a local reference "#/a/b" names, or nullptr.
const json* resolve(const json& root, const std::string& ref) {
    try {
        const json::json_pointer pointer(ref.substr(1));
        return root.contains(pointer) ? &root.at(pointer) : nullptr;
    } catch (const json::exception&) {  // a pointer that does not read ("#a", "#/~2")
        return nullptr;
    }
}

}  // namespace

void check_schema_references(const json& schema, const std::string& path) {
    constexpr int MaxChain = 64;
    for_each_object(schema, [&](const json& object) {
        const auto ref = object.find("$ref");
        if (ref == object.end() || !ref->is_string()) return;
        std::string at = ref->get<std::string>();
        std::set<std::string> seen;
        for (int step = 0;; ++step) {
            if (at.empty() || at[0] != '#')
                throw InputError({path, 0, 0}, "$ref '" + at + "': expected a reference within the file (#/...)");
            const json* target = resolve(schema, at);
            if (!target) throw InputError({path, 0, 0}, "$ref '" + at + "' names nothing in the file");
            if (!seen.insert(at).second || step >= MaxChain)
                throw InputError({path, 0, 0}, "$ref '" + ref->get<std::string>() +
                                                   "' leads through references alone back to itself (or past " +
                                                   std::to_string(MaxChain) + " of them); expected a schema at the end");
            const auto next = target->is_object() ? target->find("$ref") : target->end();
            if (!target->is_object() || next == target->end() || !next->is_string()) break;
            at = next->get<std::string>();
        }
    });
}

}  // namespace arbiter::rulebook
