// The entries of a game converted for an audit (RecordGame::parts): each move the runner's entry, built once by the
// converter, each ending a place for the head's entry; audit_timeline copies them and take_audit_timeline takes them,
// and both give the same timeline. The expected values are worked from the record below by hand.
#include "records/audit_game.h"
#include "records/record_timeline.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <string>

namespace audit_entries_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

const rulebook::Library& entries_library() {
    static const auto lib = rulebook::Library::open(fs::path(ARBITER_SOURCE_DIR) / "rulesets");
    return lib;
}

// Three moves with the time each took ([%emt]: 2, 3 and 4 s, so at 0:00:02, 0:00:05, 0:00:09), then white's win with
// black not mated: black resigned, at the last move's instant. The movetext is line 6 of the file.
const std::string Resigned = "[Event \"t\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n"
                             "1. e4 {[%emt 0:00:02]} e5 {[%emt 0:00:03]} 2. Qh5 {[%emt 0:00:04]} 1-0\n";

}  // namespace

BOOST_AUTO_TEST_SUITE(audit_entries)

BOOST_AUTO_TEST_CASE(the_moves_are_the_runners_entries_and_the_ending_a_place_for_the_heads) {
    const RecordGame game = RecordFile::read_pgn_game(Resigned, "r.pgn", 1, 1).game(1, entries_library(), {}, true);
    BOOST_REQUIRE(game.parts.size() == 4u);
    const char* texts[] = {"e4", "e5", "Qh5"};
    const int columns[] = {4, 24, 47};
    const long seconds[] = {2, 5, 9, 9};
    for (std::size_t i = 0; i < 4; ++i) {
        const Entry& e = game.parts[i];
        BOOST_TEST_CONTEXT("entry " << i) {
            BOOST_TEST(e.at.count() == seconds[i] * 1000);
            if (i == 3) {
                BOOST_TEST(e.action.empty());  // the resignation, written in the head
                continue;
            }
            BOOST_TEST(e.action == "move");
            BOOST_TEST(e.text == texts[i]);
            BOOST_TEST(e.where.file.empty());  // Timeline::record_file names it
            BOOST_TEST(e.where.line == 6);
            BOOST_TEST(e.where.column == columns[i]);
            BOOST_REQUIRE(i < game.readings.readings.size());
            BOOST_TEST(game.readings.readings[i].entry == i);
            BOOST_TEST(game.readings.readings[i].ply == int(i));
        }
    }
}

BOOST_AUTO_TEST_CASE(a_timeline_taken_is_the_timeline_copied) {
    RecordGame game = RecordFile::read_pgn_game(Resigned, "r.pgn", 1, 1).game(1, entries_library(), {}, true);
    const Timeline copied = audit_timeline(game, entries_library(), "fide-2009");
    BOOST_TEST(game.parts.size() == 4u);
    const Timeline taken = take_audit_timeline(game, entries_library(), "fide-2009", nullptr);
    BOOST_TEST(game.parts.empty());
    BOOST_REQUIRE(taken.entries.size() == 4u);
    BOOST_REQUIRE(copied.entries.size() == 4u);
    for (std::size_t i = 0; i < 4; ++i) {
        BOOST_TEST_CONTEXT("entry " << i) {
            BOOST_TEST(taken.entries[i].at == copied.entries[i].at);
            BOOST_TEST(taken.entries[i].action == copied.entries[i].action);
            BOOST_TEST(taken.entries[i].text == copied.entries[i].text);
            BOOST_TEST(taken.place(taken.entries[i]).line == copied.place(copied.entries[i]).line);
            BOOST_TEST(taken.place(taken.entries[i]).file == copied.place(copied.entries[i]).file);
            // A move names the record's file; the head's entry the timeline's (a game of a stream: its number too).
            BOOST_TEST(taken.place(taken.entries[i]).file == (i < 3 ? "r.pgn" : "r.pgn (game 1)"));
        }
    }
    BOOST_TEST(taken.entries[3].action == "resign");
    BOOST_TEST(taken.entries[3].text == "black");
    BOOST_TEST(taken.entries[3].at.count() == 9000);
}

// The last rulebook of an audit takes the game's entries: the one before it copies them, and both rule the game as
// each rules it alone (black resigned: white wins under either).
BOOST_AUTO_TEST_CASE(every_rulebook_of_an_audit_rules_the_whole_game) {
    audit::GameTask task;
    task.file = "r.pgn";
    task.index = 1;
    task.pgn = Resigned;
    Runner runner(entries_library());
    const audit::AuditedGame both = audit::audit_game(task, entries_library(), runner, {"fide-2009", "fide-2001"});
    BOOST_REQUIRE(!both.error);
    BOOST_TEST(both.plies == 3);
    BOOST_REQUIRE(both.rulings.size() == 2u);
    for (const auto& r : both.rulings) {
        BOOST_TEST_CONTEXT(r.rulebook) {
            const audit::AuditedGame alone = audit::audit_game(task, entries_library(), runner, {r.rulebook});
            BOOST_REQUIRE(alone.rulings.size() == 1u);
            BOOST_TEST((r.status == Status::ended));
            BOOST_TEST((r.score == std::array<double, 2>{1.0, 0.0}));
            BOOST_TEST(r.topic == alone.rulings[0].topic);
            BOOST_TEST(r.article == alone.rulings[0].article);
            BOOST_TEST((r.agrees && *r.agrees));
        }
    }
}

// The head names the timeline after the file's stem and the game, quoted as YAML: a '"' in the name escaped, "-game-2"
// and ", game 2" after it, each game of the file its own number.
BOOST_AUTO_TEST_CASE(a_head_names_its_file_and_game_quoted) {
    const std::string two = "[White \"a\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 *\n\n"
                            "[White \"c\"]\n[Black \"d\"]\n[Result \"*\"]\n\n1. d4 *\n";
    const RecordFile file = RecordFile::read(two, "dir/we \"x\".pgn");
    for (int n = 1; n <= 2; ++n) {
        const std::string number = std::to_string(n);
        for (const bool parts : {false, true}) {
            const RecordGame game = file.game(n, entries_library(), {}, parts);
            const std::string& text = parts ? game.head : game.yaml;
            BOOST_TEST_CONTEXT("game " << n << (parts ? ", head" : ", yaml")) {
                BOOST_TEST(text.find("timeline: \"we \\\"x\\\"-game-" + number + "\"\n") != std::string::npos);
                BOOST_TEST(text.find("source: \"we \\\"x\\\".pgn, game " + number + "\"\n") != std::string::npos);
            }
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace audit_entries_test
