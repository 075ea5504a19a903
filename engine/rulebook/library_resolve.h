// Resolving `extends` chains (docs/RULEBOOKS.md, Inheritance), shared by the library's lazy lookups (one id and its
// parents) and its full load (every file, read on all cores beforehand).
#pragma once

#include "rulebook/loader.h"
#include "rulebook/rulebook.h"

#include <cstddef>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::rulebook::detail {

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

// The longest `extends` chain resolved: far above any edition history (the bundled ones are a few deep). Each level
// is resolved by a call inside its child's and kept resolved in the memo, so a chain of thousands of files overflowed
// the stack (SIGSEGV) and, below that, took memory for every level.
inline constexpr std::size_t MaxExtendsDepth = 64;

// Resolves `extends` chains: parents beside the file first, then where `locate` finds them (the library's index).
struct Resolver {
    const Registry& registry;
    const std::vector<std::string>& games;
    std::function<std::optional<std::filesystem::path>(const std::string& id)> locate;
    std::map<std::string, Rulebook, std::less<>>& memo;
    const std::map<std::string, const PreparedFile*>* prepared;  // files already read (full load), may be null
    std::function<std::vector<std::string>()> known_ids;          // for "did you mean" when a parent is missing
    std::size_t* parsed = nullptr;                                // counts parse_rulebook calls when set

    YamlFile read(const std::filesystem::path& path);
    Rulebook resolve(const YamlFile& file, std::vector<std::string>& chain);
    Rulebook resolve(const YamlFile& file, const RulebookFile& own, std::vector<std::string>& chain);
    const Rulebook& find_parent(const std::string& id, const std::filesystem::path& dir, const std::string& file,
                                const YAML::Node& at, std::vector<std::string>& chain, std::optional<Rulebook>& unshared);
};

// A root rulebook: its own rules with `removed` ones dropped.
Rulebook finish_root(const RulebookFile& file);

}  // namespace arbiter::rulebook::detail
