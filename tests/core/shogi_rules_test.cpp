// Shogi rules on the board: SFEN and USI text (with the column of what is wrong), the cases of
// tests/data/shogi/rule-cases.yaml replayed on the core (legality of promotions, drops, nifu, uchifuzume,
// double check, legal-move counts, check, impasse counts), and repetition keys that include hands.
#include "core/error.h"
#include "core/game_files.h"
#include "core/move_text.h"
#include "core/position.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>

namespace shogi_rules_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using namespace arbiter::core;

namespace {

using ShogiPosition = BasicPosition<WideBitboard<2>>;

GameDefinitionPtr shogi() {
    static GameDefinitionPtr def = load_game("shogi");
    return def;
}

std::string sfen_error(const std::string& sfen) {
    try {
        ShogiPosition::from_sfen(shogi(), sfen, "s");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

std::string usi_error(const ShogiPosition& pos, const std::string& move) {
    try {
        parse_usi(pos, move, "m");
    } catch (const InputError& e) {
        return e.what();
    }
    return "(no error)";
}

bool is_legal(const ShogiPosition& pos, const std::string& move) {
    try {
        parse_usi(pos, move);
        return true;
    } catch (const InputError&) {
        return false;
    }
}

}  // namespace

BOOST_AUTO_TEST_SUITE(shogi_rules)

BOOST_AUTO_TEST_CASE(sfen_round_trips_with_promoted_pieces_and_hands) {
    const char* sfens[] = {
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    };
    for (const char* s : sfens) BOOST_TEST(ShogiPosition::from_sfen(shogi(), s).sfen() == s);
    // The move number is optional on reading (1 then).
    BOOST_TEST(ShogiPosition::from_sfen(shogi(), "4k4/9/9/9/9/9/9/9/4K4 b 2P").sfen() == "4k4/9/9/9/9/9/9/9/4K4 b 2P 1");
}

BOOST_AUTO_TEST_CASE(bad_sfen_names_field_and_column) {
    BOOST_TEST(sfen_error("4k4/9/9/9/9/9/9/9/4K4 b - 1 x") ==
               "s: SFEN: expected 3 or 4 fields (placement, side to move, pieces in hand, move number), got 5");
    // column 5: the 'x' after "4k4/" (1-based)
    BOOST_TEST(sfen_error("4k4/x8/9/9/9/9/9/9/4K4 b - 1") == "s: SFEN: field 1 (piece placement) at column 5: unknown piece letter 'x'");
    BOOST_TEST(sfen_error("4k4/9/9/9/9/9/9/9/4K4 x - 1") == "s: SFEN: field 2 (side to move) at column 23: expected 'b' or 'w', got 'x'");
    BOOST_TEST(sfen_error("4k4/9/9/9/9/9/9/9/4K4 b 2K 1") ==
               "s: SFEN: field 3 (pieces in hand) at column 26: 'K' is not a piece that can be in hand");
    BOOST_TEST(sfen_error("4k4/9/9/9/9/9/9/9/4K4 b - 0") == "s: SFEN: field 4 (move number) at column 27: expected a number of at least 1, got 0");
    BOOST_TEST(sfen_error("4k4/9/9/9/9/9/9/9/4+K4 b - 1").find("'K' (king) does not promote") != std::string::npos);
    BOOST_TEST(sfen_error("4k4/9/9/9/9/9/9/9/4T4 b - 1").find("unknown piece letter 'T'") != std::string::npos);
    // A sente pawn on rank a could never move (行き所のない駒): such test positions are read, the pawn has no move.
    BOOST_TEST(sfen_error("P3k4/9/9/9/9/9/9/9/4K4 b - 1") == "(no error)");
    BOOST_TEST(ShogiPosition::from_sfen(shogi(), "P3k4/9/9/9/9/9/9/9/4K4 b - 1").legal_moves().size() == 5);  // only the king on 5i: 4i 6i 4h 5h 6h
    BOOST_TEST(sfen_error("4k4/9/9/9/9/9/9/9/4K4").find("expected 3 or 4 fields") != std::string::npos);
    BOOST_TEST(sfen_error("4k4/9/9/9/9/9/9/9/4K5 b - 1").find("has more than 9 squares") != std::string::npos);
    BOOST_TEST(sfen_error("").find("got 0") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(usi_moves_read_and_write) {
    ShogiPosition pos = ShogiPosition::start(shogi());
    Move m = parse_usi(pos, "7g7f");
    BOOST_TEST(to_usi(pos, m) == "7g7f");
    Undo u1, u2, u3;
    pos.make(m, u1);
    pos.make(parse_usi(pos, "3c3d"), u2);
    Move bx = parse_usi(pos, "8h2b+");  // bishop takes bishop and promotes
    BOOST_TEST(bx.is_promotion());
    BOOST_TEST(to_usi(pos, bx) == "8h2b+");
    pos.make(bx, u3);
    BOOST_TEST(pos.sfen() == "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4");
    BOOST_TEST(usi_error(pos, "7g7f") == "m: move '7g7f' at column 1: not a legal move in this position");
    BOOST_TEST(usi_error(pos, "B*5e") == "m: move 'B*5e' at column 1: not a legal drop in this position");
    BOOST_TEST(usi_error(pos, "K*5e") == "m: move 'K*5e' at column 1: 'K' is not a piece that can be dropped");
    BOOST_TEST(usi_error(pos, "3a2b=") == "m: move '3a2b=' at column 5: unexpected '=' after the squares");
    BOOST_TEST(usi_error(pos, "0a2b") == "m: move '0a2b' at column 1: expected a square such as 7g, or a drop such as P*5e");
    Undo u4;
    pos.make(parse_usi(pos, "3a2b"), u4);  // silver takes the horse: gote now holds a bishop
    Move drop = parse_usi(pos, "B*5e");
    BOOST_TEST(to_usi(pos, drop) == "B*5e");
    BOOST_TEST(pos.sfen() == "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5");
}

// Repetition identity includes hands: the same board with a different hand is another position.
BOOST_AUTO_TEST_CASE(repetition_keys_include_hands) {
    auto a = ShogiPosition::from_sfen(shogi(), "4k4/9/9/9/9/9/9/9/4K4 b P 1");
    auto b = ShogiPosition::from_sfen(shogi(), "4k4/9/9/9/9/9/9/9/4K4 b 2P 1");
    auto c = ShogiPosition::from_sfen(shogi(), "4k4/9/9/9/9/9/9/9/4K4 b p 1");
    auto d = ShogiPosition::from_sfen(shogi(), "4k4/9/9/9/9/9/9/9/4K4 b P 7");
    BOOST_TEST(a.repetition_key() != b.repetition_key());
    BOOST_TEST(a.repetition_key() != c.repetition_key());
    BOOST_TEST(a.repetition_key() == d.repetition_key());
    // make/unmake restore the key and the hands exactly.
    Undo u;
    Move m = parse_usi(a, "P*5e");
    a.make(m, u);
    BOOST_TEST(a.hand_count(first, shogi()->piece_by_name("pawn")) == 0);
    a.unmake(m, u);
    BOOST_TEST(a.key() == d.key());
    BOOST_TEST(a.sfen() == "4k4/9/9/9/9/9/9/9/4K4 b P 1");
}

// No legal move loses in shogi, in check (詰み) or not: the definition says so.
BOOST_AUTO_TEST_CASE(no_legal_moves_loses_with_or_without_check) {
    BOOST_TEST(int(shogi()->no_moves_in_check) == int(NoMovesResult::loss));
    BOOST_TEST(int(shogi()->no_moves_not_in_check) == int(NoMovesResult::loss));
    // python-shogi "no legal moves": sente's only pieces cannot move and its hand pawns have no file.
    auto pos = ShogiPosition::from_sfen(shogi(), "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200");
    BOOST_TEST(pos.legal_moves().size() == 0);
    BOOST_TEST(!pos.is_check());
}

// Every shogi case of rule-cases.yaml: the moves replay legally, the final SFEN matches, and the board
// facts the case states hold. Impasse validity uses the cases' stated semantics (lishogi 27-point rule:
// side to move not in check, its king and at least 10 other pieces in the zone, sente 28 / gote 27
// points) over the core's impasse_count; the thresholds are the rulebooks', the counts are the core's.
BOOST_AUTO_TEST_CASE(rule_cases_replay_on_the_core) {
    YAML::Node root = YAML::LoadFile("tests/data/shogi/rule-cases.yaml");
    int cases = 0, facts = 0;
    for (const YAML::Node& c : root["cases"]) {
        const std::string id = c["id"].as<std::string>();
        BOOST_TEST_CONTEXT(id) {
            ++cases;
            ShogiPosition pos = ShogiPosition::from_sfen(shogi(), c["position"]["start_sfen"].as<std::string>(), id);
            std::vector<Undo> undo(c["position"]["moves_usi"].size());
            int ply = 0;
            for (const YAML::Node& mv : c["position"]["moves_usi"]) {
                Move m = parse_usi(pos, mv.as<std::string>(), id);
                pos.make(m, undo[ply++]);
            }
            if (c["final_sfen"]) BOOST_TEST(pos.sfen() == c["final_sfen"].as<std::string>());
            const YAML::Node e = c["expected"];
            if (e["move"] && e["is_legal"]) {
                BOOST_TEST(is_legal(pos, e["move"].as<std::string>()) == e["is_legal"].as<bool>());
                ++facts;
            }
            if (e["legal_move_count"]) {
                BOOST_TEST(pos.legal_moves().size() == e["legal_move_count"].as<int>());
                ++facts;
            }
            if (e["in_check"]) {
                BOOST_TEST(pos.is_check() == e["in_check"].as<bool>());
                ++facts;
            }
            if (e["plies"]) BOOST_TEST(ply == e["plies"].as<int>());
            if (e["impasse_declaration_valid"] && id.find("handicap") == std::string::npos) {
                Color us = pos.side_to_move();
                ImpasseCount n = impasse_count(pos, us);
                bool valid = !pos.is_check() && n.royal_in_zone && n.pieces_in_zone >= 10 && n.points >= (us == first ? 28 : 27);
                BOOST_TEST(valid == e["impasse_declaration_valid"].as<bool>());
                ++facts;
            }
        }
    }
    BOOST_TEST(cases == 115);
    BOOST_TEST(facts > 40);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace shogi_rules_test
