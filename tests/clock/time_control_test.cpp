// Time controls in the PGN TimeControl form (PGN standard 9.6.1) and the structured YAML form,
// both ways, and the time-for-N-moves measure categories are named by (engine/clock/time_control.h).
#include "clock/time_control.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>

#include <ostream>
#include <vector>

namespace arbiter::clock {
// Lets Boost.Test print a control in failure messages (found by argument-dependent lookup).
std::ostream& boost_test_print_type(std::ostream& out, const TimeControl& c) {
    return out << format_yaml_time_control(c);
}
}  // namespace arbiter::clock

namespace time_control_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::clock;
using namespace std::chrono_literals;

namespace {

TimeControl pgn(std::string_view text) {
    Parsed<TimeControl> p = parse_pgn_time_control(text);
    BOOST_TEST_INFO("input: " << text << " error: " << p.error.message);
    BOOST_REQUIRE(p);
    return *p;
}

TimeControl yaml(std::string_view text) {
    Parsed<TimeControl> p = parse_yaml_time_control(text);
    BOOST_TEST_INFO("input: " << text << " error: " << p.error.message);
    BOOST_REQUIRE(p);
    return *p;
}

ParseError pgn_error(std::string_view text) {
    Parsed<TimeControl> p = parse_pgn_time_control(text);
    BOOST_TEST_INFO("input: " << text);
    BOOST_REQUIRE(!p);
    return p.error;
}

// Parses `document` and reads the time control under its key "tc".
Parsed<TimeControl> yaml_doc(const std::string& document) { return parse_yaml_time_control(YAML::Load(document)["tc"]); }

}  // namespace

BOOST_AUTO_TEST_SUITE(pgn_time_control_forms)

BOOST_AUTO_TEST_CASE(question_mark_is_unknown_and_dash_is_none) {
    BOOST_TEST((pgn("?").kind == TimeControl::Kind::unknown));
    BOOST_TEST((pgn("-").kind == TimeControl::Kind::none));
    BOOST_TEST(!pgn("?").is_timed());
}

BOOST_AUTO_TEST_CASE(seconds_alone_are_sudden_death) {
    TimeControl c = pgn("5400");
    BOOST_REQUIRE(c.periods.size() == 1u);
    BOOST_TEST(c.periods[0].moves == 0);
    BOOST_TEST(c.periods[0].time.count() == 5'400'000);
    BOOST_TEST(c.periods[0].increment.count() == 0);
}

BOOST_AUTO_TEST_CASE(plus_gives_the_increment_per_move) {
    TimeControl c = pgn("5400+30");
    BOOST_TEST(c.periods[0].time.count() == 5'400'000);
    BOOST_TEST(c.periods[0].increment.count() == 30'000);
}

BOOST_AUTO_TEST_CASE(moves_in_a_period_then_the_rest_of_the_game) {
    TimeControl c = pgn("40/5400:1800");
    BOOST_REQUIRE(c.periods.size() == 2u);
    BOOST_TEST(c.periods[0].moves == 40);
    BOOST_TEST(c.periods[0].time.count() == 5'400'000);
    BOOST_TEST(c.periods[1].moves == 0);
    BOOST_TEST(c.periods[1].time.count() == 1'800'000);
}

BOOST_AUTO_TEST_CASE(increments_belong_to_each_period) {
    // The tag of FIDE World Championship 2023 game 1 (niklasf/python-chess@9c24454d
    // data/pgn/nepomniachtchi-liren-game1.pgn line 8).
    TimeControl c = pgn("40/7200:20/3600:900+30");
    BOOST_REQUIRE(c.periods.size() == 3u);
    BOOST_TEST(c.periods[1].moves == 20);
    BOOST_TEST(c.periods[0].increment.count() == 0);
    BOOST_TEST(c.periods[2].increment.count() == 30'000);
    TimeControl d = pgn("40/5400+30:1800+30");
    BOOST_TEST(d.periods[0].increment.count() == 30'000);
    BOOST_TEST(d.periods[1].increment.count() == 30'000);
}

BOOST_AUTO_TEST_CASE(asterisk_is_the_hourglass) {
    TimeControl c = pgn("*60");
    BOOST_TEST((c.kind == TimeControl::Kind::hourglass));
    BOOST_TEST(c.hourglass.count() == 60'000);
}

BOOST_AUTO_TEST_CASE(malformed_tags_are_refused_with_the_column_of_the_fault) {
    BOOST_TEST(pgn_error("40/54x0").column == 6);   // 4 0 / 5 4 x: the x is the sixth character
    BOOST_TEST(pgn_error("").column == 1);
    BOOST_TEST(pgn_error("40/").column == 4);       // seconds expected after the slash
    BOOST_TEST(pgn_error("5400+").column == 6);
    BOOST_TEST(pgn_error("0/300").column == 1);     // zero moves
    BOOST_TEST(pgn_error("5400:300").column == 5);  // a sudden-death field must be the last
    BOOST_TEST(pgn_error("?x").column == 2);
    BOOST_TEST(pgn_error("*0").column == 2);
    BOOST_TEST(pgn_error("300+5+5").column == 6);
    BOOST_TEST(pgn_error("40/5400:*60").column == 9);
    BOOST_TEST(pgn_error(" 300").column == 1);
    BOOST_TEST(pgn_error("99999999999999999999").column >= 1);
}

BOOST_AUTO_TEST_CASE(every_form_prints_back_as_written) {
    for (const char* text : {"?", "-", "5400", "5400+30", "40/5400", "40/5400:1800", "40/5400+30:1800+30",
                             "40/5400:1800+30", "40/7200:20/3600:900+30", "*60", "180+0"}) {
        std::string expected = text == std::string("180+0") ? "180" : text;  // a zero increment is not written
        BOOST_TEST(format_pgn_time_control(pgn(text)).value_or("(none)") == expected);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(structured_time_control_form)

BOOST_AUTO_TEST_CASE(the_lead_examples_read_as_intended) {
    TimeControl fide = yaml("{periods: [{moves: 40, time: 90min}, {time: 30min}], increment: 30s}");
    BOOST_TEST(fide == pgn("40/5400+30:1800+30"));

    TimeControl othello = yaml("{time: 20min}");
    BOOST_TEST(othello == pgn("1200"));

    TimeControl shogi = yaml("{time: 10min, byoyomi: {periods: 1, time: 30s}}");
    BOOST_REQUIRE(shogi.byoyomi.has_value());
    BOOST_TEST(shogi.byoyomi->periods == 1);
    BOOST_TEST(shogi.byoyomi->time.count() == 30'000);
    BOOST_TEST(shogi.periods[0].time.count() == 600'000);

    TimeControl bronstein = yaml("{time: 5min, delay: {kind: bronstein, time: 2s}}");
    BOOST_REQUIRE(bronstein.delay.has_value());
    BOOST_TEST((bronstein.delay->kind == DelayKind::bronstein));
    BOOST_TEST(bronstein.delay->time.count() == 2'000);

    TimeControl canadian = yaml("{time: 10min, canadian: {moves: 10, time: 5min}}");
    BOOST_REQUIRE(canadian.canadian.has_value());
    BOOST_TEST(canadian.canadian->moves == 10);
    BOOST_TEST(canadian.canadian->time.count() == 300'000);

    BOOST_TEST(yaml("{hourglass: 1min}") == pgn("*60"));
}

BOOST_AUTO_TEST_CASE(a_period_increment_overrides_the_top_one) {
    TimeControl c = yaml("{periods: [{moves: 40, time: 2h}, {time: 30min, increment: 0s}], increment: 30s}");
    BOOST_TEST(c.periods[0].increment.count() == 30'000);
    BOOST_TEST(c.periods[1].increment.count() == 0);
}

BOOST_AUTO_TEST_CASE(a_scalar_is_read_in_the_pgn_form) {
    Parsed<TimeControl> c = yaml_doc("tc: \"40/5400:1800\"");
    BOOST_REQUIRE(c);
    BOOST_TEST(*c == pgn("40/5400:1800"));
}

BOOST_AUTO_TEST_CASE(structured_forms_print_back_identically) {
    for (const char* text : {
             "{time: 20min}",
             "{time: 1h30min, increment: 30s}",
             "{periods: [{moves: 40, time: 1h30min}, {time: 30min}], increment: 30s}",
             "{periods: [{moves: 40, time: 2h}, {moves: 20, time: 1h}, {time: 15min, increment: 30s}]}",
             "{time: 5min, delay: {kind: bronstein, time: 2s}}",
             "{time: 5min, delay: {kind: simple, time: 5s}}",
             "{time: 10min, byoyomi: {periods: 1, time: 30s}}",
             "{time: 1h, byoyomi: {periods: 5, time: 30s}}",
             "{time: 10min, canadian: {moves: 10, time: 5min}}",
             "{hourglass: 1min}",
             "{time: 2s500ms}",
         }) {
        BOOST_TEST(format_yaml_time_control(yaml(text)) == text);
    }
}

BOOST_AUTO_TEST_CASE(pgn_and_structured_forms_round_trip_through_each_other) {
    for (const char* text : {"?", "-", "5400", "5400+30", "40/5400:1800", "40/5400+30:1800+30", "40/5400:1800+30",
                             "40/7200:20/3600:900+30", "*60", "30/300:0+30"}) {
        TimeControl c = pgn(text);
        Parsed<TimeControl> back = yaml_doc("tc: " + format_yaml_time_control(c));
        BOOST_TEST_INFO("input: " << text << " yaml: " << format_yaml_time_control(c));
        BOOST_REQUIRE(back);
        BOOST_TEST(*back == c);
        BOOST_TEST(format_pgn_time_control(*back).value_or("(none)") == text);
    }
}

BOOST_AUTO_TEST_CASE(controls_without_a_pgn_form_say_so) {
    BOOST_TEST(!format_pgn_time_control(yaml("{time: 10min, byoyomi: {periods: 1, time: 30s}}")));
    BOOST_TEST(!format_pgn_time_control(yaml("{time: 5min, delay: {kind: simple, time: 5s}}")));
    BOOST_TEST(!format_pgn_time_control(yaml("{time: 2s500ms}")));  // PGN counts whole seconds
}

BOOST_AUTO_TEST_CASE(errors_carry_the_line_and_column_of_the_node) {
    // Line 2 is "  periods: [{moves: 40, time: 90mn}]": "90" takes columns 31-32, so the unit expected
    // after it is missing at column 33, the "m" of "mn".
    Parsed<TimeControl> c = yaml_doc("tc:\n  periods: [{moves: 40, time: 90mn}]\n");
    BOOST_REQUIRE(!c);
    BOOST_TEST(c.error.line == 2);
    BOOST_TEST(c.error.column == 33);

    // "tc: {time: 5min, bogus: 1}": the unknown key starts at column 18.
    Parsed<TimeControl> k = yaml_doc("tc: {time: 5min, bogus: 1}");
    BOOST_REQUIRE(!k);
    BOOST_TEST(k.error.line == 1);
    BOOST_TEST(k.error.column == 18);

    // A quoted PGN form: the opening quote is column 5, so the "x" of "40/54x0" is column 11.
    Parsed<TimeControl> q = yaml_doc("tc: \"40/54x0\"");
    BOOST_REQUIRE(!q);
    BOOST_TEST(q.error.column == 11);
}

BOOST_AUTO_TEST_CASE(combinations_the_clock_cannot_run_are_refused) {
    BOOST_TEST(!yaml_doc("tc: {time: 5min, increment: 2s, delay: {kind: simple, time: 5s}}"));
    BOOST_TEST(!yaml_doc("tc: {time: 5min, byoyomi: {periods: 1, time: 30s}, canadian: {moves: 5, time: 1min}}"));
    BOOST_TEST(!yaml_doc("tc: {periods: [{moves: 40, time: 1h}, {time: 30min}], byoyomi: {periods: 1, time: 30s}}"));
    BOOST_TEST(!yaml_doc("tc: {time: 5min, increment: 1s, byoyomi: {periods: 1, time: 30s}}"));
    BOOST_TEST(!yaml_doc("tc: {hourglass: 1min, increment: 1s}"));
    BOOST_TEST(!yaml_doc("tc: {time: 5min, periods: [{time: 5min}]}"));
    BOOST_TEST(!yaml_doc("tc: {periods: [{time: 5min}, {moves: 40, time: 5min}]}"));
    BOOST_TEST(!yaml_doc("tc: {time: 5min, byoyomi: {periods: 0, time: 30s}}"));
    BOOST_TEST(!yaml_doc("tc: {time: 5min, delay: {kind: fischer, time: 5s}}"));
    BOOST_TEST(!yaml_doc("tc: {increment: 5s}"));
    BOOST_TEST(!yaml_doc("tc: {hourglass: 0s}"));
    BOOST_TEST(!parse_yaml_time_control(std::string_view("{time: [")));  // not YAML at all
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(categories_follow_the_caller_thresholds)

BOOST_AUTO_TEST_CASE(time_for_sixty_moves_adds_periods_begun_and_increments) {
    // 5400+30: 5 400 000 + 60 x 30 000 = 7 200 000.
    BOOST_TEST(time_for_moves(pgn("5400+30"), 60)->count() == 7'200'000);
    // 40/5400:1800: the second period begins after move 40, before move 60: 5 400 000 + 1 800 000.
    BOOST_TEST(time_for_moves(pgn("40/5400:1800"), 60)->count() == 7'200'000);
    // ... but not by move 40: 5 400 000 only.
    BOOST_TEST(time_for_moves(pgn("40/5400:1800"), 40)->count() == 5'400'000);
    // 40/7200:20/3600:900+30 at 60 moves: 7 200 000 + 3 600 000 (moves 41-60), the third period only after
    // move 60.
    BOOST_TEST(time_for_moves(pgn("40/7200:20/3600:900+30"), 60)->count() == 10'800'000);
    // At 61 moves: + 900 000 + one increment of 30 000 (move 61).
    BOOST_TEST(time_for_moves(pgn("40/7200:20/3600:900+30"), 61)->count() == 11'730'000);
    // A repeating last period: 20/3600 three times by move 60 (moves 1-20, 21-40, 41-60) = 10 800 000.
    BOOST_TEST(time_for_moves(pgn("20/3600"), 60)->count() == 10'800'000);
    BOOST_TEST(time_for_moves(pgn("*60"), 60)->count() == 60'000);
    BOOST_TEST(!time_for_moves(pgn("?"), 60));
    BOOST_TEST(!time_for_moves(pgn("-"), 60));
}

BOOST_AUTO_TEST_CASE(a_delay_counts_like_an_increment_only_where_asked) {
    // US Chess 5C: base minutes plus delay seconds, G/60 d5 = 65 minutes: 3 600 000 + 60 x 5 000 = 3 900 000.
    const TimeControl g60d5 = yaml("{time: 60min, delay: {kind: simple, time: 5s}}");
    BOOST_TEST(time_for_moves(g60d5, 60, true)->count() == 3'900'000);
    // Without the flag (FIDE's basis counts increments only) the delay adds nothing: 3 600 000.
    BOOST_TEST(time_for_moves(g60d5, 60)->count() == 3'600'000);
    // G/25 d5 is 30 minutes under 5C, inside a band from 30 minutes; without the delay it is 25 and outside.
    const std::vector<CategoryThreshold> bands{{"dual", Bound{Ms{1'800'000}, true}, Bound{Ms{3'900'000}, true}},
                                               {"quick", Bound{Ms{600'000}, false}, Bound{Ms{1'800'000}, false}}};
    const TimeControl g25d5 = yaml("{time: 25min, delay: {kind: simple, time: 5s}}");
    BOOST_TEST(category(g25d5, bands, 60, true).value_or("none") == "dual");
    BOOST_TEST(category(g25d5, bands, 60).value_or("none") == "quick");
}

BOOST_AUTO_TEST_CASE(the_first_matching_threshold_names_the_category) {
    // Illustrative thresholds written for this test (a rulebook supplies the real ones): blitz below
    // 15 min, rapid from 15 min up to but not including 60 min, standard from 60 min.
    const std::vector<CategoryThreshold> thresholds = {
        {"blitz", std::nullopt, Bound{15min, false}},
        {"rapid", Bound{15min, true}, Bound{60min, false}},
        {"standard", Bound{60min, true}, std::nullopt},
    };
    BOOST_TEST(category(pgn("180+2"), thresholds, 60).value() == "blitz");     // 180 000 + 120 000 = 5 min
    BOOST_TEST(category(pgn("300+3"), thresholds, 60).value() == "blitz");     // 300 000 + 180 000 = 8 min
    // 600 000 + 60 x 5 000 = 900 000 ms = 15 min exactly: blitz ends below it, rapid includes it.
    BOOST_TEST(category(pgn("600+5"), thresholds, 60).value() == "rapid");
    BOOST_TEST(category(pgn("599+5"), thresholds, 60).value() == "blitz");     // 14 min 59 s
    BOOST_TEST(category(pgn("900"), thresholds, 60).value() == "rapid");       // 15 min
    BOOST_TEST(category(pgn("3599"), thresholds, 60).value() == "rapid");      // 59 min 59 s
    BOOST_TEST(category(pgn("3600"), thresholds, 60).value() == "standard");   // 60 min
    BOOST_TEST(category(pgn("5400+30"), thresholds, 60).value() == "standard");
    BOOST_TEST(!category(pgn("?"), thresholds, 60));
    BOOST_TEST(!category(pgn("5400"), std::span<const CategoryThreshold>{}, 60));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace time_control_test
