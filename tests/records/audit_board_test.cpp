// A record's moves as the audit's converter read them (RecordedMoves), on the audit's board (records/audit_board.h,
// the WrapBoard of Runner::run): the board gives a reading instead of reading the move's text again only while it is
// the converter's, that is while it has made nothing but recorded moves, each at its ply, since the start. Shown on
// Fool's mate (1. f3 e5 2. g4 Qh4#, FIDE 2009 5.1a: the checkmate ends the game) with the last reading replaced by
// another legal queen move (Qg5, no mate): where the reading is taken, the game goes on; where it must not be, the
// text's mate ends it.
#include "core/game_files.h"
#include "core/notation.h"
#include "procedure/procedure.h"
#include "procedure/board.h"
#include "records/audit_board.h"
#include "rulebook/game_loader.h"
#include "rulebook/yaml_source.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>

namespace audit_board_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using namespace arbiter::procedure;

namespace {

const rulebook::Library& reading_library() {
    static const auto lib = rulebook::Library::open(fs::path(ARBITER_SOURCE_DIR) / "rulesets");
    return lib;
}

// The readings the converter would give every move entry of `t` (all of them moves) from `pos`, as the converter
// replays the entries' texts; `last`, when given, is read for the last entry instead of its text.
RecordedMoves readings_of(const Timeline& t, core::Position pos, const char* last = nullptr) {
    RecordedMoves out;
    for (std::size_t ply = 0; ply < t.entries.size(); ++ply) {
        const std::string& text = t.entries[ply].text;
        const core::ParsedMove p = core::parse_move(pos, last && ply + 1 == t.entries.size() ? last : text);
        BOOST_REQUIRE(p.ok());
        out.readings.push_back({ply, int(ply), p.move, p.attempted});
        core::Undo undo;
        pos.make(core::parse_move(pos, text).move, undo);
    }
    return out;
}

// A run of `t` on the audit's board with the record's moves `r`.
Run run_with(Runner& runner, const Timeline& t, const RecordedMoves& r, const rulebook::Rulebook& book) {
    return runner.run(t, book, [&](std::unique_ptr<Board> board, AnalysisMemo* memo) {
        return audit::audit_board(std::move(board), t, r, memo);
    });
}

core::GameDefinitionPtr reading_chess() {
    return core::load_game("chess", std::string(ARBITER_SOURCE_DIR) + "/rulesets");
}

// Fool's mate as a timeline.
Timeline fools_mate() {
    const std::string yaml =
        "timeline: fools-mate\nevent: {rulebook: fide-2009}\nentries:\n"
        "  - {at: \"0:00:00\", move: f3}\n  - {at: \"0:00:00\", move: e5}\n"
        "  - {at: \"0:00:00\", move: g4}\n  - {at: \"0:00:00\", move: Qh4}\n";
    return read_timeline(rulebook::parse_yaml_text(yaml, "fools-mate.yaml"), reading_library());
}

// Each move of Fool's mate with the reading the converter would give it (`last` for the fourth).
RecordedMoves fools_readings(const Timeline& t, const char* last) {
    return readings_of(t, core::Position::start(reading_chess()), last);
}

bool mated(const Timeline& t, const RecordedMoves& r) {
    Runner runner(reading_library());
    const Run run = run_with(runner, t, r, *reading_library().find("fide-2009"));
    return run.result.status == Status::ended && run.result.score && (*run.result.score)[1] == 1.0;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(recorded_readings)

BOOST_AUTO_TEST_CASE(the_readings_of_a_record_played_in_step_are_taken) {
    const Timeline t = fools_mate();
    BOOST_TEST(mated(t, fools_readings(t, "Qh4")));   // the readings agree with the text: mate
    BOOST_TEST(!mated(t, fools_readings(t, "Qg5")));  // the fourth reading is taken, not the text: no mate
}

BOOST_AUTO_TEST_CASE(a_board_out_of_step_reads_the_text) {
    // The first move without its reading: the board has made a move that is not a recorded one, so no later reading
    // is taken, and the text's Qh4 mates.
    const Timeline t = fools_mate();
    RecordedMoves r = fools_readings(t, "Qg5");
    r.readings.erase(r.readings.begin());
    BOOST_TEST(mated(t, r));
}

BOOST_AUTO_TEST_CASE(a_reading_for_another_ply_is_not_taken) {
    const Timeline t = fools_mate();
    RecordedMoves r = fools_readings(t, "Qg5");
    r.readings[3].ply = 2;  // read before g4, not on the board the fourth move is made on
    BOOST_TEST(mated(t, r));
}

// The dead-position question on the record's path (records/audit_board.h): the board may answer "not dead" for a
// position from a later one of the record that is not dead, never from one that is. Here (a hand-made record, FIDE
// 2009 1.3/5.2b: a position from which no series of legal moves can mate ends the game drawn) 1. Qxa4 takes a pawn
// with the queen (K+Q v K+N: mate can come), and 1... Nxa4 takes the queen (K v K+N: no mate can come): the game is
// drawn after the second move, not the first, with the readings as without them.
BOOST_AUTO_TEST_CASE(a_dead_position_on_the_records_path_ends_the_game_where_it_stands) {
    const char* fen = "4k3/8/8/8/p7/2n5/8/3QK3 w - - 0 1";
    const std::string yaml = std::string("timeline: queen-lost\nevent: {rulebook: fide-2009}\nstart: {fen: \"") + fen +
                             "\"}\nentries:\n  - {at: \"0:00:00\", move: Qxa4}\n  - {at: \"0:00:00\", move: Nxa4}\n";
    const Timeline t = read_timeline(rulebook::parse_yaml_text(yaml, "queen-lost.yaml"), reading_library());
    const RecordedMoves r = readings_of(t, core::Position::from_fen(reading_chess(), fen, "queen-lost.yaml"));
    Runner runner(reading_library());
    const auto& book = *reading_library().find("fide-2009");
    const Run a = run_with(runner, t, r, book);
    const Run b = runner.run(t, book);
    BOOST_TEST(a.result.topic == "draw.dead_position");
    BOOST_REQUIRE(!a.rulings.empty());
    BOOST_TEST(a.rulings.back().entry == 1);
    BOOST_TEST(to_json(a).dump() == to_json(b).dump());
}

// The first dead position in the middle of a longer record, with positions after captures and pawn moves before it
// (not dead) and after it (dead): the board answers from the record (the last such position is dead, so it looks for
// the first by halves), the runner without readings asks each position in turn, and both end the game at the same
// move. K+R v K+N+3P: 1. a4 Rxa4 2. b4 Rxb4 3. c4 Rxc4 4. Nf3 Rd4 5. Nxd4 (K+N v K: no series of legal moves can
// mate, FIDE 2009 1.3/5.2b) Kd7 6. Nc6 Kxc6 (K v K). The game is drawn by the ninth move, 5. Nxd4 (entry 8).
BOOST_AUTO_TEST_CASE(the_first_dead_position_of_a_long_record_ends_the_game) {
    const char* fen = "r3k3/8/8/8/8/8/PPP5/4K1N1 w - - 0 1";
    std::string yaml = std::string("timeline: rook-lost\nevent: {rulebook: fide-2009}\nstart: {fen: \"") + fen +
                       "\"}\nentries:\n";
    for (const char* move : {"a4", "Rxa4", "b4", "Rxb4", "c4", "Rxc4", "Nf3", "Rd4", "Nxd4", "Kd7", "Nc6", "Kxc6"})
        yaml += std::string("  - {at: \"0:00:00\", move: ") + move + "}\n";
    const Timeline t = read_timeline(rulebook::parse_yaml_text(yaml, "rook-lost.yaml"), reading_library());
    const RecordedMoves r = readings_of(t, core::Position::from_fen(reading_chess(), fen, "rook-lost.yaml"));
    Runner runner(reading_library());
    const auto& book = *reading_library().find("fide-2009");
    const Run a = run_with(runner, t, r, book);
    const Run b = runner.run(t, book);
    BOOST_TEST(a.result.topic == "draw.dead_position");
    int ended_at = -1;
    for (const auto& ruling : a.rulings)
        if (ruling.topic == "draw.dead_position") ended_at = ruling.entry;
    BOOST_TEST(ended_at == 8);
    BOOST_TEST(to_json(a).dump() == to_json(b).dump());
}

// The record's last position handed to the board (RecordedMoves::end, as the audit's converter gives it) spares it
// the replay to reach it: on both records above the answers are the same as without it. It must be on the runner's
// own definition object (rulebook::load_game gives one per folder).
namespace {
core::Position end_of(const Timeline& t, const RecordedMoves& r, const char* fen) {
    core::Position pos = core::Position::from_fen(
        rulebook::load_game("chess", reading_library().folder_of_game("chess")), fen, t.file);
    for (const auto& reading : r.readings) {
        core::Undo undo;
        pos.make(reading.move, undo);
    }
    return pos;
}
}  // namespace

BOOST_AUTO_TEST_CASE(the_records_last_position_given_rules_as_the_replay_does) {
    Runner runner(reading_library());
    const auto& book = *reading_library().find("fide-2009");
    // Dead at the end (K v K+N): the board still replays the moves to find the first dead position, at entry 1.
    const char* queen_lost = "4k3/8/8/8/p7/2n5/8/3QK3 w - - 0 1";
    const std::string yaml = std::string("timeline: queen-lost\nevent: {rulebook: fide-2009}\nstart: {fen: \"") +
                             queen_lost + "\"}\nentries:\n  - {at: \"0:00:00\", move: Qxa4}\n"
                             "  - {at: \"0:00:00\", move: Nxa4}\n";
    const Timeline t = read_timeline(rulebook::parse_yaml_text(yaml, "queen-lost.yaml"), reading_library());
    RecordedMoves r = readings_of(t, core::Position::from_fen(reading_chess(), queen_lost, "queen-lost.yaml"));
    const Run replayed = run_with(runner, t, r, book);
    r.end = std::make_shared<const core::Position>(end_of(t, r, queen_lost));
    const Run given = run_with(runner, t, r, book);
    BOOST_TEST(given.result.topic == "draw.dead_position");
    BOOST_REQUIRE(!given.rulings.empty());
    BOOST_TEST(given.rulings.back().entry == 1);
    BOOST_TEST(to_json(given).dump() == to_json(replayed).dump());

    // The board takes the position given as the record's last: given one where a mate can still come (the start,
    // K+Q v K+N+P), it answers "not dead" for every position on the way without replaying, and the game goes on.
    r.end = std::make_shared<const core::Position>(
        core::Position::from_fen(rulebook::load_game("chess", reading_library().folder_of_game("chess")), queen_lost,
                                 "queen-lost.yaml"));
    BOOST_TEST(run_with(runner, t, r, book).result.topic != "draw.dead_position");
}

// With the record's last position given, the board leaves the record's moves unmade once that position settles that
// none on the way is dead (AuditBoard::play), and makes them when something asks for more than the side to move:
// here a repetition claim after the record's moves (1. e4 e5, then the knights out and back twice: the position
// after 1... e5 for the third time) and the mate that ends Fool's mate. The runs are the same as without the readings.
BOOST_AUTO_TEST_CASE(the_moves_left_unmade_rule_as_the_moves_made) {
    Runner runner(reading_library());
    const auto& book = *reading_library().find("fide-2009");
    std::string yaml = "timeline: knights\nevent: {rulebook: fide-2009}\nentries:\n";
    for (const char* move : {"e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"})
        yaml += std::string("  - {at: \"0:00:00\", move: ") + move + "}\n";
    yaml += "  - {at: \"0:00:01\", claim: {by: white, kind: repetition}}\n";
    const Timeline t = read_timeline(rulebook::parse_yaml_text(yaml, "knights.yaml"), reading_library());
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    Timeline moves_only = t;
    moves_only.entries.pop_back();
    RecordedMoves r = readings_of(moves_only, core::Position::from_fen(reading_chess(), start, "knights.yaml"));
    r.end = std::make_shared<const core::Position>(end_of(t, r, start));
    const Run a = run_with(runner, t, r, book);
    const Run b = runner.run(t, book);
    BOOST_TEST(a.result.topic == "draw.repetition");
    BOOST_TEST(to_json(a).dump() == to_json(b).dump());

    const Timeline mate = fools_mate();
    RecordedMoves m = fools_readings(mate, "Qh4");
    const Run plain = runner.run(mate, book);
    m.end = std::make_shared<const core::Position>(end_of(mate, m, start));
    const Run given = run_with(runner, mate, m, book);
    BOOST_TEST(mated(mate, m));
    BOOST_TEST(to_json(given).dump() == to_json(plain).dump());
}

BOOST_AUTO_TEST_SUITE_END()

namespace {

// `plain` (a board from make_board for `def`'s start) wrapped by the audit's board for one recorded move (the first
// legal one), or null where the audit keeps the board as it is (it wraps boards of up to 64 squares that move pieces).
std::unique_ptr<Board> wrapped(const core::GameDefinitionPtr& def, Timeline& t, RecordedMoves& r) {
    auto inner = make_board(def, YAML::Node(), "capabilities.yaml");
    if (!inner->position()) return nullptr;
    const core::MoveList legal = inner->position()->legal_moves();
    BOOST_REQUIRE(!legal.empty());
    t.entries.resize(1);
    t.entries[0].action = "move";
    r.readings = {{0, 0, legal[0], {}}};
    const Board* raw = inner.get();
    auto audit = audit::audit_board(std::move(inner), t, r, nullptr);
    BOOST_REQUIRE(audit.get() != raw);
    return audit;
}

// What `b` hands out, one bit per analysis (board.h all_analyses).
unsigned capability_set(const Board& b) {
    unsigned set = 0;
    for (const core::Analysis a : all_analyses)
        if (b.capability(a)) set |= 1u << unsigned(a);
    return set;
}

}  // namespace

// The audit's board passes on every capability: for each bundled game it hands out the same set as the plain board,
// which is the set the game file names (analyses:). The games the audit wraps offer only some analyses, so the chess
// definition is also given every analysis a board that moves pieces can answer (all but the placement game's
// disc_count): the wrapper must hand out each of those as well, before and after a move.
BOOST_AUTO_TEST_SUITE(audit_board_capabilities)

BOOST_AUTO_TEST_CASE(the_audit_board_hands_out_what_the_plain_board_does) {
    const fs::path games = fs::path(ARBITER_SOURCE_DIR) / "rulesets" / "games";
    int checked = 0, audited = 0;
    for (const auto& file : fs::directory_iterator(games)) {
        if (file.path().extension() != ".yaml") continue;
        const std::string id = file.path().stem().string();
        const auto def = core::load_game(id, (fs::path(ARBITER_SOURCE_DIR) / "rulesets").string());
        const auto plain = make_board(def, YAML::Node(), "capabilities.yaml");
        BOOST_TEST(capability_set(*plain) == unsigned(def->profile.analyses), id);
        ++checked;
        Timeline t;
        RecordedMoves r;
        if (const auto audit = wrapped(def, t, r)) {
            BOOST_TEST(capability_set(*audit) == capability_set(*plain), id);
            ++audited;
        }
    }
    BOOST_TEST(checked >= 5);   // chess, chess960, othello, shogi, xiangqi
    BOOST_TEST(audited >= 2);   // chess and chess960
}

BOOST_AUTO_TEST_CASE(every_capability_of_a_moving_board_is_passed_on) {
    auto widened = std::make_shared<core::GameDefinition>(*reading_chess());
    for (const core::Analysis a : all_analyses)
        if (a != core::Analysis::disc_count) widened->profile.analyses |= std::uint8_t(1u << unsigned(a));
    const core::GameDefinitionPtr def = widened;
    const auto plain = make_board(def, YAML::Node(), "capabilities.yaml");
    const unsigned every = 0x1fu & ~(1u << unsigned(core::Analysis::disc_count));
    BOOST_TEST(capability_set(*plain) == every);
    Timeline t;
    RecordedMoves r;
    const auto audit = wrapped(def, t, r);
    BOOST_REQUIRE(audit);
    BOOST_TEST(capability_set(*audit) == every);
    audit->play(audit->read(t.entries[0].text));  // the record's move (its reading), left unmade or made
    plain->play(plain->read(core::to_uci(*plain->position(), r.readings[0].move)));
    BOOST_TEST_REQUIRE(capability_set(*audit) == every);  // else the answers below have nothing to ask
    // The answers are the general board's own after the move (king and pawn, the impasse tally, the cycle facts).
    BOOST_TEST(audit->capability<KingAndPawnFacts>()->drawn_king_and_pawn(0) ==
               plain->capability<KingAndPawnFacts>()->drawn_king_and_pawn(0));
    BOOST_TEST(audit->capability<ImpasseFacts>()->impasse(0).all_minor ==
               plain->capability<ImpasseFacts>()->impasse(0).all_minor);
    BOOST_TEST(audit->capability<CycleFacts>()->cycle_pattern(0, {}) ==
               plain->capability<CycleFacts>()->cycle_pattern(0, {}));
    BOOST_TEST(audit->capability<DeadPositionFacts>()->is_dead_position() ==
               plain->capability<DeadPositionFacts>()->is_dead_position());
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace audit_board_test
