// The fast paths of reading a move and of the end-of-game check (issue 17's audit speed) against full generation:
// Position::generate_legal_to must be exactly the part of generate_legal it names, has_legal_move exactly "the list is
// not empty", and parse_move without a list (which reads a SAN text against the moves of its piece type to its square
// only) and read_move must give the same answer, field for field, as parse_move against the whole list. Checked on
// every position of the perft suites (tests/data/chess/*.epd) and their children, and on every position of the real
// games in tests/data/chess/games.
#include "chess_fixture.h"

#include "core/notation.h"
#include "core/pgn.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace move_reading_fast_path_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {

std::vector<std::string> fast_path_fens(const std::string& file) {
    std::ifstream in(data(file));
    BOOST_REQUIRE_MESSAGE(in, "cannot read " << data(file));
    std::vector<std::string> out;
    std::string line;
    while (std::getline(in, line))
        if (const auto semi = line.find(';'); semi != std::string::npos) out.push_back(line.substr(0, semi));
    return out;
}

// Counts the differences between the fast and the full reading of `text` in `pos` (0 when they agree).
int fast_path_differences(const Position& pos, const std::string& text, const MoveList& legal) {
    const ParsedMove fast = parse_move(pos, text);
    const ParsedMove full = parse_move(pos, text, legal);
    int n = 0;
    BOOST_TEST_CONTEXT(pos.fen() << " '" << text << "'") {
        n += fast.status != full.status;
        n += !(fast.move == full.move);
        n += fast.message != full.message;
        n += fast.only_check != full.only_check;
        n += fast.attempted.piece_type != full.attempted.piece_type;
        n += fast.attempted.from != full.attempted.from;
        n += fast.attempted.to != full.attempted.to;
        n += fast.attempted.promotion != full.attempted.promotion;
        n += fast.attempted.castling != full.attempted.castling;
        // read_move, the same reading without the memory of the texts read last.
        const ParsedMove plain = read_move(pos, text);
        n += plain.status != full.status || !(plain.move == full.move) || plain.message != full.message;
        n += plain.only_check != full.only_check || plain.attempted.from != full.attempted.from;
        n += plain.attempted.piece_type != full.attempted.piece_type || plain.attempted.to != full.attempted.to;
        n += plain.attempted.promotion != full.attempted.promotion;
        n += plain.attempted.castling != full.attempted.castling;
        BOOST_TEST(n == 0);
    }
    return n;
}

// generate_legal_to for every piece type and square against the matching part of the whole list, in order, and
// has_legal_move against the list; returns the number of lists compared.
int fast_path_check_generation(const Position& pos, const MoveList& legal) {
    const GameDefinition& g = pos.definition();
    int lists = 0;
    BOOST_TEST_CONTEXT(pos.fen()) {
        BOOST_TEST(pos.has_legal_move() == !legal.empty());
        for (int type = 0; type < int(g.pieces.size()); ++type)
            for (int to = 0; to < g.squares; ++to) {
                std::vector<Move> expected;
                for (Move m : legal)
                    if (m.to() == to && type_of(pos.piece_on(m.from())) == type) expected.push_back(m);
                MoveList some;
                pos.generate_legal_to(some, type, to);
                BOOST_TEST(std::vector<Move>(some.begin(), some.end()) == expected, std::string(1, g.pieces[type].letter)
                                                                                         << " to " << g.square_name(to));
                // read_legal_to, where it answers, gives the same list.
                if (pos.read_legal_to(some, type, to))
                    BOOST_TEST(std::vector<Move>(some.begin(), some.end()) == expected,
                               "read_legal_to: " << g.pieces[type].letter << " to " << g.square_name(to));
                ++lists;
            }
    }
    return lists;
}

// Every legal move written in SAN and in UCI reads the same both ways; so do, where `all_texts`, a piece letter (or
// none) with every square, and the castlings, most of which are illegal or ambiguous. Returns the texts read.
int fast_path_check_reading(const Position& pos, const MoveList& legal, bool all_texts) {
    const GameDefinition& g = pos.definition();
    int texts = 0;
    for (Move m : legal) {
        fast_path_differences(pos, to_san(pos, m), legal);
        fast_path_differences(pos, to_uci(pos, m), legal);
        texts += 2;
    }
    if (!all_texts) return texts;
    for (const char* prefix : {"", "K", "Q", "R", "B", "N", "Nb", "R1", "ex", "Qd1"})
        for (int to = 0; to < g.squares; ++to) {
            fast_path_differences(pos, prefix + g.square_name(to), legal);
            ++texts;
        }
    // And texts that read_san_quickly (notation.cpp) leaves to read_san, or reads in a way of its own.
    for (const char* text : {"O-O", "O-O-O", "0-0", "O-O+", "e8=Q", "e8Q", "dxe8=N", "a1=Q", "Zz9", "+", "Nbxd7",
                             "Ng1f3", "N:f3", "Pe4", "e8=q", "exd8=Q+", "Kxx", "xe4", "\xc3\xa9" "4", "N1xf3!?", "Q",
                             "b1=K", "Rdd",
                             // A byte above 127 anywhere but first: read_san_quickly checks only the first one itself.
                             "N\xc3" "f3", "Nf\xc3", "e\xc3", "Nb\xc3" "f3", "e8=\xc3", "Nf3\xc3", "\xc3" "f3+",
                             "\xc3\xa9" "x" "f3"}) {
        fast_path_differences(pos, text, legal);
        ++texts;
    }
    return texts;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(move_reading_fast_path)

BOOST_AUTO_TEST_CASE(agrees_with_full_generation_on_the_perft_positions) {
    int positions = 0, lists = 0, texts = 0;
    for (const char* file : {"chess-perft.epd", "chess-perft-edge.epd", "chess-perft-random-300.epd"}) {
        for (const std::string& text : fast_path_fens(file)) {
            Position pos = fen(text);
            const MoveList legal = pos.legal_moves();
            lists += fast_path_check_generation(pos, legal);
            texts += fast_path_check_reading(pos, legal, true);
            ++positions;
            // The children: positions one move on, with their checks, captures and promotions.
            if (sanitized && positions % 10 != 0) continue;
            for (Move m : legal) {
                Position child = pos;
                Undo u;
                child.make(m, u);
                const MoveList replies = child.legal_moves();
                BOOST_TEST(child.has_legal_move() == !replies.empty());
                texts += fast_path_check_reading(child, replies, false);
                ++positions;
            }
        }
    }
    // 149 + 9 + 300 suite positions, each with 6 x 64 lists and 10 x 64 + 10 texts besides its moves' own.
    BOOST_TEST(lists >= 458 * 6 * 64);
    BOOST_TEST(texts >= 458 * 650);
    BOOST_TEST_MESSAGE(positions << " positions, " << lists << " lists, " << texts << " texts");
}

BOOST_AUTO_TEST_CASE(agrees_with_full_generation_on_every_move_of_the_real_games) {
    int moves = 0;
    for (const auto& entry : std::filesystem::directory_iterator(data("games"))) {
        if (entry.path().extension() != ".pgn") continue;
        for (const PgnGame& game : read_pgn_file(entry.path().string())) {
            Position pos = game.tag("FEN").empty() ? Position::start(chess()) : fen(game.tag("FEN"));
            for (const PgnMove& m : game.moves) {
                const MoveList legal = pos.legal_moves();
                fast_path_check_generation(pos, legal);
                fast_path_differences(pos, m.san, legal);
                const ParsedMove p = parse_move(pos, m.san);
                if (!p.ok()) break;  // a move the recorder got wrong: the game ends here for this check
                Undo u;
                pos.make(p.move, u);
                ++moves;
            }
            BOOST_TEST(pos.has_legal_move() == !pos.legal_moves().empty());
        }
    }
    // The lichess blitz checkmate (61 plies), the bullet time forfeit and the World Championship game 1 at least.
    BOOST_TEST(moves > 150);
}

// A promotion written without its piece, a pinned piece and an en passant capture: the cases where the fast path must
// give the whole list's answer although it looks at part of it.
BOOST_AUTO_TEST_CASE(the_hard_cases_read_as_the_rules_say) {
    // White pawn on e7 with e8 empty: "e8" must name the promotion piece (illegal, not a different move).
    const Position promo = fen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    BOOST_TEST(int(parse_move(promo, "e8").status) == int(MoveParseStatus::illegal));
    BOOST_TEST(parse_move(promo, "e8").message == "move e8 must name the promotion piece");
    // The knight on d2 is pinned by the bishop on b4 against the king on e1: of the two knights that reach f3 only
    // the one on g1 may go, so "Nf3" is that move and not ambiguous.
    const Position pinned = fen("4k3/8/8/8/1b6/8/3N4/4K1N1 w - - 0 1");
    const ParsedMove nf3 = parse_move(pinned, "Nf3");
    BOOST_TEST(nf3.ok());
    BOOST_TEST(nf3.move.from() == chess()->parse_square("g1"));
    // After ...d7-d5 the pawn on e5 takes en passant on d6.
    const Position ep = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    const ParsedMove exd6 = parse_move(ep, "exd6");
    BOOST_TEST(exd6.ok());
    BOOST_TEST(int(exd6.move.kind()) == int(MoveKind::en_passant));
    // Checkmate (the fool's mate) and stalemate: no legal move; the start position has one.
    BOOST_TEST(!fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").has_legal_move());
    BOOST_TEST(!fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").has_legal_move());
    BOOST_TEST(Position::start(chess()).has_legal_move());
}

// has_legal_en_passant looks at the en passant capturers' moves to the square passed over only: it must say what the
// whole list says, on every child of the perft positions (where the double steps are).
BOOST_AUTO_TEST_CASE(legal_en_passant_agrees_with_full_generation) {
    int with_square = 0, legal = 0;
    for (const char* file : {"chess-perft.epd", "chess-perft-edge.epd", "chess-perft-random-300.epd"})
        for (const std::string& text : fast_path_fens(file)) {
            const Position pos = fen(text);
            for (Move m : pos.legal_moves()) {
                Position child = pos;
                Undo u;
                child.make(m, u);
                bool expected = false;
                for (Move r : child.legal_moves()) expected = expected || r.kind() == MoveKind::en_passant;
                BOOST_TEST(child.has_legal_en_passant() == expected, child.fen());
                with_square += child.en_passant_square() != no_square;
                legal += expected;
            }
        }
    // The suites hold double steps with and without a capture en passant after them.
    BOOST_TEST(with_square > 100);
    BOOST_TEST(legal > 10);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace move_reading_fast_path_test
