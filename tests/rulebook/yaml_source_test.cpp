// The YAML front door: what is not YAML text, or is nested too deep for yaml-cpp, never reaches it.
#include "rulebook/yaml_source.h"

#include <yaml-cpp/yaml.h>

#include <boost/test/unit_test.hpp>

#include <string>

namespace yaml_source_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::InputError;
using arbiter::rulebook::parse_yaml_text;

namespace {

// Parses `text` and returns the InputError it raised ("" for the message when none was raised).
InputError error_of(const std::string& text) {
    try {
        parse_yaml_text(text, "t.yaml");
    } catch (const InputError& e) {
        return e;
    }
    return InputError({}, "");
}

}  // namespace

BOOST_AUTO_TEST_SUITE(yaml_front_door_refuses_what_is_not_yaml_text)

BOOST_AUTO_TEST_CASE(empty_and_comment_only_text_is_an_empty_file) {
    BOOST_TEST(error_of("").message().find("empty file") == 0u);
    BOOST_TEST(error_of("# only a comment\n\n").message().find("empty file") == 0u);
}

BOOST_AUTO_TEST_CASE(nul_byte_is_a_binary_file_at_its_line_and_column) {
    // "a: 1\nb: " is 8 bytes; the NUL is on line 2, column 4.
    InputError e = error_of(std::string("a: 1\nb: \0x", 10));
    BOOST_TEST(e.message().find("binary file") == 0u);
    BOOST_TEST(e.where().line == 2);
    BOOST_TEST(e.where().column == 4);
}

BOOST_AUTO_TEST_CASE(invalid_utf8_is_a_binary_file) {
    BOOST_TEST(error_of("a: \xff\n").message().find("binary file: found the byte 0xff") == 0u);
    BOOST_TEST(error_of("a: \xc0\xaf\n").message().find("binary file") == 0u);     // overlong '/'
    BOOST_TEST(error_of("a: \xed\xa0\x80\n").message().find("binary file") == 0u); // surrogate U+D800
    BOOST_TEST(error_of("a: \xe6\x97").message().find("binary file") == 0u);       // truncated at the end
}

BOOST_AUTO_TEST_CASE(japanese_text_is_accepted) {
    auto file = parse_yaml_text("title: {en: Rules, ja: 対局規定}\n", "t.yaml");
    BOOST_TEST(file.root["title"]["ja"].Scalar() == "対局規定");
}

BOOST_AUTO_TEST_CASE(flow_nesting_beyond_the_limit_is_refused_before_parsing) {
    // The top-level map counts 2 (one indentation level), so the 255th '[' makes 2 + 255 = 257 > 256.
    std::string text = "a: ";
    text.append(100000, '[').append(100000, ']').append("\n");
    InputError e = error_of(text);
    BOOST_TEST(e.message().find("nesting deeper than 256 levels") == 0u);
    BOOST_TEST(e.where().line == 1);
    BOOST_TEST(e.where().column == 3 + 255);
}

BOOST_AUTO_TEST_CASE(block_sequence_nesting_beyond_the_limit_is_refused) {
    // "- - - ... x": each indicator counts 2 after the line's own level (2): the 128th dash, at column
    // 2*127+1 = 255, makes 2 + 256 = 258 > 256.
    std::string text;
    for (int i = 0; i < 100000; ++i) text += "- ";
    InputError e = error_of(text + "x\n");
    BOOST_TEST(e.message().find("nesting deeper than 256 levels") == 0u);
    BOOST_TEST(e.where().column == 255);
}

BOOST_AUTO_TEST_CASE(moderate_nesting_parses) {
    std::string text = "a: ";
    text.append(50, '[').append("1").append(50, ']').append("\n");
    auto file = parse_yaml_text(text, "t.yaml");
    BOOST_TEST(file.root["a"].IsSequence());
}

BOOST_AUTO_TEST_CASE(brackets_inside_quotes_and_block_scalars_do_not_count) {
    std::string text = "a: \"";
    text.append(1000, '[').append("\"\nb: |\n  ").append(1000, '{').append("\nc: 1\n");
    auto file = parse_yaml_text(text, "t.yaml");
    BOOST_TEST(file.root["c"].Scalar() == "1");
}

BOOST_AUTO_TEST_CASE(duplicate_keys_name_both_places) {
    InputError e = error_of("rules:\n  x: 1\n  y: 2\n  x: 3\n");
    BOOST_TEST(e.where().line == 4);
    BOOST_TEST(e.where().column == 3);
    BOOST_TEST(e.message() == "duplicate key 'x' (first at line 2, column 3); expected each key once");
}

BOOST_AUTO_TEST_CASE(duplicate_keys_are_found_in_every_map_and_only_within_one) {
    // The same key in sibling maps, in a list of maps and in a nested map is no duplicate.
    BOOST_TEST(error_of("a: {x: 1, y: {x: 2}}\nb: [{x: 1}, {x: 2}]\nx: 3\n").message().empty());
    // A duplicate deep in a list of maps, after keys of the same text elsewhere, names its own map's first key.
    InputError e = error_of("x: 0\nlist:\n  - {x: 1}\n  - y: 2\n    x: 3\n    y: 4\n");
    BOOST_TEST(e.where().line == 6);
    BOOST_TEST(e.where().column == 5);
    BOOST_TEST(e.message() == "duplicate key 'y' (first at line 4, column 5); expected each key once");
    // An alias reaches its anchor's map again, and a duplicate in it is found where the anchor wrote it.
    InputError aliased = error_of("a: &m\n  k: 1\n  k: 2\nb: *m\n");
    BOOST_TEST(aliased.where().line == 3);
    BOOST_TEST(aliased.message() == "duplicate key 'k' (first at line 2, column 3); expected each key once");
}

BOOST_AUTO_TEST_CASE(nesting_through_aliases_is_counted_past_the_text) {
    // Each alias nests the previous list two levels deeper than the text shows: over 2 * 140 levels once expanded.
    std::string text = "l0: &l0 [x]\n";
    for (int i = 1; i <= 140; ++i) {
        const std::string n = std::to_string(i), m = std::to_string(i - 1);
        text.append("l").append(n).append(": &l").append(n).append(" [[*l").append(m).append("]]\n");
    }
    BOOST_TEST(error_of(text).message().find("nesting deeper than") == 0u);
}

BOOST_AUTO_TEST_CASE(child_and_map_keys_hand_out_the_value_with_its_mark) {
    using arbiter::rulebook::child;
    using arbiter::rulebook::MapKeys;
    const auto file = parse_yaml_text("[k]: 0\nk: {x: 1}\nlist: [k]\nn: ~\n", "t.yaml");
    const YAML::Node value = child(file.root, "k");
    BOOST_TEST(value.IsMap());
    BOOST_TEST(value.Mark().line == 1);
    BOOST_TEST(value.Mark().column == 3);
    BOOST_TEST(child(value, "x").as<int>() == 1);
    BOOST_TEST(child(file.root, "n").IsNull());
    BOOST_TEST(!child(file.root, "missing").IsDefined());
    BOOST_TEST(!child(child(file.root, "list"), "k").IsDefined());  // a list has no keys
    BOOST_TEST(!child(YAML::Node(), "k").IsDefined());
    const MapKeys keys(file.root);
    BOOST_TEST(child(keys, "k").Mark().line == 1);
    BOOST_TEST(child(child(keys, "k"), "x").Scalar() == "1");
    BOOST_TEST(child(keys, "list").IsSequence());
    BOOST_TEST(!child(keys, "[k]").IsDefined());  // a key that is not a scalar is never found
    BOOST_TEST(!child(MapKeys(child(file.root, "list")), "k").IsDefined());
}

BOOST_AUTO_TEST_CASE(syntax_errors_carry_one_based_marks) {
    // yaml-cpp marks the unclosed flow map where it expected '}' (0-based line 1 = line 2 here).
    InputError e = error_of("a: 1\nb: {c: 2\n");
    BOOST_TEST(e.message().find("YAML syntax error") == 0u);
    BOOST_TEST(e.where().line >= 2);
    BOOST_TEST(e.where().column >= 1);
}

BOOST_AUTO_TEST_CASE(alias_expansion_is_bounded) {
    // Each level doubles the nodes: 2^25 leaves once expanded, far above the 1,000,000 limit.
    std::string text = "l0: &l0 [x, x]\n";
    for (int i = 1; i <= 25; ++i) {
        const std::string n = std::to_string(i), m = std::to_string(i - 1);
        text.append("l").append(n).append(": &l").append(n).append(" [*l").append(m).append(", *l").append(m).append("]\n");
    }
    BOOST_TEST(error_of(text).message().find("more than 1000000 nodes") == 0u);
}

BOOST_AUTO_TEST_CASE(a_bare_scalar_document_is_refused) {
    BOOST_TEST(error_of("just text\n").message().find("expected a YAML map") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace yaml_source_test
