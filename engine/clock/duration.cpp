#include "clock/duration.h"

#include <array>

namespace arbiter::clock {

namespace {

Parsed<Ms> fail(std::size_t index, std::string message) {
    return {std::nullopt, {0, static_cast<int>(index) + 1, std::move(message)}};
}

// Reads the digits at text[i...], advancing i; false when there are none or the number exceeds `limit`.
bool read_number(std::string_view text, std::size_t& i, std::int64_t limit, std::int64_t& out) {
    std::size_t start = i;
    std::int64_t value = 0;
    while (i < text.size() && is_digit(text[i])) {
        value = value * 10 + (text[i] - '0');
        if (value > limit) return false;
        ++i;
    }
    out = value;
    return i > start;
}

struct Unit {
    std::string_view name;
    std::int64_t ms;
};
// In the order they must appear in the unit form.
constexpr std::array<Unit, 4> units{{{"h", 3'600'000}, {"min", 60'000}, {"s", 1'000}, {"ms", 1}}};

Parsed<Ms> parse_unit_form(std::string_view text) {
    std::size_t i = 0;
    std::size_t next_unit = 0;  // units before this one are no longer allowed
    std::int64_t total = 0;
    while (i < text.size()) {
        std::size_t number_at = i;
        std::int64_t number = 0;
        if (!is_digit(text[i])) return fail(i, "expected a number");
        if (!read_number(text, i, max_duration.count(), number)) return fail(number_at, "duration too large");
        if (i == text.size()) {
            return fail(i, "expected a unit (h, min, s or ms) after the number");
        }
        // The unit names differ by their first two characters, so at most one matches.
        std::size_t best = units.size();
        for (std::size_t u = 0; u < units.size() && best == units.size(); ++u) {
            if (text.substr(i, units[u].name.size()) == units[u].name) best = u;
        }
        if (best == units.size()) return fail(i, "expected a unit (h, min, s or ms) after the number");
        if (best < next_unit) {
            return fail(i, "units must appear once each, largest first (h, min, s, ms)");
        }
        if (number > max_duration.count() / units[best].ms) return fail(number_at, "duration too large");
        total += number * units[best].ms;
        if (total > max_duration.count()) return fail(number_at, "duration too large");
        i += units[best].name.size();
        next_unit = best + 1;
    }
    return {Ms{total}, {}};
}

// H:MM:SS or M:SS with an optional .d/.dd/.ddd fraction.
Parsed<Ms> parse_clock_form(std::string_view text) {
    std::array<std::int64_t, 3> fields{};
    int count = 0;
    std::size_t i = 0;
    while (true) {
        std::size_t field_at = i;
        std::int64_t value = 0;
        if (i >= text.size() || !is_digit(text[i])) return fail(i, "expected digits");
        if (!read_number(text, i, max_duration.count(), value)) return fail(field_at, "duration too large");
        if (count > 0) {
            if (i - field_at != 2) return fail(field_at, "expected two digits for minutes or seconds");
            if (value >= 60) return fail(field_at, "minutes and seconds must be below 60");
        }
        fields[count++] = value;
        if (i < text.size() && text[i] == ':') {
            if (count == 3) return fail(i, "too many ':' fields (expected H:MM:SS or M:SS)");
            ++i;
            continue;
        }
        break;
    }
    if (count < 2) return fail(i, "expected ':'");
    std::int64_t millis = 0;
    if (i < text.size() && text[i] == '.') {
        ++i;
        std::size_t frac_at = i;
        std::int64_t scale = 100;
        while (i < text.size() && is_digit(text[i])) {
            if (i - frac_at == 3) return fail(i, "at most three digits after '.' (milliseconds)");
            millis += (text[i] - '0') * scale;
            scale /= 10;
            ++i;
        }
        if (i == frac_at) return fail(i, "expected digits after '.'");
    }
    if (i != text.size()) return fail(i, "unexpected character in a duration");
    std::int64_t hours = count == 3 ? fields[0] : 0;
    std::int64_t minutes = count == 3 ? fields[1] : fields[0];
    std::int64_t seconds = count == 3 ? fields[2] : fields[1];
    if (hours > max_duration.count() / 3'600'000 || minutes > max_duration.count() / 60'000) {
        return fail(0, "duration too large");
    }
    std::int64_t total = hours * 3'600'000 + minutes * 60'000 + seconds * 1'000 + millis;
    if (total > max_duration.count()) return fail(0, "duration too large");
    return {Ms{total}, {}};
}

}  // namespace

Parsed<Ms> parse_duration(std::string_view text) {
    if (text.empty()) return fail(0, "expected a duration such as 90min, 30s or 1:30:00");
    if (text == "0") return {Ms{0}, {}};
    if (text.find(':') != std::string_view::npos) return parse_clock_form(text);
    std::size_t i = 0;
    while (i < text.size() && is_digit(text[i])) ++i;
    if (i == text.size()) {
        return fail(i, "expected a unit (h, min, s or ms) after the number, as in 90min or 30s");
    }
    return parse_unit_form(text);
}

// The magnitude of a count as an unsigned number: -INT64_MIN does not fit in int64_t, its magnitude does.
static std::uint64_t magnitude(std::int64_t v) {
    return v < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
}

std::string format_duration(Ms value) {
    std::uint64_t ms = magnitude(value.count());
    std::string out;
    if (value.count() < 0) out += '-';
    if (ms == 0) return out + "0s";
    for (const Unit& unit : units) {
        std::uint64_t n = ms / static_cast<std::uint64_t>(unit.ms);
        if (n > 0) {
            out += std::to_string(n);
            out += unit.name;
            ms -= n * static_cast<std::uint64_t>(unit.ms);
        }
    }
    return out;
}

std::string format_clock(Ms value) {
    std::uint64_t ms = magnitude(value.count());
    std::string out;
    if (value.count() < 0) out += '-';
    auto two = [](std::uint64_t n) { return std::string(n < 10 ? "0" : "") + std::to_string(n); };
    out += std::to_string(ms / 3'600'000) + ':' + two(ms / 60'000 % 60) + ':' + two(ms / 1'000 % 60);
    if (std::uint64_t millis = ms % 1'000; millis != 0) {
        out += '.';
        out += millis < 100 ? (millis < 10 ? "00" : "0") : "";
        out += std::to_string(millis);
    }
    return out;
}

}  // namespace arbiter::clock
