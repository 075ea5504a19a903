// Time to load and resolve every bundled rulebook: read through the YAML front door, schema-check with
// valijson, check names against the registry, resolve `extends`. Target: under 20 ms for all of them.
#include "rulebook/paths.h"
#include "rulebook/rulebook.h"
#include "rulebook/yaml_source.h"

#include <filesystem>

#include <benchmark/benchmark.h>

using namespace arbiter::rulebook;

namespace {

// The registry is re-read every time too; compiled JSON schemas are cached per process after the
// first load (the first iteration pays for compiling them).
void load_all_rulebooks(benchmark::State& state) {
    std::size_t rulebooks = 0, rules = 0;
    for (auto _ : state) {
        Registry registry = Registry::load(schemas_dir() / "topics.yaml");
        Library library = Library::open(rulesets_dir(), registry);
        if (!library.problems().empty()) {
            state.SkipWithError(library.problems().front().what());
            return;
        }
        rulebooks = library.rulebooks().size();
        rules = 0;
        for (const Rulebook* book : library.rulebooks()) rules += book->rules.size();
        benchmark::DoNotOptimize(library);
    }
    state.counters["rulebooks"] = static_cast<double>(rulebooks);
    state.counters["resolved_rules"] = static_cast<double>(rules);
}
BENCHMARK(load_all_rulebooks)->Unit(benchmark::kMillisecond);

// The share of the above spent in yaml-cpp and the front door: reading and parsing the same files only.
void parse_only(benchmark::State& state) {
    std::vector<std::filesystem::path> files = {schemas_dir() / "topics.yaml"};
    for (const auto& entry : std::filesystem::recursive_directory_iterator(rulesets_dir()))
        if (entry.path().extension() == ".yaml" && entry.path().parent_path().filename() != "games") files.push_back(entry.path());
    for (auto _ : state)
        for (const auto& file : files) benchmark::DoNotOptimize(read_yaml_file(file));
    state.counters["rulebooks"] = static_cast<double>(files.size() - 1);
}
BENCHMARK(parse_only)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
