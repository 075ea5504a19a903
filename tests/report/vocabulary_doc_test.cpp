// docs/VOCABULARY.md is the output of `arbiter vocabulary`: the document says exactly what the registry and the
// engine's tables say.
#include "report/vocabulary_doc.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace vocabulary_doc_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;

BOOST_AUTO_TEST_SUITE(vocabulary_doc)

BOOST_AUTO_TEST_CASE(docs_vocabulary_md_is_current) {
    const fs::path root(ARBITER_SOURCE_DIR);
    const auto registry = arbiter::rulebook::Registry::load(root / "schemas/topics.yaml");
    const std::string generated = arbiter::report::vocabulary_markdown(registry);
    std::ifstream in(root / "docs/VOCABULARY.md");
    std::stringstream file;
    file << in.rdbuf();
    BOOST_TEST((file.str() == generated), "docs/VOCABULARY.md is out of date: run build/arbiter vocabulary > docs/VOCABULARY.md");
}

BOOST_AUTO_TEST_CASE(every_topic_condition_and_effect_has_a_row) {
    const fs::path root(ARBITER_SOURCE_DIR);
    const auto registry = arbiter::rulebook::Registry::load(root / "schemas/topics.yaml");
    const std::string doc = arbiter::report::vocabulary_markdown(registry);
    for (const auto* names : {&registry.topic_names(), &registry.condition_names(), &registry.effect_names(),
                              &registry.trigger_names(), &registry.deadline_names(), &registry.claimant_names()})
        for (const auto& name : *names) BOOST_TEST(doc.find("| `" + name + "` |") != std::string::npos, name);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace vocabulary_doc_test
