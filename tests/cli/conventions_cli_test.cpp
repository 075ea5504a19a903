// Conventions a newcomer expects: `arbiter help [COMMAND]`, bash completion of rulebook ids and game names, and a
// "did you mean" wherever a rulebook id is named.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

namespace conventions_cli_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using arbiter::test::contains;
using arbiter::test::run_arbiter;
using arbiter::test::run_shell;
using arbiter::test::Stderr;

BOOST_AUTO_TEST_SUITE(conventions)

BOOST_AUTO_TEST_CASE(help_lists_the_commands_and_describes_one) {
    const auto all = run_arbiter("help");
    BOOST_TEST(all.exit_code == 0);
    BOOST_TEST(contains(all.out, "Usage:"));
    BOOST_TEST(contains(all.out, "diff"));
    BOOST_TEST(contains(all.out, "history"));
    const auto one = run_arbiter("help diff");
    BOOST_TEST(one.exit_code == 0);
    BOOST_TEST(contains(one.out, "--overview"));
    const auto typo = run_arbiter("help dif", Stderr::merge);
    BOOST_TEST(typo.exit_code == 2);
    BOOST_TEST(contains(typo.out, "did you mean 'diff'?"));
}

// The completion script, sourced into bash with the words typed so far; it asks the program for the ids (the bundled
// rulebooks: fide-2001, 2009, 2014, 2018 and 2023 begin "fide-20"; jca-1997; kyushu-shogi-2006) and the game names.
BOOST_AUTO_TEST_CASE(completion_offers_rulebook_ids_and_game_names) {
    auto complete = [](const std::string& words) {
        return run_shell("cd '" ARBITER_SOURCE_DIR "' && bash -c 'source <(\"$0\" help-completion); COMP_WORDS=(\"$0\" " + words +
                         "); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _arbiter; echo \"${COMPREPLY[*]}\"' '" ARBITER_BINARY "'")
            .out;
    };
    BOOST_TEST(complete("diff fide-20") == "fide-2001 fide-2009 fide-2014 fide-2018 fide-2023\n");
    BOOST_TEST(complete("compare x.yaml --rulebooks fide-2001,jca") == "fide-2001,jca-1997\n");
    BOOST_TEST(complete("run x.yaml --rulebook kyu") == "kyushu-shogi-2006\n");
    BOOST_TEST(complete("perft --game sh") == "shogi\n");
}

BOOST_AUTO_TEST_CASE(every_rulebook_id_gets_a_suggestion) {
    const auto compare = run_arbiter("compare tests/timelines/chess/01-incorrect-claim-25min.yaml --rulebooks fide-2001,fide-2010",
                                     Stderr::merge);
    BOOST_TEST(compare.exit_code == 2);
    BOOST_TEST(contains(compare.out, "did you mean 'fide-2014'?"));
    const auto audit = run_arbiter("audit tests/data/othello/WTH_2013.wtb --rulebooks joa-othelo", Stderr::merge);
    BOOST_TEST(audit.exit_code == 2);
    BOOST_TEST(contains(audit.out, "did you mean 'joa-othello'?"));
    const auto check = run_arbiter("check tests/timelines/chess/01-incorrect-claim-25min.yaml --rulebook fide-2010", Stderr::merge);
    BOOST_TEST(check.exit_code == 2);
    BOOST_TEST(contains(check.out, "did you mean 'fide-2014'?"));
}

// `list --lang ja`: headers and the games in Japanese (JSA 将棋, JOA オセロ, JCA チェス); ids stay as they are.
BOOST_AUTO_TEST_CASE(list_in_japanese_has_no_english_headers) {
    const auto r = run_arbiter("list --lang ja");
    BOOST_TEST(r.exit_code == 0);
    BOOST_TEST(r.out.rfind("ID ", 0) == 0u);
    BOOST_TEST(contains(r.out.substr(0, r.out.find('\n')), "種目"));
    BOOST_TEST(!contains(r.out.substr(0, r.out.find('\n')), "game"));
    BOOST_TEST(contains(r.out, "fide-2009           チェス"));
}

BOOST_AUTO_TEST_CASE(a_missing_file_is_called_missing) {
    const auto import = run_arbiter("import nosuch.kif", Stderr::merge);
    BOOST_TEST(import.exit_code == 2);
    BOOST_TEST(contains(import.out, "nosuch.kif: no such file"));
    const auto audit = run_arbiter("audit nosuch.pgn", Stderr::merge);
    BOOST_TEST(audit.exit_code == 2);
    BOOST_TEST(contains(audit.out, "nosuch.pgn: cannot open the file (No such file or directory)"));
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace conventions_cli_test
