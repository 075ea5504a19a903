// Othello records (board string, transcript, GGF, WTHOR) read into the neutral GameRecord and replayed on the
// real core (rulesets/games/othello.yaml) to their recorded results. Data: tests/data/othello (see SOURCES.md).
#include "core/error.h"
#include "core/game.h"
#include "core/placement_game.h"
#include "core/record/game_record.h"
#include "core/record/othello_records.h"

#include <boost/test/unit_test.hpp>

#include <fstream>
#include <sstream>

namespace record_othello_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core::record;

namespace {

std::string othello_data(const std::string& name) {
    return std::string(ARBITER_SOURCE_DIR) + "/tests/data/othello/" + name;
}

long ms(const std::optional<std::chrono::milliseconds>& t) { return t ? long(t->count()) : -1L; }

// The real core: rulesets/games/othello.yaml played by engine/core (placement, flip and pass rules).
const core::GameDefinitionPtr& othello() {
    static const core::GameDefinitionPtr def =
        core::GameDefinition::load_file(std::string(ARBITER_SOURCE_DIR) + "/rulesets/games/othello.yaml");
    return def;
}

struct CoreOthello {
    core::Game game;

    explicit CoreOthello(const std::string& start)
        : game(start == "startpos" ? core::Position::start(othello())
                                   : core::position_from_board_string(othello(), start, "<start>")) {}
    // Plays "f5" or "pass" for the side to move; false if illegal (a pass is legal only without a placement).
    bool play(const std::string& move) { return game.play(move).ok(); }
    bool must_pass() const { return core::must_pass(game.position()); }
    int count(char c) const { return core::count_pieces(game.position()).pieces[c == 'X' ? core::first : core::second]; }
    bool over() const { return core::is_placement_game_over(game.position()); }
};

// Replays a record; with `insert_passes` (WTHOR) a pass is played whenever the side to move has no move.
// Returns false (after reporting) at the first illegal move.
bool replay(CoreOthello& ref, const GameRecord& r, bool insert_passes, const std::string& what) {
    for (std::size_t i = 0; i < r.moves.size(); ++i) {
        if (insert_passes && r.moves[i].move != "pass" && ref.must_pass()) ref.play("pass");
        if (!ref.play(r.moves[i].move)) {
            BOOST_ERROR(what << ": move " << i + 1 << " " << r.moves[i].move << " is illegal");
            return false;
        }
    }
    return true;
}

template <class F>
void expect_input_error(F f, int line, const std::string& what) {
    try {
        f();
        BOOST_ERROR("no InputError for " << what);
    } catch (const InputError& e) {
        if (line) BOOST_TEST(e.where().line == line, what << ": " << e.what());
        BOOST_TEST(!e.message().empty());
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(othello_board_strings_and_transcripts)

BOOST_AUTO_TEST_CASE(board_string_has_64_cells_a_space_and_the_side_to_move) {
    BOOST_TEST(parse_othello_board(OthelloStart, "<b>") == std::string(OthelloStart));
    auto bad = [](std::string text, int column) {
        try {
            parse_othello_board(text, "<b>");
            BOOST_ERROR("accepted " << text);
        } catch (const InputError& e) {
            BOOST_TEST(e.where().column == column, text);
        }
    };
    std::string start(OthelloStart);
    bad(start.substr(0, 40), 41);                      // cut after 40 cells
    bad(std::string(start).replace(10, 1, "x"), 11);   // lower-case x is not a cell
    bad(start.substr(0, 64) + "X", 65);                // no space
    bad(start.substr(0, 64) + " -", 66);               // no side
    bad(start + " ", 67);                              // trailing text
    bad("", 1);
}

BOOST_AUTO_TEST_CASE(woc_2007_final_transcript_replays_to_35_29) {
    GameRecord r = read_othello_transcript_file(othello_data("woc2007-final-game1-nicolet-tominaga.txt"));
    // The file's comment: "Transcript (60 moves, no passes ...)", "Result 35-29 (black)".
    BOOST_TEST(r.moves.size() == 60u);
    BOOST_TEST(r.moves.front().move == "f5");  // "F5D6C5..."
    BOOST_TEST(r.moves.back().move == "g8");   // "...F8G8"
    BOOST_TEST(r.moves[1].line == 3);
    BOOST_TEST(r.moves[1].column == 3);
    BOOST_TEST(r.comment.find("Stephane Nicolet") != std::string::npos);
    CoreOthello ref(r.start);
    BOOST_REQUIRE(replay(ref, r, false, "woc"));
    BOOST_TEST(ref.count('X') == 35);
    BOOST_TEST(ref.count('O') == 29);
}

BOOST_AUTO_TEST_CASE(transcripts_accept_case_spaces_and_passes_and_reject_the_rest) {
    GameRecord r = read_othello_transcript("F5d6 C3\nd3 pass -- e3", "<t>");
    BOOST_REQUIRE(r.moves.size() == 7u);
    BOOST_TEST(r.moves[0].move == "f5");
    BOOST_TEST(r.moves[2].move == "c3");
    BOOST_TEST(r.moves[4].move == "pass");
    BOOST_TEST(r.moves[5].move == "pass");
    BOOST_TEST(r.moves[6].line == 2);
    BOOST_TEST(r.moves[6].column == 12);
    expect_input_error([] { read_othello_transcript("", "<t>"); }, 1, "empty");
    expect_input_error([] { read_othello_transcript("# only a comment\n", "<t>"); }, 1, "comment only");
    expect_input_error([] { read_othello_transcript("f5d6\nc3i9", "<t>"); }, 2, "i9");
    expect_input_error([] { read_othello_transcript("f5d", "<t>"); }, 1, "truncated");
    expect_input_error([] { read_othello_transcript(std::string("f5\0\xff", 4), "<t>"); }, 1, "binary");
    try {
        read_othello_transcript("f5 d6 c9", "t.txt");
    } catch (const InputError& e) {
        BOOST_TEST(e.where().column == 7);
    }
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(ggf_games_replay_to_their_recorded_results)

BOOST_AUTO_TEST_CASE(three_ggs_games_with_a_pass_komi_and_a_random_start) {
    std::vector<GameRecord> games = read_ggf_file(othello_data("ggs-games-from-nboard-ggf-test.ggf"));
    BOOST_REQUIRE(games.size() == 3u);  // one "(;GM[Othello]...;)" per line

    // Game 1: 61 B[]/W[] moves, the 59th is "B[pass]", RE[+0.000] (32-32), TI[05:00//02:00].
    const GameRecord& g1 = games[0];
    BOOST_TEST(g1.header("PB") == "Saio1200");
    BOOST_TEST(g1.header("PW") == "Saio3000");
    BOOST_TEST(g1.header("TI") == "05:00//02:00");
    BOOST_TEST(g1.start == "startpos");
    BOOST_TEST(g1.moves.size() == 61u);
    BOOST_TEST(g1.moves[0].move == "d3");
    BOOST_TEST(ms(g1.moves[0].elapsed) == 10);       // B[d3//0.01]
    BOOST_TEST(ms(g1.moves[26].elapsed) == 5420);    // B[g6//5.42], the 27th move
    BOOST_TEST(g1.moves[58].move == "pass");
    BOOST_TEST(!g1.moves[58].elapsed.has_value());  // B[pass] has no time
    BOOST_TEST(g1.moves[60].move == "b1");
    BOOST_TEST(g1.termination == Termination::game_over);
    BOOST_TEST(*g1.black_margin == 0.0);

    // Game 2: komi game, KM[-0.500], RE[+8.500]: the board difference is +8 and RE = difference - KM.
    const GameRecord& g2 = games[1];
    BOOST_TEST(g2.header("TY") == "8k");
    BOOST_TEST(g2.header("KM") == "-0.500");
    BOOST_TEST(g2.header("KB") == "e6//0.90");  // the komi bid, not a move
    BOOST_TEST(g2.moves.size() == 60u);
    BOOST_TEST(g2.moves[0].move == "e6");
    BOOST_TEST(ms(g2.moves[1].elapsed) == 240);     // W[f4/-16.47/0.24]: evaluation, then time
    BOOST_TEST(!g2.moves[13].elapsed.has_value());  // W[c3/-12.53]: evaluation only
    BOOST_TEST(g2.moves[59].move == "a8");
    BOOST_TEST(*g2.black_margin == 8.5);

    // Game 3: synchro random start TY[s8r19] (19 discs, white to move), 45 moves fill the board, RE[+8.000].
    const GameRecord& g3 = games[2];
    // BO rows "-------- -------- --OOO*-- -O*OO*-- --O*OO-- --O***-- --O*---- -------- O", * = black = X.
    BOOST_TEST(g3.start == "----------------" "--OOOX--" "-OXOOX--" "--OXOO--" "--OXXX--" "--OX----" "--------" " O");
    BOOST_TEST(g3.start.size() == 66u);
    BOOST_TEST(g3.start.back() == 'O');
    BOOST_TEST(g3.moves.size() == 45u);
    BOOST_TEST(g3.moves[0].move == "b5");
    BOOST_TEST(ms(g3.moves[0].elapsed) == 91890);

    const double margins[] = {0.0, 8.0, 8.0};  // RE, minus komi for game 2 (KM -0.5)
    for (int i = 0; i < 3; ++i) {
        CoreOthello ref(games[i].start);
        int start_discs = ref.count('X') + ref.count('O');
        BOOST_REQUIRE(replay(ref, games[i], false, "ggf game " + std::to_string(i + 1)));
        BOOST_TEST(ref.over());
        BOOST_TEST(ref.game.outcome().has_value());
        BOOST_TEST(start_discs + int(games[i].moves.size()) - (i == 0 ? 1 : 0) == 64);  // full board
        BOOST_TEST(ref.count('X') - ref.count('O') == margins[i], "game " << i + 1);
    }
    BOOST_TEST(CoreOthello(g3.start).count('X') + CoreOthello(g3.start).count('O') == 19);
}

BOOST_AUTO_TEST_CASE(ggf_results_and_malformed_games) {
    auto one = [](const std::string& text) { return read_ggf(text, "<g>").at(0); };
    GameRecord r = one("(;GM[Othello]RE[-12.000:r]B[f5]W[pass];)");
    BOOST_TEST(r.termination == Termination::resign);
    BOOST_TEST(r.terminated_by == 0);  // black is behind: black resigned
    BOOST_TEST(r.moves[1].move == "pass");
    BOOST_TEST(one("(;GM[Othello]RE[+3:t];)").termination == Termination::time_up);
    BOOST_TEST(one("(;GM[Othello]RE[?];)").termination == Termination::unknown);
    auto ggf = [](const std::string& text) { return [text] { read_ggf(text, "<g>"); }; };
    expect_input_error(ggf(""), 1, "empty");
    expect_input_error(ggf("(;GM[Othello]B[f5]"), 1, "no end");
    expect_input_error(ggf("(;GM[Othello]\nB[f5"), 2, "truncated value");
    expect_input_error(ggf("(;GM[Chess];)"), 1, "not othello");
    expect_input_error(ggf("(;GM[Othello]W[f5];)"), 1, "white first from the start");
    expect_input_error(ggf("(;GM[Othello]B[f5]B[d6];)"), 1, "black twice");
    expect_input_error(ggf("(;GM[Othello]B[z9];)"), 1, "bad square");
    expect_input_error(ggf("(;GM[Othello]B[f5//x];)"), 1, "bad time");
    expect_input_error(ggf("(;GM[Othello]BO[10 ----];)"), 1, "10x10");
    expect_input_error(ggf("(;GM[Othello]BO[8 ---- *];)"), 1, "short board");
    expect_input_error(ggf("(;GM[Othello]B[f5];)\n(;GM[Othello]\nb[f5];)"), 3, "second game's bad key");
    expect_input_error(ggf(std::string("(;\0\xfe\xff", 5)), 1, "binary");
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(wthor_databases_replay_to_their_recorded_scores)

BOOST_AUTO_TEST_CASE(every_wthor_game_is_legal_and_matches_its_recorded_black_score) {
    // WTHOR stores black's final disc count with the empty squares given to the winner (WOF rule).
    const std::pair<const char*, std::size_t> files[] = {
        {"WTH_1977.wtb", 12}, {"WTH_1978.wtb", 8}, {"WTH_2013.wtb", 2303}};  // (832 - 16) / 68 = 12, etc.
    for (const auto& [name, count] : files) {
        std::vector<GameRecord> games = read_wthor_file(othello_data(name));
        BOOST_TEST(games.size() == count, name);
        int checked = 0;
        for (std::size_t i = 0; i < games.size(); ++i) {
            const GameRecord& g = games[i];
            std::string what = std::string(name) + " game " + std::to_string(i);
            CoreOthello ref(g.start);
            if (!replay(ref, g, true, what)) continue;
            BOOST_TEST(ref.over(), what);
            int black = ref.count('X'), white = ref.count('O'), empty = 64 - black - white;
            if (black > white) black += empty;
            BOOST_TEST(black == *g.black_discs, what);
            ++checked;
        }
        BOOST_TEST(checked == int(count), name);
    }
}

BOOST_AUTO_TEST_CASE(wthor_1977_1978_transcripts_match_an_independent_decoding) {
    // wthor-1977-1978-decoded.tsv: the same 20 games decoded by the shared data's curator (columns: file, index,
    // tournament, black id, white id, recorded black discs, theoretical score, ..., transcript).
    std::ifstream in(othello_data("wthor-1977-1978-decoded.tsv"));
    std::string line;
    int rows = 0;
    while (std::getline(in, line)) {
        std::vector<std::string> col;
        std::istringstream fields(line);
        for (std::string f; std::getline(fields, f, '\t');) col.push_back(f);
        BOOST_REQUIRE(col.size() == 14u);
        GameRecord g = read_wthor_file(othello_data(col[0])).at(std::stoul(col[1]));
        std::string transcript;
        for (const RecordMove& m : g.moves) transcript += {char(m.move[0] - 'a' + 'A'), m.move[1]};
        BOOST_TEST(transcript == col[13], line);
        BOOST_TEST(g.header("tournament_id") == col[2]);
        BOOST_TEST(g.header("black_id") == col[3]);
        BOOST_TEST(g.header("white_id") == col[4]);
        BOOST_TEST(std::to_string(*g.black_discs) == col[5]);
        BOOST_TEST(g.header("theoretical_score") == col[6]);
        BOOST_TEST(g.header("year") == (col[0] == "WTH_1977.wtb" ? "1977" : "1978"));
        ++rows;
    }
    BOOST_TEST(rows == 20);
}

BOOST_AUTO_TEST_CASE(truncated_or_corrupt_wthor_bytes_are_refused) {
    std::string db = arbiter::core::record::read_whole_file(othello_data("WTH_1977.wtb"));
    BOOST_REQUIRE(db.size() == 832u);
    auto wthor = [](const std::string& bytes) { return [bytes] { read_wthor(bytes, "<w>"); }; };
    expect_input_error(wthor(""), 0, "empty");
    expect_input_error(wthor(db.substr(0, 15)), 0, "short header");
    expect_input_error(wthor(db.substr(0, 831)), 0, "last record cut");
    expect_input_error(wthor(db + std::string(68, '\0')), 0, "a record more than announced");
    std::string huge = db;
    huge[7] = '\x7f';  // announces ~2^30 games
    expect_input_error(wthor(huge), 0, "absurd count");
    std::string bad_move = db;
    bad_move[16 + 8] = char(19);  // row 1, column 9
    expect_input_error(wthor(bad_move), 0, "column 9");
    std::string after_end = db;
    after_end[16 + 8 + 58] = 0;  // a 0 before the last move
    expect_input_error(wthor(after_end), 0, "move after the end");
    std::string garbage;
    for (int i = 0; i < 300; ++i) garbage += char((i * 53 + 3) & 0xFF);
    expect_input_error(wthor(garbage), 0, "binary garbage");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace record_othello_test
