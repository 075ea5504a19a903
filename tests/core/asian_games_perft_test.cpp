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

// Ouk Chatrang: makruk with first_moves (the king's leap to a side of the rank ahead, the neang's two steps forward),
// every count Fairy-Stockfish 11.1's `cambodian`.
BOOST_AUTO_TEST_CASE(cambodian_from_its_game_file) {
    const GameDefinitionPtr def = load_game("cambodian", examples);
    BOOST_TEST(def->bitboard_words == 1);
    BOOST_TEST(testing::run_perft_suite(def, "tests/data/asian/cambodian-perft.txt", 40u) >= 8 * 3);
}

// first_moves alone, on positions counted by hand (FEN rows from rank 8 down; white's king on d1 with its right D,
// white's neang (met) on e1 with E, black's king far on e8 unless said). Fairy-Stockfish 11.1's `cambodian` gives
// the same counts (`go perft 1`).
BOOST_AUTO_TEST_CASE(cambodian_first_moves_by_hand) {
    const GameDefinitionPtr def = load_game("cambodian", examples);
    auto moves = [&](const char* fen) { return int(Position::from_fen(def, fen).legal_moves().size()); };
    // The start: makruk's 23 moves (makpong.yaml's suite, depth 1), the king's leaps to the empty b2 and f2; the
    // neang's e3 holds a white bia.
    BOOST_TEST(Position::start(def).legal_moves().size() == 23u + 2u);
    // The king alone: c1, e1, c2, d2, e2 and the leaps b2, f2 (7); without the right, 5.
    BOOST_TEST(moves("4k3/8/8/8/8/r7/8/3K4 w D - 0 1") == 7);
    BOOST_TEST(moves("4k3/8/8/8/8/r7/8/3K4 w - - 0 1") == 5);
    // Checked by the rook on a1 along rank 1: c2, d2, e2 only; no leap out of check (in_check: false).
    BOOST_TEST(moves("4k3/8/8/8/8/8/8/r2K4 w D - 0 1") == 3);
    // No leap onto an occupied square (capture: false): a black khon on b2 (which guards a1, c1, a3, c3 and b1): e1,
    // c2, d2, e2, the leap f2 (5).
    BOOST_TEST(moves("4k3/8/8/8/8/8/1s6/3K4 w D - 0 1") == 5);
    // The neang takes the rook on e3 by its leap: the king on g1 has f1, h1, f2, g2, h2, the neang d2, f2 and e3 (8);
    // without the right 7.
    BOOST_TEST(moves("3k4/8/8/8/8/4r3/8/4M1K1 w E - 0 1") == 8);
    BOOST_TEST(moves("3k4/8/8/8/8/4r3/8/4M1K1 w - - 0 1") == 7);
    // While the right is kept the neang attacks e3: black's king on e4 has d5, e5, f5, d4, f4, d3, f3 (7, not e3);
    // without the right 8.
    BOOST_TEST(moves("8/8/8/8/4k3/8/8/K3M3 b E - 0 1") == 7);
    BOOST_TEST(moves("8/8/8/8/4k3/8/8/K3M3 b - - 0 1") == 8);
    // Black's king on e3 is in check from it: d4, e4, f4, d3, f3, e2 (6; d2 and f2 are the neang's steps).
    const Position checked = Position::from_fen(def, "8/8/8/8/8/4k3/8/K3M3 b E - 0 1");
    BOOST_TEST(checked.is_check());
    BOOST_TEST(checked.legal_moves().size() == 6u);
    // The right goes once the king leaves d1, and does not come back with it.
    Position p = Position::from_fen(def, "4k3/8/8/8/8/r7/8/3K4 w D - 0 1");
    for (const char* m : {"d1d2", "e8e7", "d2d1", "e7e8"}) {
        const ParsedMove read = read_move(p, m);
        BOOST_REQUIRE((read.status == MoveParseStatus::ok));
        Undo u;
        p.make(read.move, u);
    }
    BOOST_TEST(p.fen() == "4k3/8/8/8/8/r7/8/3K4 w - - 4 3");
    BOOST_TEST(p.legal_moves().size() == 5u);
    // A leap is read and written in UCI as any move.
    const Position start = Position::start(def);
    const ParsedMove leap = read_move(start, "d1f2");
    BOOST_REQUIRE((leap.status == MoveParseStatus::ok));
    Position after = start;
    Undo u;
    after.make(leap.move, u);
    BOOST_TEST(after.fen() == "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/5K2/RNS1MSNR b Ede - 1 1");
}

// The loader refuses a first move whose right has no letter of its own, or whose piece is unknown; a FEN whose right
// has no piece on its square.
BOOST_AUTO_TEST_CASE(first_moves_refused) {
    const std::string base =
        "game: g\nboard: {files: [a, b, c], ranks: ['1', '2', '3']}\nstart: 2k/3/K2 w A - 0 1\n"
        "pieces:\n  - {name: king, letter: K, royal: true, leap: [[1, 0], [0, 1], [-1, 0], [0, -1]]}\n";
    auto error_of = [&](const std::string& more) {
        try {
            GameDefinition::from_yaml(YAML::Load(base + more), "g.yaml");
        } catch (const arbiter::InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    const std::string twice = "first_moves:\n  - {side: white, fen: A, piece: king, from: a1, to: [b3]}\n"
                              "  - {side: black, fen: A, piece: king, from: c3, to: [a2]}\n";
    BOOST_TEST(error_of(twice).find("g.yaml:") != std::string::npos);
    BOOST_TEST(error_of(twice).find("the letter 'A' already names a right") != std::string::npos, error_of(twice));
    const std::string unknown = "first_moves:\n  - {side: white, fen: A, piece: queen, from: a1, to: [b3]}\n";
    BOOST_TEST(error_of(unknown).find("unknown piece 'queen'") != std::string::npos, error_of(unknown));
    const GameDefinitionPtr def = GameDefinition::from_yaml(
        YAML::Load(base + "first_moves:\n  - {side: white, fen: A, piece: king, from: a1, to: [c1]}\n"), "g.yaml");
    // a2, b1 and the leap c1 (b3 and c2 are the black king's steps).
    BOOST_TEST(Position::from_fen(def, "2k/3/K2 w A - 0 1").legal_moves().size() == 3u);
    std::string fen_error = "no error";
    try {
        Position::from_fen(def, "2k/K2/3 w A - 0 1");
    } catch (const arbiter::InputError& e) {
        fen_error = e.what();
    }
    BOOST_TEST(fen_error.find("right 'A' needs the white king on a1") != std::string::npos, fen_error);
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
