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
// - notation: the structured time control a reader copies into an event ({time: 10min, increment: 5s});
// - in `event check`'s refusals (認めない: path: reason, in Japanese), the path and the quoted ids ('min_moves') and
//   notation ({time: 20min}) the event's writer typed or may type instead.
// Known and not yet words (each allowance must still be found, so that the list stays true): the vocabulary ids that
// the rulebooks' own Japanese notes quote for the rulebook's writer (what a rule is encoded with), a few ids and
// names those notes and one parameter text cite, one topic id without a dot, and one event's misspelt mode.
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

// Known: ids the rulebooks' Japanese notes (注:) quote for the rulebook's writer (parameters, facts, effects, values
// of the vocabulary), the condition names a material balance may carry (jca-1997 10.3's list, as written), the
// sources those notes name, a topic id without a dot (adjournment: what --topic takes), and one event's misspelt
// mode, printed as the event writes it. Before issue 32's second pass the list held 80 words; parameter and value
// names in `diff`, `show`, `history` and the registry's Japanese texts are now the registry's words.
const std::set<std::string> known = {
    // vocabulary ids quoted by the rulebooks' notes
    "add_increment", "also", "arbiter_consent", "arrival_at_least", "assign", "bag_allowed",
    "before_each_player_has_made_moves", "castling", "claim_correct", "claim_moves", "count", "device_in_bag",
    "disc_named", "empties_to_winner", "ended_by", "event_may_set", "exclude_rounds", "false", "final_period", "fine",
    "hands", "min_moves", "observe", "opponent_bonus", "opponent_or_arbiter", "phone", "pointed_out_in_time",
    "press_without_move", "removed", "replay", "rights", "roles", "sudden_death", "true", "two_hand_move", "warn",
    // the condition names of a material balance, as a rulebook writes the list
    "drawn_king_and_pawn", "wrong_rook_pawn",
    // sources and the words notes quote from them
    "lishogi", "incident", "notes", "chessexpress",
    // a topic id without a dot
    "adjournment",
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
        // The events made to be refused or unreadable print no sheet; `event check` prints its refusals even when a
        // typo makes it exit 2.
        if (r.exit_code == 2 && command.rfind("event check ", 0) != 0) continue;
        ++ran;
        // The first line of `event check` and a sheet's title are the event's name as its file writes it (data).
        std::string out = arbiter::test::markdown_text(r.out);
        if (command.rfind("event ", 0) == 0) out = out.substr(out.find('\n') + 1);
        // `event check`'s refusals (file:line:col: 認めない: path: reason): the reason, without the ids and notation
        // the event's writer typed.
        std::string kept;
        std::istringstream lines(out);
        const std::string refused = "認めない: ";
        for (std::string line; std::getline(lines, line);) {
            if (const auto at = line.find(refused); at != std::string::npos) {
                ++refusals;
                std::string reason = line.substr(at + refused.size());
                reason = reason.substr(reason.find(": ") == std::string::npos ? 0 : reason.find(": ") + 2);
                line = std::regex_replace(reason, std::regex("'[^']*'|\\{[^}]*\\}"), "");
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
    BOOST_TEST(refusals >= 6u);  // the refusals are scanned: the events made to be refused still print theirs
    for (const auto& w : known) BOOST_TEST(used.count(w) == 1u, "known word " << w << " is no longer printed: drop it from the list");
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace japanese_every_command_test
