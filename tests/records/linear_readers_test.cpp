// Every reader's cost is linear in its input (issue 34): a large valid input is read within a generous multiple of
// the time of a small one scaled by size. The bound is loose on purpose (ten times the scaled time, plus a quarter
// second) so that a loaded machine does not fail it, while a reader that is quadratic in its input takes about
// `Scale` times the bound: the GGF reader counted lines from the file's start for each move, and the KIF 持ち時間
// reading copied the rest of the header after each "1秒".
#include "records/convert.h"

#include "core/pgn.h"
#include "core/record/csa.h"
#include "core/record/kif.h"
#include "shogi_kif.h"
#include "core/record/othello_records.h"

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <ctime>
#include <functional>
#include <string>

namespace linear_readers_test {  // apart from the other files of a unity batch (tests/CMakeLists.txt)

using namespace arbiter;
using arbiter::testing::shogi_kif;
using namespace arbiter::core::record;

constexpr int Scale = 128;

// The thread's own CPU time, not the wall clock: other processes on a loaded machine (a parallel build, ctest -j)
// do not count against the reader.
double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

double seconds(const std::function<void()>& f) {
    const double start = thread_cpu_seconds();
    f();
    return thread_cpu_seconds() - start;
}

// `make(n)` is a valid input of n units; `read` reads it. The small input's time is the best of five runs.
void check_linear(const std::string& reader, const std::function<std::string(int)>& make, int small_units,
                  const std::function<void(const std::string&)>& read) {
    const std::string small = make(small_units);
    const std::string large = make(small_units * Scale);
    double small_time = 1e9;
    for (int k = 0; k < 5; ++k) small_time = std::min(small_time, seconds([&] { read(small); }));
    const double scaled = small_time * double(large.size()) / double(small.size());
    // The large input is timed up to three times and the best kept, so that a moment of load on the machine is
    // not taken for the reader's cost.
    double large_time = 1e9;
    for (int k = 0; k < 3 && large_time >= 10 * scaled + 0.25; ++k)
        large_time = std::min(large_time, seconds([&] { read(large); }));
    BOOST_TEST(large_time < 10 * scaled + 0.25, reader << ": " << large.size() << " bytes in " << large_time
                                                       << " s; " << small.size() << " bytes in " << small_time << " s");
}

BOOST_AUTO_TEST_SUITE(linear_readers)

BOOST_AUTO_TEST_CASE(ggf_one_game_of_many_passes_one_to_a_line) {
    check_linear("GGF", [](int n) {
        std::string s = "(;GM[Othello]\n";
        for (int k = 0; k < n; ++k) s += "B[pa]\nW[pa]\n";
        return s + ";)\n";
    }, 500, [](const std::string& text) { BOOST_TEST(read_ggf(text, "t.ggf").at(0).moves.size() > 0u); });
}

BOOST_AUTO_TEST_CASE(ggf_many_games) {
    check_linear("GGF games", [](int n) {
        std::string s;
        for (int k = 0; k < n; ++k) s += "(;GM[Othello]PB[a]PW[b]RE[?]B[f5]W[d6];)\n";
        return s;
    }, 200, [](const std::string& text) { BOOST_TEST(!read_ggf(text, "t.ggf").empty()); });
}

BOOST_AUTO_TEST_CASE(kif_a_long_time_control_header) {
    check_linear("KIF 持ち時間", [](int n) {
        std::string s = "持ち時間：";
        for (int k = 0; k < n; ++k) s += "1秒";
        return s + "\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01)\n";
    }, 2000, [](const std::string& text) {
        const GameRecord r = read_kif(text, "t.kif", shogi_kif());
        const std::string file = "t.kif";
        procedure::convert::Build b(file, 1, 1);
        // A unit named more than once is unreadable (read_japanese_duration): refused, and in linear time.
        BOOST_TEST(!procedure::convert::kif_control(r.header("持ち時間"), b).has_value());
    });
}

BOOST_AUTO_TEST_CASE(kif_many_comment_lines) {
    check_linear("KIF", [](int n) {
        std::string s = "手合割：平手\n手数----指手---------消費時間--\n";
        for (int k = 0; k < n; ++k) s += "*a comment on the game\n";
        return s + "   1 ７六歩(77)   ( 0:01/00:00:01)\n";
    }, 500, [](const std::string& text) { BOOST_TEST(read_kif(text, "t.kif", shogi_kif()).moves.size() == 1u); });
}

BOOST_AUTO_TEST_CASE(csa_many_comment_lines_and_a_long_event) {
    check_linear("CSA", [](int n) {
        std::string s = "V2.2\nN+a\nN-b\n$EVENT:" + std::string(std::size_t(n) * 10, 'e') + "\nPI\n+\n";
        for (int k = 0; k < n; ++k) s += "'a comment on the game\n";
        return s + "+7776FU\nT1\n";
    }, 500, [](const std::string& text) {
        const GameRecord r = read_csa(text, "t.csa");
        const std::string file = "t.csa";
        procedure::convert::Build b(file, 1, 1);
        BOOST_TEST(!procedure::convert::csa_control(r, b).has_value());
    });
}

BOOST_AUTO_TEST_CASE(pgn_many_games) {
    check_linear("PGN", [](int n) {
        std::string s;
        for (int k = 0; k < n; ++k) s += "[Event \"e\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n";
        return s;
    }, 200, [](const std::string& text) { BOOST_TEST(!core::read_pgn(text, "t.pgn").empty()); });
}

BOOST_AUTO_TEST_CASE(wthor_many_games) {
    check_linear("WTHOR", [](int n) {
        std::string s(16, '\0');
        s[4] = char(n & 0xFF), s[5] = char((n >> 8) & 0xFF), s[6] = char((n >> 16) & 0xFF);
        for (int k = 0; k < n; ++k) {
            std::string game(68, '\0');
            game[8] = char(56);  // f5: row 5, column 6
            s += game;
        }
        return s;
    }, 200, [](const std::string& text) { BOOST_TEST(!read_wthor(text, "t.wtb").empty()); });
}

BOOST_AUTO_TEST_SUITE_END()

}  // namespace linear_readers_test
