// The points diagram's words (`diagram.river`, `diagram.diagonals`): which of the board's regions a report draws as
// the river and which with their diagonals. They name regions the game file already has, so a diagram says no more
// about the board than the movement does; the checks here keep each drawable (a river at a whole-rank edge, a
// diagonal across a rectangle). Nothing about one game is written here.
#include "core/game_def.h"
#include "core/game_def_reader.h"

#include <algorithm>

namespace arbiter::core {

namespace {

int region_named(const GameDefinition& g, const YAML::Node& n, const std::string& what, const GameDefinitionReader& r) {
    const std::string name = r.text(n, what.c_str());
    auto it = std::find(g.region_names.begin(), g.region_names.end(), name);
    if (it == g.region_names.end()) r.fail(n, what + ": unknown region '" + name + "' (board.regions)");
    return int(it - g.region_names.begin());
}

// The first side's squares of a region as the smallest rectangle holding them; `full` tells whether the region
// fills it.
struct Extent {
    int left = 1 << 10, right = -1, bottom = 1 << 10, top = -1;
    bool full = false;
};

Extent extent_of(const GameDefinition& g, int region) {
    Extent e;
    int count = 0;
    const auto& in = g.region_squares[0][std::size_t(region)];
    for (int sq = 0; sq < g.squares; ++sq) {
        if (!in[std::size_t(sq)]) continue;
        ++count;
        e.left = std::min(e.left, g.file_of(sq)), e.right = std::max(e.right, g.file_of(sq));
        e.bottom = std::min(e.bottom, g.rank_of(sq)), e.top = std::max(e.top, g.rank_of(sq));
    }
    e.full = count > 0 && count == (e.right - e.left + 1) * (e.top - e.bottom + 1);
    return e;
}

}  // namespace

void read_diagram_regions(GameDefinition& g, const YAML::Node& root, const GameDefinitionReader& r) {
    const YAML::Node diagram = root["diagram"];
    if (!diagram || !diagram.IsMap()) return;
    const YAML::Node river = diagram["river"], diagonals = diagram["diagonals"];
    if ((river || diagonals) && g.diagram_style != "points")
        r.fail(river ? river : diagonals, "diagram: only the points style draws a river or diagonals");
    if (river) {
        if (!river.IsMap()) r.fail(river, "diagram.river: expected {region, labels}");
        const YAML::Node region = r.require(river, "region");
        g.diagram_river = region_named(g, region, "diagram.river.region", r);
        // The river runs along the far edge of the first side's region: it must be whole ranks from that side's edge.
        const Extent e = extent_of(g, g.diagram_river);
        if (!e.full || e.left != 0 || e.right != g.files - 1 || e.bottom != 0 || e.top >= g.ranks - 1)
            r.fail(region, "diagram.river.region: expected a region of whole ranks from the first side's edge, short "
                           "of the far edge");
        if (const YAML::Node labels = river["labels"]) {
            const auto words = r.strings(labels, "diagram.river.labels");
            if (words.size() != 2) r.fail(labels, "diagram.river.labels: expected two words (left, right)");
            g.diagram_river_labels[0] = words[0];
            g.diagram_river_labels[1] = words[1];
        }
    }
    if (diagonals) {
        if (!diagonals.IsSequence()) r.fail(diagonals, "diagram.diagonals: expected a list of region names");
        for (const YAML::Node& n : diagonals) {
            const int region = region_named(g, n, "diagram.diagonals", r);
            const Extent e = extent_of(g, region);
            if (!e.full || e.left == e.right || e.bottom == e.top)
                r.fail(n, "diagram.diagonals: region '" + g.region_names[std::size_t(region)] +
                              "' is not a rectangle of at least two files and two ranks");
            g.diagram_diagonals.push_back(region);
        }
    }
}

}  // namespace arbiter::core
