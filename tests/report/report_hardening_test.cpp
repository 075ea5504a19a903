// Text reports against hostile data (the "Hard to break" issue): an effect amount of math.mininteger printed
// (format_clock negated INT64_MIN), fields of the wrong JSON type described instead of throwing json's message,
// and control characters from data written visibly instead of reaching the terminal.
#include "report/ruling_text.h"
#include "report/text_table.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <limits>

namespace report_hardening_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::report;
using nlohmann::json;

BOOST_AUTO_TEST_SUITE(report_hardening)

// |INT64_MIN| ms = 2 562 047 788 015 h 12 min 55.808 s (tests/clock/clock_hardening_test.cpp works it out); a
// deduction is written "-" before the amount, and the amount carries its own sign.
BOOST_AUTO_TEST_CASE(an_effect_amount_of_mininteger_is_described) {
    json e = {{"effect", "deduct_time"}, {"to", "claimant"}, {"amount", std::numeric_limits<std::int64_t>::min()}};
    BOOST_TEST(describe_effect(e, arbiter::rulebook::Lang::en) == "deduct_time claimant --2562047788015:12:55.808");
}

// A number where a name belongs, a float amount, options that are no list: described as JSON.
BOOST_AUTO_TEST_CASE(fields_of_the_wrong_type_are_described_as_json) {
    json e = {{"effect", "add_time"}, {"to", 7}, {"amount", 1.5}, {"options", "draw"}, {"rated", "no"}};
    BOOST_TEST(describe_effect(e, arbiter::rulebook::Lang::en) == "add_time 7 +1.5: draw");
}

BOOST_AUTO_TEST_CASE(control_characters_are_written_visibly) {
    // ESC [ 2 J clears the screen; BEL rings; DEL; CSI (U+009B, C1) is ESC [ in one character.
    BOOST_TEST(terminal_safe("a\x1b[2Jb\x07\x7f") == "a\\x1b[2Jb\\x07\\x7f");
    BOOST_TEST(terminal_safe("x\xc2\x9b" "31m") == "x\\u009b31m");
    // U+202E RIGHT-TO-LEFT OVERRIDE reorders what follows; U+2066 LEFT-TO-RIGHT ISOLATE.
    BOOST_TEST(terminal_safe("fide\xe2\x80\xae" "9002") == "fide\\u202e9002");
    BOOST_TEST(terminal_safe("\xe2\x81\xa6") == "\\u2066");
    // A byte that is not UTF-8.
    BOOST_TEST(terminal_safe("caf\xe9") == "caf\\xe9");
}

BOOST_AUTO_TEST_CASE(ordinary_text_is_unchanged) {
    const std::string text = "千日手 (FIDE 9.2)\n\tline two ▲7六歩";
    BOOST_TEST(terminal_safe(text) == text);
    BOOST_TEST(terminal_safe(terminal_safe("a\x1b" "b")) == "a\\x1bb");  // twice changes nothing more
}

BOOST_AUTO_TEST_CASE(table_cells_are_safe_and_aligned_by_what_is_shown) {
    TextTable t({"topic", "note"});
    t.add_row({"x\x1b[31m", "red"});
    // "x\x1b[31m" is shown as the 9 characters x\x1b[31m: the column is 9 wide, so "note" starts at column 12.
    std::string out = t.render();
    BOOST_TEST(out.find("x\\x1b[31m  red") != std::string::npos, out);
    BOOST_TEST(out.find('\x1b') == std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace report_hardening_test
