// The YAML front door against hostile files (the "Hard to break" issue): a second document is refused, not
// ignored; aliased scalars count their bytes each time they are reached; only regular files are read.
#include "rulebook/yaml_source.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace yaml_hardening_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::InputError;
using namespace arbiter::rulebook;

namespace {

std::string parse_error(const std::string& text) {
    try {
        parse_yaml_text(text, "f.yaml");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

std::string read_error(const std::string& path) {
    try {
        read_yaml_file(path);
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(yaml_front_door_hardening)

// The second document (line 3, where its '---' stands) was silently dropped: a rulebook could hide rules there.
BOOST_AUTO_TEST_CASE(a_second_document_is_refused_where_it_starts) {
    BOOST_TEST(parse_error("a: 1\n\n---\nb: 2\n") ==
               "f.yaml:3:1: YAML syntax error: a second YAML document (a file holds one); expected well-formed YAML");
    BOOST_TEST(parse_error("a: 1\n...\n---\nb: 2\n") ==
               "f.yaml:3:1: YAML syntax error: a second YAML document (a file holds one); expected well-formed YAML");
    // Text after the end marker '...' that starts no document was ignored too; libyaml names it.
    BOOST_TEST(parse_error("a: 1\n...\nb: 2\n") ==
               "f.yaml:3:1: YAML syntax error: did not find expected <document start>; expected well-formed YAML");
    // One document, with or without its markers, is fine.
    BOOST_TEST(parse_error("---\na: 1\n...\n") == "(no error)");
}

// An anchored scalar of 100 KiB and 50 aliases: 52 nodes, far below the node limit, but 51 x 102 400 bytes of text
// to every reader. The text limit is the file limit (4 MiB = 4 194 304 bytes): the key "big" (3 bytes), the anchor
// (102 400), "list" (4) and 40 aliases make 4 198 407 > 4 194 304, so the 40th alias is refused.
BOOST_AUTO_TEST_CASE(aliased_scalars_count_their_bytes_each_time) {
    std::string text = "big: &b " + std::string(102400, 'x') + "\nlist:\n";
    for (int i = 0; i < 50; ++i) text += "  - *b\n";
    std::string e = parse_error(text);
    BOOST_TEST(e.find("f.yaml:1:") == 0, e);
    BOOST_TEST(e.find("more than 4194304 bytes of text once aliases are expanded; expected a smaller document") !=
                   std::string::npos, e);
    // 39 aliases make 102 407 + 39 x 102 400 = 4 096 007 bytes: accepted.
    std::string fits = "big: &b " + std::string(102400, 'x') + "\nlist:\n";
    for (int i = 0; i < 39; ++i) fits += "  - *b\n";
    BOOST_TEST(parse_error(fits) == "(no error)");
}

// The tree's memory is bounded by its nodes as built (about half a kilobyte each), not only by the text's bytes:
// "list:" and N items "  - 0" make N + 3 nodes (the root map, the key, the list, the items). N = 199,997 makes
// 200,000, the limit; N = 199,998 makes 200,001, refused at the item that is the 200,001st node: item 199,998, on
// line 199,999 (the items start on line 2), column 5 (after "  - ").
BOOST_AUTO_TEST_CASE(the_nodes_built_are_bounded) {
    auto items = [](int n) {
        std::string text = "list:\n";
        for (int i = 0; i < n; ++i) text += "  - 0\n";
        return text;
    };
    BOOST_TEST(parse_error(items(199'997)) == "(no error)");
    const std::string e = parse_error(items(199'998));
    BOOST_TEST(e.find("f.yaml:199999:5: more than 200000 YAML nodes") == 0, e);
}

// A device never ends; the front door reads only regular files.
BOOST_AUTO_TEST_CASE(a_device_is_not_read) {
    BOOST_TEST(read_error("/dev/zero") ==
               "/dev/zero: is not a regular file (a FIFO, device or socket); expected a readable YAML file");
}

// Opening a FIFO without a writer blocked forever (without the fix this test does not end; CTest's timeout fails it).
BOOST_AUTO_TEST_CASE(a_fifo_is_refused_without_blocking) {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / ("arbiter-fifo-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    std::string fifo = (dir / "hooks.yaml").string();
    BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    std::string e = read_error(fifo);
    std::filesystem::remove_all(dir);
    BOOST_TEST(e == fifo + ": is not a regular file (a FIFO, device or socket); expected a readable YAML file");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace yaml_hardening_test
