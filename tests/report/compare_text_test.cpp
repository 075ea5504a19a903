// `compare --format text|md` written a row at a time (report::write_compare_text) against the whole table built
// here as it was before: every row made first, then TextTable::render over all of them (the widths need every
// row), or the Markdown lines. The rows are made twice now, measured and then written, and a run's rulings are
// taken from where the previous row stopped; a row measured but written differently, a width taken from the rows
// seen so far, or a ruling given to the wrong row would change these bytes.
#include "report/compare_report.h"

#include "clock/duration.h"
#include "core/markdown_text.h"
#include "report/compare_rows.h"
#include "report/ruling_text.h"
#include "report/text_table.h"

#include <boost/test/unit_test.hpp>

#include <sstream>

namespace compare_text_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using rulebook::Lang;

namespace {

procedure::Timeline timeline_of(int entries) {
    procedure::Timeline t;
    t.name = "streamed";
    t.file = "t.yaml";
    for (int i = 0; i < entries; ++i) {
        procedure::Entry e;
        e.at = clock::Ms(1000 * i);
        e.action = "move";
        e.value = YAML::Node(i % 2 ? "Nf6" : "Nf3");
        e.text = e.value.Scalar();
        t.entries.push_back(e);
    }
    return t;
}

procedure::Ruling ruling(int entry, std::string topic, std::string article) {
    procedure::Ruling r;
    r.entry = entry;
    r.topic = std::move(topic);
    r.article = std::move(article);
    return r;
}

// Run "a" rules on entries 0, 3 and 5, "b" on 3 (twice) and 7: its rulings given out of entry order, as a run
// that rules on an entry again later may list them. The last row's cell is long enough to wrap in its column.
std::vector<procedure::Run> runs() {
    procedure::Run a, b;
    a.rulebook = "a";
    b.rulebook = "b-with-a-longer-id";
    for (auto* run : {&a, &b}) run->sides = {"white", "black"};
    a.rulings = {ruling(0, "touch.piece", "4.3"), ruling(3, "move.illegal", "7.5"), ruling(5, "claim.draw", "9.2")};
    b.rulings = {ruling(7, "clock.flag_fall_and_a_topic_name_long_enough_to_wrap_in_its_column", "6.9"),
                 ruling(3, "move.illegal", "7.4.1"), ruling(3, "move.illegal_second", "7.4.2")};
    b.clocks = {clock::Ms(60'000), clock::Ms(0)};
    return {a, b};
}

// The table as compare_report.cpp built it whole: header, a row per entry any run rules on, clocks (b's differ: '*'),
// results (alike).
std::vector<std::vector<std::string>> whole_rows(const procedure::Timeline& t, const std::vector<procedure::Run>& r,
                                                 Lang lang) {
    // Cells by hand: a's and b's rulings on each entry, in each run's order.
    const std::vector<std::pair<int, std::vector<std::string>>> cells = {
        {0, {"touch.piece 4.3", "-"}},
        {3, {"move.illegal 7.5", "move.illegal 7.4.1 / move.illegal_second 7.4.2"}},
        {5, {"claim.draw 9.2", "-"}},
        {7, {"-", "clock.flag_fall_and_a_topic_name_long_enough_to_wrap_in_its_column 6.9"}}};
    std::vector<std::vector<std::string>> rows;
    rows.push_back({"", "at", "entry", "a", "b-with-a-longer-id"});
    for (const auto& [entry, two] : cells) {
        const auto& e = t.entries[std::size_t(entry)];
        // Marked: the runs' topics differ on every row (on 3, one ruling against two).
        rows.push_back({"*", clock::format_clock(e.at), report::describe_entry(e, lang), two[0], two[1]});
    }
    using report::detail::final_clocks, report::detail::final_result;
    rows.push_back({"*", "", "clocks", final_clocks(r[0], lang), final_clocks(r[1], lang)});
    rows.push_back({"", "", "result", final_result(r[0], lang), final_result(r[1], lang)});
    return rows;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(compare_text_is_written_a_row_at_a_time)

BOOST_AUTO_TEST_CASE(a_table_written_a_row_at_a_time_is_the_whole_tables_render) {
    const std::vector<std::vector<std::string>> rows = {
        {"", "at", "entry"}, {"*", "0:00:01", "将棋の駒を動かした（反則）とても長い説明の文章"},
        {"", "1:00:00", "a\nnewline\tand tab", "\x1b[31mred"}, {"x"}};
    report::TextTable whole(rows[0]);
    for (std::size_t i = 1; i < rows.size(); ++i) whole.add_row(rows[i]);
    for (const int max_column : {8, 16, 60}) {
        std::vector<int> widths;
        for (const auto& row : rows) report::TextTable::widen(widths, report::TextTable::safe(row), max_column);
        std::string streamed = report::TextTable::render_row(report::TextTable::safe(rows[0]), widths) +
                               report::TextTable::rule(widths);
        for (std::size_t i = 1; i < rows.size(); ++i)
            streamed += report::TextTable::render_row(report::TextTable::safe(rows[i]), widths);
        BOOST_TEST(streamed == whole.render(max_column));
    }
}

BOOST_AUTO_TEST_CASE(the_text_table_is_the_whole_tables_render) {
    const auto t = timeline_of(8);
    const auto r = runs();
    const auto rows = whole_rows(t, r, Lang::en);
    report::TextTable table(rows[0]);
    for (std::size_t i = 1; i < rows.size(); ++i) table.add_row(rows[i]);
    // compare_report.cpp's column width for two rulebooks: (120 - 2 - 9 - 22 - 2 * (3 + 2)) / 2 = 38.
    const std::string expected = "streamed\n\n" + table.render(38) + "\n* the rulebooks rule differently\n";
    BOOST_TEST(report::compare_text(t, r, Lang::en) == expected);
    std::ostringstream out;
    report::write_compare_text(out, t, r, Lang::en);
    BOOST_TEST(out.str() == expected);
}

BOOST_AUTO_TEST_CASE(the_markdown_table_is_every_row_in_turn) {
    const auto t = timeline_of(8);
    const auto r = runs();
    const auto rows = whole_rows(t, r, Lang::en);
    std::string expected = "## streamed\n\n";
    auto line = [&expected](const std::vector<std::string>& cells) {
        for (const auto& c : cells) expected += "| " + core::md_escape(c) + " ";
        expected += "|\n";
    };
    line(rows[0]);
    expected += "|---|---|---|---|---|\n";
    for (std::size_t i = 1; i < rows.size(); ++i) line(rows[i]);
    expected += "\n* the rulebooks rule differently\n";
    BOOST_TEST(report::compare_text(t, r, Lang::en, true) == expected);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace compare_text_test
