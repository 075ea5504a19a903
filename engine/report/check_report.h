// Output of `arbiter check`: per timeline and rulebook, whether the ruling matched the timeline's `expect:` block
// and, when not, each difference; as text (English or Japanese labels) or as JSON.
#pragma once

#include "procedure/expectations.h"
#include "rulebook/text.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace arbiter::report {

// One timeline named on the command line: its checks, or why it could not be read.
struct TimelineCheck {
    std::string file;
    std::vector<procedure::ExpectationCheck> checks;  // empty: the timeline expects nothing (of --rulebook)
    std::string error;                                // non-empty: unreadable (file:line:column: message)
    bool passed() const;                              // readable, expects something, and every check passed
};

// "FILE: pass (fide-2009)", "FILE: FAIL (fide-2001)" with the differences indented under it, and a closing count.
std::string check_text(const std::vector<TimelineCheck>& timelines, rulebook::Lang lang);

// [{"file", "passed", "checks": [{"rulebook", "passed", "differences": [...]}], "error"?}, ...]
nlohmann::json check_json(const std::vector<TimelineCheck>& timelines);

}  // namespace arbiter::report
