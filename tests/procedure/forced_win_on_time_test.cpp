// A forced win shown where a flag is ruled (condition forced_win_shown in a rule raised by flag_fallen). The rule is
// US Chess Official Rules of Chess, 7th edition, 14E, as a small test rulebook of its own (the bundled uschess-7
// writes more of 14E). In our words: even when a player's time runs out, the game is drawn if the opponent has only a
// king (14E1), or only a king and one bishop or one knight and has no forced win (14E2); a forced win shown at the
// board lets such a lone minor piece win on time. (14E3, two knights against a player without pawns, reads the
// offender's material: uschess-7 writes it with offender_material_lacks, tests/timelines/chess/178-179.)
//
// The game: White Kh1 and Na1 against Black Kh8 and pawns g7, h7. White plays 1.Kg1 at 0:00:02; Black's 90 minutes
// run from then, so his flag is down at 1:30:02, and White claims it at 1:31:00.
#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace forced_win_on_time_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;

namespace {

const char* const rulebook_text =
    "rulebook: win-on-time\ntitle: {en: Material to win on time, ja: 時間勝ちに必要な駒}\nsource: {file: none}\n"
    "game: chess\nrules:\n"
    "  clock.flag_fall:\n    article: \"14E\"\n"
    "    summary: {en: A lone minor piece wins on time only with a forced win shown.,\n"
    "              ja: 単独の小駒は強制勝ちを示した場合のみ時間勝ち。}\n"
    "    cases:\n"
    "      - when: {claim_correct: true, opponent_material_in: \"K\"}\n"
    "        article: \"14E1\"\n        effects: [draw]\n"
    "      - when: {claim_correct: true, opponent_material_in: \"KB; KN\", forced_win_shown: true}\n"
    "        article: \"14E2\"\n        effects: [{lose: {who: offender}}]\n"
    "      - when: {claim_correct: true, opponent_material_in: \"KB; KN\"}\n        article: \"14E2\"\n"
    "        effects: [draw]\n"
    "      - when: {claim_correct: true}\n        effects: [{lose: {who: offender}}]\n";

std::string timeline(const std::string& claim_extra) {
    return "timeline: t\nevent: {rulebook: win-on-time, time_control: \"5400\"}\n"
           "start: {fen: \"7k/6pp/8/8/8/8/8/N6K w - - 0 1\"}\nentries:\n  - {at: \"0:00:02\", move: Kg1}\n"
           "  - {at: \"1:31:00\", claim: {by: white, kind: flag" + claim_extra + "}}\n";
}

struct Folder {
    fs::path dir = fs::temp_directory_path() / ("arbiter-win-on-time-" + std::to_string(::getpid()));
    Folder() {
        fs::create_directories(dir / "chess");
        std::ofstream(dir / "chess" / "win-on-time.yaml") << rulebook_text;
    }
    ~Folder() { fs::remove_all(dir); }
    procedure::Run run(const std::string& text) const {
        const auto library =
            rulebook::Library::open(std::vector<fs::path>{dir, fs::path(ARBITER_SOURCE_DIR) / "rulesets"});
        std::ofstream(dir / "t.yaml") << text;
        procedure::Runner runner(library);
        return runner.run(procedure::load_timeline(dir / "t.yaml", library), *library.find("win-on-time"));
    }
};

const procedure::Ruling* flag_ruling(const procedure::Run& run) {
    for (const auto& r : run.rulings)
        if (r.topic == "clock.flag_fall" && r.by == "white") return &r;
    return nullptr;
}

bool held(const procedure::Ruling& r, const std::string& name) {
    return std::find(r.held.begin(), r.held.end(), name) != r.held.end();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_forced_win_shown_where_a_flag_is_ruled)

BOOST_AUTO_TEST_CASE(a_lone_knight_without_a_forced_win_draws_on_time) {
    // 14E2: White has only king and knight and shows no forced win: drawn, although Black's flag is down.
    const Folder f;
    const auto run = f.run(timeline(""));
    const auto* r = flag_ruling(run);
    BOOST_TEST_REQUIRE(r);
    BOOST_TEST(r->article == "14E2");
    BOOST_TEST(!held(*r, "forced_win_shown"));
    BOOST_TEST_REQUIRE(run.result.score.has_value());
    BOOST_TEST((*run.result.score)[0] == 0.5);
    BOOST_TEST((*run.result.score)[1] == 0.5);
}

BOOST_AUTO_TEST_CASE(a_lone_knight_with_a_forced_win_shown_wins_on_time) {
    // 14E2's exception: White shows a forced win at the board, so Black's fallen flag loses (1-0).
    const Folder f;
    const auto run = f.run(timeline(", forced_win_shown: true"));
    const auto* r = flag_ruling(run);
    BOOST_TEST_REQUIRE(r);
    BOOST_TEST(r->article == "14E2");
    BOOST_TEST(held(*r, "forced_win_shown"));
    BOOST_TEST_REQUIRE(run.result.score.has_value());
    BOOST_TEST((*run.result.score)[0] == 1.0);
    BOOST_TEST((*run.result.score)[1] == 0.0);
}

BOOST_AUTO_TEST_CASE(a_forced_win_said_shown_without_a_claim_is_not_known) {
    // The fact comes only from the flag claim: the same rule, Black's flag found by the arbiter (an observation),
    // knows no forced win, so 14E2 draws.
    const Folder f;
    std::string t = timeline("");
    t = t.substr(0, t.find("  - {at: \"1:31:00\"")) + "  - {at: \"1:31:00\", observe: {flag_fallen: black}}\n";
    const auto run = f.run(t);
    BOOST_TEST_REQUIRE(run.result.score.has_value());
    BOOST_TEST((*run.result.score)[0] == 0.5);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace forced_win_on_time_test
