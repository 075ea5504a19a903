// PGN text found by the fuzzer (fuzz/fuzz_pgn.cpp; the input is tests/data/fuzz/pgn/regression-nag-overflow.pgn):
// a NAG of many digits overflowed int (UBSan: signed integer overflow in pgn.cpp).
#include "core/error.h"
#include "core/pgn.h"

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>
#include <string>

namespace pgn_hardening_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;

namespace {

std::string pgn_error(const std::string& text) {
    try {
        read_pgn(text, "f.pgn");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pgn_hardening)

// PGN 8.2.4: NAGs run from $0 to $255.
BOOST_AUTO_TEST_CASE(a_nag_beyond_255_is_refused) {
    BOOST_TEST(pgn_error("1. e4 $255 e5 *") == "(no error)");
    std::string e = pgn_error("1. e4 $256 e5 *");
    BOOST_TEST(e.find("f.pgn:1:") == 0, e);
    BOOST_TEST(e.find("expected a NAG from $0 to $255") != std::string::npos, e);
    std::string huge = pgn_error("1. e4 $" + std::string(40, '9') + " e5 *");
    BOOST_TEST(huge.find("expected a NAG from $0 to $255") != std::string::npos, huge);
}

BOOST_AUTO_TEST_CASE(the_fuzzer_input_is_an_input_error) {
    std::ifstream in(std::string(ARBITER_SOURCE_DIR) + "/tests/data/fuzz/pgn/regression-nag-overflow.pgn", std::ios::binary);
    BOOST_REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    BOOST_TEST(pgn_error(text.str()) != "(no error)");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace pgn_hardening_test
