// The rider attack tables (GameDefinition::slide_square, game_def_slides.cpp): a group's entry is the union of its
// rays up to and including the first piece, for chess and for a game with limited, move-only and capture-only rides.
// Expected sets are worked out by hand from the board.
#include "chess_fixture.h"
#include "core/movegen_targets.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>

#include <fstream>
#include <memory>
#include <vector>

namespace slide_tables_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {

Bitboard squares_of(std::initializer_list<int> list) {
    Bitboard b = 0;
    for (int sq : list) b |= bit(sq);
    return b;
}

#ifdef ARBITER_SLIDE_TABLES
// The attacks of `type` (white) from `from` given `occ`, read group by group as piece_targets reads them.
ARBITER_SLIDES_TARGET Bitboard slide_attacks_of(const GameDefinition& g, int type, int from, Bitboard occ) {
    Bitboard a = 0;
    for (int i = 0; i < g.slide_use_count[type][0]; ++i)
        a |= slide_attacks(g, g.slide_square[g.slide_uses[type][0][i].group][from], occ);
    return a;
}
#endif

// The moves of `a` and `b` (the same position under two definitions) differ, in number, order or kind, or the
// attackers of a square of either side do: the count of differences, after the moves to `depth` more plies.
int differences(Position& a, Position& b, int depth) {
    const MoveList la = a.legal_moves(), lb = b.legal_moves();
    int d = la.size() != lb.size();
    for (int i = 0; i < la.size() && i < lb.size(); ++i) d += la[i].raw() != lb[i].raw();
    for (int sq = 0; sq < 64; ++sq)
        for (Color c : {first, second}) d += a.attackers_to(sq, c, a.occupied()) != b.attackers_to(sq, c, b.occupied());
    if (depth == 0 || d) return d;
    for (Move m : la) {
        Undo ua, ub;
        a.make(m, ua);
        b.make(m, ub);
        d += differences(a, b, depth - 1);
        b.unmake(m, ub);
        a.unmake(m, ua);
    }
    return d;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(rider_attack_tables)

BOOST_AUTO_TEST_CASE(chess_sliders_read_their_attacks_from_shared_groups) {
    const GameDefinition& g = *chess();
#ifdef ARBITER_SLIDE_TABLES
    if (!slide_tables_here()) {
        BOOST_TEST(g.slide_group_count == 0);  // no tables where the CPU has no PEXT: the ray scans answer
        return;
    }
    const int queen = g.piece_by_name("queen"), rook = g.piece_by_name("rook"), bishop = g.piece_by_name("bishop");
    // A rook's four rays fit one group (at most 12 squares whose occupancy matters), a bishop's another; a queen
    // uses both.
    BOOST_TEST(g.slide_group_count == 2);
    BOOST_TEST(g.slide_use_count[rook][0] == 1);
    BOOST_TEST(g.slide_use_count[bishop][0] == 1);
    BOOST_TEST(g.slide_use_count[queen][0] == 2);
    BOOST_TEST(g.slide_attacker_count[0] == 2);  // along the lines: queen and rook; along the diagonals: queen, bishop
    // Rook d4 (27) with pieces on b4 (25), g4 (30), d6 (43), d1 (3): d5 d6, d3 d2 d1, c4 b4, e4 f4 g4.
    BOOST_TEST(slide_attacks_of(g, rook, 27, squares_of({25, 27, 30, 43, 3})) ==
               squares_of({35, 43, 19, 11, 3, 26, 25, 28, 29, 30}));
    // Bishop a1 (0), a piece on c3 (18): b2, c3.
    BOOST_TEST(slide_attacks_of(g, bishop, 0, squares_of({0, 18})) == squares_of({9, 18}));
    // Queen h8 (63) on an empty board: seven squares along the rank, the file and the long diagonal each.
    BOOST_TEST(popcount(slide_attacks_of(g, queen, 63, bit(63))) == 21);
#else
    BOOST_TEST(g.slide_group_count == 0);  // no tables without PEXT: the ray scans answer
#endif
}

// The tables and the ray scans are two ways of one generator to read rides (movegen_targets.h; a portable build reads
// the tables in functions compiled for BMI2 where the CPU has it): chess with its tables and a copy without them give
// the same legal moves in the same order, and the same attackers of every square, at every position of two perft
// suites and after each of its moves.
BOOST_AUTO_TEST_CASE(the_tables_and_the_ray_scans_give_the_same_moves_in_the_same_order) {
    if (chess()->slide_group_count == 0)
        BOOST_TEST_MESSAGE("no rider tables on this machine: both sides of the comparison scan rays");
    auto plain = std::make_shared<GameDefinition>(*chess());
    plain->slide_group_count = 0;
    int positions = 0, diffs = 0;
    for (const char* suite : {"chess-perft-random-300.epd", "chess-perft-edge.epd"}) {
        std::ifstream in(data(suite));
        for (std::string line; std::getline(in, line);) {
            if (line.empty() || line[0] == '#') continue;
            const std::string fen_text = line.substr(0, line.find(';'));
            Position a = Position::from_fen(chess(), fen_text), b = Position::from_fen(plain, fen_text);
            diffs += differences(a, b, 1);
            ++positions;
        }
    }
    BOOST_TEST(positions == 309);
    BOOST_TEST(diffs == 0);
}

BOOST_AUTO_TEST_CASE(limited_move_only_and_capture_only_rides_keep_their_moves) {
    // 5x5: a royal king, and a piece that moves forward any distance onto empty squares and captures sideways up
    // to two squares. "5/2k2/4K/5/l1L1l w": White's L on c1 moves to c2 and c3 (the black king on c4 stops it) and
    // takes a1 and e1 (two squares away, b1 and d1 empty): 4. The king on e3 goes to d2, e2 and e4 (d3 and d4 touch
    // the black king; nothing of Black reaches the others): 3. Total 7.
    const char* yaml =
        "game: lances\n"
        "board: {files: [a, b, c, d, e], ranks: ['1', '2', '3', '4', '5']}\n"
        "pieces:\n"
        "  - {name: king, letter: K, royal: true,"
        " leap: [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]]}\n"
        "  - {name: lance, letter: L, move: {ride: [[0, 1]]}, capture: {ride: [[1, 0, 2], [-1, 0, 2]]}}\n"
        "start: 5/2k2/4K/5/l1L1l w - - 0 1\n";
    auto g = GameDefinition::from_yaml(YAML::Load(yaml), "lances.yaml");
    Position pos = Position::start(g);
    BOOST_TEST(pos.legal_moves().size() == 7);
    BOOST_TEST(!pos.is_check());
    // Black's lances reach c1 (2) from a1 (0) and e1 (4), d1 (3) from e1 alone (a1 is three squares away), and
    // nothing upwards (their forward ride only moves).
    BOOST_TEST(pos.attackers_to(2, second, pos.occupied()) == squares_of({0, 4}));
    BOOST_TEST(pos.attackers_to(3, second, pos.occupied()) == squares_of({4}));
    BOOST_TEST(pos.attackers_to(7, second, pos.occupied()) == Bitboard{0});
    // The white king on b2 among its eight steps, the black king on c5 out of reach. A black lance on d3 takes
    // sideways onto c3 and b3: 6 moves. On e3 it reaches d3 and c3 but not b3, three squares away: 7.
    BOOST_TEST(Position::from_fen(g, "2k2/5/3l1/1K3/5 w - - 0 1").legal_moves().size() == 6);
    BOOST_TEST(Position::from_fen(g, "2k2/5/4l/1K3/5 w - - 0 1").legal_moves().size() == 7);
}

// A piece's moves are listed lowest target square first, however many they are (movegen.cpp writes them sixteen at a
// time with AVX-512). The queen on d5 (35), kings on a1 and h8 out of its lines: 7 along the rank, 7 along the file,
// 7 on the a8-h1 diagonal and 6 on the a2-g8 one, 27 moves, before the king's 3.
BOOST_AUTO_TEST_CASE(a_piece_with_more_than_sixteen_moves_lists_them_lowest_square_first) {
    const MoveList list = fen("7k/8/8/3Q4/8/8/8/K7 w - - 0 1").legal_moves();
    BOOST_TEST(list.size() == 30);
    const std::vector<int> expected = {3,  7,  8,  11, 14, 17, 19, 21, 26, 27, 28, 32, 33, 34,
                                       36, 37, 38, 39, 42, 43, 44, 49, 51, 53, 56, 59, 62};
    std::vector<int> queen;
    for (int i = 0; i < 27; ++i) {
        BOOST_TEST(list[i].from() == 35);
        queen.push_back(list[i].to());
    }
    BOOST_TEST(queen == expected, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace slide_tables_test
