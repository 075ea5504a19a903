// Repetition (FIDE 9.2, identity per 9.2.3), the fifty- and seventy-five-move rules (9.3, 9.6.2),
// fivefold repetition (9.6.1), results, insufficient material and en passant legality, on the chess
// cases of tests/data/chess/rule-cases-chess.yaml (each case names its source).
#include "chess_fixture.h"
#include "core/game.h"

#include <boost/test/unit_test.hpp>
#include <yaml-cpp/yaml.h>

namespace game_rules_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter::core;
using namespace arbiter::core::testing;

namespace {

// Plays a case's moves: SAN, and checks that its UCI list names the same moves.
Game play_case(const YAML::Node& position) {
    std::string start = position["start_fen"] ? position["start_fen"].as<std::string>() : position["fen"].as<std::string>();
    Game game(fen(start));
    YAML::Node sans = position["moves_san"], ucis = position["moves_uci"];
    for (std::size_t i = 0; sans && i < sans.size(); ++i) {
        ParsedMove s = parse_san(game.position(), sans[i].as<std::string>());
        BOOST_REQUIRE_MESSAGE(s.ok(), sans[i].as<std::string>() << ": " << s.message);
        ParsedMove u = parse_uci(game.position(), ucis[i].as<std::string>());
        BOOST_TEST(u.move == s.move, "UCI " << ucis[i].as<std::string>() << " vs SAN " << sans[i].as<std::string>());
        game.play(s.move);
    }
    return game;
}

std::string result(const std::optional<Outcome>& o) { return o ? o->result() : "*"; }

}  // namespace

BOOST_AUTO_TEST_SUITE(draw_rules_follow_fide_9_on_published_cases)

BOOST_AUTO_TEST_CASE(all_chess_rule_cases) {
    YAML::Node doc = YAML::LoadFile(data("rule-cases-chess.yaml"));
    int cases = 0, checks = 0;
    for (const YAML::Node& c : doc["cases"]) {
        const std::string id = c["id"].as<std::string>();
        BOOST_TEST_CONTEXT(id) {
            Game game = play_case(c["position"]);
            const Position& pos = game.position();
            for (const auto& kv : c["expected"]) {
                const std::string key = kv.first.as<std::string>();
                const YAML::Node& v = kv.second;
                ++checks;
                BOOST_TEST_CONTEXT(key) {
                    if (key == "can_claim_threefold_repetition") BOOST_TEST(game.can_claim_repetition() == v.as<bool>());
                    else if (key == "position_occurred_3_times") BOOST_TEST((game.repetition_count() >= 3) == v.as<bool>());
                    else if (key == "is_repetition_2") BOOST_TEST((game.repetition_count() >= 2) == v.as<bool>());
                    else if (key == "is_fivefold_repetition") BOOST_TEST(game.is_fivefold_repetition() == v.as<bool>());
                    else if (key == "is_game_over" || key == "game_over_automatically")
                        BOOST_TEST(game.outcome().has_value() == v.as<bool>());
                    else if (key == "is_game_over_with_claim") BOOST_TEST(game.outcome(true).has_value() == v.as<bool>());
                    else if (key == "is_fifty_moves")  // python-chess: 100 plies reached and the game not over on the board
                        BOOST_TEST((pos.halfmove_clock() >= 100 && !pos.legal_moves().empty()) == v.as<bool>());
                    else if (key == "can_claim_fifty_moves") BOOST_TEST(game.can_claim_fifty_moves() == v.as<bool>());
                    else if (key == "can_claim_draw")
                        BOOST_TEST((game.can_claim_fifty_moves() || game.can_claim_repetition()) == v.as<bool>());
                    else if (key == "is_checkmate") BOOST_TEST(pos.is_checkmate() == v.as<bool>());
                    else if (key == "is_stalemate") BOOST_TEST(pos.is_stalemate() == v.as<bool>());
                    else if (key == "is_seventyfive_moves") BOOST_TEST(game.is_seventyfive_moves() == v.as<bool>());
                    else if (key == "result_without_claim") BOOST_TEST(result(game.outcome()) == v.as<std::string>());
                    else if (key == "result_with_claim") BOOST_TEST(result(game.outcome(true)) == v.as<std::string>());
                    else if (key == "white_has_insufficient_material")
                        BOOST_TEST(pos.has_insufficient_material(first) == v.as<bool>());
                    else if (key == "black_has_insufficient_material")
                        BOOST_TEST(pos.has_insufficient_material(second) == v.as<bool>());
                    else if (key == "is_insufficient_material") BOOST_TEST(pos.is_insufficient_material() == v.as<bool>());
                    else if (key == "halfmove_clock") BOOST_TEST(pos.halfmove_clock() == v.as<int>());
                    else if (key == "legal_move_count") BOOST_TEST(pos.legal_moves().size() == v.as<int>());
                    else if (key == "move") {
                        ParsedMove m = parse_uci(pos, v.as<std::string>());
                        BOOST_TEST(m.ok() == c["expected"]["is_legal"].as<bool>());
                    } else if (key == "is_legal") {
                        --checks;  // read with "move"
                    } else {
                        BOOST_ERROR("unknown expectation " << key);
                    }
                }
            }
        }
        ++cases;
    }
    BOOST_TEST(cases == 65);
    BOOST_TEST(checks > 100);
}

BOOST_AUTO_TEST_SUITE_END()

BOOST_AUTO_TEST_SUITE(repetition_identity_is_fide_9_2_3)

BOOST_AUTO_TEST_CASE(lost_castling_rights_make_a_different_position) {
    // Kings out and back: same placement, but KQkq are gone, so the start counts once (hand count).
    Game game(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    for (const char* m : {"Ke2", "Ke7", "Ke1", "Ke8"}) BOOST_REQUIRE(game.play(m).ok());
    BOOST_TEST(game.repetition_count() == 1);
    for (const char* m : {"Ke2", "Ke7", "Ke1", "Ke8"}) BOOST_REQUIRE(game.play(m).ok());
    BOOST_TEST(game.repetition_count() == 2);
}

BOOST_AUTO_TEST_CASE(castling_by_possible_moves_ignores_rights_that_cannot_be_used) {
    // FIDE 2009 9.2 / JCA 9.2 reading: compare the castling moves that can be made. Here b- and f-files are blocked
    // by the knights and bishops, so no castling move exists at the start although KQkq are held. After
    // 1.Kd1 Kd8 2.Ke1 Ke8 3.Kd1 Kd8 4.Ke1 Ke8 the placement with White to move has stood three times (start, after
    // 2...Ke8, after 4...Ke8): by rights the start differs (2 occurrences), by possible moves it does not (3).
    Game game(fen("rn2kb1r/pppppppp/8/8/8/8/PPPPPPPP/RN2KB1R w KQkq - 0 1"));
    for (const char* m : {"Kd1", "Kd8", "Ke1", "Ke8", "Kd1", "Kd8", "Ke1", "Ke8"}) BOOST_REQUIRE(game.play(m).ok());
    BOOST_TEST(game.repetition_count() == 2);
    game.set_castling_identity(CastlingIdentity::possible_moves);  // re-keys the history
    BOOST_TEST(game.repetition_count() == 3);
    game.set_castling_identity(CastlingIdentity::rights);
    BOOST_TEST(game.repetition_count() == 2);
}

BOOST_AUTO_TEST_CASE(castling_by_possible_moves_still_counts_a_castling_that_could_be_made) {
    // With the paths clear White and Black could castle at the start; after the kings' walk they cannot. The start
    // differs under both readings: after two walks the current position has stood twice (hand count).
    Game game(fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    game.set_castling_identity(CastlingIdentity::possible_moves);
    for (const char* m : {"Ke2", "Ke7", "Ke1", "Ke8", "Ke2", "Ke7", "Ke1", "Ke8"}) BOOST_REQUIRE(game.play(m).ok());
    BOOST_TEST(game.repetition_count() == 2);
}

BOOST_AUTO_TEST_CASE(en_passant_counts_only_when_the_capture_is_legal) {
    // 1.c4 (d4 pawn may take e.p.) ... the same placement later without the e.p. right is different.
    Game game(fen("4k1n1/8/8/8/3p4/8/2P5/4K1N1 w - - 0 1"));
    BOOST_REQUIRE(game.play("c4").ok());
    const std::uint64_t with_ep = game.position().repetition_key();
    for (const char* m : {"Nf6", "Nf3", "Ng8", "Ng1"}) BOOST_REQUIRE(game.play(m).ok());
    BOOST_TEST(game.position().repetition_key() != with_ep);
    BOOST_TEST(game.repetition_count() == 1);
    // 1.e4 from the start: no black pawn can take on e3, so the key equals the key without the e.p. square.
    Game start(Position::start(chess()));
    BOOST_REQUIRE(start.play("e4").ok());
    BOOST_TEST(start.position().repetition_key() ==
               fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").repetition_key());
}

BOOST_AUTO_TEST_CASE(the_halfmove_clock_counts_plies_without_capture_or_pawn_move) {
    Game game(Position::start(chess()));
    BOOST_REQUIRE(game.play("Nf3").ok());
    BOOST_REQUIRE(game.play("Nc6").ok());
    BOOST_TEST(game.position().halfmove_clock() == 2);
    BOOST_REQUIRE(game.play("e4").ok());  // pawn move
    BOOST_TEST(game.position().halfmove_clock() == 0);
    BOOST_REQUIRE(game.play("Nb4").ok());
    BOOST_REQUIRE(game.play("Nc3").ok());
    BOOST_TEST(game.position().halfmove_clock() == 2);
    BOOST_REQUIRE(game.play("Nxa2").ok());  // capture
    BOOST_TEST(game.position().halfmove_clock() == 0);
    game.undo();
    BOOST_TEST(game.position().halfmove_clock() == 2);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace game_rules_test
