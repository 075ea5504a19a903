// Real shogi records (tests/data/shogi: KIF and CSA, see SOURCES.md) replayed on the core to their end:
// every move the readers turn into USI is legal in the position it is played from.
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/position.h"
#include "core/record/csa.h"
#include "core/record/kif.h"
#include "shogi_kif.h"

#include <boost/test/unit_test.hpp>

#include <map>

namespace shogi_records_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using arbiter::testing::shogi_kif;
using namespace arbiter::core::record;

namespace {

using ShogiPosition = BasicPosition<WideBitboard<2>>;

struct Replay {
    ShogiPosition final;
    int plies = 0;
    int occurrences_of_final = 0;  // how often the final position (repetition key) occurred, itself included
};

// Plays every move of `r`; parse_usi throws (failing the test with the file and move) on an illegal one.
Replay replay(const GameRecord& r, const std::string& file) {
    static GameDefinitionPtr def = load_game("shogi");
    ShogiPosition pos = r.start == "startpos" ? ShogiPosition::start(def) : ShogiPosition::from_sfen(def, r.start, file);
    std::vector<std::uint64_t> keys{pos.repetition_key()};
    std::vector<Undo> undo(r.moves.size());
    int ply = 0;
    for (const RecordMove& m : r.moves) {
        pos.make(parse_usi(pos, m.move, file + ":" + std::to_string(m.line)), undo[ply++]);
        keys.push_back(pos.repetition_key());
    }
    int n = 0;
    for (std::uint64_t k : keys) n += k == keys.back();
    return {pos, ply, n};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(shogi_records_replay)

BOOST_AUTO_TEST_CASE(kif_games_replay_to_their_end) {
    // 千日手: the record ends on the fourth occurrence of one position (hands included).
    Replay s = replay(read_kif_file("tests/data/shogi/shogidokoro-elmo-vs-yaselmo-sennichite.kif", shogi_kif()),
                      "sennichite.kif");
    BOOST_TEST(s.occurrences_of_final == 4);
    Replay t = replay(read_kif_file("tests/data/shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif", shogi_kif()),
                      "time-up.kif");
    BOOST_TEST(t.plies > 0);
    Replay h = replay(read_kif_file("tests/data/shogi/habu-vs-fujii-2006-junisen.sjis.kif", shogi_kif()),
                      "habu-fujii.kif");
    BOOST_TEST(h.plies > 0);
    BOOST_TEST(!h.final.legal_moves().empty());  // ended by resignation, not by mate
}

BOOST_AUTO_TEST_CASE(csa_games_replay_to_their_end) {
    const char* files[] = {
        "elmo-vs-yaselmo-jishogi-declaration.csa",
        "floodgate/jishogi_kachi.csa",
        "floodgate/max_moves_draw.csa",
        "floodgate/not_sennichite.csa",
        "floodgate/not_uchifuzume.csa",
        "floodgate/oute_sennichite.csa",
        "floodgate/oute_sennichite2.csa",
        "floodgate/oute_sennichite3.csa",
        "floodgate/uchifuzume.csa",
        "floodgate/wdoor+floodgate-900-0+gps_normal+gps_l+20100507120007.csa",
    };
    for (const char* f : files) {
        GameRecord r = read_csa_file(std::string("tests/data/shogi/") + f);
        Replay p = replay(r, f);
        BOOST_TEST(p.plies == int(r.moves.size()), f);
    }
    // uchifuzume.csa: the server rejected gote's next move -0064FU, a pawn drop that mates (P*6d).
    Replay u = replay(read_csa_file("tests/data/shogi/floodgate/uchifuzume.csa"), "uchifuzume.csa");
    BOOST_TEST(u.final.side_to_move() == second);
    MoveList legal = u.final.legal_moves();
    BOOST_TEST(!legal.contains(Move(u.final.definition().piece_by_name("pawn"), u.final.definition().parse_square("6d"),
                                    MoveKind::drop)));
    BOOST_TEST(u.final.hand_count(second, u.final.definition().piece_by_name("pawn")) > 0);
    // It is refused for uchifuzume only: 6d is empty, file 6 holds no gote pawn, and played anyway the drop
    // leaves sente in check without a legal move.
    const GameDefinition& g = u.final.definition();
    const int pawn = g.piece_by_name("pawn"), d6 = g.parse_square("6d");
    BOOST_TEST(u.final.piece_on(d6) == no_piece);
    for (int r = 0; r < 9; ++r) BOOST_TEST(u.final.piece_on(g.square(g.file_of(d6), r)) != make_piece(second, pawn));
    ShogiPosition after = u.final;
    Undo undo;
    after.make(Move(pawn, d6, MoveKind::drop), undo);
    BOOST_TEST(after.is_check());
    BOOST_TEST(after.legal_moves().empty());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace shogi_records_test
