// `arbiter clock TIMECONTROL [--rulebook ID] [--format json]`: reads a time control in the PGN or the
// structured form, prints it back in both, the time for the first 60 moves and, under a rulebook, the
// category that rulebook's thresholds give. Without a rulebook no category is printed: the clock layer
// does not know any.
#include "cli/command.h"
#include "clock/input.h"
#include "clock/time_control.h"
#include "report/run_words.h"
#include "rulebook/category_basis.h"
#include "rulebook/paths.h"
#include "rulebook/rulebook.h"
#include "rulebook/warnings.h"
#include "report/json_stream.h"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::cli {

namespace {

using clock::Ms;
using clock::TimeControl;

constexpr int reference_moves = 60;  // the "60 moves" line (FIDE's basis; a rulebook states its own)

// What a rulebook says about a control's category.
struct CategoryAnswer {
    std::string rulebook;
    std::map<std::string, rulebook::Text, std::less<>> titles;  // each category's title (the rulebook is not kept)
    std::optional<int> basis_moves;       // the rulebook's move count for game time
    std::optional<Ms> game_time;          // time_for_moves under that basis
    std::optional<std::string> category;  // nullopt: none of the rulebook's categories applies
    std::string article;
    std::vector<std::string> candidates;  // categories the rulebook selects by game time
    std::string why_none;                 // when no category could be named, why
    std::string why_none_ja;              // the same in Japanese

    // A category's name in Japanese output: its title in the rulebook, else the general words.
    std::string words(const std::string& category) const {
        const auto it = titles.find(category);
        return report::category_words(category, it == titles.end() ? rulebook::Text{} : it->second, rulebook::Lang::ja);
    }
};

// Lower and upper bounds of a rulebook category as clock thresholds (the stricter one when a rulebook
// gives both forms of a bound).
clock::CategoryThreshold threshold_of(const rulebook::Category& category) {
    clock::CategoryThreshold t;
    t.name = category.name;
    const rulebook::GameTimeBounds& w = category.when;
    if (w.at_least) t.min = clock::Bound{*w.at_least, true};
    if (w.over && (!t.min || *w.over >= t.min->value)) t.min = clock::Bound{*w.over, false};
    if (w.at_most) t.max = clock::Bound{*w.at_most, true};
    if (w.under && (!t.max || *w.under <= t.max->value)) t.max = clock::Bound{*w.under, false};
    return t;
}

bool selects_by_time(const rulebook::Category& c) { return c.when.over || c.when.at_least || c.when.under || c.when.at_most; }

CategoryAnswer categorise(const TimeControl& control, const rulebook::Rulebook& book) {
    CategoryAnswer answer;
    answer.rulebook = book.id;
    answer.basis_moves = rulebook::category_basis_moves(book);
    std::vector<clock::CategoryThreshold> thresholds;
    for (const auto& [name, category] : book.categories) {
        answer.titles[name] = category.title;
        if (!selects_by_time(category)) continue;
        thresholds.push_back(threshold_of(category));
        answer.candidates.push_back(name);
    }
    if (!control.is_timed()) {
        answer.why_none = "the time control is unknown or none";
        answer.why_none_ja = "持ち時間が不明、またはない";
        return answer;
    }
    if (thresholds.empty()) {
        answer.why_none = "the rulebook selects no category by time";
        answer.why_none_ja = "この規則集は時間で区分を選ばない";
        return answer;
    }
    bool has_increment = control.kind == TimeControl::Kind::periods &&
                         std::any_of(control.periods.begin(), control.periods.end(),
                                     [](const clock::Period& p) { return p.increment > Ms{0}; });
    bool has_periods = control.kind == TimeControl::Kind::periods && control.periods.size() > 1;
    if (!answer.basis_moves && (has_increment || has_periods)) {
        answer.why_none = "the rulebook gives no move count for the game time of a control with increments or periods";
        answer.why_none_ja = "加算や複数の区分がある持ち時間について、対局時間を数える手数を規則集が定めていない";
        return answer;
    }
    int moves = answer.basis_moves.value_or(0);
    answer.game_time = clock::time_for_moves(control, moves, book.category_basis_delay);
    answer.category = clock::category(control, thresholds, moves, book.category_basis_delay);
    if (answer.category) {
        answer.article = book.categories.find(*answer.category)->second.article;
    } else {
        answer.why_none = "none of the rulebook's categories by time applies";
        answer.why_none_ja = "規則集の時間による区分のどれにも当たらない";
    }
    return answer;
}

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
    std::string lang = "en";
};

// The text output in Japanese (clock --lang ja): the labels, the durations and the category in words; the two forms
// of the time control stay as they are written.
void print_ja(const std::optional<std::string>& pgn, const std::string& structured, const std::optional<Ms>& sixty,
              const std::optional<CategoryAnswer>& answer) {
    using rulebook::Lang;
    std::cout << "PGN形式     " << pgn.value_or("（なし：ディレイ、秒読み、カナダ式、または1秒未満の端数）") << '\n';
    std::cout << "構造化形式  " << structured << '\n';
    std::cout << "60手        "
              << (sixty ? report::duration_words(sixty->count(), Lang::ja) + "（最初の60手までの持ち時間と加算時間）"
                        : std::string("（時間制限なし）"))
              << '\n';
    std::cout << "区分        ";
    if (!answer) {
        std::cout << "（--rulebook ID を指定：区分は規則集が定めるもので、時計が決めるものではない）\n";
        return;
    }
    if (answer->category) {
        std::cout << answer->words(*answer->category) << "（" << answer->rulebook;
        if (!answer->article.empty()) std::cout << ' ' << answer->article;
        std::cout << "、対局時間 " << report::duration_words(answer->game_time->count(), Lang::ja);
        if (answer->basis_moves) std::cout << "（" << *answer->basis_moves << "手）";
        std::cout << "）\n";
        return;
    }
    std::cout << answer->rulebook << " では区分なし：" << answer->why_none_ja;
    if (!answer->candidates.empty()) {
        std::cout << "（時間による区分：";
        for (std::size_t i = 0; i < answer->candidates.size(); ++i)
            std::cout << (i ? "、" : "") << answer->words(answer->candidates[i]);
        std::cout << "）";
    }
    std::cout << '\n';
}

int run(const Options& options, const GlobalOptions& global) {
    const TimeControl control = clock::time_control_from_text(options.time_control, "<time control>");
    const bool ja = rulebook::warnings_lang() == rulebook::Lang::ja;
    if (options.time_control.find('{') == std::string::npos) {  // the PGN form, which counts seconds
        if (const auto hint = clock::short_main_time_hint(control, ja)) {
            if (ja) spdlog::warn("警告: 持ち時間 \"{}\"：{}", options.time_control, *hint);
            else spdlog::warn("time control \"{}\": {}", options.time_control, *hint);
        }
    }
    const std::optional<std::string> pgn = clock::format_pgn_time_control(control);
    const std::string structured = clock::format_yaml_time_control(control);
    const std::optional<Ms> sixty = clock::time_for_moves(control, reference_moves);

    std::optional<CategoryAnswer> answer;
    if (!options.rulebook.empty()) {
        const rulebook::Library library = rulebook::Library::open(rulebook::rulesets_dir(global.rulesets_dir));
        const rulebook::Rulebook* book = library.find(options.rulebook);
        if (!book) {
            // A rulebook whose file failed to load is kept out of the library: say why.
            if (const InputError* failed = library.failure(options.rulebook)) {
                std::cerr << "arbiter: clock: rulebook \"" << options.rulebook << "\" could not be loaded: "
                          << failed->what() << '\n';
                return 2;
            }
            for (const InputError& problem : library.problems()) {
                if (std::filesystem::path(problem.where().file).stem() == options.rulebook) {
                    std::cerr << "arbiter: clock: rulebook \"" << options.rulebook << "\" could not be loaded: "
                              << problem.what() << '\n';
                    return 2;
                }
            }
            std::string known;
            for (const std::string& id : library.ids()) known += (known.empty() ? "" : ", ") + id;
            std::cerr << "arbiter: clock: unknown rulebook \"" << options.rulebook << "\" (known: " << known << ")\n";
            return 2;
        }
        answer = categorise(control, *book);
    }

    if (options.format == "json") {
        nlohmann::json out;
        out["input"] = options.time_control;
        out["pgn"] = or_null(pgn);
        out["structured"] = structured;
        out["control"] = control_json(control);
        out["time_for_60_moves_ms"] = sixty ? nlohmann::json(sixty->count()) : nlohmann::json();
        if (answer) {
            out["rulebook"] = answer->rulebook;
            out["category"] = or_null(answer->category);
            out["category_article"] = answer->category ? nlohmann::json(answer->article) : nlohmann::json();
            out["category_basis_moves"] = or_null(answer->basis_moves);
            out["game_time_ms"] = answer->game_time ? nlohmann::json(answer->game_time->count()) : nlohmann::json();
            out["categories_by_time"] = answer->candidates;
            out["category_note"] = answer->category ? nlohmann::json() : nlohmann::json(answer->why_none);
        } else {
            out["rulebook"] = nullptr;
            out["category"] = nullptr;
        }
        std::cout << report::json_stream::dump(out, 2) << '\n';
        return 0;
    }

    if (options.lang == "ja") {
        print_ja(pgn, structured, sixty, answer);
        return 0;
    }
    std::cout << "pgn          " << pgn.value_or("(none: delay, byoyomi, Canadian or fractions of a second)") << '\n';
    std::cout << "structured   " << structured << '\n';
    std::cout << "60 moves     "
              << (sixty ? clock::format_duration(*sixty) + " (main time and increments for the first 60 moves)"
                        : std::string("(untimed)"))
              << '\n';
    if (!answer) {
        std::cout << "category     (give --rulebook ID: categories are a rulebook's, not the clock's)\n";
        return 0;
    }
    std::cout << "category     ";
    if (answer->category) {
        std::cout << *answer->category << " (" << answer->rulebook;
        if (!answer->article.empty()) std::cout << ' ' << answer->article;
        std::cout << "; game time " << clock::format_duration(*answer->game_time);
        if (answer->basis_moves) std::cout << " for " << *answer->basis_moves << " moves";
        std::cout << ")\n";
    } else {
        std::cout << "none under " << answer->rulebook << ": " << answer->why_none;
        if (!answer->candidates.empty()) {
            std::cout << " (by time:";
            for (const std::string& name : answer->candidates) std::cout << ' ' << name;
            std::cout << ')';
        }
        std::cout << '\n';
    }
    return 0;
}

}  // namespace

Command clock_command() {
    return {"clock", "Read a time control, print it in both forms and its category under a rulebook",
            "TIMECONTROL is a PGN TimeControl value (5400+30, 40/5400:1800, *60, ?, -) or the structured form\n"
            "in braces ({time: 10min, byoyomi: {periods: 1, time: 30s}}). Prints the PGN and structured forms,\n"
            "the time for the first 60 moves and, with --rulebook, the category the rulebook's game-time bounds\n"
            "select (base time plus the rulebook's number of moves times the increment). Without a rulebook no\n"
            "category is printed.",
            [](CLI::App& app, const GlobalOptions& global) {
                auto options = std::make_shared<Options>();
                app.add_option("TIMECONTROL", options->time_control, "PGN TimeControl value or {structured form}")
                    ->required();
                app.add_option("--rulebook", options->rulebook, "Name the category under this rulebook (an id)")
                    ->check(NonEmpty);
                app.add_option("--lang", options->lang, "Language of the text output")->check(CLI::IsMember({"en", "ja"}));
                app.add_option("--format", options->format, "Output format")
                    ->check(CLI::IsMember({"text", "json"}));
                return std::function<int()>([options, &global] { return run(*options, global); });
            }};
}

}  // namespace arbiter::cli
