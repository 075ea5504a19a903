// A bundled timeline renamed, validated under a schema folder whose timeline schema gives the name a `pattern`: how
// the hostile rounds test the schema pattern matcher as a user meets it (ARBITER_SCHEMAS, file:line:column errors).
#pragma once

#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>

namespace arbiter::test {

class NamedTimelineUnderPattern {
public:
    // Writes tests/data/check/passes.yaml, its timeline renamed `name`, into `folder` as named.yaml.
    NamedTimelineUnderPattern(std::filesystem::path folder, const std::string& name) : folder_(std::move(folder)) {
        std::string passes = bundled("tests/data/check/passes.yaml");
        const std::string old_name = "timeline: arrival-at-exactly-one-hour";
        BOOST_REQUIRE(passes.find(old_name) != std::string::npos);
        passes.replace(passes.find(old_name), old_name.size(), "timeline: " + name);
        std::ofstream(folder_ / "named.yaml", std::ios::binary) << passes;
        schema_ = bundled("schemas/timeline.schema.json");
        BOOST_REQUIRE(schema_.find(key) != std::string::npos);
        std::filesystem::create_directories(folder_ / "schemas");
    }

    // `arbiter --schemas FOLDER validate named.yaml` (stderr merged) with the name's pattern `pattern`.
    CliResult validate(const std::string& pattern) const {
        std::string text = schema_;
        text.insert(text.find(key) + key.size(), ", \"pattern\": \"" + pattern + "\"");
        std::ofstream(folder_ / "schemas" / "timeline.schema.json", std::ios::binary) << text;
        return run_shell("cd '" ARBITER_SOURCE_DIR "' && timeout 30 '" ARBITER_BINARY "' --schemas '" +
                         (folder_ / "schemas").string() + "' validate '" + (folder_ / "named.yaml").string() +
                         "' 2>&1");
    }

private:
    static constexpr std::string_view key =
        "\"timeline\": {\"description\": \"The timeline's name.\", \"type\": [\"string\", \"number\"]";

    static std::string bundled(const std::string& path) {
        std::ifstream in(std::filesystem::path(ARBITER_SOURCE_DIR) / path, std::ios::binary);
        std::ostringstream text;
        text << in.rdbuf();
        return text.str();
    }

    std::filesystem::path folder_;
    std::string schema_;
};

}  // namespace arbiter::test
