// audit_timeline (records/record_timeline.h), the audit's way in without the JSON-Schema check, must build the very
// timeline the front door (record_timeline) builds: same name, event, start, and for every entry the same instant,
// action, value, note and source location. Compared on the real records under tests/data (provenance in
// tests/data/games/SOURCES.md), under each record's default rulebook and under another edition.
#include "records/record_timeline.h"

#include "rulebook/yaml_source.h"

#include <boost/test/unit_test.hpp>

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

const fs::path Root(ARBITER_SOURCE_DIR);

const rulebook::Library& library() {
    static const auto lib = rulebook::Library::open(Root / "rulesets");
    return lib;
}

std::string text_of(const YAML::Node& node) { return node.IsDefined() ? YAML::Dump(node) : std::string("<undefined>"); }

// Compares the two readings of game `number` of `file` under `rulebook` ("" = the record's default); returns the
// number of entries compared.
std::size_t compare(const std::string& file, int number, const std::string& rulebook) {
    const auto record = RecordFile::open((Root / "tests/data" / file).string());
    const RecordGame game = record.game(number, library());
    const std::string id = rulebook.empty() ? game.rulebook : rulebook;
    const Timeline front = record_timeline(game, library(), id);
    const Timeline audit = audit_timeline(game, library(), id);
    BOOST_TEST_CONTEXT(file << " game " << number << " under " << id) {
        BOOST_TEST(audit.file == front.file);
        BOOST_TEST(audit.name == front.name);
        BOOST_TEST(audit.event.rulebook == front.event.rulebook);
        BOOST_TEST(audit.event.name == front.event.name);
        BOOST_TEST(audit.event.file == front.event.file);
        BOOST_TEST(text_of(audit.event.time_control) == text_of(front.event.time_control));
        BOOST_TEST(text_of(audit.start) == text_of(front.start));
        BOOST_TEST(audit.expect.IsNull() == front.expect.IsNull());
        BOOST_REQUIRE(audit.entries.size() == front.entries.size());
        for (std::size_t i = 0; i < front.entries.size(); ++i) {
            const Entry& a = audit.entries[i];
            const Entry& f = front.entries[i];
            BOOST_TEST_CONTEXT("entry " << i) {
                BOOST_TEST(a.at.count() == f.at.count());
                BOOST_TEST(a.action == f.action);
                BOOST_TEST(text_of(a.value) == text_of(f.value));
                BOOST_TEST(a.note == f.note);
                BOOST_TEST(a.where.line == f.where.line);
                BOOST_TEST(a.where.column == f.where.column);
            }
        }
    }
    return front.entries.size();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(audit_timeline_is_the_front_doors_timeline)

BOOST_AUTO_TEST_CASE(chess_records_under_two_editions) {
    for (const char* file : {"chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn",
                             "chess/games/chess-lichess-VsUqVhC2-bullet-time-forfeit.pgn",
                             "chess/games/chess-wcc2023-game1-nepomniachtchi-ding.pgn"}) {
        // Each of these games is longer than ten plies, so every comparison covers real entries.
        BOOST_TEST(compare(file, 1, "") > 10);
        BOOST_TEST(compare(file, 1, "fide-2001") > 10);
    }
}

BOOST_AUTO_TEST_CASE(shogi_and_othello_records) {
    BOOST_TEST(compare("shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif", 1, "") > 10);
    BOOST_TEST(compare("shogi/elmo-vs-yaselmo-jishogi-declaration.csa", 1, "") > 10);
    BOOST_TEST(compare("shogi/shogidokoro-elmo-vs-yaselmo-sennichite.kif", 1, "kyushu-shogi-2006") > 10);
    BOOST_TEST(compare("othello/woc2007-final-game1-nicolet-tominaga.txt", 1, "") > 10);
    for (int game = 1; game <= 5; ++game) BOOST_TEST(compare("othello/WTH_2013.wtb", game, "joa-othello") > 10);
}

BOOST_AUTO_TEST_SUITE_END()
