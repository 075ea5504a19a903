// The one front door for every YAML file the project reads: refuses what is not YAML text (empty,
// binary, too large, nested too deep for yaml-cpp's recursive parser) before yaml-cpp sees it, turns
// parser errors into InputError with 1-based line:column, and refuses duplicate keys. Node marks are
// kept, so every later message can name file:line:column.
#pragma once

#include "core/error.h"

#include <yaml-cpp/yaml.h>

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::rulebook {

inline constexpr std::size_t MaxYamlBytes = 4u << 20;  // 4 MiB: far above any rulebook or timeline
inline constexpr int MaxYamlDepth = 256;                // nesting levels accepted (estimated before parsing)
inline constexpr long MaxYamlNodes = 1'000'000;         // nodes visited, aliases expanded

// A YAML::Node whose copy and assignment rebind the handle. YAML::Node's own operator= writes into the
// node it already points at (changing the tree it came from), which a model that is copied and merged
// must never do. Every node kept in a struct of this layer is a NodeHandle.
struct NodeHandle : YAML::Node {
    NodeHandle() = default;
    NodeHandle(const YAML::Node& node) : YAML::Node(node.IsDefined() ? node : YAML::Node()) {}
    NodeHandle(const NodeHandle& other) = default;
    NodeHandle& operator=(const NodeHandle& other) {
        reset(other);
        return *this;
    }
    NodeHandle& operator=(const YAML::Node& other) {
        if (other.IsDefined()) reset(other);
        else reset();
        return *this;
    }
};

// A parsed YAML document and the name its messages use (the path as given).
struct YamlFile {
    std::string name;
    YAML::Node root;
};

// Reads and parses `path`. Throws InputError for anything that is not a readable YAML mapping or
// sequence document without duplicate keys.
YamlFile read_yaml_file(const std::filesystem::path& path);

// Parses `text` as if read from a file called `name` (same checks as read_yaml_file).
YamlFile parse_yaml_text(std::string_view text, std::string name);

// Returns the value of `key` in the map `node`, or an undefined node (false, IsDefined() false, Scalar()
// "") when `node` is not a map or has no such key; the undefined node is shared: read it, never assign
// into it or through it (a NodeHandle stores it as a new null node). Use it instead of node["key"] to read: yaml-cpp 0.7
// formats the key into an error text through a std::stringstream on every miss, which made optional keys
// a tenth of the load time; and on a scalar node operator[] throws instead of reporting "missing".
YAML::Node child(const YAML::Node& node, std::string_view key);

// The entries of one map, walked once, for code that asks one map for many keys: yaml-cpp finds a key
// by walking the map and copying a handle per entry, for every key asked.
class MapKeys {
public:
    explicit MapKeys(const YAML::Node& node);
    // As child(node, key).
    YAML::Node get(std::string_view key) const;

private:
    std::vector<std::pair<std::string_view, YAML::Node>> entries_;
};
inline YAML::Node child(const MapKeys& keys, std::string_view key) { return keys.get(key); }

// Returns file:line:column of `node` (yaml-cpp marks are 0-based; these are 1-based).
SourceLocation location_of(const std::string& file, const YAML::Node& node);
SourceLocation location_of(const std::string& file, const YAML::Mark& mark);

// Called in a catch block for `refusal`, raised reading a file that `value` (a timeline's `event:`, a rulebook's
// `hooks:`) names: a refusal of the whole file (a folder, a FIFO or device, too large: it has no line) named that
// file alone, and not the line that named it, as a missing file's refusal does; it is raised again at `value`, its
// reason kept. A refusal inside the file (its own line) is raised again as it is.
[[noreturn]] void refuse_named_file(const std::string& file, const std::string& key, const YAML::Node& value,
                                    const InputError& refusal, const std::string& expected);

// Describes what a node is, for "found ...; expected ..." messages: `a map`, `a list`, `"text"`, `nothing`.
std::string describe(const YAML::Node& node);

}  // namespace arbiter::rulebook
