// Reading a game file's YAML with every error at file:line:column: the helper that game_def.cpp and
// game_def_blocked.cpp share. Internal to core (it includes yaml-cpp).
#pragma once

#include <yaml-cpp/yaml.h>

#include "core/error.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace arbiter::core {

// Carries the file name so that every semantic error names file:line:column (yaml-cpp marks are 0-based).
struct GameDefinitionReader {
    std::string file;

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
        long v = std::strtol(s.c_str(), &end, 10);
        if (s.empty() || *end != '\0') fail(n, std::string(what) + ": expected an integer, got '" + s + "'");
        return int(v);
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

}  // namespace arbiter::core
