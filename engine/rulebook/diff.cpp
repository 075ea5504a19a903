#include "rulebook/diff.h"

#include "clock/duration.h"
#include "rulebook/schema.h"

#include <algorithm>
#include <set>
#include <type_traits>

namespace arbiter::rulebook {

namespace {

// JSON (sorted keys) printed as flow YAML without quotes: {amount: 3min, to: opponent}.
std::string flow(const nlohmann::json& j) {
    if (j.is_null()) return "null";
    if (j.is_string()) return j.get<std::string>();
    if (j.is_array()) {
        std::string out = "[";
        for (std::size_t i = 0; i < j.size(); ++i) out += (i ? ", " : "") + flow(j[i]);
        return out + "]";
    }
    if (j.is_object()) {
        std::string out = "{";
        bool first = true;
        for (const auto& [k, v] : j.items()) {
            out += (first ? "" : ", ") + k + ": " + flow(v);
            first = false;
        }
        return out + "}";
    }
    return j.dump();
}

std::string node_flow(const YAML::Node& node) { return node && !node.IsNull() ? flow(yaml_to_json(node)) : std::string(); }

std::string effects_text(const std::vector<Effect>& effects) {
    std::string out;
    for (const auto& e : effects) out += (out.empty() ? "" : "; ") + normalized_effect(e);
    return out;
}

// Durations in one spelling (60min and 1h compare equal).
std::string value_text(const Value& v) { return v.unit == Unit::duration ? clock::format_duration(v.ms) : v.text; }

std::string param_text(const Param& p) {
    std::string out = value_text(p.value);
    std::string extra;
    if (p.event_may_set) extra = "event may set";
    if (p.min || p.max)
        extra += (extra.empty() ? "" : ", ") + (p.min ? value_text(*p.min) : std::string()) + ".." + (p.max ? value_text(*p.max) : std::string());
    if (!p.choices.empty()) {
        std::string c;
        for (const auto& v : p.choices) c += (c.empty() ? "" : "|") + value_text(v);
        extra += (extra.empty() ? "one of " : ", one of ") + c;
    }
    return extra.empty() ? out : out + " (" + extra + ")";
}

// The compared fields of a rule, in a fixed order; an absent aspect is "".
std::vector<std::pair<std::string, std::string>> fields_of(const Rule& r) {
    std::vector<std::pair<std::string, std::string>> out;
    out.push_back({"article", r.article});
    std::string also;
    for (const auto& a : r.also) also += (also.empty() ? "" : ", ") + a;
    out.push_back({"also", also});
    for (const auto& p : r.params) out.push_back({"params." + p.name, param_text(p)});
    out.push_back({"effects", effects_text(r.effects)});
    std::string cases;
    for (const auto& c : r.cases)
        cases += (cases.empty() ? "" : " | ") + (c.article.empty() ? "" : c.article + ": ") + node_flow(c.when) + " -> " + effects_text(c.effects);
    out.push_back({"cases", cases});
    std::string ladder;
    for (std::size_t i = 0; i < r.ladder.size(); ++i)
        ladder += (ladder.empty() ? "" : " | ") + std::to_string(i + 1) + (i + 1 == r.ladder.size() ? "+" : "") + ": " + effects_text(r.ladder[i].effects);
    out.push_back({"ladder", ladder});
    std::string discretion;
    if (r.discretion)
        for (const auto& o : r.discretion->options) discretion += (discretion.empty() ? "" : ", ") + o;
    out.push_back({"discretion", discretion});
    out.push_back({"hook", r.hook});
    out.push_back({"restore", r.restore});
    out.push_back({"claim", r.claim ? "by " + r.claim->by + (r.claim->deadline.empty() ? "" : ", " + r.claim->deadline) : ""});
    return out;
}

bool descends(const Rulebook& child, const Rulebook& ancestor) {
    return child.id != ancestor.id && std::find(child.lineage.begin(), child.lineage.end(), ancestor.id) != child.lineage.end();
}

}  // namespace

std::string normalized_effect(const Effect& effect) {
    const std::string fields = node_flow(effect.fields);
    if (fields.empty()) return effect.name;
    if (fields.front() == '{') return effect.name + "(" + fields.substr(1, fields.size() - 2) + ")";
    return effect.name + "(" + fields + ")";
}

namespace {

// The rule that applies to a topic in one rulebook (null: none) and whether it is the base rule standing in for a
// category or mode that does not restate the topic.
struct Applying {
    const Rule* rule = nullptr;
    bool base = false;
};

// Compares one topic across the rulebooks; `applying(i)` gives rulebook i's rule. Returns whether anything differs
// (presence, a field, or a child's own restatement of an inherited rule).
template <class Lookup>
bool compare_topic(const RulebookDiff& out, const std::string& topic, Lookup applying, TopicDiff& diff) {
    const auto& books = out.books;
    diff = TopicDiff{};
    diff.topic = topic;
    std::vector<std::vector<std::pair<std::string, std::string>>> fields;
    bool any_absent = false, any_present = false;
    for (std::size_t i = 0; i < books.size(); ++i) {
        TopicSide side;
        const Applying here = applying(i);
        side.rule = here.rule;
        side.base = here.base;
        if (side.rule) side.written_in = side.rule->from.rulebook;
        if (out.parent[i]) {
            const Rule* before = applying(*out.parent[i]).rule;
            if (!side.rule) side.in_child = before ? "removed" : "";
            else if (!before) side.in_child = "added";
            else side.in_child = side.rule->from.rulebook == before->from.rulebook && side.rule->from.line == before->from.line ? "inherited" : "changed";
        }
        (side.rule ? any_present : any_absent) = true;
        fields.push_back(side.rule ? fields_of(*side.rule) : std::vector<std::pair<std::string, std::string>>{});
        diff.sides.push_back(side);
    }
    diff.presence_differs = any_present && any_absent;
    // Field names in first-seen order across rulebooks.
    std::vector<std::string> names;
    for (const auto& f : fields)
        for (const auto& [name, _] : f)
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    for (const std::string& name : names) {
        FieldDiff field{name, {}};
        for (std::size_t i = 0; i < books.size(); ++i) {
            std::string value = diff.sides[i].rule ? "" : "-";
            for (const auto& [n, v] : fields[i])
                if (n == name) value = v;
            field.values.push_back(value);
        }
        bool differs = false;
        for (std::size_t i = 1; i < field.values.size(); ++i) differs = differs || field.values[i] != field.values[0];
        if (differs || (diff.presence_differs && !field.values[0].empty() && field.values[0] != "-") ||
            (diff.presence_differs && name == "article"))
            diff.fields.push_back(std::move(field));
    }
    if (diff.presence_differs) {
        // Keep only the rows that say something: the article, and fields some rulebook has.
        std::erase_if(diff.fields, [](const FieldDiff& f) {
            return f.field != "article" && std::all_of(f.values.begin(), f.values.end(), [](const std::string& v) { return v.empty() || v == "-"; });
        });
    }
    bool changed_by_child = false;
    for (const auto& side : diff.sides) changed_by_child = changed_by_child || side.in_child == "changed";
    return diff.presence_differs || !diff.fields.empty() || changed_by_child;
}

// Categories (or modes, through `parts_of`) by name across the rulebooks: the parts that differ.
template <class Parts>
std::vector<PartDiff> compare_parts(const RulebookDiff& out, Parts parts_of) {
    const auto& books = out.books;
    std::set<std::string> names;
    for (const Rulebook* b : books)
        for (const auto& [name, _] : parts_of(*b)) names.insert(name);
    std::vector<PartDiff> result;
    for (const std::string& name : names) {
        PartDiff part;
        part.name = name;
        std::vector<const std::remove_cvref_t<decltype(parts_of(*books[0]).begin()->second)>*> found;
        for (const Rulebook* b : books) {
            const auto& parts = parts_of(*b);
            const auto it = parts.find(name);
            found.push_back(it == parts.end() ? nullptr : &it->second);
            part.present.push_back(found.back() != nullptr);
            part.articles.push_back(found.back() ? found.back()->article : "-");
        }
        bool differs = false;
        for (std::size_t i = 0; i < books.size(); ++i) {
            differs = differs || part.articles[i] != part.articles[0];
            std::string in_child;
            if (out.parent[i]) {
                const auto* before = found[*out.parent[i]];
                if (!found[i]) in_child = before ? "removed" : "";
                else if (!before) in_child = "added";
                else in_child = found[i]->from.rulebook == before->from.rulebook && found[i]->from.line == before->from.line ? "inherited" : "changed";
            }
            differs = differs || in_child == "changed" || in_child == "added" || in_child == "removed";
            part.in_child.push_back(in_child);
        }
        std::set<std::string> topics;
        for (const auto* p : found)
            if (p)
                for (const auto& [topic, _] : p->rules) topics.insert(topic);
        for (const std::string& topic : topics) {
            auto applying = [&](std::size_t i) -> Applying {
                if (found[i])
                    if (const auto it = found[i]->rules.find(topic); it != found[i]->rules.end())
                        return {it->second.removed ? nullptr : &it->second, false};
                return {books[i]->rule(topic), true};
            };
            TopicDiff diff;
            if (compare_topic(out, topic, applying, diff)) part.topics.push_back(std::move(diff));
            else ++part.same;
        }
        if (differs || !part.topics.empty()) result.push_back(std::move(part));
    }
    return result;
}

}  // namespace

DiffWeight weight_of(const TopicDiff& topic) {
    if (topic.presence_differs) return DiffWeight::substantive;
    bool also = false, article = false;
    for (const FieldDiff& f : topic.fields) {
        if (f.field == "also") also = true;
        else if (f.field == "article") article = true;
        else return DiffWeight::substantive;
    }
    return also ? DiffWeight::cross_references : article ? DiffWeight::article_number : DiffWeight::restated;
}

RulebookDiff diff_rulebooks(const std::vector<const Rulebook*>& books) {
    RulebookDiff out;
    out.books = books;
    // The nearest ancestor in the comparison: the first id of the lineage (after itself) that is compared.
    for (const Rulebook* b : books) {
        std::optional<std::size_t> parent;
        for (std::size_t k = 1; k < b->lineage.size() && !parent; ++k)
            for (std::size_t j = 0; j < books.size(); ++j)
                if (books[j]->id == b->lineage[k] && descends(*b, *books[j])) {
                    parent = j;
                    break;
                }
        out.parent.push_back(parent);
    }
    std::set<std::string> topics;
    for (const Rulebook* b : books)
        for (const auto& [topic, _] : b->rules) topics.insert(topic);
    for (const std::string& topic : topics) {
        TopicDiff diff;
        if (compare_topic(out, topic, [&](std::size_t i) { return Applying{books[i]->rule(topic), false}; }, diff))
            out.topics.push_back(std::move(diff));
        else
            ++out.same;
    }
    if (!books.empty()) {
        out.categories = compare_parts(out, [](const Rulebook& b) -> const auto& { return b.categories; });
        out.modes = compare_parts(out, [](const Rulebook& b) -> const auto& { return b.modes; });
    }
    return out;
}

}  // namespace arbiter::rulebook
