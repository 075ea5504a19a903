// Game files go through the front door (rulebook/game_loader.h): the checks every YAML file meets, then the game
// schema, before the core compiles them.
#include "rulebook/game_loader.h"

#include "core/error.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <utility>
#include <unistd.h>

namespace game_loader_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;

namespace {

struct Games {
    fs::path dir = fs::temp_directory_path() / ("arbiter-game-loader-" + std::to_string(::getpid()));
    Games() { fs::create_directories(dir / "games"); }
    ~Games() { fs::remove_all(dir); }
    void write(const std::string& name, const std::string& text) const { std::ofstream(dir / "games" / (name + ".yaml")) << text; }
    std::string error(const std::string& name) const {
        try {
            arbiter::rulebook::load_game(name, dir);
        } catch (const arbiter::InputError& e) {
            return e.what();
        }
        return {};
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(game_files_through_the_front_door)

BOOST_AUTO_TEST_CASE(a_duplicate_key_is_refused_where_it_stands) {
    Games games;
    std::ifstream in(fs::path(ARBITER_SOURCE_DIR) / "rulesets/games/chess.yaml");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    // A second `title:` on a line of its own after `game: chess`: yaml-cpp alone would keep one of the two.
    const auto at = text.find("game: chess\n");
    BOOST_REQUIRE(at != std::string::npos);
    text.insert(at + 12, "title: Another\n");
    games.write("dup", text);
    const std::string error = games.error("dup");
    BOOST_TEST(error.find("dup.yaml:") != std::string::npos, error);
    BOOST_TEST(error.find("title") != std::string::npos, error);
}

BOOST_AUTO_TEST_CASE(a_key_the_game_schema_does_not_know_is_refused) {
    Games games;
    games.write("odd", "game: odd\nsides: [a, b]\nboard: {files: [a], ranks: [\"1\"]}\npieces: [{name: king, letter: K, royal: true, leap: [[1, 0]]}]\nflavour: sweet\n");
    const std::string error = games.error("odd");
    BOOST_TEST(error.find("odd.yaml:5:1") != std::string::npos, error);
    BOOST_TEST(error.find("flavour") != std::string::npos, error);
}

BOOST_AUTO_TEST_CASE(the_cycle_facts_words_are_checked_where_they_stand) {
    // A mate_threat_checks outside 1-5 is refused by the schema, a roles.offers_exchange naming no piece and a
    // roles.never_chased_in naming no region by the core, each at its line and column (the xiangqi game file with one line changed).
    std::ifstream in(fs::path(ARBITER_SOURCE_DIR) / "rulesets/games/xiangqi.yaml");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto with = [&](const std::string& from, const std::string& to) {
        std::string t = text;
        const auto at = t.find(from);
        BOOST_REQUIRE(at != std::string::npos);
        t.replace(at, from.size(), to);
        std::size_t line = 1;
        for (std::size_t i = 0; i < at; ++i) line += t[i] == '\n';
        return std::make_pair(t, line);
    };
    Games games;
    const auto [deep, deep_line] = with("mate_threat_checks: 3", "mate_threat_checks: 9");
    games.write("xiangqi", deep);
    std::string error = games.error("xiangqi");
    BOOST_TEST(error.find("xiangqi.yaml:" + std::to_string(deep_line) + ":21") != std::string::npos, error);
    BOOST_TEST(error.find("mate_threat_checks") != std::string::npos, error);
    const auto [odd, odd_line] = with("offers_exchange: [chariot, horse, cannon]", "offers_exchange: [chariot, dragon]");
    games.write("xiangqi", odd);
    error = games.error("xiangqi");
    BOOST_TEST(error.find("xiangqi.yaml:" + std::to_string(odd_line) + ":") != std::string::npos, error);
    BOOST_TEST(error.find("roles.offers_exchange: no piece named 'dragon'") != std::string::npos, error);
    // A roles.never_chased_in region the board does not name.
    const auto [bank, bank_line] = with("never_chased_in: {soldier: own_half}", "never_chased_in: {soldier: bank}");
    games.write("xiangqi", bank);
    error = games.error("xiangqi");
    BOOST_TEST(error.find("xiangqi.yaml:" + std::to_string(bank_line) + ":") != std::string::npos, error);
    BOOST_TEST(error.find("roles.never_chased_in: no region named 'bank'") != std::string::npos, error);
    // A material_values entry naming no piece.
    const auto [worth, worth_line] = with("chariot: 4, horse: 2", "dragon: 4, horse: 2");
    games.write("xiangqi", worth);
    error = games.error("xiangqi");
    BOOST_TEST(error.find("xiangqi.yaml:" + std::to_string(worth_line) + ":") != std::string::npos, error);
    BOOST_TEST(error.find("material_values: no piece named 'dragon'") != std::string::npos, error);
}

BOOST_AUTO_TEST_CASE(the_bundled_games_load_and_are_compiled_once) {
    const fs::path rulesets = fs::path(ARBITER_SOURCE_DIR) / "rulesets";
    for (const char* game : {"chess", "shogi", "othello"}) {
        const auto first = arbiter::rulebook::load_game(game, rulesets);
        BOOST_TEST((first == arbiter::rulebook::load_game(game, rulesets)), game);
    }
    Games games;
    BOOST_TEST(games.error("../chess").find("expected letters, digits") != std::string::npos);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace game_loader_test
