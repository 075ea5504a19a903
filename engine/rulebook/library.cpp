#include "rulebook/library_resolve.h"
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

using detail::PreparedFile;

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
    Library some = open_with(folders, nullptr, bundled_registry);
    for (const auto& id : ids) (void)some.find(id);
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

// Folder levels searched below a rulesets folder (yaml_files_under).
constexpr int MaxRulesetsDepth = 32;

// The *.yaml files under `dir` except dir/games/, sorted; a folder that cannot be read is a problem.
std::vector<std::filesystem::path> yaml_files_under(const std::filesystem::path& dir, std::vector<InputError>& problems) {
    std::vector<std::filesystem::path> files;
    std::error_code ec;
    for (auto it = std::filesystem::recursive_directory_iterator(dir, ec); !ec && it != std::filesystem::recursive_directory_iterator();
         it.increment(ec)) {
        // error_code forms: an entry whose status cannot be read (a symlink loop) is not a YAML file to load; without
        // them it threw a bare filesystem_error out of every command.
        std::error_code entry_ec;
        if (it->is_directory(entry_ec) && it->path() == dir / "games") {
            it.disable_recursion_pending();
            continue;
        }
        // Each level the walk goes down keeps its entry's path, parsed into one component per level above it:
        // memory grows with the square of the depth (3,000 nested folders took 600 MB, and under a process limit
        // ended in an uncaught std::bad_alloc). No rulesets folder needs the depth; a deeper one is a problem.
        if (it.depth() >= MaxRulesetsDepth && it->is_directory(entry_ec)) {
            it.disable_recursion_pending();
            problems.emplace_back(SourceLocation{it->path().string(), 0, 0},
                                  "a folder more than " + std::to_string(MaxRulesetsDepth) +
                                      " levels below the rulesets folder; expected rulebooks at most that deep "
                                      "(the folders below are not searched)");
            continue;
        }
        if (it->is_regular_file(entry_ec) && it->path().extension() == ".yaml") files.push_back(it->path());
    }
    if (ec) problems.emplace_back(SourceLocation{dir.string(), 0, 0}, "cannot read the folder: " + ec.message());
    std::sort(files.begin(), files.end());
    return files;
}

bool seen_problem(const std::vector<InputError>& problems, const InputError& e) {
    return std::any_of(problems.begin(), problems.end(),
                       [&](const InputError& p) { return std::string(p.what()) == e.what(); });
}

}  // namespace

// Lists the folders only: a rulebook's id is its file name, so the listing is the index of every id a find() can
// ask for. The files are read when asked for (find) or all at once (rulebooks, problems).
Library Library::open_with(const std::vector<std::filesystem::path>& folders, const Registry* given,
                           const std::function<const Registry&()>& load_registry) {
    Library library;
    library.folders_ = folders;
    std::error_code ec;
    for (const auto& dir : folders) {
        if (std::filesystem::is_directory(dir / "games", ec))
            for (const auto& entry : std::filesystem::directory_iterator(dir / "games", ec))
                if (entry.path().extension() == ".yaml") library.games_.push_back(entry.path().stem().string());
        for (auto& found : yaml_files_under(dir, library.listing_problems_)) {
            library.candidates_[found.stem().string()].push_back(found);
            library.files_.push_back(std::move(found));
        }
    }
    // The games in scope (DESIGN.md section 1) count as known while their definitions are being written.
    for (const char* game : {"chess", "shogi", "othello"}) library.games_.push_back(game);
    std::sort(library.games_.begin(), library.games_.end());
    library.games_.erase(std::unique(library.games_.begin(), library.games_.end()), library.games_.end());
    // Where each game's definition is, looked up once (an audit asks for every game it reads).
    for (const auto& game : library.games_) library.game_folders_[game] = rulebook::folder_of_game(game, folders);
    library.registry_ = given ? given : &load_registry();
    library.problems_ = library.listing_problems_;
    spdlog::debug("listed {} files from {} folder(s)", library.files_.size(), folders.size());
    return library;
}

// The file of rulebook `id`: the first of its name, in search order, that reads as a rulebook (as the full load's
// index has it: a file that cannot be read, or is another kind, is passed over).
std::optional<std::filesystem::path> Library::locate(std::string_view id) const {
    if (auto it = index_.find(id); it != index_.end()) return it->second;
    if (located_.count(id) || all_indexed_) return std::nullopt;
    located_.emplace(std::string(id), true);
    const auto candidates = candidates_.find(id);
    if (candidates == candidates_.end()) return std::nullopt;
    for (const auto& path : candidates->second) {
        try {
            if (detect_kind(read_yaml_file(path)) != Kind::rulebook) continue;
            index_.emplace(std::string(id), path);
            return path;
        } catch (const InputError& e) {
            if (!seen_problem(problems_, e)) problems_.push_back(e);
        }
    }
    return std::nullopt;
}

void Library::resolve_lazily(std::string_view id) const {
    if (resolved_.count(id) || failed_.count(id)) return;
    const auto path = locate(id);
    if (!path) {
        // A file of that name that does not even read (a YAML syntax error) is why: without it the id was "in none
        // of the rulesets folders", and the file's own line and column were never shown.
        if (const auto candidates = candidates_.find(id); candidates != candidates_.end())
            for (const auto& candidate : candidates->second)
                for (const auto& problem : problems_)
                    if (problem.where().file == candidate.string() && !failed_.count(id))
                        failed_.emplace(std::string(id), problem);
        return;
    }
    detail::Resolver resolver{*registry_, games_, [this](const std::string& parent) { return locate(parent); },
                              resolved_, nullptr, [this] { return ids(); }, &files_parsed_};
    try {
        std::vector<std::string> chain;
        Rulebook book = resolver.resolve(read_yaml_file(*path), chain);
        resolved_.try_emplace(std::string(id), std::move(book));
        spdlog::debug("rulebook {}: {}", id, path->string());
    } catch (const InputError& e) {
        failed_.emplace(std::string(id), e);
        if (!seen_problem(problems_, e)) problems_.push_back(e);
        spdlog::debug("rulebook {}: {} (does not load)", id, path->string());
    }
}

// Every name located: which files are rulebooks, for ids(). Each file is parsed as YAML and dropped, not checked.
void Library::index_all() const {
    if (all_indexed_) return;
    for (const auto& [id, _] : candidates_) (void)locate(id);
    all_indexed_ = true;
}

// Reads, checks and resolves every file, on all cores (prepare_all), as open() did before it was lazy; rulebooks
// found already keep their entries (pointers to them are out). Bounded by MaxFullLoadFiles: each resolved rulebook
// holds every rule it inherits, so memory grows with the files times their parents' size.
void Library::load_all() const {
    if (all_loaded_) return;
    if (files_.size() > MaxFullLoadFiles) {
        std::string where;
        for (const auto& dir : folders_) where += (where.empty() ? "" : ", ") + dir.string();
        throw InputError(SourceLocation{folders_.empty() ? std::string() : folders_.front().string(), 0, 0},
                         "found " + std::to_string(files_.size()) + " YAML files in the rulesets folders (" + where +
                             "), too many to load at once; expected at most " + std::to_string(MaxFullLoadFiles) +
                             " (a command that names its rulebooks reads only those)");
    }
    const auto started = std::chrono::steady_clock::now();
    std::vector<PreparedFile> prepared(files_.size());  // in search order, as the index is made
    for (std::size_t i = 0; i < files_.size(); ++i) prepared[i].path = files_[i];
    const Registry& registry = prepare_all(prepared, registry_, {}, games_);
    std::vector<InputError> problems = listing_problems_;
    std::map<std::string, std::filesystem::path, std::less<>> index;
    std::map<std::string, const PreparedFile*> parsed;
    for (const PreparedFile& file : prepared) {
        try {
            if (file.read_error) std::rethrow_exception(file.read_error);
            if (!file.rulebook) continue;
            files_parsed_ += 1;
            const auto [at, fresh] = index.emplace(file.path.stem().string(), file.path);
            if (!fresh) {
                spdlog::debug("rulebook {}: {} is used, {} is shadowed by it", at->first, at->second.string(), file.path.string());
                continue;
            }
            parsed.emplace(file.path.string(), &file);
        } catch (const InputError& e) {
            problems.push_back(e);
        }
    }
    std::map<std::string, Rulebook, std::less<>> memo;
    std::map<std::string, InputError, std::less<>> failed;
    auto locate_in = [&](const std::string& id) -> std::optional<std::filesystem::path> {
        auto it = index.find(id);
        return it == index.end() ? std::nullopt : std::optional<std::filesystem::path>(it->second);
    };
    auto all_ids = [&] {
        std::vector<std::string> out;
        for (const auto& [id, _] : index) out.push_back(id);
        return out;
    };
    detail::Resolver resolver{registry, games_, locate_in, memo, &parsed, all_ids, nullptr};
    for (const auto& [id, path] : index) {
        try {
            if (!memo.count(id)) {
                std::vector<std::string> chain;
                memo.emplace(id, resolver.resolve(*parsed.at(path.string())->yaml, chain));
            }
        } catch (const InputError& e) {
            failed.emplace(id, e);
            if (!seen_problem(problems, e)) problems.push_back(e);
        }
    }
    resolved_.merge(memo);
    failed_.merge(failed);
    index_ = std::move(index);
    problems_ = std::move(problems);
    all_indexed_ = all_loaded_ = true;
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    spdlog::debug("loaded {} rulebooks from {} folder(s) in {} ms", resolved_.size(), folders_.size(), took.count());
}

Rulebook Library::load_file(const std::filesystem::path& path) const {
    const std::lock_guard guard(*lock_);
    std::map<std::string, Rulebook, std::less<>> memo;
    detail::Resolver resolver{*registry_, games_, [this](const std::string& parent) { return locate(parent); },
                              memo, nullptr, [this] { return ids(); }, &files_parsed_};
    std::vector<std::string> chain;
    return resolver.resolve(read_yaml_file(path), chain);
}

std::filesystem::path Library::folder_of_game(std::string_view game) const {
    if (const auto it = game_folders_.find(game); it != game_folders_.end()) return it->second;
    return rulebook::folder_of_game(game, folders_);
}

const Rulebook* Library::find(std::string_view id) const {
    const std::lock_guard guard(*lock_);
    resolve_lazily(id);
    auto it = resolved_.find(id);
    return it == resolved_.end() ? nullptr : &it->second;
}

const InputError* Library::failure(std::string_view id) const {
    const std::lock_guard guard(*lock_);
    resolve_lazily(id);
    auto it = failed_.find(id);
    return it == failed_.end() ? nullptr : &it->second;
}

std::vector<const Rulebook*> Library::rulebooks() const {
    const std::lock_guard guard(*lock_);
    load_all();
    std::vector<const Rulebook*> out;
    for (const auto& [id, book] : resolved_) out.push_back(&book);
    return out;
}

std::vector<std::string> Library::ids() const {
    const std::lock_guard guard(*lock_);
    index_all();
    std::vector<std::string> out;
    for (const auto& [id, _] : index_) out.push_back(id);
    return out;
}

const std::vector<InputError>& Library::problems() const {
    const std::lock_guard guard(*lock_);
    load_all();
    return problems_;
}

std::size_t Library::files_parsed() const {
    const std::lock_guard guard(*lock_);
    return files_parsed_;
}

}  // namespace arbiter::rulebook
