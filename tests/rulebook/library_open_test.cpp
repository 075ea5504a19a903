// Library::open reads and checks its files on several threads in one round, the registry loading as the first
// task: a file read before the registry is ready is checked by a later task. Whichever way the timing falls, the
// library holds the same rulebooks and problems as with the registry given up front (every file checked as it is
// read), and a registry that does not load is the error.
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace library_open_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::rulebook;
using arbiter::InputError;

namespace {

const std::filesystem::path source = ARBITER_SOURCE_DIR;

// A copy of the bundled rulesets with rulebooks that fail in reading, in their rules and in extends.
struct Folder {
    std::filesystem::path dir = std::filesystem::temp_directory_path() / ("arbiter-library-open-test-" + std::to_string(::getpid()));
    Folder() {
        std::filesystem::remove_all(dir);
        std::filesystem::copy(source / "rulesets", dir, std::filesystem::copy_options::recursive);
        write("chess/dup-key.yaml", "rulebook: dup-key\ngame: chess\ngame: chess\n");
        write("chess/bad-topic.yaml", "rulebook: bad-topic\ntitle: {en: T, ja: T}\ngame: chess\nsource: {file: f}\n"
                                      "extends: fide-2009\nrules:\n  no_such_topic: {article: '1', summary: {en: S, ja: S}}\n");
        write("chess/orphan.yaml", "rulebook: orphan\ntitle: {en: T, ja: T}\ngame: chess\nsource: {file: f}\nextends: nobody\nrules: {}\n");
        write("chess/child.yaml", "rulebook: child\ntitle: {en: T, ja: T}\ngame: chess\nsource: {file: f}\nextends: fide-2009\nrules: {}\n");
    }
    ~Folder() { std::filesystem::remove_all(dir); }
    void write(const std::string& file, const std::string& text) const { std::ofstream(dir / file) << text; }
};

// What a library holds: each rulebook's id, parent chain and rule count, then every problem with its place.
std::vector<std::string> summary(const Library& library) {
    std::vector<std::string> out;
    for (const Rulebook* book : library.rulebooks()) {
        std::string line = book->id + ":";
        for (const auto& id : book->lineage) line += " " + id;
        out.push_back(line + " rules " + std::to_string(book->rules.size()));
    }
    for (const InputError& e : library.problems())
        out.push_back(e.where().file + ":" + std::to_string(e.where().line) + ":" + std::to_string(e.where().column) + " " + e.message());
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(library_open_checks_every_file_once_the_registry_is_ready)

BOOST_AUTO_TEST_CASE(the_same_library_whether_the_registry_is_loaded_alongside_or_given) {
    const Folder folder;
    const std::vector<std::string> given = summary(Library::open(folder.dir, Registry::bundled()));
    BOOST_TEST(given.size() == 15u + 3u);  // the bundled fourteen and child; dup-key, bad-topic and orphan fail
    for (int run = 0; run < 20; ++run) {
        BOOST_TEST(summary(Library::open(folder.dir, source / "schemas/topics.yaml")) == given);
    }
}

BOOST_AUTO_TEST_CASE(a_registry_that_does_not_load_is_the_error) {
    const Folder folder;
    folder.write("broken-topics.yaml", "registry: 1\n");
    BOOST_CHECK_THROW(Library::open(folder.dir, folder.dir / "broken-topics.yaml"), InputError);
}

// Only the rulebooks named (an audit's) and the parents they extend: `child` extends fide-2009, which extends
// fide-2001; each is the same as in the whole library, and no other file is parsed until it is asked for (jca-1997
// then is, alone).
BOOST_AUTO_TEST_CASE(the_rulebooks_named_and_their_parents_are_those_of_the_whole_library) {
    const Folder folder;
    const Library whole = Library::open(std::vector{folder.dir});
    const Library some = Library::open(std::vector{folder.dir}, {"child"});
    const auto line = [](const Rulebook* book) {
        std::string out = book->id + ":";
        for (const auto& id : book->lineage) out += " " + id;
        return out + " rules " + std::to_string(book->rules.size());
    };
    for (const char* id : {"child", "fide-2009", "fide-2001"}) {
        BOOST_REQUIRE(some.find(id));
        BOOST_TEST(line(some.find(id)) == line(whole.find(id)));
    }
    BOOST_TEST(line(some.find("child")) == "child: child fide-2009 fide-2001 rules " +
                                               std::to_string(whole.find("fide-2009")->rules.size()));
    BOOST_TEST(some.files_parsed() == 3u);  // child, fide-2009, fide-2001
    BOOST_REQUIRE(some.find("jca-1997"));
    BOOST_TEST(line(some.find("jca-1997")) == line(whole.find("jca-1997")));
    BOOST_TEST(some.files_parsed() == 4u);
}

// A rulebook named that does not load (orphan extends no rulebook): the whole library is read, with its messages.
BOOST_AUTO_TEST_CASE(a_rulebook_named_that_does_not_load_reads_the_whole_library) {
    const Folder folder;
    const Library whole = Library::open(std::vector{folder.dir});
    const Library some = Library::open(std::vector{folder.dir}, {"fide-2009", "orphan"});
    BOOST_TEST(some.find("jca-1997"));
    BOOST_REQUIRE(some.failure("orphan"));
    BOOST_TEST(std::string(some.failure("orphan")->what()) == whole.failure("orphan")->what());
    BOOST_TEST(summary(some) == summary(whole));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace library_open_test
