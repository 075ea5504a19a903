// FEN reading and writing (PGN standard 16.1), with errors that name the field and the column.
#include "chess_fixture.h"
#include "core/error.h"

#include <boost/test/unit_test.hpp>

namespace fen_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {

std::string fen_error(const std::string& text) {
    try {
        fen(text);
    } catch (const InputError& e) {
        return e.message();
    }
    return "(no error)";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(fen_reads_and_writes_positions)

BOOST_AUTO_TEST_CASE(start_position_round_trips) {
    const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    Position pos = Position::start(chess());
    BOOST_TEST(pos.fen() == start);
    BOOST_TEST(pos.side_to_move() == first);
    BOOST_TEST(pos.castling_rights() == 0xF);
    BOOST_TEST(pos.halfmove_clock() == 0);
    BOOST_TEST(pos.fullmove_number() == 1);
}

BOOST_AUTO_TEST_CASE(counters_and_rights_are_kept) {
    const std::string text = "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 12 40";
    BOOST_TEST(fen(text).fen() == text);
}

BOOST_AUTO_TEST_CASE(en_passant_square_is_written_only_when_the_capture_is_legal) {
    // After 1.e4 no black pawn can take on e3: FIDE 9.2.3 (and python-chess) write '-'.
    BOOST_TEST(fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").fen() ==
               "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // A black pawn on d4 can: e3 stays.
    const std::string ep = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
    BOOST_TEST(fen(ep).fen() == ep);
    BOOST_TEST(fen(ep).en_passant_square() == 20);  // e3 = rank index 2 * 8 + file index 4
}

BOOST_AUTO_TEST_CASE(bad_en_passant_field_names_field_and_column) {
    // Columns: the placement is 8 + 8 + 1 + 1 + 3 + 1 + 8 + 8 letters and 7 slashes = 45 characters;
    // " b KQkq " adds 8, so the fourth field starts at column 54.
    BOOST_TEST(fen_error("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e9 0 1") ==
               "FEN: field 4 (en passant) at column 54: expected a square such as e3 or '-', got 'e9'");
}

BOOST_AUTO_TEST_CASE(missing_fields_are_an_error) {
    BOOST_TEST(fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").find("expected 6 fields") !=
               std::string::npos);
    BOOST_TEST(fen_error("").find("got 0") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(placement_errors) {
    BOOST_TEST(fen_error("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").find("field 1") != std::string::npos);
    BOOST_TEST(fen_error("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").find("expected 8 ranks") != std::string::npos);
    // 'x' is the 19th character: column 19.
    BOOST_TEST(fen_error("rnbqkbnr/pppppppp/x7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") ==
               "FEN: field 1 (piece placement) at column 19: unknown piece letter 'x'");
    BOOST_TEST(fen_error("8/8/8/8/8/8/8/8 w - - 0 1").find("0 kings") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(side_castling_and_counter_errors) {
    BOOST_TEST(fen_error("4k3/8/8/8/8/8/8/4K3 x - - 0 1").find("field 2 (side to move)") != std::string::npos);
    BOOST_TEST(fen_error("4k3/8/8/8/8/8/8/4K3 w K - 0 1").find("castling right 'K' needs") != std::string::npos);
    BOOST_TEST(fen_error("4k3/8/8/8/8/8/8/4K3 w - - x 1").find("field 5 (halfmove clock)") != std::string::npos);
    BOOST_TEST(fen_error("4k3/8/8/8/8/8/8/4K3 w - - 0 0").find("field 6 (fullmove number)") != std::string::npos);
    BOOST_TEST(fen_error("4k3/8/8/8/8/8/8/4K3 w - e6 0 1").find("no double step") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(the_side_not_to_move_may_not_be_in_check) {
    BOOST_TEST(fen_error("4k3/8/8/8/8/8/8/4K2r b - - 0 1").find("is in check") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace fen_test
