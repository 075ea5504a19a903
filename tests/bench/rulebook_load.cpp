// Time to load and resolve every bundled rulebook as `arbiter list` does: Library::open on rulesets/ with
// the topic registry (each file through the YAML front door, schema-checked with valijson, checked
// against the registry, `extends` resolved). Target: under 20 ms. Library::open reads the files on
// several threads, so CPU time is the whole process's (all threads), not the calling thread's.
#include "rulebook/paths.h"
#include "rulebook/rulebook.h"
#include "rulebook/yaml_source.h"

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

using namespace arbiter::rulebook;

namespace {

// The files Library::open reads (every *.yaml under rulesets/ but games/) and the registry.
std::vector<std::filesystem::path> bundled_files() {
    std::vector<std::filesystem::path> files = {bundled_schemas_dir() / "topics.yaml"};
    for (const auto& entry : std::filesystem::recursive_directory_iterator(bundled_rulesets_dir()))
        if (entry.path().extension() == ".yaml" && entry.path().parent_path().filename() != "games") files.push_back(entry.path());
    return files;
}

// The whole load. Compiled JSON schemas (and valijson's pattern regexes) are kept per process after the
// first load, as they are in a long-running program; a single `arbiter list` pays for them once.
void load_all_rulebooks(benchmark::State& state) {
    std::size_t rulebooks = 0, rules = 0;
    for (auto _ : state) {
        // As `arbiter list` does in a fresh process: the registry is read alongside the rulebooks.
        Library library = Library::open(bundled_rulesets_dir(), bundled_schemas_dir() / "topics.yaml");
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
BENCHMARK(load_all_rulebooks)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();

// The front door alone (read, text/depth guards, yaml-cpp, duplicate-key walk), one file after another.
void front_door_sequential(benchmark::State& state) {
    const auto files = bundled_files();
    for (auto _ : state)
        for (const auto& file : files) benchmark::DoNotOptimize(read_yaml_file(file));
    state.counters["rulebooks"] = static_cast<double>(files.size() - 1);
}
BENCHMARK(front_door_sequential)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();

// yaml-cpp's YAML::Load alone on the same texts (already in memory), one after another: the floor that
// no change in this project can go below without parsing on more than one core.
void yaml_cpp_only(benchmark::State& state) {
    std::vector<std::string> texts;
    for (const auto& file : bundled_files()) {
        std::ifstream in(file, std::ios::binary);
        texts.emplace_back(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
    for (auto _ : state)
        for (const auto& text : texts) benchmark::DoNotOptimize(YAML::Load(text));
    state.counters["rulebooks"] = static_cast<double>(texts.size() - 1);
}
BENCHMARK(yaml_cpp_only)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();

}  // namespace

BENCHMARK_MAIN();
