// `arbiter check TIMELINE... [--rulebook ID] [--format text|json] [--lang en|ja]`: runs each timeline's `expect:`
// blocks (docs/TIMELINES.md "Expectations") and reports pass or fail per timeline and rulebook with the differences,
// so that a federation can test its own rulebook without C++ or the test suite. The comparison is the fixture
// test's (procedure::check_expectations).
#include "cli/command.h"
#include "cli/rulebook_list.h"
#include "cli/safe_stderr.h"
#include "rulebook/suggest.h"
#include "core/error.h"
#include "procedure/expectations.h"
#include "report/check_report.h"
#include "rulebook/paths.h"
#include "report/json_stream.h"

#include <iostream>
#include <memory>

namespace arbiter::cli {

Command check_command() {
    return {"check", "Check timelines' expect: blocks against the rulings",
            "Rules each TIMELINE under every rulebook its `expect:` block names (or only --rulebook) and compares\n"
            "result, clocks, rulings (in order; others may come between) and pending decisions, at the end and after\n"
            "entries with their own `expect:` (docs/TIMELINES.md). Prints `FILE: pass (RULEBOOK)` or\n"
            "`FILE: FAIL (RULEBOOK)` with each difference below it. A timeline that expects nothing (of --rulebook)\n"
            "fails, since nothing was checked. Exit 0 if every timeline passes, 1 if any fails, 2 if any cannot be\n"
            "read (its error is named file:line:column) or --rulebook names no rulebook.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto files = std::make_shared<std::vector<std::string>>();
                auto book_id = std::make_shared<std::string>();
                auto lang = std::make_shared<std::string>("en");
                auto format = std::make_shared<std::string>("text");
                app.add_option("TIMELINE", *files, "Timeline files (YAML) with expect: blocks")->required();
                app.add_option("--rulebook", *book_id, "Check only this rulebook's expect: block")->check(NonEmpty);
                app.add_option("--lang", *lang, "Language of labels")->check(CLI::IsMember({"en", "ja"}));
                app.add_option("--format", *format, "Output format")->check(CLI::IsMember({"text", "json"}));
                return std::function<int()>([&global, files, book_id, lang, format] {
                    const auto library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
                    if (!book_id->empty() && !library.find(*book_id)) {
                        print_missing_rulebook("check", *book_id, library);
                        return 2;
                    }
                    procedure::RunOptions options;
                    options.keep_snapshots = true;  // per-entry expectations compare the state right after the entry
                    procedure::Runner runner(library, options);
                    std::vector<report::TimelineCheck> timelines;
                    bool unreadable = false;
                    for (const auto& file : *files) {
                        report::TimelineCheck t{file, {}, {}};
                        try {
                            t.checks = procedure::check_expectations(file, library, runner, *book_id);
                        } catch (const InputError& e) {
                            t.error = e.what();
                            unreadable = true;
                        }
                        timelines.push_back(std::move(t));
                    }
                    if (*format == "json")
                        std::cout << report::json_stream::dump(report::check_json(timelines), 2) << '\n';
                    else {  // file names and messages quote data: a name holding ESC reached the terminal as it was
                        const TerminalSafeStdout safe_text;
                        const auto l = *lang == "ja" ? rulebook::Lang::ja : rulebook::Lang::en;
                        std::cout << report::check_text(timelines, l);
                    }
                    if (unreadable) return 2;
                    for (const auto& t : timelines)
                        if (!t.passed()) return 1;
                    return 0;
                });
            }};
}

}  // namespace arbiter::cli
