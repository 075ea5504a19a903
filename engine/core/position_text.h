// What FEN and SFEN share: fields split at white space with their columns, errors that name the field and the
// column, the placement field (ranks from the last to the first, a number for a run of empty squares) and
// number fields. Each format reads its own piece letters and its other fields (fen.cpp, sfen.cpp).
#pragma once

#include "core/game_def.h"

#include <string>
#include <string_view>
#include <vector>

namespace arbiter::core {

struct TextField {
    std::string_view text;
    int column;  // 1-based
};

class PositionText {
public:
    // `format` ("FEN") and the names of its fields head every error; `source` is the input's name.
    PositionText(const char* format, std::vector<const char*> field_names, const std::string& source,
                 std::string_view text);

    const std::vector<TextField>& fields() const { return fields_; }
    const TextField& field(int number) const { return fields_[number - 1]; }  // 1-based, as errors name it

    // Throws InputError: "<format>: field N (name) at column C: what", or "<format>: what" for field 0.
    [[noreturn]] void fail(int field, int column, const std::string& what) const;

    // A field of decimal digits with a value of at least `min`.
    int number(int field, int min) const;

    // A piece read from the placement field: its type and the letter whose case gives its side.
    struct Piece {
        int type;
        char letter;
    };

    // Reads field 1 of a board of g's size: `read_piece(text, i)` reads the piece at text[i] (it may advance i over
    // a prefix, and calls fail for an unknown letter); put(square, side, type) places it. Each side may have at
    // most one royal piece, and at least `royals_at_least` (0 or 1).
    template <class ReadPiece, class Put>
    void placement(const GameDefinition& g, int royals_at_least, ReadPiece read_piece, Put put) const;

private:
    // The number of empty squares written at text[i] (i is left on its last digit), checked against the rank.
    int empty_run(const GameDefinition& g, std::string_view text, int& i, int column, int rank, int file) const;
    void check_rank_end(const GameDefinition& g, int column, int rank, int file) const;
    void check_royals(const GameDefinition& g, int column, const int royals[2], int at_least) const;

    const char* format_;
    std::vector<const char*> field_names_;
    std::string source_;
    std::vector<TextField> fields_;
};

// The placement field of a board: `write_piece(out, piece)` appends a piece's letters.
template <class Board, class WritePiece>
std::string placement_text(const GameDefinition& g, const Board& board, WritePiece write_piece) {
    std::string out;
    for (int rank = g.ranks - 1; rank >= 0; --rank) {
        int empty = 0;
        for (int file = 0; file < g.files; ++file) {
            auto p = board[g.square(file, rank)];
            if (!p) {
                ++empty;
                continue;
            }
            if (empty) out += std::to_string(empty);
            empty = 0;
            write_piece(out, p);
        }
        if (empty) out += std::to_string(empty);
        if (rank) out += '/';
    }
    return out;
}

template <class ReadPiece, class Put>
void PositionText::placement(const GameDefinition& g, int royals_at_least, ReadPiece read_piece, Put put) const {
    const TextField& f = field(1);
    int rank = g.ranks - 1, file = 0;
    int royals[2] = {0, 0};
    for (int i = 0; i < int(f.text.size()); ++i) {
        char c = f.text[i];
        int col = f.column + i;
        if (c == '/') {
            check_rank_end(g, col, rank, file);
            --rank;
            file = 0;
        } else if (c >= '0' && c <= '9') {
            file += empty_run(g, f.text, i, col, rank, file);
        } else {
            Piece piece = read_piece(f.text, i);
            if (file >= g.files)
                fail(1, col, "rank " + g.rank_names[rank] + " has more than " + std::to_string(g.files) + " squares");
            Color side = piece.letter >= 'A' && piece.letter <= 'Z' ? first : second;
            if (piece.type == g.royal_type) ++royals[side];
            put(g.square(file, rank), side, piece.type);
            ++file;
        }
    }
    if (rank != 0 || file != g.files)
        fail(1, f.column + int(f.text.size()),
             "expected " + std::to_string(g.ranks) + " ranks of " + std::to_string(g.files) + " squares");
    check_royals(g, f.column, royals, royals_at_least);
}

}  // namespace arbiter::core
