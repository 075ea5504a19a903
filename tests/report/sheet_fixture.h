// Shared by the event-sheet tests (sheet_test.cpp, sheet_fit_test.cpp): the bundled rulebooks and the sheet of a
// test event in tests/data/events, whose settings must check out.
#pragma once

#include "report/sheet_event.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>

namespace arbiter::test {

inline const rulebook::Library& bundled() {
    static const rulebook::Library library = rulebook::Library::open(std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets");
    return library;
}

inline report::Sheet sheet_of(const std::string& file, rulebook::Lang lang) {
    using namespace arbiter::rulebook;
    const Event event = load_event(std::filesystem::path(ARBITER_SOURCE_DIR) / "tests/data/events" / file);
    const Rulebook& book = event_rulebook(event, bundled());
    const EventCheck check = check_event_settings(event, book, bundled().registry());
    BOOST_REQUIRE(check.ok());
    return report::event_sheet(event, book, check, bundled().registry(), lang);
}

inline bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace arbiter::test
