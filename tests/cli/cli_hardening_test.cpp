// Hostile input at the command line (the "Hard to break" issue): each ends with exit 2 and a message naming the
// problem, never a crash (exit_code -1), a hang or exit 0.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

namespace cli_hardening_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::Stderr;

BOOST_AUTO_TEST_SUITE(cli_hardening)

// 2147483649 = 2^31 + 1 wrapped to a negative count and the king was written before the board.
BOOST_AUTO_TEST_CASE(analyze_refuses_an_overflowing_empty_square_count) {
    auto r = run_arbiter("analyze --game chess --position '2147483649k/8/8/8/8/8/8/4K3 w - - 0 1'", Stderr::merge);
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "rank 8 has more than 8 squares"), r.out);
}

// 4294967304 = 2^32 + 8 wrapped to 8, a full rank.
BOOST_AUTO_TEST_CASE(perft_refuses_a_count_that_wraps_to_a_full_rank) {
    auto r = run_arbiter("perft --game chess --depth 1 --position '4294967304/8/8/8/4k3/8/8/4K3 w - - 0 1'",
                         Stderr::merge);
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "rank 8 has more than 8 squares"), r.out);
}

// The second document starts at line 2 ('---').
BOOST_AUTO_TEST_CASE(validate_refuses_a_second_document) {
    auto r = run_arbiter("validate tests/data/fuzz/yaml/two-documents.yaml", Stderr::merge);
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "two-documents.yaml:2:1: YAML syntax error: a second YAML document"), r.out);
}

BOOST_AUTO_TEST_CASE(validate_refuses_a_device) {
    auto r = run_arbiter("validate /dev/zero", Stderr::merge);
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(contains(r.out, "/dev/zero: is not a regular file"), r.out);
}

// A pawn on its first rank: a timeline's start and an analysed position are refused, not played or analysed.
BOOST_AUTO_TEST_CASE(impossible_positions_are_neither_played_nor_analysed) {
    auto run = run_arbiter("run tests/data/bad/impossible-start.yaml", Stderr::merge);
    BOOST_TEST(run.exit_code == 2, run.out);
    BOOST_TEST(contains(run.out, "impossible position"), run.out);
    auto analyze = run_arbiter("analyze --game chess --position '4k3/8/8/8/8/8/8/P3K3 w - - 0 1'", Stderr::merge);
    BOOST_TEST(analyze.exit_code == 2, analyze.out);
    BOOST_TEST(contains(analyze.out, "impossible position"), analyze.out);
}

// A control character in a message's quoted input is escaped, never sent to the terminal as it is.
BOOST_AUTO_TEST_CASE(error_messages_escape_control_characters) {
    // printf puts a real ESC byte (octal 033) into the argument; the message quotes the side-to-move field.
    auto r = run_arbiter("analyze --game chess --position \"$(printf '4k3/8/8/8/8/8/8/4K3 \\033[31m - - 0 1')\"", Stderr::merge);
    BOOST_TEST(r.exit_code == 2, r.out);
    BOOST_TEST(!contains(r.out, "\x1b"), r.out);        // no raw ESC byte
    BOOST_TEST(contains(r.out, "\\x1b[31m"), r.out);   // shown escaped
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace cli_hardening_test
