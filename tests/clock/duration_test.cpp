// Durations as rulebooks, events and timelines write them (engine/clock/duration.h).
#include "clock/duration.h"

#include <boost/test/unit_test.hpp>

namespace duration_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::clock;
using namespace std::chrono_literals;

namespace {

Ms parsed(std::string_view text) {
    Parsed<Ms> p = parse_duration(text);
    BOOST_TEST_INFO("input: " << text << " error: " << p.error.message);
    BOOST_REQUIRE(p);
    return *p;
}

int error_column(std::string_view text) {
    Parsed<Ms> p = parse_duration(text);
    BOOST_TEST_INFO("input: " << text);
    BOOST_REQUIRE(!p);
    return p.error.column;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(durations_are_exact_milliseconds)

BOOST_AUTO_TEST_CASE(unit_form_adds_its_groups) {
    BOOST_TEST(parsed("90min").count() == 5'400'000);       // 90 x 60 000
    BOOST_TEST(parsed("1h30min").count() == 5'400'000);     // 3 600 000 + 1 800 000
    BOOST_TEST(parsed("30s").count() == 30'000);
    BOOST_TEST(parsed("500ms").count() == 500);
    BOOST_TEST(parsed("1min30s").count() == 90'000);        // 60 000 + 30 000
    BOOST_TEST(parsed("2s500ms").count() == 2'500);
    BOOST_TEST(parsed("1h1min1s1ms").count() == 3'661'001); // 3 600 000 + 60 000 + 1 000 + 1
    BOOST_TEST(parsed("0").count() == 0);
    BOOST_TEST(parsed("0s").count() == 0);
}

BOOST_AUTO_TEST_CASE(clock_form_reads_hours_minutes_seconds_and_fractions) {
    BOOST_TEST(parsed("1:30:00").count() == 5'400'000);
    BOOST_TEST(parsed("0:00:10").count() == 10'000);
    BOOST_TEST(parsed("5:00").count() == 300'000);          // M:SS
    BOOST_TEST(parsed("90:00").count() == 5'400'000);       // 90 minutes written M:SS
    BOOST_TEST(parsed("1:29:10.250").count() == 5'350'250); // 3 600 000 + 29 x 60 000 + 10 250
    BOOST_TEST(parsed("0:00:01.5").count() == 1'500);       // .5 s = 500 ms
    BOOST_TEST(parsed("0:00:00.05").count() == 50);
}

BOOST_AUTO_TEST_CASE(malformed_durations_name_the_column_of_the_fault) {
    BOOST_TEST(error_column("") == 1);
    BOOST_TEST(error_column("90") == 3);          // a bare number needs a unit, expected after "90"
    BOOST_TEST(error_column("1m") == 2);          // "m" is not a unit (min or ms)
    BOOST_TEST(error_column("30s1min") == 5);     // units largest first: "min" after "s"
    BOOST_TEST(error_column("1h1h") == 4);        // each unit once
    BOOST_TEST(error_column("1:5:00") == 3);      // minutes need two digits
    BOOST_TEST(error_column("1:60:00") == 3);     // minutes below 60
    BOOST_TEST(error_column("0:00:01.1234") == 12);
    BOOST_TEST(error_column("-5s") == 1);         // no sign
    BOOST_TEST(error_column("5 s") == 2);
    BOOST_TEST(error_column("1:00:00:00") == 8);  // at most H:MM:SS
}

BOOST_AUTO_TEST_CASE(durations_beyond_a_million_hours_are_refused) {
    BOOST_TEST(!parse_duration("1000001h"));
    BOOST_TEST(!parse_duration("99999999999999999999ms"));
    BOOST_TEST(parsed("1000000h").count() == 3'600'000'000'000);
}

BOOST_AUTO_TEST_CASE(printing_uses_the_largest_units_and_reads_back) {
    BOOST_TEST(format_duration(5'400'000ms) == "1h30min");
    BOOST_TEST(format_duration(30'000ms) == "30s");
    BOOST_TEST(format_duration(90'500ms) == "1min30s500ms");
    BOOST_TEST(format_duration(0ms) == "0s");
    BOOST_TEST(format_duration(-1'500ms) == "-1s500ms");
    for (std::int64_t ms : {0LL, 1LL, 999LL, 1'000LL, 59'999LL, 3'600'000LL, 3'661'001LL, 123'456'789LL}) {
        BOOST_TEST(parsed(format_duration(Ms{ms})).count() == ms);
        BOOST_TEST(parsed(format_clock(Ms{ms})).count() == ms);
    }
}

BOOST_AUTO_TEST_CASE(clock_printing_shows_milliseconds_only_when_present) {
    BOOST_TEST(format_clock(5'400'000ms) == "1:30:00");
    BOOST_TEST(format_clock(5'250ms) == "0:00:05.250");
    BOOST_TEST(format_clock(5'007ms) == "0:00:05.007");
    BOOST_TEST(format_clock(-1'500ms) == "-0:00:01.500");
    BOOST_TEST(format_clock(36'000'000ms) == "10:00:00");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace duration_test
