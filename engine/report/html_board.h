// Board diagrams as inline SVG for HTML pages: any rectangular board from a list of pieces, drawn as
// chess letters, shogi kanji (the second player's pieces turned upside down), othello discs, or glyphs on the
// points where lines cross (xiangqi), with a river and diagonals where the game file names them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::core {
class GameDefinition;
}

namespace arbiter::report {

// How a board is drawn (a game's diagram.style): letters on a chequered board, glyphs with the second side's
// turned round and kanji rank numbers, discs, or glyphs on the points of a grid of lines.
enum class BoardStyle { western, japanese, discs, points };

// A rectangle of points (column, row from the top left) drawn with its two diagonals (a palace).
struct PointBox {
    int left = 0, top = 0, right = 0, bottom = 0;
};

// A piece at a square counted from the diagram's top-left corner (column 0 = left, row 0 = top).
// `label` is the letter or kanji shown (ignored for discs); `second` marks black / gote / white discs.
struct BoardPiece {
    int column = 0;
    int row = 0;
    std::string label;
    bool second = false;
};

struct BoardDiagram {
    int columns = 8;
    int rows = 8;
    BoardStyle style = BoardStyle::western;
    std::vector<BoardPiece> pieces;
    std::vector<std::pair<int, int>> marked;  // (column, row) squares to highlight, e.g. the last move
    std::string caption;                      // plain text, escaped when drawn
    // The points style only: the game's square names (files left to right, ranks top to bottom), the river
    // between row `river_above` and the next (-1 none) with its two words, and the boxes drawn with diagonals.
    std::vector<std::string> file_labels, rank_labels;
    int river_above = -1;
    std::string river_labels[2];
    std::vector<PointBox> diagonals;
};

// Returns an <svg> element (no XML prolog) with a <title> of the caption. Coordinates are drawn as
// the game writes them: chess a.. left to right and 1.. bottom to top; shogi 9..1 right to left on top
// and 一..九 down the right side; othello a.. on top and 1.. down the left side; points by the game's own names,
// files along the bottom and ranks up the left.
std::string board_svg(const BoardDiagram& diagram);

// The diagram of a position written in the game's own notation (procedure::Ruling::position): the board string of a
// placement game, else the first field of its FEN or SFEN; glyphs and the drawing style come from the game's data
// (rulesets/games/*.yaml: diagram.style, pieces[].glyphs). Returns false for a position that cannot be drawn.
bool diagram_of(const core::GameDefinition& def, std::string_view position, BoardDiagram& out);

// The square a move's text names last (its destination), when the diagram shows a piece there.
std::optional<std::pair<int, int>> destination_of(const core::GameDefinition& def, std::string_view move, const BoardDiagram& d);

}  // namespace arbiter::report
