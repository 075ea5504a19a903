#include "rulebook/library_resolve.h"

#include "rulebook/schema.h"
#include "rulebook/suggest.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <system_error>

namespace arbiter::rulebook::detail {

namespace {

void merge_rules(RuleMap& base, const RuleMap& own) {
    for (const auto& [topic, rule] : own) {
        base.erase(topic);
        if (!rule.removed) base.emplace(topic, rule);
    }
}

// Applies a child file over its resolved parent (docs/RULEBOOKS.md, Inheritance).
Rulebook merge(const Rulebook& parent, const RulebookFile& child_file) {
    const Rulebook& own = child_file.own;
    const YAML::Node& root = child_file.root;
    Rulebook out = parent;
    out.id = own.id;
    out.file = own.file;
    out.extends = own.extends;
    out.lineage = own.lineage;
    out.lineage.insert(out.lineage.end(), parent.lineage.begin(), parent.lineage.end());
    out.title = own.title;
    if (child(root, "issuer")) out.issuer = own.issuer;
    out.adopted = own.adopted;
    out.effective = own.effective;
    out.source = own.source;
    if (child(root, "hooks")) out.hooks_file = own.hooks_file;
    if (child(root, "category_basis")) {
        out.category_basis_moves = own.category_basis_moves;
        out.category_basis_delay = own.category_basis_delay;
    }
    if (child(root, "default_mode")) out.default_mode = own.default_mode;
    if (child(root, "notes")) out.notes = own.notes;
    if (child(root, "article_labels")) out.article_labels = own.article_labels;
    merge_rules(out.rules, own.rules);
    for (const auto& name : child_file.removed_categories) out.categories.erase(name);
    for (const auto& [name, category] : own.categories) {
        auto it = out.categories.find(name);
        if (it == out.categories.end()) {
            out.categories.emplace(name, category);
            continue;
        }
        Category& merged = it->second;
        if (child_file.categories_with_when.count(name)) merged.when = category.when;
        if (!category.article.empty()) merged.article = category.article;
        if (!category.summary.empty()) merged.summary = category.summary;
        if (!category.title.empty()) merged.title = category.title;
        merged.base_rules_when_supervised = merged.base_rules_when_supervised || category.base_rules_when_supervised;
        merge_rules(merged.rules, category.rules);
        merged.from = category.from;
    }
    for (const auto& name : child_file.removed_modes) out.modes.erase(name);
    for (const auto& [name, mode] : own.modes) {
        auto it = out.modes.find(name);
        if (it == out.modes.end()) {
            out.modes.emplace(name, mode);
            continue;
        }
        Mode& merged = it->second;
        if (!mode.article.empty()) merged.article = mode.article;
        if (!mode.summary.empty()) merged.summary = mode.summary;
        if (!mode.title.empty()) merged.title = mode.title;
        merge_rules(merged.rules, mode.rules);
        merged.from = mode.from;
    }
    return out;
}

}  // namespace

// A root rulebook: its own rules with `removed` ones dropped.
Rulebook finish_root(const RulebookFile& file) {
    Rulebook out = file.own;
    for (auto it = out.rules.begin(); it != out.rules.end();) it = it->second.removed ? out.rules.erase(it) : std::next(it);
    return out;
}

YamlFile Resolver::read(const std::filesystem::path& path) {
    if (prepared) {
        auto it = prepared->find(path.string());
        if (it != prepared->end()) return *it->second->yaml;
    }
    return read_yaml_file(path);
}

Rulebook Resolver::resolve(const YamlFile& file, std::vector<std::string>& chain) {
    if (detect_kind(file) != Kind::rulebook)
        throw InputError(location_of(file.name, file.root), "found another kind of file; expected a rulebook (rulebook: id)");
    if (prepared) {
        auto it = prepared->find(file.name);
        if (it != prepared->end() && it->second->rulebook_error) std::rethrow_exception(it->second->rulebook_error);
        if (it != prepared->end() && it->second->own) return resolve(file, *it->second->own, chain);
    }
    if (parsed) ++*parsed;
    return resolve(file, parse_rulebook(file, registry, games), chain);
}

Rulebook Resolver::resolve(const YamlFile& file, const RulebookFile& own, std::vector<std::string>& chain) {
    if (own.own.extends.empty()) return finish_root(own);
    const std::string& parent_id = own.own.extends;
    const YAML::Node& at = own.extends_node;
    if (parent_id == own.own.id || std::find(chain.begin(), chain.end(), parent_id) != chain.end()) {
        std::string cycle;
        auto start = std::find(chain.begin(), chain.end(), parent_id);
        for (auto it = start; it != chain.end(); ++it) cycle += *it + " extends ";
        cycle += own.own.id + " extends " + parent_id;
        throw InputError(location_of(file.name, at),
                         "found a cycle of parents: " + cycle + "; expected a chain that ends in a rulebook without extends");
    }
    if (chain.size() + 1 >= MaxExtendsDepth)
        throw InputError(location_of(file.name, at), "found a chain of more than " + std::to_string(MaxExtendsDepth) +
                                                         " rulebooks each extending the next, from " + chain.front() +
                                                         "; expected a shorter chain");
    chain.push_back(own.own.id);
    std::optional<Rulebook> unshared;
    const Rulebook& parent = find_parent(parent_id, std::filesystem::path(file.name).parent_path(), file.name, at, chain, unshared);
    chain.pop_back();
    if (parent.game != own.own.game)
        throw InputError(location_of(file.name, at), "found the parent '" + parent_id + "' of the game " + parent.game +
                                                         "; expected a parent of the same game (" + own.own.game + ")");
    Rulebook out = merge(parent, own);
    // Both in this file was refused when it was read: here one comes from the parent, the other from this file.
    if (const Param* p = basis_moves_beside_category_basis(out, registry)) {
        const std::string& topic = registry.setting_topic("categories");
        if (p->where.file == file.name)
            throw InputError(p->where, two_category_bases(*p, topic, "the header of " + parent.file));
        throw InputError(location_of(file.name, child(own.root, "category_basis")),
                         two_category_bases(*p, topic, "this file's header; the parameter is " + parent.file + "'s"));
    }
    spdlog::debug("rulebook {}: {} rules of its own over {} (from {})", own.own.id, own.own.rules.size(), parent_id, parent.file);
    if (!out.default_mode.empty() && !out.modes.count(out.default_mode))
        throw InputError(location_of(file.name, child(own.root, "default_mode") ? child(own.root, "default_mode") : at),
                         "found the default mode '" + out.default_mode + "', which is not among the modes; expected one of the modes");
    return out;
}

// The parent `id`, resolved once and kept in the memo, whose entries never move: a reference, not a copy of
// every rule (the child's merge makes the one copy it needs). Should the memo have gained `id` while the parent
// was being resolved, the fresh result is used, kept in `unshared`, as when parents were returned by value.
const Rulebook& Resolver::find_parent(const std::string& id, const std::filesystem::path& dir, const std::string& file,
                                      const YAML::Node& at, std::vector<std::string>& chain, std::optional<Rulebook>& unshared) {
    if (auto it = memo.find(id); it != memo.end()) return it->second;
    std::filesystem::path path = dir / (id + ".yaml");
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) {
        const auto found = locate(id);
        if (!found)
            throw InputError(location_of(file, at), "found the parent '" + id + "', which is no rulebook beside this file or in " +
                                                        "the rulesets; expected an existing rulebook id" + did_you_mean(id, known_ids()));
        path = *found;
    }
    Rulebook parent = resolve(read(path), chain);
    const auto [kept, fresh] = memo.try_emplace(id, std::move(parent));  // moves only when it is kept
    if (fresh) return kept->second;
    return unshared.emplace(std::move(parent));
}

}  // namespace arbiter::rulebook::detail
