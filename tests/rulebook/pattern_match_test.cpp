// The schema patterns' matcher (rulebook/pattern_match.h): the answers of ECMA-262 regular expressions, worked by
// hand for each case below and checked against std::regex (ECMAScript grammar) where both read the pattern; every
// pattern of the bundled schemas against strings of their shapes; refusals at their byte; and the backtracking case
// that std::regex takes exponential time on, answered by a linear matcher.
#include "rulebook/pattern_match.h"

#include <boost/test/unit_test.hpp>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace pattern_match_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::rulebook::Pattern;
using arbiter::rulebook::PatternError;

namespace {

struct Case {
    const char* pattern;
    const char* text;
    bool found;  // by hand: whether the pattern matches somewhere in the text
};

// Each answer reasoned from ECMA-262's rules (search: a match may start anywhere unless ^ anchors it).
const Case cases[] = {
    {"abc", "xxabcxx", true},          // a literal anywhere
    {"^abc", "xxabc", false},          // ^ only at the start
    {"abc$", "abcx", false},           // $ only at the end
    {"^$", "", true},                  // the empty text
    {"^$", "a", false},
    {"a.c", "a\nc", false},            // '.' is not a line terminator
    {"a.c", "a-c", true},
    {"^[a-z0-9][a-z0-9-]*$", "fide-2009", true},
    {"^[a-z0-9][a-z0-9-]*$", "-fide", false},   // the first character may not be '-'
    {"^[a-z0-9][a-z0-9-]*$", "Fide", false},    // no capitals
    {"^[^a-c]+$", "xyz", true},        // a negated class
    {"^[^a-c]+$", "xbz", false},
    {"^\\d{4}$", "2018", true},        // {n}: exactly n
    {"^\\d{4}$", "201", false},
    {"^\\d{2,3}$", "1234", false},     // {n,m}: at most m
    {"^\\d{2,}$", "1234", true},       // {n,}: at least n
    {"^\\w+$", "a_Z9", true},          // \w: letters, digits, '_'
    {"^\\w+$", "a-b", false},
    {"^\\s*x\\s*$", " \tx\r\n", true}, // \s: space, tab, CR, LF among others
    {"^\\S+$", "a b", false},
    {"^\\D$", "5", false},
    {"^(ab|cd)+$", "abcdab", true},    // alternation in a repeated group
    {"^(ab|cd)+$", "abc", false},
    {"^(?:a|b)?c$", "c", true},        // an optional non-capturing group
    {"^a+?$", "aaa", true},            // a lazy repeat finds the same matches
    {"^[\\-.]+$", "-.-", true},        // escapes inside a class
    {"^[a\\]]+$", "a]a", true},
    {"^[-a]$", "-", true},             // '-' first in a class is itself
    {"^a\\.b$", "a.b", true},          // an escaped '.' is a '.'
    {"^a\\.b$", "axb", false},
    {"\\.lua$", "hooks.lua", true},
    {"^\\x41$", "A", true},            // \xHH
    {"^(a*)*$", "aaaa", true},         // a repeat of a repeat that can be empty
    {"^(a*)*b$", "aaaa", false},
    {"^(a|a)+$", "aaaa", true},
    {"x{0}y", "y", true},              // a count of none
};

// The patterns of the bundled schemas, found in their JSON (every object's "pattern").
std::set<std::string> bundled_patterns() {
    std::set<std::string> out;
    for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(ARBITER_SOURCE_DIR) / "schemas")) {
        if (entry.path().extension() != ".json") continue;
        std::ifstream in(entry.path());
        const nlohmann::json schema = nlohmann::json::parse(in);
        std::vector<const nlohmann::json*> pending{&schema};
        while (!pending.empty()) {
            const nlohmann::json* node = pending.back();
            pending.pop_back();
            if (node->is_structured())
                for (const auto& item : *node) pending.push_back(&item);
            if (node->is_object() && node->contains("pattern") && (*node)["pattern"].is_string())
                out.insert((*node)["pattern"].get<std::string>());
        }
    }
    return out;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(pattern_match)

BOOST_AUTO_TEST_CASE(the_answers_worked_by_hand_and_std_regex_agree) {
    for (const Case& c : cases) {
        BOOST_TEST(Pattern(c.pattern).search(c.text) == c.found, c.pattern << " on '" << c.text << "'");
        BOOST_TEST(std::regex_search(c.text, std::regex(c.pattern)) == c.found, "std::regex: " << c.pattern);
    }
}

// Strings of the bundled fields' shapes (ids, dates, durations, clock times, letters, file names), each checked by
// every bundled pattern with both matchers: they must give the same answer on each.
BOOST_AUTO_TEST_CASE(every_bundled_schema_pattern_answers_as_std_regex_does) {
    const std::set<std::string> patterns = bundled_patterns();
    BOOST_TEST(patterns.size() >= 10u);  // ids, letters, dates, durations, clock times, the hooks file
    const std::vector<std::string> texts = {
        "", "a", "A", "Z", "ab", "chess", "fide-2009", "-x", "x-", "shogi_x", "a b", "2018", "2018-07", "2018-07-01",
        "2018-7-1", "201", "90min", "1h30min", "5s", "500ms", "1:30:00", "0:05", "1:30:00.250", "1:60:00", "1:30:00.", "h",
        "hooks.lua", "hooks.lu", "lua", "x.lua.txt", "ÉTÉ", "a\nb", "lose", "add_time", "Add"};
    for (const std::string& p : patterns) {
        const Pattern mine(p);
        const std::regex theirs(p);
        for (const std::string& t : texts) BOOST_TEST(mine.search(t) == std::regex_search(t, theirs), p << " on '" << t << "'");
    }
}

// What is outside the subset, or malformed, is refused at its byte (0-based).
BOOST_AUTO_TEST_CASE(a_pattern_outside_the_subset_is_refused_at_its_byte) {
    const std::pair<const char*, std::size_t> refused[] = {
        {"^(a)\\1$", 5},       // a backreference: the '1'
        {"^(?=a)", 2},         // lookahead: its '?'
        {"^(?<n>a)", 2},       // a named group: its '?'
        {"\\bword", 1},        // \b
        {"\\u0041", 1},        // \u
        {"(ab", 3},            // an unclosed group: at the end
        {"ab)", 2},            // a ')' closing nothing
        {"*a", 0},             // a repeat of nothing
        {"a**", 2},            // a repeat of a repeat
        {"[]", 1},             // an empty class
        {"[z-a]", 4},          // a backward range: after its end
        {"[\\d-z]", 3},        // a range from a class escape: the '-'
        {"a{2,1}", 6},         // m below n
        {"a{1001}", 6},        // a count above 1000
        {"^*", 2},             // a repeat of an anchor
        {"a\\", 2},            // a '\' at the end
    };
    for (const auto& [pattern, byte] : refused) {
        try {
            (void)Pattern(pattern);
            BOOST_ERROR(pattern << " was read");
        } catch (const PatternError& e) {
            BOOST_TEST(e.at == byte, pattern << ": " << e.what());
        }
    }
}

// Counted repeats are written out, so a program is bounded: 1,000 times 1,000 copies of a byte is refused.
BOOST_AUTO_TEST_CASE(a_pattern_whose_program_is_too_large_is_refused) {
    BOOST_CHECK_THROW(Pattern("(a{1000}){1000}"), PatternError);
    BOOST_TEST(Pattern("a{1000}").size() == 1001u);  // 1,000 byte steps and the match
}

// `^(a|a)+$` against forty letters a and a b: std::regex tries every way of choosing between the two a's for each
// letter (2^40) before failing; the matcher keeps each instruction once a byte. A text of 100,000 letters answers too.
BOOST_AUTO_TEST_CASE(a_backtracking_pattern_answers_in_linear_time) {
    const Pattern p("^(a|a)+$");
    BOOST_TEST(!p.search(std::string(40, 'a') + "b"));
    BOOST_TEST(p.search(std::string(40, 'a')));
    BOOST_TEST(!p.search(std::string(100000, 'a') + "b"));
    BOOST_TEST(!Pattern("^(a+)+$").search(std::string(100000, 'a') + "b"));
    BOOST_TEST(Pattern("(x+x+)+y").search(std::string(5000, 'x') + "y"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace pattern_match_test
