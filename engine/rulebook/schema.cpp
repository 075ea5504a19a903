#include "rulebook/schema.h"
#include "rulebook/schema_patterns.h"
#include "rulebook/schema_shape.h"

// gcc 12 reports a false -Wrestrict inside std::string::replace as inlined from valijson's json_pointer.hpp at -O3
// (GCC bug 105329); the warning is about library code, not this file.
#pragma GCC diagnostic ignored "-Wrestrict"
// Likewise under -fsanitize: a false -Wmaybe-uninitialized inside std::regex's automaton, which valijson's headers
// instantiate (for "format"; its "pattern" is never built, schema_patterns.h) (GCC bug 105562).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"

#include "core/record/bounded_read.h"
#include "rulebook/paths.h"
#include "rulebook/schema_failures.h"
#include "rulebook/suggest.h"
#include "rulebook/yaml_build.h"

#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validator.hpp>
#include <yaml-cpp/node/detail/node.h>

#include <algorithm>
#include <charconv>
#include <tuple>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <optional>
#include <set>
#include <string_view>
#include <vector>

namespace arbiter::rulebook {

namespace {

using nlohmann::json;

// A loaded schema: valijson's compiled form and the JSON text, used to phrase messages (valijson reads a copy whose
// patterns are this program's own, schema_patterns.h).
struct LoadedSchema {
    json document;
    json compiled_from;
    valijson::Schema compiled;
};

// Schemas are compiled once per process; Library::open validates files on several threads at once.
std::mutex schemas_mutex;

const LoadedSchema& load_schema(const std::filesystem::path& path) {
    static std::map<std::string, std::unique_ptr<LoadedSchema>> cache;
    std::lock_guard lock(schemas_mutex);
    auto& slot = cache[path.string()];
    if (!slot) {
        // The front door (core/record/bounded_read.h): a schema folder of the user's (--schemas) is input too.
        const std::string text = core::record::read_regular_file(path.string(), 4u << 20, "a readable JSON schema");
        auto loaded = std::make_unique<LoadedSchema>();
        loaded->document = parse_schema_text(text, path.string());
        check_schema_references(loaded->document, path.string());
        check_schema_patterns(loaded->document, path.string());
        loaded->compiled_from = with_own_patterns(loaded->document);
        valijson::SchemaParser parser;
        use_own_patterns(parser);
        valijson::adapters::NlohmannJsonAdapter adapter(loaded->compiled_from);
        try {
            parser.populateSchema(adapter, loaded->compiled);
        } catch (const std::bad_alloc&) {
            throw;  // the process's memory limit, which the callers report as such for the file they were reading
        } catch (const std::exception& e) {  // the schema's fault, not the file being checked (was "internal error")
            // valijson also allocates constraints with malloc and says so in words when malloc returns null.
            if (std::string_view(e.what()).starts_with("Failed to allocate memory")) throw std::bad_alloc();
            throw InputError({path.string(), 0, 0}, std::string("not a schema that can be used: ") + e.what());
        }
        slot = std::move(loaded);
    }
    return *slot;
}

// valijson's Validator keeps a cache of what it has compiled; a fresh Validator per file compiled the patterns (when
// valijson matched them) all again, which cost as much as the validation itself. Validators are lent out one per caller, so
// threads never share one, and returned for the next file.
class ValidatorLoan {
public:
    ValidatorLoan() {
        std::lock_guard lock(mutex_);
        if (idle_.empty()) {
            validator_ = std::make_unique<valijson::Validator>(valijson::Validator::kStrongTypes);
        } else {
            validator_ = std::move(idle_.back());
            idle_.pop_back();
        }
    }
    ~ValidatorLoan() {
        std::lock_guard lock(mutex_);
        idle_.push_back(std::move(validator_));
    }
    ValidatorLoan(const ValidatorLoan&) = delete;
    ValidatorLoan& operator=(const ValidatorLoan&) = delete;
    valijson::Validator& operator*() { return *validator_; }

private:
    static inline std::mutex mutex_;
    static inline std::vector<std::unique_ptr<valijson::Validator>> idle_;
    std::unique_ptr<valijson::Validator> validator_;
};

// Reads a plain scalar the way YAML 1.2's core schema (and so an editor's schema check) types it.
json plain_scalar(const std::string& text) {
    if (text.empty() || text == "~" || text == "null" || text == "Null" || text == "NULL") return nullptr;
    if (text == "true" || text == "True" || text == "TRUE") return true;
    if (text == "false" || text == "False" || text == "FALSE") return false;
    const char* begin = text.data();
    const char* end = begin + text.size();
    const char* digits = (*begin == '-' || *begin == '+') ? begin + 1 : begin;
    if (digits < end && std::all_of(digits, end, [](char c) { return c >= '0' && c <= '9'; })) {
        std::int64_t value = 0;
        auto [ptr, ec] = std::from_chars(*begin == '+' ? begin + 1 : begin, end, value);
        if (ec == std::errc() && ptr == end) return value;
        // Past int64 it is a double, as an editor's check types it; std::stod threw out_of_range past 1e308 (a
        // 400-digit number in any YAML file was "internal error: stod", no place), strtod gives infinity instead.
        return std::strtod(text.c_str(), nullptr);
    }
    // [-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?
    const char* p = digits;
    bool mantissa = false;
    while (p < end && *p >= '0' && *p <= '9') ++p, mantissa = true;
    if (p < end && *p == '.') {
        ++p;
        while (p < end && *p >= '0' && *p <= '9') ++p, mantissa = true;
    }
    if (mantissa && p < end && (*p == 'e' || *p == 'E')) {
        ++p;
        if (p < end && (*p == '-' || *p == '+')) ++p;
        const char* exponent = p;
        while (p < end && *p >= '0' && *p <= '9') ++p;
        if (p == exponent) mantissa = false;
    }
    if (mantissa && p == end) return std::strtod(text.c_str(), nullptr);
    return text;
}

// valijson checked "pattern" with std::regex, whose matcher recurses once per character: a 300,000-letter rulebook
// id overflowed the stack. The patterns are matched without recursion now (schema_patterns.h), and a string longer
// than this is still handed to the validator as its first bytes and a DEL, which no pattern of the bundled schemas,
// enum or const accepts, so that no check walks megabytes.
constexpr std::size_t MaxCheckedString = 4096;

json checked_string(const std::string& text, bool bounded) {
    if (!bounded || text.size() <= MaxCheckedString) return text;
    return text.substr(0, MaxCheckedString) + "\x7f";
}

// Walks yaml-cpp's nodes themselves (node_of): a handle per node cost an atomic count. `bounded`: checked_string.
json to_json(const YAML::detail::node& node, bool bounded = false) {
    switch (node.type()) {
        case YAML::NodeType::Scalar:
            if (node.tag() != "?") return checked_string(node.scalar(), bounded);
            if (json value = plain_scalar(node.scalar()); value.is_string()) return checked_string(node.scalar(), bounded);
            else return value;
        case YAML::NodeType::Sequence: {
            json array = json::array();
            for (const auto& item : node) array.push_back(to_json(*item, bounded));
            return array;
        }
        case YAML::NodeType::Map: {
            json object = json::object();
            for (const auto& entry : node)
                object[entry.first->type() == YAML::NodeType::Scalar ? entry.first->scalar() : std::string("?")] =
                    to_json(*entry.second, bounded);
            return object;
        }
        default:
            return nullptr;
    }
}

json to_json(const YAML::Node& node, bool bounded = false) {
    node.Type();  // throws for an invalid handle, as reading it always did
    const YAML::detail::node* built = node_of(node);
    return built ? to_json(*built, bounded) : json(nullptr);
}

// Follows "$ref": "#/definitions/x" (the only form the project's schemas use).
const json* deref(const json& root, const json* schema) {
    for (int hops = 0; schema && schema->is_object() && schema->contains("$ref") && hops < 16; ++hops) {
        const std::string ref = (*schema)["$ref"].get<std::string>();
        if (ref.rfind("#/", 0) != 0) return schema;
        const json* at = &root;
        std::size_t pos = 2;
        while (at && pos <= ref.size()) {
            std::size_t next = ref.find('/', pos);
            std::string part = ref.substr(pos, next == std::string::npos ? std::string::npos : next - pos);
            at = at->is_object() && at->contains(part) ? &(*at)[part] : nullptr;
            if (next == std::string::npos) break;
            pos = next + 1;
        }
        schema = at;
    }
    return schema;
}

// Returns the subschema describing `key` (a property name, or an index when `in_list`) of `schema`.
const json* child_schema(const json& root, const json* schema, const std::string& key, bool in_list) {
    schema = deref(root, schema);
    if (!schema || !schema->is_object()) return nullptr;
    if (in_list && schema->contains("items")) return &(*schema)["items"];
    if (!in_list) {
        if (schema->contains("properties") && (*schema)["properties"].contains(key)) return &(*schema)["properties"][key];
        if (schema->contains("additionalProperties") && (*schema)["additionalProperties"].is_object())
            return &(*schema)["additionalProperties"];
    }
    for (const char* combinator : {"oneOf", "anyOf", "allOf"}) {
        if (!schema->contains(combinator)) continue;
        for (const auto& alternative : (*schema)[combinator]) {
            const json* found = child_schema(root, &alternative, key, in_list);
            if (found) return found;
        }
    }
    return nullptr;
}

std::string schema_description(const json& root, const json* schema) {
    if (schema && schema->is_object() && schema->contains("description")) return (*schema)["description"];
    schema = deref(root, schema);
    if (schema && schema->is_object() && schema->contains("description")) return (*schema)["description"];
    return {};
}

std::string type_words(const json& type) {
    auto word = [](const std::string& t) {
        return t == "object" ? "a map" : t == "array" ? "a list" : t == "integer" ? "an integer" : t == "boolean" ? "true or false"
             : t == "null" ? "nothing" : t == "number" ? "a number" : "a string";
    };
    if (type.is_string()) return word(type.get<std::string>());
    std::string out;
    for (std::size_t i = 0; i < type.size(); ++i) {
        if (i) out += i + 1 == type.size() ? " or " : ", ";
        out += word(type[i].get<std::string>());
    }
    return out;
}

// Collects the "type" constraints of a schema and of its oneOf/anyOf alternatives.
void collect_types(const json& root, const json* schema, std::vector<std::string>& out) {
    schema = deref(root, schema);
    if (!schema || !schema->is_object()) return;
    if (schema->contains("type")) {
        const json& type = (*schema)["type"];
        if (type.is_string()) out.push_back(type);
        else for (const auto& t : type) out.push_back(t);
    }
    for (const char* combinator : {"oneOf", "anyOf"})
        if (schema->contains(combinator))
            for (const auto& alternative : (*schema)[combinator]) collect_types(root, &alternative, out);
}

std::string quoted_list(const std::vector<std::string>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
    return out;
}

// Describes a scalar as the schema sees it (a plain 3 is a number, "3" a string).
std::string found_words(const YAML::Node& node) {
    if (node.IsScalar()) {
        json value = node.Tag() == "?" ? plain_scalar(node.Scalar()) : json(node.Scalar());
        if (value.is_number()) return "the number " + node.Scalar();
        if (value.is_boolean()) return "the boolean " + node.Scalar();
        if (value.is_null()) return "nothing";
    }
    return describe(node);
}

}  // namespace

json yaml_to_json(const YAML::Node& node) { return to_json(node); }

std::string_view kind_name(Kind kind) {
    switch (kind) {
        case Kind::rulebook: return "rulebook";
        case Kind::game: return "game";
        case Kind::event: return "event";
        case Kind::timeline: return "timeline";
        case Kind::registry: return "registry";
    }
    return "?";
}

Kind detect_kind(const YamlFile& file) {
    static const std::pair<const char*, Kind> kinds[] = {{"rulebook", Kind::rulebook}, {"timeline", Kind::timeline},
                                                         {"registry", Kind::registry}, {"event", Kind::event},
                                                         {"game", Kind::game}};
    if (!file.root.IsMap())
        throw InputError(location_of(file.name, file.root),
                         "found " + describe(file.root) + " at the top; expected a map starting with rulebook:, "
                         "game:, event:, timeline: or registry:");
    if (file.root.size() == 0)
        throw InputError(location_of(file.name, file.root),
                         "found an empty map; expected a map starting with rulebook:, game:, event:, timeline: or registry:");
    // A copy: yaml-cpp's iterator `->` hands out a temporary, so a reference into it would dangle.
    const YAML::Node key = file.root.begin()->first;
    if (key.IsScalar())
        for (const auto& [name, kind] : kinds)
            if (key.Scalar() == name) return kind;
    for (const auto& [name, kind] : kinds)
        for (const auto& entry : file.root)
            if (entry.first.IsScalar() && entry.first.Scalar() == name) return kind;
    throw InputError(location_of(file.name, key),
                     "found the key " + describe(key) + " at the top; expected rulebook:, game:, event:, timeline: or registry:" +
                         did_you_mean(key.IsScalar() ? key.Scalar() : "", {"rulebook", "game", "event", "timeline", "registry"}));
}

std::filesystem::path schema_path(Kind kind) {
    return schema_file(std::string(kind == Kind::registry ? "topics" : kind_name(kind)) + ".schema.json");
}

namespace {

using SchemaError = valijson::ValidationResults::Error;

using Failure = std::pair<SourceLocation, std::string>;

// One failure in words at its YAML node ("rules.draw.repetition.article: found a list; expected ..."); `more`
// gets the other unknown keys of the same map.
Failure describe(const YamlFile& file, const LoadedSchema& schema, const SchemaError& chosen,
                 std::vector<Failure>& more) {
    // Walk the YAML tree and the schema along the error's path.
    const json& root = schema.document;
    YAML::Node node = file.root;
    const json* sub = &root;
    std::string path_text;
    for (std::size_t i = 1; i < chosen.context.size(); ++i) {
        std::string key = chosen.context[i];
        if (key.size() >= 2 && key.front() == '[' && key.back() == ']') key = key.substr(1, key.size() - 2);
        const bool in_list = node.IsSequence();
        YAML::Node next;
        if (in_list) {
            std::size_t index = 0;
            std::from_chars(key.data(), key.data() + key.size(), index);
            if (index < node.size()) next = node[index];
            path_text += "[" + key + "]";
        } else if (node.IsMap()) {
            for (const auto& entry : node)
                if (entry.first.IsScalar() && entry.first.Scalar() == key) next = entry.second;
            path_text += (path_text.empty() ? "" : ".") + key;
        }
        sub = sub ? child_schema(root, sub, key, in_list) : nullptr;
        if (!next.IsDefined()) break;
        node.reset(next);
    }

    const std::string& what = chosen.description;
    const std::string prefix = path_text.empty() ? "" : path_text + ": ";
    const std::string about = schema_description(root, sub);
    const std::string because = about.empty() ? "" : " (" + about + ")";
    SourceLocation where = location_of(file.name, node);

    auto between_quotes = [&what]() {
        auto open = what.rfind(": '") == std::string::npos ? what.find('\'') : what.rfind(": '") + 2;
        auto close = what.rfind('\'');
        return open != std::string::npos && close > open ? what.substr(open + 1, close - open - 1) : std::string();
    };
    const json* resolved = deref(root, sub);
    // A map that may also be written another way (an event inline or as a path: oneOf) has its keys in the
    // alternative that is an object: without it, every key, the allowed ones too, was listed as unknown, with an
    // empty list of the expected ones.
    for (const char* combinator : {"oneOf", "anyOf"})
        if (resolved && resolved->is_object() && !resolved->contains("properties") && resolved->contains(combinator))
            for (const auto& alternative : (*resolved)[combinator])
                if (const json* object = deref(root, &alternative); object && object->is_object() &&
                                                                     object->contains("properties")) {
                    resolved = object;
                    break;
                }
    std::string message;
    if (what.rfind("Missing required property", 0) == 0) {
        std::string key = between_quotes();
        const json* key_schema = sub ? child_schema(root, sub, key, false) : nullptr;
        std::string key_about = schema_description(root, key_schema);
        message = prefix + "missing the key '" + key + "'; expected it" + (key_about.empty() ? "" : " (" + key_about + ")");
    } else if (what.rfind("Object contains a property that could not be validated", 0) == 0) {
        std::string key = between_quotes();
        std::vector<std::string> allowed;
        if (resolved && resolved->contains("properties"))
            for (const auto& [name, _] : (*resolved)["properties"].items()) allowed.push_back(name);
        for (const auto& entry : node)
            if (entry.first.IsScalar() && entry.first.Scalar() == key) where = location_of(file.name, entry.first);
        message = prefix + "found the unknown key '" + key + "'; expected one of: " + quoted_list(allowed) +
                  did_you_mean(key, allowed);
        // valijson names the first unknown key of a map only: the others are found here, each at its own line.
        if (resolved && !resolved->contains("patternProperties") && node.IsMap())
            for (const auto& entry : node) {
                if (!entry.first.IsScalar() || entry.first.Scalar() == key) continue;
                const std::string other = entry.first.Scalar();
                if (std::find(allowed.begin(), allowed.end(), other) != allowed.end()) continue;
                more.push_back({location_of(file.name, entry.first),
                                prefix + "found the unknown key '" + other + "'; expected one of: " +
                                    quoted_list(allowed) + did_you_mean(other, allowed)});
            }
    } else if (what.rfind("Value type not permitted", 0) == 0 || what.rfind("Failed to validate against any child", 0) == 0 ||
               what.rfind("Failed to validate against exactly one", 0) == 0) {
        std::vector<std::string> types;
        collect_types(root, sub, types);
        std::sort(types.begin(), types.end());
        types.erase(std::unique(types.begin(), types.end()), types.end());
        std::string expected = types.empty() ? "another shape" : type_words(json(types));
        message = prefix + "found " + found_words(node) + "; expected " + expected + because;
    } else if (what.rfind("Failed to match against any enum values", 0) == 0) {
        std::vector<std::string> allowed;
        if (resolved && resolved->contains("enum"))
            for (const auto& value : (*resolved)["enum"]) allowed.push_back(value.is_string() ? value.get<std::string>() : value.dump());
        message = prefix + "found " + found_words(node) + "; expected one of: " + quoted_list(allowed) +
                  (node.IsScalar() ? did_you_mean(node.Scalar(), allowed) : "");
    } else if (what.rfind("Failed to match regex", 0) == 0) {
        // The form is described where the pattern is (a shared definition such as `time`): a property's own
        // description says what the value means ("When it happened."), not how to write it.
        const std::string form = resolved && resolved->is_object() && resolved->contains("pattern")
                                     ? schema_description(root, resolved)
                                     : std::string();
        const std::string& shown = form.empty() ? about : form;
        message = prefix + "found " + found_words(node) + "; expected " + (shown.empty() ? "another form" : shown);
    } else {
        message = prefix + "found " + found_words(node) + ", which does not conform: " + what + because;
    }
    return {where, message};
}

}  // namespace

bool check_schema(const YamlFile& file, Kind kind) {
    const auto path = schema_path(kind);
    if (std::error_code ec; !std::filesystem::exists(path, ec)) return false;
    const LoadedSchema& schema = load_schema(path);
    const ReleasedJson document{to_json(file.root, true)};
    const json& target = document.value;
    // Every search of this check, the failing copy's and the listing's too, takes its steps from one count.
    PatternWork work;
    const auto validate = [&](const json& document, valijson::ValidationResults* results) {
        valijson::adapters::NlohmannJsonAdapter adapter(document);
        ValidatorLoan validator;
        try {
            return (*validator).validate(schema.compiled, adapter, results);
        } catch (const SchemaPatternCost& e) {
            std::vector<Failure> unused;
            const Failure at = describe(file, schema, SchemaError{e.context, ""}, unused);
            throw InputError(at.first, at.second.substr(0, at.second.find(", which does not conform")) +
                                           "; expected a string that " + path.string() + "'s " + e.what() +
                                           " checks in fewer than " + std::to_string(PatternWork::Steps) +
                                           " steps with the strings before it (a pattern with fewer counted "
                                           "repeats, or shorter strings)");
        }
    };
    // No results: stops at the first failure.
    const auto fails = [&](const json& document) { return !validate(document, nullptr); };
    if (!fails(target)) return true;
    const ReleasedJson capped = capped_failing_copy(target, fails);
    valijson::ValidationResults results;
    (void)validate(capped.value.is_null() ? target : capped.value, &results);

    // The deepest error is the cause; the ones above it only say a child failed.
    std::vector<SchemaError> all(results.begin(), results.end());
    const SchemaError* chosen = nullptr;
    // At equal depth an unknown key wins: it is usually a misspelling of the key reported missing.
    if (all.empty()) throw InputError(location_of(file.name, file.root), "does not conform to " + path.string());
    for (const auto& error : all)
        if (!chosen || error.context.size() > chosen->context.size() ||
            (error.context.size() == chosen->context.size() && is_unknown_key(error) && !is_unknown_key(*chosen)))
            chosen = &error;
    // Every failure of the file in one run, in line order (three typos: one run, not three); the error is raised
    // at the first, and each line of its message names its own file:line:column.
    std::vector<Failure> more;
    std::vector<Failure> found{describe(file, schema, *chosen, more)};
    // A file that fails in thousands of places lists its first hundred: each description walks the file's maps.
    constexpr std::size_t Listed = 100;
    const std::vector<const SchemaError*> others = other_failures(all, *chosen);
    for (std::size_t i = 0; i < others.size() && i < Listed; ++i) {
        Failure described = describe(file, schema, *others[i], more);
        more.push_back(std::move(described));
    }
    std::set<std::pair<int, std::string>> seen{{found.front().first.line, found.front().second}};
    for (auto& described : more)
        if (seen.emplace(described.first.line, described.second).second) found.push_back(std::move(described));
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
        return std::tie(a.first.line, a.first.column) < std::tie(b.first.line, b.first.column);
    });
    const std::size_t unlisted = found.size() > Listed ? found.size() - Listed : 0;
    std::string message = found.front().second;
    for (std::size_t i = 1; i < found.size() - unlisted; ++i)
        message += "\n" + found[i].first.to_string() + ": " + found[i].second;
    if (unlisted > 0 || others.size() > Listed || !capped.value.is_null())
        message += "\n" + file.name + ": more failures than listed here; expected the listed ones fixed first";
    throw InputError(found.front().first, message);
}

}  // namespace arbiter::rulebook
