#include "clock/time_control.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdint>

namespace arbiter::clock {

namespace {

constexpr std::int64_t max_seconds = max_duration.count() / 1000;
constexpr int max_moves = 100'000;

}  // namespace

std::optional<std::string> check(const TimeControl& c) {
    using Kind = TimeControl::Kind;
    bool overtime = c.byoyomi || c.canadian;
    if (c.kind != Kind::periods && !c.periods.empty()) return "periods are given but the control is not made of periods";
    if (c.kind != Kind::hourglass && c.hourglass != Ms{0}) return "an hourglass time is given but the control is not an hourglass";
    if (!c.is_timed() && (c.delay || overtime)) return "an untimed control cannot have delay or overtime";
    if (c.kind == Kind::hourglass) {
        if (c.hourglass <= Ms{0} || c.hourglass > max_duration) return "hourglass time must be positive";
        if (c.delay || overtime) return "an hourglass cannot be combined with delay, byoyomi or canadian";
        return std::nullopt;
    }
    if (c.kind != Kind::periods) return std::nullopt;
    if (c.periods.empty()) return "at least one period is required";
    bool any_increment = false;
    for (std::size_t i = 0; i < c.periods.size(); ++i) {
        const Period& p = c.periods[i];
        if (p.moves < 0 || p.moves > max_moves) return "moves must be between 1 and 100000";
        if (p.moves == 0 && i + 1 != c.periods.size()) {
            return "only the last period can be without a move count";
        }
        if (p.time < Ms{0} || p.time > max_duration) return "period time must be between 0 and 1000000h";
        if (p.increment < Ms{0} || p.increment > max_duration) return "increment must be between 0 and 1000000h";
        any_increment = any_increment || p.increment > Ms{0};
    }
    if (c.delay) {
        if (c.delay->time <= Ms{0} || c.delay->time > max_duration) return "delay time must be positive";
        if (any_increment) return "delay and increment cannot be combined";
    }
    if (c.byoyomi && c.canadian) return "byoyomi and canadian cannot be combined";
    if (overtime) {
        if (c.periods.size() != 1 || c.periods[0].moves != 0) {
            return "byoyomi and canadian need a single period without a move count";
        }
        if (any_increment || c.delay) return "byoyomi and canadian cannot be combined with increment or delay";
    }
    if (c.byoyomi) {
        if (c.byoyomi->periods < 1 || c.byoyomi->periods > max_moves) return "byoyomi periods must be at least 1";
        if (c.byoyomi->time <= Ms{0} || c.byoyomi->time > max_duration) return "byoyomi time must be positive";
    }
    if (c.canadian) {
        if (c.canadian->moves < 1 || c.canadian->moves > max_moves) return "canadian moves must be at least 1";
        if (c.canadian->time <= Ms{0} || c.canadian->time > max_duration) return "canadian time must be positive";
    }
    return std::nullopt;
}

// ---- PGN form ---------------------------------------------------------------------------------------

namespace {

Parsed<TimeControl> pgn_fail(std::size_t index, std::string message) {
    return {std::nullopt, {0, static_cast<int>(index) + 1, std::move(message)}};
}

// Reads a whole number at text[i...] into `out` (at most `limit`); returns an error message or "".
std::string read_whole(std::string_view text, std::size_t& i, std::int64_t limit, std::int64_t& out) {
    if (i >= text.size() || !is_digit(text[i])) return "expected digits";
    std::int64_t value = 0;
    while (i < text.size() && is_digit(text[i])) {
        value = value * 10 + (text[i] - '0');
        if (value > limit) return "number too large";
        ++i;
    }
    out = value;
    return "";
}

std::string describe(char c) { return std::string("unexpected '") + c + "'"; }

}  // namespace

Parsed<TimeControl> parse_pgn_time_control(std::string_view text) {
    TimeControl control;
    if (text.empty()) return pgn_fail(0, "expected a time control (?, -, 5400, 5400+30, 40/5400 or *60)");
    if (text[0] == '?' || text[0] == '-') {
        if (text.size() > 1) return pgn_fail(1, describe(text[1]) + "; '?' and '-' stand alone");
        control.kind = text[0] == '?' ? TimeControl::Kind::unknown : TimeControl::Kind::none;
        return {control, {}};
    }
    std::size_t i = 0;
    std::int64_t number = 0;
    if (text[0] == '*') {
        i = 1;
        std::size_t at = i;
        if (auto e = read_whole(text, i, max_seconds, number); !e.empty()) return pgn_fail(i, e);
        if (number == 0) return pgn_fail(at, "hourglass seconds must be positive");
        if (i != text.size()) return pgn_fail(i, describe(text[i]) + "; an hourglass (*seconds) stands alone");
        control.kind = TimeControl::Kind::hourglass;
        control.hourglass = Ms{number * 1000};
        return {control, {}};
    }
    control.kind = TimeControl::Kind::periods;
    while (true) {
        Period period;
        std::size_t at = i;
        if (i < text.size() && (text[i] == '?' || text[i] == '-' || text[i] == '*')) {
            return pgn_fail(i, describe(text[i]) + "; '?', '-' and '*seconds' cannot be part of a sequence");
        }
        if (auto e = read_whole(text, i, max_seconds, number); !e.empty()) return pgn_fail(i, e);
        if (i < text.size() && text[i] == '/') {
            if (number < 1 || number > max_moves) return pgn_fail(at, "moves must be between 1 and 100000");
            period.moves = static_cast<int>(number);
            ++i;
            if (auto e = read_whole(text, i, max_seconds, number); !e.empty()) return pgn_fail(i, e);
        }
        period.time = Ms{number * 1000};
        bool saw_plus = false;
        if (i < text.size() && text[i] == '+') {
            saw_plus = true;
            ++i;
            if (auto e = read_whole(text, i, max_seconds, number); !e.empty()) return pgn_fail(i, e);
            period.increment = Ms{number * 1000};
        }
        control.periods.push_back(period);
        if (i == text.size()) break;
        if (text[i] != ':') {
            std::string expected = saw_plus ? "':' or the end"
                                   : period.moves > 0 ? "'+', ':' or the end"
                                                      : "'/', '+', ':' or the end";
            return pgn_fail(i, describe(text[i]) + "; expected digits, " + expected);
        }
        if (period.moves == 0) return pgn_fail(i, "a period without a move count must be the last");
        ++i;
    }
    if (auto problem = check(control)) return pgn_fail(0, *problem);
    return {control, {}};
}

std::optional<std::string> format_pgn_time_control(const TimeControl& c) {
    switch (c.kind) {
    case TimeControl::Kind::unknown: return "?";
    case TimeControl::Kind::none: return "-";
    case TimeControl::Kind::hourglass:
        if (c.hourglass.count() % 1000 != 0) return std::nullopt;
        return "*" + std::to_string(c.hourglass.count() / 1000);
    case TimeControl::Kind::periods: break;
    }
    if (c.delay || c.byoyomi || c.canadian) return std::nullopt;
    std::string out;
    for (const Period& p : c.periods) {
        if (p.time.count() % 1000 != 0 || p.increment.count() % 1000 != 0) return std::nullopt;
        if (!out.empty()) out += ':';
        if (p.moves > 0) out += std::to_string(p.moves) + '/';
        out += std::to_string(p.time.count() / 1000);
        if (p.increment > Ms{0}) out += '+' + std::to_string(p.increment.count() / 1000);
    }
    return out;
}

// ---- structured (YAML) form -------------------------------------------------------------------------

namespace {

struct YamlFail {
    ParseError error;
};

ParseError at_node(const YAML::Node& node, std::string message, int column_offset = 0) {
    const YAML::Mark mark = node.Mark();
    ParseError e;
    e.message = std::move(message);
    if (mark.line >= 0) e.line = mark.line + 1;
    if (mark.column >= 0) e.column = mark.column + 1 + column_offset;
    return e;
}

// The column offset of a scalar's text from its mark: 1 for a quoted scalar (yaml-cpp tags those "!").
int scalar_offset(const YAML::Node& node) { return node.Tag() == "!" ? 1 : 0; }

Ms duration_at(const YAML::Node& node, std::string_view what) {
    if (!node.IsScalar()) throw YamlFail{at_node(node, std::string(what) + ": expected a duration such as 30s")};
    Parsed<Ms> d = parse_duration(node.Scalar());
    if (!d) {
        throw YamlFail{at_node(node, std::string(what) + ": " + d.error.message + ", got \"" + node.Scalar() + '"',
                               scalar_offset(node) + std::max(d.error.column - 1, 0))};
    }
    return *d;
}

int count_at(const YAML::Node& node, std::string_view what) {
    std::string problem = std::string(what) + ": expected a whole number from 1 to 100000";
    if (!node.IsScalar() || node.Scalar().empty()) throw YamlFail{at_node(node, problem)};
    std::int64_t value = 0;
    for (char ch : node.Scalar()) {
        if (!is_digit(ch)) throw YamlFail{at_node(node, problem + ", got \"" + node.Scalar() + '"')};
        value = value * 10 + (ch - '0');
        if (value > max_moves) throw YamlFail{at_node(node, problem + ", got \"" + node.Scalar() + '"')};
    }
    if (value < 1) throw YamlFail{at_node(node, problem + ", got \"" + node.Scalar() + '"')};
    return static_cast<int>(value);
}

// Checks that every key of `map` is one of `allowed`.
void only_keys(const YAML::Node& map, std::initializer_list<std::string_view> allowed, std::string_view where) {
    for (const auto& item : map) {
        const YAML::Node& key = item.first;
        bool ok = key.IsScalar() &&
                  std::find(allowed.begin(), allowed.end(), std::string_view(key.Scalar())) != allowed.end();
        if (!ok) {
            std::string list;
            for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
            throw YamlFail{at_node(key, std::string(where) + ": unknown key \"" +
                                            (key.IsScalar() ? key.Scalar() : std::string("?")) +
                                            "\" (expected " + list + ")")};
        }
    }
}

// `example` shows the mapping wanted, so that `delay: 5s` is answered with what to write instead.
YAML::Node map_at(const YAML::Node& node, std::string_view what, std::string_view example) {
    if (!node.IsMap())
        throw YamlFail{at_node(node, std::string(what) + ": expected a mapping such as " + std::string(example))};
    return node;
}

TimeControl read_structured(const YAML::Node& node) {
    if (node.IsScalar()) {
        Parsed<TimeControl> pgn = parse_pgn_time_control(node.Scalar());
        if (!pgn) {
            throw YamlFail{at_node(node, "time control: " + pgn.error.message,
                                   scalar_offset(node) + std::max(pgn.error.column - 1, 0))};
        }
        return *pgn;
    }
    map_at(node, "time control", "{time: 90min, increment: 30s}");
    only_keys(node, {"time", "periods", "increment", "delay", "byoyomi", "canadian", "hourglass"}, "time control");
    TimeControl c;
    if (node["hourglass"]) {
        for (const auto& item : node) {
            if (item.first.Scalar() != "hourglass") {
                throw YamlFail{at_node(item.first, "time control: hourglass stands alone, remove \"" +
                                                       item.first.Scalar() + '"')};
            }
        }
        c.kind = TimeControl::Kind::hourglass;
        c.hourglass = duration_at(node["hourglass"], "hourglass");
        if (c.hourglass <= Ms{0}) throw YamlFail{at_node(node["hourglass"], "hourglass: must be positive")};
        return c;
    }
    c.kind = TimeControl::Kind::periods;
    std::optional<Ms> increment;
    if (node["increment"]) increment = duration_at(node["increment"], "increment");
    if (node["time"] && node["periods"]) {
        throw YamlFail{at_node(node, "time control: give either time or periods, not both")};
    }
    if (node["time"]) {
        c.periods.push_back({0, duration_at(node["time"], "time"), increment.value_or(Ms{0})});
    } else if (const YAML::Node periods = node["periods"]) {
        if (!periods.IsSequence() || periods.size() == 0) {
            throw YamlFail{at_node(periods, "periods: expected a list of {moves, time, increment}")};
        }
        for (std::size_t i = 0; i < periods.size(); ++i) {
            const YAML::Node p = map_at(periods[i], "periods", "{moves: 40, time: 90min}");
            only_keys(p, {"moves", "time", "increment"}, "period");
            Period period;
            if (p["moves"]) period.moves = count_at(p["moves"], "moves");
            if (!p["time"]) throw YamlFail{at_node(p, "period: time is required")};
            period.time = duration_at(p["time"], "time");
            period.increment = p["increment"] ? duration_at(p["increment"], "increment") : increment.value_or(Ms{0});
            if (period.moves == 0 && i + 1 != periods.size()) {
                throw YamlFail{at_node(p, "period: only the last period can be without moves")};
            }
            c.periods.push_back(period);
        }
    } else {
        throw YamlFail{at_node(node, "time control: expected time, periods or hourglass")};
    }
    if (const YAML::Node d = node["delay"]) {
        map_at(d, "delay", "{kind: simple, time: 5s}");
        only_keys(d, {"kind", "time"}, "delay");
        Delay delay;
        const YAML::Node kind = d["kind"];
        if (!kind || !kind.IsScalar() || (kind.Scalar() != "bronstein" && kind.Scalar() != "simple")) {
            throw YamlFail{at_node(kind ? kind : d, "delay: kind must be bronstein or simple")};
        }
        delay.kind = kind.Scalar() == "bronstein" ? DelayKind::bronstein : DelayKind::simple;
        if (!d["time"]) throw YamlFail{at_node(d, "delay: time is required")};
        delay.time = duration_at(d["time"], "delay time");
        c.delay = delay;
    }
    if (const YAML::Node b = node["byoyomi"]) {
        map_at(b, "byoyomi", "{periods: 1, time: 30s}");
        only_keys(b, {"periods", "time"}, "byoyomi");
        Byoyomi byoyomi;
        if (b["periods"]) byoyomi.periods = count_at(b["periods"], "byoyomi periods");
        if (!b["time"]) throw YamlFail{at_node(b, "byoyomi: time is required")};
        byoyomi.time = duration_at(b["time"], "byoyomi time");
        c.byoyomi = byoyomi;
    }
    if (const YAML::Node k = node["canadian"]) {
        map_at(k, "canadian", "{moves: 10, time: 5min}");
        only_keys(k, {"moves", "time"}, "canadian");
        Canadian canadian;
        if (!k["moves"] || !k["time"]) throw YamlFail{at_node(k, "canadian: moves and time are required")};
        canadian.moves = count_at(k["moves"], "canadian moves");
        canadian.time = duration_at(k["time"], "canadian time");
        c.canadian = canadian;
    }
    if (auto problem = check(c)) throw YamlFail{at_node(node, "time control: " + *problem)};
    return c;
}

}  // namespace

Parsed<TimeControl> parse_yaml_time_control(const YAML::Node& node) {
    try {
        if (!node.IsDefined() || node.IsNull()) {
            return {std::nullopt, at_node(node, "time control: expected a mapping or a PGN form such as \"5400+30\"")};
        }
        return {read_structured(node), {}};
    } catch (const YamlFail& f) {
        return {std::nullopt, f.error};
    }
}

Parsed<TimeControl> parse_yaml_time_control(std::string_view text) {
    YAML::Node node;
    try {
        node = YAML::Load(std::string(text));
    } catch (const YAML::Exception& e) {
        ParseError error{e.mark.line >= 0 ? e.mark.line + 1 : 0, e.mark.column >= 0 ? e.mark.column + 1 : 0, e.msg};
        return {std::nullopt, error};
    }
    return parse_yaml_time_control(node);
}

std::string format_yaml_time_control(const TimeControl& c) {
    switch (c.kind) {
    case TimeControl::Kind::unknown: return "\"?\"";
    case TimeControl::Kind::none: return "\"-\"";
    case TimeControl::Kind::hourglass: return "{hourglass: " + format_duration(c.hourglass) + "}";
    case TimeControl::Kind::periods: break;
    }
    const Ms first_increment = c.periods.empty() ? Ms{0} : c.periods[0].increment;
    bool uniform = std::all_of(c.periods.begin(), c.periods.end(),
                               [&](const Period& p) { return p.increment == first_increment; });
    std::string out = "{";
    if (c.periods.size() == 1 && c.periods[0].moves == 0) {
        out += "time: " + format_duration(c.periods[0].time);
    } else {
        out += "periods: [";
        for (std::size_t i = 0; i < c.periods.size(); ++i) {
            const Period& p = c.periods[i];
            if (i > 0) out += ", ";
            out += '{';
            if (p.moves > 0) out += "moves: " + std::to_string(p.moves) + ", ";
            out += "time: " + format_duration(p.time);
            if (!uniform && p.increment > Ms{0}) out += ", increment: " + format_duration(p.increment);
            out += '}';
        }
        out += ']';
    }
    if (uniform && first_increment > Ms{0}) out += ", increment: " + format_duration(first_increment);
    if (c.delay) {
        out += ", delay: {kind: ";
        out += c.delay->kind == DelayKind::bronstein ? "bronstein" : "simple";
        out += ", time: " + format_duration(c.delay->time) + '}';
    }
    if (c.byoyomi) {
        out += ", byoyomi: {periods: " + std::to_string(c.byoyomi->periods) +
               ", time: " + format_duration(c.byoyomi->time) + '}';
    }
    if (c.canadian) {
        out += ", canadian: {moves: " + std::to_string(c.canadian->moves) +
               ", time: " + format_duration(c.canadian->time) + '}';
    }
    return out + '}';
}

// ---- categories -------------------------------------------------------------------------------------

namespace {

// Sums and products that stop at the largest duration instead of wrapping: a rulebook's category_basis may count
// 2^31 - 1 moves, and that many increments of a million hours are past 64 bits (the game time wrapped negative, and
// no category applied to a control whose game time is endless).
Ms saturated_sum(Ms a, Ms b) {
    std::int64_t sum = 0;
    return __builtin_add_overflow(a.count(), b.count(), &sum) ? Ms::max() : Ms{sum};
}

Ms saturated_product(Ms a, std::int64_t times) {
    std::int64_t product = 0;
    return __builtin_mul_overflow(a.count(), times, &product) ? Ms::max() : Ms{product};
}

}  // namespace

std::optional<Ms> time_for_moves(const TimeControl& c, int moves, bool count_delay) {
    if (c.kind == TimeControl::Kind::hourglass) return c.hourglass;
    if (c.kind != TimeControl::Kind::periods || c.periods.empty()) return std::nullopt;
    const std::int64_t all = std::max(moves, 0);
    Ms total{0};
    std::int64_t done = 0;  // moves covered by the periods already counted
    for (std::size_t p = 0;; ++p) {
        const Period& period = c.periods[std::min(p, c.periods.size() - 1)];
        const std::int64_t left = all - done;
        if (p + 1 >= c.periods.size() && period.moves > 0) {
            // The last period, repeated as often as the moves left need (at least once), counted at once: one
            // repetition at a time, 2^31 - 1 moves of a one-move period took 30 s for every game ruled.
            const std::int64_t times = std::max<std::int64_t>(1, (left + period.moves - 1) / period.moves);
            total = saturated_sum(total, saturated_product(period.time, times));
            total = saturated_sum(total, saturated_product(period.increment, left));
            break;
        }
        total = saturated_sum(total, period.time);
        const std::int64_t span = period.moves == 0 ? left : std::min<std::int64_t>(period.moves, left);
        total = saturated_sum(total, saturated_product(period.increment, span));
        if (period.moves == 0 || done + period.moves >= all) break;
        done += period.moves;
    }
    if (count_delay && c.delay) total = saturated_sum(total, saturated_product(c.delay->time, all));
    return total;
}

std::optional<std::string> category(const TimeControl& control, std::span<const CategoryThreshold> thresholds,
                                    int moves, bool count_delay) {
    std::optional<Ms> total = time_for_moves(control, moves, count_delay);
    if (!total) return std::nullopt;
    for (const CategoryThreshold& t : thresholds) {
        bool above = !t.min || (t.min->inclusive ? *total >= t.min->value : *total > t.min->value);
        bool below = !t.max || (t.max->inclusive ? *total <= t.max->value : *total < t.max->value);
        if (above && below) return t.name;
    }
    return std::nullopt;
}

std::optional<std::string> short_main_time_hint(const TimeControl& c, bool japanese) {
    constexpr Ms minute{60'000};
    TimeControl meant = c;
    Ms main{0};
    if (c.kind == TimeControl::Kind::periods && !c.periods.empty()) {
        main = c.periods.front().time;
        for (auto& period : meant.periods) period.time *= 60;
    } else if (c.kind == TimeControl::Kind::hourglass) {
        main = c.hourglass;
        meant.hourglass *= 60;
    }
    if (main <= Ms{0} || main >= minute) return std::nullopt;
    const auto pgn = format_pgn_time_control(meant);
    if (japanese)
        return "持ち時間が " + format_duration(main) + " で1分に満たない（PGN形式の持ち時間は秒で数える）" +
               (pgn ? "。" + *pgn + " のつもりでは？" : std::string());
    return "the main time is " + format_duration(main) + ", under a minute (PGN time controls count seconds)" +
           (pgn ? "; did you mean " + *pgn + "?" : std::string());
}

}  // namespace arbiter::clock
