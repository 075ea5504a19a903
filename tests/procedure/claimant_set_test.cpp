// A claimant set (claim.by a list): who may point out an illegal move is any one of the words listed. The rule is the
// Japan Shogi Association's, as the issue reads it: the opponent, the recorder or a witness may point out a forbidden
// move, spectators may not. Written as a test rulebook (the JSA's rules are not bundled) extending kyushu-shogi-2006,
// whose point-out rule otherwise admits anyone.
//
// The game is tests/timelines/shogi/20's: gote drops a second pawn on file 5 (P*5d, gote's pawn still on 5c: nifu)
// and the point-out comes after sente's next move.
#include "procedure/procedure.h"
#include "rulebook/rulebook.h"

#include <boost/test/unit_test.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace claimant_set_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using namespace arbiter;

namespace {

std::string rulebook_with(const std::string& by) {
    return "rulebook: jsa-set\ntitle: {en: T, ja: T}\nsource: {file: none}\ngame: shogi\nextends: kyushu-shogi-2006\n"
           "rules:\n  shogi.illegal_move_pointing:\n    article: \"JSA\"\n    summary: {en: S, ja: S}\n"
           "    claim: {by: " + by + ", deadline: game_end}\n    cases:\n"
           "      - when: {pointed_out_in_time: true, claim_correct: true}\n        effects: [{lose: {who: offender}}]\n"
           "    effects: [continue]\n";
}

const std::string nifu = "timeline: t\nevent: {rulebook: jsa-set, time_control: \"1800\"}\nstart: startpos\nentries:\n"
                         "  - {at: \"0:00:10\", move: 7g7f}\n  - {at: \"0:00:20\", move: 3c3d}\n"
                         "  - {at: \"0:00:30\", move: 7f7e}\n  - {at: \"0:00:40\", move: 3d3e}\n"
                         "  - {at: \"0:00:50\", move: 7e7d}\n  - {at: \"0:01:00\", move: 7c7d}\n"
                         "  - {at: \"0:01:10\", move: 2g2f}\n  - {at: \"0:01:20\", move: P*5d}\n"
                         "  - {at: \"0:01:30\", move: 2f2e}\n";

struct Folder {
    fs::path dir = fs::temp_directory_path() / ("arbiter-claimant-set-" + std::to_string(::getpid()));
    explicit Folder(const std::string& by) {
        fs::create_directories(dir / "shogi");
        std::ofstream(dir / "shogi" / "jsa-set.yaml") << rulebook_with(by);
    }
    ~Folder() { fs::remove_all(dir); }
    rulebook::Library library() const {
        return rulebook::Library::open(std::vector<fs::path>{dir, fs::path(ARBITER_SOURCE_DIR) / "rulesets"});
    }
    procedure::Run run(const std::string& entry) const {
        const auto lib = library();
        std::ofstream(dir / "t.yaml") << nifu << "  - {at: \"0:01:35\", " << entry << "}\n";
        procedure::Runner runner(lib);
        return runner.run(procedure::load_timeline(dir / "t.yaml", lib), *lib.find("jsa-set"));
    }
};

// Gote, the offender, lost: sente 1, gote 0.
bool gote_lost(const procedure::Run& run) {
    return run.result.score && (*run.result.score)[0] == 1.0 && (*run.result.score)[1] == 0.0;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(a_claimant_set_admits_exactly_its_members)

BOOST_AUTO_TEST_CASE(the_opponent_the_recorder_and_a_witness_may_point_it_out) {
    const Folder f("[opponent, recorder, witness]");
    BOOST_TEST(gote_lost(f.run("claim: {by: sente, kind: illegal_move}")));
    BOOST_TEST(gote_lost(f.run("observe: {illegal_move: true, by: recorder}")));
    BOOST_TEST(gote_lost(f.run("observe: {illegal_move: true, by: witness}")));
}

BOOST_AUTO_TEST_CASE(a_spectator_the_arbiter_and_the_offender_may_not) {
    const Folder f("[opponent, recorder, witness]");
    const auto spectator = f.run("observe: {illegal_move: true, by: spectator}");
    BOOST_TEST(!spectator.result.score.has_value());
    bool refused = false;
    for (const auto& r : spectator.rulings)
        refused = refused || (r.article == "JSA" && r.note.en.find("not the spectator") != std::string::npos);
    BOOST_TEST(refused);
    BOOST_TEST(!f.run("observe: {illegal_move: true, by: arbiter}").result.score.has_value());
    BOOST_TEST(!f.run("claim: {by: gote, kind: illegal_move}").result.score.has_value());
}

BOOST_AUTO_TEST_CASE(a_set_naming_the_offender_admits_him) {
    // Kyushu (5) lets the offender point out his own forbidden move (and lose by it).
    const Folder f("[offender, opponent]");
    BOOST_TEST(gote_lost(f.run("claim: {by: gote, kind: illegal_move}")));
    BOOST_TEST(!f.run("observe: {illegal_move: true, by: recorder}").result.score.has_value());
}

BOOST_AUTO_TEST_CASE(a_malformed_set_is_refused_at_load_with_its_place) {
    for (const std::string by : {"[opponent, bystander]", "[]", "[opponent, opponent]", "[[opponent]]"}) {
        BOOST_TEST_CONTEXT(by) {
            const Folder f(by);
            std::string why;
            try {
                f.library().load_file(f.dir / "shogi" / "jsa-set.yaml");
            } catch (const InputError& e) {
                why = e.what();
            }
            BOOST_TEST(why.find("jsa-set.yaml:10:") != std::string::npos, why);  // the claim's line
        }
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace claimant_set_test
