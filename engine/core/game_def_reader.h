// Reading a game file's YAML with every error at file:line:column: the helper that game_def.cpp and
// game_def_blocked.cpp share. Internal to core (it includes yaml-cpp).
#pragma once

#include <yaml-cpp/yaml.h>

#include "core/error.h"

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace arbiter::core {

// Carries the file name so that every semantic error names file:line:column (yaml-cpp marks are 0-based).
struct GameDefinitionReader {
    std::string file;
    int files = 16, ranks = 16;  // the board's, once read: the bounds of a step

    [[noreturn]] void fail(const YAML::Node& node, const std::string& message) const {
        SourceLocation where{file, 0, 0};
        if (node.IsDefined() && node.Mark().line >= 0) {
            where.line = node.Mark().line + 1;
            where.column = node.Mark().column + 1;
        }
        throw InputError(where, message);
    }
    const YAML::Node require(const YAML::Node& parent, const char* key) const {
        YAML::Node n = parent[key];
        if (!n) fail(parent, std::string("missing '") + key + "'");
        return n;
    }
    std::string text(const YAML::Node& n, const char* what) const {
        if (!n.IsScalar()) fail(n, std::string(what) + ": expected a string");
        return n.Scalar();
    }
    int integer(const YAML::Node& n, const char* what) const {
        if (!n.IsScalar()) fail(n, std::string(what) + ": expected an integer");
        const std::string& s = n.Scalar();
        char* end = nullptr;
        errno = 0;
        long v = std::strtol(s.c_str(), &end, 10);
        if (s.empty() || *end != '\0') fail(n, std::string(what) + ": expected an integer, got '" + s + "'");
        // Cut to int, 4294967297 would read as 1: a count or a step that is not the one written.
        if (errno == ERANGE || v < INT_MIN || v > INT_MAX)
            fail(n, std::string(what) + ": " + s + " is out of range; expected an integer from " +
                        std::to_string(INT_MIN) + " to " + std::to_string(INT_MAX));
        return int(v);
    }
    // One coordinate of a step [dx, dy]: a step as long as the board leaves it from every square, so it can only be
    // a mistake (and a step near INT_MAX would overflow the square arithmetic of the move tables).
    int step(const YAML::Node& n, const char* what, bool file_step) const {
        const int v = integer(n, what);
        const int length = file_step ? files : ranks;
        if (v <= -length || v >= length)
            fail(n, std::string(what) + ": a step of " + std::to_string(v) + (file_step ? " files" : " ranks") +
                        " leaves a board of " + std::to_string(length) + " from every square; expected at most " +
                        std::to_string(length - 1) + " either way");
        return v;
    }
    bool boolean(const YAML::Node& n, const char* what) const {
        if (!n.IsScalar() || (n.Scalar() != "true" && n.Scalar() != "false"))
            fail(n, std::string(what) + ": expected true or false");
        return n.Scalar() == "true";
    }
    std::vector<std::string> strings(const YAML::Node& n, const char* what) const {
        if (!n.IsSequence()) fail(n, std::string(what) + ": expected a list");
        std::vector<std::string> out;
        for (const auto& e : n) out.push_back(text(e, what));
        return out;
    }
};

class GameDefinition;
struct PieceType;
enum class MoveMode : std::uint8_t;

// The words of game_def_blocked.cpp, read into the definition as game_def.cpp reads the others:
// `board.regions`; a movement block's `lame_leap` and `hop`; a piece's `confined` and `when_in`; `royals_may_not_face`.
void read_regions(GameDefinition& g, const YAML::Node& board, const GameDefinitionReader& r);
void read_blocked_movement(PieceType& p, const YAML::Node& block, MoveMode mode, const char* prefix,
                           const GameDefinitionReader& r);
void read_region_movement(const GameDefinition& g, PieceType& p, const YAML::Node& piece,
                          const GameDefinitionReader& r);
void read_royal_facing(GameDefinition& g, const YAML::Node& root, const GameDefinitionReader& r);
// `diagram.river` and `diagram.diagonals`, after the regions (game_def_diagram.cpp).
void read_diagram_regions(GameDefinition& g, const YAML::Node& root, const GameDefinitionReader& r);
// `castling: {from_position: ...}` (castling_from_position.cpp).
void read_castling_from_position(GameDefinition& g, const YAML::Node& node, const GameDefinitionReader& r);
// `first_moves`, after castling and the royal piece (game_def_first_moves.cpp).
void read_first_moves(GameDefinition& g, const YAML::Node& root, const GameDefinitionReader& r);

}  // namespace arbiter::core
