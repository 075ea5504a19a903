// Bad input to `arbiter validate`: each class names file:line:column, says what was found and what was
// expected, and exits 2 -- never a crash, a hang or an uncaught exception.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace bad_input_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using Result = arbiter::test::CliResult;

// Runs `arbiter <args>` from the project root; stdout and stderr together.
Result run_arbiter(const std::string& args) { return arbiter::test::run_arbiter(args, arbiter::test::Stderr::merge); }

// Validates one fixture of tests/data/bad with the fixture rulebooks as the rulesets folder.
Result validate_bad(const std::string& file) {
    return run_arbiter("--rulesets tests/data/rulebooks validate tests/data/bad/" + file);
}

using arbiter::test::contains;

}  // namespace

BOOST_AUTO_TEST_SUITE(bad_input_names_the_place_and_exits_2)

BOOST_AUTO_TEST_CASE(empty_file) {
    Result r = validate_bad("empty.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "tests/data/bad/empty.yaml:1:1: empty file (0 bytes); expected a YAML document"), r.out);
}

BOOST_AUTO_TEST_CASE(binary_file) {
    // binary.yaml: "rulebook: x\n" then a NUL: line 2, column 1.
    Result r = validate_bad("binary.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "tests/data/bad/binary.yaml:2:1: binary file: found a NUL byte; expected UTF-8 text"), r.out);
}

BOOST_AUTO_TEST_CASE(nesting_100000_levels_deep) {
    const auto dir = std::filesystem::temp_directory_path() / ("arbiter-deep-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    {
        std::ofstream flow(dir / "flow.yaml");
        flow << "rulebook: ";
        for (int i = 0; i < 100000; ++i) flow << '[';
        for (int i = 0; i < 100000; ++i) flow << ']';
        flow << '\n';
        std::ofstream block(dir / "block.yaml");
        for (int i = 0; i < 100000; ++i) block << "- ";
        block << "x\n";
    }
    // flow: the top map counts 2, so the 255th '[' (column 10 + 255) passes 256.
    Result flow = run_arbiter("validate '" + (dir / "flow.yaml").string() + "'");
    BOOST_TEST(flow.exit_code == 2);
    BOOST_TEST(contains(flow.out, "flow.yaml:1:265: nesting deeper than 256 levels; expected a shallower document"), flow.out);
    // block: the line counts 2 and each "- " 2 more: the 128th dash, at column 255, passes 256.
    Result block = run_arbiter("validate '" + (dir / "block.yaml").string() + "'");
    BOOST_TEST(block.exit_code == 2);
    BOOST_TEST(contains(block.out, "block.yaml:1:255: nesting deeper than 256 levels"), block.out);
    std::filesystem::remove_all(dir);
}

BOOST_AUTO_TEST_CASE(wrong_type) {
    // Line 10: `      occurrences: {value: 3, event_may_set: maybe}`: "maybe" starts at column 46.
    Result r = validate_bad("wrong-type.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "wrong-type.yaml:10:46: rules.draw.repetition.params.occurrences.event_may_set: "
                                  "found \"maybe\"; expected true or false"),
               r.out);
}

BOOST_AUTO_TEST_CASE(duplicate_keys) {
    Result r = validate_bad("duplicate-key.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "duplicate-key.yaml:9:3: duplicate key 'draw.repetition' (first at line 6, column 3)"), r.out);
}

BOOST_AUTO_TEST_CASE(unknown_topic_with_suggestion) {
    Result r = validate_bad("unknown-topic.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "unknown-topic.yaml:6:3: found the unknown topic 'draw.repetiton'"), r.out);
    BOOST_TEST(contains(r.out, "did you mean 'draw.repetition'?"), r.out);
}

BOOST_AUTO_TEST_CASE(missing_parent) {
    // Line 4: `extends: no-such-rulebook`: the value starts at column 10.
    Result r = validate_bad("missing-parent.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "missing-parent.yaml:4:10: found the parent 'no-such-rulebook'"), r.out);
}

BOOST_AUTO_TEST_CASE(cyclic_parents) {
    // cycle-a extends cycle-b, which extends cycle-a: the cycle closes at cycle-b's `extends` (4:10).
    Result r = validate_bad("cycle-a.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "cycle-b.yaml:4:10: found a cycle of parents: cycle-a extends cycle-b extends cycle-a"), r.out);
}

BOOST_AUTO_TEST_CASE(timeline_times_go_back) {
    // Line 7: `  - {at: "0:45:00", ...}` after 1:29:10 on line 6; the time starts at column 10.
    Result r = validate_bad("timeline-back.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "timeline-back.yaml:7:10: at: found the time 0:45:00, before the previous entry's 1:29:10 "
                                  "(line 6); expected times that never go back"),
               r.out);
}

BOOST_AUTO_TEST_CASE(timeline_names_an_unknown_rulebook) {
    // Line 2: `event: {rulebook: fide-2099, ...}`: the id starts at column 19.
    Result r = validate_bad("timeline-unknown-rulebook.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "timeline-unknown-rulebook.yaml:2:19: found the rulebook 'fide-2099'"), r.out);
}

BOOST_AUTO_TEST_CASE(fen_with_missing_fields) {
    // Line 3: `start: {fen: "..."}`: the FEN starts at column 14; it has 4 of the 6 fields.
    Result r = validate_bad("fen-fields.yaml");
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(contains(r.out, "fen-fields.yaml:3:14: start.fen: found 4 fields; expected 6"), r.out);
}

BOOST_AUTO_TEST_CASE(missing_file_and_folder) {
    Result missing = run_arbiter("validate tests/data/bad/no-such-file.yaml");
    BOOST_TEST(missing.exit_code == 2);
    BOOST_TEST(contains(missing.out, "no-such-file.yaml: cannot open the file"), missing.out);
    Result folder = run_arbiter("validate tests/data/bad");
    BOOST_TEST(folder.exit_code == 2);
    // The front door (core/record/bounded_read.h) refuses it before the format is known.
    BOOST_TEST(contains(folder.out, "tests/data/bad: is a folder, not a file"), folder.out);
}

BOOST_AUTO_TEST_CASE(every_bad_fixture_exits_2_without_crashing) {
    for (const auto& entry : std::filesystem::directory_iterator(ARBITER_SOURCE_DIR "/tests/data/bad")) {
        if (entry.path().extension() != ".yaml") continue;
        Result r = validate_bad(entry.path().filename().string());
        BOOST_TEST_CONTEXT(entry.path().filename()) {
            BOOST_TEST(r.exit_code == 2);
            BOOST_TEST(!contains(r.out, "internal error"), r.out);
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace bad_input_test
