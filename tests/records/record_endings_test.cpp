// Endings as people write them (records/convert_pgn_endings.cpp, the KIF reader's 81Dojo comments), games of tags
// alone, and the three classes of an audit (agree, disagree, not comparable with its reason). The records are under
// tests/data/games/endings (SOURCES.md); each expected value is worked from the record and the rule text in a comment.
#include "records/audit_game.h"
#include "records/audit_games.h"
#include "records/audit_summary.h"
#include "records/convert.h"
#include "records/record_timeline.h"
#include "records/record_words.h"

#include "core/pgn.h"
#include "core/record/kif.h"
#include "shogi_kif.h"
#include "records/bundled_rulebooks.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace record_endings_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;
using arbiter::testing::shogi_kif;
using namespace arbiter::procedure;

namespace {

const fs::path Root(ARBITER_SOURCE_DIR);
std::string data(const std::string& name) { return (Root / "tests/data/games/endings" / name).string(); }

using arbiter::test::library;

// Every game of `file` audited under its default rulebook, in order.
std::vector<audit::AuditedGame> audit_file(const std::string& file, const std::vector<std::string>& books = {}) {
    static Runner runner(library());
    audit::GameStream stream({file});
    std::vector<audit::AuditedGame> out;
    for (audit::GameTask t; stream.next(t);) out.push_back(audit::audit_game(t, library(), runner, books));
    return out;
}

std::string agreement(const audit::AuditedGame& g, std::size_t ruling = 0) {
    BOOST_REQUIRE(!g.error);
    BOOST_REQUIRE(g.rulings.size() > ruling);
    const auto& a = g.rulings[ruling].agrees;
    return !a ? "not comparable" : *a ? "agree" : "disagree";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(record_endings)

BOOST_AUTO_TEST_CASE(fics_comments_before_the_result_are_read) {
    const auto games = audit_file(data("fics-2023.pgn"));
    BOOST_REQUIRE_EQUAL(games.size(), 2u);
    // 17.Qxd3 {White resigns} 0-1: white is not mated (17...Qxd3 was not played), so the ending is the resignation
    // FIDE 5.1b names; black wins under the rulebook as recorded.
    BOOST_TEST(games[0].recorded.ending == "resignation");
    BOOST_TEST(games[0].recorded.by == "white");
    BOOST_TEST(games[0].recorded.text == "0-1 {White resigns}");
    BOOST_TEST(agreement(games[0]) == "agree");
    // {Game drawn by the 50 move rule} 1/2-1/2 after 125...Bb2: the last pawn move is 75...b6 (ply 150) and the last
    // capture before it (36.Bxd3), so plies 151-250 are 100 half-moves without either: fifty moves by each side, the
    // claim FIDE 9.3b allows. The bishops' shuffle also repeats positions (9.2), which the converter looks for
    // first; either claim is the board's draw, and the rulebook's draw is the record's.
    const std::string ending = games[1].recorded.ending;
    BOOST_TEST((ending == "fifty_moves" || ending == "repetition"));
    BOOST_TEST(games[1].recorded.score.at("white") == 0.5);
    BOOST_TEST(agreement(games[1]) == "agree");
}

BOOST_AUTO_TEST_CASE(chess_com_sentences_are_read) {
    const auto games = audit_file(data("chesscom-carlsen-artooon-2024.pgn"));
    BOOST_REQUIRE_EQUAL(games.size(), 1u);
    // "MagnusCarlsen won by resignation", 1-0, 20.Rxf5 with black not mated: black resigned (FIDE 5.1b).
    BOOST_TEST(games[0].recorded.ending == "resignation");
    BOOST_TEST(games[0].recorded.by == "black");
    BOOST_TEST(agreement(games[0]) == "agree");
    BOOST_TEST(games[0].warnings.empty());
}

BOOST_AUTO_TEST_CASE(site_terminations_are_mapped_or_not_comparable_with_a_reason) {
    const auto games = audit_file(data("site-endings.pgn"));
    BOOST_REQUIRE_EQUAL(games.size(), 7u);
    // 1: chess.com "Boris won - game abandoned": awarded, not played out.
    BOOST_TEST(games[0].recorded.ending == "abandoned");
    BOOST_TEST(agreement(games[0]) == "not comparable");
    BOOST_TEST(games[0].recorded.not_comparable.find("abandoned") != std::string::npos);
    // 2: "Anna won on time" after 2.Nf3 with black to move: black's flag fell; with 3 minutes and no clock readings
    // the flag falls at 3:00 (FIDE 6.9: white can mate, so white wins).
    BOOST_TEST(games[1].recorded.ending == "time_forfeit");
    BOOST_TEST(games[1].recorded.by == "black");
    BOOST_TEST(agreement(games[1]) == "agree");
    // 3: "Game drawn by agreement": an offer and its acceptance (FIDE 9.1).
    BOOST_TEST(games[2].recorded.ending == "draw_agreed");
    BOOST_TEST(agreement(games[2]) == "agree");
    // 4: lichess "Rules infraction"; 5: lichess "Abandoned"; 6: an engine adjudication; 7: an unknown sentence.
    BOOST_TEST(games[3].recorded.ending == "rules_infraction");
    BOOST_TEST(games[4].recorded.ending == "abandoned");
    BOOST_TEST(games[5].recorded.ending == "adjudication");
    BOOST_TEST(games[6].recorded.ending == "unknown");
    for (int i : {3, 4, 5, 6}) {
        BOOST_TEST(agreement(games[std::size_t(i)]) == "not comparable");
        BOOST_TEST(!games[std::size_t(i)].recorded.not_comparable.empty());
    }
}

BOOST_AUTO_TEST_CASE(games_of_tags_alone_are_games_without_moves) {
    // Three games: two of tags alone (a blank line, then the next game's tags), one played to 4.Qxf7#.
    const auto games = audit_file(data("headers-only.pgn"));
    BOOST_REQUIRE_EQUAL(games.size(), 3u);
    for (int i : {0, 1}) {
        BOOST_TEST(games[std::size_t(i)].index == i + 1);
        BOOST_TEST(games[std::size_t(i)].plies == 0);
        BOOST_TEST(games[std::size_t(i)].recorded.ending == "no_moves");
        BOOST_TEST(agreement(games[std::size_t(i)]) == "not comparable");
    }
    BOOST_TEST(games[0].recorded.score.at("white") == 1.0);  // the Result tag's 1-0
    BOOST_TEST(games[1].recorded.score.at("black") == 1.0);
    BOOST_TEST(games[2].plies == 7);
    BOOST_TEST(games[2].recorded.ending == "checkmate");
    BOOST_TEST(agreement(games[2]) == "agree");
    // The whole-file reader cuts the same three games.
    const auto all = core::read_pgn_file(data("headers-only.pgn"));
    BOOST_REQUIRE_EQUAL(all.size(), 3u);
    BOOST_TEST(all[0].tag("Round") == "1.1");
    BOOST_TEST(all[1].tag("Round") == "1.2");
    BOOST_TEST(all[1].moves.empty());
    BOOST_TEST(all[2].moves.size() == 7u);
}

BOOST_AUTO_TEST_CASE(an_81dojo_illegal_last_move_is_ruled_a_loss_for_its_mover) {
    // 3.２四飛(28) jumps the pawn on 2七 (a rook cannot pass a piece: JSA rules, illegal), then 反則手にて終局:
    // sente, who made it, loses; the rulebook rules the held move illegal (gote wins).
    const auto games = audit_file(data("kif-81dojo-illegal.kif"));
    BOOST_REQUIRE_EQUAL(games.size(), 1u);
    BOOST_TEST(games[0].recorded.ending == "illegal_move");
    BOOST_TEST(games[0].recorded.by == "sente");
    BOOST_TEST(games[0].recorded.score.at("gote") == 1.0);
    BOOST_TEST(agreement(games[0]) == "agree");
}

BOOST_AUTO_TEST_CASE(cr_cr_lf_line_ends_are_read) {
    const auto r = core::record::read_kif_file(data("kif-crcrlf.kif"), shogi_kif());
    BOOST_TEST(r.moves.size() == 2u);
    BOOST_TEST(r.termination == core::record::Termination::resign);
    BOOST_TEST(r.header("先手") == "alpha");
}

BOOST_AUTO_TEST_CASE(the_summary_has_three_classes_and_the_edition_impact) {
    const auto games = audit_file(data("site-endings.pgn"));
    audit::Summary s({"fide-2009"});
    for (const auto& g : games) s.add(g);
    std::ostringstream text, json, html;
    s.write_text(text);
    s.write_json(json);
    s.write_html(html);
    // Games 2 and 3 agree; 1, 4, 5, 6, 7 are not comparable; none disagrees.
    BOOST_TEST(text.str().find("7 rulings: 2 agree, 0 disagree, 5 not comparable") != std::string::npos);
    BOOST_TEST(text.str().find("Not comparable with the record, by reason (5)") != std::string::npos);
    const auto j = nlohmann::json::parse(json.str());
    BOOST_TEST(j["rulebooks"][0]["not_comparable"].get<long>() == 5);
    BOOST_TEST(j["not_comparable"].size() == 4u);  // abandoned (2), infraction, adjudication, unknown sentence
    BOOST_TEST(html.str().find("<!DOCTYPE html>") == 0u);
}

BOOST_AUTO_TEST_CASE(a_genuine_30_second_game_is_written_with_its_units) {
    // TimeControl "30+0" whose [%clk] readings never pass 0:00:30: the control is what it says, so the event names
    // its units ({time: ...}) and the runner's "did you mean 1800?" hint (for a scalar "30") has nothing to say.
    const auto fine = RecordFile::open(data("ultrabullet-30s.pgn")).game(1, library());
    BOOST_TEST(fine.yaml.find("time_control: {time:") != std::string::npos);
    BOOST_TEST(fine.yaml.find("time_control: \"30\"") == std::string::npos);
    // The same tag with readings of half an hour: the hint is plausible, and the scalar PGN form is kept for it.
    const std::string bytes = "[Event \"x\"]\n[Result \"*\"]\n[TimeControl \"30\"]\n\n"
                              "1. e4 { [%clk 0:29:59] } e5 { [%clk 0:29:58] } *\n";
    const auto doubtful = RecordFile::read(bytes, "half-hour.pgn").game(1, library());
    BOOST_TEST(doubtful.yaml.find("time_control: \"30\"") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(run_says_why_a_ruling_is_not_comparable) {
    static Runner runner(library());
    const auto record = RecordFile::open(data("site-endings.pgn"));
    const auto game = record.game(4, library());  // lichess "Rules infraction"
    const Run run = runner.run(record_timeline(game, library()), *library().find(game.rulebook));
    const std::string line = recorded_line(game, run, rulebook::Lang::en, nullptr);
    BOOST_TEST(line.find("; ruling not comparable: lost by a rules infraction the record does not show") !=
               std::string::npos);
}

BOOST_AUTO_TEST_CASE(a_drawn_record_showing_fivefold_repetition_is_read_as_the_claim) {
    // 8...Ng8: the start position stands for the fifth time (before 1.Nf3, after 2...Ng8, 4...Ng8, 6...Ng8, 8...Ng8).
    // FIDE 2009 has no automatic fivefold rule (FIDE 2014 9.6.1 brought it): the record's draw is white's claim of a
    // threefold repetition (9.2), which the rulebook grants, so the ruling agrees instead of "not ended".
    const auto games = audit_file(data("fivefold.pgn"));
    BOOST_REQUIRE_EQUAL(games.size(), 1u);
    BOOST_TEST(games[0].recorded.ending == "repetition");
    BOOST_TEST(games[0].recorded.by == "white");
    BOOST_TEST(agreement(games[0]) == "agree");
}

BOOST_AUTO_TEST_CASE(pgn_ending_phrases) {
    using arbiter::procedure::convert::PgnEndingKind;
    using arbiter::procedure::convert::read_pgn_ending;
    const auto kind = [](std::string_view termination, std::string_view comment) {
        return int(read_pgn_ending(termination, comment).kind);
    };
    BOOST_TEST(kind("Game drawn by timeout vs insufficient material", "") == int(PgnEndingKind::time_forfeit));
    BOOST_TEST(int(read_pgn_ending("Time forfeit", "").kind) == int(PgnEndingKind::time_forfeit));
    BOOST_TEST(int(read_pgn_ending("Normal", "Black forfeits on time").kind) == int(PgnEndingKind::time_forfeit));
    BOOST_TEST(int(read_pgn_ending("", "White resigns").kind) == int(PgnEndingKind::resignation));
    BOOST_TEST(int(read_pgn_ending("X won by checkmate", "").kind) == int(PgnEndingKind::board));
    BOOST_TEST(int(read_pgn_ending("Unterminated", "").kind) == int(PgnEndingKind::unterminated));
    BOOST_TEST(int(read_pgn_ending("", "Black forfeits by disconnection").kind) == int(PgnEndingKind::abandoned));
    BOOST_TEST(int(read_pgn_ending("", "Sicilian, Najdorf").kind) == int(PgnEndingKind::board));  // an annotation
    BOOST_TEST(read_pgn_ending("Hikaru won - game abandoned", "").winner_name == "Hikaru");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace record_endings_test
