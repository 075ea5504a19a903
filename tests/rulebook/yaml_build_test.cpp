// The front door's libyaml builder against yaml-cpp's own YAML::Load, the reference: for each document the two
// trees must have the same shape, scalars, tags ("?" plain, "!" quoted or block), nulls and marks. Also every bundled
// YAML file, which covers what the loaders meet in practice (flow and block styles, folded text, Japanese).
#include "core/record/game_record.h"
#include "rulebook/yaml_build.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace yaml_build_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::rulebook::build_yaml;
using arbiter::rulebook::YamlSyntaxError;

namespace {

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::stringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

// yaml-cpp's column counts bytes, libyaml's characters: yaml-cpp's mark in characters.
int char_column(const std::vector<std::string>& lines, const YAML::Mark& mark) {
    if (mark.line < 0 || mark.line >= int(lines.size())) return mark.column;
    int chars = 0;
    for (int i = 0; i < mark.column && i < int(lines[mark.line].size()); ++i)
        chars += (static_cast<unsigned char>(lines[mark.line][i]) & 0xC0) != 0x80;
    return chars;
}

// Describes the first difference between two trees, or returns "". One difference is by design: an empty value's
// mark is just after its key in libyaml, at the next token (often the next line) in yaml-cpp; an error about a
// missing value is better placed on the key's line.
std::string difference(const YAML::Node& ours, const YAML::Node& theirs, const std::string& path,
                       const std::vector<std::string>& lines) {
    if (ours.Type() != theirs.Type()) return path + ": node type differs";
    if (ours.Tag() != theirs.Tag()) return path + ": tag '" + ours.Tag() + "' against '" + theirs.Tag() + "'";
    const int column = char_column(lines, theirs.Mark());
    if (!ours.IsNull() && (ours.Mark().line != theirs.Mark().line || ours.Mark().column != column))
        return path + ": mark " + std::to_string(ours.Mark().line) + ":" + std::to_string(ours.Mark().column) +
               " against " + std::to_string(theirs.Mark().line) + ":" + std::to_string(column);
    if (ours.IsScalar() && ours.Scalar() != theirs.Scalar()) return path + ": scalar differs";
    if (ours.size() != theirs.size()) return path + ": size differs";
    if (ours.IsSequence())
        for (std::size_t i = 0; i < ours.size(); ++i)
            if (auto d = difference(ours[i], theirs[i], path + "[" + std::to_string(i) + "]", lines); !d.empty())
                return d;
    if (ours.IsMap()) {
        auto a = ours.begin();
        auto b = theirs.begin();
        for (; a != ours.end(); ++a, ++b) {
            if (auto d = difference(a->first, b->first, path + " key", lines); !d.empty()) return d;
            const std::string key = a->first.IsScalar() ? a->first.Scalar() : "?";
            if (auto d = difference(a->second, b->second, path + "." + key, lines); !d.empty()) return d;
        }
    }
    return "";
}

// "" when both parsers build the same tree, or both refuse the text.
std::string compare(const std::string& text) {
    YAML::Node ours, theirs;
    bool ours_refused = false, theirs_refused = false;
    try {
        ours = build_yaml(text);
    } catch (const YamlSyntaxError&) {
        ours_refused = true;
    }
    try {
        theirs = YAML::Load(text);
    } catch (const YAML::Exception&) {
        theirs_refused = true;
    }
    if (ours_refused || theirs_refused)
        return ours_refused == theirs_refused ? "" : ours_refused ? "refused, yaml-cpp reads it" : "read, yaml-cpp refuses it";
    return difference(ours, theirs, "root", lines_of(text));
}

}  // namespace

BOOST_AUTO_TEST_SUITE(libyaml_builder_matches_yaml_cpp)

BOOST_AUTO_TEST_CASE(scalars_tags_and_nulls) {
    // Plain scalars tag "?", quoted and block ones "!"; a plain ~, null, Null, NULL or nothing is a null node, a quoted
    // one is text.
    for (const char* doc : {"a: 1\nb: yes\nc: 'quoted'\nd: \"dq\"\n", "a: ~\nb: null\nc: Null\nd: NULL\ne:\nf: 'null'\n",
                            "text: |\n  line one\n  line two\nfolded: >-\n  one\n  two\n", "- 1\n- [2, 3]\n- {x: 4}\n"})
        BOOST_TEST(compare(doc).empty(), doc << ": " << compare(doc));
}

BOOST_AUTO_TEST_CASE(aliases_share_their_anchor_node) {
    const std::string doc = "base: &b {x: 1, y: [a, b]}\ncopy: *b\n";
    BOOST_TEST(compare(doc).empty(), compare(doc));
    const YAML::Node root = build_yaml(doc);
    BOOST_TEST(root["base"].is(root["copy"]));  // one node, as YAML::Load gives
}

BOOST_AUTO_TEST_CASE(an_empty_text_has_no_document) {
    for (const char* text : {"", "# a comment\n"}) {
        const YAML::Node root = build_yaml(text);
        BOOST_TEST((!root.IsDefined() || root.IsNull()), "a node from '" << text << "'");
    }
}

BOOST_AUTO_TEST_CASE(syntax_errors_carry_the_place) {
    try {
        build_yaml("a: 1\n  b: : 2\n");
        BOOST_FAIL("parsed");
    } catch (const YamlSyntaxError& e) {
        BOOST_TEST(e.mark.line == 1);  // 0-based: the second line
        BOOST_TEST(!e.message.empty());
    }
    BOOST_CHECK_THROW(build_yaml("a: [1, *missing]\n"), YamlSyntaxError);
}

BOOST_AUTO_TEST_CASE(every_bundled_yaml_file_builds_as_yaml_cpp_loads_it) {
    // Columns compared in characters (libyaml's count; yaml-cpp counts bytes).
    int files = 0;
    for (const char* dir : {"rulesets", "schemas", "tests/timelines", "tests/data/events"})
        for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(ARBITER_SOURCE_DIR) / dir))
            if (entry.path().extension() == ".yaml") {
                ++files;
                const std::string d = compare(arbiter::core::record::read_whole_file(entry.path().string()));
                BOOST_TEST(d.empty(), entry.path().string() << ": " << d);
            }
    BOOST_TEST(files > 100);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace yaml_build_test
