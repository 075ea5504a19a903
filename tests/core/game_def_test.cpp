// Game definitions as data: the loader's errors name file:line:column, and a game that is not chess
// plays by its own data (the core has no chess hard-wired).
#include "chess_fixture.h"
#include "core/error.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>

namespace game_def_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {

std::string load_error(const std::string& yaml) {
    try {
        GameDefinition::from_yaml(YAML::Load(yaml), "g.yaml");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

const char* mini_header =
    "game: mini\n"
    "board: {files: [a, b, c], ranks: ['1', '2', '3']}\n";

}  // namespace

BOOST_AUTO_TEST_SUITE(game_definitions_are_data)

BOOST_AUTO_TEST_CASE(chess_compiles_to_six_piece_types_and_four_castlings) {
    const GameDefinition& g = *chess();
    BOOST_TEST(g.files == 8);
    BOOST_TEST(g.ranks == 8);
    BOOST_TEST(g.pieces.size() == 6u);
    BOOST_TEST(g.castling.size() == 4u);
    BOOST_TEST(g.pieces[g.royal_type].name == "king");
    BOOST_TEST(g.pieces[g.piece_by_name("bishop")].colour_bound);
    BOOST_TEST(!g.pieces[g.piece_by_name("knight")].colour_bound);
    BOOST_TEST(g.square_name(0) == "a1");
    BOOST_TEST(g.square_name(63) == "h8");
    BOOST_TEST(g.parse_square("e4") == 28);
}

BOOST_AUTO_TEST_CASE(semantic_errors_name_the_line_and_column) {
    // Columns counted in the piece line "  - {name: k, letter: kk, ...": the value kk starts at column 23
    // (yaml-cpp's 0-based mark printed 1-based); [0, 0] at 33; [queen] at 72.
    BOOST_TEST(load_error(std::string(mini_header) +
                          "pieces:\n"
                          "  - {name: k, letter: kk, leap: [[1, 0]]}\n"
                          "start: 3/3/3 w - - 0 1\n") ==
               "g.yaml:4:23: letter: expected one upper-case letter, got 'kk'");
    BOOST_TEST(load_error(std::string(mini_header) +
                          "pieces:\n"
                          "  - {name: k, letter: K, leap: [[0, 0]]}\n"
                          "start: 3/3/3 w - - 0 1\n") ==
               "g.yaml:4:33: leap: a vector must not be [0, 0]");
    BOOST_TEST(load_error(std::string(mini_header) +
                          "pieces:\n"
                          "  - {name: p, letter: P, leap: [[0, 1]], promotion: {ranks: ['3'], to: [queen]}}\n"
                          "start: 3/3/3 w - - 0 1\n") ==
               "g.yaml:4:72: promotion.to: unknown piece 'queen'");
    BOOST_TEST(load_error("game: x\nboard: {files: [a], ranks: ['1']}\n").find("g.yaml:1:1: missing 'pieces'") == 0u);
    // 13 x 12 = 156 squares: over the 144 (12x12) the core plays.
    BOOST_TEST(load_error("game: big\nboard: {files: [a, b, c, d, e, f, g, h, i, j, k, l, m], ranks: [a, b, c, d, e, f, g, h, i, j, k, l]}\n")
                   .find("156 squares") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_game_that_is_not_chess_moves_by_its_own_data) {
    // 3x3 board, a royal wazir (one step orthogonally) each, and a white nightrider-like rider (1, 2)
    // limited to range 1 (a knight). From "N2/3/K1k w": hand count of White's moves:
    //   knight a3 -> b1, c2 (c2 is adjacent... legal: it does not expose the king) = 2 moves;
    //   wazir a1 -> a2, b1; b1 is adjacent to black's c1? c1 is the black wazir's square and b1 touches it,
    //   so b1 is attacked: 1 move (a2). Total 3.
    auto g = GameDefinition::from_yaml(YAML::Load("game: tiny\n"
                                                  "board: {files: [a, b, c], ranks: ['1', '2', '3']}\n"
                                                  "pieces:\n"
                                                  "  - {name: wazir, letter: W, royal: true, leap: [[1, 0], [0, 1], [-1, 0], [0, -1]]}\n"
                                                  "  - {name: knight, letter: N, ride: [[1, 2, 1], [2, 1, 1], [2, -1, 1], [1, -2, 1], [-1, -2, 1], [-2, -1, 1], [-2, 1, 1], [-1, 2, 1]]}\n"
                                                  "start: N2/3/W1w w - - 0 1\n"),
                                       "tiny.yaml");
    Position pos = Position::start(g);
    BOOST_TEST(pos.fen() == "N2/3/W1w w - - 0 1");
    BOOST_TEST(pos.legal_moves().size() == 3);
    BOOST_TEST(!pos.is_check());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace game_def_test
