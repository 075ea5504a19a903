#include "rulebook/schema_patterns.h"

#include "core/error.h"
#include "rulebook/pattern_match.h"

#include <valijson/constraint_builder.hpp>
#include <valijson/constraints/concrete_constraints.hpp>
#include <valijson/internal/adapter.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>

#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace arbiter::rulebook {

namespace {

using nlohmann::json;

// A keyword no JSON schema draft uses, so that valijson's own "pattern" constraint is never built.
constexpr const char* OwnPatternKey = "x-arbiter-pattern";

// Calls `visit(object)` on every schema object of `schema` (the same places whether const or not): every object but
// the data under enum, const, default and examples, whose keys are values rather than keywords. An object whose
// keys are names (properties, definitions, dependencies) is walked whatever its names are. An explicit stack: a
// schema's depth is bounded (MaxSchemaDepth), its width is not.
template <class Json, class Visit>
void for_each_schema_object(Json& schema, Visit visit) {
    std::vector<std::pair<Json*, bool>> pending{{&schema, false}};  // the node, whether its keys are names
    while (!pending.empty()) {
        auto [node, names] = pending.back();
        pending.pop_back();
        if (node->is_array())
            for (auto& item : *node) pending.push_back({&item, false});
        if (!node->is_object()) continue;
        if (!names) visit(*node);  // first: a visit that renames a key leaves no child pending that it moved
        for (auto it = node->begin(); it != node->end(); ++it) {
            const std::string& key = it.key();
            if (!names && (key == "enum" || key == "const" || key == "default" || key == "examples")) continue;
            const bool holds_names = !names && (key == "properties" || key == "definitions" || key == "$defs" ||
                                                key == "dependencies" || key == "patternProperties");
            pending.push_back({&it.value(), holds_names});
        }
    }
}

// The steps left to the searches of the check running on this thread, or null (PatternWork).
thread_local std::size_t* work_left = nullptr;

// valijson's constraint for the renamed keyword: the pattern compiled once, shared by the copies valijson makes.
class OwnPatternConstraint : public valijson::constraints::PolyConstraint {
public:
    OwnPatternConstraint(std::shared_ptr<const Pattern> pattern, std::shared_ptr<const std::string> source)
        : pattern_(std::move(pattern)), source_(std::move(source)) {}

    bool validate(const valijson::adapters::Adapter& target, const std::vector<std::string>& context,
                  valijson::ValidationResults* results) const override {
        // As valijson's pattern constraint with strong types (schema.cpp): a string only.
        if (!target.isString()) return true;
        bool found = false;
        try {
            found = pattern_->search(target.asString(), work_left);
        } catch (const PatternCostError&) {
            throw SchemaPatternCost(context, *source_);
        }
        if (found) return true;
        if (results) results->pushError(context, "Failed to match regex specified by 'pattern' constraint.");
        return false;
    }

private:
    valijson::constraints::Constraint* cloneInto(void* memory) const override {
        return new (memory) OwnPatternConstraint(*this);
    }
    std::size_t sizeOf() const override { return sizeof(OwnPatternConstraint); }

    std::shared_ptr<const Pattern> pattern_;
    std::shared_ptr<const std::string> source_;  // for the message when its search costs too much
};

class OwnPatternBuilder : public valijson::ConstraintBuilder {
public:
    valijson::constraints::Constraint* make(const valijson::adapters::Adapter& value) const override {
        // check_schema_patterns compiled every pattern before valijson reads the schema: this one compiles.
        return new OwnPatternConstraint(std::make_shared<const Pattern>(value.asString()),
                                        std::make_shared<const std::string>(value.asString()));
    }
};

}  // namespace

void check_schema_patterns(const json& schema, const std::string& path) {
    // valijson's cost is the schema's times the document's where a keyword's work grows with the schema's data: an
    // enum is compared value by value with every string it meets, and uniqueItems compares every pair of an array's
    // items. Neither is bounded by the steps of the patterns (PatternWork), so a folder's schema is held to enums of
    // MaxEnumValues values in all (the bundled ones hold a few dozen) and may not ask for uniqueItems.
    constexpr std::size_t MaxEnumValues = 1000;
    std::size_t enum_values = 0;
    for_each_schema_object(schema, [&](const json& object) {
        if (object.contains("patternProperties"))
            throw InputError({path, 0, 0}, "patternProperties: not read from a schema folder (its names would be "
                                           "matched by a backtracking matcher); expected properties, or "
                                           "propertyNames with a pattern");
        if (const auto unique = object.find("uniqueItems"); unique != object.end() && *unique == true)
            throw InputError({path, 0, 0}, "uniqueItems: not read from a schema folder (every pair of an array's "
                                           "items would be compared); expected a schema without it");
        if (const auto values = object.find("enum"); values != object.end() && values->is_array() &&
                                                    (enum_values += values->size()) > MaxEnumValues)
            throw InputError({path, 0, 0}, "enum: more than " + std::to_string(MaxEnumValues) +
                                               " values in the schema's enums (each is compared with every string "
                                               "checked); expected fewer, or a pattern");
        const auto pattern = object.find("pattern");
        if (pattern == object.end() || !pattern->is_string()) return;
        const std::string text = pattern->get<std::string>();
        try {
            (void)Pattern(text);
        } catch (const PatternError& e) {
            throw InputError({path, 0, 0}, "pattern '" + text.substr(0, 200) + "': byte " + std::to_string(e.at + 1) +
                                               ": " + e.what() + "; expected a pattern of literals, classes, groups, "
                                               "alternatives, repeats and the anchors ^ $");
        }
    });
}

json with_own_patterns(const json& schema) {
    json copy = schema;
    for_each_schema_object(copy, [](json& object) {
        const auto pattern = object.find("pattern");
        if (pattern == object.end() || !pattern->is_string()) return;
        json text = std::move(*pattern);
        object.erase(pattern);
        object[OwnPatternKey] = std::move(text);
    });
    return copy;
}

PatternWork::PatternWork(std::size_t steps) : steps_(steps), outer_(work_left) { work_left = &steps_; }

PatternWork::~PatternWork() { work_left = outer_; }

void use_own_patterns(valijson::SchemaParser& parser) {
    parser.addConstraintBuilder(OwnPatternKey, new OwnPatternBuilder);  // the parser owns the builder
}

}  // namespace arbiter::rulebook
