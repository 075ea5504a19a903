// Shared by the perft-suite tests: a suite file of tab-separated lines "position<TAB>depth<TAB>nodes<TAB>id", with
// blank lines and '#' comments (tests/data/shogi/perft.txt, tests/data/xiangqi/perft.txt; sources in each folder).
#pragma once

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

}  // namespace arbiter::core::testing
