// Every command that takes `--lang ja`, on bundled data, prints no English word outside ids, numbers, file paths and
// notation (issue 32, "Japanese throughout"): list, show (every bundled rulebook), validate, clock, audit, event
// check and sheet (both sheets: the players' and --full), diff, history and check. run and compare are scanned over
// every timeline by japanese_cli_test.cpp, import (whose timeline keeps the format's words) and audits by
// japanese_records_cli_test.cpp, shogi moves by japanese_moves_cli_test.cpp. perft, analyze, vocabulary
// and site take no --lang: the first two print counts and moves, vocabulary is the reference in English, and site
// writes both languages (site_test.cpp).
//
// The scanner is engine_words.h's. Left alone besides what it allows:
// - ids where the output names them as ids: topic ids (clock.flag_fall: what --topic takes), rulebook ids;
// - file paths (a line that starts with one, and the ファイル: line), and the source documents' own titles as the
//   rulebooks cite them (出典: and 採択: lines: the documents' names are data, quoted as written);
// - notation: the structured time control a reader copies into an event ({time: 10min, increment: 5s}).
// Known and not yet words (each allowance must still be found, so that the list stays true): parameter and value
// ids quoted in Japanese texts and in `diff`'s and `show`'s parameter lines, which the registry names by id only.
#include "cli/cli_run.h"
#include "cli/engine_words.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace japanese_every_command_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace {

using arbiter::test::engine_words;
using arbiter::test::run_arbiter;

// Lines that name files, documents and notation as written (see the head of the file).
const std::vector<std::string> skipped = {"tests/", "rulesets/", "# tests/", "  ファイル: ", "  出典: ", "  採択: ",
                                          "出典: ", "構造化形式", "  持ち時間: {"};

// Known: ids of parameters, effects, facts and choice values that the rulebooks' Japanese notes and the registry's
// parameter texts still quote (and that `diff`'s and `show`'s parameter lines print), the xiangqi sources' article
// words (chapter 3, rule 4), and one event's misspelt mode, printed as the event writes it.
const std::set<std::string> known = {
    // parameters and facts
    "min_moves", "arbiter_consent", "default_time", "castling", "lost_on", "claimant_deduction_max",
    "opponent_bonus", "claim_below", "points_needed", "moves", "sente_points", "gote_points", "pieces_in_zone",
    "absent_clock_runs", "major_value", "minor_value", "king_in_zone", "name_disc_required", "claim_correct",
    "pointed_out_in_time", "options", "rights", "cycle_pattern", "event_may_set", "before_each_player_has_made_moves",
    "claim_moves", "device_in_bag", "bag_allowed", "hands", "press_without_move", "two_hand_move",
    "arrival_at_least", "wrong_rook_pawn", "drawn_king_and_pawn", "empties_to_winner", "disc_named", "ended_by",
    // effects, decisions and the timeline's words a note names
    "fine", "exclude_rounds", "replay", "add_increment", "count", "assign", "cases", "case", "roles", "also",
    "observe", "phone",
    // choice values
    "move", "touch", "possible_moves", "before_irregularity", "initial_setup", "board_orientation",
    "colours_reversed", "displaced_pieces", "own", "opponent", "both", "warn", "removed", "opponent_or_arbiter",
    "white", "false", "true", "check", "mate_threat", "chase", "chase_several", "mixed", "idle", "sudden_death",
    "final_period",
    // sources and the words notes quote from them
    "lishogi", "incident", "notes", "adjournment", "chessexpress",
    // the event's misspelt mode
    "indivdual"};

std::vector<std::string> bundled_rulebooks() {
    std::vector<std::string> ids;
    for (const auto& game : {"chess", "shogi", "othello", "xiangqi"})
        for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ARBITER_SOURCE_DIR) / "rulesets" / game))
            if (e.path().extension() == ".yaml") ids.push_back(e.path().stem().string());
    return ids;
}

// The word a finding names ("word (line 3: ...)").
std::string word_of(const std::string& finding) { return finding.substr(0, finding.find(' ')); }

// A topic id (clock.flag_fall) or a topic's parameter (clock.late_arrival.default_time), as `event check` names it.
bool is_topic_id(const std::string& word) { return std::regex_match(word, std::regex("[a-z_]+(\\.[a-z_]+)+")); }

}  // namespace

BOOST_AUTO_TEST_SUITE(japanese_output_of_every_command)

BOOST_AUTO_TEST_CASE(every_command_with_lang_ja_prints_no_english_word_outside_ids_paths_and_notation) {
    std::vector<std::string> commands = {
        "list --lang ja",
        "validate rulesets/chess/fide-2009.yaml --lang ja",
        "validate tests/data/events/fide2009-rapid.yaml --lang ja",
        "clock 90+30 --rulebook fide-2009 --lang ja",
        "audit tests/data/shogi/81dojo-ninomiyaryu-vs-yos-2017-time-up.kif --lang ja",
        "diff fide-2001 fide-2009 --lang ja",
        "diff kyushu-shogi-2006 csa-computer-shogi --lang ja",
        "history clock.late_arrival --rulebooks fide-2001,fide-2009 --lang ja",
        "check tests/timelines/shogi/05-perpetual-check.yaml tests/timelines/othello/01-tie-32-32-draw-win-right-black.yaml --lang ja",
    };
    const std::vector<std::string> books = bundled_rulebooks();
    for (const auto& id : books) commands.push_back("show " + id + " --lang ja");
    for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(ARBITER_SOURCE_DIR) / "tests/data/events"))
        if (e.path().extension() == ".yaml") {
            const std::string file = "tests/data/events/" + e.path().filename().string();
            for (const std::string c : {"event check ", "event sheet ", "event sheet --full "})
                commands.push_back(c + file + " --lang ja --format " + (c == "event check " ? "text" : "md"));
        }
    std::set<std::string> used;
    std::size_t ran = 0, refusals = 0;
    for (const auto& command : commands) {
        const auto r = run_arbiter(command);
        if (r.exit_code == 2) continue;  // the events made to be refused or unreadable print no sheet
        ++ran;
        // The first line of `event check` and a sheet's title are the event's name as its file writes it (data).
        std::string out = arbiter::test::markdown_text(r.out);
        if (command.rfind("event ", 0) == 0) out = out.substr(out.find('\n') + 1);
        // Known: `event check`'s refusals (認めない: ...) are the engine's error messages, which are English only.
        std::string kept;
        std::istringstream lines(out);
        for (std::string line; std::getline(lines, line);) {
            if (line.find("認めない: ") != std::string::npos) {
                ++refusals;
                continue;
            }
            kept += line + "\n";
        }
        std::vector<std::string> left;
        for (const auto& f : engine_words(kept, skipped)) {
            const std::string w = word_of(f);
            if (is_topic_id(w) || std::find(books.begin(), books.end(), w) != books.end()) continue;
            if (known.count(w)) {
                used.insert(w);
                continue;
            }
            left.push_back(f);
        }
        BOOST_TEST(left.empty(), command << ": " << (left.empty() ? "" : left.front()) << " and " << left.size() << " in all");
    }
    BOOST_TEST(ran >= 30u);
    BOOST_TEST(refusals > 0u);  // the known refusals are still printed (else drop their allowance)
    for (const auto& w : known) BOOST_TEST(used.count(w) == 1u, "known word " << w << " is no longer printed: drop it from the list");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace japanese_every_command_test
