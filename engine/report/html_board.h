// Board diagrams as inline SVG for HTML pages: any rectangular board from a list of pieces, drawn as
// chess letters, shogi kanji (the second player's pieces turned upside down) or othello discs.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace arbiter::report {

enum class BoardStyle { chess, shogi, othello };

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
    BoardStyle style = BoardStyle::chess;
    std::vector<BoardPiece> pieces;
    std::vector<std::pair<int, int>> marked;  // (column, row) squares to highlight, e.g. the last move
    std::string caption;                      // plain text, escaped when drawn
};

// Returns an <svg> element (no XML prolog) with a <title> of the caption. Coordinates are drawn as
// the game writes them: chess a.. left to right and 1.. bottom to top; shogi 9..1 right to left on top
// and 一..九 down the right side; othello a.. on top and 1.. down the left side.
std::string board_svg(const BoardDiagram& diagram);

// The piece placement of a FEN (first field) as a chess diagram; letters in upper case for both sides.
// Returns false when the placement is not 8 ranks of 8 squares.
bool chess_diagram_from_fen(std::string_view fen, BoardDiagram& out);

// The board of an SFEN (first field) as a shogi diagram in kanji (promoted pieces: と, 成香, 成桂,
// 成銀, 馬, 龍). Returns false when the board is not 9 ranks of 9 squares.
bool shogi_diagram_from_sfen(std::string_view sfen, BoardDiagram& out);

// An othello board written as 64 characters a1..h1, a2..h2, ... (X black, O white, - empty).
bool othello_diagram_from_board(std::string_view board, BoardDiagram& out);

// The diagram of a position written in `game`'s notation (procedure::Ruling::position): FEN for chess, SFEN for
// shogi, the board string for othello. Returns false for another game or a position that cannot be drawn.
bool diagram_for_game(std::string_view game, std::string_view position, BoardDiagram& out);

}  // namespace arbiter::report
