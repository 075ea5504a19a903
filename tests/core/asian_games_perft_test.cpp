// Asian games Fairy-Stockfish plays, written as game files from docs/GAMES.md and the schema alone
// (examples/rulesets/games/makruk.yaml, minishogi.yaml, and the makruk and shatranj family: ai-wok, asean, makpong,
// shatranj, courier, shatar): perft from the start and from positions reached by random moves, every count
// Fairy-Stockfish 11.1's (tests/data/asian/<game>-perft.txt give the command and the moves that reach each position).
// No C++ knows these games.
#include "core/error.h"
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/notation.h"
#include "core/position.h"
#include "perft_suite.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>

namespace asian_games_perft_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;

namespace {

const std::string examples = std::string(ARBITER_SOURCE_DIR) + "/examples/rulesets";

}  // namespace

BOOST_AUTO_TEST_SUITE(asian_games_perft)

// Makruk: the met and the khon, the bia on the third rank that becomes a met on the sixth, no castling.
BOOST_AUTO_TEST_CASE(makruk_from_its_game_file) {
    const GameDefinitionPtr def = load_game("makruk", examples);
    BOOST_TEST(def->bitboard_words == 1);
    const int run = testing::run_perft_suite(def, "tests/data/asian/makruk-perft.txt", 40u);
    BOOST_TEST(run >= 8 * 3);  // each of the 8 positions at three depths at least (depth 4 passes the sanitized bound)
}

// Minishogi: shogi's pieces but the knight and the lance on 5x5, the far rank the promotion zone, drops.
BOOST_AUTO_TEST_CASE(minishogi_from_its_game_file) {
    const GameDefinitionPtr def = load_game("minishogi", examples);
    BOOST_TEST(def->bitboard_words == 1);
    const int run = testing::run_perft_suite(def, "tests/data/asian/minishogi-perft.txt", 47u);
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

// The makruk and shatranj family, each beside makruk.yaml: the ai-wok (rook + knight + met) for the met; the ASEAN
// rules (the queen a met, the bishop a khon, promotion on the last rank to any piece); makpong
// (royal_only_captures_in_check); shatranj (the ferz, the alfil's jump, stalemate a loss); courier chess on 12x8;
// shatar (the bers: rook and ferz).
BOOST_AUTO_TEST_CASE(the_makruk_and_shatranj_family_from_their_game_files) {
    struct Suite {
        const char* game;
        std::size_t lines;  // of the file tests/data/asian/<game>-perft.txt
        int words;          // bitboard words: courier's 96 squares need two
    };
    for (const Suite& s : {Suite{"ai-wok", 38, 1}, Suite{"asean", 40, 1}, Suite{"makpong", 40, 1},
                           Suite{"shatranj", 41, 1}, Suite{"courier", 38, 2}, Suite{"shatar", 40, 1}}) {
        BOOST_TEST_CONTEXT(s.game) {
            const GameDefinitionPtr def = load_game(s.game, examples);
            BOOST_TEST(def->bitboard_words == s.words);
            const std::string file = std::string("tests/data/asian/") + s.game + "-perft.txt";
            BOOST_TEST(testing::run_perft_suite(def, file, s.lines) >= 8 * 3);  // 8 positions, 3 depths at least
        }
    }
}

// royal_only_captures_in_check alone, on positions counted by hand (FEN rows from rank 8 down), each beside makruk,
// the same game without the word. Fairy-Stockfish 11.1's makpong and makruk list the same moves (`go perft 1`).
BOOST_AUTO_TEST_CASE(makpong_king_only_takes_a_checker_by_hand) {
    const GameDefinitionPtr makpong = load_game("makpong", examples);
    const GameDefinitionPtr makruk = load_game("makruk", examples);
    auto moves = [](const GameDefinitionPtr& def, const char* fen) {
        return int(Position::from_fen(def, fen).legal_moves().size());
    };
    // White's king d1 is checked by black's unguarded rook on d2 (black's king on e8 is far). Makpong: only the
    // capture d1d2 (1). Makruk: the capture and the steps off rank 2 and the d file, c1 and e1 (3).
    const char* beside = "4k3/8/8/8/8/8/3r4/3K4 w - - 0 1";
    BOOST_TEST(moves(makpong, beside) == 1);
    BOOST_TEST(moves(makruk, beside) == 3);
    const Position b = Position::from_fen(makpong, beside);
    BOOST_TEST((read_move(b, "Kxd2").status == MoveParseStatus::ok));
    BOOST_TEST((read_move(b, "Kc1").status == MoveParseStatus::illegal));
    // Checked along the d file by the rook on d8; white's rook on h1 reaches no square between. Makpong: mate (the
    // king may not step away). Makruk: c1, e1, c2, e2 (4).
    const char* afar = "3rk3/8/8/8/8/8/8/3K3R w - - 0 1";
    BOOST_TEST(moves(makpong, afar) == 0);
    BOOST_TEST(Position::from_fen(makpong, afar).is_checkmate());
    BOOST_TEST(moves(makruk, afar) == 4);
    BOOST_TEST(!Position::from_fen(makruk, afar).is_checkmate());
    // With white's rook on a2 instead, it comes between on d2: the one legal move.
    const Position block = Position::from_fen(makpong, "3rk3/8/8/8/8/8/R7/3K4 w - - 0 1");
    BOOST_TEST(block.legal_moves().size() == 1u);
    BOOST_TEST(block.has_legal_move());
    // Not in check, the king moves as in makruk: c1, e1, c2, d2, e2 (5).
    BOOST_TEST(moves(makpong, "4k3/8/8/8/8/8/8/3K4 w - - 0 1") == 5);
}

BOOST_AUTO_TEST_CASE(royal_only_captures_in_check_needs_a_royal_piece) {
    const std::string yaml =
        "game: g\nboard: {files: [a, b], ranks: ['1', '2']}\nstart: 2/K1 w - - 0 1\n"
        "pieces:\n  - {name: man, letter: K, leap: [[1, 0]]}\nroyal_only_captures_in_check: true\n";
    std::string error = "no error";
    try {
        GameDefinition::from_yaml(YAML::Load(yaml), "g.yaml");
    } catch (const arbiter::InputError& e) {
        error = e.what();
    }
    BOOST_TEST(error.find("royal_only_captures_in_check: the game has no royal piece") != std::string::npos, error);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace asian_games_perft_test
