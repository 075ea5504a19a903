// A claim deadline counted in moves from the act (deadline within_last_moves, parameter claim_moves). The rule is
// US Chess Official Rules 7th edition 11A/11B, as a test rulebook (US Chess is not bundled): an illegal move found
// while it is one of the last ten moves of the player who made it is taken back to the position before it (11A);
// one made before each player's last ten moves stands and the game goes on (11B).
//
// The game: 1.e4 e5 2.Nf3 d6 3.Bb5+ and Black answers 3...Nf6, leaving his king in check (illegal, 3.1/3.9). White
// does not notice; Black parries with 4...c6 and play goes on. Counting Black's moves from the illegal one as the
// first: 3...Nf6 (1), 4...c6 (2), Be7 (3), O-O (4), Nbd7 (5), Re8 (6), Nf8 (7), Ng6 (8), h6 (9), 12...Bf8 (10),
// 13...a6 (11). A claim after 12...Bf8 is in time (the illegal move is Black's tenth-last); one after 13...a6 is not.
#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace deadline_in_moves_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;

namespace {

const char* const rulebook_text =
    "rulebook: last-ten\ntitle: {en: Last ten moves, ja: 直近10手}\nsource: {file: none}\ngame: chess\nrules:\n"
    "  move.illegal:\n    article: \"11A\"\n    also: [\"11B\"]\n"
    "    summary: {en: An illegal move found within its maker's last ten moves is taken back., ja: 直近10手の反則は戻す。}\n"
    "    params:\n      claim_moves: {value: 10}\n"
    "    claim: {by: opponent, deadline: within_last_moves}\n"
    "    effects: [continue]\n";

// Black's illegal 3...Nf6 and the moves after it, each 10 s apart; `upto` moves in all, then the claim.
const char* const moves[] = {"e4",  "e5",  "Nf3", "d6",   "Bb5+", "Nf6", "d3",   "c6",  "Ba4", "Be7", "O-O",  "O-O",
                             "Nc3", "Nbd7", "Be3", "Re8", "h3",   "Nf8", "Qd2",  "Ng6", "Rae1", "h6",  "Bb3",  "Bf8",
                             "a3",  "a6",  "Ba2", "b5"};

std::string timeline(int upto, const std::string& after) {
    std::string t = "timeline: t\nevent: {rulebook: last-ten, time_control: \"5400\"}\nstart: startpos\nentries:\n";
    int at = 0;
    auto clock = [](int s) { return std::to_string(s / 60) + ":" + (s % 60 < 10 ? "0" : "") + std::to_string(s % 60); };
    for (int i = 0; i < upto; ++i) t += "  - {at: \"" + clock(at += 10) + "\", move: " + moves[i] + "}\n";
    return t + "  - {at: \"" + clock(at + 5) + "\", claim: {by: white, kind: illegal_move}}\n" + after;
}

struct Folder {
    fs::path dir = fs::temp_directory_path() / ("arbiter-last-ten-" + std::to_string(::getpid()));
    Folder() {
        fs::create_directories(dir / "chess");
        std::ofstream(dir / "chess" / "last-ten.yaml") << rulebook_text;
    }
    ~Folder() { fs::remove_all(dir); }
    procedure::Run run(const std::string& text) const {
        const auto library = rulebook::Library::open(std::vector<fs::path>{dir, fs::path(ARBITER_SOURCE_DIR) / "rulesets"});
        std::ofstream(dir / "t.yaml") << text;
        procedure::Runner runner(library);
        return runner.run(procedure::load_timeline(dir / "t.yaml", library), *library.find("last-ten"));
    }
};

bool noted(const procedure::Run& run, const std::string& words) {
    for (const auto& r : run.rulings)
        if (r.note.en.find(words) != std::string::npos) return true;
    return false;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_deadline_counted_in_moves_from_the_act)

BOOST_AUTO_TEST_CASE(the_illegal_move_among_the_last_ten_is_taken_back) {
    // Claimed after 12...Bf8 (24 moves): 11A, the position after 3.Bb5+ again, Black to move; 3...c6 is then played.
    const Folder f;
    const auto run = f.run(timeline(24, "  - {at: \"0:04:10\", move: c6}\n"));
    bool ruled = false;
    for (const auto& r : run.rulings)
        if (r.topic == "move.illegal" && r.article == "11A" && r.by == "white") {
            ruled = true;
            BOOST_TEST(r.position == "rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 3");
        }
    BOOST_TEST(ruled);
    BOOST_TEST(!noted(run, "stands"));
}

BOOST_AUTO_TEST_CASE(one_made_before_the_last_ten_stands) {
    // Claimed after 13...a6 (26 moves): Black has made eleven moves counting the illegal one, so the claim is out of
    // time (11B) and changes nothing; at 14.Ba2 the move is ruled to stand.
    const Folder f;
    const auto run = f.run(timeline(26, "  - {at: \"0:04:30\", move: Ba2}\n"));
    BOOST_TEST(noted(run, "out of time (within_last_moves)"));
    BOOST_TEST(noted(run, "the illegal move stands"));
    for (const auto& r : run.rulings)  // never back to the position before the illegal move
        BOOST_TEST(r.position.find("rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b") == std::string::npos);
}

BOOST_AUTO_TEST_CASE(claim_moves_outside_a_rule_that_reads_it_is_refused) {
    // The parameter is read by the deadline; on a topic that registers no claim_moves it is refused at load.
    const Folder f;
    std::ofstream(f.dir / "chess" / "bad.yaml")
        << "rulebook: bad\ntitle: {en: T, ja: T}\nsource: {file: none}\ngame: chess\nrules:\n  move.touch:\n"
           "    article: \"1\"\n    summary: {en: S, ja: S}\n    params:\n      claim_moves: {value: 10}\n"
           "    effects: [continue]\n";
    const auto library = rulebook::Library::open(std::vector<fs::path>{f.dir, fs::path(ARBITER_SOURCE_DIR) / "rulesets"});
    std::string why;
    try {
        library.load_file(f.dir / "chess" / "bad.yaml");
    } catch (const InputError& e) {
        why = e.what();
    }
    BOOST_TEST(why.find("bad.yaml:10:") != std::string::npos, why);
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace deadline_in_moves_test
