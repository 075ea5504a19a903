// Asian games Fairy-Stockfish plays, written as game files from docs/GAMES.md and the schema alone
// (examples/rulesets/games/makruk.yaml, minishogi.yaml): perft from the start and from positions reached by random
// moves, every count Fairy-Stockfish 11.1's (tests/data/asian/<game>-perft.txt give the command and the moves that
// reach each position). No C++ knows these games.
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/position.h"
#include "perft_suite.h"

#include <boost/test/unit_test.hpp>

namespace asian_games_perft_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

namespace {

#ifdef ARBITER_SANITIZED
constexpr std::uint64_t max_nodes = 100000;
#else
constexpr std::uint64_t max_nodes = 2000000;
#endif

const std::string examples = std::string(ARBITER_SOURCE_DIR) + "/examples/rulesets";

// Runs every line of the suite of at most max_nodes nodes (positions as the game writes them: FEN, or SFEN for a
// game with hands); returns how many ran.
template <class Pos>
int run_suite(const GameDefinitionPtr& def, const std::string& file, std::size_t lines) {
    const std::vector<testing::PerftLine> suite = testing::read_perft_suite(file);
    BOOST_TEST(suite.size() == lines);  // every line of the file was read
    int run = 0;
    for (const testing::PerftLine& p : suite) {
        if (p.nodes > max_nodes) continue;
        auto pos = def->hands ? Pos::from_sfen(def, p.position, file) : Pos::from_fen(def, p.position, file);
        BOOST_TEST(pos.perft(p.depth, true) == p.nodes, def->id << " " << p.id << " d" << p.depth);
        ++run;
    }
    return run;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(asian_games_perft)

// Makruk: the met and the khon, the bia on the third rank that becomes a met on the sixth, no castling.
BOOST_AUTO_TEST_CASE(makruk_from_its_game_file) {
    const GameDefinitionPtr def = load_game("makruk", examples);
    BOOST_TEST(def->bitboard_words == 1);
    const int run = run_suite<Position>(def, "tests/data/asian/makruk-perft.txt", 40u);
    BOOST_TEST(run >= 8 * 3);  // each of the 8 positions at three depths at least (depth 4 passes the sanitized bound)
}

// Minishogi: shogi's pieces but the knight and the lance on 5x5, the far rank the promotion zone, drops.
BOOST_AUTO_TEST_CASE(minishogi_from_its_game_file) {
    const GameDefinitionPtr def = load_game("minishogi", examples);
    BOOST_TEST(def->bitboard_words == 1);
    const int run = run_suite<Position>(def, "tests/data/asian/minishogi-perft.txt", 47u);
    BOOST_TEST(run >= 9 * 3);
}

// Where the suite leaves Fairy-Stockfish 11.1: a pawn drop that mates (打ち歩詰め), which it lists. SFEN rows from
// rank a (gote's edge) down, files 5..1.
BOOST_AUTO_TEST_CASE(minishogi_pawn_drop_mates_by_hand) {
    const GameDefinitionPtr def = load_game("minishogi", examples);
    // Sente drops its pawn on 1c, before gote's king on 1b: check. The king cannot take it (sente's rook on 3c guards
    // 1c along rank c), nor go to 2b (sente's gold on 2a steps back onto it), 2c (the rook, the pawn on 2d) or 2a
    // (the gold, guarded by the bishop on 5d over the empty 4c and 3b); 1a is its own silver's, no gote piece
    // reaches 1c, and nothing can come between: mate, so the drop is illegal. Fairy-Stockfish lists 28 moves, this
    // drop among them: 27.
    const Position a = Position::from_sfen(def, "1r1Gs/4k/2R2/BSgP1/K4 b Pb 31");
    BOOST_TEST((read_usi(a, "P*1c").status == MoveParseStatus::illegal));
    BOOST_TEST(a.legal_moves().size() == 28u - 1u);
    // Gote drops its pawn on 4d, before sente's king on 4e: check. The pawn is guarded by gote's rook on 5d; 5e is
    // the rook's, 5d is guarded by gote's bishop on 3b over the empty 4c, 3e by gote's silver on 2d, 3d is sente's
    // bishop, which does not reach 4d; no sente piece takes the pawn: mate. Fairy-Stockfish lists 72 moves: 71.
    const Position b = Position::from_sfen(def, "2G1k/2bg1/5/r1Bs1/1K3 w Ppsr 22");
    BOOST_TEST((read_usi(b, "P*4d").status == MoveParseStatus::illegal));
    BOOST_TEST(b.legal_moves().size() == 72u - 1u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace asian_games_perft_test
