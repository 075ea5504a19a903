// The front door's parser: libyaml reads the text, and the tree is built as the yaml-cpp nodes every loader reads,
// with yaml-cpp's own conventions (marks, the "?" tag of plain scalars and "!" of the others, null for a plain "~",
// "null" or nothing, aliases sharing their anchor's node). yaml-cpp 0.7's scanner made loading the bundled rulebooks
// slow before anything was checked (docs/ARCHITECTURE.md); libyaml's is several times faster, and building the
// nodes is the same work yaml-cpp's own builder does. Two marks differ from yaml-cpp's, by design: columns count
// characters, not bytes, and an empty value is marked just after its key rather than at
// the next token (tests/rulebook/yaml_build_test.cpp compares every bundled file with YAML::Load).
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>

namespace YAML::detail {
class node;
}

namespace arbiter::rulebook {

// A text libyaml refuses: where (0-based, as YAML::Mark) and what it says.
struct YamlSyntaxError {
    YAML::Mark mark;
    std::string message;
};

// The most nodes build_yaml makes (aliases share their anchor's node and are not counted): each yaml-cpp node takes
// about half a kilobyte, so this bounds a tree's memory whatever the text packs into its bytes (docs/ARCHITECTURE.md).
inline constexpr long MaxYamlBuiltNodes = 200'000;

// A text with more than MaxYamlBuiltNodes nodes: where the one over the limit starts.
struct YamlTooManyNodes {
    YAML::Mark mark;
};

// The first document of `text` as a yaml-cpp tree (a null node for a text with no document). Throws YamlSyntaxError
// or YamlTooManyNodes.
YAML::Node build_yaml(std::string_view text);

// The node a handle stands for (null for a handle with none, such as YAML::Node()), for walks over a whole tree:
// going through handles copies one (a shared_ptr count, atomic once threads exist) per node reached, which was
// much of the cost of the front door's checks. The node lives as long as some handle to its tree does.
const YAML::detail::node* node_of(const YAML::Node& handle);
// A handle to `other`, a node of the same tree as `handle` (which keeps the tree alive), as yaml-cpp's iterators
// hand one out.
YAML::Node handle_beside(const YAML::Node& handle, const YAML::detail::node& other);

}  // namespace arbiter::rulebook
