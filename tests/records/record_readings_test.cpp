// The converter's readings of a record's moves (RecordGame::readings, handed to the audit's board) are the readings of
// the moves' texts: every real PGN record under tests/data (provenance in tests/data/games/SOURCES.md) is ruled the
// same, ruling for ruling, on the audit's board and on the general board (which reads every text).
#include "procedure/board.h"
#include "records/audit_board.h"
#include "records/record_timeline.h"

#include "rulebook/game_loader.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <string>

namespace record_readings_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

BOOST_AUTO_TEST_SUITE(record_readings)

BOOST_AUTO_TEST_CASE(a_record_rules_the_same_with_and_without_its_readings) {
    const fs::path root(ARBITER_SOURCE_DIR);
    const auto library = rulebook::Library::open(root / "rulesets");
    int games = 0;
    for (const char* file : {"chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn",
                             "chess/games/chess-lichess-VsUqVhC2-bullet-time-forfeit.pgn",
                             "chess/games/chess-wcc2023-game1-nepomniachtchi-ding.pgn",
                             "games/compressed/three-games.pgn"}) {
        const auto record = RecordFile::open((root / "tests/data" / file).string());
        for (int n = record.first_game(); n < record.first_game() + record.games(); ++n) {
            const RecordGame game = record.game(n, library, {}, true);
            for (const char* book : {"fide-2009", "fide-2001", "jca-1997"}) {
                BOOST_TEST_CONTEXT(file << " game " << n << " under " << book) {
                    const Timeline t = audit_timeline(game, library, book);
                    BOOST_TEST(game.readings.readings.size() ==
                               std::size_t(std::count_if(t.entries.begin(), t.entries.end(),
                                                         [](const Entry& e) { return e.action == "move"; })));
                    Runner runner(library);
                    const auto wrap = [&](std::unique_ptr<Board> board, AnalysisMemo* memo) {
                        return audit::audit_board(std::move(board), t, game.readings, memo);
                    };
                    const Run a = runner.run(t, *library.find(book), wrap);
                    const Run b = runner.run(t, *library.find(book));
                    BOOST_TEST(to_json(a).dump() == to_json(b).dump());
                    ++games;
                }
            }
        }
    }
    BOOST_TEST(games == 18);  // four files: 1 + 1 + 1 + 3 games, each under three rulebooks
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace record_readings_test
