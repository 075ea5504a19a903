// The move texts read last on a thread (core/move_memo.h, behind core::parse_move): a remembered reading must be
// given only for exactly the same position as far as reading a move goes. Each pair below is the same board with
// one thing changed that changes the answer (castling rights, the en passant square, the side to move), read in that
// order so that the first reading is remembered when the second is asked for; and a reading from memory must be the
// one the whole list of legal moves gives. (move_reading_fast_path_test.cpp reads some 840,000 texts in 10,000
// positions through the same memory, where slots are shared by different positions, against the whole list too.)
#include "chess_fixture.h"

#include "core/notation.h"

#include <boost/test/unit_test.hpp>

namespace move_memo_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {

// The reading of `text` in `pos` without any memory: against the whole list.
ParsedMove memo_fresh(const Position& pos, const std::string& text) { return parse_move(pos, text, pos.legal_moves()); }

}  // namespace

BOOST_AUTO_TEST_SUITE(move_memo)

BOOST_AUTO_TEST_CASE(a_remembered_reading_is_given_for_the_same_position_only) {
    struct Pair {
        const char* before;  // read first: the move is legal here
        const char* after;   // the same board: the move is not legal here (FIDE 3.8.2 castling, 3.7.4 en passant)
        const char* text;
    };
    const Pair pairs[] = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "O-O"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "O-O-O"},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2", "exd6"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
         "Nf3"},
    };
    for (const Pair& p : pairs) {
        BOOST_TEST_CONTEXT(p.text << " in " << p.before << " then " << p.after) {
            const Position before = fen(p.before), after = fen(p.after);
            BOOST_TEST(parse_move(before, p.text).ok());
            BOOST_TEST(parse_move(before, p.text).ok());  // the second time from memory
            const ParsedMove second = parse_move(after, p.text);
            BOOST_TEST(!second.ok());
            BOOST_TEST(int(second.status) == int(memo_fresh(after, p.text).status));
            BOOST_TEST(second.message == memo_fresh(after, p.text).message);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_reading_from_memory_is_the_whole_lists_reading) {
    // The start position read, then the same position with other move counters (which a reading does not depend on),
    // then a position with the same pieces where the knight's move is another one (the knight on g1 is now on h3).
    const Position start = Position::start(chess());
    const Position later = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 12 40");
    for (const char* text : {"Nf3", "e4", "Nc3", "a3", "Nh3"}) {
        BOOST_TEST_CONTEXT(text) {
            const ParsedMove first = parse_move(start, text);
            const ParsedMove again = parse_move(later, text);
            const ParsedMove whole = memo_fresh(later, text);
            BOOST_TEST(first.ok());
            BOOST_TEST(again.move == whole.move);
            BOOST_TEST(again.attempted.from == whole.attempted.from);
            BOOST_TEST(again.attempted.piece_type == whole.attempted.piece_type);
        }
    }
    const Position moved = fen("rnbqkbnr/pppppppp/8/8/8/7N/PPPPPPPP/RNBQKB1R w KQkq - 1 1");
    const ParsedMove nf4 = parse_move(moved, "Nf4");
    BOOST_TEST(nf4.ok());
    BOOST_TEST(nf4.move.from() == chess()->parse_square("h3"));
    BOOST_TEST(!parse_move(moved, "Nf3").ok());  // no knight reaches f3 now (the one on g1 went to h3)
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace move_memo_test
