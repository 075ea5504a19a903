// AuditHeads (records/record_timeline.h): audit_timeline with the events and start positions of earlier heads
// remembered must build, for every game, the timeline it builds reading each head whole: same name, event (with this
// game's file), start, and every entry with the same instant, action, text, value and place; and a head the checks
// refuse must be refused with the same message at the same place. The one difference: the event map's node keeps
// the name of the first game read with its other lines (event.name is each game's own; no ruling reads the node).
// Compared on the real records under tests/data (provenance in tests/data/games/SOURCES.md and
// tests/data/*/SOURCES.md), one AuditHeads for all of them.
#include "records/record_timeline.h"

#include "rulebook/game_loader.h"

#include <boost/test/unit_test.hpp>

#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <string>

namespace audit_heads_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

const fs::path HeadsRoot(ARBITER_SOURCE_DIR);

const rulebook::Library& heads_library() {
    static const auto lib = rulebook::Library::open(HeadsRoot / "rulesets");
    return lib;
}

std::string heads_dump(const YAML::Node& node) { return node.IsDefined() ? YAML::Dump(node) : std::string("<undefined>"); }

// The event map without its name (AuditHeads keeps the first game's there).
std::string heads_event_dump(const YAML::Node& event) {
    if (!event.IsMap()) return heads_dump(event);
    YAML::Node copy = YAML::Clone(event);
    copy.remove("event");
    return YAML::Dump(copy);
}

std::string heads_place(const SourceLocation& at) {
    return at.file + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

// Compares game `number` of `file` read with and without `heads` under `rulebook` ("" = the record's default).
void heads_compare(AuditHeads& heads, const std::string& file, int number, const std::string& rulebook) {
    const auto record = RecordFile::open((HeadsRoot / "tests/data" / file).string());
    const RecordGame parts = record.game(number, heads_library(), {}, true);
    const std::string id = rulebook.empty() ? parts.rulebook : rulebook;
    const Timeline whole = audit_timeline(parts, heads_library(), id);
    const Timeline kept = audit_timeline(parts, heads_library(), id, &heads);
    BOOST_TEST_CONTEXT(file << " game " << number << " under " << id) {
        BOOST_TEST(kept.file == whole.file);
        BOOST_TEST(kept.name == whole.name);
        BOOST_TEST(kept.event.name == whole.event.name);
        BOOST_TEST(kept.event.rulebook == whole.event.rulebook);
        BOOST_TEST(kept.event.mode == whole.event.mode);
        BOOST_TEST(kept.event.category == whole.event.category);
        BOOST_TEST(kept.event.file == whole.event.file);
        BOOST_TEST(kept.event.set.size() == whole.event.set.size());
        BOOST_TEST(heads_dump(kept.event.time_control) == heads_dump(whole.event.time_control));
        BOOST_TEST(heads_event_dump(kept.event.node) == heads_event_dump(whole.event.node));
        BOOST_TEST(kept.event.node.Mark().line == whole.event.node.Mark().line);
        BOOST_TEST(heads_dump(kept.start) == heads_dump(whole.start));
        BOOST_TEST(kept.expect.IsDefined() == whole.expect.IsDefined());
        BOOST_REQUIRE(kept.entries.size() == whole.entries.size());
        for (std::size_t i = 0; i < whole.entries.size(); ++i) {
            const Entry& k = kept.entries[i];
            const Entry& w = whole.entries[i];
            BOOST_TEST_CONTEXT("entry " << i) {
                BOOST_TEST(k.at.count() == w.at.count());
                BOOST_TEST(k.action == w.action);
                BOOST_TEST(k.text == w.text);
                BOOST_TEST(k.note == w.note);
                BOOST_TEST(heads_dump(k.value) == heads_dump(w.value));
                BOOST_TEST(heads_place(kept.place(k)) == heads_place(whole.place(w)));
                if (!w.text.empty() && w.action == "move") BOOST_TEST(heads_place(whole.place(w)).find(file) != std::string::npos);
                // A message about the value (a claim's side) names the same place: the remembered entry was parsed on
                // the line, and with the instant's width, that the head has it on.
                if (w.value.IsDefined() && !w.value.IsNull()) {
                    BOOST_TEST(k.value.Mark().line == w.value.Mark().line);
                    BOOST_TEST(k.value.Mark().column == w.value.Mark().column);
                }
            }
        }
    }
}

// The error audit_timeline gives for `head` (entries only, no moves), or "" when it gives none.
std::string heads_error(const std::string& head, std::size_t entries, AuditHeads* heads) {
    RecordGame game;
    game.file = "heads-test.pgn";
    game.game = "chess";
    game.head = head;
    for (std::size_t i = 0; i < entries; ++i) game.parts.emplace_back();  // an entry of the head
    try {
        (void)audit_timeline(game, heads_library(), "fide-2009", heads);
    } catch (const InputError& e) {
        return heads_place(e.where()) + ": " + e.message();
    }
    return "";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(audit_heads)

BOOST_AUTO_TEST_CASE(every_record_reads_the_same_with_the_heads_remembered) {
    AuditHeads heads;
    int games = 0;
    for (int round = 0; round < 2; ++round) {  // the second round finds every head's event and start remembered
        for (const char* file : {"chess/games/chess-lichess-hvB20kxq-blitz-checkmate.pgn",
                                 "chess/games/chess-lichess-VsUqVhC2-bullet-time-forfeit.pgn",
                                 "chess/games/chess-wcc2023-game1-nepomniachtchi-ding.pgn"}) {
            heads_compare(heads, file, 1, "");
            heads_compare(heads, file, 1, "fide-2001");
            games += 2;
        }
        heads_compare(heads, "shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif", 1, "");
        heads_compare(heads, "shogi/elmo-vs-yaselmo-jishogi-declaration.csa", 1, "");
        heads_compare(heads, "shogi/shogidokoro-elmo-vs-yaselmo-sennichite.kif", 1, "kyushu-shogi-2006");
        heads_compare(heads, "othello/woc2007-final-game1-nicolet-tominaga.txt", 1, "");
        for (int game = 1; game <= 40; ++game) heads_compare(heads, "othello/WTH_2013.wtb", game, "joa-othello");
        games += 44;
    }
    // Fewer event and start lines than games: most games were read with a remembered head.
    BOOST_TEST(heads.size() >= 2u);
    BOOST_TEST(heads.size() * 4 < std::size_t(games));
    // The endings' entries (a resignation, a flag claim, an offer and its acceptance) were read without YAML.
    BOOST_TEST(heads.entries() >= 3u);
}

BOOST_AUTO_TEST_CASE(a_head_the_checks_refuse_is_refused_with_the_same_words) {
    const std::string top = "timeline: \"heads-test\"\nsource: \"heads-test.pgn, game 1\"\n"
                            "event: {rulebook: fide-2009, time_control: \"300+0\"}\nstart: startpos\nentries:\n";
    AuditHeads heads;
    // A good head first, so that the bad ones below find its event and start lines remembered.
    BOOST_TEST(heads_error(top + "  - {at: \"0:01:00\", resign: white}\n", 1, &heads) == "");
    BOOST_TEST(heads.size() == 1u);
    const std::string back = top + "  - {at: \"0:01:00\", offer: {by: white, kind: draw}}\n  - {at: \"0:00:30\", accept: black}\n";
    const std::string two = top + "  - {at: \"0:01:00\", resign: white, accept: black}\n";
    const std::string soon = top + "  - {at: \"soon\", resign: white}\n";
    for (const auto& [head, entries] : {std::pair{back, 2}, std::pair{two, 1}, std::pair{soon, 1}}) {
        const std::string whole = heads_error(head, std::size_t(entries), nullptr);
        BOOST_TEST(!whole.empty());
        BOOST_TEST(heads_error(head, std::size_t(entries), &heads) == whole);
    }
    // The instants going back are named at line 7 (the accept), with the previous entry's line (6), as the checks do.
    BOOST_TEST(heads_error(back, 2, &heads).find("heads-test.pgn:7:") == 0);
    BOOST_TEST(heads_error(back, 2, &heads).find("(line 6)") != std::string::npos);
    BOOST_TEST(heads.size() == 1u);
}

// The column of an ending entry's value depends on the width of its instant ("0:59:00" or "10:59:00") and its line
// on the entries before it: an entry remembered from one head must not lend its place to another.
BOOST_AUTO_TEST_CASE(a_remembered_ending_entry_keeps_each_heads_own_place) {
    const std::string top = "timeline: \"heads-test\"\nsource: \"heads-test.pgn, game 1\"\n"
                            "event: {rulebook: fide-2009, time_control: \"300+0\"}\nstart: startpos\nentries:\n";
    const auto value_place = [&](const std::string& entries, std::size_t count, AuditHeads* heads) {
        RecordGame game;
        game.file = "heads-test.pgn";
        game.game = "chess";
        game.head = top + entries;
        for (std::size_t i = 0; i < count; ++i) game.parts.emplace_back();  // an entry of the head
        const Timeline t = audit_timeline(game, heads_library(), "fide-2009", heads);
        const YAML::Mark at = t.entries.back().value.Mark();
        return heads_place(t.entries.back().where) + " value " + std::to_string(at.line + 1) + ":" + std::to_string(at.column + 1);
    };
    AuditHeads heads;
    const std::string claim = "claim: {by: black, kind: flag}}\n";
    const std::string one = "  - {at: \"0:59:00\", " + claim, wide = "  - {at: \"10:59:00\", " + claim;
    const std::string two = "  - {at: \"0:00:00\", resign: white}\n" + one;
    // By hand: line 6 is the first entry; "  - {at: \"0:59:00\", claim: " is 27 characters, so the map is at column 28.
    BOOST_TEST(value_place(one, 1, nullptr) == "heads-test.pgn:6:5 value 6:28");
    BOOST_TEST(value_place(wide, 1, nullptr) == "heads-test.pgn:6:5 value 6:29");
    BOOST_TEST(value_place(two, 2, nullptr) == "heads-test.pgn:7:5 value 7:28");
    for (int round = 0; round < 2; ++round) {
        BOOST_TEST(value_place(one, 1, &heads) == "heads-test.pgn:6:5 value 6:28");
        BOOST_TEST(value_place(wide, 1, &heads) == "heads-test.pgn:6:5 value 6:29");
        BOOST_TEST(value_place(two, 2, &heads) == "heads-test.pgn:7:5 value 7:28");
    }
    BOOST_TEST(heads.entries() == 4u);  // the claim at two widths and on two lines, and the resignation
}

// Two games whose heads differ in the event's name alone (an archive's tournaments): the second is read with the
// first one's event and start, under its own name; a name with an escape keeps its whole line in the key.
BOOST_AUTO_TEST_CASE(heads_of_two_events_share_their_reading_under_each_name) {
    const auto head = [](const std::string& quoted_name) {
        return "timeline: \"heads-test\"\nsource: \"heads-test.pgn, game 1\"\n"
               "event: {event: " + quoted_name + ", rulebook: fide-2009, time_control: \"300+0\"}\nstart: startpos\n"
               "entries:\n  - {at: \"0:00:00\", resign: white}\n";
    };
    const auto read = [&](const std::string& quoted_name, AuditHeads* heads) {
        RecordGame game;
        game.file = "heads-test.pgn";
        game.game = "chess";
        game.head = head(quoted_name);
        game.parts.emplace_back();  // the head's resignation
        return audit_timeline(game, heads_library(), "fide-2009", heads);
    };
    AuditHeads heads;
    BOOST_TEST(read("\"Open A\"", &heads).event.name == "Open A");
    BOOST_TEST(heads.size() == 1u);
    const Timeline second = read("\"Open B\"", &heads);
    BOOST_TEST(heads.size() == 1u);  // read with the first one's event and start
    BOOST_TEST(second.event.name == "Open B");
    const Timeline whole = read("\"Open B\"", nullptr);
    BOOST_TEST(second.event.rulebook == whole.event.rulebook);
    BOOST_TEST(heads_dump(second.event.time_control) == heads_dump(whole.event.time_control));
    BOOST_TEST(heads_event_dump(second.event.node) == heads_event_dump(whole.event.node));
    BOOST_REQUIRE(second.entries.size() == 1u);
    BOOST_TEST(second.entries[0].action == "resign");
    BOOST_TEST(read("\"Open \\\"C\\\"\"", &heads).event.name == "Open \"C\"");  // "Open \"C\"": read whole
    BOOST_TEST(heads.size() == 2u);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace audit_heads_test
