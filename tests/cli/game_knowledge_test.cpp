// The game file says what a game is (core/game_profile.h), and nothing above the core infers it: a scan of the
// sources of engine/procedure, engine/records, engine/report and engine/cli for the ways a game used to be guessed.
// It fails on
// - a string literal that is a game's name (the stems of rulesets/games/*.yaml, any case): `game == "chess"`;
// - a character literal of an upper-case letter (a piece letter): `letter == 'P'`;
// - a board size: `files == 8`, `ranks != 9`, `squares < 81` (a count compared with 0 or 1 is no size), or the
//   literals 64, 81, 90 in arithmetic or a comparison (`64 - count`);
// - reading whether a game has hands (`def->hands`): the game file's notation and analyses say what that decided.
// Comments are not scanned (they may name the games they explain). Each allowed use names why it steers nothing; an
// allowance that no longer matches fails too, so that the list stays true.
#include "cli/cli_run.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace game_knowledge_test {

namespace fs = std::filesystem;

struct Allowed {
    std::string file;     // relative to the source tree
    std::string snippet;  // the flagged text as the scan reports it (code without spaces: "/64")
    std::string why;
};

// Uses that steer no logic.
const std::vector<Allowed> allowed = {
    {"engine/procedure/lua_sandbox.cpp", "/64", "a Lua chunk's cost is charged per 64 bytes of source, not a board"},
    {"engine/records/convert_shogi.cpp", "'A'", "the bounds of a character class (a CSA name's letters)"},
    {"engine/records/record_timeline.cpp", "'A'", "ASCII upper case of a format's id (PGN, KIF) in Japanese messages"},
    {"engine/records/convert_shogi.cpp", "'Z'", "the bounds of a character class (a CSA name's letters)"},
};

struct Finding {
    std::string file;
    int line = 0;
    std::string snippet;
};

// The source with comments blanked and literals taken out: `code` keeps the line structure with each literal
// replaced by a space; `strings` and `chars` hold the literals with their lines.
struct Lexed {
    std::vector<std::string> code;  // one per line
    std::vector<std::pair<int, std::string>> strings, chars;
};

Lexed lex(const std::string& text) {
    Lexed out;
    out.code.emplace_back();
    int line = 1;
    const auto put = [&](char c) {
        if (c == '\n') {
            out.code.emplace_back();
            ++line;
        } else {
            out.code.back() += c;
        }
    };
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        const char c = text[i];
        if (c == '/' && i + 1 < n && text[i + 1] == '/') {
            while (i < n && text[i] != '\n') ++i;
        } else if (c == '/' && i + 1 < n && text[i + 1] == '*') {
            i += 2;
            while (i + 1 < n && !(text[i] == '*' && text[i + 1] == '/')) put(text[i] == '\n' ? '\n' : ' '), ++i;
            i += 2;
        } else if (c == 'R' && i + 1 < n && text[i + 1] == '"' &&
                   (i == 0 || !(std::isalnum(static_cast<unsigned char>(text[i - 1])) || text[i - 1] == '_'))) {
            const std::size_t open = text.find('(', i + 2);
            const std::string close = ")" + text.substr(i + 2, open - i - 2) + "\"";
            const std::size_t end = text.find(close, open);
            const int at = line;
            for (std::size_t k = i; k < end + close.size(); ++k)
                if (text[k] == '\n') put('\n');
            out.strings.emplace_back(at, text.substr(open + 1, end - open - 1));
            put(' ');
            i = end + close.size();
        } else if (c == '"' || (c == '\'' && !(i > 0 && std::isxdigit(static_cast<unsigned char>(text[i - 1]))))) {
            // A digit separator (100'000) is not a character literal.
            std::string body;
            ++i;
            while (i < n && text[i] != c) {
                if (text[i] == '\\' && i + 1 < n) body += text[i++];
                body += text[i++];
            }
            ++i;
            (c == '"' ? out.strings : out.chars).emplace_back(line, body);
            put(' ');
        } else {
            put(c);
            ++i;
        }
    }
    return out;
}

std::string lower(std::string s) {
    for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::set<std::string> game_names() {
    std::set<std::string> names;
    for (const auto& e : fs::directory_iterator(fs::path(ARBITER_SOURCE_DIR) / "rulesets" / "games"))
        if (e.path().extension() == ".yaml") names.insert(e.path().stem().string());
    return names;
}

std::vector<Finding> scan() {
    const std::set<std::string> games = game_names();
    static const std::regex size_words(R"(\b(files|ranks|squares)\s*(==|!=|<=|>=|<|>)\s*([2-9]|\d{2,}))");
    static const std::regex size_literals(R"((==|!=|<=|>=|[<>+*/%-])\s*(64|81|90)\b|\b(64|81|90)\s*(==|!=|<=|>=|[<>+*/%-]))");
    static const std::regex hands(R"((->|\.)hands\b)");
    std::vector<Finding> found;
    for (const char* layer : {"procedure", "records", "report", "cli"}) {
        for (const auto& e : fs::recursive_directory_iterator(fs::path(ARBITER_SOURCE_DIR) / "engine" / layer)) {
            const auto ext = e.path().extension();
            if (ext != ".cpp" && ext != ".h") continue;
            std::ifstream in(e.path(), std::ios::binary);
            std::stringstream text;
            text << in.rdbuf();
            const Lexed lexed = lex(text.str());
            const std::string file = fs::relative(e.path(), ARBITER_SOURCE_DIR).generic_string();
            for (const auto& [line, s] : lexed.strings)
                if (games.count(lower(s))) found.push_back({file, line, "\"" + s + "\""});
            for (const auto& [line, c] : lexed.chars)
                if (c.size() == 1 && c[0] >= 'A' && c[0] <= 'Z') found.push_back({file, line, "'" + c + "'"});
            for (std::size_t i = 0; i < lexed.code.size(); ++i) {
                for (const std::regex* re : {&size_words, &size_literals, &hands}) {
                    const std::string& code = lexed.code[i];
                    for (auto it = std::sregex_iterator(code.begin(), code.end(), *re); it != std::sregex_iterator(); ++it) {
                        std::string snippet = it->str();
                        snippet.erase(std::remove(snippet.begin(), snippet.end(), ' '), snippet.end());
                        found.push_back({file, int(i) + 1, snippet});
                    }
                }
            }
        }
    }
    return found;
}

bool is_allowed(const Finding& f) {
    return std::any_of(allowed.begin(), allowed.end(),
                       [&](const Allowed& a) { return a.file == f.file && a.snippet == f.snippet; });
}

BOOST_AUTO_TEST_CASE(no_game_name_board_size_or_piece_letter_steers_logic) {
    const auto found = scan();
    for (const Finding& f : found)
        BOOST_TEST(is_allowed(f), f.file << ":" << f.line << ": " << f.snippet
                                         << " (a game is what its game file says: read core::GameProfile)");
    for (const Allowed& a : allowed) {
        const bool used = std::any_of(found.begin(), found.end(),
                                      [&](const Finding& f) { return f.file == a.file && f.snippet == a.snippet; });
        BOOST_TEST(used, "the allowance " << a.file << " " << a.snippet << " (" << a.why << ") matches nothing");
    }
}

// The scan finds what it is for: each kind of guess, written as the sources once had it, is flagged; comments and
// the literals inside them are not.
BOOST_AUTO_TEST_CASE(the_scan_flags_each_kind_of_guess) {
    const Lexed l = lex("if (r.game == \"shogi\") x(); // \"chess\" in a comment\n"
                        "if (def.pieces[t].letter == 'P') pawn = t; /* 'B' */\n"
                        "if (def.files != 8 || def->hands) return; n = 100'000;\n"
                        "std::regex re(R\"(\\d+ \"othello\")\"); int e = 64 - count;\n");
    BOOST_TEST(l.strings.size() == 2u);
    BOOST_TEST(l.strings[0].second == "shogi");
    BOOST_TEST(l.chars.size() == 1u);
    BOOST_TEST(l.chars[0].second == "P");
    BOOST_TEST(l.code.size() == 5u);  // the last line is empty
    BOOST_TEST(std::regex_search(l.code[2], std::regex(R"(\b(files|ranks|squares)\s*(==|!=|<=|>=|<|>)\s*([2-9]|\d{2,}))")));
    BOOST_TEST(std::regex_search(l.code[2], std::regex(R"((->|\.)hands\b)")));
    BOOST_TEST(std::regex_search(l.code[3], std::regex(R"(\b(64|81|90)\s*(==|!=|<=|>=|[<>+*/%-]))")));
    BOOST_TEST(l.code[0].find("chess") == std::string::npos);
    BOOST_TEST(game_names().count("chess") == 1u);
}

}  // namespace game_knowledge_test

namespace game_knowledge_test {

// A game added as one file and nothing else (docs/EXTENDING.md "Adding a game"): Los Alamos chess plays, counts and
// analyses from tests/data/extension/losalamos/games/losalamos.yaml. The counts are Fairy-Stockfish's (UCI_Variant
// losalamos, go perft 3 and 4 from the start: 1212 and 14332); the position is king and knight against king, which
// no series of legal moves can mate (FIDE 5.2.2 as the file's dead_position analysis reads it).
BOOST_AUTO_TEST_CASE(a_game_added_as_a_file_alone) {
    using arbiter::test::contains;
    using arbiter::test::run_arbiter;
    const std::string folder = " --rulesets tests/data/extension/losalamos --game losalamos";
    BOOST_TEST(contains(run_arbiter("perft" + folder + " --depth 3").out, "nodes: 1212\n"));
    BOOST_TEST(contains(run_arbiter("perft" + folder + " --depth 4").out, "nodes: 14332\n"));
    const auto dead = run_arbiter("analyze" + folder + " --position '3k2/6/6/6/6/2NK2 w - - 0 1'");
    BOOST_TEST(dead.exit_code == 0);
    BOOST_TEST(contains(dead.out, "dead position:         yes"), dead.out);
}

// A profile the game cannot have is refused at its key, exit 2: SFEN holds pieces in hand, and this game has none.
BOOST_AUTO_TEST_CASE(a_profile_the_game_cannot_have_is_refused) {
    using arbiter::test::run_arbiter;
    const fs::path dir = fs::path(arbiter::test::scratch_path("game-knowledge")) / "games";
    fs::create_directories(dir);
    std::ifstream in(fs::path(ARBITER_SOURCE_DIR) / "tests/data/extension/losalamos/games/losalamos.yaml");
    std::stringstream text;
    text << in.rdbuf();
    std::string yaml = text.str();
    const std::string given = "notation: {moves: [san, uci], position: fen}";
    BOOST_REQUIRE(yaml.find(given) != std::string::npos);
    yaml.replace(yaml.find(given), given.size(), "notation: {moves: [san, uci], position: sfen}");
    std::ofstream(dir / "losalamos.yaml") << yaml;
    const auto r = run_arbiter("perft --rulesets '" + dir.parent_path().string() + "' --game losalamos --depth 1",
                               arbiter::test::Stderr::merge);
    BOOST_TEST(r.exit_code == 2);
    BOOST_TEST(arbiter::test::contains(r.out, "losalamos.yaml:"), r.out);
    BOOST_TEST(arbiter::test::contains(r.out, "sfen is the notation of a game with hands"), r.out);
    fs::remove_all(dir.parent_path());
}

}  // namespace game_knowledge_test
