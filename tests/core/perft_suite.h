// Shared by the perft-suite tests: a suite file of tab-separated lines "position<TAB>depth<TAB>nodes<TAB>id", with
// blank lines and '#' comments (tests/data/shogi/perft.txt, tests/data/xiangqi/perft.txt; sources in each folder),
// and the one runner that counts a game's suite against it.
#pragma once

#include "core/game_def.h"
#include "core/position.h"

#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter::core::testing {

struct PerftLine {
    std::string position;  // FEN or SFEN, as the game writes positions
    int depth = 0;
    std::uint64_t nodes = 0;
    std::string id;
};

inline std::vector<PerftLine> read_perft_suite(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::vector<PerftLine> out;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream fields(line);
        PerftLine p;
        std::string depth, nodes;
        std::getline(fields, p.position, '\t');
        std::getline(fields, depth, '\t');
        std::getline(fields, nodes, '\t');
        std::getline(fields, p.id, '\t');
        p.depth = std::stoi(depth);
        p.nodes = std::stoull(nodes);
        out.push_back(std::move(p));
    }
    return out;
}

// The default bound on a line's count: the lines above it are skipped, so that a suite runs in about a second (the
// sanitized builds run some fifty times slower).
#ifdef ARBITER_SANITIZED
inline constexpr std::uint64_t suite_max_nodes = 100000;
#else
inline constexpr std::uint64_t suite_max_nodes = 2000000;
#endif

template <class Pos>
int run_perft_suite_on(const GameDefinitionPtr& def, const std::vector<PerftLine>& suite, const std::string& file,
                       std::uint64_t max_nodes) {
    int run = 0;
    for (const PerftLine& p : suite) {
        if (p.nodes > max_nodes) continue;
        // The game file says how it writes a position: SFEN when it has hands, FEN otherwise.
        auto pos = def->hands ? Pos::from_sfen(def, p.position, file) : Pos::from_fen(def, p.position, file);
        BOOST_TEST(pos.perft(p.depth, true) == p.nodes, def->id << " " << p.id << " d" << p.depth);
        ++run;
    }
    return run;
}

// Counts every line of the suite `file` (`lines` of them) of at most max_nodes nodes from the game's positions, on
// the position type its board needs (with_bitboard); returns how many lines ran.
inline int run_perft_suite(const GameDefinitionPtr& def, const std::string& file, std::size_t lines,
                           std::uint64_t max_nodes = suite_max_nodes) {
    const std::vector<PerftLine> suite = read_perft_suite(file);
    BOOST_TEST(suite.size() == lines);  // every line of the file was read
    return with_bitboard(*def, [&]<class BB>(BB) {
        return run_perft_suite_on<BasicPosition<BB>>(def, suite, file, max_nodes);
    });
}

}  // namespace arbiter::core::testing
