// audit_timeline (records/record_timeline.h), the audit's way in without the JSON-Schema check and without a YAML
// node per move, must build the timeline the front door (record_timeline) builds: same name, event, start, and for
// every entry the same instant, action, value and note; for the other entries their line in the YAML read, and for a
// move its own place in the record (a line of the record file, never going back) and the same move: the audit keeps
// a PGN's own SAN where the front door writes the standard one, so both texts are read on a replayed board. Compared on the real records
// under tests/data (provenance in tests/data/games/SOURCES.md), under each record's default rulebook and under
// another edition.
#include "records/record_timeline.h"

#include "core/game.h"
#include "core/notation.h"
#include "rulebook/game_loader.h"
#include "rulebook/yaml_source.h"
#include "records/bundled_rulebooks.h"

#include <boost/test/unit_test.hpp>

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace audit_timeline_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

const fs::path Root(ARBITER_SOURCE_DIR);

using arbiter::test::library;

std::string record_bytes(const std::string& file) {
    std::ifstream in(Root / "tests/data" / file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string text_of(const YAML::Node& node) { return node.IsDefined() ? YAML::Dump(node) : std::string("<undefined>"); }

// Compares the two readings of game `number` of `file` under `rulebook` ("" = the record's default); returns the
// number of entries compared.
std::size_t compare(const std::string& file, int number, const std::string& rulebook) {
    const auto record = RecordFile::open((Root / "tests/data" / file).string());
    const RecordGame game = record.game(number, library());
    const RecordGame parts = record.game(number, library(), {}, true);
    const std::string id = rulebook.empty() ? game.rulebook : rulebook;
    const Timeline front = record_timeline(game, library(), id);
    const Timeline audit = audit_timeline(parts, library(), id);
    // Lines of the record file (a WTHOR file is binary: its moves' places are byte offsets, line 0).
    const bool binary = file.ends_with(".wtb");
    std::size_t lines = 0;
    for (char c : record_bytes(file)) lines += c == '\n';
    std::vector<std::string> head_lines;
    for (std::istringstream in(parts.head); std::getline(in, head_lines.emplace_back());) {}
    // Chess: the moves are compared as moves on this board (the records tested start from the initial position).
    const bool chess = game.game == "chess";
    std::optional<core::Game> board;
    if (chess) board.emplace(core::Position::start(rulebook::load_game("chess", library().folder_of_game("chess"))));
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
                BOOST_TEST(a.note == f.note);
                if (f.action == "move" && f.value.IsScalar()) {
                    BOOST_TEST(a.value.IsNull());  // no YAML node per move
                    BOOST_TEST(f.text == f.value.Scalar());
                    if (chess) {
                        const auto mine = core::parse_move(board->position(), a.text);
                        const auto theirs = core::parse_move(board->position(), f.text);
                        BOOST_TEST((mine.ok() && theirs.ok() && mine.move == theirs.move));
                        if (theirs.ok()) board->play(theirs.move);
                    } else {
                        BOOST_TEST(a.text == f.text);
                    }
                    BOOST_TEST(audit.place(a).file == record.file());  // the record file (Timeline::record_file)
                    BOOST_TEST(a.where.file.empty());  // not copied for every move
                    if (binary) {
                        BOOST_TEST(a.where.line == 0);
                    } else {
                        // A move the converter adds (an othello pass the record leaves out) takes the next move's place.
                        BOOST_TEST(a.where.line >= 1);
                        BOOST_TEST(std::size_t(a.where.line) <= lines + 1);
                        if (i > 0 && audit.entries[i - 1].action == "move")
                            BOOST_TEST(a.where.line >= audit.entries[i - 1].where.line);
                    }
                } else {
                    BOOST_TEST(a.text == f.text);
                    BOOST_TEST(text_of(a.value) == text_of(f.value));
                    // The other entries are read from the head, the timeline without its moves: the place is the
                    // head's line that writes this entry.
                    BOOST_TEST(a.where.file == f.where.file);
                    BOOST_REQUIRE(a.where.line >= 1);
                    BOOST_REQUIRE(std::size_t(a.where.line) <= head_lines.size());
                    BOOST_TEST(head_lines[std::size_t(a.where.line - 1)].find(a.action + ":") != std::string::npos);
                }
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

}  // namespace audit_timeline_test
