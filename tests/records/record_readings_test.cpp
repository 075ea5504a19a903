// The converter's readings of a record's moves (Entry::reading of RecordGame::parts, handed to the runner) are the
// readings of the moves' texts: every real PGN record under tests/data (provenance in tests/data/games/SOURCES.md) is
// ruled the same, ruling for ruling, with its readings and with them taken away (the runner then reads every text).
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
                    const Timeline with = audit_timeline(game, library, book);
                    Timeline without = with;
                    int read = 0;
                    for (auto& e : without.entries) {
                        read += e.reading.ply >= 0;
                        e.reading = {};
                    }
                    BOOST_TEST(read == int(std::count_if(with.entries.begin(), with.entries.end(),
                                                         [](const Entry& e) { return e.action == "move"; })));
                    Runner runner(library);
                    const Run a = runner.run(with, *library.find(book));
                    const Run b = runner.run(without, *library.find(book));
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
