#include "rulebook/loader.h"
#include "rulebook/paths.h"
#include "rulebook/rulebook.h"
#include "rulebook/schema.h"
#include "rulebook/suggest.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <optional>
#include <system_error>
#include <thread>

namespace arbiter::rulebook {

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
    if (child(root, "category_basis")) out.category_basis_moves = own.category_basis_moves;
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

// A root rulebook: its own rules with `removed` ones dropped.
Rulebook finish_root(const RulebookFile& file) {
    Rulebook out = file.own;
    for (auto it = out.rules.begin(); it != out.rules.end();) it = it->second.removed ? out.rules.erase(it) : std::next(it);
    return out;
}

// What can be done for one file of the folder without looking at the others: read it through the front
// door, detect its kind and, for a rulebook, check it against the schema and the registry. An error is
// kept, to be raised where the sequential load raised it.
struct PreparedFile {
    std::filesystem::path path;
    std::uintmax_t size = 0;
    std::optional<YamlFile> yaml;        // set once read
    std::exception_ptr read_error;       // reading or detecting the kind failed: a problem of the folder
    bool rulebook = false;
    std::optional<RulebookFile> own;     // parse_rulebook's result
    std::exception_ptr rulebook_error;   // parse_rulebook failed: raised when the file is resolved
};

void read_prepared(PreparedFile& out) {
    try {
        out.yaml = read_yaml_file(out.path);
        out.rulebook = detect_kind(*out.yaml) == Kind::rulebook;
    } catch (...) {
        out.read_error = std::current_exception();
    }
}

void check_prepared(PreparedFile& out, const Registry& registry, const std::vector<std::string>& games) {
    if (!out.rulebook) return;
    try {
        out.own = parse_rulebook(*out.yaml, registry, games);
    } catch (...) {
        out.rulebook_error = std::current_exception();
    }
}

// Runs task(0) ... task(count - 1), each once and handed out in that order, on as many threads as there are
// cores (at most 4 and at most `width`), the calling thread included. Tasks must not throw; a task may wait
// for one handed out before it, which is running or done.
template <class Task>
void run_on_all_cores(std::size_t count, std::size_t width, const Task& task) {
    std::atomic<std::size_t> next{0};
    auto work = [&]() noexcept {
        for (std::size_t k = next++; k < count; k = next++) task(k);
    };
    const std::size_t threads = std::min<std::size_t>({std::max(1u, std::thread::hardware_concurrency()), 4, width});
    std::vector<std::thread> helpers;
    for (std::size_t t = 1; t < threads; ++t) {
        try {
            helpers.emplace_back(work);
        } catch (const std::system_error&) {
            break;  // no more threads to be had: the ones running (and this one) do the rest
        }
    }
    work();
    for (auto& helper : helpers) helper.join();
}

// Reads and checks every file, and loads the registry when `load_registry` is set, on all cores: yaml-cpp's
// parse is most of the load time and each file's is independent of the others. The registry is the first
// task; a file read after it is ready is checked at once, the others by a task of their own once both their
// reading and the registry are done. One round of threads does it all: a second round started threads (and
// their allocator arenas) again for a few files. Files are taken largest first, so that no thread is left with
// a big one at the end; the results are used in the files' sorted order, so problems and resolution are the
// same as when they were read one at a time.
const Registry& prepare_all(std::vector<PreparedFile>& files, const Registry* given,
                            const std::function<const Registry&()>& load_registry, const std::vector<std::string>& games) {
    std::vector<std::size_t> order(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) {
        std::error_code ec;
        files[i].size = std::filesystem::file_size(files[i].path, ec);
        if (ec) files[i].size = 0;
        order[i] = i;
    }
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return files[a].size > files[b].size; });
    std::atomic<const Registry*> registry{given};
    std::exception_ptr registry_error;
    std::atomic<bool> registry_done{given != nullptr};  // loaded or failed; registry_error is set before it
    enum : char { unread, read_only, checked };
    std::vector<std::atomic<char>> state(files.size());  // written by the file's reading task only
    for (auto& s : state) s.store(unread, std::memory_order_relaxed);
    const std::size_t extra = given ? 0 : 1;
    const std::size_t n = files.size();
    // Tasks: the registry, then each file's reading, then each file's check where its reading could not do it.
    run_on_all_cores(extra + 2 * n, extra + n, [&](std::size_t k) {
        if (k < extra) {
            try {
                registry = &load_registry();
            } catch (...) {
                registry_error = std::current_exception();
            }
            registry_done.store(true, std::memory_order_release);
            registry_done.notify_all();
            return;
        }
        if (k < extra + n) {
            const std::size_t i = order[k - extra];
            read_prepared(files[i]);
            char done = read_only;
            if (const Registry* ready = registry.load()) {
                check_prepared(files[i], *ready, games);
                done = checked;
            }
            state[i].store(done, std::memory_order_release);
            state[i].notify_all();
            return;
        }
        const std::size_t i = order[k - extra - n];
        state[i].wait(unread, std::memory_order_acquire);
        registry_done.wait(false, std::memory_order_acquire);
        if (state[i].load(std::memory_order_acquire) == read_only && !registry_error) check_prepared(files[i], *registry.load(), games);
    });
    if (registry_error) std::rethrow_exception(registry_error);
    return *registry.load();
}

// Resolves `extends` chains: parents beside the file first, then in the library's index.
struct Resolver {
    const Registry& registry;
    const std::vector<std::string>& games;
    const std::map<std::string, std::filesystem::path, std::less<>>& index;
    std::map<std::string, Rulebook, std::less<>>& memo;
    const std::map<std::string, const PreparedFile*>* prepared;  // files already read (Library::open), may be null

    YamlFile read(const std::filesystem::path& path) {
        if (prepared) {
            auto it = prepared->find(path.string());
            if (it != prepared->end()) return *it->second->yaml;
        }
        return read_yaml_file(path);
    }

    Rulebook resolve(const YamlFile& file, std::vector<std::string>& chain) {
        if (detect_kind(file) != Kind::rulebook)
            throw InputError(location_of(file.name, file.root), "found another kind of file; expected a rulebook (rulebook: id)");
        if (prepared) {
            auto it = prepared->find(file.name);
            if (it != prepared->end() && it->second->rulebook_error) std::rethrow_exception(it->second->rulebook_error);
            if (it != prepared->end() && it->second->own) return resolve(file, *it->second->own, chain);
        }
        return resolve(file, parse_rulebook(file, registry, games), chain);
    }

    Rulebook resolve(const YamlFile& file, const RulebookFile& own, std::vector<std::string>& chain) {
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
        chain.push_back(own.own.id);
        std::optional<Rulebook> unshared;
        const Rulebook& parent = find_parent(parent_id, std::filesystem::path(file.name).parent_path(), file.name, at, chain, unshared);
        chain.pop_back();
        if (parent.game != own.own.game)
            throw InputError(location_of(file.name, at), "found the parent '" + parent_id + "' of the game " + parent.game +
                                                             "; expected a parent of the same game (" + own.own.game + ")");
        Rulebook out = merge(parent, own);
        spdlog::debug("rulebook {}: {} rules of its own over {} (from {})", own.own.id, own.own.rules.size(), parent_id, parent.file);
        if (!out.default_mode.empty() && !out.modes.count(out.default_mode))
            throw InputError(location_of(file.name, child(own.root, "default_mode") ? child(own.root, "default_mode") : at),
                             "found the default mode '" + out.default_mode + "', which is not among the modes; expected one of the modes");
        return out;
    }

    // The parent `id`, resolved once and kept in the memo, whose entries never move: a reference, not a copy of
    // every rule (the child's merge makes the one copy it needs). Should the memo have gained `id` while the parent
    // was being resolved, the fresh result is used, kept in `unshared`, as when parents were returned by value.
    const Rulebook& find_parent(const std::string& id, const std::filesystem::path& dir, const std::string& file,
                                const YAML::Node& at, std::vector<std::string>& chain, std::optional<Rulebook>& unshared) {
        if (auto it = memo.find(id); it != memo.end()) return it->second;
        std::filesystem::path path = dir / (id + ".yaml");
        std::error_code ec;
        if (!std::filesystem::exists(path, ec)) {
            auto it = index.find(id);
            if (it == index.end()) {
                std::vector<std::string> ids;
                for (const auto& [known, _] : index) ids.push_back(known);
                throw InputError(location_of(file, at), "found the parent '" + id + "', which is no rulebook beside this file or in " +
                                                            "the rulesets; expected an existing rulebook id" + did_you_mean(id, ids));
            }
            path = it->second;
        }
        Rulebook parent = resolve(read(path), chain);
        const auto [kept, fresh] = memo.try_emplace(id, std::move(parent));  // moves only when it is kept
        if (fresh) return kept->second;
        return unshared.emplace(std::move(parent));
    }
};

}  // namespace

const Param* Rule::param(std::string_view wanted) const {
    for (const auto& p : params)
        if (p.name == wanted) return &p;
    return nullptr;
}

const Rule* Rulebook::rule(std::string_view topic) const {
    auto it = rules.find(topic);
    return it == rules.end() ? nullptr : &it->second;
}

namespace {
const Registry& bundled_registry() { return Registry::bundled(); }
}  // namespace

Library Library::open(const std::filesystem::path& dir) {
    return open_with({dir}, nullptr, bundled_registry);
}

Library Library::open(const std::vector<std::filesystem::path>& folders) {
    return open_with(folders, nullptr, bundled_registry);
}

Library Library::open(const std::vector<std::filesystem::path>& folders, const std::vector<std::string>& ids) {
    Library some = open_with(folders, nullptr, bundled_registry, &ids);
    for (const auto& id : ids)
        if (!some.find(id)) return open_with(folders, nullptr, bundled_registry);
    return some;
}

Library Library::open(const std::filesystem::path& dir, const Registry& registry) { return open_with({dir}, &registry, {}); }

Library Library::open(const std::filesystem::path& dir, const std::filesystem::path& registry_file) {
    auto owned = std::make_shared<std::optional<Registry>>();
    Library library = open_with({dir}, nullptr, [&]() -> const Registry& { return owned->emplace(Registry::load(registry_file)); });
    library.owned_registry_ = std::shared_ptr<const Registry>(owned, &**owned);
    return library;
}

namespace {

// The *.yaml files under `dir` except dir/games/, sorted; a folder that cannot be read is a problem.
std::vector<std::filesystem::path> yaml_files_under(const std::filesystem::path& dir, std::vector<InputError>& problems) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(dir, ec); !ec && it != std::filesystem::recursive_directory_iterator();
         it.increment(ec)) {
        if (it->is_directory() && it->path() == dir / "games") {
            it.disable_recursion_pending();
            continue;
        }
        if (it->is_regular_file() && it->path().extension() == ".yaml") files.push_back(it->path());
    }
    if (ec) problems.emplace_back(SourceLocation{dir.string(), 0, 0}, "cannot read the folder: " + ec.message());
    std::sort(files.begin(), files.end());
    return files;
}

}  // namespace

Library Library::open_with(const std::vector<std::filesystem::path>& folders, const Registry* given,
                           const std::function<const Registry&()>& load_registry,
                           const std::vector<std::string>* only) {
    const auto started = std::chrono::steady_clock::now();
    Library library;
    library.folders_ = folders;
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    for (const auto& dir : folders) {
        if (std::filesystem::is_directory(dir / "games", ec))
            for (const auto& entry : std::filesystem::directory_iterator(dir / "games", ec))
                if (entry.path().extension() == ".yaml") library.games_.push_back(entry.path().stem().string());
        for (auto& found : yaml_files_under(dir, library.problems_))
            if (!only || std::find(only->begin(), only->end(), found.stem().string()) != only->end())
                files.push_back(std::move(found));
    }
    // The games in scope (DESIGN.md section 1) count as known while their definitions are being written.
    for (const char* game : {"chess", "shogi", "othello"}) library.games_.push_back(game);
    std::sort(library.games_.begin(), library.games_.end());
    library.games_.erase(std::unique(library.games_.begin(), library.games_.end()), library.games_.end());
    // Where each game's definition is, looked up once (an audit asks for every game it reads).
    for (const auto& game : library.games_) library.game_folders_[game] = rulebook::folder_of_game(game, folders);

    // Read every file once; index those that are rulebooks by id (= file name), the earlier folder's first.
    std::vector<PreparedFile> prepared(files.size());
    for (std::size_t i = 0; i < files.size(); ++i) prepared[i].path = files[i];
    const Registry& registry = prepare_all(prepared, given, load_registry, library.games_);
    library.registry_ = &registry;
    std::map<std::string, const PreparedFile*> parsed;
    for (const PreparedFile& file : prepared) {
        try {
            if (file.read_error) std::rethrow_exception(file.read_error);
            if (!file.rulebook) continue;
            const auto [at, fresh] = library.index_.emplace(file.path.stem().string(), file.path);
            if (!fresh) {
                spdlog::debug("rulebook {}: {} is used, {} is shadowed by it", at->first, at->second.string(), file.path.string());
                continue;
            }
            parsed.emplace(file.path.string(), &file);
        } catch (const InputError& e) {
            library.problems_.push_back(e);
        }
    }
    std::map<std::string, Rulebook, std::less<>> memo;
    Resolver resolver{registry, library.games_, library.index_, memo, &parsed};
    for (const auto& [id, path] : library.index_) {
        try {
            if (!memo.count(id)) {
                std::vector<std::string> chain;
                memo.emplace(id, resolver.resolve(*parsed.at(path.string())->yaml, chain));
            }
        } catch (const InputError& e) {
            library.failed_.emplace(id, e);
            bool seen = std::any_of(library.problems_.begin(), library.problems_.end(),
                                    [&](const InputError& p) { return std::string(p.what()) == e.what(); });
            if (!seen) library.problems_.push_back(e);
        }
    }
    library.resolved_ = std::move(memo);
    for (const auto& [id, path] : library.index_)
        spdlog::debug("rulebook {}: {}{}", id, path.string(), library.failed_.count(id) ? " (does not load)" : "");
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    spdlog::debug("loaded {} rulebooks from {} folder(s) in {} ms", library.resolved_.size(), folders.size(), took.count());
    return library;
}

Rulebook Library::load_file(const std::filesystem::path& path) const {
    std::map<std::string, Rulebook, std::less<>> memo;
    Resolver resolver{*registry_, games_, index_, memo, nullptr};
    std::vector<std::string> chain;
    return resolver.resolve(read_yaml_file(path), chain);
}

std::filesystem::path Library::folder_of_game(std::string_view game) const {
    if (const auto it = game_folders_.find(game); it != game_folders_.end()) return it->second;
    return rulebook::folder_of_game(game, folders_);
}

const Rulebook* Library::find(std::string_view id) const {
    auto it = resolved_.find(id);
    return it == resolved_.end() ? nullptr : &it->second;
}

const InputError* Library::failure(std::string_view id) const {
    auto it = failed_.find(id);
    return it == failed_.end() ? nullptr : &it->second;
}

std::vector<const Rulebook*> Library::rulebooks() const {
    std::vector<const Rulebook*> out;
    for (const auto& [id, book] : resolved_) out.push_back(&book);
    return out;
}

std::vector<std::string> Library::ids() const {
    std::vector<std::string> out;
    for (const auto& [id, _] : index_) out.push_back(id);
    return out;
}

}  // namespace arbiter::rulebook
