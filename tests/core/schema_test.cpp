// rulesets/games/*.yaml conform to schemas/game.schema.json (JSON Schema draft 7, read by valijson).
#include "chess_fixture.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <valijson/adapters/nlohmann_json_adapter.hpp>
#include <valijson/schema.hpp>
#include <valijson/schema_parser.hpp>
#include <valijson/validation_results.hpp>
#include <valijson/validator.hpp>

namespace schema_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core::testing;

namespace {

// YAML to JSON: quoted scalars stay strings; plain ones become booleans or integers where they read so.
nlohmann::json to_json(const YAML::Node& n) {
    if (n.IsMap()) {
        nlohmann::json j = nlohmann::json::object();
        for (const auto& kv : n) j[kv.first.as<std::string>()] = to_json(kv.second);
        return j;
    }
    if (n.IsSequence()) {
        nlohmann::json j = nlohmann::json::array();
        for (const auto& e : n) j.push_back(to_json(e));
        return j;
    }
    if (n.IsNull()) return nullptr;
    const std::string& s = n.Scalar();
    if (n.Tag() == "!") return s;
    if (s == "true" || s == "false") return s == "true";
    if (!s.empty() && s.find_first_not_of("-0123456789") == std::string::npos && s != "-") return std::stol(s);
    return s;
}

// Errors of `doc` against the game schema, one line each ("" when valid).
std::string schema_errors(const YAML::Node& doc) {
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/schemas/game.schema.json");
    nlohmann::json schema_doc = nlohmann::json::parse(in);
    valijson::Schema schema;
    valijson::SchemaParser parser;
    valijson::adapters::NlohmannJsonAdapter schema_adapter(schema_doc);
    parser.populateSchema(schema_adapter, schema);
    valijson::Validator validator;
    valijson::ValidationResults results;
    nlohmann::json json = to_json(doc);
    valijson::adapters::NlohmannJsonAdapter target(json);
    std::string out;
    if (!validator.validate(schema, target, &results)) {
        valijson::ValidationResults::Error e;
        while (results.popError(e)) out += e.description + "\n";
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(game_files_conform_to_the_game_schema)

BOOST_AUTO_TEST_CASE(chess_yaml_is_valid) {
    YAML::Node doc = YAML::LoadFile(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/chess.yaml");
    BOOST_TEST(schema_errors(doc) == "");
}

BOOST_AUTO_TEST_CASE(othello_yaml_is_valid) {
    YAML::Node doc = YAML::LoadFile(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/othello.yaml");
    BOOST_TEST(schema_errors(doc) == "");
    doc["placement"]["pass"] = "sometimes";
    BOOST_TEST(schema_errors(doc) != "");
}

BOOST_AUTO_TEST_CASE(xiangqi_yaml_is_valid) {
    YAML::Node doc = YAML::LoadFile(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/xiangqi.yaml");
    BOOST_TEST(schema_errors(doc) == "");
    doc["pieces"][6]["when_in"]["across_river"]["ride"] = doc["pieces"][4]["ride"];  // when_in holds leaps only
    BOOST_TEST(schema_errors(doc) != "");
}

BOOST_AUTO_TEST_CASE(an_unknown_key_is_refused) {
    YAML::Node doc = YAML::LoadFile(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/chess.yaml");
    doc["pieces"][0]["flies"] = true;
    BOOST_TEST(schema_errors(doc) != "");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace schema_test
