// `cmake --install` into a temporary prefix, the prefix moved, and the moved program run with no environment
// variables: it must find its bundled data beside itself (share/arbiter), read its man page and completion, and
// take a user's folder of rulebooks on top of the bundled ones (--rulesets, ARBITER_RULESETS).
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>

namespace install_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

namespace fs = std::filesystem;
using arbiter::test::contains;
using arbiter::test::run_shell;

namespace {

// The build folder: the program is built at its top (engine/CMakeLists.txt, RUNTIME_OUTPUT_DIRECTORY).
const fs::path BuildDir = fs::path(ARBITER_BINARY).parent_path();

// A prefix installed once for the whole suite, then moved; removed at the end.
struct InstalledPrefix {
    fs::path root;   // the temporary folder holding the prefix and the user's folder
    fs::path moved;  // the prefix after the move
    std::string install_log;
    int install_code = -1;

    InstalledPrefix() {
        char pattern[] = "/tmp/arbiter-install-test-XXXXXX";
        root = ::mkdtemp(pattern);
        const fs::path first = root / "first";
        const auto r = run_shell("cmake --install '" + BuildDir.string() + "' --prefix '" + first.string() + "' 2>&1");
        install_code = r.exit_code;
        install_log = r.out;
        moved = root / "moved";
        std::error_code ec;
        fs::rename(first, moved, ec);
        // A user's folder holding only a rulebook that extends the bundled fide-2009.
        fs::create_directories(root / "user/chess");
        fs::copy_file(fs::path(ARBITER_SOURCE_DIR) / "tests/data/extension/chess/automatic-draws-example.yaml",
                      root / "user/chess/automatic-draws-example.yaml");
    }
    ~InstalledPrefix() {
        std::error_code ec;
        fs::remove_all(root, ec);
    }
};

const InstalledPrefix& prefix() {
    static const InstalledPrefix installed;
    return installed;
}

// Runs the moved program from / with the data variables unset (so nothing points it at the source tree), `env`
// put before it (e.g. "ARBITER_RULESETS=..."); stderr is merged when asked.
arbiter::test::CliResult installed(const std::string& args, const std::string& env = {}, bool merge = false) {
    return run_shell("cd / && env -u ARBITER_RULESETS -u ARBITER_SCHEMAS " + env + " '" + (prefix().moved / "bin/arbiter").string() +
                     "' " + args + (merge ? " 2>&1" : " 2>/dev/null"));
}

// The command names `arbiter --help` lists (CLI11's "Subcommands:" block, one "  name  summary" line each).
std::set<std::string> commands_in_help() {
    const auto help = arbiter::test::run_arbiter("--help");
    std::set<std::string> names;
    std::istringstream lines(help.out);
    bool in_block = false;
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("Subcommands:", 0) == 0) {
            in_block = true;
            continue;
        }
        if (!in_block) continue;
        if (line.empty() || line[0] != ' ') break;
        std::istringstream words(line);
        std::string name;
        words >> name;
        names.insert(name);
    }
    return names;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(install_into_a_prefix_and_move_it)

BOOST_AUTO_TEST_CASE(the_prefix_holds_program_data_man_page_and_completion) {
    BOOST_REQUIRE_MESSAGE(prefix().install_code == 0, prefix().install_log);
    const fs::path p = prefix().moved;
    BOOST_TEST(fs::is_regular_file(p / "bin/arbiter"));
    BOOST_TEST(fs::is_regular_file(p / "share/arbiter/rulesets/games/chess.yaml"));
    BOOST_TEST(fs::is_regular_file(p / "share/arbiter/rulesets/chess/fide-2009.yaml"));
    BOOST_TEST(fs::is_regular_file(p / "share/arbiter/schemas/topics.yaml"));
    BOOST_TEST(fs::is_regular_file(p / "share/arbiter/schemas/rulebook.schema.json"));
    BOOST_TEST(fs::is_regular_file(p / "share/man/man1/arbiter.1.gz"));  // compressed, as Debian policy asks
    BOOST_TEST(!fs::exists(p / "share/man/man1/arbiter.1"));
    // The example club rulebook is installed apart from the bundled set.
    BOOST_TEST(fs::is_regular_file(p / "share/arbiter/examples/rulesets/chess/club-example.yaml"));
    BOOST_TEST(!fs::exists(p / "share/arbiter/rulesets/chess/club-example.yaml"));
    BOOST_TEST(fs::is_regular_file(p / "share/bash-completion/completions/arbiter"));
}

BOOST_AUTO_TEST_CASE(the_moved_program_lists_from_its_own_share_folder) {
    const auto r = installed("list --format json");
    BOOST_REQUIRE_MESSAGE(r.exit_code == 0, r.out);
    std::set<std::string> ids;
    for (const auto& book : nlohmann::json::parse(r.out)) ids.insert(book["id"].get<std::string>());
    for (const char* id : {"jca-1997", "fide-2001", "fide-2009", "joa-othello", "kyushu-shogi-2006"}) BOOST_TEST(ids.count(id) == 1u, id);
    // -v names the folder used: the moved prefix's, not the source tree's.
    const auto v = installed("-v list", {}, true);
    BOOST_TEST(contains(v.out, (prefix().moved / "share/arbiter/rulesets").string() + " (bundled)"), v.out);
    BOOST_TEST(contains(v.out, (prefix().moved / "share/arbiter/schemas").string() + " (bundled)"), v.out);
}

BOOST_AUTO_TEST_CASE(the_moved_program_shows_and_runs) {
    const auto show = installed("show fide-2009 --topic draw.incorrect_claim");
    BOOST_TEST(show.exit_code == 0);
    BOOST_TEST(contains(show.out, "draw.incorrect_claim  9.5b"), show.out);  // FIDE 2009 9.5b: the incorrect claim
    // tests/timelines/chess/01-incorrect-claim-25min.yaml, worked in its comments: FIDE 2009 9.5b gives the opponent
    // 3 minutes and leaves the claimant's 0:25:00; Black 1:29:10 + 0:03:00 = 1:32:10.
    const auto run = installed("run '" ARBITER_SOURCE_DIR "/tests/timelines/chess/01-incorrect-claim-25min.yaml' --rulebook fide-2009 --format json");
    BOOST_REQUIRE_MESSAGE(run.exit_code == 0, run.out);
    const auto j = nlohmann::json::parse(run.out);
    BOOST_TEST(j["result"]["status"] == "ongoing");
    BOOST_TEST(j["clocks"]["white"] == 25 * 60 * 1000);
    BOOST_TEST(j["clocks"]["black"] == (92 * 60 + 10) * 1000);
}

BOOST_AUTO_TEST_CASE(man_reads_the_page_and_it_names_every_command) {
    const auto man = run_shell("MANWIDTH=100 MANPAGER=cat PAGER=cat man -l '" + (prefix().moved / "share/man/man1/arbiter.1.gz").string() + "' 2>&1");
    BOOST_REQUIRE_MESSAGE(man.exit_code == 0, man.out);
    BOOST_TEST(contains(man.out, "ARBITER_RULESETS"));
    const auto commands = commands_in_help();
    BOOST_TEST(commands.size() >= 13u);  // the 13 rows of engine/cli/command_table.cpp when this test was written
    for (const auto& name : commands) BOOST_TEST(contains(man.out, "\n   " + name + "\n"), name);  // a .SS heading each
}

BOOST_AUTO_TEST_CASE(completion_offers_every_command_and_its_options) {
    const fs::path script = prefix().moved / "share/bash-completion/completions/arbiter";
    auto complete = [&](const std::string& words, int cword) {
        return run_shell("bash -c 'source \"" + script.string() + "\"; COMP_WORDS=(" + words + "); COMP_CWORD=" + std::to_string(cword) +
                         "; _arbiter; echo \"${COMPREPLY[*]}\"'")
            .out;
    };
    std::string first_words = " " + complete("arbiter \"\"", 1);
    std::replace(first_words.begin(), first_words.end(), '\n', ' ');
    for (const auto& name : commands_in_help()) BOOST_TEST(contains(first_words, " " + name + " "), name);
    BOOST_TEST(complete("arbiter show --", 2) == "--topic --lang --format --help --version --rulesets --schemas --verbose --quiet\n");
    BOOST_TEST(complete("arbiter event sheet --format \"\"", 4) == "text md html\n");  // sheet's --format is IsMember({text, md, html})
}

BOOST_AUTO_TEST_CASE(a_user_rulebook_extends_a_bundled_one_by_rulesets_and_by_the_environment) {
    const std::string user = (prefix().root / "user").string();
    const std::string timeline = ARBITER_SOURCE_DIR "/tests/data/extension-timelines/fivefold.yaml";
    for (const auto& [flag, env] : {std::pair<std::string, std::string>{"--rulesets '" + user + "' ", ""},
                                    std::pair<std::string, std::string>{"", "ARBITER_RULESETS='" + user + "'"}}) {
        const auto list = installed(flag + "list --format json", env);
        BOOST_REQUIRE_MESSAGE(list.exit_code == 0, list.out);
        bool found = false, bundled = false;
        for (const auto& book : nlohmann::json::parse(list.out)) {
            found = found || (book["id"] == "automatic-draws-example" && book["extends"] == "fide-2009");
            bundled = bundled || book["id"] == "jca-1997";
        }
        BOOST_TEST(found, flag + env);
        BOOST_TEST(bundled, flag + env);  // on top of the bundled rulebooks, not instead of them
        // tests/cli/extension_cli_test.cpp: the fifth appearance draws without a claim (9.6 of the example).
        const auto run = installed(flag + "run '" + timeline + "' --rulebook automatic-draws-example --format json", env);
        BOOST_REQUIRE_MESSAGE(run.exit_code == 0, run.out);
        const auto j = nlohmann::json::parse(run.out);
        BOOST_TEST(j["result"]["topic"] == "draw.automatic");
        BOOST_TEST(j["result"]["article"] == "9.6");
    }
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace install_test
