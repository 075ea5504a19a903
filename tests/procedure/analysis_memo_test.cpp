// The runner's memo of dead-position and mating-material answers (procedure/board.h AnalysisMemo): a board that asks
// through a shared memo answers as one that asks the analysis itself. Positions worked by hand: king and knight
// against king cannot mate (FIDE 2009 9.6: a dead position); king and queen against king can, on the same squares.
#include "core/game_files.h"
#include "procedure/board.h"

#include <boost/test/unit_test.hpp>

namespace analysis_memo_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::procedure;

namespace {

const core::GameDefinitionPtr& chess() {
    static const auto def = core::load_game("chess", std::string(ARBITER_SOURCE_DIR) + "/rulesets");
    return def;
}

std::unique_ptr<Board> board(const std::string& fen, AnalysisMemo* memo) {
    YAML::Node start;
    start["fen"] = fen;
    return make_board(chess(), start, "test.yaml", memo);
}

const std::string Knight = "8/8/8/4k3/8/8/8/4K2N w - - 0 1";  // white: Ke1 Nh1, black: Ke5
const std::string Queen = "8/8/8/4k3/8/8/8/4K2Q w - - 0 1";   // the queen on the knight's square

}  // namespace

BOOST_AUTO_TEST_SUITE(analysis_memo_answers_as_the_analysis)

BOOST_AUTO_TEST_CASE(pieces_of_other_types_on_the_same_squares_are_other_positions) {
    AnalysisMemo memo;
    BOOST_TEST(board(Knight, &memo)->capability<DeadPositionFacts>()->is_dead_position());
    BOOST_TEST(!board(Queen, &memo)->capability<DeadPositionFacts>()->is_dead_position());
    BOOST_TEST(board(Knight, &memo)->capability<DeadPositionFacts>()->is_dead_position());  // from the memo now
    BOOST_TEST(!board(Queen, nullptr)->capability<DeadPositionFacts>()->is_dead_position());
}

// A position where the side not to move is in check arises only from an illegal move that stood; it is not analysed
// (not dead), from the memo as at first. Here Black's king steps from e5 to e4, where the knight on f2 attacks it;
// after the legal Kd5 instead the same material is dead.
BOOST_AUTO_TEST_CASE(an_irregular_position_is_not_dead) {
    AnalysisMemo memo;
    const std::string start = "8/8/8/4k3/8/8/5N2/4K3 b - - 0 1";
    const auto after = [&](const char* move, AnalysisMemo* m) {
        auto b = board(start, m);
        const auto parsed = b->read(move);
        b->play(parsed);
        return b;
    };
    BOOST_TEST_REQUIRE(!board(start, nullptr)->read("Ke4").ok());
    BOOST_TEST(!after("Ke4", &memo)->capability<DeadPositionFacts>()->is_dead_position());
    BOOST_TEST(!after("Ke4", &memo)->capability<DeadPositionFacts>()->is_dead_position());
    BOOST_TEST(after("Kd5", &memo)->capability<DeadPositionFacts>()->is_dead_position());
    BOOST_TEST(!after("Ke4", nullptr)->capability<DeadPositionFacts>()->is_dead_position());
}

BOOST_AUTO_TEST_CASE(each_question_has_its_own_answer) {
    AnalysisMemo memo;
    const auto queen_board = board(Queen, &memo);
    const DeadPositionFacts* queen = queen_board->capability<DeadPositionFacts>();
    BOOST_TEST((queen->cannot_checkmate(1) == std::optional<bool>(true)));  // a bare king cannot mate
    BOOST_TEST((queen->cannot_checkmate(0) == std::optional<bool>(false)));
    BOOST_TEST(!queen->is_dead_position());
    BOOST_TEST((queen->cannot_checkmate(1) == std::optional<bool>(true)));
}

BOOST_AUTO_TEST_CASE(the_move_counters_do_not_change_the_answer) {
    AnalysisMemo memo;
    BOOST_TEST(board("8/8/8/4k3/8/8/8/4K2N w - - 0 1", &memo)->capability<DeadPositionFacts>()->is_dead_position());
    BOOST_TEST(board("8/8/8/4k3/8/8/8/4K2N w - - 37 80", &memo)->capability<DeadPositionFacts>()->is_dead_position());
    BOOST_TEST(!board("8/8/8/4k3/8/8/8/4K2Q w - - 37 80", &memo)->capability<DeadPositionFacts>()->is_dead_position());
}

// The hash is only where to look: keys that share it but not the squares are different questions.
BOOST_AUTO_TEST_CASE(keys_that_share_a_hash_stay_apart) {
    AnalysisMemo memo;
    AnalysisMemo::Key a;
    a.zobrist = 0x1234;
    a.squares[0] = 0x10;
    AnalysisMemo::Key b = a;
    b.squares[7] = 0x80;  // another piece type's squares
    AnalysisMemo::Key c = a;
    c.question = AnalysisMemo::Question::first_cannot_mate;
    memo.store(a, AnalysisMemo::Answer::yes);
    BOOST_TEST(memo.find(b) == nullptr);
    BOOST_TEST(memo.find(c) == nullptr);
    memo.store(b, AnalysisMemo::Answer::no);
    BOOST_TEST_REQUIRE(memo.find(a) != nullptr);
    BOOST_TEST((*memo.find(a) == AnalysisMemo::Answer::yes));
    BOOST_TEST_REQUIRE(memo.find(b) != nullptr);
    BOOST_TEST((*memo.find(b) == AnalysisMemo::Answer::no));
}

// Many answers: each found as stored while the table grows, none found that was not stored; past `capacity` the memo
// starts again empty. Half the keys share their hash with another (same Zobrist key, other squares).
BOOST_AUTO_TEST_CASE(many_answers_and_the_capacity) {
    AnalysisMemo memo;
    const auto key = [](std::uint64_t i) {
        AnalysisMemo::Key k;
        k.zobrist = (i / 2) * 0x9E3779B97F4A7C15ull;
        k.squares[2] = i;
        return k;
    };
    const auto answer = [](std::uint64_t i) { return i % 3 == 0 ? AnalysisMemo::Answer::yes : AnalysisMemo::Answer::no; };
    const std::uint64_t n = 5000;
    for (std::uint64_t i = 0; i < n; ++i) memo.store(key(i), answer(i));
    bool all = true;
    for (std::uint64_t i = 0; i < n; ++i) {
        const auto* a = memo.find(key(i));
        all = all && a && *a == answer(i);
    }
    BOOST_TEST(all);
    BOOST_TEST(memo.find(key(n)) == nullptr);
    BOOST_TEST(memo.find(key(n + 1)) == nullptr);
    for (std::uint64_t i = n; i < AnalysisMemo::capacity; ++i) memo.store(key(i), answer(i));
    BOOST_TEST(memo.find(key(AnalysisMemo::capacity - 1)) != nullptr);
    memo.store(key(AnalysisMemo::capacity), AnalysisMemo::Answer::yes);  // one more: the memo starts again
    BOOST_TEST(memo.find(key(0)) == nullptr);
    BOOST_TEST_REQUIRE(memo.find(key(AnalysisMemo::capacity)) != nullptr);
    BOOST_TEST((*memo.find(key(AnalysisMemo::capacity)) == AnalysisMemo::Answer::yes));
}

BOOST_AUTO_TEST_CASE(one_number_per_game) {
    AnalysisMemo memo;
    const auto chess_index = memo.game_index("chess");
    const auto shogi_index = memo.game_index("shogi");
    BOOST_TEST(chess_index != shogi_index);
    BOOST_TEST(memo.game_index("chess") == chess_index);
    BOOST_TEST(memo.game_index("shogi") == shogi_index);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace analysis_memo_test
