// Hostile input, round three (issue 34): inputs written against the guards of the earlier rounds. Each ends with
// exit 2 and a message naming the file, never a crash (exit_code -1), a hang or a silent exit 0. The inputs are
// made here, in a fresh folder, from the bundled timelines and records.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>

namespace hostile_inputs_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

// A folder of this test's own, removed at the end.
struct Scratch {
    fs::path dir = fs::temp_directory_path() / ("arbiter-hostile-" + std::to_string(::getpid()));
    Scratch() { fs::create_directories(dir); }
    ~Scratch() {
        std::error_code ignored;
        fs::remove_all(dir, ignored);
    }
    std::string write(const std::string& name, const std::string& text) const {
        std::ofstream(dir / name, std::ios::binary) << text;
        return (dir / name).string();
    }
};

std::string source(const std::string& relative) {
    std::ifstream in(fs::path(ARBITER_SOURCE_DIR) / relative, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    BOOST_REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

BOOST_AUTO_TEST_SUITE(hostile_inputs)

// valijson checks a schema "pattern" with std::regex, which recursed once per letter of a 300,000-letter rulebook
// id and died of a stack overflow (SIGSEGV) in validate and run.
BOOST_AUTO_TEST_CASE(a_300000_letter_rulebook_id_is_refused_not_a_crash) {
    Scratch s;
    const auto file = s.write("long-id.yaml", replaced(source("tests/timelines/chess/01-incorrect-claim-25min.yaml"),
                                                       "rulebook: fide-2009", "rulebook: \"" + std::string(300000, 'a') + "!\""));
    for (const char* command : {"validate ", "run "}) {
        auto r = run_arbiter(command + file, Stderr::merge);
        BOOST_TEST(r.exit_code == 2, command << r.out.substr(0, 400));
        BOOST_TEST(contains(r.out, "event.rulebook"), r.out.substr(0, 400));
        BOOST_TEST(r.out.size() < 2000u, "the message quotes the id shortened: " << r.out.size() << " bytes");
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace hostile_inputs_test
