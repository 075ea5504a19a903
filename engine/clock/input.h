// The clock layer's parsers as the loaders use them: a ParseError becomes an arbiter::InputError that
// names the file, line and column. Header-only on purpose: the clock library itself never throws
// InputError, so it links without the core library; a caller that includes this header links core.
#pragma once

#include "clock/duration.h"
#include "clock/time_control.h"
#include "core/error.h"

#include <yaml-cpp/yaml.h>

#include <string>
#include <string_view>

namespace arbiter::clock {

// Throws InputError at `file` with the error's line and column (the line defaults to `line`).
[[noreturn]] inline void throw_input_error(const ParseError& error, const std::string& file, int line = 0) {
    throw InputError(SourceLocation{file, error.line > 0 ? error.line : line, error.column}, error.message);
}

// A time control from a YAML node (structured form or PGN-form scalar) of `file`.
inline TimeControl time_control_from_yaml(const YAML::Node& node, const std::string& file) {
    Parsed<TimeControl> parsed = parse_yaml_time_control(node);
    if (!parsed) throw_input_error(parsed.error, file);
    return *parsed;
}

// A time control from one line of text, as on a command line: the structured form when it starts
// with '{', else the PGN form. `origin` names the input in messages (e.g. "<time control>").
inline TimeControl time_control_from_text(std::string_view text, const std::string& origin) {
    Parsed<TimeControl> parsed = !text.empty() && text.front() == '{' ? parse_yaml_time_control(text)
                                                                      : parse_pgn_time_control(text);
    if (!parsed) throw_input_error(parsed.error, origin, 1);
    return *parsed;
}

// A duration from a YAML scalar of `file`; `what` names the field in the message.
inline Ms duration_from_yaml(const YAML::Node& node, const std::string& file, std::string_view what) {
    const YAML::Mark mark = node.Mark();
    const int line = mark.line >= 0 ? mark.line + 1 : 0;
    const int column = mark.column >= 0 ? mark.column + 1 : 0;
    if (!node.IsScalar()) {
        throw InputError(SourceLocation{file, line, column},
                         std::string(what) + ": expected a duration such as 3min, 30s or 1:30:00");
    }
    Parsed<Ms> parsed = parse_duration(node.Scalar());
    if (!parsed) {
        int offset = (node.Tag() == "!" ? 1 : 0) + parsed.error.column - 1;
        throw InputError(SourceLocation{file, line, column > 0 ? column + offset : 0},
                         std::string(what) + ": " + parsed.error.message + ", got \"" + node.Scalar() + '"');
    }
    return *parsed;
}

}  // namespace arbiter::clock
