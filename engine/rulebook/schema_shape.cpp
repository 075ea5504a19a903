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

namespace {

// Reads one alternative-list of a pattern from `i` to its ')' or end; returns whether a match of it can end inside
// an unbounded repeat (*, +, {n,}); `nested` is the byte of the first repeated group that does, or npos.
class PatternScan {
public:
    explicit PatternScan(const std::string& p) : p_(p) {}
    std::size_t nested = std::string::npos;

    bool sequence(std::size_t& i, int depth) {
        bool any_tail = false, tail = false;
        while (i < p_.size() && p_[i] != ')') {
            if (p_[i] == '|') {
                any_tail = any_tail || tail, tail = false, ++i;
                continue;
            }
            const std::size_t start = i;
            bool atom_tail = false;  // a group whose own body ends in a repeat
            if (p_[i] == '\\') {
                i += 2;
            } else if (p_[i] == '[') {
                ++i;
                if (i < p_.size() && p_[i] == '^') ++i;
                if (i < p_.size() && p_[i] == ']') ++i;
                while (i < p_.size() && p_[i] != ']') i += p_[i] == '\\' ? 2 : 1;
                ++i;
            } else if (p_[i] == '(') {
                ++i;
                if (i + 1 < p_.size() && p_[i] == '?') i += 2;  // (?: (?= (?!
                atom_tail = depth < 64 && sequence(i, depth + 1);
                ++i;  // ')'
            } else {
                ++i;
            }
            bool unbounded = false, optional = false;
            if (i < p_.size() && (p_[i] == '*' || p_[i] == '+' || p_[i] == '?')) {
                unbounded = p_[i] != '?', optional = p_[i] != '+', ++i;
            } else if (i < p_.size() && p_[i] == '{') {
                const std::size_t close = p_.find('}', i);
                const std::string body = p_.substr(i + 1, close == std::string::npos ? 0 : close - i - 1);
                unbounded = !body.empty() && body.back() == ',', optional = body.rfind("0", 0) == 0;
                i = close == std::string::npos ? p_.size() : close + 1;
            }
            if (i < p_.size() && p_[i] == '?') ++i;  // lazy
            if (unbounded && atom_tail && nested == std::string::npos) nested = start;
            const bool ends_in_repeat = unbounded || atom_tail;
            tail = optional ? tail || ends_in_repeat : ends_in_repeat;
        }
        return any_tail || tail;
    }

private:
    const std::string& p_;
};

void check_pattern(const std::string& pattern, const std::string& path) {
    PatternScan scan(pattern);
    for (std::size_t i = 0; i < pattern.size(); ++i) (void)scan.sequence(i, 0);  // a stray ')' is skipped
    if (scan.nested != std::string::npos)
        throw InputError({path, 0, 0}, "pattern '" + pattern.substr(0, 200) + "': the group at byte " +
                                           std::to_string(scan.nested + 1) +
                                           " repeats a body that ends in a repeat of its own, which std::regex "
                                           "matches in exponential time; expected each repeated group to end in a "
                                           "fixed part");
}

}  // namespace

void check_schema_patterns(const json& schema, const std::string& path) {
    for_each_object(schema, [&](const json& object) {
        for (const auto& [key, value] : object.items()) {
            if (key == "pattern" && value.is_string()) check_pattern(value.get<std::string>(), path);
            if (key == "patternProperties" && value.is_object())
                for (const auto& [name, ignored] : value.items()) check_pattern(name, path);
        }
    });
}

}  // namespace arbiter::rulebook
