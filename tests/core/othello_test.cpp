// Othello on the generic core (rulesets/games/othello.yaml over engine/core/placement.h): perft against the
// published table, the legal moves of the 79 FForum positions, the rule cases of the shared data (passes, the
// end of the game, counting) and board strings. Data: tests/data/othello (see SOURCES.md there).
#include "chess_fixture.h"
#include "core/error.h"
#include "core/game.h"
#include "core/placement_game.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <vector>

namespace othello_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;

namespace {

const GameDefinitionPtr& othello() {
    static const GameDefinitionPtr def =
        GameDefinition::load_file(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/othello.yaml");
    return def;
}

std::string othello_data(const std::string& name) { return std::string(ARBITER_SOURCE_DIR) + "/tests/data/othello/" + name; }

Position board(const std::string& text) { return position_from_board_string(othello(), text, "<board>"); }

std::vector<std::string> move_names(const Position& pos) {
    std::vector<std::string> out;
    for (Move m : pos.legal_moves()) out.push_back(to_uci(pos, m));
    std::sort(out.begin(), out.end());
    return out;
}

// Plays "f5" / "pass" texts; with `insert_passes` (WTHOR leaves passes out) a pass is played whenever it is the
// only legal move. Records the number of placements played before each inserted pass.
struct Replay {
    Game game{Position::start(othello())};
    std::vector<int> passes_before;
    int placements = 0;

    bool play(const std::string& text, bool insert_passes) {
        if (insert_passes && must_pass(game.position())) {
            passes_before.push_back(placements);
            game.play(Move::pass());
        }
        ParsedMove p = game.play(text);
        if (!p.ok()) return false;
        if (p.move.kind() != MoveKind::pass) ++placements;
        return true;
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(othello_perft_from_the_start_position)

BOOST_AUTO_TEST_CASE(perft_d1_to_d10_equals_the_published_table_convention_a) {
    // tests/data/othello/perft.txt, convention A (a pass is a ply; a finished game is one leaf).
    std::ifstream in(othello_data("perft.txt"));
    BOOST_REQUIRE(in);
    std::map<int, std::uint64_t> table;
    for (std::string line; std::getline(in, line);) {
        std::istringstream ss(line);
        std::string convention;
        int depth = 0;
        std::uint64_t nodes = 0;
        if (ss >> convention >> depth >> nodes && convention == "A") table[depth] = nodes;
    }
    BOOST_REQUIRE(table.size() >= 10u);
    BOOST_TEST(table[8] == 390216u);   // spot checks of the file against the published table
    BOOST_TEST(table[9] == 3005288u);
    BOOST_TEST(table[10] == 24571284u);
    // d10 takes about 0.4 s with bulk counting in the optimised build; d11 (212258800) is in the benchmark.
    const int deepest = testing::sanitized ? 7 : 10;
    Position pos = Position::start(othello());
    const std::string before = board_string(pos);
    for (int depth = 1; depth <= deepest; ++depth) {
        BOOST_TEST(pos.perft(depth, true) == table[depth], "bulk d" << depth);
        if (depth <= 7) BOOST_TEST(pos.perft(depth, false) == table[depth], "every leaf d" << depth);
    }
    BOOST_TEST(board_string(pos) == before);  // make/unmake restore the position
}

BOOST_AUTO_TEST_CASE(a_finished_game_is_one_leaf_whatever_depth_is_left) {
    // The 12-ply game of the rule cases below ends with neither side able to move: one leaf at any depth.
    Replay r;
    for (const char* m : {"d3", "c3", "e6", "e3", "c4", "e7", "c2", "b3", "a4", "a2", "d2", "d1"})
        BOOST_REQUIRE(r.play(m, false));
    Position end = r.game.position();
    BOOST_TEST(end.legal_moves().empty());
    for (int depth = 1; depth <= 4; ++depth) {
        BOOST_TEST(end.perft(depth, true) == 1u);
        BOOST_TEST(end.perft(depth, false) == 1u);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(othello_placements_flips_and_passes)

BOOST_AUTO_TEST_CASE(start_position_moves_and_a_first_move_by_hand) {
    Position start = Position::start(othello());
    BOOST_TEST(board_string(start) == "---------------------------OX------XO--------------------------- X");
    // rule-cases.yaml othello-start-legal-moves: [d3, c4, f5, e6].
    BOOST_TEST(move_names(start) == (std::vector<std::string>{"c4", "d3", "e6", "f5"}));
    // By hand: black d3 encloses d4 (white) against d5 (black) and turns it; nothing else is enclosed.
    Game g(start);
    BOOST_REQUIRE(g.play("d3").ok());
    BOOST_TEST(board_string(g.position()) == "-------------------X-------XX------XO--------------------------- O");
    PieceCount c = count_pieces(g.position());
    BOOST_TEST(c.pieces[first] == 4);
    BOOST_TEST(c.pieces[second] == 1);
    BOOST_TEST(c.empty == 59);
    // Occupied squares and squares that enclose nothing are refused with what was wrong.
    ParsedMove occupied = parse_move(g.position(), "d4");
    BOOST_TEST((occupied.status == MoveParseStatus::illegal));
    BOOST_TEST(occupied.message.find("occupied") != std::string::npos);
    BOOST_TEST((parse_move(g.position(), "a1").status == MoveParseStatus::illegal));
    BOOST_TEST((parse_move(g.position(), "pass").status == MoveParseStatus::illegal));  // white can place
    BOOST_TEST((parse_move(g.position(), "z9").status == MoveParseStatus::syntax_error));
}

BOOST_AUTO_TEST_CASE(forced_pass_in_a_real_ggs_game_then_a_32_32_draw) {
    // rule-cases.yaml othello-forced-pass-ggs-2003 (GGS Saio1200-Saio3000, 2003): black to move has no
    // placement, white has a1 and b1; black must pass; pass, W a1, B b1 fills the board 32-32 (RE[+0.000]).
    Position pos = board("--XXXXXXXXXOOOOXXXXXOOOXXOXXOXOXXXOOXXXXXOOXOXOXXOOOXOOXXOOOOOOX X");
    BOOST_TEST(must_pass(pos));
    BOOST_TEST(!is_placement_game_over(pos));
    BOOST_TEST(move_names(pos) == std::vector<std::string>{"pass"});
    BOOST_TEST(move_names(board("--XXXXXXXXXOOOOXXXXXOOOXXOXXOXOXXXOOXXXXXOOXOXOXXOOOXOOXXOOOOOOX O")) ==
               (std::vector<std::string>{"a1", "b1"}));
    Game g(pos);
    BOOST_TEST(!g.outcome().has_value());
    BOOST_REQUIRE(g.play("pass").ok());
    BOOST_REQUIRE(g.play("a1").ok());
    BOOST_REQUIRE(g.play("b1").ok());
    BOOST_TEST(is_placement_game_over(g.position()));
    PieceCount c = count_pieces(g.position());
    BOOST_TEST(c.pieces[first] == 32);
    BOOST_TEST(c.pieces[second] == 32);
    auto outcome = g.outcome();
    BOOST_REQUIRE(outcome.has_value());
    BOOST_TEST((outcome->termination == Termination::neither_side_can_move));
    BOOST_TEST(outcome->result() == "1/2-1/2");
}

BOOST_AUTO_TEST_CASE(twelve_ply_game_ends_with_48_empty_squares_given_to_white) {
    // rule-cases.yaml othello-game-over-12-plies-both-colours (slovesnov/reversiShortGamesSearch): neither
    // side can move; black 1, white 15, 48 empty; white wins 63-1 with the empties to the winner.
    Replay r;
    for (const char* m : {"d3", "c3", "e6", "e3", "c4", "e7", "c2", "b3", "a4", "a2", "d2", "d1"})
        BOOST_REQUIRE_MESSAGE(r.play(m, false), m);
    const Position& end = r.game.position();
    BOOST_TEST(board_string(end).substr(0, 64) == "---O----O-OO-----OOOO---X-OOO------OO-------O-------O-----------");
    BOOST_TEST(is_placement_game_over(end));
    BOOST_TEST(!must_pass(end));
    BOOST_TEST(end.legal_moves().empty());
    PieceCount c = count_pieces(end);
    BOOST_TEST(c.pieces[first] == 1);
    BOOST_TEST(c.pieces[second] == 15);
    BOOST_TEST(c.empty == 48);
    PlacementResult res = placement_result(end);
    BOOST_TEST((res.winner && *res.winner == second));
    BOOST_TEST(res.score[first] == 1);
    BOOST_TEST(res.score[second] == 63);
    BOOST_TEST(r.game.outcome()->result() == "0-1");
}

BOOST_AUTO_TEST_CASE(wthor_2013_games_with_passes_end_as_recorded) {
    // rule-cases.yaml othello-wthor-2013-game-21, -22 and -0 (WTH_2013.wtb records #21, #22, #0): the
    // transcripts leave passes out; passes_before = placements played before each pass.
    struct Case {
        const char* moves;
        std::vector<int> passes_before;
        int black, white, empty, recorded_black;
        const char* final_board;
    };
    const Case cases[] = {
        {"f5f6e6f4e3d7d3c5c6c3c4b5a6b3b6d2b4f3c7a4c2d6e1d1a3c8c1a2a5b2a1b7b1e2g4g3a7h5g5h4a8f2f1b8g1e8d8e7f7g7h8h2g2h1h3h6",
         {33, 34, 41, 44, 45, 46, 47, 48, 51, 54, 55}, 60, 0, 4, 64,
         "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX-XXXXXXXX-XXXXX--X"},
        {"f5d6c5f4d7f6f3e3g3g5d3e2f2g4f1h3g6h6h5h4h2h1f7g2h7h8g1e1c6c7g7f8e6e7e8d8d2b6",
         {28, 31, 32, 35, 36, 37}, 0, 42, 22, 0,
         "----OOOO---OOOOO---OOOOO---OOOOO--OOOOOO-OOOOOOO--OOOOOO---OOO-O"},
        {"f5d6c3d3c4f4f6g5e6c5f3f7e7f8e3g6b6g4c6g3h3f2h5h4e2b5d7b4h6e8c8d8g8g2a5a3a4b3a2e1d2a7d1c1h1h2g1f1b1g7h8h7a6a1c7b7a8b8c2b2",
         {54}, 26, 38, 0, 26,
         "OXXXXXXXOXOOOOOOOXXOXOOOOXOXOOOOOXOOOXOOOXOOXXOOOXOOOOOOOXXXXXXX"},
    };
    for (const Case& k : cases) {
        Replay r;
        std::string moves(k.moves);
        for (std::size_t i = 0; i < moves.size(); i += 2)
            BOOST_REQUIRE_MESSAGE(r.play(moves.substr(i, 2), true), "move " << i / 2 + 1 << " " << moves.substr(i, 2));
        const Position& end = r.game.position();
        BOOST_TEST(r.passes_before == k.passes_before, k.moves);
        BOOST_TEST(is_placement_game_over(end));
        PieceCount c = count_pieces(end);
        BOOST_TEST(c.pieces[first] == k.black);
        BOOST_TEST(c.pieces[second] == k.white);
        BOOST_TEST(c.empty == k.empty);
        BOOST_TEST(placement_result(end).score[first] == k.recorded_black);
        BOOST_TEST(board_string(end).substr(0, 64) == k.final_board);
    }
}

BOOST_AUTO_TEST_CASE(legal_moves_of_the_79_fforum_positions_equal_the_listed_moves) {
    // Each line: board string, then "; MOVE:score" for every legal move (edax problem/*.obf).
    int positions = 0;
    for (const char* file : {"fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf"}) {
        std::ifstream in(othello_data(std::string("ffo/") + file));
        BOOST_REQUIRE(in);
        int number = 0;
        for (std::string line; std::getline(in, line);) {
            ++number;
            if (line.size() < 66) continue;
            std::vector<std::string> listed;
            for (std::size_t at = line.find(';'); at != std::string::npos; at = line.find(';', at + 1)) {
                std::size_t colon = line.find(':', at);
                if (colon == std::string::npos) break;
                std::string m = line.substr(at + 1, colon - at - 1);
                m.erase(0, m.find_first_not_of(' '));
                for (char& ch : m) ch = char(std::tolower(static_cast<unsigned char>(ch)));
                listed.push_back(m);
            }
            std::sort(listed.begin(), listed.end());
            BOOST_TEST(move_names(board(line.substr(0, 66))) == listed, file << ":" << number);
            ++positions;
        }
    }
    BOOST_TEST(positions == 79);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(othello_board_strings_and_game_data)

BOOST_AUTO_TEST_CASE(board_strings_round_trip_and_bad_ones_name_the_column) {
    const std::string s = "--XXXXXXXXXOOOOXXXXXOOOXXOXXOXOXXXOOXXXXXOOXOXOXXOOOXOOXXOOOOOOX O";
    BOOST_TEST(board_string(board(s)) == s);
    auto bad = [](const std::string& text, int column) {
        try {
            board(text);
            BOOST_ERROR("accepted '" << text << "'");
        } catch (const InputError& e) {
            BOOST_TEST(e.where().line == 1, text);
            BOOST_TEST(e.where().column == column, text << ": " << e.what());
        }
    };
    bad("", 1);
    bad(s.substr(0, 40), 41);                      // 40 cells only
    bad(std::string(s).replace(10, 1, "x"), 11);   // lower-case x is not a cell
    bad(std::string(s).replace(3, 1, "\xff"), 4);  // a binary byte
    bad(s.substr(0, 64), 65);                      // no space
    bad(s.substr(0, 64) + "O", 65);                // no space before the side
    bad(s.substr(0, 64) + " -", 66);               // '-' is not a side
    bad(s.substr(0, 64) + " ", 66);                // no side
    bad(s + " ", 67);                              // trailing text
    bad(s + "X", 67);
}

BOOST_AUTO_TEST_CASE(placement_sections_that_cannot_be_played_are_refused_with_their_line) {
    auto refused = [](const std::string& text, int line) {
        try {
            GameDefinition::from_yaml(YAML::Load(text), "g.yaml");
            BOOST_ERROR("accepted: " << text);
        } catch (const InputError& e) {
            BOOST_TEST(e.where().line == line, e.what());
        }
    };
    const std::string head =
        "game: t\nboard: {files: [a, b, c, d], ranks: ['1', '2', '3', '4']}\npieces: [{name: disc, letter: D}]\n";
    const std::string start = "start: '-----OX--XO----- X'\n";
    refused(head + "placement: {piece: stone, flip: [[1, 0]]}\n" + start, 4);       // unknown piece
    refused(head + "placement: {piece: disc, flip: [[0, 0]]}\n" + start, 4);        // no direction
    refused(head + "placement: {piece: disc, flip: [[1, 0]], pass: often}\n" + start, 4);
    refused(head + "placement: {piece: disc}\n" + start, 4);                         // must_flip without flips
    refused(head + "placement: {piece: disc, flip: [[1, 0]]}\nstart: '-----OX--XO---- X'\n", 5);  // 15 cells
    refused(head + "start: 4/4/4/4 w - - 0 1\n", 3);  // without placement the disc has no movement
    // A 4x4 board plays too: the same data with a smaller board.
    auto small = GameDefinition::from_yaml(
        YAML::Load(head + "placement: {piece: disc, flip: [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], "
                          "[1, -1]], pass: only_without_placement}\n" + start),
        "g.yaml");
    // By hand: rows 2 and 3 are "-OX-" and "-XO-" (O b2, X c2, X b3, O c3), black to move. Black encloses b2
    // from a2 (against c2) and from b1 (against b3), c3 from d3 (against b3) and from c4 (against c2); the
    // diagonals a1-d4 and d1-a4 hold no closed run. So a2, b1, c4, d3.
    Position p = Position::start(small);
    std::vector<std::string> names;
    for (Move m : p.legal_moves()) names.push_back(to_uci(p, m));
    std::sort(names.begin(), names.end());
    BOOST_TEST(names == (std::vector<std::string>{"a2", "b1", "c4", "d3"}));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace othello_test
