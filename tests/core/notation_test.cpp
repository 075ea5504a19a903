// SAN and UCI (PGN standard 8.2.3): writing, reading, disambiguation, check and mate suffixes,
// promotion, and what an illegal move attempted.
#include "chess_fixture.h"
#include "core/game.h"
#include "core/notation.h"

#include <boost/test/unit_test.hpp>

#include <fstream>

namespace notation_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {

Move san(const Position& pos, const std::string& text) {
    ParsedMove p = parse_san(pos, text);
    BOOST_REQUIRE_MESSAGE(p.ok(), text << ": " << p.message);
    return p.move;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(san_and_uci_follow_the_pgn_standard)

BOOST_AUTO_TEST_CASE(simple_moves) {
    Position pos = Position::start(chess());
    BOOST_TEST(to_san(pos, san(pos, "e4")) == "e4");
    BOOST_TEST(to_san(pos, san(pos, "Nf3")) == "Nf3");
    BOOST_TEST(to_uci(pos, san(pos, "Nf3")) == "g1f3");
    BOOST_TEST(parse_uci(pos, "e2e4").move == san(pos, "e4"));
    BOOST_TEST(parse_move(pos, "g1f3").move == san(pos, "Nf3"));
}

BOOST_AUTO_TEST_CASE(disambiguation_by_file_rank_or_square) {
    // Knights on b1 and f1 both reach d2: file. Rooks a1/a5 reach a3: rank.
    // Queens on a1, a3, c1 all reach b2: a1 shares a file with a3 and a rank with c1, so the square.
    Position pos = fen("4k3/8/8/R7/8/8/8/1N2KN2 w - - 0 1");
    BOOST_TEST(to_san(pos, san(pos, "Nbd2")) == "Nbd2");
    BOOST_TEST(to_san(pos, san(pos, "Nfd2")) == "Nfd2");
    Position rooks = fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    BOOST_TEST(to_san(rooks, san(rooks, "R1a3")) == "R1a3");
    BOOST_TEST(to_san(rooks, san(rooks, "R5a3")) == "R5a3");
    Position queens = fen("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    BOOST_TEST(to_san(queens, san(queens, "Qa1b2")) == "Qa1b2");
    ParsedMove ambiguous = parse_san(queens, "Qb2");
    BOOST_TEST((ambiguous.status == MoveParseStatus::ambiguous));
}

BOOST_AUTO_TEST_CASE(captures_en_passant_castling_and_promotion) {
    Position ep = fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    Move m = san(ep, "exf6");
    BOOST_TEST((m.kind() == MoveKind::en_passant));
    BOOST_TEST(to_san(ep, m) == "exf6");
    Position castle = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    BOOST_TEST(to_san(castle, san(castle, "O-O")) == "O-O");
    BOOST_TEST(to_san(castle, san(castle, "0-0-0")) == "O-O-O");
    BOOST_TEST(to_uci(castle, san(castle, "O-O")) == "e1g1");
    Position promo = fen("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    BOOST_TEST(to_san(promo, san(promo, "e8=Q")) == "e8=Q+");
    BOOST_TEST(to_san(promo, san(promo, "exd8N")) == "exd8=N");
    BOOST_TEST(to_uci(promo, san(promo, "exd8=R+")) == "e7d8r");
    BOOST_TEST((parse_san(promo, "e8").status == MoveParseStatus::illegal));  // the promotion piece is required
}

BOOST_AUTO_TEST_CASE(check_and_mate_suffixes) {
    // Fool's mate: 1.f3 e5 2.g4 Qh4#.
    Position pos = fen("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2");
    BOOST_TEST(to_san(pos, san(pos, "Qh4")) == "Qh4#");
    Position check = fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
    BOOST_TEST(to_san(check, san(check, "Ra8")) == "Ra8+");
}

BOOST_AUTO_TEST_CASE(every_legal_move_round_trips_through_san_and_uci) {
    const char* fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    };
    int n = 0;
    for (const char* f : fens) {
        Position pos = fen(f);
        for (Move m : pos.legal_moves()) {
            BOOST_TEST(parse_san(pos, to_san(pos, m)).move == m, to_san(pos, m));
            BOOST_TEST(parse_uci(pos, to_uci(pos, m)).move == m, to_uci(pos, m));
            ++n;
        }
    }
    BOOST_TEST(n == 48 + 6 + 44 + 46);  // the published D1 counts of wiki positions 2, 4, 5 and 6
}

BOOST_AUTO_TEST_CASE(an_illegal_move_says_what_was_attempted) {
    // The king on e1 cannot go to e2 (attacked by the rook on e8): illegal, king from e1 to e2.
    Position pos = fen("4r1k1/8/8/8/8/8/8/4K3 w - - 0 1");
    ParsedMove p = parse_san(pos, "Ke2");
    BOOST_TEST((p.status == MoveParseStatus::illegal));
    BOOST_TEST(p.attempted.piece_type == chess()->piece_by_name("king"));
    BOOST_TEST(chess()->square_name(p.attempted.from) == "e1");
    BOOST_TEST(chess()->square_name(p.attempted.to) == "e2");
    ParsedMove u = parse_move(pos, "e1e2");
    BOOST_TEST((u.status == MoveParseStatus::illegal));
    BOOST_TEST(chess()->square_name(u.attempted.from) == "e1");
    BOOST_TEST((parse_san(pos, "Zz9").status == MoveParseStatus::syntax_error));
    BOOST_TEST((parse_san(Position::start(chess()), "O-O").status == MoveParseStatus::illegal));
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(a_move_into_check_is_read_as_the_illegal_move_it_is)

// 1.e4 e5 2.Nf3 d6 3.Bb5+: Black to move, in check from the bishop on b5 (through c6 and d7).
const char* const in_check = "rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 3";

BOOST_AUTO_TEST_CASE(the_pieces_can_make_it_so_parse_move_names_it) {
    Position pos = Position::from_fen(chess(), in_check);
    // 3...Nf6 (g8-f6) leaves the check standing: illegal for check only, and the one knight that reaches f6.
    const ParsedMove p = parse_move(pos, "Nf6");
    BOOST_TEST(int(p.status) == int(MoveParseStatus::illegal));
    BOOST_TEST(p.only_check);
    BOOST_TEST(to_uci(pos, p.move) == "g8f6");
    // parse_san keeps to legal moves: it names no move.
    BOOST_TEST(parse_san(pos, "Nf6").move.is_none());
    // Ra6: the rook on a8 is shut in by the pawn on a7, so no piece can make it even ignoring check.
    const ParsedMove blocked = parse_move(pos, "Ra6");
    BOOST_TEST(int(blocked.status) == int(MoveParseStatus::illegal));
    BOOST_TEST(blocked.move.is_none());
    BOOST_TEST(!blocked.only_check);
}

BOOST_AUTO_TEST_CASE(no_move_captures_a_king) {
    // The same game after 3...Nf6?? stood: White to move, and the bishop on b5 sees the king on e8 (c6, d7 empty).
    // A king is never captured: the generator offers no move to e8 (the bishop's other moves remain: a4, c4, d3, e2,
    // f1, a6, c6, d7).
    Game game(Position::from_fen(chess(), in_check));
    game.play_illegal(parse_move(game.position(), "Nf6").move);
    const Position& pos = game.position();
    BOOST_TEST(pos.fen() == "rnbqkb1r/ppp2ppp/3p1n2/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 2 4");
    int bishop = 0;
    for (Move m : pos.legal_moves()) {
        BOOST_TEST(to_uci(pos, m) != "b5e8");
        bishop += to_uci(pos, m).starts_with("b5");
    }
    BOOST_TEST(bishop == 8);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace notation_test
