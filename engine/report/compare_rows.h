// The rows `arbiter compare` shows in every format (report/compare_report.h): one per timeline entry that at least
// one rulebook rules on, with each run's rulings on it. Internal to the report layer: compare_report.cpp writes
// them as text, Markdown and JSON, compare_html.cpp as a page.
#pragma once

#include "procedure/procedure.h"
#include "rulebook/rulebook.h"
#include "rulebook/text.h"

#include <cstddef>
#include <string>
#include <vector>

namespace arbiter::report::detail {

struct CompareRow {
    int entry = -1;
    std::vector<std::vector<const procedure::Ruling*>> rulings;  // per run, in the run's order
    std::vector<std::string> cells;                              // per run: "topic article: effects / ..." or "-"
    bool differs = false;  // the runs rule differently here (topics or effects; article numbers alone do not count)
};

// The rows of `runs`, in timeline order, made one at a time by next(): every format writes a row and lets it go, so
// a long timeline's rows are never held together. The pointers point into `runs`, which must outlive the cursor.
class CompareRows {
public:
    CompareRows(const std::vector<procedure::Run>& runs, rulebook::Lang lang,
                const rulebook::Registry* registry = nullptr);
    std::size_t size() const { return entries_.size(); }
    // Makes the next row into `row`; false after the last.
    bool next(CompareRow& row);

private:
    const std::vector<procedure::Run>& runs_;
    rulebook::Lang lang_;
    const rulebook::Registry* registry_;
    std::vector<int> entries_;                      // the entries any run rules on, ascending
    std::vector<std::vector<std::size_t>> order_;   // per run: its rulings' indices by entry (stable)
    std::vector<std::size_t> at_;                   // per run: how far into order_ the rows have come
    std::size_t row_ = 0;
};

// A ruling's applied effects in words, joined by "; ".
std::string ruling_effects(const procedure::Ruling& ruling, rulebook::Lang lang, const rulebook::Registry* registry = nullptr);

// "white 1:29:50, black 0:45:10".
std::string final_clocks(const procedure::Run& run, rulebook::Lang lang = rulebook::Lang::en,
                         const rulebook::Registry* registry = nullptr);

// The result in words, then any decision still pending with its options.
std::string final_result(const procedure::Run& run, rulebook::Lang lang, const rulebook::Registry* registry = nullptr);
// What a run's result changes for the players: its status, score and rating, and what waits for the arbiter. Two
// results with the same key differ at most in the article cited (6.9 in one edition, 6.10 in another), which is
// no difference to mark.
std::string result_key(const procedure::Run& run);

}  // namespace arbiter::report::detail
