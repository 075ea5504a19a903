// `arbiter clock TIMECONTROL [--rulebook ID] [--format json]`: reads a time control in the PGN or the
// structured form, prints it back in both and the time for the first 60 moves. The category belongs to
// a rulebook (its thresholds and move count); until the rulebook layer offers them to this command,
// --rulebook is accepted and refused with exit 2, and no category is ever printed.
#include "cli/command.h"
#include "clock/input.h"
#include "clock/time_control.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::cli {

namespace {

using clock::Ms;
using clock::TimeControl;

constexpr int reference_moves = 60;  // the "60 moves" line (FIDE's basis; a rulebook states its own)

nlohmann::json control_json(const TimeControl& c) {
    static const char* kinds[] = {"unknown", "none", "periods", "hourglass"};
    nlohmann::json out;
    out["kind"] = kinds[static_cast<int>(c.kind)];
    nlohmann::json periods = nlohmann::json::array();
    for (const clock::Period& p : c.periods) {
        periods.push_back({{"moves", p.moves}, {"time_ms", p.time.count()}, {"increment_ms", p.increment.count()}});
    }
    out["periods"] = periods;
    out["hourglass_ms"] = c.kind == TimeControl::Kind::hourglass ? nlohmann::json(c.hourglass.count()) : nlohmann::json();
    out["delay"] = c.delay ? nlohmann::json{{"kind", c.delay->kind == clock::DelayKind::bronstein ? "bronstein" : "simple"},
                                           {"time_ms", c.delay->time.count()}}
                           : nlohmann::json();
    out["byoyomi"] = c.byoyomi ? nlohmann::json{{"periods", c.byoyomi->periods}, {"time_ms", c.byoyomi->time.count()}}
                               : nlohmann::json();
    out["canadian"] = c.canadian ? nlohmann::json{{"moves", c.canadian->moves}, {"time_ms", c.canadian->time.count()}}
                                 : nlohmann::json();
    return out;
}

template <class T>
nlohmann::json or_null(const std::optional<T>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json();
}

struct Options {
    std::string time_control;
    std::string rulebook;
    std::string format = "text";
};

int run(const Options& options, const GlobalOptions&) {
    const TimeControl control = clock::time_control_from_text(options.time_control, "<time control>");
    const std::optional<std::string> pgn = clock::format_pgn_time_control(control);
    const std::string structured = clock::format_yaml_time_control(control);
    const std::optional<Ms> sixty = clock::time_for_moves(control, reference_moves);

    if (!options.rulebook.empty()) {
        std::cerr << "arbiter: clock: --rulebook " << options.rulebook
                  << ": naming a category under a rulebook is not available yet (no category printed)\n";
        return 2;
    }

    if (options.format == "json") {
        nlohmann::json out;
        out["input"] = options.time_control;
        out["pgn"] = or_null(pgn);
        out["structured"] = structured;
        out["control"] = control_json(control);
        out["time_for_60_moves_ms"] = sixty ? nlohmann::json(sixty->count()) : nlohmann::json();
        out["rulebook"] = nullptr;
        out["category"] = nullptr;
        std::cout << out.dump(2) << '\n';
        return 0;
    }

    std::cout << "pgn          " << pgn.value_or("(none: delay, byoyomi, Canadian or fractions of a second)") << '\n';
    std::cout << "structured   " << structured << '\n';
    std::cout << "60 moves     "
              << (sixty ? clock::format_duration(*sixty) + " (main time and increments for the first 60 moves)"
                        : std::string("(untimed)"))
              << '\n';
    std::cout << "category     (not printed: categories are a rulebook's, and --rulebook is not available yet)\n";
    return 0;
}

}  // namespace

Command clock_command() {
    return {"clock", "Read a time control and print it in the PGN and structured forms",
            "TIMECONTROL is a PGN TimeControl value (5400+30, 40/5400:1800, *60, ?, -) or the structured form\n"
            "in braces ({time: 10min, byoyomi: {periods: 1, time: 30s}}). Prints the PGN and structured forms\n"
            "and the time for the first 60 moves. Categories belong to rulebooks: --rulebook is accepted but not\n"
            "available yet (exit 2); no category is printed without one.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto options = std::make_shared<Options>();
                app.add_option("TIMECONTROL", options->time_control, "PGN TimeControl value or {structured form}")
                    ->required();
                app.add_option("--rulebook", options->rulebook, "Name the category under this rulebook (an id)");
                app.add_option("--format", options->format, "Output format")
                    ->check(CLI::IsMember({"text", "json"}));
                return std::function<int()>([options, &global] { return run(*options, global); });
            }};
}

}  // namespace arbiter::cli
