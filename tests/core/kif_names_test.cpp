// The KIF reader takes its piece names from the game file (core/record/kif.h, kif_pieces): a shogi variant's game
// file with a piece renamed (tests/data/games/kif-names/games/shogi-renamed.yaml: the pawn's 歩 written 兵) reads
// its own KIF record and writes its moves back in the traditional notation, with no C++ of its own. Expected USI by
// hand: files are the KIF's digits, ranks 一..九 are a..i; a drop is the piece's letter, '*' and the square.
#include "core/error.h"
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/record/kif.h"
#include "core/traditional_notation.h"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace kif_names_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::record;

namespace {

GameDefinitionPtr renamed() {
    static GameDefinitionPtr def =
        load_game("shogi-renamed", std::string(ARBITER_SOURCE_DIR) + "/tests/data/games/kif-names");
    return def;
}

// The reader's message for a KIF text it refuses ("" if it reads it).
std::string refusal(const std::string& kif, const KifPieces& pieces) {
    try {
        read_kif(kif, "t.kif", pieces);
    } catch (const arbiter::InputError& e) {
        return e.what();
    }
    return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(kif_piece_names_from_the_game_file)

BOOST_AUTO_TEST_CASE(a_renamed_pawn_is_read_and_written_back) {
    const KifPieces pieces = kif_pieces(*renamed());
    // Sente's pawn goes up file 2 and is taken; the rook takes back; gote drops the pawn it took on 2c (二歩 is not
    // broken: gote's file-2 pawn was the one taken).
    const std::vector<std::string> kif_moves = {"２六兵(27)", "８四兵(83)", "２五兵(26)", "８五兵(84)",
                                                "２四兵(25)", "同　兵(23)", "同　飛(28)", "２三兵打"};
    const std::vector<std::string> usi = {"2g2f", "8c8d", "2f2e", "8d8e", "2e2d", "2c2d", "2h2d", "P*2c"};
    // Written back: the side's mark, the move without its source square.
    const std::vector<std::string> written = {"▲２六兵", "△８四兵", "▲２五兵", "△８五兵",
                                              "▲２四兵", "△同　兵", "▲同　飛", "△２三兵打"};
    std::string text = "手合割：平手\n手数----指手---------消費時間--\n";
    for (std::size_t i = 0; i < kif_moves.size(); ++i)
        text += "   " + std::to_string(i + 1) + " " + kif_moves[i] + "\n";
    const GameRecord r = read_kif(text, "renamed.kif", pieces);
    BOOST_REQUIRE(r.moves.size() == usi.size());
    BasicPosition<WideBitboard<2>> pos = BasicPosition<WideBitboard<2>>::start(renamed());
    int previous_to = -1;
    for (std::size_t i = 0; i < usi.size(); ++i) {
        BOOST_TEST(r.moves[i].move == usi[i]);
        const ParsedMove parsed = read_usi(pos, r.moves[i].move);
        BOOST_REQUIRE(parsed.ok());
        BOOST_TEST(to_traditional(pos, parsed.move, previous_to) == written[i]);
        previous_to = int(parsed.move.to());
        Undo u;
        pos.make(parsed.move, u);
    }
}

BOOST_AUTO_TEST_CASE(each_game_file_reads_its_own_names_only) {
    const KifPieces variant = kif_pieces(*renamed());
    const KifPieces shogi = kif_pieces(*load_game("shogi"));
    const std::string pawn = "   1 ７六歩(77)\n", soldier = "   1 ７六兵(77)\n";
    BOOST_TEST(refusal(pawn, shogi).empty());
    BOOST_TEST(refusal(soldier, variant).empty());
    // The message lists the game file's names: its glyphs in the file's order, then its other_names.
    const std::string names = "expected a piece name (玉 王 飛 角 金 銀 桂 香 兵 龍 馬 成銀 成桂 成香 と 竜 全 圭 杏)";
    BOOST_TEST(refusal(pawn, variant).find(names) != std::string::npos);
    BOOST_TEST(refusal(soldier, shogi).find("香 歩 龍") != std::string::npos);
    // notation.traditional.other_names are read (竜 for the dragon, 全 圭 杏 for the promoted silver, knight and
    // lance), and a royal or promoted piece is not dropped.
    BOOST_TEST(kif_move_to_usi("２二竜(28)", "", "k.kif", shogi) == "2h2b");
    BOOST_TEST(kif_move_to_usi("５二全(53)", "", "k.kif", shogi) == "5c5b");
    BOOST_TEST(refusal("   1 ５五玉打\n", shogi).find("cannot be dropped") != std::string::npos);
    BOOST_TEST(refusal("   1 ５五と打\n", variant).find("cannot be dropped") != std::string::npos);
    BOOST_TEST(kif_move_to_usi("５五兵打", "", "k.kif", variant) == "P*5e");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace kif_names_test
