// yaml_to_json reads yaml-cpp's nodes themselves (node_of) rather than handles: the same JSON, for trees from the
// front door, from yaml-cpp's own parser and built in code, and the same exception for an invalid handle.
#include "rulebook/schema.h"
#include "rulebook/yaml_source.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>
#include <yaml-cpp/yaml.h>

#include <string>

namespace yaml_to_json_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::rulebook::yaml_to_json;
using nlohmann::json;

BOOST_AUTO_TEST_SUITE(yaml_to_json_reads_every_node)

BOOST_AUTO_TEST_CASE(scalars_lists_maps_and_aliases) {
    const auto file = arbiter::rulebook::parse_yaml_text(
        "a: 1\nb: '1'\nc: [true, ~, 2.5, x]\nd: &m {e: -3, f: [1, [2]]}\ng: *m\n[1, 2]: h\n", "t.yaml");
    const json expected = json::parse(R"({"a": 1, "b": "1", "c": [true, null, 2.5, "x"], "d": {"e": -3, "f": [1, [2]]},
                                          "g": {"e": -3, "f": [1, [2]]}, "?": "h"})");
    BOOST_TEST(yaml_to_json(file.root) == expected);
    BOOST_TEST(yaml_to_json(YAML::Load("[a, {b: c}]")) == json::parse(R"(["a", {"b": "c"}])"));
}

BOOST_AUTO_TEST_CASE(handles_without_a_node_and_nodes_built_in_code) {
    BOOST_TEST(yaml_to_json(YAML::Node()).is_null());
    BOOST_TEST(yaml_to_json(YAML::Node(YAML::NodeType::Undefined)).is_null());
    YAML::Node built;
    built["k"] = "v";
    built["n"].push_back(7);
    BOOST_TEST(yaml_to_json(built) == json::parse(R"({"k": "v", "n": ["7"]})"));
    // A key looked up in a const map without it: an invalid handle, refused as yaml-cpp refuses reading it.
    const YAML::Node map = YAML::Load("a: 1");
    const YAML::Node missing = map["x"];
    BOOST_CHECK_THROW(yaml_to_json(missing), YAML::InvalidNode);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace yaml_to_json_test
