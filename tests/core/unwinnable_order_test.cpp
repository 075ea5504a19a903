// The helpmate searches' move ordering (core/unwinnable_order.h): each score worked out by hand from the weights the
// header states, and the best-first picking checked against a stable sort.
#include "core/game_def.h"
#include "core/notation.h"
#include "core/unwinnable_order.h"
#include "chess_fixture.h"  // Move printable in test messages

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <string>
#include <vector>

namespace unwinnable_order_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using helpmate_order::Roles;

namespace {

const GameDefinitionPtr& chess() {
    static const GameDefinitionPtr def = GameDefinition::load_file(ARBITER_SOURCE_DIR "/rulesets/games/chess.yaml");
    return def;
}

// The score of `uci` in `fen` when White is to checkmate Black.
int white_to_mate(const std::string& fen, const std::string& uci) {
    const Position pos = Position::from_fen(chess(), fen);
    const ParsedMove p = parse_uci(pos, uci);
    BOOST_REQUIRE_MESSAGE(p.ok(), uci << " is legal in " << fen);
    return Roles(*chess(), first, second).score(pos, p.move);
}

}  // namespace

BOOST_AUTO_TEST_SUITE(helpmate_order)

// Distances are king steps (Chebyshev) to the black king on e8: d1 7, e1 7, e2 6, a4 4, d7 1, b1 7.
BOOST_AUTO_TEST_CASE(the_winner_approaches_captures_and_aims_at_the_king) {
    const std::string fen = "4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1";
    // Qxd7: a capture (200), six steps nearer at 12 a step (72), and a queen on d7 reaches e8 (18).
    BOOST_TEST(white_to_mate(fen, "d1d7") == 200 + 72 + 18);
    // Ke2: the king one step nearer, at 90 a step; the king's own reach earns nothing.
    BOOST_TEST(white_to_mate(fen, "e1e2") == 90);
    // Qa4: three steps nearer (36), and the a4-e8 diagonal reaches the king (18).
    BOOST_TEST(white_to_mate(fen, "d1a4") == 36 + 18);
    // Qb1: no nearer, and b1 is on no line through e8.
    BOOST_TEST(white_to_mate(fen, "d1b1") == 0);
}

// A pawn's move earns 260 and 10 a rank for the rank it reaches (counted from the winner's first rank), the farthest
// advanced pawn first, before any other move but a promotion. Steps to e8: a2 6, a3 5, a4 4, b3 5, b4 4.
BOOST_AUTO_TEST_CASE(the_winner_advances_its_pawns_before_its_pieces) {
    const std::string fen = "4k3/8/8/8/8/1P6/P7/3QK3 w - - 0 1";
    BOOST_TEST(white_to_mate(fen, "a2a4") == 260 + 30 + 24);  // the fourth rank, two steps nearer
    BOOST_TEST(white_to_mate(fen, "b3b4") == 260 + 30 + 12);
    BOOST_TEST(white_to_mate(fen, "a2a3") == 260 + 20 + 12);
    BOOST_TEST(white_to_mate(fen, "d1d7") == 72 + 18);
    BOOST_TEST(white_to_mate(fen, "e1e2") == 90);
    // For Black the ranks count from the eighth: h7-h5 reaches the fifth rank, the fourth from Black's side.
    const Position pos = Position::from_fen(chess(), "4k3/7p/8/8/8/8/8/4K3 b - - 0 1");
    const ParsedMove p = parse_uci(pos, "h7h5");
    BOOST_REQUIRE(p.ok());
    // Steps to the white king on e1: h7 6, h5 4.
    BOOST_TEST(Roles(*chess(), second, first).score(pos, p.move) == 260 + 30 + 24);
}

BOOST_AUTO_TEST_CASE(the_winner_promotes_to_the_strongest_piece_first) {
    const std::string fen = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    const int queen = chess()->piece_by_letter('Q'), knight = chess()->piece_by_letter('N');
    // b8=Q: 800 less 10 per type index, no nearer (b7 and b8 are both three steps from e8), and a queen on b8 reaches
    // e8 along the rank (18). A knight on b8 does not reach e8.
    BOOST_TEST(white_to_mate(fen, "b7b8q") == 800 - 10 * queen + 18);
    BOOST_TEST(white_to_mate(fen, "b7b8n") == 800 - 10 * knight);
    BOOST_TEST(white_to_mate(fen, "b7b8q") > white_to_mate(fen, "b7b8n"));
}

// The king's shelter (2 a step to the nearest corner, 5 a step to the nearest edge): e8 6, f8 4, d8 6, e7 11, f7 9.
// Steps to the own king on e8: d7 1, d6 2, d5 3, c6 2.
BOOST_AUTO_TEST_CASE(the_loser_walks_to_a_corner_and_gathers_round_its_king) {
    const std::string fen = "4k3/3p4/8/8/8/8/8/3QK3 b - - 0 1";
    BOOST_TEST(white_to_mate(fen, "e8f8") == 2);   // one step nearer a corner, along the edge
    BOOST_TEST(white_to_mate(fen, "e8d8") == 0);
    BOOST_TEST(white_to_mate(fen, "e8e7") == -5);  // off the edge
    BOOST_TEST(white_to_mate(fen, "e8f7") == -3);  // nearer a corner but off the edge
    BOOST_TEST(white_to_mate(fen, "d7d6") == -8 + 20);   // one step away from the king at 8; a pawn's move, 20
    BOOST_TEST(white_to_mate(fen, "d7d5") == -16 + 20);  // two steps away
    // Taking the winner's queen costs 400 (a pawn would cost 60, the king nothing).
    BOOST_TEST(white_to_mate("4k3/3p4/2Q5/8/8/8/8/4K3 b - - 0 1", "d7c6") == -400 - 8 + 20);
}

BOOST_AUTO_TEST_CASE(picking_the_best_each_time_gives_a_stable_sort_best_first) {
    const std::vector<int> scores = {5, 9, 9, -3, 5, 12, 9, 0, 12, -3};
    const int n = int(scores.size());
    std::vector<Move> moves;
    std::vector<int> keys;
    for (int i = 0; i < n; ++i) {
        moves.emplace_back(i, 63 - i);  // the from-square names the generation order
        keys.push_back(Roles::key(scores[std::size_t(i)], i));
    }
    std::vector<int> picked;
    for (int next = 0; next < n; ++next) {
        Roles::pick_best(moves.data() + next, keys.data() + next, n - next);
        picked.push_back(moves[std::size_t(next)].from());
    }
    std::vector<int> expected(scores.size());
    std::iota(expected.begin(), expected.end(), 0);
    std::stable_sort(expected.begin(), expected.end(),
                     [&](int a, int b) { return scores[std::size_t(a)] > scores[std::size_t(b)]; });
    BOOST_TEST(picked == expected, boost::test_tools::per_element());
    // Written out: 12 (5, then 8), 9 (1, 2, 6), 5 (0, 4), 0 (7), -3 (3, 9).
    BOOST_TEST(picked == (std::vector<int>{5, 8, 1, 2, 6, 0, 4, 7, 3, 9}), boost::test_tools::per_element());
}

// key_all reads most moves' scores from tables by piece: the keys it gives are the one-move scores, with captures,
// castling, en passant and promotions (under- and capturing) for either side, as winner and as loser. With AVX-512
// it scores sixteen moves at a time: kiwipete's 48 moves for White (44 for Black after a3, by perft divide) fill
// three such blocks, the last one partly.
BOOST_AUTO_TEST_CASE(the_keys_of_a_whole_list_are_the_scores_of_its_moves) {
    for (const char* fen : {"r3k2r/1P4P1/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
                            "r3k2r/8/8/8/3Pp3/8/1p4p1/R3K2R b KQkq d3 0 1", "8/8/3k4/8/2n1P3/8/3K4/8 w - - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/P1N2Q1p/1PPBBPPP/R3K2R b KQkq - 0 1"}) {
        const Position pos = Position::from_fen(chess(), fen);
        const MoveList list = pos.legal_moves();
        const int n = list.size();
        for (Color winner : {first, second}) {
            const Roles roles(*chess(), winner, ~winner);
            std::vector<int> keys(std::size_t(n) + 1);
            roles.key_all(pos, list.begin(), keys.data(), n);
            for (int i = 0; i < n; ++i)
                BOOST_TEST(keys[std::size_t(i)] == Roles::key(roles.score(pos, list[i]), i), fen << " move " << i);
        }
    }
}

// The walk's frames take their moves by key_all_best_first: copied with their keys, the best swapped to the front as
// pick_best would. In the first position of the_winner_approaches_captures_and_aims_at_the_king, Qxd7 (290) is best;
// in kiwipete, for White, the best of 48 is dxe6, a pawn's capture to the sixth rank one step nearer e8
// (200 + 260 + 50 + 12 = 522), before gxh3 (200 + 260 + 20 + 12 = 492), the other pawns' moves (at most 322, d6) and
// every piece's move (at most 236: Qxf6, a capture three steps nearer). With Black to move in the last position of
// the_loser_walks_to_a_corner_and_gathers_round_its_king, the pinned pawn can only take the queen (-388), and of the
// king's moves (e7, f7, d8, f8 in generation order) only Kf8 steps nearer a corner without leaving the edge (2).
BOOST_AUTO_TEST_CASE(a_frame_takes_its_moves_keyed_with_the_best_first) {
    for (const auto& [fen, best] : {std::pair<const char*, const char*>{"4k3/3p4/8/8/8/8/8/3QK3 w - - 0 1", "d1d7"},
                                    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "d5e6"},
                                    {"4k3/3p4/2Q5/8/8/8/8/4K3 b - - 0 1", "e8f8"}}) {
        const Position pos = Position::from_fen(chess(), fen);
        const MoveList list = pos.legal_moves();
        const int n = list.size();
        const Roles roles(*chess(), first, second);
        std::vector<Move> out(std::size_t(n) + 1);
        std::vector<int> keys(std::size_t(n) + 1), expected_keys(std::size_t(n) + 1);
        roles.key_all_best_first(pos, list.begin(), out.data(), keys.data(), n);
        BOOST_TEST(out[0] == parse_uci(pos, best).move, fen);
        std::vector<Move> expected(list.begin(), list.end());
        roles.key_all(pos, expected.data(), expected_keys.data(), n);
        Roles::pick_best(expected.data(), expected_keys.data(), n);
        for (int i = 0; i < n; ++i) {
            BOOST_TEST(out[std::size_t(i)] == expected[std::size_t(i)], fen << " move " << i);
            BOOST_TEST(keys[std::size_t(i)] == expected_keys[std::size_t(i)], fen << " key " << i);
        }
    }
}

// Roles::others_bound, by hand: a capture (200), the piece's steps nearer the black king on e8, at most its distance
// less one and at most its longest move, and an aim (18) for a piece other than the king. The queen on d1 and the
// king on e1 stand 7 steps away: the queen may come 6 nearer (200 + 72 + 18 = 290), the king 1 (200 + 90 = 290), or
// 2 by castling where it may still castle (200 + 180 = 380). A pawn's move counts in neither (it promotes).
BOOST_AUTO_TEST_CASE(the_bound_of_the_pieces_that_do_not_promote_is_worked_out_by_hand) {
    const Roles roles(*chess(), first, second);
    const auto bound = [&](const char* fen) { return roles.others_bound(Position::from_fen(chess(), fen)); };
    BOOST_TEST(bound("4k3/3p4/8/8/8/8/P7/3QK3 w - - 0 1") == 290);
    BOOST_TEST(bound("4k3/8/8/8/8/8/8/4K2R w K - 0 1") == 380);
    BOOST_TEST(bound("4k3/8/8/8/8/8/8/4K2R w - - 0 1") == 290);
    // Black to checkmate White (king on e1): the rook on a8 stands 7 steps away, the king on e8 7; a black pawn's move
    // is no part of it.
    const Roles black(*chess(), second, first);
    BOOST_TEST(black.others_bound(Position::from_fen(chess(), "r3k3/8/8/8/8/8/p7/4K3 b - - 0 1")) == 290);
}

// The bound holds: in every position of the perft suites, for each side as the winner with the loser's king on the
// board, no legal move of a piece that does not promote scores above it (the walk's first pick relies on it).
BOOST_AUTO_TEST_CASE(no_move_of_a_piece_that_does_not_promote_scores_above_the_bound) {
    int positions = 0;
    for (const char* suite : {"chess-perft-random-300.epd", "chess-perft-edge.epd", "chess-perft.epd"}) {
        std::ifstream in(std::string(ARBITER_SOURCE_DIR "/tests/data/chess/") + suite);
        BOOST_REQUIRE_MESSAGE(in, suite);
        for (std::string line; std::getline(in, line);) {
            if (line.empty()) continue;
            const std::string fen = line.substr(0, line.find(';'));
            const Position pos = Position::from_fen(chess(), fen);
            const Roles roles(*chess(), pos.side_to_move(), ~pos.side_to_move());
            const int bound = roles.others_bound(pos);
            for (Move m : pos.legal_moves()) {
                const bool promoting = m.kind() != MoveKind::castling && chess()->pieces[std::size_t(
                                           type_of(pos.piece_on(m.from())))].promotes();
                if (!promoting) BOOST_TEST(roles.score(pos, m) <= bound, fen << " " << to_uci(pos, m));
            }
            ++positions;
        }
    }
    BOOST_TEST(positions == 458);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace unwinnable_order_test
